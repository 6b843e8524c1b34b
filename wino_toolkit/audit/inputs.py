"""The corpora an audit reads: every file on its own, so one unreadable file leaves the others audited."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Sequence

from wino_toolkit.errors import WinoError
from wino_toolkit.schema import Item, NLIPair

__all__ = ["Loaded", "load"]


@dataclass
class Loaded:
    """Schema items and NLI pairs of some files, and the files that could not be read (with why)."""

    paths: list[str]
    items: list[Item] = field(default_factory=list)
    pairs: list[NLIPair] = field(default_factory=list)
    unreadable: dict[str, str] = field(default_factory=dict)


def load(paths: Sequence[str | os.PathLike]) -> Loaded:
    """Read each file apart: two files of one corpus may number their records alike (WNLI's TSV and JSONL)."""
    from wino_toolkit.api import read

    out = Loaded([str(p) for p in paths])
    for path in out.paths:
        try:
            records = list(read(path))
        except WinoError as exc:
            out.unreadable[path] = str(exc)
            continue
        out.items.extend(r for r in records if isinstance(r, Item))
        out.pairs.extend(r for r in records if isinstance(r, NLIPair))
    return out
