"""The library face of ``wino eval lm``: :func:`score` and :func:`evaluate` take a model by name, path or
as loaded, with the CLI's options, and never print. The CLI is a thin layer over :func:`evaluate`."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from wino_toolkit.errors import FormatError, ParameterError
from wino_toolkit.schema import Item

from wino_toolkit import launch
from wino_toolkit.fingerprint import items_checksum
from .results import Results, evaluate_scores
from .score import Scores
from .score import score as score_loaded

__all__ = ["score", "evaluate", "items_checksum", "files_checksum", "read_subsets"]


def files_checksum(paths: Iterable[str | os.PathLike]) -> str:
    """A short hash of the files' bytes, in order: the ``data`` a command's signature names."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:8]


def read_subsets(path: str | os.PathLike) -> dict[str, str]:
    """``{item id: subset label}`` from a JSON object (e.g. Trichelair et al.'s associative WSC273 items), for
    :func:`evaluate`'s ``subsets``."""
    try:
        labels = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise FormatError(str(path), None, f"cannot read subset labels: {exc}") from None
    if not isinstance(labels, dict) or not all(isinstance(v, str) for v in labels.values()):
        raise FormatError(str(path), None, 'expected a JSON object of item id → label, e.g. {"wsc273-0": "associative"}')
    return labels


def _loaded(model: Any, tokenizer: Any, method: str, device: str, dtype: str,
            placement: Mapping[str, Any] | None = None) -> tuple[Any, Any, str, str]:
    """``(model, tokenizer, dtype name, identity)``: ``model`` loaded by name or path unless it already is a model;
    ``placement`` (``device_map``, ``quantize``, ``peft``: see :func:`.models.load_lm`) is part of the identity."""
    from .models import load_lm, loading_identity, model_identity

    placement = {k: v for k, v in (placement or {}).items() if v is not None}
    backend = placement.pop("backend", "hf")
    tensor_parallel = placement.pop("tensor_parallel", None)
    if placement.get("device_map") and launch.launched():
        raise ParameterError("--device-map shards one model over every GPU; under torchrun or accelerate launch each process "
                        "holds its own copy: use one or the other")
    if backend == "vllm":
        if placement or launch.launched() or method == "mlm":
            raise ParameterError("the vllm backend runs one process over its GPUs (--tensor-parallel) and scores causal LMs: "
                            "not with --device-map, --load-in, --peft, --method mlm or a multi-process launch")
        if isinstance(model, str):
            from .vllm_backend import load_vllm

            engine, tok, dtype_name = load_vllm(model, dtype=dtype, tensor_parallel_size=tensor_parallel)
            return engine, tok, dtype_name, model_identity(model, engine) + "|backend:vllm"
    elif backend != "hf":
        raise ParameterError(f"backend {backend!r} is not hf or vllm")
    if isinstance(model, str):
        network, tok, dtype_name = load_lm(model, masked=method == "mlm", device=device, dtype=dtype, **placement)
        return network, tok, dtype_name, model_identity(model, network) + loading_identity(**placement)
    from .vllm_backend import is_vllm

    if is_vllm(model):  # a vLLM engine loaded by the caller: it carries its tokenizer, and its model's name or path
        model_config = getattr(getattr(model, "llm_engine", None), "model_config", None)
        name = getattr(model_config, "model", None)
        identity = model_identity(str(name), None) if name else type(model).__name__
        return model, tokenizer or model.get_tokenizer(), "auto", identity + "|backend:vllm"
    if tokenizer is None:
        raise TypeError("a loaded model needs its tokenizer: score(items, model=model, tokenizer=tokenizer)")
    name = getattr(model.config, "name_or_path", "") or type(model).__name__
    return model, tokenizer, str(next(model.parameters()).dtype).removeprefix("torch."), model_identity(name, model)


def score(items: Iterable[Item], *, model: Any, tokenizer: Any = None, method: str = "partial",
          normalization: str = "sum", batch_size: int | str = 16, device: str = "auto", dtype: str = "auto",
          device_map: str | None = None, quantize: str | None = None, peft: str | None = None,
          progress: Callable[[int, int], None] | None = None) -> Scores:
    """Every item's per-candidate scores by ``method`` (see :mod:`.score`); ``model`` is a hub name, a
    directory, or a loaded model with its ``tokenizer``; ``device_map``, ``quantize`` and ``peft`` load a
    model larger than one device, quantized, or with an adapter (:func:`.models.load_lm`)."""
    placement = {"device_map": device_map, "quantize": quantize, "peft": peft}
    network, tok, _, _ = _loaded(model, tokenizer, method, launch.device(device), dtype, placement)
    return score_loaded(items, model=network, tokenizer=tok, method=method, batch_size=batch_size,
                        normalization=normalization, progress=progress)


