"""How the audit groups items: the versions of one schema (so that cross-validation never splits them), and the
rows a figure is broken down by (corpus and split, then language and source inside a row that mixes them).

Versions of one schema share a twin id where the corpus has them. A corpus without twin information (WSC written
in WinoGrande's format) still has them: two items of one corpus and language with the same candidates whose texts
(normalised as :func:`wino_toolkit.text.normalize`) differ in at most ``NEAR_TEXT`` of their characters
between a common beginning and a common end are linked as versions of one schema. Candidates are found by sorting
the texts forwards and backwards (a twin's trigger word is near the end or near the start) and comparing each text
with the next ``WINDOW`` ones of the same candidates: linear in the corpus size after the sort.
"""
from __future__ import annotations

import os
from typing import Any, Sequence

from wino_toolkit.schema import Item
from wino_toolkit.text import normalize

__all__ = ["NEAR_TEXT", "schema_groups", "rows", "source_of"]

NEAR_TEXT = 0.35  # 97-98% of the twins of WSC, WinoGrande, PWS and Mandarinograd differ in less; 0-4% of other neighbours
WINDOW = 3  # neighbours compared in each sort order


def schema_groups(items: Sequence[Item]) -> tuple[list[int], dict[str, Any]]:
    """One group number per item (0, 1, ...): twin ids where given, near-duplicate texts linked everywhere.

    Returns the numbers and how they were made: ``twin_ids`` (items that have one), ``near_links`` (pairs linked by
    text), ``groups`` and ``method`` (one line for the report).
    """
    parent = list(range(len(items)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def union(a: int, b: int) -> bool:
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        parent[max(ra, rb)] = min(ra, rb)
        return True

    first_of_twin: dict[tuple[str, str], int] = {}
    for k, item in enumerate(items):
        if item.twin is not None:
            union(k, first_of_twin.setdefault((item.corpus, item.twin), k))
    texts = [normalize(item.text) for item in items]
    block = [(item.corpus, item.language, tuple(sorted(normalize(c.text) for c in item.candidates))) for item in items]
    links = 0
    for order in (sorted(range(len(items)), key=lambda k: (block[k], texts[k])),
                  sorted(range(len(items)), key=lambda k: (block[k], texts[k][::-1]))):
        for at, k in enumerate(order):
            for j in order[at + 1 : at + 1 + WINDOW]:
                if block[j] != block[k]:
                    break
                if _near(texts[k], texts[j]) and union(k, j):
                    links += 1
    numbers: dict[int, int] = {}
    groups = [numbers.setdefault(find(k), len(numbers)) for k in range(len(items))]
    with_twin = sum(1 for item in items if item.twin is not None)
    how = ("twin ids" if with_twin == len(items) else "no twin information: near-duplicate text" if not with_twin
           else "twin ids where given, near-duplicate text elsewhere")
    if with_twin and links:
        how += f"; {links:,} near-duplicate text link(s) on top"
    return groups, {"twin_ids": with_twin, "near_links": links, "groups": len(numbers), "method": how}


def _near(a: str, b: str) -> bool:
    """Whether two normalised texts differ in at most ``NEAR_TEXT`` of the longer one's characters, between their
    common beginning and their common end (one trigger word against another)."""
    longest = max(len(a), len(b))
    if not longest:
        return True
    prefix = len(os.path.commonprefix([a, b]))
    room = min(len(a), len(b)) - prefix
    suffix = len(os.path.commonprefix([a[::-1][:room], b[::-1][:room]]))
    return longest - prefix - suffix <= NEAR_TEXT * longest


def source_of(item: Item) -> str | None:
    """Where an item says it comes from (XWINO's source column, WSC's author), if it says."""
    source = item.meta.get("source") if isinstance(item.meta, dict) else None
    return source if isinstance(source, str) and source else None


def rows(items: Sequence[Item]) -> dict[str, tuple[str, list[Item]]]:
    """``name -> (kind, items)``: a row per corpus and split (kind ``"corpus"``), then, inside a row whose items
    are in more than one language or come from more than one source, a row per language (``"name [language=ru]"``)
    and per source (``"name [source=superglue.train]"``), so a skew in one part of a mixed corpus is seen."""
    from wino_toolkit.stats import row_name

    base: dict[str, list[Item]] = {}
    for item in items:
        base.setdefault(row_name(item.corpus, item.split), []).append(item)
    out: dict[str, tuple[str, list[Item]]] = {name: ("corpus", members) for name, members in base.items()}
    for name, members in base.items():
        for kind, key in (("language", lambda it: it.language), ("source", source_of)):
            parts: dict[str, list[Item]] = {}
            for item in members:
                value = key(item)
                if value is not None:
                    parts.setdefault(value, []).append(item)
            if len(parts) > 1:
                out.update({f"{name} [{kind}={value}]": (kind, part) for value, part in sorted(parts.items())})
    return out
