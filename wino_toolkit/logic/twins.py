"""Which versions make one schema, and where a version's twins are formalized.

A schema's versions are the same sentence with the special word switched, so another answer. WSC285 numbers
them in pairs, ``wsc285-<2k>`` and ``wsc285-<2k+1>``, up to its one group of three (``wsc285-252`` to
``-254``), after which the pairs start at an odd number (``wsc285-255``/``-256``), as the converters read it;
WinoGrande's qIDs are its HIT id with ``-1`` and ``-2``; other ids ending in a number (``dpr-114``) are taken
in pairs from an even one. A formalization is named for its item id.
The twin test of the generality check (:mod:`.checks`) asks the knowledge of one version to give each twin's
answer from the twin's scenario: knowledge written to restate one version's answer does not.
"""
from __future__ import annotations

import re
from pathlib import Path

__all__ = ["versions", "schema_of", "twin_files"]

#: the corpus whose shipped formalizations stand in for a twin not beside the file
SHIPPED_STEM = "wsc285"
#: WSC285's only schema of three versions
TRIPLET = (252, 253, 254)
#: a WinoGrande qID's stem: the crowdsourcing task (HIT) both versions of a schema came from
WINOGRANDE_HIT = re.compile(r"[0-9A-Z]{20,}")


def _group(stem: str, number: int) -> tuple[int, tuple[int, ...]]:
    """The schema's ordinal and its versions' numbers."""
    if WINOGRANDE_HIT.fullmatch(stem):
        return 0, (1, 2)
    if stem != SHIPPED_STEM or number < TRIPLET[0]:
        return number // 2, (number - number % 2, number - number % 2 + 1)
    if number <= TRIPLET[-1]:
        return TRIPLET[0] // 2, TRIPLET
    first = number - (number - TRIPLET[-1] - 1) % 2
    return TRIPLET[0] // 2 + 1 + (first - TRIPLET[-1] - 1) // 2, (first, first + 1)


def _split(item: str) -> tuple[str, int] | None:
    stem, _, number = item.rpartition("-")
    return (stem, int(number)) if stem and number.isdigit() else None


def versions(item: str) -> tuple[str, ...]:
    """Every version of ``item``'s schema, itself included (``wsc285-14`` -> ``wsc285-14``, ``wsc285-15``)."""
    split = _split(item)
    if split is None:
        return (item,)
    stem, number = split
    return tuple(f"{stem}-{n}" for n in _group(stem, number)[1])


def schema_of(item: str) -> str:
    """The schema of version ``item``, numbered from 0 in order: ``wsc285-14`` and ``wsc285-15`` are
    ``wsc285-7``, the triplet ``wsc285-252`` to ``-254`` is ``wsc285-126``, ``wsc285-255``/``-256``
    ``wsc285-127``; a WinoGrande schema is its HIT id; an id not ending in a number is its own schema."""
    split = _split(item)
    if split is None:
        return item
    stem, number = split
    if WINOGRANDE_HIT.fullmatch(stem):
        return stem
    return f"{stem}-{_group(stem, number)[0]}"


def twin_files(item: str, path: str) -> list[Path]:
    """The formalizations of ``item``'s other versions: each the file named for it beside ``path``, else (for a
    WSC285 version) the shipped one, so a version copied elsewhere is still tested against its twin; a version
    formalized nowhere (skipped) is left out."""
    places = [] if path.startswith("<") else [Path(path).resolve().parent]
    if item.rpartition("-")[0] == SHIPPED_STEM:
        places.append(_shipped_folder())
    found = []
    for twin in versions(item):
        if twin == item:
            continue
        candidate = next((folder / f"{twin}.fol" for folder in places if (folder / f"{twin}.fol").is_file()), None)
        if candidate is not None:
            found.append(candidate)
    return found


def _shipped_folder() -> Path:
    from wino_toolkit import corpora

    return Path(corpora.__file__).parent / "logic"
