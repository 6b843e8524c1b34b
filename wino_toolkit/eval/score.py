"""Zero-shot scoring of schema items with a causal language model: the ``partial`` and ``full`` methods, batched.

``partial`` (Trinh & Le 2018; lm-eval's WinoGrande definition): the sentence up to the referring
expression is filled with each candidate and the log-likelihood of the shared continuation is
scored; the candidate whose continuation is likelier wins::

    context_i    = filled_i[:cut_i]                 (up to the end of the candidate's word)
    continuation = filled_i[cut_i:]                 (one leading space where the text has one)
    score_i      = Σ log P(continuation tokens | context_i)

The filled sentences come from the disambiguated form, so a candidate reads as it should where it
lands ("because the wolf", not "because The wolf"), and the strings scored are that sentence as a
reader reads it: a possessive ending the form attached stays with its word and punctuation with the
text before it (context "...onto the man's", continuation " shoulders."; "...the older students" +
"."), as lm-eval's own WSC273 task writes them. ``full`` scores each filled sentence whole,
``Σ log P(sentence_i | start token)``: possessives and agreement are right because the form made them.
``mlm`` (masked LMs, Kocijan et al. 2019) masks the candidate's tokens in its filled sentence, all at
once, and sums their log-probabilities.

Tokenization follows lm-eval's ``_encode_pair``: trailing spaces of the context move to the
continuation, and the continuation's tokens are those of ``context + continuation`` after the
context's own tokens. Requests go
through the model in padded batches sorted by length (longest first), which changes no number:
each row sees only its own tokens (right padding, causal attention).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.extras import require
from wino_toolkit.forms import Disambiguated, FormReport, Skipped, disambiguated
from wino_toolkit.schema import Item

from wino_toolkit import launch

from .requests import Request, encode_requests

__all__ = ["Request", "ItemScore", "Scores", "partial_requests", "full_requests", "mlm_requests", "requests_for", "loglikelihoods",
           "masked_loglikelihoods", "score", "shot_pool",
           "NO_SPACE_LANGUAGES", "NORMALIZATIONS", "METHODS"]

#: languages written without spaces between words: the continuation gets no leading space
NO_SPACE_LANGUAGES = ("zh", "ja")
#: what stays with the candidate's word in a spaced language: the possessive ending (or a contraction) the
#: disambiguated form wrote onto it ("the man" + "'s", "the demonstrators" + "'")
ATTACHED = re.compile(r"(?:['’]\w*)*")
#: scoring methods: the shared continuation after each candidate, the whole sentence with it (causal
#: LMs), or the candidate's own tokens masked in the sentence (masked LMs)
METHODS = ("partial", "full", "mlm")
#: how a candidate's log-likelihood is compared: the sum, per scored token, or per UTF-8 byte of the continuation
NORMALIZATIONS = ("sum", "token", "byte")


@dataclass
class ItemScore:
    """An item's per-option scores, with the exact strings scored (for auditing)."""

    id: str
    corpus: str
    language: str
    requests: list[Request]
    scores: list[float]  # Σ log P, not normalized
    tokens: list[int]
    gold: int | None
    twin: str | None = None
    normalization: str = "sum"
    subset: str | None = None  # e.g. "associative" / "non-associative" (Trichelair et al.), for a breakdown
    fewshot_ids: list[str] | None = None  # the shots put before each context (few-shot scoring), by id

    def normalized(self) -> list[float]:
        if self.normalization == "token":
            return [s / max(n, 1) for s, n in zip(self.scores, self.tokens)]
        if self.normalization == "byte":
            return [s / max(len(r.continuation.encode("utf-8")), 1) for s, r in zip(self.scores, self.requests)]
        return list(self.scores)

    @property
    def prediction(self) -> int:
        values = self.normalized()
        return max(range(len(values)), key=values.__getitem__)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "corpus": self.corpus, "language": self.language, "twin": self.twin, "subset": self.subset,
                "scores": self.scores,
                "tokens": self.tokens, "normalization": self.normalization, "prediction": self.prediction, "gold": self.gold,
                "scored": [{"context": r.context, "continuation": r.continuation, **({"span": list(r.span)} if r.span else {})}
                           for r in self.requests], **({"fewshot_ids": self.fewshot_ids} if self.fewshot_ids is not None else {})}


@dataclass
class Scores:
    """Every scored item, and the items the method could not score with the reason."""

    items: list[ItemScore]
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        labeled = [s for s in self.items if s.gold is not None]
        return sum(s.prediction == s.gold for s in labeled) / len(labeled) if labeled else float("nan")


def _no_space(language: str) -> bool:
    return language.split("-")[0].lower() in NO_SPACE_LANGUAGES


