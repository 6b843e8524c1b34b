"""The toolkit's native JSON Lines for NLI pairs: one :class:`~wino_toolkit.schema.NLIPair` per line.

Versioned like the native item format (``schema_version`` on every line). Example line (wrapped)::

    {"schema_version": "1.0", "id": "0", "corpus": "wnli", "language": "en",
     "premise": "The jar fell off the shelf because it was wobbly.", "hypothesis": "The shelf was wobbly.",
     "label": true, "item_id": null, "candidate": null, "meta": {}}
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.converters.jsonl import check_version
from wino_toolkit.errors import FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import iter_jsonl, text_writer
from wino_toolkit.schema import NLIPair


@dataclass
class NliJsonlConfig:
    """Options of the native NLI format."""

    ensure_ascii: bool = False  # escape non-ASCII characters as \\uXXXX


def read(path: Path, config: NliJsonlConfig) -> Iterator[NLIPair]:
    for number, obj in iter_jsonl(path):
        check_version(path, number, obj)
        if "premise" not in obj and "candidates" in obj:
            raise FormatError(path, f"line {number}", "holds a schema item; read this file with --from jsonl")
        try:
            yield NLIPair.from_dict(obj, origin=f"line {number}")
        except (KeyError, TypeError) as exc:
            raise FormatError(path, f"line {number}", f"malformed NLI pair ({type(exc).__name__}: {exc})") from None


def write(pairs: Iterable[NLIPair], fh: BinaryIO, config: NliJsonlConfig) -> None:
    dumps = json.JSONEncoder(ensure_ascii=config.ensure_ascii).encode
    with text_writer(fh) as out:
        for pair in pairs:
            out.write(dumps(pair.to_dict()) + "\n")


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"schema_version"' in first and b'"premise"' in first


FORMAT = register_format(
    Format(
        name="nli-jsonl",
        description="wino-toolkit native JSON Lines for NLI pairs (premise, hypothesis, label, with schema_version)",
        extensions=(".jsonl", ".nli.jsonl"),
        read=read,
        write=write,
        sniff=sniff,
        config=NliJsonlConfig,
        canonical=True,
        record="nli",
    )
)
