"""The corpora an audit reads: each file apart (two files of one corpus may number their records alike), each
file once, whatever roles name it.

A pipe (``-``, ``/dev/stdin``, a FIFO) is copied once to a temporary file, which every section then reads (the
validity section validates it again), while messages name it as given. A file named as a corpus and as a known
corpus (``--against``) is read once and its items are the same objects in both, so contamination compares them
only with each other item (its internal duplicates), never with themselves. A file that cannot be read, holds no
record, or holds records the audit does not read (derived forms) is refused with one line naming it: nothing is
audited from part of the input.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.errors import FormatError, ParameterError
from wino_toolkit.reader_options import ReaderOptions
from wino_toolkit.schema import Item, NLIPair

__all__ = ["Source", "Loaded", "load", "distinct"]


@dataclass
class Source:
    """One file as read: the name given, the path read (a spooled copy of a pipe), its format, the reader
    options it took, and its records."""

    name: str
    path: Path
    format: str
    options: dict[str, Any]
    items: list[Item]
    pairs: list[NLIPair]


@dataclass
class Loaded:
    """The files of one role (the corpora audited, or the known corpora), and their schema items and NLI pairs
    in reading order."""

    files: list[Source]
    paths: list[str] = field(init=False)
    items: list[Item] = field(init=False)
    pairs: list[NLIPair] = field(init=False)

    def __post_init__(self) -> None:
        self.paths = [f.name for f in self.files]
        self.items = [it for f in self.files for it in f.items]
        self.pairs = [p for f in self.files for p in f.pairs]

    def source(self, path: str) -> Source:
        """The file given as ``path``."""
        for f in self.files:
            if f.name == path:
                return f
        raise KeyError(path)

    def validate(self, path: str, *, quirks: Any = None) -> tuple[int, list[Any]]:
        """:func:`wino_toolkit.validate` of the file given as ``path``, from the copy read (a pipe is not read
        twice), with the problems naming the file as given."""
        from dataclasses import replace

        from wino_toolkit.api import validate

        f = self.source(path)
        count, problems = validate([f.path], options=f.options, quirks=quirks)
        return count, [replace(p, path=f.name) if p.path == str(f.path) else p for p in problems]


def distinct(paths: Sequence[str | os.PathLike], flag: str) -> None:
    """Refuse a file named twice for one role (``--index x --index ./x``): its figures would count twice."""
    seen: dict[tuple[int, int], str] = {}
    for path in map(str, paths):
        ident = _identity(path)
        if ident is None:
            continue
        if ident in seen:
            same = "" if seen[ident] == path else f" (as {seen[ident]})"
            raise ParameterError(f"{path}: {flag} names the same file twice{same}")
        seen[ident] = path


def load(corpora: Sequence[str | os.PathLike], against: Sequence[str | os.PathLike] = (), *,
         options: dict[str, Any] | ReaderOptions | None = None) -> tuple[Loaded, Loaded | None]:
    """``(corpora, known corpora)`` read each file once (``None`` for no ``against``); ``options`` are reader
    options (``-O [FILE:]KEY=VALUE``) for every file, checked once all have taken theirs."""
    chosen = options if isinstance(options, ReaderOptions) else ReaderOptions(options)
    distinct(corpora, "CORPUS")
    distinct(against, "--against")
    read: dict[tuple[int, int], Source] = {}

    def one(name: str) -> Source:
        ident = _identity(name)
        if ident is not None and ident in read:
            return read[ident]
        found = _read(name, chosen)
        if ident is not None:
            read[ident] = found
        return found

    data = Loaded([one(str(p)) for p in corpora])
    known = Loaded([one(str(p)) for p in against]) if against else None
    if not isinstance(options, ReaderOptions):
        chosen.check()
    return data, known


def _identity(path: str) -> tuple[int, int] | None:
    """The file ``path`` names, as (device, inode): ``-`` is standard input; ``None`` when it does not exist."""
    try:
        info = os.fstat(0) if path == "-" else os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _read(name: str, options: ReaderOptions) -> Source:
    """Every record of the file ``name``; a file that cannot be read whole, or holds nothing to audit, raises."""
    from wino_toolkit.api import _readable, read, resolve_format

    path = _readable(Path(name))  # the file itself, or a pipe spooled once
    try:
        fmt = resolve_format(path, None)
        mine = options.take(name, fmt)
        if fmt.record not in ("item", "nli"):
            raise FormatError(path, None, f"holds {fmt.record} records ({fmt.name}), which the audit does not read: "
                                          "give it the corpus they were derived from")
        records = list(read([path], options=mine))
    except FormatError as exc:
        if exc.path == str(path):
            raise FormatError(name, exc.where, exc.problem) from None
        raise
    items = [r for r in records if isinstance(r, Item)]
    pairs = [r for r in records if isinstance(r, NLIPair)]
    if not items and not pairs:
        raise FormatError(name, None, "holds no record")
    return Source(name, path, fmt.name, mine, items, pairs)
