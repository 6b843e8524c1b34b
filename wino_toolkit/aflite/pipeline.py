"""The AFLite job end to end: embeddings → Algorithm 1 → kept items, with the report that says what happened.

:func:`filter_embeddings` runs the estimator on saved embeddings and builds the report (kept and
removed ids with phase and score, per-phase history, broken twins, the seed, signatures, the
Figure-1 assessment and the baselines at the same size, and the seconds each step took). A corpus given with the embeddings must
be the one embedded (:func:`check_corpus`): twins and baselines taken from another corpus would
be numbers about nothing. :func:`run` is ``wino aflite run``: embed (reusing a work directory's
cached chunks), filter, and return the kept items.
"""
from __future__ import annotations

import os
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from wino_toolkit.errors import FormatError, WinoError, WinoWarning
from wino_toolkit.schema import Item
from wino_toolkit.tokens import words

from .embed import Embeddings, embed, encoder_text, texts_sha256
from .instances import Instances, instances

__all__ = ["FilterResult", "check_corpus", "filter_embeddings", "run", "schema_groups", "twin_groups"]

TRAIN_SIZE = 10_000  # AFLite's m when none is given (the paper's)


@dataclass
class FilterResult:
    """The fitted estimator, the final keep mask (twins applied), the report (JSON-ready) and the embeddings."""

    estimator: Any
    keep_mask: np.ndarray
    report: dict[str, Any]
    embeddings: Embeddings


def twin_groups(ids: Sequence[str], items: Iterable[Item] | None) -> list[list[int]]:
    """Positions in ``ids`` of the versions of each schema with two or more versions present."""
    if items is None:
        return []
    twin_of = {item.id: item.twin for item in items if item.twin is not None}
    groups: dict[str, list[int]] = {}
    for position, ident in enumerate(ids):
        if ident in twin_of:
            groups.setdefault(twin_of[ident], []).append(position)
    return [g for g in groups.values() if len(g) > 1]


def check_corpus(emb: Embeddings, items: Iterable[Item], *, name: str | None = None) -> tuple[Instances, str]:
    """The corpus's AFLite instances, refused unless they are exactly the ones ``emb`` holds.

    Every embedded id must be in the corpus with the same label, the corpus may hold no other
    instance (but those its fine-tuning subset left out), and the encoder texts must hash to the
    sidecar's ``texts_sha256``. A sidecar written before the separator was recorded cannot have
    its texts checked; the second value says what was checked.

    Raises
    ------
    FormatError
        One line, naming ``name`` (the corpus) and the first disagreement.
    """
    found = instances(items)
    where = name or "the corpus"
    by_id = {item.id: item for item in found.items}
    missing = [i for i in emb.ids if i not in by_id]
    if missing:
        raise FormatError(where, None, f"not the corpus that was embedded: {len(missing):,} of the {len(emb.ids):,} "
                          f"embedded ids are not in it (first {missing[0]!r})")
    labels = np.array([by_id[i].answer for i in emb.ids], dtype=np.int64)
    if (labels != emb.y).any():
        first = int(np.flatnonzero(labels != emb.y)[0])
        raise FormatError(where, None, f"not the corpus that was embedded: id {emb.ids[first]!r} has answer {labels[first]} "
                          f"in it and label {emb.y[first]} in the embeddings")
    left_out = set((emb.meta.get("fine_tune") or {}).get("train_ids", [])) | set((emb.meta.get("fine_tune") or {}).get("val_ids", []))
    embedded = set(emb.ids)
    extra = [i for i in by_id if i not in embedded and i not in left_out]
    if extra:
        raise FormatError(where, None, f"not the corpus that was embedded: it holds {len(extra):,} instance(s) the "
                          f"embeddings lack (first {extra[0]!r})")
    sep, recorded = emb.meta.get("sep"), emb.meta.get("texts_sha256")
    if sep is None or recorded is None:
        return found, "ids and labels (the sidecar records no separator: texts not checked)"
    if texts_sha256([encoder_text(by_id[i], sep) for i in emb.ids]) != recorded:
        raise FormatError(where, None, "not the corpus that was embedded: the same ids and labels, but its texts "
                          f"hash to another sha256 than the embeddings' sidecar records ({recorded[:12]}...)")
    return found, "ids, labels and texts"


