"""Loading a language model (causal, masked or NLI) for scoring: by hub name or local path, on the GPU when present, and its identity."""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from wino_toolkit.errors import WinoError
from wino_toolkit.extras import require
from wino_toolkit.hub import from_pretrained

__all__ = ["load_lm", "load_nli", "model_identity", "DTYPES", "MODEL_KINDS"]

DTYPES = ("auto", "float32", "bfloat16", "float16")
MODEL_KINDS = {"masked": "masked LM", "causal": "causal LM", "nli": "NLI model"}  # how messages name each


def load_nli(name: str, *, device: str = "auto", dtype: str = "auto") -> tuple[Any, Any, str]:
    """An NLI model: ``AutoModelForSequenceClassification`` by hub name or directory."""
    return load_lm(name, kind="nli", device=device, dtype=dtype)


def load_lm(name: str, *, masked: bool = False, kind: str | None = None, device: str = "auto",
            dtype: str = "auto") -> tuple[Any, Any, str]:
    """``(model, tokenizer, dtype name)`` from ``AutoModelForCausalLM`` (``masked``: ``AutoModelForMaskedLM``;
    ``kind="nli"``: ``AutoModelForSequenceClassification``) ``.from_pretrained`` (hub name or directory).

    ``dtype="auto"`` is bfloat16 on a GPU that has it, float16 on another GPU, float32 on the CPU.
    """
    torch = require("torch", "neural", "Zero-shot scoring")
    transformers = require("transformers", "neural", "Zero-shot scoring")
    if dtype not in DTYPES:
        raise WinoError(f"dtype {dtype!r} is not one of {', '.join(DTYPES)}")
    where = ("cuda" if torch.cuda.is_available() else "cpu") if device == "auto" else device
    if dtype == "auto":
        dtype = "float32" if where == "cpu" else "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
    kind = kind or ("masked" if masked else "causal")
    what = MODEL_KINDS[kind]
    tokenizer = from_pretrained(transformers.AutoTokenizer, name, what=what)
    auto = {"masked": transformers.AutoModelForMaskedLM, "causal": transformers.AutoModelForCausalLM,
            "nli": transformers.AutoModelForSequenceClassification}[kind]
    model = from_pretrained(auto, name, what=what, complete=True)  # a head initialised here would score noise
    return model.to(device=where, dtype=getattr(torch, dtype)).eval(), tokenizer, dtype


def model_identity(name: str, model: Any) -> str:
    """The model as a signature names it: a hub name with its revision, or a local path with a hash of its config."""
    path = Path(name)
    if path.is_dir():
        config = path / "config.json"
        digest = hashlib.sha256(config.read_bytes()).hexdigest()[:8] if config.is_file() else "noconfig"
        return f"{path.name}#{digest}"
    revision = getattr(model.config, "_commit_hash", None)
    return f"{name}@{revision[:8]}" if revision else name
