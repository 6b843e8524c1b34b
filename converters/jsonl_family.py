"""The toolkit's own JSON Lines formats (items, NLI pairs, the derived forms' records), built by one factory.

The four (``jsonl``, ``nli_jsonl``, ``disambiguated``, ``twin``) differ only in the record they hold and the
field that marks it, so each format module is one call of :func:`jsonl_format`. Every line carries
``schema_version``, so files stay readable as the schema grows, and writing what was read gives the same
bytes back, ``\\r\\n`` line ends too where the records have a ``meta`` to note them on (items, NLI pairs).
This module registers no format itself.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator

from wino_toolkit.errors import FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import LINE_ENDING, iter_jsonl, keep_line_ending, mark_line_ending, recover, text_writer
from wino_toolkit.schema import SCHEMA_VERSION

__all__ = ["JsonlConfig", "KEY_FIELDS", "SUPPORTED_MAJOR", "check_version", "jsonl_format", "read_records", "write_records"]

SUPPORTED_MAJOR = SCHEMA_VERSION.split(".")[0]

#: fields every record type keys its identity on (corpus, split, id): strings, ``split`` also null
KEY_FIELDS = {"id": (str,), "corpus": (str,), "split": (str, type(None))}


@dataclass
class JsonlConfig:
    """Options of the toolkit's own JSON Lines formats."""

    ensure_ascii: bool = False  # escape non-ASCII characters as \\uXXXX


def check_version(path: Path, number: int, obj: dict) -> None:
    version = obj.get("schema_version")
    if not isinstance(version, str) or version.split(".")[0] != SUPPORTED_MAJOR:
        raise FormatError(path, f"line {number}", f"schema_version {version!r} is not supported (expected {SCHEMA_VERSION})")


def read_records(path: Path, from_dict: Callable[..., Any], marker: str, kind: str) -> Iterator[Any]:
    """Native JSON Lines of any record type: version-checked, each line must carry ``marker``.

    ``kind`` names the record with its article ("an NLI pair") for messages; ``malformed`` drops it.
    A record whose fields have the wrong JSON types is refused here, naming the line, before the
    schema checks (which expect the types) see it.
    """
    what = kind.split(" ", 1)[1]
    yield from mark_line_ending(_records(path, from_dict, marker, kind, what), path)


def _records(path: Path, from_dict: Callable[..., Any], marker: str, kind: str, what: str) -> Iterator[Any]:
    for number, obj in iter_jsonl(path):
        try:
            yield _record(path, number, obj, from_dict, marker, kind, what)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next line; everything else stops here


def _record(path: Path, number: int, obj: dict, from_dict: Callable[..., Any], marker: str, kind: str, what: str) -> Any:
    where = f"line {number}"
    check_version(path, number, obj)
    if marker not in obj:
        raise FormatError(path, where, f"is not {kind} (no {marker!r} field); check --from (see `wino formats`)")
    for key, types in KEY_FIELDS.items():
        if key in obj and not isinstance(obj[key], types):
            raise FormatError(path, where, f"{key} {obj[key]!r:.60} is not a string")
    try:
        record = from_dict(obj, origin=where)
        record.problems()
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        raise FormatError(path, where, f"malformed {what} ({type(exc).__name__}: {exc})"[:300]) from None
    return record


def write_records(records: Iterable[Any], fh: BinaryIO, ensure_ascii: bool) -> None:
    dumps = json.JSONEncoder(ensure_ascii=ensure_ascii).encode
    with text_writer(fh) as out:
        for n, record in enumerate(records):
            obj = record.to_dict()
            meta = obj.get("meta")
            if n == 0:
                keep_line_ending(out, meta)
            if isinstance(meta, dict) and LINE_ENDING in meta:  # the file's line ends, not a field of the record
                obj["meta"] = {k: v for k, v in meta.items() if k != LINE_ENDING}
            out.write(dumps(obj) + "\n")


def jsonl_format(name: str, description: str, extensions: tuple[str, ...], *, from_dict: Callable[..., Any],
                 marker: str, kind: str, **declared: Any) -> Format:
    """Register the JSON Lines format ``name`` of the records ``from_dict`` builds, and return it.

    ``marker`` is the field every line of the format carries: reading refuses a line without it, and
    detection recognises the format by it (with ``schema_version``) on the first line. ``kind`` names the record
    with its article ("an NLI pair") for messages; ``declared`` holds the other :class:`Format` fields
    (``record``, ``derive``, ``aliases``).
    """
    field = f'"{marker}"'.encode()

    def read(path: Path, config: JsonlConfig) -> Iterator[Any]:
        return read_records(path, from_dict, marker, kind)

    def write(records: Iterable[Any], fh: BinaryIO, config: JsonlConfig) -> None:
        write_records(records, fh, config.ensure_ascii)

    def sniff(head: bytes) -> bool:
        first = head.lstrip().split(b"\n", 1)[0]
        return first.startswith(b"{") and b'"schema_version"' in first and field in first

    return register_format(Format(name=name, description=description, extensions=extensions, read=read, write=write,
                                  sniff=sniff, config=JsonlConfig, canonical=True, **declared))