def partial_requests(item: Item, versions: Sequence[Disambiguated]) -> list[Request]:
    """The ``partial`` method's requests for ``item``, one per candidate, cut from its disambiguated versions.

    The disambiguated form substitutes each candidate grammatically ("because the wolf", not the
    blank form's sentence-initial "The wolf"; "the man's shoulders" for "his shoulders"); the context
    ends with the candidate's word, possessive ending included, and the rest of that sentence is the
    continuation as written: a leading space where the text has a space (lm-eval's ``" " +
    rest.strip()``), none before punctuation, none in Chinese and Japanese (whose text has none, unless a
    source segmented it into words). So context and continuation together are the filled sentence, never
    a space the text does not have.
    """
    out = []
    for d in versions:
        cut = _end_of_candidate(item, d, versions)
        if not _no_space(item.language):
            cut += len(ATTACHED.match(d.text, cut)[0])
        context = d.text[:cut].rstrip()
        rest = d.text[len(context):].rstrip()
        spaced = rest.lstrip()
        out.append(Request(context, " " + spaced if spaced != rest and spaced else spaced))
    return out


def full_requests(item: Item, versions: Sequence[Disambiguated]) -> list[Request]:
    """The ``full`` method: each disambiguated sentence scored whole (from the model's start token)."""
    return [Request("", d.text) for d in versions]


def mlm_requests(item: Item, versions: Sequence[Disambiguated]) -> list[Request]:
    """The ``mlm`` method: each filled sentence with the candidate's characters marked for masking."""
    out = []
    for d in versions:
        end = _end_of_candidate(item, d, versions)
        start = max(0, end - len(d.candidate_text))
        out.append(Request(d.text, d.text[start:end], (start, end)))
    return out


def _end_of_candidate(item: Item, d: Disambiguated, versions: Sequence[Disambiguated]) -> int:
    """Where the substituted candidate ends: at the referring expression's place when the text shows it
    there, else where the versions' shared ending starts (at a word boundary), and never before the end of
    the candidate written between the two ("since the males": "males" is also the end of "females")."""
    start = item.pronoun.start if item.pronoun is not None else -1
    if start >= 0 and d.text[start : start + len(d.candidate_text)].casefold() == d.candidate_text.casefold():
        return start + len(d.candidate_text)
    shared = len(os.path.commonprefix([v.text[::-1] for v in versions]))
    cut = len(d.text) - shared
    if start >= 0 and d.candidate_text:
        written = re.compile(re.escape(d.candidate_text), re.IGNORECASE).search(d.text, start, cut + len(d.candidate_text))
        if written is not None:
            cut = max(cut, written.end())
    # a word boundary, where words are spaced (in Chinese and Japanese every character is alphanumeric)
    while not _no_space(item.language) and 0 < cut < len(d.text) and d.text[cut - 1].isalnum() and d.text[cut].isalnum():
        cut += 1
    return cut


#: the first batch size tried by ``batch_size="auto"``, halved on each out-of-memory error
AUTO_BATCH = 64


def _out_of_memory(exc: BaseException, torch: Any) -> bool:
    oom = getattr(torch.cuda, "OutOfMemoryError", None)
    text = str(exc)
    return (isinstance(exc, MemoryError) or (oom is not None and isinstance(exc, oom)) or "out of memory" in text
            or "can't allocate memory" in text)


def _in_batches(order: list[int], batch_size: int | str, run: Callable[[list[int]], None], torch: Any) -> None:
    """``run(rows)`` over ``order`` in batches; ``"auto"`` starts at :data:`AUTO_BATCH` and halves the size
    on out-of-memory (then keeps it)."""
    size = AUTO_BATCH if batch_size == "auto" else int(batch_size)
    if size < 1:
        raise ParameterError(f"batch size must be at least 1 or 'auto', not {batch_size!r}")
    b = 0
    while b < len(order):
        rows = order[b : b + size]
        try:
            run(rows)
        except (RuntimeError, MemoryError) as exc:
            if batch_size != "auto" or size == 1 or not _out_of_memory(exc, torch):
                raise
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
            size //= 2
            continue
        b += len(rows)


Store = Callable[[list[int], list[tuple[float, int]]], None]  # called after each batch: request indices, their scores


