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
string) is kept for every character, and an expression it cannot split is used as it is.

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

__all__ = ["filtered", "split_alternatives", "edge_chars", "speed_up"]

_CACHE_LIMIT = 4096  # subset expressions kept per search (one per first/last character seen)
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


def edge_chars(alternative: str, flags: int, *, last: bool) -> CharSet | None:
    """Characters a match of ``alternative`` can start with (``last``: end with); None if unbounded."""
    try:
        chars, nullable = _edge(list(_p.parse(alternative, flags)), last)
    except (_Any, re.error, TypeError, ValueError):
        return None
    return None if nullable else CharSet(chars)


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
    edges = [edge_chars(a, compiled.flags, last=anchor == "end") for a in alternatives]
    if anchor == "any":
        return _InfixFilter(compiled, alternatives, edges).finditer
    return _EdgeFilter(compiled, alternatives, edges, anchor == "end").search


class _Subsets:
    """Compiled sub-expressions of the alternatives, by the characters that select them (one
    compiled expression per distinct selection: most characters select the same few)."""

    def __init__(self, compiled: re.Pattern, alternatives: list[str], edges: list[CharSet | None]):
        self._flags = compiled.flags
        self._alternatives = alternatives
        self._edges = edges
        self._by_key: dict = {}
        self._by_selection: dict[tuple[int, ...], re.Pattern | None] = {}

    def for_chars(self, key, chars) -> re.Pattern | None:
        found = self._by_key.get(key, False)
        if found is False:
            kept = tuple(k for k, e in enumerate(self._edges) if e is None or any(c in e for c in chars))
            found = self._by_selection.get(kept, False)
            if found is False:
                found = re.compile("|".join(self._alternatives[k] for k in kept), self._flags) if kept else None
                self._by_selection[kept] = found
            if len(self._by_key) >= _CACHE_LIMIT:
                self._by_key.clear()
            self._by_key[key] = found
        return found


class _EdgeFilter(_Subsets):
    def __init__(self, compiled, alternatives, edges, at_end: bool):
        super().__init__(compiled, alternatives, edges)
        self._full = compiled.search
        self._at_end = at_end

    def search(self, string: str, *args):
        # "$" also matches before a final newline: such strings (and extra arguments) take the full path
        if args or not string or string[-1] == "\n":
            return self._full(string, *args)
        char = string[-1] if self._at_end else string[0]
        sub = self._by_key.get(char, False)
        if sub is False:
            sub = self.for_chars(char, char)
        return None if sub is None else sub.search(string)


class _InfixFilter(_Subsets):
    def __init__(self, compiled, alternatives, edges):
        super().__init__(compiled, alternatives, edges)
        self._full = compiled.finditer
        bounded = [e for e in edges if e is not None]
        self._triggers = None if len(bounded) < len(edges) else bounded
        self._trigger_memo: dict[str, bool] = {}
        # one character class of every character an infix can start with: most words hold none
        self._any_trigger = None if self._triggers is None else re.compile(
            "[" + "".join(_class_range(lo, hi) for e in bounded for lo, hi in zip(e._lo, e._hi)) + "]")

    def _is_trigger(self, char: str) -> bool:
        hit = self._trigger_memo.get(char)
        if hit is None:
            if len(self._trigger_memo) >= _CACHE_LIMIT:
                self._trigger_memo.clear()
            hit = self._trigger_memo[char] = any(char in e for e in self._triggers)
        return hit

    def finditer(self, string: str, *args) -> Iterator[re.Match]:
        if args or self._triggers is None:
            return self._full(string, *args)
        if self._any_trigger.search(string) is None:
            return iter(())
        key = frozenset(filter(self._is_trigger, set(string)))
        sub = self.for_chars(key, key)
        return iter(()) if sub is None else sub.finditer(string)


def _class_range(lo: int, hi: int) -> str:
    return re.escape(chr(lo)) if lo == hi else f"{re.escape(chr(lo))}-{re.escape(chr(hi))}"


def speed_up(tokenizer) -> None:
    """Install the filtered searches on a spaCy ``Tokenizer`` (its output does not change; tested)."""
    for name, anchor in (("prefix_search", "start"), ("suffix_search", "end"), ("infix_finditer", "any")):
        search = getattr(tokenizer, name, None)
        if search is not None:
            setattr(tokenizer, name, filtered(search, anchor))
