"""The one rule behind every verdict word of the audit: a word ("balanced", "gives nothing away", "predictable",
...) is said only when the 95% interval of the figure supports it.

A share is compared with its reference (chance, or one half for the answer position) by its Wilson interval
(:func:`wino_toolkit.intervals.wilson`, the toolkit's only one):

- ``ABOVE``: the interval lies above the reference, an effect;
- ``BELOW``: it lies below; for a cross-validated accuracy that is a leak in the method (folds that are not
  independent, such as versions of one schema on both sides, or folds so small that each one's majority is the
  other label), never "no effect";
- ``NEAR``: it lies within ``MARGIN`` of the reference on both sides, so no effect of ``MARGIN`` or more;
- ``UNDECIDED``: none of these, too few items to tell.
"""
from __future__ import annotations

from wino_toolkit.intervals import wilson

__all__ = ["ABOVE", "BELOW", "NEAR", "UNDECIDED", "MARGIN", "TOO_FEW", "LEAK", "interval", "compare", "span"]

ABOVE, BELOW, NEAR, UNDECIDED = "above", "below", "near", "undecided"
MARGIN = 0.10  # an effect smaller than this is "none"; an interval wider than the band around the reference decides nothing
TOO_FEW = "too few items to tell"
LEAK = ("below chance: a leak in the method (folds that are not independent, such as versions of one schema on both "
        "sides), not evidence either way")


def interval(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share measured on ``n`` items; (0, 1) for none."""
    return wilson(round(share * n), n)


def compare(share: float | None, n: int, reference: float | None, margin: float = MARGIN) -> str:
    """Where ``share`` (on ``n`` items) stands against ``reference``: ``ABOVE``, ``BELOW``, ``NEAR`` or ``UNDECIDED``."""
    if share is None or reference is None or n <= 0:
        return UNDECIDED
    low, high = interval(share, n)
    if low > reference:
        return ABOVE
    if high < reference:
        return BELOW
    if reference - margin <= low and high <= reference + margin:
        return NEAR
    return UNDECIDED


def span(share: float, n: int) -> str:
    """``"95% CI 41%-59%, n=300"``: the interval a verdict rests on, said beside it."""
    low, high = interval(share, n)
    return f"95% CI {low:.0%}-{high:.0%}, n={n:,}"
