"""Overlap (contamination) between corpora: which items of the evaluation corpora a model may have
seen in its training corpora, word for word or nearly.

Texts are compared after :func:`wino_toolkit.text.normalize`: Unicode NFKC, case-folded, every punctuation character
(Unicode category P, WinoGrande's blank ``_`` included) turned into a space, and the words joined
by single spaces; Chinese and Japanese characters count as one word each, since those languages
put no spaces between words. A target item (of the corpus evaluated on) overlaps a source item
(of the corpus trained on) as

* ``equal``: both normalised texts are the same;
* ``contains``: the source's text is a run of whole words of the target's (XWINO's English rows
  hold WSC sentences inside longer text);
* ``contained``: the target's text is a run of whole words of the source's;
* ``near``: none of these, but the Jaccard similarity of their sets of words is at least the
  threshold (0.9 by default: one word replaced among 19 distinct words or more, or one word added
  to 9 or more; so the two versions of a short schema mostly fall below it, those of a long
  WinoGrande schema reach it).

The first three are *exact* overlaps; containment counts only when the shorter text has at least
:data:`MIN_CONTAINED_WORDS` words, so that a stray short line does not match everything. Word
Jaccard, not character n-grams, because it reads as "share 90% of their words", is blind to
word order and tokenization (SuperGLUE's "Bernard , who"), and allows exact candidate generation:
words are ranked rarest first, and two sets with Jaccard >= t must share one of the first
``n - ceil(t * n) + 1`` words of each (prefix filtering, Chaudhuri et al. 2006), so only pairs
sharing a rare word are ever compared, and none is missed. Containment is found the same way
through the rarest word of the shorter text. An item is never compared with itself (the same
object on both sides: ``overlap(items, items)``), so a corpus against itself lists its internal
duplicates; items are otherwise compared by content whatever their ids, so a copy read from
another file (WinoGrande's train_s inside train_l, under the same corpus, split and id) overlaps.

Translations share no words with their English original, so text alone misses them (PWS's 1,868
translated items of WSC schemas). A second route, ``parallel``, compares the schema version an item
translates: its parallel key (:mod:`wino_toolkit.parallel`, ``meta["parallel"]`` of PWS and XWINO
items) or, for an English item of a corpus without one (the WSC XML, DPR), the key of its own text.
A target overlaps a source by this route when their keys are equal, or when another target item
with its key overlaps that source exactly by text (XWINO's English row holds the WSC sentence
inside longer text; its translations then overlap too). Every translation of a row in a parallel
corpus overlaps the others, so a parallel corpus against itself overlaps entirely. An item that
overlaps both ways counts by text.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from wino_toolkit.errors import ParameterError
from wino_toolkit.parallel import PARALLEL, parallel_key
from wino_toolkit.schema import Item
from wino_toolkit.text import normalize

__all__ = ["overlap", "OverlapReport", "Pair", "EXACT", "KINDS", "MIN_CONTAINED_WORDS", "item_key"]

#: kinds of exact overlap by text, strongest first
EXACT = ("equal", "contains", "contained")
#: every kind, strongest first: exact by text, the same schema version by parallel key, near by text
KINDS = (*EXACT, "parallel", "near")
MIN_CONTAINED_WORDS = 5


def item_key(item: Item) -> str | None:
    """The schema version ``item`` is: its parallel key, else (English only) the key of its own text."""
    key = item.meta.get(PARALLEL) if isinstance(item.meta, dict) else None
    if isinstance(key, str):
        return key
    return parallel_key(item.text) if item.language.split("-")[0].lower() == "en" else None


@dataclass(eq=False)
class Pair:
    """A target item that overlaps a source item: how (``kind``) and their word Jaccard similarity."""

    target: Item
    source: Item
    kind: str
    similarity: float

    @property
    def route(self) -> str:
        """``"parallel key"`` for a translation of the source's schema version, else ``"text"``."""
        return "parallel key" if self.kind == "parallel" else "text"

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target.id, "target_corpus": self.target.corpus, "source": self.source.id,
                "source_corpus": self.source.corpus, "kind": self.kind, "route": self.route,
                "similarity": round(self.similarity, 4)}


