"""How true and false knowledge sentences differ (WinoLogic's Table 1), and where WinoLogic meets WSC.

The statistics are over (true, false) sentence pairs, on words (``\\w+`` lower-cased): Jaccard
similarity of the two word sets, word-level edit distance, and the length difference in words
(false minus true). Small differences are the point of WinoLogic's design: a false sentence
should look like the true one, so only reasoning tells them apart.
"""
from __future__ import annotations

import difflib
import re
import statistics
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from wino_toolkit.schema import Item
from wino_toolkit.text import normalize

__all__ = ["words", "jaccard", "edit_distance", "PairStats", "pair_stats", "winologic_pairs", "Link", "link_items", "normalise", "coverage", "rendered_pairs", "pair_stats_table"]

_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """Lower-cased ``\\w+`` runs. WinoLogic is English and its Table 1 figures in BENCHMARKS.md are measured on
    these; :func:`wino_toolkit.tokens.words` would keep "couldn't" one word and move them (Jaccard 0.919 to 0.915)."""
    return _WORD.findall(text.lower())


def jaccard(a: str, b: str) -> float:
    sa, sb = set(words(a)), set(words(b))
    return len(sa & sb) / len(sa | sb) if sa | sb else 1.0


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two sequences (insert, delete, substitute each cost 1)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


@dataclass(frozen=True)
class PairStats:
    """Means (and standard deviations) over true/false pairs; ``group`` is e.g. a transformation."""

    group: str
    pairs: int
    jaccard: float
    jaccard_sd: float
    edit_distance: float
    edit_distance_sd: float
    length_difference: float  # false minus true, in words
    abs_length_difference: float
    true_length: float

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def pair_stats(pairs: Iterable[tuple[str, str, str]]) -> list[PairStats]:
    """Statistics of ``(true, false, group)`` triples: one row for all, then one per group."""
    rows: dict[str, list[tuple[float, int, int, int]]] = {}
    for true, false, group in pairs:
        t, f = words(true), words(false)
        measured = (jaccard(true, false), edit_distance(t, f), len(f) - len(t), len(t))
        rows.setdefault("all", []).append(measured)
        rows.setdefault(group, []).append(measured)
    out = []
    for group, values in rows.items():
        j, e, d, n = zip(*values)
        out.append(PairStats(group, len(values), statistics.fmean(j), _sd(j), statistics.fmean(e), _sd(e),
                             statistics.fmean(d), statistics.fmean(abs(x) for x in d), statistics.fmean(n)))
    return out


def pair_stats_table(rows: Iterable[tuple[str, PairStats]], signature: str) -> Any:
    """A rich table of ``(source, row)`` pairs of :func:`pair_stats` rows, the signature as its caption."""
    from rich.table import Table

    table = Table(title="true vs false knowledge sentences (WinoLogic Table 1 statistics, on words)", caption=signature)
    for column in ("source", "group", "pairs", "Jaccard", "edit distance", "length diff", "|length diff|", "true length"):
        table.add_column(column, justify="left" if column in ("source", "group") else "right")
    for source, r in rows:
        table.add_row(source, r.group, str(r.pairs), f"{r.jaccard:.3f} ± {r.jaccard_sd:.3f}",
                      f"{r.edit_distance:.2f} ± {r.edit_distance_sd:.2f}", f"{r.length_difference:+.2f}",
                      f"{r.abs_length_difference:.2f}", f"{r.true_length:.1f}")
    return table


