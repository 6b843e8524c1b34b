"""Every Hugging Face model and tokenizer the toolkit loads: checked first, loaded quietly, refused in one line.

huggingface_hub meets an unreachable hub with a minute of retries and transformers then gives a reason
cut after its first line; a path that is not a directory fails as a malformed hub name. So
:func:`resolve_model` looks first: a path must be a directory holding a model, and a hub name must be
in the local cache or downloadable, which one short connection attempt tells. :func:`from_pretrained`
loads through it, with transformers' own output (LOAD REPORT tables, "Loading weights" bars, hub
warnings) hidden unless :func:`library_output` shows it (the CLI's ``--verbose``).
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import socket
import threading
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit
from urllib.request import getproxies, proxy_bypass

from .errors import WinoError, WinoWarning
from .extras import require

__all__ = ["ModelSource", "resolve_model", "from_pretrained", "check_adapter", "adapter_from_pretrained", "library_output"]

PROBE_SECONDS = 3.0
VERDICT_SECONDS = 60.0  # one command's loads share a probe; a later one (a notebook cell) probes again
_VERDICTS: dict[str, tuple[float, str | None]] = {}
# what a model directory holds, by part: the file patterns of each (any one will do) and how a message names them
PARTS = {
    "config": (("config.json",), "no config.json"),
    "weights": (("*.safetensors", "pytorch_model*.bin", "*.safetensors.index.json"),
                "no weights (model.safetensors, pytorch_model.bin or a sharded index)"),
    "tokenizer": (("tokenizer.json", "tokenizer_config.json", "vocab.json", "vocab.txt", "*.model", "*.tiktoken"),
                  "no tokenizer (tokenizer.json, tokenizer_config.json, vocab.json, vocab.txt or a sentencepiece .model)"),
}
MODEL_PARTS = ("config", "weights", "tokenizer")
#: the weight files ``peft.PeftModel.from_pretrained`` reads from an adapter directory, either will do
ADAPTER_WEIGHTS = ("adapter_model.safetensors", "adapter_model.bin")
_SHOWN = contextvars.ContextVar("wino_library_output", default=False)


@dataclass(frozen=True)
class ModelSource:
    """Where a model comes from: ``path`` is what ``from_pretrained`` reads (a directory, or the hub name),
    ``local_only`` that it reads no network (a directory, ``HF_HUB_OFFLINE``, or a cached model while the
    hub cannot be reached)."""

    name: str
    path: str
    local_only: bool


def resolve_model(name: str | os.PathLike, *, what: str = "model", needs: tuple[str, ...] = MODEL_PARTS) -> ModelSource:
    """Where ``name`` loads from, or a :class:`WinoError` saying in one line why it cannot load.

    A name that looks like a path (``./x``, ``/x``, ``~/x``, ``a/b/c``) or exists is a directory that must
    hold the ``needs`` (:data:`PARTS`); anything else is a hub name. ``what`` names the model in messages
    ("causal LM").
    """
    name = str(name)
    if _is_path(name):
        return ModelSource(name, _directory(name, what, needs), True)
    require("huggingface_hub", "neural", "Loading models")
    from huggingface_hub import constants, try_to_load_from_cache
    from huggingface_hub.utils import validate_repo_id

    try:
        validate_repo_id(name)
    except ValueError as exc:
        raise WinoError(f"cannot load {what} {name!r}: no such directory, and not a hub name ({_one_line(exc)})") from None
    cached = isinstance(try_to_load_from_cache(name, "config.json"), str)
    where = f"cannot load {what} {name!r}: not a local directory, and"
    if constants.HF_HUB_OFFLINE:
        if cached:
            return ModelSource(name, name, True)
        raise WinoError(f"{where} not in the Hugging Face cache (HF_HUB_OFFLINE is set: nothing is downloaded); "
                        "give a local model directory, or download it once where the hub can be reached")
    endpoint = constants.ENDPOINT
    why = _unreachable(endpoint)
    if why is None:
        if not cached and not _on_hub(name, endpoint):
            raise WinoError(f"{where} the hub ({endpoint}) has no model of that name (a typo? a private model needs "
                            "hf auth login)")
        return ModelSource(name, name, False)
    if cached:
        return ModelSource(name, name, True)
    raise WinoError(f"{where} it could not be downloaded ({endpoint} cannot be reached: {why}) nor found in the "
                    "Hugging Face cache; give a local model directory, or download it once where the hub can be reached "
                    "and run with HF_HUB_OFFLINE=1")


def from_pretrained(auto: Any, name: str | os.PathLike, *, what: str = "model", complete: bool = False,
                    **kwargs: Any) -> Any:
    """``auto.from_pretrained(name, **kwargs)`` (a transformers Auto class: model, tokenizer or config) after
    :func:`resolve_model`, its own output hidden unless :func:`library_output` shows it; a failure is a
    :class:`WinoError` with transformers' whole reason on one line.

    ``complete`` (for a model that is used as it loads, e.g. to score): refuse it when the checkpoint lacks
    weights the class needs (a sentence encoder loaded as a causal LM gets a randomly initialised head
    and would score noise), naming them. Fine-tuning, which adds a new head on purpose, leaves it off."""
    kind = getattr(auto, "__name__", "")
    needs = ("tokenizer",) if "Tokenizer" in kind else ("config",) if "Config" in kind else ("config", "weights")
    source = resolve_model(name, what=what, needs=needs)
    with _quiet(), _offline(source.local_only and not Path(source.path).is_dir()):
        try:
            loaded = auto.from_pretrained(source.path, local_files_only=source.local_only,
                                          **({"output_loading_info": True} if complete else {}), **kwargs)
        except (OSError, ValueError) as exc:
            raise WinoError(f"cannot load {what} {source.name!r}: {_one_line(exc)}") from None
    if not complete:
        return loaded
    model, info = loaded
    missing = sorted(info.get("missing_keys", ())) + sorted(  # mismatched: (key, saved shape, new shape)
        entry[0] if isinstance(entry, tuple) else entry for entry in info.get("mismatched_keys", ()))
    if missing:
        saved = getattr(model.config, "architectures", None) or ["a model without that head"]
        shown = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
        raise WinoError(f"cannot use {what} {source.name!r}: its checkpoint ({', '.join(saved)}) has no weights for {shown}, "
                        f"which {type(model).__name__} would initialise at random (its results would be noise); give a "
                        "checkpoint that has them")
    return model


@contextlib.contextmanager
def library_output(shown: bool = True) -> Iterator[None]:
    """Within it, model loads show (``shown``) or hide transformers' and huggingface_hub's own output."""
    token = _SHOWN.set(shown)
    try:
        yield
    finally:
        _SHOWN.reset(token)


@contextlib.contextmanager
def _offline(on: bool) -> Iterator[None]:
    """No network while loading a cached hub model the hub cannot serve: ``local_files_only`` does not reach every
    lookup (with peft installed, transformers asks the hub for an adapter_config.json, retrying for 25 s)."""
    if not on:
        yield
        return
    from huggingface_hub import constants

    before_env, before = os.environ.get("HF_HUB_OFFLINE"), constants.HF_HUB_OFFLINE
    os.environ["HF_HUB_OFFLINE"], constants.HF_HUB_OFFLINE = "1", True
    try:
        yield
    finally:
        constants.HF_HUB_OFFLINE = before
        if before_env is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = before_env


def check_adapter(path: str | os.PathLike) -> Path:
    """The PEFT adapter directory ``path``, or a :class:`WinoError` saying in one line what it lacks: its
    adapter_config.json, or its weights. Callers check before any work: peft, finding no weights on disk,
    looks for them on the hub instead (a traceback offline), and only once the model has loaded."""
    directory = Path(path).expanduser()
    if not (directory / "adapter_config.json").is_file():
        raise WinoError(f"{path}: not a PEFT adapter directory (no adapter_config.json)")
    if not any((directory / name).is_file() for name in ADAPTER_WEIGHTS):
        raise WinoError(f"{path}: the PEFT adapter's weights are missing: its adapter_config.json has no "
                        f"{' or '.join(ADAPTER_WEIGHTS)} beside it")
    return directory


def adapter_from_pretrained(model: Any, path: str | os.PathLike) -> Any:
    """``model`` with the PEFT adapter in directory ``path`` on it (``peft.PeftModel.from_pretrained``), quiet
    like every load here; a directory without an adapter or its weights (:func:`check_adapter`), or an adapter
    that does not fit the model, is one line."""
    peft = require("peft", "peft", "PEFT adapters")
    directory = check_adapter(path)
    with _quiet():
        try:
            return peft.PeftModel.from_pretrained(model, str(directory))
        except (OSError, ValueError, RuntimeError) as exc:
            raise WinoError(f"cannot load the PEFT adapter {str(path)!r}: {_one_line(exc)}") from None


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """transformers and huggingface_hub at error level and without progress bars, and the libraries' Python
    warnings (transformers' and peft's FutureWarnings and UserWarnings about their own internals) hidden, all
    restored after; the toolkit's own notes (:class:`WinoWarning`) still pass."""
    if _SHOWN.get():
        yield
        return
    from huggingface_hub import utils as hub_utils
    from transformers.utils import logging as tf_logging

    levels = tf_logging.get_verbosity(), hub_utils.logging.get_verbosity()
    bars = tf_logging.is_progress_bar_enabled(), hub_utils.are_progress_bars_disabled()
    tf_logging.set_verbosity_error()
    hub_utils.logging.set_verbosity_error()
    tf_logging.disable_progress_bar()  # the hub's bars too
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            warnings.simplefilter("default", WinoWarning)
            yield
    finally:
        tf_logging.set_verbosity(levels[0])
        hub_utils.logging.set_verbosity(levels[1])
        if bars[0]:
            tf_logging.enable_progress_bar()
        if bars[1]:
            hub_utils.disable_progress_bars()