@dataclass
class OverlapReport:
    """Counts per target corpus and language, and every overlapping pair.

    ``counts[corpus]`` is ``{"items", "exact", "parallel", "near", "languages": {language: {"items",
    "exact", "parallel", "near"}}}``: each overlapping item counts once, under its strongest kind
    (:data:`KINDS`): ``exact`` and ``near`` by text, ``parallel`` by parallel key only (a translation).
    ``sources`` counts the items compared against, per corpus.
    """

    counts: dict[str, dict[str, Any]]
    sources: dict[str, int]
    pairs: list[Pair]
    threshold: float

    def ids(self, *, near: bool = True) -> set[tuple[str, str | None, str]]:
        """``(corpus, split, id)`` of every overlapping target (without near-duplicates with ``near=False``)."""
        return {_key(p.target) for p in self.pairs if near or p.kind != "near"}

    def routes(self) -> dict[tuple[str, str | None, str], str]:
        """The route of each overlapping target, ``(corpus, split, id)`` → ``"text"`` or ``"parallel key"``:
        ``"text"`` when any of its pairs matches by text, as its count in :attr:`counts` does."""
        found: dict[tuple[str, str | None, str], str] = {}
        for p in self.pairs:
            if found.get(_key(p.target)) != "text":
                found[_key(p.target)] = p.route
        return found

    def to_json(self, *, details: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"threshold": self.threshold, "against": self.sources, "overlap": self.counts}
        if details:
            out["pairs"] = [p.to_dict() for p in self.pairs]
        return out

    def table(self) -> Any:
        """A rich table: one row per target corpus and language."""
        from rich.table import Table

        table = Table(title=f"overlap with {', '.join(self.sources)} (near: word Jaccard >= {self.threshold:g})",
                      caption="exact, near: by text; parallel: by parallel key only (a translation of a source's schema)")
        for name in ("corpus", "language", "items", "exact", "near", "parallel", "overlapping"):
            table.add_column(name, justify="left" if name in ("corpus", "language") else "right")
        for corpus, row in self.counts.items():
            for language, counts in row["languages"].items():
                found = counts["exact"] + counts["near"] + counts["parallel"]
                share = found / counts["items"] if counts["items"] else 0.0
                table.add_row(corpus, language, str(counts["items"]), str(counts["exact"]), str(counts["near"]),
                              str(counts["parallel"]), f"{share:.1%}")
        return table


def _key(item: Item) -> tuple[str, str | None, str]:
    return item.corpus, item.split, item.id


class _Texts:
    """Normalised texts of one side, their word sets, and which ones hold each word."""

    def __init__(self, items: list[Item]):
        self.items = items
        self.norms = [normalize(item.text) for item in items]
        self.words = [frozenset(norm.split()) for norm in self.norms]
        self.lengths = [norm.count(" ") + 1 if norm else 0 for norm in self.norms]
        self.holding: dict[str, list[int]] = defaultdict(list)
        for i, words in enumerate(self.words):
            for word in words:
                self.holding[word].append(i)


def overlap(targets: Iterable[Item], sources: Iterable[Item], *, threshold: float = 0.9) -> OverlapReport:
    """Which ``targets`` overlap which ``sources``, exactly or nearly (see the module's docstring)."""
    if not 0 < threshold <= 1:
        raise ParameterError(f"threshold {threshold} is not within (0, 1]")
    t, s = _Texts(list(targets)), _Texts(list(sources))
    frequency = Counter({w: len(ids) for w, ids in t.holding.items()})
    frequency.update({w: len(ids) for w, ids in s.holding.items()})
    rank = {w: r for r, w in enumerate(sorted(frequency, key=lambda w: (frequency[w], w)))}
    found: dict[tuple[int, int], str] = {}

    def note(ti: int, si: int, kind: str) -> None:
        if t.items[ti] is s.items[si]:
            return
        old = found.get((ti, si))
        if old is None or _strength(kind) < _strength(old):
            found[ti, si] = kind

    by_text: dict[str, list[int]] = defaultdict(list)
    for si, norm in enumerate(s.norms):
        if norm:
            by_text[norm].append(si)
    for ti, norm in enumerate(t.norms):
        for si in by_text.get(norm, ()):
            note(ti, si, "equal")
    for inner, outer, kind in ((s, t, "contains"), (t, s, "contained")):
        for i, norm in enumerate(inner.norms):
            if inner.lengths[i] < MIN_CONTAINED_WORDS:
                continue
            rarest = min(inner.words[i], key=rank.__getitem__)
            padded = f" {norm} "
            for j in outer.holding.get(rarest, ()):
                if outer.lengths[j] > inner.lengths[i] and padded in f" {outer.norms[j]} ":
                    note(*((j, i) if kind == "contains" else (i, j)), kind)
    for ti, si in _similar(t, s, rank, threshold):
        note(ti, si, "near")
    _parallel(t.items, s.items, found, note)
    pairs = [Pair(t.items[ti], s.items[si], kind, _jaccard(t.words[ti], s.words[si])) for (ti, si), kind in sorted(found.items())]
    return OverlapReport(_counts(t.items, pairs), dict(Counter(item.corpus for item in s.items)), pairs, threshold)