def filter_embeddings(emb: Embeddings, *, items: Sequence[Item] | None = None, keep_twins: bool = False,
                      baselines: bool = True, progress: Callable[[int, dict], None] | None = None,
                      corpus_name: str | None = None, **params: Any) -> FilterResult:
    """Run AFLite on ``emb`` (``params`` go to :class:`~.estimator.AFLite`) and build the report.

    ``items`` (the corpus the embeddings came from, refused otherwise: :func:`check_corpus`, with
    ``corpus_name`` in the message) gives the twins, the groups of the assessment's
    cross-validation and the texts of the PMI baselines. With ``keep_twins``, a schema's versions
    share one fate: all go when AFLite removes any of them (the one it removed gave the pair's bias away).
    """
    from .estimator import AFLite

    if len(emb.ids) < 2:  # scikit-learn's check would end in a traceback
        raise WinoError(f"{len(emb.ids)} instance(s) to filter: AFLite needs at least 2")
    train_size = params.get("train_size", TRAIN_SIZE)
    if len(emb.ids) <= train_size:  # Algorithm 1 stops before its first phase: said before the work, not found after
        warnings.warn(WinoWarning(f"train size m = {train_size:,} (-m) is not below the {len(emb.ids):,} instances: "
                                  "no instance is ever held out, so nothing will be filtered (give -m below "
                                  f"{len(emb.ids):,})"), stacklevel=2)
    clock = time.perf_counter()
    found, checked = check_corpus(emb, items, name=corpus_name) if items is not None else (None, None)
    seconds = {"corpus_check": time.perf_counter() - clock}
    clock = time.perf_counter()
    estimator = AFLite(progress=progress, **params).fit(emb.X, emb.y)
    seconds["filter"] = time.perf_counter() - clock
    keep = estimator.keep_mask_.copy()
    groups = twin_groups(emb.ids, items)
    broken = [g for g in groups if 0 < keep[g].sum() < len(g)]
    with_twin = np.zeros(len(keep), dtype=bool)
    if keep_twins:
        for g in broken:
            with_twin[g] = keep[g]
            keep[g] = False
    seed = estimator.random_state
    report: dict[str, Any] = {
        "signature": f"{estimator.signature_}|emb:{emb.signature}",
        "seed": seed,
        "parameters": {k: v for k, v in estimator.get_params().items() if k != "progress"},
        "embedding": {k: emb.meta.get(k) for k in ("model", "model_config", "pooling", "max_length", "dtype", "device",
                                                  "signature", "fine_tune", "skipped_count", "skipped")},
        "corpus_check": checked,
        "instances": len(emb.ids),
        "kept": int(keep.sum()),
        "removed": int((~keep).sum()),
        "kept_ids": [emb.ids[i] for i in np.flatnonzero(keep)],
        "removed_items": [_removed(emb.ids[i], estimator, i, with_twin[i]) for i in np.flatnonzero(~keep)],
        "history": estimator.history_,
        "twins": {"groups": len(groups), "broken": sum(1 for g in groups if 0 < keep[g].sum() < len(g)),
                  "broken_by_aflite": len(broken), "keep_twins": keep_twins,
                  "removed_with_their_twin": int(with_twin.sum())},
    }
    if baselines and 0 < keep.sum() < len(keep):
        clock = time.perf_counter()
        report["assessment"] = _assessment(emb, keep, items, found, seed, params.get("device", "auto"))
        seconds["assessment"] = time.perf_counter() - clock
    report["seconds"] = {step: round(value, 3) for step, value in seconds.items()}
    return FilterResult(estimator, keep, report, emb)


def _removed(ident: str, estimator: Any, i: int, with_twin: bool) -> dict[str, Any]:
    """One entry of ``removed_items``: the phase that removed it, or ``"twin"`` when it went with its twin."""
    score = None if np.isnan(estimator.scores_[i]) else round(float(estimator.scores_[i]), 4)
    if with_twin:
        return {"id": ident, "phase": None, "score": score, "reason": "twin"}
    return {"id": ident, "phase": int(estimator.removal_phase_[i]), "score": score, "reason": "aflite"}