def _is_path(name: str) -> bool:
    """Hub names are ``name`` or ``owner/name``; anything else that looks like a path, or exists, is one."""
    return (name.startswith((".", "/", "~")) or name.count("/") > 1 or (os.sep != "/" and os.sep in name)
            or Path(name).exists())


def _directory(name: str, what: str, needs: tuple[str, ...]) -> str:
    path = Path(name).expanduser()
    if not path.exists():
        raise WinoError(f"cannot load {what} {name!r}: model directory {name} does not exist")
    if not path.is_dir():
        raise WinoError(f"cannot load {what} {name!r}: {name} is a file, not a model directory")
    missing = [message for part in needs for patterns, message in [PARTS[part]]
               if not any(next(path.glob(pattern), None) for pattern in patterns)]
    if missing:
        raise WinoError(f"cannot load {what} {name!r}: {name} is not a model directory: " + "; ".join(missing))
    return str(path)


def _unreachable(endpoint: str) -> str | None:
    """Why ``endpoint`` cannot be reached, or None; the verdict of a probe less than a minute old."""
    seen = _VERDICTS.get(endpoint)
    if seen is None or time.monotonic() - seen[0] >= VERDICT_SECONDS:
        seen = _VERDICTS[endpoint] = time.monotonic(), _probe(endpoint)
    return seen[1]


