"""The library functions behind the CLI: read, write, convert and validate corpora.

They never print or exit; they raise :class:`~wino_toolkit.errors.WinoError` subclasses that name
the file and record at fault.
"""
from __future__ import annotations

import atexit
import collections
import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator, Sequence

from .errors import ConversionError, FormatError, ParameterError, WinoError
from .formats import Format, detect_format, formats, make_config
from .forms import FormReport, Skipped, derive
from .io import atomic_output, check_encoding, collect_errors
from .quirks import QuirkReport, quirks_of
from .reader_options import ReaderOptions
from .twins import link_twins

__all__ = ["read", "write", "convert", "validate", "resolve_format", "split_from_name", "ConversionReport", "Problem", "SPLIT_NAMES"]

PathLike = str | os.PathLike


def resolve_format(path: PathLike, name: str | None) -> Format:
    """The named format, or the one detected from ``path``'s content."""
    return formats.get(name) if name else detect_format(path)


SPLIT_NAMES = ("train", "dev", "val", "validation", "test")


def split_from_name(path: PathLike) -> str | None:
    """The split a file name states (``dev.jsonl``, ``train.c.txt``, ``wsc_val.tsv``), else ``None``."""
    for word in re.split(r"[^a-z0-9]+", Path(path).name.lower()):
        if word in SPLIT_NAMES:
            return word
    return None


def _as_list(inputs: PathLike | Sequence[PathLike]) -> list[Path]:
    if isinstance(inputs, (str, os.PathLike)):
        return [Path(inputs)]
    return [Path(p) for p in inputs]


@dataclass(frozen=True)
class _Source:
    """One input file, its format, the reader's config and the split its items get.

    ``name`` is the path the user gave, for messages; ``path`` is what is read: the same file, or
    a spooled copy of a pipe (``-``, ``/dev/stdin``, a FIFO), which can only be read once while
    detection and reading each open the file.
    """

    name: Path
    path: Path
    format: Format
    config: Any
    split: str | None
    explicit_split: bool


def _sources(inputs: PathLike | Sequence[PathLike], source_format: str | None,
             options: dict[str, Any] | ReaderOptions | None) -> list[_Source]:
    """Check every input and option before anything is read, so errors surface at the call.

    ``options`` are ``[FILE:]KEY`` → value (:mod:`~wino_toolkit.reader_options`): each input takes those its
    format has, and one that no input takes is an error here, unless a shared :class:`ReaderOptions` is
    passed, whose owner checks it once all its reads have taken theirs. ``split`` is a reader option of every
    format: ``-O split=dev`` names the split of the items read (otherwise the items' own split, otherwise the
    one the file name states).
    """
    shared = isinstance(options, ReaderOptions)
    chosen = options if shared else ReaderOptions(options)
    out = []
    for name in _as_list(inputs):
        path = _readable(name)
        try:
            check_encoding(path)  # UTF-16 is named as such, whatever the format (XML too)
            fmt = resolve_format(path, source_format)
        except FormatError as exc:
            raise _renamed(exc, path, name) from None
        if fmt.read is None:
            raise ParameterError(f"format {fmt.name!r} can be written but not read")
        mine = chosen.take(name, fmt)
        given = mine.pop("split", None)
        config = make_config(fmt, mine)
        out.append(_Source(name, path, fmt, config, given or split_from_name(name), given is not None))
    if not shared:
        chosen.check()
    return out


