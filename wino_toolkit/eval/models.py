"""Loading a language model (causal, masked or NLI) for scoring: by hub name or local path, on the GPU when present, and its identity."""
from __future__ import annotations

from typing import Any

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.extras import require
from wino_toolkit.fingerprint import identify, model_identity
from wino_toolkit.hub import adapter_from_pretrained, check_adapter, from_pretrained

__all__ = ["load_lm", "load_nli", "model_identity", "loading_identity", "DTYPES", "DEVICE_MAPS", "QUANTIZATIONS", "MODEL_KINDS"]

DTYPES = ("auto", "float32", "bfloat16", "float16")
DEVICE_MAPS = ("auto", "balanced", "balanced_low_0", "sequential")  # accelerate's big-model placements
QUANTIZATIONS = ("8bit", "4bit")
MODEL_KINDS = {"masked": "masked LM", "causal": "causal LM", "nli": "NLI model"}  # how messages name each


def load_nli(name: str, *, device: str = "auto", dtype: str = "auto", **placement: Any) -> tuple[Any, Any, str]:
    """An NLI model: ``AutoModelForSequenceClassification`` by hub name or directory (``placement``: as for
    :func:`load_lm`)."""
    return load_lm(name, kind="nli", device=device, dtype=dtype, **placement)


def load_lm(name: str, *, masked: bool = False, kind: str | None = None, device: str = "auto",
            dtype: str = "auto", device_map: str | None = None, quantize: str | None = None,
            peft: str | None = None) -> tuple[Any, Any, str]:
    """``(model, tokenizer, dtype name)`` from ``AutoModelForCausalLM`` (``masked``: ``AutoModelForMaskedLM``;
    ``kind="nli"``: ``AutoModelForSequenceClassification``) ``.from_pretrained`` (hub name or directory).

    ``dtype="auto"`` is bfloat16 on a GPU that has it, float16 on another GPU, float32 on the CPU.
    A model larger than one device loads with ``device_map`` (accelerate's big-model loading: ``"auto"``
    fills the GPUs in turn, then the CPU), or quantized (``quantize="8bit"``/``"4bit"``, bitsandbytes, a
    CUDA GPU); ``peft`` is a PEFT adapter directory put on top of the model.
    """
    torch = require("torch", "neural", "Zero-shot scoring")
    transformers = require("transformers", "neural", "Zero-shot scoring")
    if dtype not in DTYPES:
        raise ParameterError(f"dtype {dtype!r} is not one of {', '.join(DTYPES)}")
    if device_map is not None and device_map not in DEVICE_MAPS:
        raise ParameterError(f"device map {device_map!r} is not one of {', '.join(DEVICE_MAPS)}")
    if quantize is not None:
        if quantize not in QUANTIZATIONS:
            raise ParameterError(f"quantization {quantize!r} is not one of {', '.join(QUANTIZATIONS)}")
        if not torch.cuda.is_available():
            raise WinoError(f"{quantize} loading (bitsandbytes) needs a CUDA GPU, and none is present")
        require("bitsandbytes", "quant", f"{quantize} loading")
    if peft is not None:
        require("peft", "peft", "PEFT adapters")  # before the model loads
        check_adapter(peft)
    where = ("cuda" if torch.cuda.is_available() else "cpu") if device == "auto" else device
    try:  # a device is a CPU whatever its index: "cpu:0" (a launcher's rank) picks what "cpu" picks
        device_type = torch.device(where).type
    except RuntimeError:
        raise WinoError(f"device {device!r} is not a torch device (cpu, cuda, cuda:1, mps)") from None
    if dtype == "auto":
        dtype = "float32" if device_type == "cpu" else "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
    kind = kind or ("masked" if masked else "causal")
    what = MODEL_KINDS[kind]
    tokenizer = from_pretrained(transformers.AutoTokenizer, name, what=what)
    auto = {"masked": transformers.AutoModelForMaskedLM, "causal": transformers.AutoModelForCausalLM,
            "nli": transformers.AutoModelForSequenceClassification}[kind]
    placed: dict[str, Any] = {}
    if quantize is not None:
        placed["quantization_config"] = transformers.BitsAndBytesConfig(load_in_8bit=quantize == "8bit",
                                                                        load_in_4bit=quantize == "4bit")
    if device_map is not None or quantize is not None:
        spelt = "dtype" if int(transformers.__version__.split(".")[0]) >= 5 else "torch_dtype"  # transformers 4 spells it so
        placed.update({"device_map": device_map or "auto", spelt: getattr(torch, dtype)})
    model = from_pretrained(auto, name, what=what, complete=True, **placed)  # a head initialised here would score noise
    if not placed:
        model = model.to(device=where, dtype=getattr(torch, dtype))
    if peft is not None:
        model = adapter_from_pretrained(model, peft)
    return model.eval(), tokenizer, dtype


def loading_identity(*, device_map: str | None = None, quantize: str | None = None, peft: str | None = None) -> str:
    """How the model was loaded, as the signature says it (empty for a plain load): sharding, quantization and
    the adapter named by its content (its config and weights: :func:`wino_toolkit.fingerprint.identify`)."""
    parts = [f"device-map:{device_map}"] if device_map else []
    if quantize:
        parts.append(f"quant:{quantize}")
    if peft:
        parts.append(f"peft:{identify(peft)}")
    return "".join(f"|{part}" for part in parts)


