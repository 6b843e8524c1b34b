"""Query a PMI index: window counts and PMI of word pairs, exact, from memory-mapped postings.

Every method takes words as a user writes them ("paid", "數學") and normalises them the way the
index's tokens were (OpenCC t2s + lower-case for Chinese, lower-cased lookup lemma elsewhere);
normalising is idempotent, so already-normalised terms are fine too. One limit: OpenCC converts
phrases in context, so a handful of index terms (4 of 28,000 on the zhwiki samples, e.g. 於 kept
in a name) differ from what the same word converts to on its own (于).

>>> idx = PMIIndex.open("enwiki.idx")  # doctest: +SKIP
>>> idx.pmi("paid", "college")  # doctest: +SKIP
2.31...
"""
from __future__ import annotations

import json
import math
import mmap
import os
import warnings
from pathlib import Path

import numpy as np

from wino_toolkit.errors import WinoError

from .index import ARRAYS, FORMAT, VERSION
from .postings import intersection_size, intervals, merge, ranges, window_bases
from .segment import segmenter_from_spec

__all__ = ["PMIIndex"]

# restrict the longer postings list to the shorter one's documents by binary search when it has
# this many times more occurrences than the other has documents; else read it whole
_SEEK_RATIO = 16


class PMIIndex:
    """An index built by :func:`~wino_toolkit.baselines.pmi.index.build_index`, opened read-only.

    A pair count reads both terms' postings, restricted to the rarer term's documents when the
    other list is much longer (binary search), turns each occurrence into the interval of windows
    holding it and intersects the two unions: O(m log m) in the occurrences read, 0.1 ms for
    median-frequency terms, a few ms for the most frequent ones of a 6 M-token corpus.
    """

    def __init__(self, path: Path, meta: dict, arrays: dict[str, np.ndarray], vocab: mmap.mmap):
        self.path = path
        self.meta = meta
        self.language: str = meta["language"]
        self.window: int = meta["window"]
        self.n_docs: int = meta["n_docs"]
        self.n_tokens: int = meta["n_tokens"]
        self.n_windows: int = meta["n_windows"]
        self.n_terms: int = meta["n_terms"]
        self.signature: str = meta["segmenter"]
        self.checksum: str = meta["checksum"]
        self._a = arrays
        self._vocab = vocab
        self._bases: np.ndarray | None = None
        self._seg = None

    @classmethod
    def open(cls, path: str | os.PathLike) -> PMIIndex:
        """Open the index directory ``path`` (arrays are memory-mapped, nothing is loaded)."""
        path = Path(path)
        meta_path = path / "meta.json"
        if not meta_path.exists():
            hint = " (an unfinished build: rerun it to resume)" if (path / "partial").exists() else ""
            raise WinoError(f"{path}: not a PMI index, no meta.json{hint}")
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise WinoError(f"{meta_path}: unreadable ({exc})") from exc
        if meta.get("format") != FORMAT or meta.get("version") != VERSION:
            raise WinoError(f"{path}: format {meta.get('format')!r} version {meta.get('version')!r}, "
                            f"expected {FORMAT!r} version {VERSION}")
        try:
            arrays = {name[:-4]: np.load(path / name, mmap_mode="r") for name in ARRAYS}
            with open(path / "vocab.txt", "rb") as fh:
                vocab = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) if meta["n_terms"] else b""
        except (OSError, ValueError) as exc:
            raise WinoError(f"{path}: damaged index ({exc})") from exc
        if len(arrays["df"]) != meta["n_terms"] or len(arrays["post_doc"]) != meta["n_tokens"]:
            raise WinoError(f"{path}: array sizes disagree with meta.json (damaged index)")
        return cls(path, meta, arrays, vocab)

    def close(self) -> None:
        """Release the memory maps (the object is unusable afterwards)."""
        if isinstance(self._vocab, mmap.mmap):
            self._vocab.close()
        self._a = {}

    def __enter__(self) -> PMIIndex:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return (f"<PMIIndex {self.path} {self.language} window={self.window} docs={self.n_docs:,} "
                f"tokens={self.n_tokens:,} terms={self.n_terms:,}>")

    # --- terms ----------------------------------------------------------------------------------

    def normalize(self, term: str) -> str:
        """``term`` as the index spells it (the segmenter's normalisation, without splitting)."""
        if self._seg is None:
            self._seg = segmenter_from_spec(self.language)
            wanted = self.meta.get("normalizer")
            if wanted and wanted != self._seg.normalizer:
                warnings.warn(f"{self.path} normalised terms with {wanted}, this installation with "
                              f"{self._seg.normalizer}: some words may be missed", stacklevel=2)
        return self._seg.term(term)

    def term_id(self, term: str, *, normalized: bool = False) -> int | None:
        """Row of ``term`` in the vocabulary, or None (binary search in the memory-mapped vocab.txt)."""
        key = (term if normalized else self.normalize(term)).encode("utf-8")
        offsets, vocab = self._a["vocab_offsets"], self._vocab
        lo, hi = 0, self.n_terms
        while lo < hi:
            mid = (lo + hi) // 2
            found = vocab[int(offsets[mid]):int(offsets[mid + 1]) - 1]
            if found < key:
                lo = mid + 1
            elif found > key:
                hi = mid
            else:
                return mid
        return None

    def has(self, term: str) -> bool:
        return self.term_id(term) is not None

    __contains__ = has

    def terms(self):
        """Every term, in id order (streams vocab.txt)."""
        with open(self.path / "vocab.txt", encoding="utf-8") as fh:
            for line in fh:
                yield line.rstrip("\n")

    def occurrences(self, term: str) -> int:
        """Tokens equal to ``term`` in the corpus."""
        i = self.term_id(term)
        return 0 if i is None else int(self._a["offsets"][i + 1] - self._a["offsets"][i])

    # --- counts ---------------------------------------------------------------------------------

    def windows_with(self, term: str) -> int:
        """Windows containing ``term`` (0 when it is not in the vocabulary)."""
        i = self.term_id(term)
        return 0 if i is None else int(self._a["df"][i])

    def windows_with_both(self, a: str, b: str) -> int:
        """Windows containing both ``a`` and ``b``, counted exactly from the postings."""
        i, j = self.term_id(a), self.term_id(b)
        if i is None or j is None:
            return 0
        return self._both(i, j)

    def pmi(self, a: str, b: str) -> float:
        """log2(P(a, b) / (P(a) P(b))); ``-inf`` when they share no window, ``nan`` when a term is unknown."""
        i, j = self.term_id(a), self.term_id(b)
        if i is None or j is None:
            return math.nan
        both = self._both(i, j)
        if both == 0:
            return -math.inf
        df = self._a["df"]
        return math.log2(both * self.n_windows / (int(df[i]) * int(df[j])))

    def _both(self, i: int, j: int) -> int:
        if i == j:
            return int(self._a["df"][i])
        (di, pi), (dj, pj) = self._postings(i), self._postings(j)
        if len(di) > len(dj):
            (di, pi), (dj, pj) = (dj, pj), (di, pi)
        di, pi = np.asarray(di), np.asarray(pi)
        heads = np.flatnonzero(np.diff(di.astype(np.int64), prepend=-1))  # first occurrence in each document
        docs = di[heads]  # uint32 like dj: a search with another dtype would convert all of dj
        if len(dj) > _SEEK_RATIO * len(docs):
            lo = np.searchsorted(dj, docs, side="left")
            hi = np.searchsorted(dj, docs, side="right")
            shared = hi > lo
            take = ranges(lo[shared], hi[shared])
            dj, pj = np.asarray(dj[take]), np.asarray(pj[take])
            mine = np.repeat(shared, np.diff(np.append(heads, len(di))))
            di, pi = di[mine], pi[mine]
        else:
            dj, pj = np.asarray(dj), np.asarray(pj)
        if len(di) == 0 or len(dj) == 0:
            return 0
        lengths, bases = self._a["doc_len"], self._window_bases()
        s1, e1 = merge(*intervals(di, pi, lengths, bases, self.window))
        s2, e2 = merge(*intervals(dj, pj, lengths, bases, self.window))
        return intersection_size(s1, e1, s2, e2)

    def _postings(self, i: int):
        offsets = self._a["offsets"]
        lo, hi = int(offsets[i]), int(offsets[i + 1])
        return self._a["post_doc"][lo:hi], self._a["post_pos"][lo:hi]

    def _window_bases(self) -> np.ndarray:
        if self._bases is None:  # n_docs int64s, computed once per open index
            self._bases = window_bases(np.asarray(self._a["doc_len"]), self.window)
        return self._bases
