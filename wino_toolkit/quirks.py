"""Quirks: what a reader tolerated in an official release instead of refusing the file.

A reader that meets something odd but interpretable (a candidate it cannot locate in the text, a
block separator with stray characters) keeps the record, notes the quirk in the record's
``meta["quirks"]`` with :func:`note`, and goes on. The note travels with the record (native JSON
Lines keep it), and a :class:`QuirkReport` counts the notes of the records streaming past, for one
summary line ("146 records; 3 candidates not located in the text, kept without a span") or, with
``strict=True``, turns the first one into a :class:`~wino_toolkit.errors.FormatError`::

    report = QuirkReport(strict=False)
    items = list(report.watch(wt.read(path), path))
    print(report.line())    # "146 records; 3 candidates not located in the text, kept without a span"

Each quirk has a *kind* (a short key) registered in :data:`KINDS` with the phrase the summary uses.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from .errors import FormatError

__all__ = [
    "QUIRKS_KEY", "KINDS", "TRAILING_EMPTY_LINES", "note", "quirks_of", "QuirkReport", "register_kind",
    "count_trailing_empty_lines", "keep_trailing_empty_lines", "mark_trailing_empty_lines", "trailing_empty_lines",
]

#: the meta key holding a record's quirks: a list of ``{"kind": ..., "detail": ...}`` objects
QUIRKS_KEY = "quirks"
#: meta key of a file's last record: how many empty lines end the file after it (line formats write them back)
TRAILING_EMPTY_LINES = "trailing_empty_lines"

#: kind -> (singular, plural) phrase of the summary; a count goes in front
KINDS: dict[str, tuple[str, str]] = {
    "candidate-not-located": (
        "candidate not located in the text, kept without a span",
        "candidates not located in the text, kept without a span",
    ),
    "span-text-trimmed": (
        "span text with extra characters, matched without them",
        "span texts with extra characters, matched without them",
    ),
    "stray-separator-text": (
        "block separator with stray characters, kept in meta",
        "block separators with stray characters, kept in meta",
    ),
    "tokens-not-aligned": (
        "row whose tokens do not align with its text, kept without spans",
        "rows whose tokens do not align with their text, kept without spans",
    ),
    "trailing-empty-lines": (
        "file ending in empty lines, kept",
        "files ending in empty lines, kept",
    ),
}


def register_kind(kind: str, singular: str, plural: str) -> None:
    """Add a quirk kind (for plugin formats); re-registering the same phrases is harmless."""
    if KINDS.get(kind, (singular, plural)) != (singular, plural):
        raise ValueError(f"quirk kind {kind!r} is already registered with other phrases")
    KINDS[kind] = (singular, plural)


def note(meta: dict[str, Any], kind: str, detail: str) -> None:
    """Record in a record's ``meta`` that its reader tolerated a quirk of ``kind``; ``detail`` says what."""
    if kind not in KINDS:
        raise ValueError(f"unknown quirk kind {kind!r}; register it with register_kind")
    meta.setdefault(QUIRKS_KEY, []).append({"kind": kind, "detail": detail})


def count_trailing_empty_lines(path: Any, tail: int = 4096) -> int:
    """How many empty lines (``\\n`` or ``\\r\\n``) follow the last line of text in a file."""
    with open(path, "rb") as fh:
        fh.seek(0, 2)
        size = fh.tell()
        fh.seek(max(0, size - tail))
        data = fh.read()
    ending = data[len(data.rstrip(b"\r\n")) :]
    return max(ending.count(b"\n") - 1, 0) if len(ending) < len(data) else 0


def keep_trailing_empty_lines(meta: dict[str, Any], count: int, where: str | None = None) -> None:
    """Note on the file's last record that ``count`` empty lines end the file (nothing when 0)."""
    if count > 0:
        meta[TRAILING_EMPTY_LINES] = count
        note(meta, "trailing-empty-lines", f"{where + ': ' if where else ''}{count} empty line(s) end the file")


def mark_trailing_empty_lines(records: Iterable[Any], path: Any) -> Iterator[Any]:
    """Pass ``records`` through, holding each back one step so that the last one can note the
    empty lines that end ``path`` (for readers that skip blank lines, such as JSON Lines)."""
    held = None
    for record in records:
        if held is not None:
            yield held
        held = record
    if held is not None:
        keep_trailing_empty_lines(held.meta, count_trailing_empty_lines(path))
        yield held


def trailing_empty_lines(meta: dict[str, Any] | None) -> int:
    """The count :func:`keep_trailing_empty_lines` stored, for a writer to write back (0 when none)."""
    kept = meta.get(TRAILING_EMPTY_LINES) if meta else None
    return kept if isinstance(kept, int) and not isinstance(kept, bool) and kept > 0 else 0


def quirks_of(record: Any) -> list[tuple[str, str]]:
    """``(kind, detail)`` for each quirk noted on ``record`` (an Item or NLIPair); malformed notes are ignored."""
    meta = getattr(record, "meta", None)
    notes = meta.get(QUIRKS_KEY) if isinstance(meta, dict) else None
    if not isinstance(notes, list):
        return []
    return [(q["kind"], str(q.get("detail", ""))) for q in notes if isinstance(q, dict) and isinstance(q.get("kind"), str)]


def _phrase(kind: str, n: int) -> str:
    singular, plural = KINDS.get(kind, (f"quirk {kind!r}", f"quirks {kind!r}"))
    return f"{n} {singular if n == 1 else plural}"


@dataclass
class QuirkReport:
    """Counts the quirks of the records it sees, by kind, with the first few places as examples.

    ``strict=True`` makes :meth:`add` raise a :class:`FormatError` naming the file, the record and
    the quirk instead of counting it (``--strict``: quirks become errors).
    """

    strict: bool = False
    shown: int = 3  # examples kept per kind
    records: int = 0  # records seen
    counts: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, record: Any, path: Any = None) -> None:
        self.records += 1
        meta = getattr(record, "meta", None)
        if not meta or QUIRKS_KEY not in meta:  # the common case, cheaply
            return
        for kind, detail in quirks_of(record):
            where = getattr(record, "origin", None) or f"record {getattr(record, 'id', '?')!r}"
            if self.strict:
                raise FormatError(path, where, f"{detail} (quirk {kind!r}; --strict refuses quirks)")
            self.counts[kind] += 1
            kept = self.examples.setdefault(kind, [])
            if len(kept) < self.shown:
                kept.append(": ".join(str(p) for p in (path, where, detail) if p))

    def watch(self, records: Iterable[Any], path: Any = None) -> Iterator[Any]:
        """Pass ``records`` through, counting (or, strict, refusing) their quirks."""
        for record in records:
            self.add(record, path)
            yield record

    def __bool__(self) -> bool:
        return bool(self.counts)

    def summary(self) -> str:
        """``"3 candidates not located in the text, kept without a span; 1 ..."``, or ``""`` when none."""
        return "; ".join(_phrase(kind, n) for kind, n in self.counts.items())

    def line(self, records: int | None = None, noun: str = "records") -> str:
        """The one summary line the CLI prints: ``"146 records; 3 candidates not located ..."``
        (``records`` defaults to the number of records seen)."""
        n = self.records if records is None else records
        head = f"{n} {noun.removesuffix('s') if n == 1 else noun}"
        return f"{head}; {self.summary()}" if self else head

    def to_dict(self) -> dict[str, Any]:
        """For ``--json`` output: ``{kind: {"count": n, "examples": [...]}}``."""
        return {kind: {"count": n, "examples": self.examples.get(kind, [])} for kind, n in self.counts.items()}
