"""The vLLM backend of ``wino eval lm --backend vllm``: the same requests, scored from vLLM's prompt log-probabilities.

vLLM batches and pages memory for generation; asked for ``prompt_logprobs``, one pass over a prompt returns, at
every position after the first, the log-probability of the prompt's own token there (with the top-k, here 1). The
requests are tokenized exactly as the HF backend tokenizes them (:func:`.requests.encode_requests`: lm-eval's
``_encode_pair``) and sent as token ids, so both backends score the same tokens; a request's score is the sum over
its continuation's positions, as lm-eval's vLLM model sums them. Tensor parallelism (``tensor_parallel_size``)
splits the model over GPUs. vLLM is an extra (``pip install 'wino-toolkit[vllm]'``) and needs a CUDA GPU.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from wino_toolkit.errors import WinoError
from wino_toolkit.extras import require

from .requests import encode_requests

__all__ = ["load_vllm", "vllm_loglikelihoods", "is_vllm"]


def is_vllm(model: Any) -> bool:
    """Whether ``model`` is a vLLM engine (``vllm.LLM``) rather than a transformers model."""
    return type(model).__module__.split(".")[0] == "vllm"


def load_vllm(name: str, *, dtype: str = "auto", tensor_parallel_size: int | None = None, seed: int = 0) -> tuple[Any, Any, str]:
    """``(engine, tokenizer, dtype name)``: ``vllm.LLM`` for a hub name or directory, over ``tensor_parallel_size``
    GPUs (default: all of them)."""
    torch = require("torch", "neural", "Zero-shot scoring")
    if not torch.cuda.is_available():
        raise WinoError("the vllm backend needs a CUDA GPU, and none is present (use --backend hf)")
    vllm = require("vllm", "vllm", "The vllm backend")
    size = tensor_parallel_size or torch.cuda.device_count()
    try:
        engine = vllm.LLM(model=name, dtype=dtype, tensor_parallel_size=size, seed=seed)
    except (OSError, ValueError, RuntimeError) as exc:
        raise WinoError(f"cannot load {name!r} with vLLM: {' '.join(str(exc).split())[:300]}") from None
    model_config = getattr(engine.llm_engine, "model_config", None)
    return engine, engine.get_tokenizer(), str(getattr(model_config, "dtype", dtype)).removeprefix("torch.")


def vllm_loglikelihoods(engine: Any, tokenizer: Any, requests: Sequence[Any], *, batch_size: int | str = 16,
                        progress: Callable[[int, int], None] | None = None,
                        store: Callable[[list[int], list[tuple[float, int]]], None] | None = None) -> list[tuple[float, int]]:
    """``(Σ log P(continuation | context), continuation tokens)`` per request, from vLLM's prompt log-probabilities;
    ``batch_size`` requests go to the engine at a time (vLLM schedules within them), so progress and the cache see
    each batch as the HF backend's do."""
    vllm = require("vllm", "vllm", "The vllm backend")
    limit = getattr(getattr(engine.llm_engine, "model_config", None), "max_model_len", None)
    encoded = encode_requests(tokenizer, requests, limit - 1 if limit else None)
    params = vllm.SamplingParams(temperature=0.0, max_tokens=1, prompt_logprobs=1, detokenize=False)
    size = 256 if batch_size == "auto" else int(batch_size)
    out: list[tuple[float, int]] = []
    for start in range(0, len(encoded), size):
        chunk = encoded[start : start + size]
        outputs = engine.generate([{"prompt_token_ids": tokens} for tokens, _ in chunk], params, use_tqdm=False)
        found = [(_continuation_logprob(o.prompt_logprobs, tokens, n), n) for o, (tokens, n) in zip(outputs, chunk)]
        out += found
        if store is not None:
            store(list(range(start, start + len(chunk))), found)
        if progress is not None:
            progress(len(out), len(encoded))
    return out


def _continuation_logprob(prompt_logprobs: Sequence[Any], tokens: Sequence[int], n: int) -> float:
    """The sum of the prompt's own tokens' log-probabilities over its last ``n`` positions (entry 0 is None)."""
    total = 0.0
    for position in range(len(tokens) - n, len(tokens)):
        entry = prompt_logprobs[position]
        if entry is None or tokens[position] not in entry:
            raise WinoError(f"vLLM returned no log-probability for prompt token {position}")
        total += float(entry[tokens[position]].logprob)
    return total