def _probe(endpoint: str) -> str | None:
    """Why ``endpoint`` (or the proxy the environment names for it) cannot be reached, or None: one connection
    attempt of a few seconds, name lookup included, instead of huggingface_hub's minute of retries."""
    url = urlsplit(endpoint)
    host, port = url.hostname or "", url.port or (443 if url.scheme == "https" else 80)
    proxy = getproxies().get(url.scheme)
    if proxy and not proxy_bypass(host):
        via = urlsplit(proxy if "://" in proxy else f"http://{proxy}")
        host, port = via.hostname or "", via.port or (443 if via.scheme == "https" else 80)
    outcome: list[str | None] = []

    def attempt() -> None:
        try:
            socket.create_connection((host, port), timeout=PROBE_SECONDS).close()
            outcome.append(None)
        except OSError as exc:
            outcome.append(str(exc) or type(exc).__name__)

    thread = threading.Thread(target=attempt, daemon=True)  # a stuck name lookup has no timeout of its own
    thread.start()
    thread.join(PROBE_SECONDS + 0.5)
    return outcome[0] if outcome else f"no answer in {PROBE_SECONDS:g} s"


def _on_hub(name: str, endpoint: str) -> bool:
    """False only when the hub says it has no repository ``name`` (a gated one exists: from_pretrained says
    what access it needs; a flaky answer is from_pretrained's to retry and report)."""
    from huggingface_hub import HfApi
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError

    try:
        HfApi(endpoint=endpoint).repo_info(name, timeout=10)
    except RepositoryNotFoundError as exc:
        return isinstance(exc, GatedRepoError)
    except Exception:  # any other failure of the check leaves the verdict to from_pretrained
        pass
    return True


def _one_line(exc: BaseException) -> str:
    """The whole message, its lines joined: transformers' reasons go on after their first line."""
    return " ".join(str(exc).split()) or type(exc).__name__
