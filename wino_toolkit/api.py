"""The library functions behind the CLI: read, write, convert and validate corpora.

They never print or exit; they raise :class:`~wino_toolkit.errors.WinoError` subclasses that name
the file and record at fault.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from .errors import ConversionError, FormatError, WinoError
from .formats import Format, detect_format, formats, make_config
from .forms import FormReport, Skipped, derive
from .io import atomic_output

__all__ = ["read", "write", "convert", "validate", "resolve_format", "ConversionReport"]

PathLike = str | os.PathLike


def resolve_format(path: PathLike, name: str | None) -> Format:
    """The named format, or the one detected from ``path``'s content."""
    return formats.get(name) if name else detect_format(path)


def _as_list(inputs: PathLike | Sequence[PathLike]) -> list[Path]:
    if isinstance(inputs, (str, os.PathLike)):
        return [Path(inputs)]
    return [Path(p) for p in inputs]


def _records(path: Path, fmt: Format, options: dict[str, Any] | None) -> Iterator[Any]:
    if fmt.read is None:
        raise WinoError(f"format {fmt.name!r} can be written but not read")
    if not path.exists():
        raise FormatError(path, None, "no such file")
    if path.is_dir():
        raise FormatError(path, None, "is a directory, not a file")
    return fmt.read(path, make_config(fmt, options))


def read(
    inputs: PathLike | Sequence[PathLike],
    *,
    source_format: str | None = None,
    options: dict[str, Any] | None = None,
    unique_ids: bool = True,
) -> Iterator[Any]:
    """Stream the checked records of one or more files.

    Each record is checked against the schema; the first bad one raises :class:`FormatError`
    naming its file and line or record. Ids must be unique within a corpus across all inputs;
    that check keeps every id in memory (about 100 bytes an item), so pass ``unique_ids=False``
    to stream a huge file in constant memory.

    Examples
    --------
    >>> items = list(read("dev.jsonl"))  # doctest: +SKIP
    >>> items[0].candidates[items[0].answer].text  # doctest: +SKIP
    'Maria'
    """
    sources = ((path, resolve_format(path, source_format)) for path in _as_list(inputs))
    return _checked(sources, options, unique_ids)


def _checked(sources: Iterable[tuple[Path, Format]], options: dict[str, Any] | None, unique_ids: bool) -> Iterator[Any]:
    seen: dict[str, set[str]] = {}
    for path, fmt in sources:
        for record in _records(path, fmt, options):
            found = record.problems()
            if found:
                raise FormatError(path, _where(record), "; ".join(found))
            if unique_ids:
                ids = seen.get(record.corpus)
                if ids is None:
                    ids = seen[record.corpus] = set()
                if record.id in ids:
                    raise FormatError(path, _where(record), f"duplicate id {record.id!r} in corpus {record.corpus!r}")
                ids.add(record.id)
            yield record


def _where(record: Any) -> str:
    origin = record.origin or f"record {record.id!r}"
    return origin if record.id in origin else f"{origin} (id {record.id!r})"


def validate(
    inputs: PathLike | Sequence[PathLike],
    *,
    source_format: str | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[int, list[str]]:
    """Check every record of every input; return ``(records read, problems)``.

    Unlike :func:`read` this goes on past bad records, so one run lists every problem, one line
    each. A file that cannot be parsed at all contributes one line and is skipped.
    """
    problems: list[str] = []
    count = 0
    seen: dict[tuple[str, str], str] = {}
    for path in _as_list(inputs):
        try:
            fmt = resolve_format(path, source_format)
            for record in _records(path, fmt, options):
                count += 1
                where = _where(record)
                for problem in record.problems():
                    problems.append(f"{path}: {where}: {problem}")
                key = (record.corpus, record.id)
                if key in seen:
                    problems.append(f"{path}: {where}: duplicate id {record.id!r} (first at {seen[key]})")
                else:
                    seen[key] = where
        except WinoError as exc:
            problems.append(str(exc))
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
) -> ConversionReport:
    """Read ``inputs`` and write them as format ``to``.

    When the inputs hold schema items and the target holds something else (NLI pairs,
    disambiguated sentences, twins, WinoGrande blanks), the target's form is derived on the way;
    items a form or the target cannot express are skipped and listed in the report with the
    reason, never dropped silently. ``script="hant"`` writes Chinese forms in Traditional script.
    """
    target = formats.get(to)
    sources = [(path, resolve_format(path, source_format)) for path in _as_list(inputs)]
    deriving = False
    for path, source in sources:
        if source.record != target.record and not (source.record == "item" and target.derive):
            raise ConversionError(
                f"{path}: holds {source.record} records ({source.name}) but format {target.name!r} "
                f"holds {target.record} records"
            )
        deriving |= source.record == "item" and target.derive is not None
    records: Iterable[Any] = _checked(sources, read_options, unique_ids)
    report = FormReport()
    if deriving:
        records = derive(target.derive, records, report, script=script)
        write_options = {**target.derived_options, **(write_options or {})}
    if target.representable is not None:
        records = _representable(records, target, make_config(target, write_options), report)
    written = write(records, output, to=target.name, options=write_options)
    return ConversionReport(written, target.derive if deriving else None, report.skipped, report.coverage())


def _representable(records: Iterable[Any], target: Format, config: Any, report: FormReport) -> Iterator[Any]:
    for record in records:
        reason = target.representable(record, config)
        if reason is None:
            yield record
        else:
            report.skip(record, f"{target.name}: {reason}")
