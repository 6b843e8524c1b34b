"""AFLite's input: schema items as WinoGrande blank instances, embedded by a transformer encoder.

Every labeled item becomes one instance in WinoGrande's blank form (``_`` for the referring
expression, two options: a WinoGrande item's option1/option2 as the file gives them, the
candidates of other corpora in the order the text mentions them); its label is the index of the
right option in that order. The encoder reads one sequence per instance::

    {sentence} </s> {option1} </s> {option2}

(the tokenizer's own separator in place of ``</s>``). One sequence, not one per option, because
AFLite scores instances, not options: a single vector per instance is what Algorithm 1 filters,
and the fixed option order is what makes the label a position. The vector is the first token's
last hidden state (``pooling="cls"``) or the mean over the tokens (``"mean"``).

Embedding is resumable: with ``output_dir``, every chunk of ``chunk_size`` instances is saved as
``chunks/chunk-00003.npy`` when done, and a rerun with the same texts, model (a local one by the
content of its files) and settings reuses them; a chunk that cannot be read back as it was saved
(truncated, another shape or dtype) is computed again, with a note. WinoGrande's recipe, fine-tuning
the encoder on a random held-out subset first, is ``fine_tune=FineTuneConfig()``
(:mod:`wino_toolkit.aflite.finetune`).

>>> emb = embed(items, model="roberta-large", output_dir="work/")   # doctest: +SKIP
>>> emb.X.shape, emb.y[:4], emb.ids[:2]                              # doctest: +SKIP
((40398, 1024), array([1, 0, 0, 1]), ['wg-1', 'wg-2'])
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from wino_toolkit._version import __version__
from wino_toolkit import launch
from wino_toolkit.errors import FormatError, ParameterError, WinoError, WinoWarning
from wino_toolkit.extras import require
from wino_toolkit.fingerprint import identify
from wino_toolkit.hub import from_pretrained
from wino_toolkit.locks import locks_directory
from wino_toolkit.schema import Item

from .instances import Instances, instances
from .finetune import FineTuneConfig, FineTuneResult, fine_tune_encoder, split_for_fine_tuning

__all__ = ["Instances", "Embeddings", "instances", "encoder_text", "texts_sha256", "embed", "save_embeddings", "load_embeddings",
           "FineTuneConfig", "FineTuneResult", "POOLINGS", "TEMPLATE"]

POOLINGS = ("cls", "mean")
TEMPLATE = "{sentence} {sep} {option1} {sep} {option2}"
CHUNK_NAME = "chunk-{:05d}.npy"
Progress = Callable[[int, int], None]


def encoder_text(item: Item, sep: str) -> str:
    """The sequence the encoder reads for one blank-form instance (see :data:`TEMPLATE`)."""
    option1, option2 = (c.text for c in item.candidates)
    return TEMPLATE.format(sentence=item.text, sep=sep, option1=option1, option2=option2)


@dataclass
class Embeddings:
    """One vector per instance: ``X`` (N x d, float32), labels ``y``, ``ids`` in the same order, and
    ``meta``, everything that produced them (saved as the sidecar JSON).

    ``reused_chunks`` and ``started_over`` say what a resumable run found in its ``output_dir``.
    """

    ids: list[str]
    X: np.ndarray
    y: np.ndarray
    meta: dict[str, Any]
    reused_chunks: int = 0
    started_over: bool = False

    @property
    def signature(self) -> str:
        return self.meta["signature"]


@locks_directory("output_dir", what="embedding")
def embed(
    records: Iterable[Item] | Instances,
    *,
    model: str = "roberta-large",
    output_dir: str | os.PathLike | None = None,
    pooling: str = "cls",
    max_length: int = 256,
    batch_size: int = 32,
    chunk_size: int = 1024,
    device: str = "auto",
    dtype: str = "auto",
    seed: int = 0,
    fine_tune: FineTuneConfig | None = None,
    verbatim: bool = False,
    progress: Progress | None = None,
) -> Embeddings:
    """Embed every labeled item as an AFLite instance with a Hugging Face encoder.

    Parameters
    ----------
    records
        schema items (made into :func:`instances`) or :class:`Instances` already made.
    model
        a Hugging Face model name or a local directory (``AutoModel.from_pretrained``).
    output_dir
        work directory: finished chunks go to ``chunks/`` and a rerun with the same texts,
        model and settings reuses them; different settings discard them (``started_over`` and a
        warning say so). The result is saved there as ``embeddings.npy`` and ``embeddings.json``.
        One process at a time works there (:mod:`wino_toolkit.locks`).
    pooling
        ``"cls"`` (the first token's last hidden state) or ``"mean"`` (over real tokens).
    max_length
        tokens per instance; longer ones are truncated.
    batch_size
        instances per forward pass; batches hold instances of similar length (it only
        changes speed and float rounding, so it is not part of the resume fingerprint).
    chunk_size
        instances per saved chunk.
    device
        ``"auto"`` (cuda when available), ``"cpu"``, ``"cuda"`` or ``"cuda:1"``.
    dtype
        ``"auto"`` (bfloat16 on GPUs that support it, else float16 on cuda, float32 on cpu),
        or ``"float32"``, ``"bfloat16"``, ``"float16"``. The output is float32 either way.
    seed
        seeds the fine-tuning subset and training; recorded in any case.
    fine_tune
        WinoGrande's recipe: fine-tune the encoder as a multiple-choice model on a random
        subset first, embed the rest with it, and leave the subset out (``meta["fine_tune"]``).
    verbatim
        passed to :func:`instances`.
    progress
        called as ``progress(done, total)`` after each batch (instances, reused ones included).

    Returns
    -------
    Embeddings

    Examples
    --------
    >>> emb = embed(items, model="roberta-large", pooling="mean", output_dir="work")  # doctest: +SKIP
    >>> emb.meta["signature"]                                                          # doctest: +SKIP
    'embed|model:roberta-large@e2da8e2f|pool:mean|len:256|dtype:bfloat16|texts:3f9c2a1e|ft:none|seed:0|v:0.1.0'
    """
    if pooling not in POOLINGS:
        raise ParameterError(f"pooling {pooling!r} is not one of {', '.join(POOLINGS)}")
    for name, value in (("max_length", max_length), ("batch_size", batch_size), ("chunk_size", chunk_size)):
        if value < 1:
            raise ParameterError(f"{name} must be at least 1, not {value}")
    torch = require("torch", "neural", "AFLite embedding")
    transformers = require("transformers", "neural", "AFLite embedding")
    found = records if isinstance(records, Instances) else instances(records, verbatim=verbatim)
    if not found.items:
        from wino_toolkit.console import skip_summary

        raise WinoError(skip_summary((s.reason for s in found.skipped), "no item can be embedded: all {n} items were skipped",
                                     one_line=True))
    if fine_tune is not None and launch.launched():
        raise ParameterError("--finetune under torchrun or accelerate launch is not supported: fine-tune with one process")
    torch_device = _device(torch, launch.device(device))
    torch_dtype = _dtype(torch, dtype, torch_device)
    work = Path(output_dir) if output_dir is not None else None
    tuned: FineTuneResult | None = None
    tokenizer = from_pretrained(transformers.AutoTokenizer, model, what="encoder")
    if fine_tune is not None:
        tuned_part, found = split_for_fine_tuning(found, fine_tune, seed)
        tuned = fine_tune_encoder(model, tuned_part, fine_tune, seed=seed, device=torch_device,
                                  work_dir=None if work is None else work / "finetuned")
        encoder = tuned.encoder
    else:
        encoder = from_pretrained(transformers.AutoModel, model, what="encoder")
    encoder = encoder.to(device=torch_device, dtype=torch_dtype).eval()
    sep = tokenizer.sep_token or tokenizer.eos_token or "\n"  # decoder-only tokenizers have no separator
    texts = [encoder_text(item, sep) for item in found.items]
    config = from_pretrained(transformers.AutoConfig, model, what="encoder")  # the model's own, also when fine-tuned here
    settings = _settings(model, config, pooling, max_length, torch_dtype, torch_device, chunk_size, seed, texts, tuned)
    chunks = _Chunks(work / "chunks", settings) if work is not None else None
    X = _run(torch, encoder, tokenizer, texts, settings, batch_size, chunks, progress)
    meta = {**settings, "sep": sep, "ids": found.ids, "labels": found.y.tolist(),
            "skipped_count": len(found.skipped), "skipped": [dataclasses.asdict(s) for s in found.skipped],
            "signature": _signature(settings)}
    result = Embeddings(found.ids, X, found.y, meta)
    if chunks is not None:
        reused = launch.gather({launch.rank()[0]: chunks.reused})  # every process's, under torchrun
        result.reused_chunks, result.started_over = sum(reused.values()), chunks.started_over
        if launch.is_main():  # under torchrun / accelerate launch every process holds X; the main one writes it
            save_embeddings(result, work / "embeddings.npy")
        launch.barrier()
    return result


def _device(torch: Any, device: str) -> Any:
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    try:
        chosen = torch.device(device)
    except RuntimeError as exc:
        raise ParameterError(f"device {device!r}: {exc}") from None
    if chosen.type == "cuda" and not torch.cuda.is_available():
        raise WinoError(f"device {device!r}: torch sees no GPU here; use device='cpu' or 'auto'")
    return chosen


DTYPES = ("float32", "bfloat16", "float16")


def _dtype(torch: Any, dtype: str, device: Any) -> Any:
    if dtype == "auto":
        if device.type != "cuda":
            return torch.float32
        return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
    if dtype not in DTYPES:
        raise ParameterError(f"dtype {dtype!r} is not auto or one of {', '.join(DTYPES)}")
    return getattr(torch, dtype)


def texts_sha256(texts: Sequence[str]) -> str:
    """A digest of the encoder's inputs, in order (NUL cannot occur inside a text's meaning)."""
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode("utf-8") + b"\0")
    return digest.hexdigest()


def _settings(model: str, config: Any, pooling: str, max_length: int, dtype: Any, device: Any, chunk_size: int,
              seed: int, texts: Sequence[str], tuned: FineTuneResult | None) -> dict[str, Any]:
    """Everything that changes the vectors (the model by its files' content, :mod:`wino_toolkit.fingerprint`): the
    resume fingerprint and most of the sidecar."""
    local = Path(model).exists()
    return {
        "model": str(Path(model).resolve()) if local else model,
        # by content: new weights saved into the same directory make other vectors
        "model_identity": identify(model, getattr(config, "_commit_hash", None)),
        "model_config": {"_name_or_path": config._name_or_path, "model_type": config.model_type,
                         "hidden_size": config.hidden_size},
        "pooling": pooling,
        "max_length": max_length,
        "dtype": str(dtype).removeprefix("torch."),
        "device": device.type,
        "chunk_size": chunk_size,
        "template": TEMPLATE,
        "texts_sha256": texts_sha256(texts),
        "seed": seed,
        "fine_tune": None if tuned is None else tuned.to_dict(),
        "version": __version__,
    }


def _signature(settings: dict[str, Any]) -> str:
    tuned = settings["fine_tune"]
    ft = "none" if tuned is None else f"{len(tuned['train_ids'])}+{len(tuned['val_ids'])}"
    return (f"embed|model:{settings['model_identity']}|pool:{settings['pooling']}|len:{settings['max_length']}"
            f"|dtype:{settings['dtype']}|texts:{settings['texts_sha256'][:8]}|ft:{ft}|seed:{settings['seed']}"
            f"|v:{settings['version']}")


class _Chunks:
    """Saved chunks of one run; a fingerprint of its settings decides whether a rerun may reuse them."""

    def __init__(self, folder: Path, settings: dict[str, Any]) -> None:
        self.folder = folder
        self.fingerprint = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        self.width = settings["model_config"]["hidden_size"]  # the encoder's, as each vector's
        self.reused = 0
        stamp = folder / "fingerprint.txt"
        old = stamp.read_text(encoding="ascii", errors="replace").strip() if stamp.exists() else None
        self.started_over = old is not None and old != self.fingerprint
        if launch.is_main():  # one process clears stale chunks, before any process saves a new one
            if self.started_over:
                for path in folder.glob("chunk-*.npy"):
                    path.unlink()
                warnings.warn(f"{folder}: saved chunks were made from other inputs, model or settings; starting over",
                              WinoWarning, stacklevel=3)
            folder.mkdir(parents=True, exist_ok=True)
            stamp.write_text(self.fingerprint + "\n")
        launch.barrier()

    def load(self, k: int, rows: int) -> np.ndarray | None:
        """Chunk ``k``'s saved vectors, or None to compute them: not saved yet, or damaged (a note names it)."""
        path = self.folder / CHUNK_NAME.format(k)
        if not path.exists():
            return None
        expected = (rows, self.width)
        try:
            with open(path, "rb") as fh:
                numpy_file = fh.read(len(NPY_MAGIC)) == NPY_MAGIC
            X = np.load(path, allow_pickle=False) if numpy_file else None
        except (OSError, ValueError, EOFError) as exc:  # truncated, pickled objects
            problem = f"cannot be read: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
        else:
            if X is None:
                problem = "not a NumPy .npy file"
            elif X.dtype == np.float32 and X.shape == expected:
                self.reused += 1
                return X
            else:
                problem = f"holds a {X.dtype} array of shape {X.shape}, not float32 {expected}"
        warnings.warn(f"{path}: damaged chunk ({problem}); computing it again", WinoWarning, stacklevel=2)
        return None

    def save(self, k: int, X: np.ndarray) -> None:
        _save_npy(self.folder / CHUNK_NAME.format(k), X)


def _save_npy(path: Path, X: np.ndarray) -> None:
    """Write then rename, so an interrupted run never leaves a truncated array to be reused."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        np.save(fh, X)
    os.replace(tmp, path)


def _run(torch: Any, encoder: Any, tokenizer: Any, texts: list[str], settings: dict[str, Any], batch_size: int,
         chunks: _Chunks | None, progress: Progress | None) -> np.ndarray:
    """Embed ``texts`` longest first (so a batch too big for memory fails at once, and batches pad
    little); chunks are slices of that order, and the rows return to the input order at the end.

    A chunk is saved before progress is reported for its last batch, so a callback that raises
    (Ctrl-C in the CLI) never loses a finished chunk."""
    max_length, pooling, chunk_size = settings["max_length"], settings["pooling"], settings["chunk_size"]
    lengths = [len(ids) for ids in tokenizer(texts, truncation=True, max_length=max_length)["input_ids"]]
    order = sorted(range(len(texts)), key=lambda i: (-lengths[i], i))
    total, done, parts = len(texts), 0, {}
    report = progress if progress is not None else (lambda done, total: None)
    me, processes = launch.rank()  # under torchrun / accelerate launch, every processes-th chunk is this one's
    if processes > 1:
        scale, report = report, (lambda done, total: scale(min(total, done * processes), total))
    for k, start in enumerate(range(0, total, chunk_size)):
        if k % processes != me:
            continue
        positions = order[start : start + chunk_size]
        vectors = chunks.load(k, len(positions)) if chunks is not None else None
        if vectors is None:
            batches = []
            for b in range(0, len(positions), batch_size):
                if batches:
                    report(done, total)
                batch = [texts[i] for i in positions[b : b + batch_size]]
                batches.append(_forward(torch, encoder, tokenizer, batch, max_length, pooling))
                done += len(batch)
            vectors = np.concatenate(batches)
            if chunks is not None:
                chunks.save(k, vectors)
        else:
            done += len(positions)
        report(done, total)
        parts[k] = vectors
    parts = launch.gather(parts)
    X = np.empty((total, parts[0].shape[1]), dtype=np.float32)
    X[order] = np.concatenate([parts[k] for k in sorted(parts)])
    return X


def _forward(torch: Any, encoder: Any, tokenizer: Any, batch: list[str], max_length: int, pooling: str) -> np.ndarray:
    device = next(encoder.parameters()).device
    inputs = tokenizer(batch, truncation=True, max_length=max_length, padding=True, return_tensors="pt").to(device)
    with torch.inference_mode():
        hidden = encoder(input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"]).last_hidden_state
        if pooling == "cls":
            pooled = hidden[:, 0]
        else:
            mask = inputs["attention_mask"].unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1)
    return pooled.float().cpu().numpy()


def save_embeddings(embeddings: Embeddings, path: str | os.PathLike) -> Path:
    """Save ``X`` as ``path`` (``.npy``, float32) and ``meta`` beside it as ``.json``; return the JSON path.

    Examples
    --------
    >>> save_embeddings(emb, "wg.npy"); load_embeddings("wg.npy").X.shape   # doctest: +SKIP
    (40398, 1024)
    """
    path = Path(path)
    sidecar = path.with_suffix(".json")
    meta = {**embeddings.meta, "ids": list(embeddings.ids), "labels": np.asarray(embeddings.y).tolist()}
    _save_npy(path, np.asarray(embeddings.X, dtype=np.float32))
    tmp = sidecar.with_name(sidecar.name + ".tmp")
    tmp.write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, sidecar)
    return sidecar


def load_embeddings(path: str | os.PathLike) -> Embeddings:
    """Read what :func:`save_embeddings` wrote; the ids, labels and rows must agree in number.

    Examples
    --------
    >>> emb = load_embeddings("work/embeddings.npy")   # doctest: +SKIP
    >>> emb.meta["model_config"]["hidden_size"]        # doctest: +SKIP
    1024
    """
    path = Path(path)
    sidecar = path.with_suffix(".json")
    X = _read_vectors(path)
    try:
        meta = json.loads(sidecar.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FormatError(sidecar, None, f"no such file: {path.name} needs the {sidecar.name} written beside it "
                          "(ids, labels and settings)") from None
    except (OSError, ValueError) as exc:
        raise FormatError(sidecar, None, f"cannot read the embeddings' sidecar JSON: {exc}") from None
    if not isinstance(meta, dict):
        raise FormatError(sidecar, None, f"expected a JSON object (ids, labels, settings), found {type(meta).__name__}")
    ids, labels = meta.get("ids"), meta.get("labels")
    if not isinstance(ids, list) or not isinstance(labels, list) or not len(ids) == len(labels) == len(X):
        raise FormatError(sidecar, None, f"expected {len(X)} ids and labels for a 2-D array of {len(X)} rows")
    return Embeddings(ids, X, np.array(labels, dtype=np.int64), meta)


NPY_MAGIC = b"\x93NUMPY"
EXPECTED = "expected embeddings.npy as `wino aflite embed` writes it (float32, a row per instance)"


def _read_vectors(path: Path) -> np.ndarray:
    """The 2-D float array of an embeddings file; anything else is one line saying what was expected."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(NPY_MAGIC))
    except FileNotFoundError:
        raise FormatError(path, None, "no such file") from None
    except OSError as exc:
        raise FormatError(path, None, f"cannot read embeddings: {exc.strerror or exc}") from None
    if head != NPY_MAGIC:
        raise FormatError(path, None, f"not a NumPy .npy file; {EXPECTED}")
    try:
        X = np.load(path, allow_pickle=False)
    except ValueError as exc:  # pickled objects, a truncated file
        reason = "it holds Python objects, not numbers" if "pickle" in str(exc) else str(exc).splitlines()[0]
        raise FormatError(path, None, f"cannot read embeddings: {reason}; {EXPECTED}") from None
    if X.ndim != 2 or not np.issubdtype(X.dtype, np.floating):
        raise FormatError(path, None, f"holds a {X.ndim}-D array of {X.dtype}; {EXPECTED}")
    return X
