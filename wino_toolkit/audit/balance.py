"""Label balance per corpus and split, and per language and source inside a row that mixes them
(:func:`.grouping.rows`): which candidate position holds the answer, and whether the answer is the candidate
mentioned first in the text.

The verdict rests on the 95% Wilson interval of the share of answers in the first position (items with two
candidates; :mod:`.verdicts`): a row is *skewed* when the interval leaves out one half (a model that always picks
that position beats chance), *balanced* only when the interval lies within ``MARGIN`` of one half on both sides,
and otherwise there are too few items to tell. Each row is judged on its own interval, with no correction for
the number of rows.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from wino_toolkit.intervals import wilson
from wino_toolkit.schema import Item

from .grouping import rows as breakdown
from .inputs import Loaded
from .verdicts import ABOVE, BELOW, MARGIN, NEAR, TOO_FEW, compare

__all__ = ["balance"]

SKEWED, BALANCED = "skewed", "balanced"  # a row's ``state``; TOO_FEW otherwise, None without two-candidate items


def balance(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: one row per corpus and split, then per language and source inside a mixed row."""
    rows, skewed = {}, []
    for name, (kind, items) in breakdown(data.items).items():
        labeled = [it for it in items if it.answer is not None]
        pairs = [it for it in labeled if len(it.candidates) == 2]
        first = sum(1 for it in pairs if it.answer == 0)
        low, high = wilson(first, len(pairs))
        mentioned = [m for m in map(_answer_mentioned_first, labeled) if m is not None]
        row = {
            "kind": kind, "items": len(items), "labeled": len(labeled), "unlabeled": len(items) - len(labeled),
            "answer_position": {str(k + 1): n for k, n in sorted(Counter(it.answer for it in labeled).items())},
            "two_candidates": len(pairs), "first_position": first,
            "first_position_share": first / len(pairs) if pairs else None, "first_position_ci95": [low, high],
            "with_spans": len(mentioned), "answer_mentioned_first": sum(mentioned),
            "answer_mentioned_first_share": sum(mentioned) / len(mentioned) if mentioned else None,
        }
        where = compare(first / len(pairs), len(pairs), 0.5) if pairs else None
        row["state"] = (SKEWED if where in (ABOVE, BELOW) else BALANCED if where == NEAR else TOO_FEW) if pairs else None
        row["skewed"] = row["state"] == SKEWED
        if row["skewed"]:
            skewed.append(f"{name} ({first}/{len(pairs)} in position 1)")
        rows[name] = row
    figures = {"rows": rows, "skewed": skewed, "margin": MARGIN}
    corpora = {name: r for name, r in rows.items() if r["kind"] == "corpus"}
    labeled = sum(r["labeled"] for r in corpora.values())
    if not labeled:
        return "no labeled item: nothing to balance", figures
    if skewed:
        return f"skewed: the answer position gives it away in {', '.join(skewed)}", figures
    judged = [r for r in corpora.values() if r["state"] is not None]
    if not judged:
        return f"no labeled item with two candidates: nothing to balance ({labeled:,} labeled items)", figures
    small = [f"{name} ({r['two_candidates']:,})" for name, r in rows.items() if r["state"] == TOO_FEW]
    if all(r["state"] == BALANCED for r in judged):
        verdict = (f"balanced: in every corpus and split the 95% interval of the answers in position 1 lies within "
                   f"{0.5 - MARGIN:.0%}-{0.5 + MARGIN:.0%} ({labeled:,} labeled items)")
        return verdict + (f"; {TOO_FEW} in {len(small)} part(s): {_listed(small)}" if small else ""), figures
    return (f"{TOO_FEW}: no skew shown, but the 95% interval of the answers in position 1 is wider than "
            f"{0.5 - MARGIN:.0%}-{0.5 + MARGIN:.0%} in {_listed(small)}"), figures


def _listed(names: list[str], most: int = 5) -> str:
    """The first ``most`` names and how many more: a verdict stays one readable line."""
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def _answer_mentioned_first(item: Item) -> bool | None:
    """Whether the right candidate is the first one mentioned in the text; ``None`` without spans."""
    starts = [c.span.start for c in item.candidates if c.span is not None]
    right = item.candidates[item.answer].span
    if right is None or len(starts) != len(item.candidates):
        return None
    return right.start == min(starts)
