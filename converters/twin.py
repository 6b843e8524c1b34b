"""The twin form as JSON Lines: the versions of one schema side by side, with their trigger words.

Written from schema items by ``wino convert X --to twin``; readable again. Example line (wrapped)::

    {"schema_version": "1.0", "twin": "wsc285-2", "corpus": "wsc285", "language": "en",
     "versions": [{"id": "wsc285-2", "role": "special", "text": "... because it is too large.",
                   "triggers": ["large"], "answer": 0, "answer_text": "The trophy"},
                  {"id": "wsc285-3", "role": "alternate", "text": "... because it is too small.",
                   "triggers": ["small"], "answer": 1, "answer_text": "the brown suitcase"}]}
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.converters.jsonl import read_records, write_records
from wino_toolkit.formats import Format, register_format
from wino_toolkit.forms.records import TwinRecord


@dataclass
class TwinConfig:
    """Options of the twin form's file."""

    ensure_ascii: bool = False  # escape non-ASCII characters as \\uXXXX


def read(path: Path, config: TwinConfig) -> Iterator[TwinRecord]:
    return read_records(path, TwinRecord.from_dict, "versions", "a twin record")


def write(records: Iterable[TwinRecord], fh: BinaryIO, config: TwinConfig) -> None:
    write_records(records, fh, config.ensure_ascii)


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"schema_version"' in first and b'"versions"' in first


FORMAT = register_format(
    Format(
        name="twin",
        description="twin form: the versions of each schema side by side with their trigger words (JSON Lines)",
        extensions=(".jsonl",),
        read=read,
        write=write,
        sniff=sniff,
        config=TwinConfig,
        canonical=True,
        record="twin",
        derive="twin",
    )
)
