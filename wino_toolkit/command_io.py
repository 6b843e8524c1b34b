"""What every command does alike with its corpus arguments and its ``--json`` output: one reader and one JSON
printer, so that ``-O`` pairs mean the same in every command and every ``--json`` reads alike (indent 2, text
as written, not ``\\u`` escapes)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator, Sequence, TextIO

from .console import key_values
from .reader_options import ReaderOptions
from .schema import Item

__all__ = ["read_inputs", "iter_inputs", "print_json", "write_json", "JSON_INDENT"]

#: the indent of every command's ``--json`` output and JSON report
JSON_INDENT = 2


def read_inputs(paths: str | Path | Sequence[str | Path], source_format: str | None = None,
                options: ReaderOptions | Sequence[str] | None = None) -> list[Item]:
    """The items of ``paths``. ``options`` are the ``-O [FILE:]KEY=VALUE`` pairs as given, or a
    :class:`ReaderOptions` shared with the command's other reads (the caller checks it once all have read)."""
    return list(iter_inputs(paths, source_format, options))


def iter_inputs(paths: str | Path | Sequence[str | Path], source_format: str | None = None,
                options: ReaderOptions | Sequence[str] | None = None) -> Iterator[Item]:
    """:func:`read_inputs` as a stream, for a command that needs one item at a time (``wino stats`` on a huge file):
    a missing file or a bad option still raises at the call, a bad record when the stream reaches it."""
    from .api import read

    if not isinstance(options, ReaderOptions):
        options = key_values(options, "-O")
    return read(paths, source_format=source_format, options=options)


def print_json(obj: Any, file: TextIO | None = None, *, allow_nan: bool = True) -> None:
    """``obj`` as the commands' ``--json`` prints it, on ``file`` (default: standard output), ending in a newline.
    ``allow_nan=False`` refuses a NaN, which strict JSON readers cannot parse."""
    out = sys.stdout if file is None else file
    out.write(json.dumps(obj, ensure_ascii=False, indent=JSON_INDENT, allow_nan=allow_nan) + "\n")


def write_json(obj: Any, path: str | Path) -> None:
    """``obj`` written to ``path`` as :func:`print_json` prints it, atomically (nothing half-written on a failure)."""
    from .io import atomic_output, text_writer

    with atomic_output(path) as fh, text_writer(fh) as out:
        print_json(obj, out)
