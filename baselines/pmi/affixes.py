"""Exact shortcuts for spaCy's affix regular expressions, the cost of tokenizing a new word.

spaCy compiles its prefixes, suffixes and infixes into three alternations of a few hundred
patterns (``^p1|^p2|...``, ``s1$|s2$|...``, ``i1|i2|...``). ``re`` tries every alternative at every
position, so deciding that ``"walked"`` has no suffix costs microseconds. But a suffix alternative
must end on the string's last character, a prefix alternative start on its first, and an infix
alternative start on some character of the string; most alternatives cannot (``,$`` never matches
a string ending in ``d``). This module reads, from each alternative's parsed form, the characters
it can start and end with, and searches only with the alternatives that can match, kept in their
original order: the result is the one the full expression gives (same match positions; group
numbers may differ, which spaCy never reads), for every input string. An alternative the analysis
cannot bound (a negated class, ``.``, a case-insensitive group, one that can match the empty
string, a prefix without ``^`` or a suffix without ``$``) is kept for every character, and an
expression it cannot split is used as it is. Infixes are only pre-checked: a string holding none of
the characters an infix can start with has none.

>>> import re
>>> suffix = filtered(re.compile(r"\\.$|(?<=[0-9])km$|,$").search, "end")
>>> suffix("5km").span(), suffix("walked") is None
((1, 3), True)
"""
from __future__ import annotations

import re
import sys
from bisect import bisect_right
from typing import Callable, Iterator

if sys.version_info >= (3, 11):
    from re import _constants as _c, _parser as _p
else:  # pragma: no cover - Python 3.10
    import sre_constants as _c
    import sre_parse as _p

__all__ = ["filtered", "split_alternatives", "edge_chars", "required_chars", "letters_can_match", "speed_up"]

_CACHE_LIMIT = 4096  # characters whose sub-expression is remembered, per search
_ZERO_WIDTH = {_c.AT, _c.ASSERT, _c.ASSERT_NOT}
_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT} | ({_c.POSSESSIVE_REPEAT} if hasattr(_c, "POSSESSIVE_REPEAT") else set())


class _Any(Exception):
    """The analysis cannot bound the characters (any character may occur there)."""


class CharSet:
    """A set of characters as sorted, merged code-point intervals (spaCy's classes span whole scripts)."""

    def __init__(self, intervals: list[tuple[int, int]]):
        merged: list[list[int]] = []
        for lo, hi in sorted(intervals):
            if merged and lo <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self._lo = [lo for lo, _ in merged]
        self._hi = [hi for _, hi in merged]

    def __contains__(self, char: str) -> bool:
        k = bisect_right(self._lo, ord(char)) - 1
        return k >= 0 and ord(char) <= self._hi[k]

    def caseless(self, limit: int = 1 << 16) -> bool:
        """Whether no member has another case form (so case-insensitive matching cannot widen the set)."""
        if sum(hi - lo + 1 for lo, hi in zip(self._lo, self._hi)) > limit:
            return False
        return all(chr(c).lower() == chr(c) == chr(c).upper() == chr(c).casefold()
                   for lo, hi in zip(self._lo, self._hi) for c in range(lo, hi + 1))

    def has_letter(self) -> bool:
        """Whether some member is a letter (``str.isalpha``); a range is scanned until one is found."""
        return any(chr(c).isalpha() for lo, hi in zip(self._lo, self._hi) for c in range(lo, hi + 1))


def split_alternatives(pattern: str) -> list[str]:
    """The top-level ``|`` branches of ``pattern`` (escapes, classes and groups respected)."""
    parts, depth, start, k, n = [], 0, 0, 0, len(pattern)
    while k < n:
        ch = pattern[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "[":  # a class: ']' right after '[' or '[^' is a literal, escapes skip a character
            k += 1
            if k < n and pattern[k] == "^":
                k += 1
            if k < n and pattern[k] == "]":
                k += 1
            while k < n and pattern[k] != "]":
                k += 2 if pattern[k] == "\\" else 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:k])
            start = k + 1
        k += 1
    parts.append(pattern[start:])
    return parts


def edge_chars(alternative: str, flags: int, *, last: bool, anchored: bool = False) -> CharSet | None:
    """Characters a match of ``alternative`` can start with (``last``: end with); None if unbounded.
    With ``anchored``, also None unless the alternative starts with ``^`` (``last``: ends with ``$``),
    so that its first (last) character is the string's."""
    try:
        items = list(_p.parse(alternative, flags))
        if anchored and not _is_anchored(items, last):
            return None
        chars, nullable = _edge(items, last)
    except (_Any, re.error, TypeError, ValueError):
        return None
    return None if nullable else CharSet(chars)


