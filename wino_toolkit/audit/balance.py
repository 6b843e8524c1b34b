"""Label balance per corpus and split: which candidate position holds the answer, and whether the answer is
the candidate mentioned first in the text.

A position is *skewed* when the 95% Wilson interval of the share of answers in the first position
(items with two candidates) leaves out one half: a model that always picks that position beats chance.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from wino_toolkit.schema import Item

from .inputs import Loaded

__all__ = ["balance"]


def balance(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: one row per corpus and split."""
    from wino_toolkit.forms.agreement import wilson
    from wino_toolkit.stats import row_name

    groups: dict[str, list[Item]] = {}
    for item in data.items:
        groups.setdefault(row_name(item.corpus, item.split), []).append(item)
    rows, skewed = {}, []
    for name, items in groups.items():
        labeled = [it for it in items if it.answer is not None]
        pairs = [it for it in labeled if len(it.candidates) == 2]
        first = sum(1 for it in pairs if it.answer == 0)
        low, high = wilson(first, len(pairs))
        mentioned = [m for m in map(_answer_mentioned_first, labeled) if m is not None]
        row = {
            "items": len(items), "labeled": len(labeled), "unlabeled": len(items) - len(labeled),
            "answer_position": {str(k + 1): n for k, n in sorted(Counter(it.answer for it in labeled).items())},
            "two_candidates": len(pairs), "first_position": first,
            "first_position_share": first / len(pairs) if pairs else None, "first_position_ci95": [low, high],
            "with_spans": len(mentioned), "answer_mentioned_first": sum(mentioned),
            "answer_mentioned_first_share": sum(mentioned) / len(mentioned) if mentioned else None,
        }
        row["skewed"] = bool(pairs) and not low <= 0.5 <= high
        if row["skewed"]:
            skewed.append(f"{name} ({first}/{len(pairs)} in position 1)")
        rows[name] = row
    figures = {"rows": rows, "skewed": skewed}
    labeled = sum(r["labeled"] for r in rows.values())
    if not labeled:
        return "no labeled item: nothing to balance", figures
    if skewed:
        return f"skewed: the answer position gives it away in {', '.join(skewed)}", figures
    return f"balanced: in every corpus and split the answer is in position 1 about half the time ({labeled:,} labeled items)", figures


def _answer_mentioned_first(item: Item) -> bool | None:
    """Whether the right candidate is the first one mentioned in the text; ``None`` without spans."""
    starts = [c.span.start for c in item.candidates if c.span is not None]
    right = item.candidates[item.answer].span
    if right is None or len(starts) != len(item.candidates):
        return None
    return right.start == min(starts)
