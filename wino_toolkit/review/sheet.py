"""The review sheet as a TSV: one row per sampled item, every derived sentence in it, a judgement to fill in.

The file must survive a spreadsheet and come back unchanged, so it is written and read with the csv module (a cell
holding a tab, a quote or a line break is quoted), in UTF-8 (a byte-order mark a spreadsheet adds is dropped).
Lines starting with ``#`` are comments: the first holds the sheet's signature (``forms-sample|form:nli|...``),
the others say what the judgement values are. Columns are found by name, so a reviewer may add or move columns.
"""
from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field, fields

from ..errors import FormatError
from ..io import read_text

__all__ = ["COLUMNS", "DERIVED", "REFUSED", "JUDGEMENTS", "SIGNATURE_HEAD", "MARK_OPEN", "MARK_CLOSE", "SLOT",
           "ReviewRow", "ReviewSheet", "to_tsv", "parse_sheet", "read_sheet"]

DERIVED, REFUSED = "derived", "refused"

#: what a reviewer may write in the judgement column, by the row's status; an empty cell is "not judged yet"
JUDGEMENTS: dict[str, tuple[str, ...]] = {DERIVED: ("ok", "wrong"), REFUSED: ("right-refusal", "needless-refusal")}

#: how a sheet's signature starts (sacrebleu style: ``forms-sample|form:nli|n:40|of:285|seed:1|data:...|v:...``)
SIGNATURE_HEAD = "forms-sample|"

MARK_OPEN, MARK_CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: rare in any corpus, so the marked span reads unambiguously
SLOT = "\u2205"  # ∅: a zero-anaphora slot, where Chinese or Japanese drops the pronoun

LEGEND = (
    ("judgement: ok or wrong for a derived item (wrong: any of its derived sentences is wrong); right-refusal or "
     "needless-refusal for a refused one; empty: not judged yet, never scored"),
    ("error_class: for a wrong or needless-refusal item, what went wrong in a word or two (fragment, partitive, "
     "marked-span, determiner, possessive, inflection, unasserted-clause, or your own); several separated by commas"),
    (f"text: the referring expression marked {MARK_OPEN}like this{MARK_CLOSE} ({MARK_OPEN}{SLOT}{MARK_CLOSE}: the "
     "slot of a dropped pronoun); candidates and derived sentences are numbered alike"),
)


@dataclass
class ReviewRow:
    """One sampled item as the reviewer sees it: the source, what the form made of it, and the judgement."""

    n: int
    corpus: str
    id: str
    language: str
    form: str
    status: str  # DERIVED or REFUSED
    text: str  # the item's text with the referring expression between ⟦ ⟧
    candidates: str
    answer: str
    derived: str  # every derived sentence, one a line; "refused: <reason>" for a refused item
    judgement: str = ""
    error_class: str = ""
    note: str = ""
    line: int = field(default=0, compare=False)  # where a read row starts in its file, for messages

    @property
    def verdict(self) -> str | None:
        """The judgement as scored (case and spaces ignored); ``None`` when the row is not judged yet."""
        return self.judgement.strip().lower() or None

    def problem(self) -> str | None:
        """Why the row cannot be scored (a status or a judgement it cannot have), or ``None``."""
        if self.status not in JUDGEMENTS:
            return f"status {self.status!r} is not {DERIVED} or {REFUSED}"
        allowed = JUDGEMENTS[self.status]
        if self.verdict is not None and self.verdict not in allowed:
            return (f"judgement {self.judgement.strip()!r} is not one of {', '.join(allowed)} for a {self.status} item "
                    "(empty: not judged yet)")
        return None

    def classes(self) -> list[str]:
        """The error classes the reviewer wrote, in lower case."""
        return [c.strip().lower() for c in self.error_class.replace(";", ",").split(",") if c.strip()]


COLUMNS = tuple(f.name for f in fields(ReviewRow) if f.name != "line")


@dataclass
class ReviewSheet:
    """A review sheet: its signature (``None`` when a spreadsheet lost the comment lines) and its rows."""

    signature: str | None
    rows: list[ReviewRow]
    path: str | None = field(default=None, compare=False)


def to_tsv(sheet: ReviewSheet) -> str:
    """The sheet as TSV text: the signature and legend as ``#`` lines, the header, one row per item."""
    out = io.StringIO()
    lines = ([sheet.signature] if sheet.signature else []) + list(LEGEND)
    out.write("".join(f"# {line}\n" for line in lines))
    plain = csv.writer(out, delimiter="\t", lineterminator="\n")
    quoted = csv.writer(out, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_ALL)
    plain.writerow(COLUMNS)
    for row in sheet.rows:
        cells = [str(getattr(row, name)) for name in COLUMNS]
        # csv quotes a cell holding "\n" but not one holding a lone "\r", which a reader takes for a line end
        (quoted if any("\r" in c for c in cells) else plain).writerow(cells)
    return out.getvalue()


def read_sheet(path: str | os.PathLike) -> ReviewSheet:
    """The sheet in ``path``; a judgement that is not one of :data:`JUDGEMENTS` raises :class:`FormatError`
    naming the file and line."""
    return parse_sheet(read_text(path), str(path))


def parse_sheet(text: str, path: str | None = None) -> ReviewSheet:
    """The sheet :func:`to_tsv` wrote (or a spreadsheet saved), checked row by row (see :func:`read_sheet`)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter="\t")
    signature, header, rows = None, None, []
    end = 0
    for cells in reader:
        start, end = end + 1, reader.line_num
        first = cells[0].strip() if cells else ""
        if first.startswith("#"):
            comment = first[1:].strip()
            if signature is None and comment.startswith(SIGNATURE_HEAD):
                signature = comment
        elif not any(c.strip() for c in cells):
            continue
        elif header is None:
            header = _columns(cells, path, start)
        else:
            rows.append(_row(cells, header, path, start))
    if header is None:
        raise FormatError(path, None, "no header line: not a review sheet of wino forms sample")
    return ReviewSheet(signature, rows, path)


def _columns(cells: list[str], path: str | None, line: int) -> dict[str, int]:
    """Where each column is, by name; a missing one means this is not a review sheet."""
    where = {name.strip(): k for k, name in enumerate(cells)}
    missing = [name for name in COLUMNS if name not in where]
    if missing:
        raise FormatError(path, f"line {line}", f"no column {', '.join(missing)}: not a review sheet of wino forms sample")
    return where


def _row(cells: list[str], header: dict[str, int], path: str | None, line: int) -> ReviewRow:
    """One item's row, its number, status and judgement checked."""
    value = {name: cells[k] if k < len(cells) else "" for name, k in header.items()}
    if not value["n"].strip().isdigit():
        raise FormatError(path, f"line {line}", f"n {value['n']!r} is not a row number (a cell moved out of its column?)")
    row = ReviewRow(**{name: int(value[name]) if name == "n" else value[name] for name in COLUMNS}, line=line)
    problem = row.problem()
    if problem:
        raise FormatError(path, f"line {line}", problem)
    return row
