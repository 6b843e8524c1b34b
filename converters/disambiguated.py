"""The disambiguated form as JSON Lines: one sentence per candidate, labelled correct or wrong.

Written from schema items by ``wino convert X --to disambiguated`` (the four texts per schema of
Trinh & Le 2018); readable again, so the form round-trips. Example line (wrapped)::

    {"schema_version": "1.0", "id": "wsc285-2-1", "item_id": "wsc285-2", "corpus": "wsc285",
     "language": "en", "candidate": 1, "candidate_text": "the brown suitcase",
     "text": "The trophy doesn't fit into the brown suitcase because the brown suitcase is too large.",
     "label": "wrong"}
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.converters.jsonl import read_records, write_records
from wino_toolkit.formats import Format, register_format
from wino_toolkit.forms.records import Disambiguated


@dataclass
class DisambiguatedConfig:
    """Options of the disambiguated form's file."""

    ensure_ascii: bool = False  # escape non-ASCII characters as \\uXXXX


def read(path: Path, config: DisambiguatedConfig) -> Iterator[Disambiguated]:
    return read_records(path, Disambiguated.from_dict, "candidate_text", "a disambiguated sentence")


def write(records: Iterable[Disambiguated], fh: BinaryIO, config: DisambiguatedConfig) -> None:
    write_records(records, fh, config.ensure_ascii)


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"schema_version"' in first and b'"candidate_text"' in first


FORMAT = register_format(
    Format(
        name="disambiguated",
        description="disambiguated form: the text with the referring expression replaced by each candidate (JSON Lines)",
        extensions=(".jsonl",),
        read=read,
        write=write,
        sniff=sniff,
        config=DisambiguatedConfig,
        canonical=True,
        record="disambiguated",
        derive="disambiguated",
    )
)
