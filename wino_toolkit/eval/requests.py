"""What a language model is asked: one string pair to score (:class:`Request`), and its tokens as lm-eval makes
them. Every backend (the Hugging Face scorer in :mod:`.score`, vLLM in :mod:`.vllm_backend`) and the cache key
on these, so they sit below all of them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from wino_toolkit.errors import WinoError

__all__ = ["Request", "encode_requests"]


@dataclass(frozen=True)
class Request:
    """One string pair to score: ``continuation`` given ``context``.

    For the ``mlm`` method, ``context`` is the filled sentence and ``span`` the candidate's characters
    in it (``continuation`` is that text): the tokens there are masked and scored.
    """

    context: str
    continuation: str
    span: tuple[int, int] | None = None


def encode_requests(tokenizer: Any, requests: Sequence[Request], limit: int | None) -> list[tuple[list[int], int]]:
    """``(tokens, n)`` per request: context and continuation tokens as lm-eval's ``_encode_pair`` makes them, the
    last ``n`` being the continuation's; cut on the left to the model's window of ``limit`` positions."""
    encoded = []
    for r in requests:
        text, rest = r.context, r.continuation
        trailing = len(text) - len(text.rstrip(" "))
        if trailing:  # lm-eval moves a context's trailing spaces to the continuation
            text, rest = text[:-trailing], text[-trailing:] + rest
        context = tokenizer.encode(text, add_special_tokens=False)
        continuation = tokenizer.encode(text + rest, add_special_tokens=False)[len(context) :]
        if not context:  # nothing to condition the first token on: start from BOS, as lm-eval does
            start = tokenizer.bos_token_id if tokenizer.bos_token_id is not None else tokenizer.eos_token_id
            context = [start]
        if not continuation:
            raise WinoError(f"nothing to score after {r.context!r}: the continuation is empty")
        encoded.append(((context + continuation)[-(limit + 1):] if limit else context + continuation, len(continuation)))
        if limit and len(continuation) > limit:
            raise WinoError(f"the continuation {r.continuation[:40]!r}... is longer than the model's {limit} positions")
    return encoded