def evaluate(items: Iterable[Item], *, model: Any, tokenizer: Any = None, method: str = "partial",
             normalization: str = "sum", batch_size: int | str = 16, device: str = "auto", dtype: str = "auto",
             switched: bool = False, subsets: Mapping[str, str] | None = None, seed: int = 0, data: str | None = None,
             num_fewshot: int = 0, fewshot_from: Iterable[Item] | None = None, cache: str | None = None,
             device_map: str | None = None, quantize: str | None = None, peft: str | None = None,
             backend: str = "hf", tensor_parallel: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> Results:
    """The results table of ``model`` on ``items``: accuracy with a seeded bootstrap interval and twin
    accuracy per corpus and language, with the scores behind it in ``Results.scores``.

    ``switched`` also scores each item with its candidates' mentions exchanged (Trichelair et al.;
    items whose meta says ``is_switchable: false`` are left out) for the consistency column;
    ``subsets`` maps item ids to a label for one more row per label (the Portuguese WSC's own
    ``is_associative`` flags are used without it). ``data`` names the data in the signature (a
    checksum of the input files); by default it is a checksum of the items. ``num_fewshot`` shots
    (:mod:`.fewshot`: lm-eval's WinoGrande format, never from the item's own schema) are drawn with
    ``seed`` from ``fewshot_from`` (default: the items themselves). ``cache`` is a directory of stored
    request scores (:mod:`.cache`): what it holds for this model is not scored again. ``device_map``,
    ``quantize`` and ``peft`` are as for :func:`score`; the signature records them. ``backend="vllm"`` scores the
    same requests with vLLM (:mod:`.vllm_backend`) over ``tensor_parallel`` GPUs.
    """
    from wino_toolkit._version import __version__

    from .cache import RequestCache, model_key
    from .fewshot import FewShot
    from .score import shot_pool
    from .switched import switched as switch

    items = list(items)
    pool = items if fewshot_from is None else list(fewshot_from)
    shots = FewShot(shot_pool(pool, method), num_fewshot, seed) if num_fewshot else None
    placement = {"device_map": device_map, "quantize": quantize, "peft": peft, "backend": backend,
                 "tensor_parallel": tensor_parallel}
    network, tok, dtype_name, identity = _loaded(model, tokenizer, method, launch.device(device), dtype, placement)
    store = None
    if cache:  # a model loaded by the caller may have changed since it left its directory: its parameters name it
        loaded = None if isinstance(model, str) or not hasattr(network, "state_dict") else network
        store = RequestCache(cache, model_key(identity, dtype=dtype_name, kind="masked" if method == "mlm" else "causal",
                                              tokenizer=tok, loaded=loaded))
    try:
        scores = score_loaded(items, model=network, tokenizer=tok, method=method, batch_size=batch_size,
                              normalization=normalization, progress=progress, cache=store, fewshot=shots)
        flipped = None
        if switched:
            versions = [v for v in (switch(i) for i in items if i.meta.get("is_switchable", True)) if v is not None]
            flipped = score_loaded(versions, model=network, tokenizer=tok, method=method, batch_size=batch_size,
                                   normalization=normalization, cache=store, fewshot=shots)
    finally:
        if store is not None:
            store.close()
    for s in scores.items:
        s.subset = (subsets or {}).get(s.id, s.subset)
    fewshot = f"|fewshot:{num_fewshot}|fewshot-from:{items_checksum(pool)}|fewshot-seed:{seed}" if num_fewshot else ""
    signature = (f"eval|model:{identity}|method:{method}|norm:{normalization}|dtype:{dtype_name}"
                 f"|data:{data or items_checksum(items)}{fewshot}|v:{__version__}")
    results = evaluate_scores(scores, signature=signature, seed=seed, switched=flipped)
    results.shot_languages = {shot.id: shot.language for shot in pool} if num_fewshot else {}
    return results
