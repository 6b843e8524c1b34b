"""The model sections, thin wrappers over what the toolkit already has: PMI resistance per language
(:mod:`wino_toolkit.baselines.pmi`), AFLite predictability (:func:`wino_toolkit.aflite.embed.embed`,
:func:`wino_toolkit.aflite.assess.assess`) and zero-shot LM accuracy (:func:`wino_toolkit.eval.api.evaluate`)."""
from __future__ import annotations

import os
from typing import Any, Sequence

from wino_toolkit.schema import Item

__all__ = ["pmi_resistance", "predictability", "zero_shot", "SCATTER_POINTS"]

SCATTER_POINTS = 1000  # points of the separation plot (a seeded sample of the instances)


def pmi_resistance(items: list[Item], indexes: Sequence[str | os.PathLike], *, seed: int) -> tuple[str, dict[str, Any]]:
    """The PMI baseline on the items of each index's language; other languages are listed as not checked."""
    from wino_toolkit.baselines.pmi.check import check
    from wino_toolkit.baselines.pmi.query import PMIIndex
    from wino_toolkit.baselines.pmi.segment import base_language

    results, covered = [], set()
    for path in indexes:
        with PMIIndex.open(path) as index:
            language = base_language(index.language)
            mine = [it for it in items if base_language(it.language) == language]
            covered.add(language)
            if mine:
                results.append({"index": str(path), **check(mine, index, seed=seed).to_dict()})
    summaries = [s for r in results for s in r["summaries"]]
    unchecked = sorted({it.language for it in items if base_language(it.language) not in covered})
    figures = {"results": results, "unchecked_languages": unchecked}
    if not summaries:
        return "not run: no item is in the language of the index(es) given", figures
    weak = [f"{s['corpus']}/{s['language']}" for s in summaries if s["verdict"] != "resistant"]
    verdict = ", ".join(f"{s['corpus']}/{s['language']}: {s['verdict']}" for s in summaries)
    if unchecked:
        verdict += f"; no index for {', '.join(unchecked)}"
    return (f"{'resistant' if not weak else 'not shown resistant'}: {verdict}"), figures


def predictability(items: list[Item], model: str, *, seed: int) -> tuple[str, dict[str, Any]]:
    """A twin-grouped linear probe and the KL along PC1 on ``model``'s embeddings, with the separation plot's points."""
    import numpy as np

    from wino_toolkit.aflite.assess import assess
    from wino_toolkit.aflite.embed import embed
    from wino_toolkit.aflite.pipeline import schema_groups

    emb = embed(items, model=model, seed=seed)
    stats = assess(emb.X, emb.y, np.ones(len(emb.y), dtype=bool), groups=schema_groups(emb.ids, items), random_state=seed)
    rows = np.random.default_rng(seed).permutation(len(emb.y))[:SCATTER_POINTS]
    X = emb.X[rows] - emb.X[rows].mean(axis=0)
    _, _, vt = np.linalg.svd(X, full_matrices=False)
    pcs = X @ vt[:2].T
    figures = {**stats.to_dict()["before"], "signature": stats.signature, "embedding": emb.signature,
               "skipped": len(emb.meta.get("skipped", [])),
               "points": [[round(float(a), 4), round(float(b), 4), int(label)] for (a, b), label in zip(pcs, emb.y[rows])]}
    b = stats.before
    gap = b.cv_accuracy - b.majority_accuracy
    level = "predictable" if gap > 0.05 else "not predictable"
    return (f"{level}: a twin-grouped linear probe gets {b.cv_accuracy:.1%} against {b.majority_accuracy:.1%} "
            f"for the majority label; KL along PC1 {b.kl_pc1:.3f}"), figures


def zero_shot(items: list[Item], lm: str, *, seed: int) -> tuple[str, dict[str, Any]]:
    """Zero-shot accuracy with its bootstrap interval per corpus and language."""
    from wino_toolkit.eval.api import evaluate

    results = evaluate(items, model=lm, seed=seed)
    rows = [r.to_dict() for r in results.rows]
    figures = {"signature": results.signature, "rows": rows, "skipped": results.skipped}
    shown = ", ".join(f"{r['corpus']}/{r['language']} {r['accuracy']:.1%} ({r['low']:.1%}-{r['high']:.1%})"
                      for r in rows if not r.get("subset"))
    return f"{lm}: {shown or 'no item scored'}", figures