def _is_anchored(items: list, last: bool) -> bool:
    if not items:
        return False
    op, av = items[-1] if last else items[0]
    anchors = (_c.AT_END, _c.AT_END_STRING) if last else (_c.AT_BEGINNING, _c.AT_BEGINNING_STRING)
    return op is _c.AT and av in anchors


def _edge(items: list, last: bool) -> tuple[list[tuple[int, int]], bool]:
    """(intervals, nullable) of the first (last) consumed character of a parsed sequence."""
    found: list[tuple[int, int]] = []
    for op, av in (reversed(items) if last else items):
        if op in _ZERO_WIDTH:
            continue
        if op is _c.LITERAL:
            return found + [(av, av)], False
        if op is _c.IN:
            return found + _class(av), False
        if op is _c.SUBPATTERN:
            if av[1] & re.IGNORECASE:
                raise _Any
            chars, nullable = _edge(list(av[-1]), last)
        elif op is _c.BRANCH:
            chars, nullable = [], False
            for branch in av[1]:
                sub, sub_nullable = _edge(list(branch), last)
                chars += sub
                nullable = nullable or sub_nullable
        elif op in _REPEATS:
            chars, nullable = _edge(list(av[2]), last)
            nullable = nullable or av[0] == 0
        elif getattr(_c, "ATOMIC_GROUP", None) is op:
            chars, nullable = _edge(list(av), last)
        else:  # ANY, NOT_LITERAL, CATEGORY, GROUPREF, ...
            raise _Any
        found += chars
        if not nullable:
            return found, False
    return found, True


def _class(items) -> list[tuple[int, int]]:
    out = []
    for op, av in items:
        if op is _c.LITERAL:
            out.append((av, av))
        elif op is _c.RANGE:
            out.append(av)
        else:  # NEGATE, CATEGORY (\d, \w ...): not bounded here
            raise _Any
    return out


def required_chars(pattern: str, flags: int) -> CharSet | None:
    """Characters of which every match (and every string a match or its lookarounds read) holds at
    least one, or None when the analysis finds no such set (an optional part, ``.``, a negated
    class...). Sets without letters are preferred: ``(?<=[0-9])km$`` gives the digits."""
    try:
        chars = _required(list(_p.parse(pattern, flags)))
    except (re.error, TypeError, ValueError):
        return None
    return None if chars is None else CharSet(chars)


def _required(items: list) -> list[tuple[int, int]] | None:
    """Of the sets the items of a sequence require, one without letters if any, else the smallest."""
    best, best_rank = None, None
    for op, av in items:
        found = _required_item(op, av)
        if found is not None:
            rank = (CharSet(found).has_letter(), _size(found))
            if best_rank is None or rank < best_rank:
                best, best_rank = found, rank
    return best


def _required_item(op, av) -> list[tuple[int, int]] | None:
    try:
        if op is _c.LITERAL:
            return [(av, av)]
        if op is _c.IN:
            return _class(av)
        if op is _c.SUBPATTERN:
            return None if av[1] & re.IGNORECASE else _required(list(av[-1]))
        if op is _c.ASSERT:  # a lookaround reads characters of the string too
            return _required(list(av[1]))
        if op is _c.BRANCH:
            out = []
            for branch in av[1]:
                sub = _required(list(branch))
                if sub is None:
                    return None
                out += sub
            return out
        if op in _REPEATS and av[0] >= 1:
            return _required(list(av[2]))
        if getattr(_c, "ATOMIC_GROUP", None) is op:
            return _required(list(av))
    except _Any:
        return None
    return None


def _size(intervals: list[tuple[int, int]]) -> int:
    return sum(hi - lo + 1 for lo, hi in intervals)


def letters_can_match(function: Callable | None) -> bool:
    """False when ``function`` (a compiled pattern's ``match``/``search``/``finditer``, or one of this
    module's filters) can never match inside a string of letters only: each of its alternatives needs
    a character that is not a letter. True when unsure."""
    if function is None:
        return False
    owner = getattr(function, "__self__", None)
    if isinstance(owner, (_EdgeFilter, _InfixFilter)):
        owner = owner.compiled
    if not isinstance(owner, re.Pattern):
        return True
    alternatives = split_alternatives(owner.pattern)
    if "|".join(alternatives) != owner.pattern:
        return True
    for alternative in alternatives:
        chars = required_chars(alternative, owner.flags)
        if chars is None or chars.has_letter():
            return True
        if owner.flags & re.IGNORECASE and not chars.caseless():
            return True  # a character with case variants might match a letter without case
    return False