def _parallel(targets: list[Item], sources: list[Item], found: dict[tuple[int, int], str],
              note: Callable[[int, int, str], None]) -> None:
    """Note the overlaps by parallel key: equal keys, and the target items sharing a key with a target that
    overlaps a source exactly by text."""
    keys = [item_key(item) for item in targets]
    holding: dict[str, list[int]] = defaultdict(list)
    for si, item in enumerate(sources):
        if (key := item_key(item)) is not None:
            holding[key].append(si)
    group: dict[str, list[int]] = defaultdict(list)
    for ti, key in enumerate(keys):
        if key is not None:
            group[key].append(ti)
            for si in holding.get(key, ()):
                note(ti, si, "parallel")
    for (ti, si), kind in list(found.items()):
        if kind in EXACT and keys[ti] is not None:
            for other in group[keys[ti]]:
                note(other, si, "parallel")


def _strength(kind: str) -> int:
    return KINDS.index(kind)


def _jaccard(a: frozenset, b: frozenset) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def _prefix(words: frozenset, rank: dict[str, int], threshold: float) -> list[str]:
    """The rarest ``n - ceil(t * n) + 1`` words: a set with Jaccard >= t shares one of them."""
    n = len(words)
    need = math.ceil(threshold * n - 1e-9)
    return sorted(words, key=rank.__getitem__)[: n - need + 1]


def _similar(t: _Texts, s: _Texts, rank: dict[str, int], threshold: float) -> Iterable[tuple[int, int]]:
    """Pairs (target, source) whose word sets have Jaccard >= ``threshold``, by prefix filtering."""
    index: dict[str, list[int]] = defaultdict(list)
    for si, words in enumerate(s.words):
        for word in _prefix(words, rank, threshold):
            index[word].append(si)
    for ti, words in enumerate(t.words):
        if not words:
            continue
        n = len(words)
        candidates = {si for word in _prefix(words, rank, threshold) for si in index.get(word, ())}
        for si in sorted(candidates):
            m = len(s.words[si])
            if threshold * n <= m + 1e-9 and threshold * m <= n + 1e-9 and _jaccard(words, s.words[si]) >= threshold - 1e-9:
                yield ti, si


def _counts(targets: list[Item], pairs: list[Pair]) -> dict[str, dict[str, Any]]:
    strongest: dict[int, int] = {}  # by the target object: two files may hold the same ids
    for p in pairs:
        strongest[id(p.target)] = min(strongest.get(id(p.target), len(KINDS)), _strength(p.kind))
    kind = {key: "exact" if rank < len(EXACT) else KINDS[rank] for key, rank in strongest.items()}
    counts: dict[str, dict[str, Any]] = {}
    for item in targets:
        row = counts.setdefault(item.corpus, {"items": 0, "exact": 0, "parallel": 0, "near": 0, "languages": {}})
        cell = row["languages"].setdefault(item.language, {"items": 0, "exact": 0, "parallel": 0, "near": 0})
        found = kind.get(id(item))
        for counter in (row, cell):
            counter["items"] += 1
            if found:
                counter[found] += 1
    return counts
