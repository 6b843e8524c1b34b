"""The model sections, thin wrappers over what the toolkit already has: PMI resistance per language
(:mod:`wino_toolkit.baselines.pmi`), AFLite predictability (:func:`wino_toolkit.aflite.embed.embed`,
:func:`wino_toolkit.aflite.assess.assess`) and zero-shot LM accuracy (:func:`wino_toolkit.eval.api.evaluate`).

Their verdicts follow :mod:`.verdicts`: a word only where the 95% interval supports it. PMI's is said from the
precision on the items it answers (their number and the coverage beside it), never "resistant" from a large p
value. The predictability statistics are set beside the same statistics with shuffled labels (``SHUFFLES``
seeded permutations): a KL divergence from histograms, or along a direction fitted to the labels, is far from
zero on labels that mean nothing, so only a figure above every shuffle says anything. Accuracies are set beside
their chance.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Sequence

from wino_toolkit.schema import Item

from .verdicts import ABOVE, BELOW, LEAK, NEAR, TOO_FEW, compare, span

__all__ = ["pmi_resistance", "predictability", "probe_figures", "zero_shot", "SCATTER_POINTS", "SHUFFLES"]

SCATTER_POINTS = 1000  # points of the separation plot (a seeded sample of the instances)
SHUFFLES = 5  # shuffled-label runs of the predictability statistics
Tick = Callable[[int, int], None]  # (done, total) of one section


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
    for s in summaries:
        s["state"], s["verdict"] = _association(s)
    states = {s["state"] for s in summaries}
    lead = ("word association gives answers away" if ABOVE in states else
            "no association of 10 points or more" if states == {NEAR} else "no evidence of association")
    verdict = f"{lead}: " + "; ".join(f"{s['corpus']}/{s['language']}: {s['verdict']}" for s in summaries)
    if unchecked:
        verdict += f"; no index for {', '.join(unchecked)}"
    return verdict, figures


def _association(s: dict[str, Any]) -> tuple[str, str]:
    """``(state, line)`` of one PMI summary: its precision on the items it answers against their chance, by the
    Wilson interval (:mod:`.verdicts`), with the items answered and the coverage beside it."""
    n, chance, precision = s["covered"], s["binomial_test"]["null_rate"], s["precision"]
    evidence = (f"n={n:,} answered of {s['items']:,}, coverage {s['coverage']:.0%}, p = {s['binomial_test']['p_value']:.3g}")
    state = compare(precision, n, chance)
    if state == ABOVE:
        return state, f"word association beats chance: precision {precision:.1%} against {chance:.1%} ({span(precision, n)}; {evidence})"
    if state == BELOW:
        return state, f"word association points away from the answer: precision {precision:.1%} against {chance:.1%} ({span(precision, n)}; {evidence})"
    if state == NEAR:
        return state, f"no association of 10 points or more: precision {precision:.1%} against {chance:.1%} ({span(precision, n)}; {evidence})"
    shown = f"precision {precision:.1%} against {chance:.1%}, " if precision is not None else ""
    return state, f"no evidence of association ({shown}{evidence}); {TOO_FEW} whether there is none"


def predictability(items: list[Item], model: str, *, seed: int, progress: Tick | None = None) -> tuple[str, dict[str, Any]]:
    """A schema-grouped linear probe and the KL along PC1 and along the probe's direction on ``model``'s
    embeddings, each beside its shuffled-label baseline, with the separation plot's points."""
    import numpy as np

    from wino_toolkit.aflite.embed import embed

    from .grouping import schema_groups

    emb = embed(items, model=model, seed=seed, progress=progress)
    numbers, grouping = schema_groups(items)
    group_of: dict[str, int] = {}
    for item, number in zip(items, numbers):
        group_of.setdefault(item.id, number)
    groups = np.array([group_of.get(i, len(items) + k) for k, i in enumerate(emb.ids)], dtype=np.int64)
    verdict, figures = probe_figures(emb.X, emb.y, groups, seed=seed)
    rows = np.random.default_rng(seed).permutation(len(emb.y))[:SCATTER_POINTS]
    X = emb.X[rows] - emb.X[rows].mean(axis=0)
    _, _, vt = np.linalg.svd(X, full_matrices=False)
    pcs = X @ vt[:2].T
    figures.update({"embedding": emb.signature, "skipped": len(emb.meta.get("skipped", [])), "grouping": grouping,
                    "points": [[round(float(a), 4), round(float(b), 4), int(label)] for (a, b), label in zip(pcs, emb.y[rows])]})
    return verdict, figures