def loglikelihoods(model: Any, tokenizer: Any, requests: Sequence[Request], *, batch_size: int | str = 16,
                   progress: Callable[[int, int], None] | None = None, store: Store | None = None) -> list[tuple[float, int]]:
    """``(Σ log P(continuation | context), continuation tokens)`` per request, in padded batches sorted by length."""
    torch = require("torch", "neural", "Zero-shot scoring")
    # the model's window: a longer request loses the start of its context (lm-eval truncates on the left too)
    limit = getattr(model.config, "max_position_embeddings", None) or getattr(model.config, "n_positions", None)
    encoded = encode_requests(tokenizer, requests, limit)

    def scored(logprobs: Any, key: tuple[tuple[int, ...], int]) -> tuple[float, int]:
        tokens, n = key
        length = len(tokens) - 1
        targets = torch.tensor(tokens[-n:], device=logprobs.device)
        return float(logprobs[length - n : length].gather(1, targets[:, None]).sum()), n

    keys = [(tuple(tokens), n) for tokens, n in encoded]
    return _each_once(model, tokenizer, keys, lambda key: list(key[0][:-1]), scored, batch_size, progress, store)


def masked_loglikelihoods(model: Any, tokenizer: Any, requests: Sequence[Request], *, batch_size: int | str = 16,
                          progress: Callable[[int, int], None] | None = None, store: Store | None = None) -> list[tuple[float, int]]:
    """``(Σ log P(candidate tokens), their count)`` per request: the tokens overlapping ``span`` are all
    masked at once and scored together (Kocijan et al. 2019), in padded batches sorted by length."""
    if not getattr(tokenizer, "is_fast", False) or tokenizer.mask_token_id is None:
        raise WinoError("the mlm method needs a fast tokenizer with a mask token (offsets locate the candidate's tokens)")
    encoded = []
    for r in requests:
        enc = tokenizer(r.context, return_offsets_mapping=True, truncation=True)
        start, end = r.span if r.span is not None else (0, len(r.context))
        positions = [i for i, (a, b) in enumerate(enc["offset_mapping"]) if b > a and a < end and b > start]
        if not positions:
            raise WinoError(f"no token covers the candidate {r.continuation!r} in {r.context!r}")
        encoded.append((enc["input_ids"], positions))

    def masked(key: tuple[tuple[int, ...], tuple[int, ...]]) -> list[int]:
        ids, positions = list(key[0]), key[1]
        for p in positions:
            ids[p] = tokenizer.mask_token_id
        return ids

    def scored(logprobs: Any, key: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[float, int]:
        ids, positions = key
        return float(sum(logprobs[p, ids[p]] for p in positions)), len(positions)

    keys = [(tuple(ids), tuple(positions)) for ids, positions in encoded]
    return _each_once(model, tokenizer, keys, masked, scored, batch_size, progress, store)


def _each_once(model: Any, tokenizer: Any, keys: list[Any], inputs: Callable[[Any], list[int]],
               scored: Callable[[Any, Any], tuple[float, int]], batch_size: int | str,
               progress: Callable[[int, int], None] | None, store: Store | None = None) -> list[tuple[float, int]]:
    """``scored(log-probabilities of the row, key)`` for each key, each distinct key run once, in right-padded
    batches of ``inputs(key)`` sorted by length (longest first); ``store`` sees each batch's results."""
    torch = require("torch", "neural", "Zero-shot scoring")
    unique: dict[Any, int] = {}
    where = [unique.setdefault(key, len(unique)) for key in keys]
    members: dict[int, list[int]] = {}
    for request, u in enumerate(where):
        members.setdefault(u, []).append(request)
    todo = list(unique)
    order = sorted(range(len(todo)), key=lambda i: -len(todo[i][0]))
    out: list[tuple[float, int]] = [(0.0, 0)] * len(todo)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    device = next(model.parameters()).device
    done = 0

    def run(rows: list[int]) -> None:
        nonlocal done
        sequences = [inputs(todo[i]) for i in rows]
        width = max(len(seq) for seq in sequences)
        ids = torch.full((len(rows), width), pad, dtype=torch.long)
        mask = torch.zeros((len(rows), width), dtype=torch.long)
        for k, seq in enumerate(sequences):
            ids[k, : len(seq)] = torch.tensor(seq)
            mask[k, : len(seq)] = 1
        logprobs = torch.log_softmax(model(input_ids=ids.to(device), attention_mask=mask.to(device)).logits.float(), -1)
        for k, i in enumerate(rows):
            out[i] = scored(logprobs[k], todo[i])
        if store is not None:
            found = [(request, out[i]) for i in rows for request in members[i]]
            store([request for request, _ in found], [value for _, value in found])
        done += len(rows)
        if progress is not None:
            progress(done, len(order))

    with torch.no_grad():
        _in_batches(order, batch_size, run, torch)
    return [out[i] for i in where]


def _subset(item: Item) -> str | None:
    """The item's associative label where its corpus gives one (the Portuguese WSC's ``is_associative``)."""
    flag = item.meta.get("is_associative")
    return None if not isinstance(flag, bool) else "associative" if flag else "non-associative"


def requests_for(items: Iterable[Item], method: str, report: FormReport) -> list[tuple[Item, list[Request]]]:
    """Each scorable item with its requests by ``method``; the others go to ``report.skipped`` with the reason
    (no form for the language, one candidate only, nothing after the candidate for ``partial``)."""
    build = {"partial": partial_requests, "full": full_requests, "mlm": mlm_requests}[method]
    items = list(items)
    versions: dict[str, list[Disambiguated]] = {}
    for d in disambiguated(items, report):
        versions.setdefault(d.item_id, []).append(d)
    chosen = []
    for item in items:
        if item.id not in versions:
            continue
        if len(item.candidates) < 2:  # e.g. a SuperGLUE-WSC row whose schema's other candidate is not in the file
            report.skipped.append(Skipped(item.id, item.corpus, "one candidate only: nothing to compare it with"))
            continue
        requests = build(item, versions[item.id])
        if method == "partial" and not all(r.continuation.strip() for r in requests):
            # the referring expression ends the sentence: nothing is left to condition on the candidate
            report.skipped.append(Skipped(item.id, item.corpus, "nothing follows the candidate: the partial method "
                                                                "has no continuation to score (try --method full)"))
            continue
        chosen.append((item, requests))
    return chosen


def shot_pool(items: Iterable[Item], method: str) -> list[tuple[Item, str]]:
    """Labeled items with the text a shot shows: the sentence with its right candidate, as ``method`` scores it."""
    if method == "mlm":
        raise ParameterError("few-shot scoring needs a causal LM method (partial or full), not mlm")
    return [(item, requests[item.answer].context + requests[item.answer].continuation)
            for item, requests in requests_for((i for i in items if i.answer is not None), method, FormReport())]


def score(items: Iterable[Item], *, model: Any, tokenizer: Any, method: str = "partial", batch_size: int | str = 16,
          normalization: str = "sum", progress: Callable[[int, int], None] | None = None, cache: Any = None,
          fewshot: Any = None) -> Scores:
    """Score every item by ``method`` with a loaded model and its tokenizer (a causal LM for ``partial``
    and ``full``, a masked LM for ``mlm``).

    Candidates are substituted by the project's disambiguated form, never a naive replace; items it
    cannot make (no rules for the language, no referring expression) are in ``skipped`` with the reason.
    ``fewshot`` (:class:`~.fewshot.FewShot`) puts its shots before every context; ``cache``
    (:class:`~.cache.RequestCache`) answers the requests it holds and keeps the others as they are scored.
    """
    if normalization not in NORMALIZATIONS:
        raise ParameterError(f"normalization {normalization!r} is not one of {', '.join(NORMALIZATIONS)}")
    if method not in METHODS:
        raise ParameterError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if fewshot is not None and method == "mlm":
        raise ParameterError("few-shot scoring needs a causal LM method (partial or full), not mlm")
    chosen = requests_for(items, method, report := FormReport())
    shots: list[list[str] | None] = []
    if fewshot is not None:
        for n, (item, rs) in enumerate(chosen):
            prefix, ids = fewshot.for_item(item)
            chosen[n] = (item, [Request(prefix + r.context, r.continuation, r.span) for r in rs])
            shots.append(ids)
    flat = [r for _, rs in chosen for r in rs]
    results: list[tuple[float, int] | None] = [None] * len(flat)
    if cache is not None:
        for i, value in cache.lookup(flat).items():
            results[i] = value
    todo = [i for i, value in enumerate(results) if value is None]
    mine = launch.split(todo, lambda i: len(flat[i].context) + len(flat[i].continuation))  # all, in one process
    from .vllm_backend import is_vllm, vllm_loglikelihoods

    if method == "mlm" and is_vllm(model):
        raise ParameterError("the vllm backend scores causal LMs (partial, full), not mlm")
    run = masked_loglikelihoods if method == "mlm" else vllm_loglikelihoods if is_vllm(model) else loglikelihoods
    store = None if cache is None else (lambda rows, values: cache.store([(flat[mine[r]], v) for r, v in zip(rows, values)]))
    if progress is not None and launch.launched():  # this process's share, as a share of all the processes' work
        share, progress = progress, (lambda done, total: share(min(len(todo), done * len(todo) // max(total, 1)), len(todo)))
    found = dict(zip(mine, run(model, tokenizer, [flat[i] for i in mine], batch_size=batch_size, progress=progress,
                               store=store) if mine else []))
    for i, value in launch.gather(found).items():
        results[i] = value
    scored, k = [], 0
    for n, (item, rs) in enumerate(chosen):
        part = results[k : k + len(rs)]
        k += len(rs)
        scored.append(ItemScore(item.id, item.corpus, item.language, rs, [s for s, _ in part], [t for _, t in part], item.answer,
                                item.twin, normalization, _subset(item), shots[n] if shots else None))
    return Scores(scored, report.skipped)
