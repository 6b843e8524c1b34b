"""The toolkit's native JSON Lines for NLI pairs: one :class:`~wino_toolkit.schema.NLIPair` per line.

Versioned like the native item format (``schema_version`` on every line). Example line (wrapped)::

    {"schema_version": "1.0", "id": "0", "corpus": "wnli", "language": "en",
     "premise": "The jar fell off the shelf because it was wobbly.", "hypothesis": "The shelf was wobbly.",
     "label": true, "item_id": null, "candidate": null, "meta": {}}
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.converters.jsonl import read_records, write_records
from wino_toolkit.formats import Format, register_format
from wino_toolkit.schema import NLIPair


@dataclass
class NliJsonlConfig:
    """Options of the native NLI format."""

    ensure_ascii: bool = False  # escape non-ASCII characters as \\uXXXX


def read(path: Path, config: NliJsonlConfig) -> Iterator[NLIPair]:
    return read_records(path, NLIPair.from_dict, "premise", "an NLI pair")


def write(pairs: Iterable[NLIPair], fh: BinaryIO, config: NliJsonlConfig) -> None:
    write_records(pairs, fh, config.ensure_ascii)


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
        derive="nli",
        aliases=("nli",),
    )
)
