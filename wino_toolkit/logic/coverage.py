"""How much of WSC285 the shipped formalizations cover, by category, and how deep their knowledge goes.

A version left out has a ``wsc285-N.skip`` file beside the formalizations saying why, three
``key: value`` lines::

    item: wsc285-74
    category: psychological
    reason: the answer rests on which property justifies a belief; logic cannot pick it without restating it

Depth is the size of a version's minimal knowledge core (the formulas sufficiency needs): one
formula is often the answer restated, two or more a chain of commonsense.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.errors import FormatError
from wino_toolkit.io import read_text

from .checks import Verdict
from .syntax import Formalization

__all__ = ["Skip", "read_skip", "shipped_skips", "coverage", "WSC285_VERSIONS", "SKIP_KEYS", "coverage_table"]

#: versions (schema sentences) in WSC285
WSC285_VERSIONS = 285
SKIP_KEYS = ("item", "category", "reason")


@dataclass(frozen=True)
class Skip:
    """A WSC285 version deliberately left unformalized, and why."""

    item: str
    category: str
    reason: str
    path: str


def read_skip(path: str | Path) -> Skip:
    """Parse a ``.skip`` file; a missing, repeated or unknown key is a :class:`FormatError` naming the line."""
    fields: dict[str, str] = {}
    for n, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in SKIP_KEYS:
            raise FormatError(path, f"line {n}", f"expected 'item: ...', 'category: ...' or 'reason: ...', not {line.strip()!r}")
        if key in fields:
            raise FormatError(path, f"line {n}", f"a second {key!r}")
        if not value.strip():
            raise FormatError(path, f"line {n}", f"{key!r} is empty")
        fields[key] = value.strip()
    missing = [k for k in SKIP_KEYS if k not in fields]
    if missing:
        raise FormatError(path, None, f"no {', '.join(repr(k) for k in missing)}: a skip says which version, its category and why")
    return Skip(fields["item"], fields["category"], fields["reason"], str(path))


def shipped_skips() -> list[Skip]:
    from wino_toolkit import corpora

    return [read_skip(p) for p in sorted((Path(corpora.__file__).parent / "logic").glob("*.skip"))]


def coverage(formalizations: Sequence[Formalization], skips: Sequence[Skip], verdicts: Sequence[Verdict] | None = None,
             total: int = WSC285_VERSIONS) -> dict[str, Any]:
    """Versions formalized and skipped per category (a version counts in each of its categories), how
    many of ``total`` are neither, and the minimal-core sizes when ``verdicts`` are given."""
    items = {f.item for f in formalizations}
    both = sorted(items & {s.item for s in skips})
    if both:
        raise FormatError(None, None, f"{both[0]} has both a formalization and a .skip file")
    cores = {v.item: len(v.checks["sufficiency"].core or ()) for v in verdicts or () if v.checks["sufficiency"].status == "pass"}
    rows: dict[str, Counter] = {}
    for f in formalizations:
        for c in f.categories or ("uncategorized",):
            row = rows.setdefault(c, Counter())
            row["formalized"] += 1
            if cores.get(f.item, 0) >= 2:
                row["core_2_or_more"] += 1
    for s in skips:
        rows.setdefault(s.category, Counter())["skipped"] += 1
    out: dict[str, Any] = {
        "versions": total,
        "formalized": len(items),
        "skipped": len(skips),
        "missing": max(0, total - len(items) - len(skips)),
        "categories": {c: {k: rows[c][k] for k in ("formalized", "skipped", "core_2_or_more")} for c in sorted(rows)},
        "skips": [{"item": s.item, "category": s.category, "reason": s.reason} for s in skips],
    }
    if verdicts is not None:
        sizes = Counter(cores.values())
        out["core_sizes"] = {str(k): sizes[k] for k in sorted(sizes)}
        out["core_2_or_more"] = sum(n for k, n in sizes.items() if k >= 2)
        out["core_2_or_more_share"] = round(out["core_2_or_more"] / len(items), 4) if items else 0.0
        out["imports"] = dict(Counter(m for f in formalizations for m in f.imports).most_common())
    return out


def coverage_table(cover: dict[str, Any]) -> Any:
    """A rich table of :func:`coverage`'s result by category, the totals and core sizes as its caption."""
    from rich.table import Table

    caption = (f"{cover['formalized']} of {cover['versions']} WSC285 versions formalized, {cover['skipped']} skipped with a reason, "
               f"{cover['missing']} neither; {cover['core_2_or_more']} ({cover['core_2_or_more_share']:.0%}) need two or more "
               f"knowledge formulas (minimal core sizes: {', '.join(f'{k}: {n}' for k, n in cover['core_sizes'].items())})")
    table = Table(title="coverage by category", caption=caption)
    for column in ("category", "formalized", "skipped", "core of 2 or more"):
        table.add_column(column, justify="left" if column == "category" else "right")
    for name, row in cover["categories"].items():
        table.add_row(name, str(row["formalized"]), str(row["skipped"]), str(row["core_2_or_more"]))
    return table
