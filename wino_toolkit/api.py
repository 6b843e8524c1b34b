"""The library functions behind the CLI: read, write, convert and validate corpora.

They never print or exit; they raise :class:`~wino_toolkit.errors.WinoError` subclasses that name
the file and record at fault.
"""
from __future__ import annotations

import collections
import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from .errors import ConversionError, FormatError, WinoError
from .formats import Format, detect_format, formats, make_config
from .forms import FormReport, Skipped, derive
from .io import atomic_output, collect_errors
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
    """One input file, its format, the reader's config and the split its items get."""

    path: Path
    format: Format
    config: Any
    split: str | None
    explicit_split: bool


def _sources(inputs: PathLike | Sequence[PathLike], source_format: str | None, options: dict[str, Any] | None) -> list[_Source]:
    """Check every input and option before anything is read, so errors surface at the call.

    ``split`` is a reader option of every format: ``-O split=dev`` names the split of the items
    read (otherwise the items' own split, otherwise the one the file name states).
    """
    options = dict(options or {})
    given = options.pop("split", None)
    out = []
    for path in _as_list(inputs):
        if not path.exists():
            raise FormatError(path, None, "no such file")
        if path.is_dir():
            raise FormatError(path, None, "is a directory, not a file")
        fmt = resolve_format(path, source_format)
        if fmt.read is None:
            raise WinoError(f"format {fmt.name!r} can be written but not read")
        fields = {f.name for f in dataclasses.fields(fmt.config)}
        config = make_config(fmt, {**options, "split": given} if given and "split" in fields else options)
        out.append(_Source(path, fmt, config, given or split_from_name(path), given is not None))
    return out


def _records(source: _Source) -> Iterator[Any]:
    """The reader's records with their split set and the triggers of twins filled in."""
    split, explicit = source.split, source.explicit_split
    for record in link_twins(source.format.read(source.path, source.config)):
        if explicit or record.split is None:
            record.split = split
        yield record


def read(
    inputs: PathLike | Sequence[PathLike],
    *,
    source_format: str | None = None,
    options: dict[str, Any] | None = None,
    unique_ids: bool = True,
) -> Iterator[Any]:
    """Stream the checked records of one or more files.

    A missing file, an unknown format or a bad option raises here, at the call; each record is
    then checked against the schema as it streams, and the first bad one raises
    :class:`FormatError` naming its file and line or record. Ids must be unique within a corpus
    and split across all inputs; that check keeps every id in memory (about 100 bytes an item),
    so pass ``unique_ids=False`` to stream a huge file in constant memory: duplicates are then
    caught only within the last :data:`RECENT_IDS` records (a repeated row, a twin written twice).

    Examples
    --------
    >>> items = list(read("dev.jsonl"))  # doctest: +SKIP
    >>> items[0].candidates[items[0].answer].text  # doctest: +SKIP
    'Maria'
    """
    return _checked(_sources(inputs, source_format, options), unique_ids)


RECENT_IDS = 1024


def _checked(sources: Iterable[_Source], unique_ids: bool) -> Iterator[Any]:
    seen: dict[tuple[str, str | None, str], tuple[Path, str]] = {}
    recent: collections.deque = collections.deque()
    for source in sources:
        path = source.path
        for record in _records(source):
            found = record.problems()
            if found:
                raise FormatError(path, _where(record), "; ".join(found))
            key = (record.corpus, record.split, record.id)
            first = seen.get(key)
            if first is not None:
                raise FormatError(path, _where(record), _duplicate(record, first))
            seen[key] = (path, _where(record))
            if not unique_ids:
                recent.append(key)
                if len(recent) > RECENT_IDS:
                    del seen[recent.popleft()]
            yield record


def _duplicate(record: Any, first: tuple[Path, str]) -> str:
    split = f", split {record.split!r}" if record.split else ""
    return f"duplicate id {record.id!r} in corpus {record.corpus!r}{split} (first at {first[0]}: {first[1]})"


def _where(record: Any) -> str:
    origin = record.origin or f"record {record.id!r}"
    return origin if record.id in origin else f"{origin} (id {record.id!r})"


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
    options: dict[str, Any] | None = None,
) -> tuple[int, list[Problem]]:
    """Check every record of every input; return ``(records read, problems)``.

    Unlike :func:`read` this goes on past bad records, so one run lists every problem, one line
    each (``str(problem)``): a line that cannot be read at all, a record breaking the schema, a
    duplicate id. A file that cannot be opened or parsed as a whole contributes one problem.
    """
    problems: list[Problem] = []
    count = 0
    seen: dict[tuple[str, str | None, str], tuple[Path, str]] = {}
    for path in _as_list(inputs):
        with collect_errors() as errors:
            try:
                (source,) = _sources([path], source_format, options)
                for record in _records(source):
                    problems.extend(Problem.from_error(e, path) for e in errors)
                    errors.clear()
                    count += 1
                    where = _where(record)
                    problems.extend(Problem(str(path), where, problem) for problem in record.problems())
                    key = (record.corpus, record.split, record.id)
                    if key in seen:
                        problems.append(Problem(str(path), where, _duplicate(record, seen[key])))
                    else:
                        seen[key] = (path, where)
            except WinoError as exc:
                errors.append(exc)
        problems.extend(Problem.from_error(e, path) for e in errors)
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
        raise WinoError(f"format {fmt.name!r} can be read but not written")
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
) -> ConversionReport:
    """Read ``inputs`` and write them as format ``to``.

    When the inputs hold schema items and the target holds something else (NLI pairs,
    disambiguated sentences, twins, WinoGrande blanks), the target's form is derived on the way;
    items a form or the target cannot express are skipped and listed in the report with the
    reason, never dropped silently. ``strict=True`` makes any skipped item an error: nothing is
    written and :class:`ConversionError` says how many items would be skipped and why.
    ``script="hant"`` writes Chinese forms in Traditional script. An ``output`` that is also one
    of the inputs is refused before anything is read.
    """
    target = formats.get(to)
    if target.write is None:
        raise WinoError(f"format {target.name!r} can be read but not written")
    sources = _sources(inputs, source_format, read_options)
    _refuse_overwriting_an_input(output, sources)
    deriving = False
    for source in sources:
        if source.format.record != target.record and not (source.format.record == "item" and target.derive):
            raise ConversionError(
                f"{source.path}: holds {source.format.record} records ({source.format.name}) but format {target.name!r} "
                f"holds {target.record} records"
            )
        deriving |= source.format.record == "item" and target.derive is not None
    records: Iterable[Any] = _checked(sources, unique_ids)
    report = FormReport()
    if deriving:
        records = derive(target.derive, records, report, script=script)
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
    return ConversionReport(counted.n, target.derive if deriving else None, report.skipped, report.coverage())


def _refuse_overwriting_an_input(output: PathLike | None, sources: list[_Source]) -> None:
    if output is None or str(output) == "-" or not os.path.isfile(output):
        return
    for source in sources:
        if os.path.samefile(output, source.path):
            raise ConversionError(f"{output}: is also an input ({source.path}); write the output to another file")


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
