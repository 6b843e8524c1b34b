"""One batch of documents indexed, and the bookkeeping every way of running batches shares: what a worker needs
(:class:`Spec`), what the build reports (:class:`BuildProgress`, :class:`Tally`). Below both the build
(:mod:`.index`) and the runners that deal batches out to processes or a cluster (:mod:`.runners`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from wino_toolkit.errors import WinoError

from .partials import Partial
from .postings import intervals, union_sizes, window_bases, window_counts
from .segment import segmenter_from_spec

__all__ = ["Spec", "BuildProgress", "Progress", "Tally", "index_batch"]


@dataclass(frozen=True)
class BuildProgress:
    """What ``build_index`` reports to its ``progress`` callback after every batch."""

    docs: int  # documents indexed (or found indexed by an earlier, interrupted run)
    tokens: int
    bytes_done: int  # input bytes behind those documents (compressed bytes for .bz2)
    bytes_total: int  # all inputs' sizes
    resumed: bool = False  # this batch was indexed by an earlier run (rates should leave it out)


Progress = Callable[[BuildProgress], None]


@dataclass(frozen=True)
class Spec:
    """What a worker needs to segment and index a batch (picklable, sent with every task)."""

    language: str
    window: int
    user_dict: str | None = None  # the dictionary's text: remote workers need not see the file
    accelerator: str | None = None


class Tally:
    """Documents, tokens and input bytes done so far, reported to a ``progress`` callback."""

    def __init__(self, progress: Progress | None, bytes_total: int):
        self.progress = progress
        self.bytes_total = bytes_total
        self.docs = self.tokens = self.bytes_done = 0

    def add(self, docs: int, tokens: int, nbytes: int, *, resumed: bool = False) -> None:
        self.docs += docs
        self.tokens += tokens
        self.bytes_done += nbytes
        if self.progress is not None:
            self.progress(BuildProgress(self.docs, self.tokens, self.bytes_done, self.bytes_total, resumed))


def index_batch(spec: Spec, first_doc: int, texts: list[str]) -> Partial:
    """Segment and index one batch: postings grouped by term (sorted), then by document and position."""
    seg = segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator)
    enc = seg.encode(texts)
    ids, lengths = enc.ids, enc.lengths
    counts = np.bincount(ids, minlength=1)
    used = np.flatnonzero(counts)
    names = [enc.terms[i] for i in used.tolist()]
    order = sorted(range(len(names)), key=names.__getitem__)
    terms = [names[i] for i in order]
    local = np.zeros(len(counts), dtype=np.int64)
    local[used[order]] = np.arange(len(order))
    n = len(ids)
    # a unique key per token makes the fast unstable sort give the stable order (term, then position)
    perm = np.argsort(local[ids] * n + np.arange(n), kind="quicksort") if n else np.zeros(0, np.int64)
    starts = np.cumsum(lengths) - lengths
    doc = np.repeat(np.arange(len(lengths)), lengths)[perm]
    pos = (np.arange(n) - np.repeat(starts, lengths))[perm]
    offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(counts[used[order]], out=offsets[1:])
    start, stop = intervals(doc, pos, lengths, window_bases(lengths, spec.window), spec.window)
    df = union_sizes(start, stop, offsets) if n else np.zeros(0, np.int64)
    if first_doc + len(lengths) > 2**32 or (len(lengths) and lengths.max() >= 2**32):
        raise WinoError("more than 2^32 documents or tokens in one document: beyond index format 1")
    return Partial(terms, offsets, df.astype(np.int64), (doc + first_doc).astype(np.uint32), pos.astype(np.uint32),
                   lengths.astype(np.uint32), int(window_counts(lengths, spec.window).sum()), enc.chars)