def filtered(search: Callable, anchor: str) -> Callable:
    """A drop-in for ``search`` (a compiled pattern's ``search`` or ``finditer``) that only tries
    the alternatives able to match: ``anchor`` is "start" (prefixes), "end" (suffixes) or "any"
    (infixes, ``finditer``). Returns ``search`` itself when the expression cannot be analysed."""
    compiled = getattr(search, "__self__", None)
    if not isinstance(compiled, re.Pattern) or compiled.flags & (re.IGNORECASE | re.MULTILINE | re.VERBOSE):
        return search
    if re.search(r"\\[1-9]|\(\?P=", compiled.pattern):  # back-references would renumber
        return search
    alternatives = split_alternatives(compiled.pattern)
    if "|".join(alternatives) != compiled.pattern or len(alternatives) < 2:
        return search
    edges = [edge_chars(a, compiled.flags, last=anchor == "end", anchored=anchor != "any") for a in alternatives]
    if anchor == "any":
        return search if None in edges or not any(e._lo for e in edges) else _InfixFilter(compiled, edges).finditer
    return _EdgeFilter(compiled, alternatives, edges, anchor == "end").search


class _EdgeFilter:
    """Prefix or suffix search with the alternatives that the first (last) character selects, one
    compiled sub-expression per distinct selection (most characters select the same few)."""

    def __init__(self, compiled: re.Pattern, alternatives: list[str], edges: list[CharSet | None], at_end: bool):
        self.compiled = compiled
        self._full = compiled.search
        self._at_end = at_end
        self._alternatives = alternatives
        self._edges = edges
        self._by_char: dict[str, re.Pattern | None] = {}
        self._by_selection: dict[tuple[int, ...], re.Pattern | None] = {}

    def for_char(self, char: str) -> re.Pattern | None:
        found = self._by_char.get(char, False)
        if found is False:
            kept = tuple(k for k, e in enumerate(self._edges) if e is None or char in e)
            found = self._by_selection.get(kept, False)
            if found is False:
                found = re.compile("|".join(self._alternatives[k] for k in kept), self.compiled.flags) if kept else None
                self._by_selection[kept] = found
            if len(self._by_char) >= _CACHE_LIMIT:
                self._by_char.clear()
            self._by_char[char] = found
        return found

    def search(self, string: str, *args):
        # "$" also matches before a final newline: such strings (and extra arguments) take the full path
        if args or not string or string[-1] == "\n":
            return self._full(string, *args)
        char = string[-1] if self._at_end else string[0]
        sub = self._by_char.get(char, False)
        if sub is False:
            sub = self.for_char(char)
        return None if sub is None else sub.search(string)


class _InfixFilter:
    """An infix starts on one of a few characters: a string holding none of them has no infix; the
    others are searched with the whole expression (sub-expressions here would cost a compilation
    for every combination of characters, more than they save)."""

    def __init__(self, compiled: re.Pattern, edges: list[CharSet]):
        self.compiled = compiled
        self._full = compiled.finditer
        chars = "".join(_class_range(lo, hi) for e in edges for lo, hi in zip(e._lo, e._hi))
        self._any_trigger = re.compile(f"[{chars}]")

    def finditer(self, string: str, *args) -> Iterator[re.Match]:
        if args or self._any_trigger.search(string) is not None:
            return self._full(string, *args)
        return iter(())


def _class_range(lo: int, hi: int) -> str:
    return re.escape(chr(lo)) if lo == hi else f"{re.escape(chr(lo))}-{re.escape(chr(hi))}"


#: characters whose sub-expressions are compiled up front (ASCII, Latin-1, general punctuation): a
#: one-time cost at start-up instead of in the middle of the first documents
WARM_CHARS = "".join(map(chr, [*range(0x21, 0x7F), *range(0xA1, 0x100), *range(0x2010, 0x2028), *range(0x2030, 0x205F)]))


def speed_up(tokenizer) -> None:
    """Install the filtered searches on a spaCy ``Tokenizer`` (its output does not change; tested)."""
    for name, anchor in (("prefix_search", "start"), ("suffix_search", "end"), ("infix_finditer", "any")):
        search = getattr(tokenizer, name, None)
        if search is not None:
            fast = filtered(search, anchor)
            owner = getattr(fast, "__self__", None)
            if isinstance(owner, _EdgeFilter):
                for char in WARM_CHARS:
                    owner.for_char(char)
            setattr(tokenizer, name, fast)
