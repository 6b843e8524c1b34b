"""Validation problems and reader quirks, as ``wino validate`` finds them, file by file."""
from __future__ import annotations

from typing import Any

from .inputs import Loaded

__all__ = ["validity"]


def validity(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: records read, every problem (file, where, what) and the quirks tolerated."""
    from wino_toolkit.quirks import QuirkReport

    quirks = QuirkReport()
    records, problems, first = 0, [], ""
    per_file = {}
    for path in data.paths:  # apart, as the audit reads them, from the copy read (a pipe is read once)
        count, found = data.validate(path, quirks=quirks)
        records += count
        problems.extend(p.to_dict() for p in found)
        first = first or (str(found[0]) if found else "")
        per_file[path] = {"records": count, "problems": len(found)}
    figures = {"records": records, "problems": problems, "files": per_file, "quirks": quirks.to_dict()}
    if problems:
        verdict = f"{len(problems)} problem(s) in {records:,} records; first: {first}"
    else:
        verdict = f"well formed: no problem in {records:,} records"
    if quirks:
        verdict += f"; tolerated: {quirks.summary()}"
    return verdict, figures
