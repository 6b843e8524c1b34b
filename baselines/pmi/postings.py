"""Exact window counts from positional postings, vectorised with numpy.

A document of n tokens has W = max(1, n - s + 1) windows (none when n = 0), window i holding tokens
[i, i + s). A token at position p lies in windows max(0, p - s + 1) .. min(p, W - 1). Numbering every
window of the corpus consecutively (document d's windows start at ``bases[d]``, the windows of the
documents before it), a term's windows are the union of one interval per occurrence, and a pair's
windows are the intersection of two such unions. Postings sorted by (document, position) give
intervals sorted by start with non-decreasing ends, which is what makes the sums below one pass.

Intervals here are half-open ``[start, stop)`` over global window numbers (int64).
"""
from __future__ import annotations

import numpy as np

__all__ = ["window_counts", "window_bases", "intervals", "union_sizes", "merge", "intersection_size", "ranges"]


def window_counts(lengths: np.ndarray, window: int) -> np.ndarray:
    """Windows per document: 0 for an empty one, else max(1, n - s + 1)."""
    n = np.asarray(lengths, dtype=np.int64)
    return np.where(n == 0, 0, np.maximum(1, n - window + 1))


def window_bases(lengths: np.ndarray, window: int) -> np.ndarray:
    """Global number of each document's first window (exclusive cumulative sum of the counts)."""
    counts = window_counts(lengths, window)
    bases = np.zeros(len(counts), dtype=np.int64)
    np.cumsum(counts[:-1], out=bases[1:])
    return bases


def intervals(docs: np.ndarray, positions: np.ndarray, lengths: np.ndarray, bases: np.ndarray, window: int):
    """``(start, stop)`` of the windows holding each occurrence (``docs`` index ``lengths``/``bases``)."""
    p = np.asarray(positions, dtype=np.int64)
    n = np.asarray(lengths[docs], dtype=np.int64)
    last = np.maximum(1, n - window + 1) - 1  # a document holding an occurrence is not empty
    base = bases[docs]
    return base + np.maximum(0, p - window + 1), base + np.minimum(p, last) + 1


def union_sizes(start: np.ndarray, stop: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Size of the union of each group's intervals; group g is ``[offsets[g], offsets[g+1])``, non-empty.

    Within a group the starts and stops are non-decreasing, so the part of interval j not covered
    by the ones before it is ``[max(start_j, stop_{j-1}), stop_j)``.
    """
    if len(start) == 0:
        return np.zeros(len(offsets) - 1, dtype=np.int64)
    prev = np.empty_like(stop)
    prev[0] = 0
    prev[1:] = stop[:-1]
    prev[offsets[:-1]] = 0  # each group starts afresh
    fresh = np.maximum(0, stop - np.maximum(start, prev))
    return np.add.reduceat(fresh, offsets[:-1])


def merge(start: np.ndarray, stop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Disjoint intervals covering the same windows (input sorted by start, stops non-decreasing)."""
    if len(start) == 0:
        return start, stop
    new = np.empty(len(start), dtype=bool)
    new[0] = True
    new[1:] = start[1:] > stop[:-1]
    first = np.flatnonzero(new)
    last = np.append(first[1:] - 1, len(start) - 1)
    return start[first], stop[last]


def intersection_size(s1: np.ndarray, e1: np.ndarray, s2: np.ndarray, e2: np.ndarray) -> int:
    """Number of windows in both unions, each given as sorted disjoint intervals.

    With F(x) = |U1 ∩ [0, x)|, a piecewise-linear function read off U1 by binary search, the answer
    is the sum of F(e) - F(s) over U2's intervals.
    """
    if len(s1) == 0 or len(s2) == 0:
        return 0
    sizes = e1 - s1
    before = np.zeros(len(s1), dtype=np.int64)
    np.cumsum(sizes[:-1], out=before[1:])

    def covered(x: np.ndarray) -> np.ndarray:
        k = np.searchsorted(s1, x, side="right") - 1
        inside = k >= 0
        kk = np.maximum(k, 0)
        return np.where(inside, before[kk] + np.minimum(x - s1[kk], sizes[kk]), 0)

    return int((covered(e2) - covered(s2)).sum())


def ranges(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The concatenation of ``arange(lo[i], hi[i])`` for all i, without a Python loop."""
    sizes = np.asarray(hi, dtype=np.int64) - lo
    heads = np.zeros(len(sizes), dtype=np.int64)
    np.cumsum(sizes[:-1], out=heads[1:])
    return np.arange(int(sizes.sum()), dtype=np.int64) + np.repeat(lo - heads, sizes)
