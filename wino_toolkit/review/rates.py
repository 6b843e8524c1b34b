"""What judged review sheets say: the silently-wrong and needless-refusal rates per language and form.

Both rates are shares of the judged items, as issue #31 counts them (24 of 959 Japanese items needlessly
skipped): **silently wrong** = derived and judged ``wrong`` (a refusal is never silent), **needless refusals** =
refused and judged ``needless-refusal``. Each comes with its Wilson 95% interval, since a review judges tens of
items, not thousands. Rows not judged yet are counted and reported, never scored.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import FormatError
from ..intervals import wilson
from .sheet import DERIVED, ReviewRow, ReviewSheet

__all__ = ["Tally", "ReviewScore", "score_sheets", "rates_table", "classes_table"]


@dataclass
class Tally:
    """The judged items of one language and form."""

    language: str
    form: str
    derived: int = 0  # judged items the form derived
    wrong: int = 0  # ... judged wrong: silently wrong
    refused: int = 0  # judged items the form refused
    needless: int = 0  # ... judged needless refusals
    unjudged: int = 0  # rows of either kind not judged yet
    classes: Counter = field(default_factory=Counter)  # error classes written on judged rows

    @property
    def judged(self) -> int:
        return self.derived + self.refused

    def add(self, row: ReviewRow) -> None:
        problem = row.problem()
        if problem:
            raise FormatError(None, f"row {row.n}", problem)
        verdict = row.verdict
        if verdict is None:
            self.unjudged += 1
            return
        if row.status == DERIVED:
            self.derived += 1
            self.wrong += verdict == "wrong"
        else:
            self.refused += 1
            self.needless += verdict == "needless-refusal"
        self.classes.update(row.classes())

    def to_dict(self) -> dict[str, Any]:
        return {"language": self.language, "form": self.form, "judged": self.judged, "derived": self.derived,
                "refused": self.refused, "unjudged": self.unjudged, "silently_wrong": _rate(self.wrong, self.judged),
                "needless_refusals": _rate(self.needless, self.judged), "error_classes": dict(self.classes.most_common())}


def _rate(count: int, judged: int) -> dict[str, Any]:
    """A count as a share of the judged items with its Wilson 95% interval; no rate without a judged item."""
    low, high = wilson(count, judged)
    return {"count": count, "rate": count / judged if judged else None, "low": low, "high": high}


@dataclass
class ReviewScore:
    """The tallies of judged sheets, one per language and form, and which sheets they come from."""

    tallies: list[Tally]
    sheets: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        classes: Counter = sum((t.classes for t in self.tallies), Counter())
        return {"sheets": self.sheets, "groups": [t.to_dict() for t in self.tallies],
                "judged": sum(t.judged for t in self.tallies), "unjudged": sum(t.unjudged for t in self.tallies),
                "error_classes": dict(classes.most_common())}


def score_sheets(sheets: Iterable[ReviewSheet]) -> ReviewScore:
    """The judgements of ``sheets`` tallied per language and form (sorted), each sheet with its signature."""
    tallies: dict[tuple[str, str], Tally] = {}
    described = []
    for sheet in sheets:
        for row in sheet.rows:
            tallies.setdefault((row.language, row.form), Tally(row.language, row.form)).add(row)
        described.append({"path": sheet.path, "signature": sheet.signature, "rows": len(sheet.rows)})
    return ReviewScore([tallies[key] for key in sorted(tallies)], described)


def rates_table(scored: dict[str, Any]):
    """:meth:`ReviewScore.to_dict` as a table: each language and form's rates with their intervals."""
    from rich.table import Table

    signatures = sorted({s["signature"] or f"{s['path']}: no signature" for s in scored["sheets"]})
    table = Table(title="hand review of the derived forms", title_justify="left", caption="\n".join(signatures),
                  caption_justify="left")
    for col in ("language", "form", "judged", "silently wrong", "95% CI", "needless refusals", "95% CI",
                "judged derived", "judged refused", "not judged"):
        table.add_column(col, justify="left" if col in ("language", "form") else "right")
    for g in scored["groups"]:
        table.add_row(g["language"], g["form"], str(g["judged"]), *_shown(g["silently_wrong"]),
                      *_shown(g["needless_refusals"]), str(g["derived"]), str(g["refused"]), str(g["unjudged"]))
    return table


def _shown(rate: dict[str, Any]) -> tuple[str, str]:
    if rate["rate"] is None:
        return "-", "-"
    return f"{rate['count']} ({rate['rate']:.1%})", f"{rate['low']:.0%}-{rate['high']:.0%}"


def classes_table(scored: dict[str, Any]):
    """The error classes the reviewers wrote, counted per language and form."""
    from rich.table import Table

    table = Table(title="error classes", title_justify="left")
    for col in ("language", "form", "class", "items"):
        table.add_column(col, justify="right" if col == "items" else "left")
    for g in scored["groups"]:
        for name, count in g["error_classes"].items():
            table.add_row(g["language"], g["form"], name, str(count))
    return table