def _sd(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def winologic_pairs(items: Iterable[Item]) -> list[tuple[str, str, str]]:
    """(true, false, "winologic") sentence pairs of a WinoLogic corpus: each false sentence with the
    most similar true sentence given for the same context (records of one context come together)."""
    groups: dict[str, list[Item]] = {}
    for item in items:
        if len(item.knowledge) == 1 and item.knowledge[0].label is not None:
            groups.setdefault(item.text, []).append(item)
    out = []
    for group in groups.values():
        true = [i.knowledge[0].text for i in group if i.knowledge[0].label]
        for item in group:
            if not item.knowledge[0].label and true:
                sentence = item.knowledge[0].text
                out.append((max(true, key=lambda t: jaccard(t, sentence)), sentence, "winologic"))
    return out


# -- linking WinoLogic records to WSC items ----------------------------------------------------


def normalise(text: str) -> str:
    """A referent's text for comparing its words: NFKC (no-break spaces become spaces), straight quotes, one space,
    lower case. Unlike :func:`wino_toolkit.text.normalize` (which links the texts) it keeps punctuation, so that a
    possessive's "'s" can be taken off ("Tina's drawing" is Tina)."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}))
    return " ".join(text.split()).lower()


@dataclass(frozen=True)
class Link:
    record: str  # id of the WinoLogic item
    item: str | None  # id of the WSC item it belongs to, None when none was found
    method: str | None  # "exact" (after normalising) or "fuzzy"
    score: float
    answer_agrees: bool | None  # the claimed referent is the WSC item's answer


def link_items(records: Iterable[Item], targets: Iterable[Item], fuzzy: float = 0.9) -> list[Link]:
    """Each record's WSC item: the same text after :func:`wino_toolkit.text.normalize` (the toolkit's one form for
    comparing texts across corpora: punctuation and case do not count), else the most similar such text at ``fuzzy``
    or above."""
    by_text: dict[str, list[Item]] = {}
    for item in targets:
        by_text.setdefault(normalize(item.text), []).append(item)
    texts = list(by_text)
    cache: dict[str, tuple[str | None, str | None, float]] = {}
    out = []
    for record in records:
        key = normalize(record.text)
        if key not in cache:
            if key in by_text:
                cache[key] = (key, "exact", 1.0)
            else:
                best, score = None, 0.0
                for candidate in texts:
                    matcher = difflib.SequenceMatcher(None, key, candidate, autojunk=False)
                    if matcher.real_quick_ratio() >= fuzzy and matcher.quick_ratio() >= fuzzy:
                        ratio = matcher.ratio()
                        if ratio > score:
                            best, score = candidate, ratio
                cache[key] = (best, "fuzzy", score) if best is not None and score >= fuzzy else (None, None, 0.0)
        text, method, score = cache[key]
        if text is None:
            out.append(Link(record.id, None, None, 0.0, None))
            continue
        claimed = record.candidates[record.answer].text if record.answer is not None else None
        matches = by_text[text]
        verdicts = [_agrees(claimed, t) for t in matches]
        chosen, agrees = next(((t, v) for t, v in zip(matches, verdicts) if v), (matches[0], verdicts[0]))
        out.append(Link(record.id, chosen.id, method, round(score, 4), agrees))
    return out


def _bare(phrase: str) -> set[str]:
    return set(words(re.sub(r"^(?:the|a|an)\s+|'s\b", "", normalise(phrase)))) - {"the", "a", "an", "his", "her", "their", "its"}


def _agrees(claimed: str | None, item: Item) -> bool | None:
    """Whether the record's claimed referent is the item's answer: the candidate it shares more words
    with ("Tina's drawing" is "Tina's", not "Sam's drawing"); None when that cannot tell."""
    if claimed is None or item.answer is None or len(item.candidates) != 2:
        return None
    said = _bare(claimed)
    right, wrong = (len(said & _bare(item.candidates[i].text)) for i in (item.answer, 1 - item.answer))
    return None if right == wrong else right > wrong


def coverage(links: Sequence[Link], formalized: Iterable[str]) -> dict[str, Any]:
    """How far the records reach the WSC items, and the items with a formalization."""
    formalized = set(formalized)
    linked = [link for link in links if link.item is not None]
    items = {link.item for link in linked}
    return {
        "records": len(links),
        "linked": len(linked),
        "exact": sum(link.method == "exact" for link in linked),
        "fuzzy": sum(link.method == "fuzzy" for link in linked),
        "unlinked": len(links) - len(linked),
        "items": len(items),
        "answer_agrees": sum(link.answer_agrees is True for link in linked),
        "answer_unclear": sum(link.answer_agrees is None for link in linked),
        "answer_disagrees": sum(link.answer_agrees is False for link in linked),
        "formalized_items": len(items & formalized),
        "formalized_records": sum(link.item in formalized for link in linked),
    }


def rendered_pairs(sentences: Iterable[Any], variant: str) -> list[tuple[str, str, str]]:
    """(true, false, transformation) pairs of rendered sentences in one variant: each false
    sentence with the true one it transforms (the item's first true one when it names none)."""
    true: dict[tuple[str, str], str] = {}
    first: dict[str, str] = {}
    chosen = [s for s in sentences if s.variant == variant]
    for s in chosen:
        if s.truth:
            true[(s.item, s.name)] = s.text
            first.setdefault(s.item, s.text)
    out = []
    for s in chosen:
        if not s.truth:
            source = true.get((s.item, s.of)) if s.of is not None else first.get(s.item)
            if source is not None:
                out.append((source, s.text, s.transformation or "false"))
    return out