def _readable(name: Path) -> Path:
    """``name`` itself when it is a regular file, a spooled copy when it is a pipe or ``-``."""
    if str(name) == "-":
        return _spool(sys.stdin.buffer, name)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise FormatError(name, None, "no such file") from None
    except OSError as exc:
        raise FormatError(name, None, f"cannot open: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise FormatError(name, None, "is a directory, not a file")
    if stat.S_ISREG(info.st_mode):
        return name
    with open(name, "rb") as stream:
        return _spool(stream, name)


def _spool(stream: BinaryIO, name: Path) -> Path:
    """Copy a stream to a temporary file, removed when the process exits."""
    fd, tmp = tempfile.mkstemp(prefix="wino-input-", suffix=f"-{name.name or 'stdin'}")
    atexit.register(_remove, tmp)
    with os.fdopen(fd, "wb") as out:
        shutil.copyfileobj(stream, out)
    return Path(tmp)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _renamed(error: FormatError, path: Path, name: Path) -> FormatError:
    """``error`` naming the file the user gave instead of a spooled copy of it."""
    if path == name or error.path != str(path):
        return error
    return FormatError(name, error.where, error.problem)


def _records(source: _Source) -> Iterator[Any]:
    """The reader's records with their split set and the triggers of twins filled in."""
    split, explicit = source.split, source.explicit_split
    try:
        for record in link_twins(source.format.read(source.path, source.config)):
            if explicit or record.split is None:
                record.split = split
            yield record
    except FormatError as exc:
        raise _renamed(exc, source.path, source.name) from None


def read(
    inputs: PathLike | Sequence[PathLike],
    *,
    source_format: str | None = None,
    options: dict[str, Any] | ReaderOptions | None = None,
    unique_ids: bool = True,
    quirks: QuirkReport | None = None,
) -> Iterator[Any]:
    """Stream the checked records of one or more files.

    A missing file, an unknown format or a bad option raises here, at the call; each record is
    then checked against the schema as it streams, and the first bad one raises
    :class:`FormatError` naming its file and line or record. Ids must be unique within a corpus
    and split across all inputs; that check keeps every id in memory (about 100 bytes an item),
    so pass ``unique_ids=False`` to stream a huge file in constant memory: duplicates are then
    caught only within the last :data:`RECENT_IDS` records (a repeated row, a twin written twice).
    A :class:`~wino_toolkit.quirks.QuirkReport` passed as ``quirks`` counts what the readers
    tolerated in the files (or, made with ``strict=True``, refuses it). ``options`` are reader options,
    ``{"subset": "wsc273"}`` for every input whose format takes them, ``{"WSCollection.xml:subset": ...}``
    for one input (:mod:`~wino_toolkit.reader_options`).

    Examples
    --------
    >>> items = list(read("dev.jsonl"))  # doctest: +SKIP
    >>> items[0].candidates[items[0].answer].text  # doctest: +SKIP
    'Maria'
    """
    return _checked(_sources(inputs, source_format, options), unique_ids, quirks)


RECENT_IDS = 1024


def _checked(sources: Iterable[_Source], unique_ids: bool, quirks: QuirkReport | None = None) -> Iterator[Any]:
    seen = _SeenIds()
    recent: collections.deque = collections.deque()
    for source in sources:
        path = source.name
        for record in _records(source):
            found = record.problems()
            if found:
                raise FormatError(path, _where(record), "; ".join(found))
            if quirks is not None:
                quirks.add(record, path)
            first = seen.add(record, path)
            if first is not None:
                raise FormatError(path, _where(record), _duplicate(record, first))
            if not unique_ids:
                recent.append((record, path))
                if len(recent) > RECENT_IDS:
                    seen.forget(*recent.popleft())
            yield record


class _SeenIds:
    """Ids seen per corpus, split and file, mapped to where they were (the reader's own origin string).

    One dict per file keeps the file out of every entry (about 160 bytes an id in all); a lookup
    asks each file's dict of the same corpus and split, and inputs are few.
    """

    def __init__(self) -> None:
        self._groups: dict[tuple[str, str | None], list[tuple[Path, dict[str, str]]]] = {}
        self._last_key: tuple[str, str | None] | None = None
        self._last_files: list[tuple[Path, dict[str, str]]] = []

    def add(self, record: Any, path: Path) -> tuple[Path, str] | None:
        """Remember ``record``'s id; return the first place it was seen when it is a duplicate."""
        key = (record.corpus, record.split)
        if key == self._last_key:  # records of one corpus and split come in runs
            files = self._last_files
        else:
            files = self._last_files = self._groups.setdefault(key, [])
            self._last_key = key
        ident = record.id
        for seen_path, ids in files:
            origin = ids.get(ident)
            if origin is not None:
                return seen_path, _where_of(ident, origin)
        if not files or (files[-1][0] is not path and files[-1][0] != path):
            files.append((path, {}))
        files[-1][1][ident] = record.origin or ""  # the reader's string: no new one per item
        return None

    def forget(self, record: Any, path: Path) -> None:
        for seen_path, ids in self._groups.get((record.corpus, record.split), ()):
            if seen_path == path:
                ids.pop(record.id, None)


def _duplicate(record: Any, first: tuple[Path, str]) -> str:
    split = f", split {record.split!r}" if record.split else ""
    return f"duplicate id {record.id!r} in corpus {record.corpus!r}{split} (first at {first[0]}: {first[1]})"


def _where(record: Any) -> str:
    return _where_of(record.id, record.origin)


def _where_of(ident: Any, origin: str | None) -> str:
    origin = origin or f"record {ident!r}"
    return origin if isinstance(ident, str) and ident in origin else f"{origin} (id {ident!r})"


@dataclass(frozen=True)
class Problem:
    """One problem :func:`validate` found: the file, the line or record, and what is wrong."""

    path: str
    where: str | None
    problem: str

    def __str__(self) -> str:
        return ": ".join(p for p in (self.path, self.where, self.problem) if p)

    def to_dict(self) -> dict[str, str | None]:
        return {"file": self.path, "where": self.where, "problem": self.problem}

    @classmethod
    def from_error(cls, error: WinoError, path: Path) -> Problem:
        if isinstance(error, FormatError):
            return cls(error.path or str(path), error.where, error.problem)
        return cls(str(path), None, str(error))


def validate(
    inputs: PathLike | Sequence[PathLike],
    *,
    source_format: str | None = None,
    options: dict[str, Any] | ReaderOptions | None = None,
    quirks: QuirkReport | None = None,
) -> tuple[int, list[Problem]]:
    """Check every record of every input; return ``(records read, problems)``.

    Unlike :func:`read` this goes on past bad records, so one run lists every problem, one line
    each (``str(problem)``): a line that cannot be read at all, a record breaking the schema, a
    duplicate id. A file that cannot be opened or parsed as a whole contributes one problem.
    ``quirks`` counts what the readers tolerated; made with ``strict=True``, every quirk is a
    problem too.
    """
    problems: list[Problem] = []
    count = 0
    seen = _SeenIds()
    shared = options if isinstance(options, ReaderOptions) else ReaderOptions(options)
    for path in _as_list(inputs):
        source: _Source | None = None

        def located(error: WinoError) -> Problem:
            if source is not None and isinstance(error, FormatError):
                error = _renamed(error, source.path, source.name)
            return Problem.from_error(error, path)

        with collect_errors() as errors:
            try:
                (source,) = _sources([path], source_format, shared)
                for record in _records(source):
                    problems.extend(map(located, errors))
                    errors.clear()
                    count += 1
                    where = _where(record)
                    problems.extend(Problem(str(path), where, problem) for problem in record.problems())
                    if quirks is not None and quirks.strict:
                        problems.extend(Problem(str(path), where, f"{detail} (quirk {kind!r})") for kind, detail in quirks_of(record))
                    elif quirks is not None:
                        quirks.add(record, path)
                    first = seen.add(record, path)
                    if first is not None:
                        problems.append(Problem(str(path), where, _duplicate(record, first)))
            except ParameterError:  # a reader option that cannot work is the command's mistake, not the file's
                raise
            except WinoError as exc:
                errors.append(exc)
        problems.extend(map(located, errors))
    if not isinstance(options, ReaderOptions):
        shared.check()
    return count, problems


def write(
    records: Iterable[Any],
    output: PathLike | None,
    *,
    to: str,
    options: dict[str, Any] | None = None,
) -> int:
    """Write ``records`` in format ``to`` atomically (``output=None`` writes to stdout).

    Returns the number of records written. Nothing is written when any record fails.
    """
    fmt = formats.get(to)
    if fmt.write is None:
        raise ParameterError(f"format {fmt.name!r} can be read but not written")
    config = make_config(fmt, options)
    counted = _Counter(records)
    with atomic_output(output) as fh:
        fmt.write(counted, fh, config)
    return counted.n


class _Counter:
    """Counts records as a writer consumes them, so ``write`` can report how many went out."""

    def __init__(self, records: Iterable[Any]):
        self._it = iter(records)
        self.n = 0

    def __iter__(self) -> _Counter:
        return self

    def __next__(self) -> Any:
        record = next(self._it)
        self.n += 1
        return record


@dataclass
class ConversionReport:
    """What :func:`convert` did: records written, and the items skipped with the reason for each."""

    written: int
    form: str | None = None
    skipped: list[Skipped] = field(default_factory=list)
    coverage: dict[str, float] = field(default_factory=dict)
    quirks: QuirkReport = field(default_factory=QuirkReport)


def convert(
    inputs: PathLike | Sequence[PathLike],
    *,
    to: str,
    source_format: str | None = None,
    output: PathLike | None = None,
    read_options: dict[str, Any] | None = None,
    write_options: dict[str, Any] | None = None,
    unique_ids: bool = True,
    script: str | None = None,
    strict: bool = False,
    verbatim: bool = False,
) -> ConversionReport:
    """Read ``inputs`` and write them as format ``to``.

    When the inputs hold schema items and the target holds something else (NLI pairs,
    disambiguated sentences, twins, WinoGrande blanks), the target's form is derived on the way;
    items a form or the target cannot express are skipped and listed in the report with the
    reason, never dropped silently. What the readers tolerated in the inputs (quirks of official
    releases) is counted in the report's ``quirks``. ``strict=True`` makes any quirk or skipped
    item an error: nothing is written, and the error says where (or how many items would be
    skipped and why).
    ``script="hant"`` writes Chinese forms in Traditional script. A language without rules
    (``wino_toolkit/lang/<code>/``) has its items skipped by the forms unless ``verbatim=True``
    asks for plain substitution. An ``output`` that is also one of the inputs is refused before
    anything is read.
    """
    target = formats.get(to)
    if target.write is None:
        raise ParameterError(f"format {target.name!r} can be read but not written")
    sources = _sources(inputs, source_format, read_options)
    _refuse_overwriting_an_input(output, sources)
    deriving = False
    for source in sources:
        if source.format.record != target.record and not (source.format.record == "item" and target.derive):
            raise ConversionError(
                f"{source.name}: holds {source.format.record} records ({source.format.name}) but format {target.name!r} "
                f"holds {target.record} records"
            )
        deriving |= source.format.record == "item" and target.derive is not None
    quirks = QuirkReport(strict=strict)
    records: Iterable[Any] = _checked(sources, unique_ids, quirks)
    report = FormReport()
    if deriving:
        records = derive(target.derive, records, report, script=script, verbatim=verbatim)
        write_options = {**target.derived_options, **(write_options or {})}
    config = make_config(target, write_options)
    if target.representable is not None:
        records = _representable(records, target, config, report)
    counted = _Counter(records)
    with atomic_output(output) as fh:
        target.write(counted, fh, config)
        if strict and report.skipped:
            error = ConversionError(_strict_failure(report.skipped))
            error.skipped = report.skipped
            raise error
    return ConversionReport(counted.n, target.derive if deriving else None, report.skipped, report.coverage(), quirks)


def _refuse_overwriting_an_input(output: PathLike | None, sources: list[_Source]) -> None:
    if output is None or str(output) == "-" or not os.path.isfile(output):
        return
    for source in sources:
        if os.path.samefile(output, source.path):
            raise ConversionError(f"{output}: is also an input ({source.name}); write the output to another file")


def _strict_failure(skipped: list[Skipped], shown: int = 3) -> str:
    reasons = "; ".join(f"{s.item_id}: {s.reason}" for s in skipped[:shown])
    more = f"; and {len(skipped) - shown} more" if len(skipped) > shown else ""
    return f"--strict: {len(skipped)} item(s) would be skipped, so nothing was written ({reasons}{more})"


def _representable(records: Iterable[Any], target: Format, config: Any, report: FormReport) -> Iterator[Any]:
    for record in records:
        reason = target.representable(record, config)
        if reason is None:
            yield record
        else:
            report.skip(record, f"{target.name}: {reason}")
