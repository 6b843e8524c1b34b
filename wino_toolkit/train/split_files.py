"""Splits written to files: one file per split in a format that keeps schema items whole, and ``split.json``
recording the draw (seed, fractions, counts) and the checksum of every source, so a split can be checked and
drawn again."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.api import write
from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.formats import Format, formats
from wino_toolkit.io import atomic_output, text_writer
from wino_toolkit.schema import Item
from wino_toolkit.splits import group_key

__all__ = ["RECORD_FILE", "item_format", "write_splits", "splits_table"]

RECORD_FILE = "split.json"


def item_format(name: str) -> Format:
    """The format ``name``, refused unless it writes schema items (derived forms would lose the twins)."""
    fmt = formats.get(name)
    if fmt.record != "item" or fmt.write is None:
        raise ParameterError(f"format {fmt.name!r} does not write schema items; write the splits as jsonl and convert them")
    return fmt


def write_splits(parts: dict[str, list[Item]], directory: str | os.PathLike, *, to: str = "jsonl",
                 sources: Sequence[str | os.PathLike] = ()) -> list[Path]:
    """Write each split to ``DIR/<split><ext>`` in format ``to``, and ``DIR/split.json`` recording the draw.

    Items are written unchanged: their ``split`` field keeps the release split they were read
    from, which the native jsonl format stores, so nothing is lost; the new split is the file's
    name (read one back with ``options={"split": "dev"}`` to see it as the item's split). Renaming
    the field instead would lose the release split and could make ids collide within a file
    (SuperGLUE's train and val both number their rows from 0). ``split.json`` holds the seed, the
    fractions, items and schemas per split and the sha256 (first 8 hex digits) of each of
    ``sources``, the files the items were read from; a source is never overwritten.
    """
    fmt = item_format(to)
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise WinoError(f"{out}: exists and is not a directory")
    files = {name: out / f"{name}{fmt.extensions[0]}" for name in parts}
    checksums = {str(src): _checksum(src) for src in sources if Path(src).is_file()}
    for path in [*files.values(), out / RECORD_FILE]:
        for src in checksums:
            if path.exists() and os.path.samefile(path, src):
                raise WinoError(f"{path}: is also an input; write the splits to another directory")
    out.mkdir(parents=True, exist_ok=True)
    for name, path in files.items():
        write(parts[name], path, to=fmt.name)
    record = _record(parts, checksums)
    record["format"] = fmt.name
    with atomic_output(out / RECORD_FILE) as fh, text_writer(fh) as text:
        json.dump(record, text, ensure_ascii=False, indent=1)
        text.write("\n")
    return [*files.values(), out / RECORD_FILE]


def splits_table(record: dict[str, Any], files: Sequence[str | os.PathLike], *, title: str) -> Any:
    """A rich table of ``split.json``'s ``record``: items and schemas per split, beside the file written for it."""
    from rich.table import Table

    table = Table(title=title)
    for name in ("split", "items", "schemas", "file"):
        table.add_column(name, justify="right" if name in ("items", "schemas") else "left")
    for (name, counts), path in zip(record["counts"].items(), files):
        table.add_row(name, str(counts["items"]), str(counts["schemas"]), str(path))
    return table


def _record(parts: dict[str, list[Item]], sources: dict[str, str] | None = None) -> dict[str, Any]:
    """What ``split.json`` holds: seed, fractions, items and schemas per split, source checksums."""
    return {
        "seed": getattr(parts, "seed", None),
        "dev": getattr(parts, "dev", None),
        "test": getattr(parts, "test", None),
        "counts": {name: {"items": len(items), "schemas": len({group_key(item) for item in items})} for name, items in parts.items()},
        "source": dict(sources or {}),
    }


def _checksum(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:8]