def schema_groups(ids: Sequence[str], items: Iterable[Item] | None) -> np.ndarray:
    """One group number per id: a schema's versions (twins) share one, every other id has its own."""
    twin_of = {item.id: item.twin for item in items or () if item.twin is not None}
    keys = [("twin", twin_of[i]) if i in twin_of else ("id", i) for i in ids]
    number: dict[tuple[str, str], int] = {}
    return np.array([number.setdefault(key, len(number)) for key in keys], dtype=np.int64)


def _assessment(emb: Embeddings, keep: np.ndarray, items: Sequence[Item] | None, found: Instances | None, seed: Any,
                device: str) -> dict[str, Any]:
    """Figure-1 numbers for AFLite and for the baselines cut to the same size, all cross-validated by schema."""
    from .assess import assess_filters
    from .reductions import pmi_filter, random_reduction

    seed = seed if isinstance(seed, (int, np.integer)) else 0
    size = int(keep.sum())
    masks = {"aflite": keep, "random": random_reduction(len(keep), size, seed)}
    extra: dict[str, dict[str, Any]] = {}
    if found is not None:
        by_id = {i.id: i for i in found.items}
        texts = [words(by_id[i].text, by_id[i].language) for i in emb.ids]  # each in its item's language
        pmi = pmi_filter(texts, emb.y.tolist(), n_keep=size)
        masks["pmi"] = pmi.keep_mask
        extra["pmi"] = {"filter_signature": pmi.signature, "top_words": {str(k): v[:5] for k, v in pmi.top_words.items()}}
        pairs = [g for g in twin_groups(emb.ids, items) if len(g) == 2]
        if len(pairs) >= 10:
            masks["twin_pmi"], extra["twin_pmi"] = _twin_pmi(emb, texts, pairs, size)
    assessed = assess_filters(emb.X, emb.y, masks, groups=schema_groups(emb.ids, items), random_state=seed, device=device)
    return {name: {**a.to_dict(), **extra.get(name, {})} for name, a in assessed.items()}


def _twin_pmi(emb: Embeddings, texts: list[list[str]], pairs: list[list[int]], size: int) -> tuple[np.ndarray, dict[str, Any]]:
    """WinoGrande's twin baseline: drop the pairs whose sentences lean most apart (|f(t1, t2)|) to AFLite's size."""
    from .reductions import twin_pmi_filter

    drop = min(len(pairs), -(-(len(emb.ids) - size) // 2))
    kept_pairs = twin_pmi_filter([(texts[i], texts[j]) for i, j in pairs], [(int(emb.y[i]), int(emb.y[j])) for i, j in pairs],
                                 n_keep=len(pairs) - drop)
    keep = np.ones(len(emb.ids), dtype=bool)
    for (i, j), kept in zip(pairs, kept_pairs):
        keep[[i, j]] = kept
    return keep, {"pairs": len(pairs), "pairs_dropped": drop}


def run(items: Sequence[Item], *, model: str, work_dir: str | os.PathLike, keep_twins: bool = False,
        embed_options: dict[str, Any] | None = None, embed_progress: Callable[[int, int], None] | None = None,
        filter_progress: Callable[[int, dict], None] | None = None, **params: Any) -> tuple[list[Item], FilterResult]:
    """Embed ``items`` (cached in ``work_dir``), filter them, and return the kept items in corpus order; a
    ``train_size`` no smaller than the corpus, which would filter nothing, is refused before the embedding."""
    train_size = params.get("train_size", TRAIN_SIZE)
    found = instances(items, verbatim=(embed_options or {}).get("verbatim", False))
    if len(found.items) <= train_size:
        raise WinoError(f"{len(found.items)} instances to filter, no more than train_size={train_size}: AFLite would "
                        "keep them all (lower --train-size); nothing was embedded")
    emb = embed(found, model=model, output_dir=work_dir, progress=embed_progress, **(embed_options or {}))
    if len(emb.ids) <= params.get("train_size", 10_000):
        raise WinoError(f"{len(emb.ids)} instances to filter, no more than train_size={params.get('train_size', 10_000)}: "
                        "AFLite would keep them all (lower --train-size)")
    result = filter_embeddings(emb, items=items, keep_twins=keep_twins, progress=filter_progress, **params)
    kept = set(result.report["kept_ids"])
    return [item for item in items if item.id in kept], result

