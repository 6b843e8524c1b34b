"""The AFLite job end to end: embeddings → Algorithm 1 → kept items, with the report that says what happened.

:func:`filter_embeddings` runs the estimator on saved embeddings and builds the report (kept and
removed ids with phase and score, per-phase history, broken twins, the seed, signatures, the
Figure-1 assessment and the baselines at the same size). :func:`run` is ``wino aflite run``:
embed (reusing a work directory's cached chunks), filter, and return the kept items.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from wino_toolkit.errors import WinoError
from wino_toolkit.schema import Item

from .embed import Embeddings, embed, instances

__all__ = ["FilterResult", "filter_embeddings", "run", "twin_groups"]


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


def filter_embeddings(emb: Embeddings, *, items: Sequence[Item] | None = None, keep_twins: bool = False,
                      baselines: bool = True, progress: Callable[[int, dict], None] | None = None,
                      **params: Any) -> FilterResult:
    """Run AFLite on ``emb`` (``params`` go to :class:`~.estimator.AFLite`) and build the report.

    ``items`` (the corpus the embeddings came from) gives the twins and the texts of the PMI
    baseline. With ``keep_twins``, a schema's versions share one fate: all go when AFLite removes
    any of them (the one it removed gave the pair's bias away).
    """
    from .estimator import AFLite

    if len(emb.ids) < 2:  # scikit-learn's check would end in a traceback
        raise WinoError(f"{len(emb.ids)} instance(s) to filter: AFLite needs at least 2")
    estimator = AFLite(progress=progress, **params).fit(emb.X, emb.y)
    keep = estimator.keep_mask_.copy()
    groups = twin_groups(emb.ids, items)
    broken = [g for g in groups if 0 < keep[g].sum() < len(g)]
    extra = 0
    if keep_twins:
        for g in broken:
            extra += int(keep[g].sum())
            keep[g] = False
    seed = estimator.random_state
    report: dict[str, Any] = {
        "signature": f"{estimator.signature_}|emb:{emb.signature}",
        "seed": seed,
        "parameters": {k: v for k, v in estimator.get_params().items() if k != "progress"},
        "embedding": {k: emb.meta.get(k) for k in ("model", "model_config", "pooling", "max_length", "dtype", "device",
                                                  "signature", "fine_tune", "skipped_count", "skipped")},
        "instances": len(emb.ids),
        "kept": int(keep.sum()),
        "removed": int((~keep).sum()),
        "kept_ids": [emb.ids[i] for i in np.flatnonzero(keep)],
        "removed_items": [{"id": emb.ids[i], "phase": int(estimator.removal_phase_[i]),
                           "score": None if np.isnan(estimator.scores_[i]) else round(float(estimator.scores_[i]), 4)}
                          for i in np.flatnonzero(~keep)],
        "history": estimator.history_,
        "twins": {"groups": len(groups), "broken": len(broken), "keep_twins": keep_twins,
                  "removed_with_their_twin": extra},
    }
    if baselines and 0 < keep.sum() < len(keep):
        report["assessment"] = _assessment(emb, keep, items, seed)
    return FilterResult(estimator, keep, report, emb)


def _assessment(emb: Embeddings, keep: np.ndarray, items: Sequence[Item] | None, seed: Any) -> dict[str, Any]:
    """Figure-1 numbers for AFLite and for the baselines cut to the same size."""
    from .assess import assess
    from .baselines import pmi_filter, random_reduction

    seed = seed if isinstance(seed, (int, np.integer)) else 0
    out = {"aflite": assess(emb.X, emb.y, keep, random_state=seed).to_dict()}
    size = int(keep.sum())
    out["random"] = assess(emb.X, emb.y, random_reduction(len(keep), size, seed), random_state=seed).to_dict()
    if items is not None:
        by_id = {i.id: i for i in instances(items).items}
        texts = [by_id[i].text if i in by_id else "" for i in emb.ids]
        pmi = pmi_filter(texts, emb.y.tolist(), n_keep=size)
        out["pmi"] = {**assess(emb.X, emb.y, pmi.keep_mask, random_state=seed).to_dict(), "signature": pmi.signature,
                      "top_words": {str(k): v[:5] for k, v in pmi.top_words.items()}}
        pairs = [g for g in twin_groups(emb.ids, items) if len(g) == 2]
        if len(pairs) >= 10:
            out["twin_pmi"] = _twin_pmi(emb, texts, pairs, size, seed)
    return out


def _twin_pmi(emb: Embeddings, texts: list[str], pairs: list[list[int]], size: int, seed: int) -> dict[str, Any]:
    """WinoGrande's twin baseline: drop the pairs whose sentences lean most apart (|f(t1, t2)|) to AFLite's size."""
    from .assess import assess
    from .baselines import twin_pmi_filter

    drop = min(len(pairs), -(-(len(emb.ids) - size) // 2))
    kept_pairs = twin_pmi_filter([(texts[i], texts[j]) for i, j in pairs], [(int(emb.y[i]), int(emb.y[j])) for i, j in pairs],
                                 n_keep=len(pairs) - drop)
    keep = np.ones(len(emb.ids), dtype=bool)
    for (i, j), kept in zip(pairs, kept_pairs):
        keep[[i, j]] = kept
    return {**assess(emb.X, emb.y, keep, random_state=seed).to_dict(), "pairs": len(pairs), "pairs_dropped": drop}


def run(items: Sequence[Item], *, model: str, work_dir: str | os.PathLike, keep_twins: bool = False,
        embed_options: dict[str, Any] | None = None, embed_progress: Callable[[int, int], None] | None = None,
        filter_progress: Callable[[int, dict], None] | None = None, **params: Any) -> tuple[list[Item], FilterResult]:
    """Embed ``items`` (cached in ``work_dir``), filter them, and return the kept items in corpus order."""
    emb = embed(items, model=model, output_dir=work_dir, progress=embed_progress, **(embed_options or {}))
    if len(emb.ids) <= params.get("train_size", 10_000):
        raise WinoError(f"{len(emb.ids)} instances to filter, no more than train_size={params.get('train_size', 10_000)}: "
                        "AFLite would keep them all (lower --train-size)")
    result = filter_embeddings(emb, items=items, keep_twins=keep_twins, progress=filter_progress, **params)
    kept = set(result.report["kept_ids"])
    return [item for item in items if item.id in kept], result

