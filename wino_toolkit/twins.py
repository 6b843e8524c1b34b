"""Twin groups: which items are versions of one schema, and which words tell them apart."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .schema import Item
from .tokens import local_tokens, single_token, token_spans

__all__ = ["trigger_diff", "link_twins", "TwinReport", "twin_report"]


def trigger_diff(a: str, b: str, language: str = "en") -> tuple[str, str]:
    """The differing middle of two near-identical texts, cut at token boundaries.

    Twins differ in one place ("too large" / "too small"), so stripping the longest common token
    prefix and suffix finds the trigger words in linear time; a difference in several places
    yields everything between the first and last difference. Where tokens never span whitespace
    (every language but Chinese, whose segmentation is not local), only the stretch between the
    whitespace around the character-level difference is tokenized, which gives the same answer
    whenever the token-level difference starts inside that stretch (otherwise everything is).
    """
    if a == b:
        return "", ""
    if local_tokens(language):
        p = _common_prefix(a, b)
        q = _common_suffix(a, b, min(len(a), len(b)) - p)
        start = _last_space_before(a, p)
        end_a, end_b = _first_space_from(a, len(a) - q), _first_space_from(b, len(b) - q)
        wa, wb = a[start:end_a], b[start:end_b]
        if wa != wb and single_token(wa, language) and single_token(wb, language):
            return wa, wb  # the usual twin: one word against one word ("faster" / "slower")
        found = _token_diff(wa, wb, language)
        if found is not None:
            return found
    return _token_diff(a, b, language, whole=True)


_SPACE = re.compile(r"\s")


def _common_suffix(a: str, b: str, most: int) -> int:
    """Length of the common suffix, at most ``most``, by bisection like :func:`_common_prefix`."""
    lo, hi, na, nb = 0, most, len(a), len(b)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[na - mid :] == b[nb - mid :]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _common_prefix(a: str, b: str) -> int:
    """Length of the common prefix, by bisection over slice comparisons (each one in C)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _last_space_before(text: str, end: int) -> int:
    """Index just past the last whitespace character before ``end`` (0 when there is none)."""
    k = end - 1
    while k >= 0 and not text[k].isspace():
        k -= 1
    return k + 1


def _first_space_from(text: str, start: int) -> int:
    """Index of the first whitespace character at or after ``start`` (the length when there is none)."""
    found = _SPACE.search(text, start)
    return found.start() if found else len(text)


def _token_diff(a: str, b: str, language: str, whole: bool = False) -> tuple[str, str] | None:
    """The token diff of ``a`` and ``b``; ``None`` for a window whose common prefix runs to its end
    (there the whole texts' prefix could go on into the common suffix, so the window cannot say)."""
    sa, sb = token_spans(a, language), token_spans(b, language)
    ta, tb = [a[s:e] for s, e in sa], [b[s:e] for s, e in sb]
    i = 0
    while i < len(ta) and i < len(tb) and ta[i] == tb[i]:
        i += 1
    if not whole and i == min(len(ta), len(tb)):
        return None
    j = 0
    while j < len(ta) - i and j < len(tb) - i and ta[-1 - j] == tb[-1 - j]:
        j += 1

    def middle(text: str, spans: list[tuple[int, int]], n: int) -> str:
        inner = spans[i : n - j]
        return text[inner[0][0] : inner[-1][1]] if inner else ""

    return middle(a, sa, len(ta)), middle(b, sb, len(tb))


def link_twins(items: Iterable[Item]) -> Iterator[Item]:
    """Fill ``triggers`` of consecutive items that share a twin group, streaming.

    Sources list a schema's versions next to each other (WSC, DPR, WinoGrande, Mandarinograd), so
    only one group is held in memory. Items whose ``triggers`` are already set keep them.
    """
    group: list[Item] = []
    for item in items:
        twin = getattr(item, "twin", None)
        if group and (twin is None or twin != group[0].twin):
            yield from _fill(group)
            group = []
        if twin is None:
            yield item
        else:
            group.append(item)
    yield from _fill(group)


def _fill(group: list[Item]) -> list[Item]:
    if len(group) == 2 and not (group[0].triggers or group[1].triggers):
        first, second = group
        mine, theirs = trigger_diff(first.text, second.text, first.language)
        first.triggers, second.triggers = ([mine] if mine else []), ([theirs] if theirs else [])
    elif len(group) >= 2:
        for k, item in enumerate(group):
            if item.triggers:
                continue
            other = group[1] if k == 0 else group[0]
            mine, _ = trigger_diff(item.text, other.text, item.language)
            item.triggers = [mine] if mine else []
    return group


@dataclass
class TwinReport:
    """How a corpus's items fall into twin groups."""

    groups: Counter = field(default_factory=Counter)  # group size -> number of groups
    singletons: list[str] = field(default_factory=list)  # ids of items without a twin
    larger: dict[str, list[str]] = field(default_factory=dict)  # groups of 3+ (WSC's 252-254 triplet)

    @property
    def twins(self) -> int:
        return self.groups.get(2, 0)

    @property
    def schemas(self) -> int:
        return sum(self.groups.values())


def twin_report(items: Iterable[Item]) -> TwinReport:
    members: dict[tuple[str, str], list[str]] = {}
    for item in items:
        key = (item.corpus, item.twin if item.twin is not None else "\0" + item.id)
        members.setdefault(key, []).append(item.id)
    report = TwinReport()
    for ids in members.values():
        report.groups[len(ids)] += 1
        if len(ids) == 1:
            report.singletons.append(ids[0])
        elif len(ids) > 2:
            report.larger[ids[0]] = ids
    return report