def probe_figures(X: Any, y: Any, groups: Any, *, seed: int, shuffles: int = SHUFFLES) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)`` of the predictability statistics (:func:`wino_toolkit.aflite.assess.assess`) on
    embeddings ``X`` with labels ``y`` (folds grouped by ``groups``), and the same statistics with ``shuffles``
    seeded permutations of the labels: ``shuffled`` holds their mean and largest value, ``above_shuffled``
    whether the real figure beats every shuffle. The probe's verdict rests on the Wilson interval of its accuracy
    on the rows it was cross-validated on, against the majority label."""
    import numpy as np

    from wino_toolkit.aflite.assess import MAX_FIT_ROWS, assess

    y = np.asarray(y)
    everything = np.ones(len(y), dtype=bool)
    stats = assess(X, y, everything, groups=groups, random_state=seed)
    rng = np.random.default_rng(seed)
    runs = [assess(X, rng.permutation(y), everything, groups=groups, random_state=seed).before for _ in range(shuffles)]
    keys = ("kl_pc1", "kl_direction", "cv_accuracy")
    b = stats.before
    shuffled = {k: {"mean": float(np.mean([getattr(r, k) for r in runs])), "max": float(max(getattr(r, k) for r in runs))}
                for k in keys} if runs else {}
    above = {k: bool(runs) and getattr(b, k) > shuffled[k]["max"] for k in keys}
    n = min(len(y), MAX_FIT_ROWS)
    state = compare(b.cv_accuracy, n, b.majority_accuracy)
    level = {ABOVE: "predictable", BELOW: LEAK, NEAR: "not predictable"}.get(state, TOO_FEW)
    verdict = (f"{level}: a schema-grouped linear probe gets {b.cv_accuracy:.1%} against {b.majority_accuracy:.1%} for "
               f"the majority label ({span(b.cv_accuracy, n)})")
    if runs:
        verdict += "; " + ", ".join(
            f"{name} {getattr(b, k):.3f} against {shuffled[k]['mean']:.3f} with shuffled labels "
            f"({'above' if above[k] else 'not above'} all {len(runs)} shuffles)"
            for k, name in (("kl_pc1", "KL along PC1"), ("kl_direction", "along the probe's direction")))
    figures = {**stats.to_dict()["before"], "signature": stats.signature, "state": state, "chance": b.majority_accuracy,
               "cv_rows": n, "shuffles": len(runs), "shuffled": shuffled, "above_shuffled": above}
    return verdict, figures


def zero_shot(items: list[Item], lm: str, *, seed: int, progress: Tick | None = None) -> tuple[str, dict[str, Any]]:
    """Zero-shot accuracy with its bootstrap interval per corpus and language, beside chance (the mean of one
    over the number of candidates) and said above or below it only where the Wilson interval allows."""
    from wino_toolkit.eval.api import evaluate

    from .contamination import outcomes

    total = len(items)

    def requests(done: int, of: int) -> None:  # the scorer counts requests; the audit's progress counts items
        if progress is not None:
            progress(done * total // max(of, 1), total)

    results = evaluate(items, model=lm, seed=seed, progress=requests)
    rows = [r.to_dict() for r in results.rows]
    odds: dict[tuple[str, str], list[float]] = {}
    for item in items:
        if item.answer is not None and item.candidates:
            odds.setdefault((item.corpus, item.language), []).append(1.0 / len(item.candidates))
    shown = []
    for r in rows:
        chances = odds.get((r["corpus"], r["language"]))
        r["chance"] = sum(chances) / len(chances) if chances else None
        r["state"] = compare(r["accuracy"], r["items"], r["chance"])
        if not r.get("subset"):
            word = {ABOVE: "above chance", BELOW: "below chance", NEAR: "at chance"}.get(r["state"], TOO_FEW)
            against = f" against chance {r['chance']:.1%}" if r["chance"] is not None else ""
            shown.append(f"{r['corpus']}/{r['language']} {r['accuracy']:.1%}{against}, {word} "
                         f"({span(r['accuracy'], r['items'])}; bootstrap {r['low']:.1%}-{r['high']:.1%})")
    # correct: one character per item (1 right, 0 wrong, - not scored), for the contamination section's split
    figures = {"signature": results.signature, "rows": rows, "skipped": results.skipped,
               "correct": outcomes(items, results.scores)}
    return f"{lm}: {'; '.join(shown) or 'no item scored'}", figures
