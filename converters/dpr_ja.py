"""The Japanese DPR (ku-nlp): DPR's four-line blocks as rows of a tab-separated table.

Column 1 holds the English DPR line, column 2 its Japanese translation, further columns
alternative renderings or translators' notes (often empty); a row of empty cells separates
blocks. A cell holding a comma or a double quote is quoted CSV-style ("The kite,the oak")::

    The kite snagged on the oak because it was flying low.→凧が樫に引っかかった。それが低く飛んでいたからだ。→→（φが）低く飛んでいたので…
    it→それ→→→→
    "The kite,the oak"→凧、　樫→→→→
    The kite→凧→→→→
    →→→→→

(→ stands for a tab.) Items are the Japanese side (``side="ja"``, language ``ja``) or the English
one (``side="en"``); the rules of :mod:`dpr <wino_toolkit.converters.dpr>` apply to each, except
that Japanese mentions need no word boundary and Japanese candidates are split at ``、`` (else
``，`` or ``,``) and joined with ``、`` and an ideographic space. A pronoun that does not occur in
the text is ``None`` (its cell is kept in ``meta["pronoun_line"]``). An answer that names no
candidate takes the index of the other side's answer, and keeps its cell in ``meta["answer_line"]``.

A separator row may hold stray characters that belong to no sentence (full-width letters before
its tabs in the ku-nlp test split): it still ends the block, the row is kept verbatim in the
block's ``meta["separator"]`` and noted as a quirk (:mod:`wino_toolkit.quirks`).

``meta`` keeps the other side's four cells as ``meta["en"]`` (or ``meta["ja"]``) with keys
sentence, pronoun, candidates, answer; the extra columns per row as ``meta["alternatives"]``
(trailing empty cells dropped); ``meta["columns"]`` for a row whose cell count is not the table's
6; and the spelling keys of the dpr format. Writing takes the side from each item's language,
pads rows to 6 cells, separates blocks with a row of empty cells and ends the file with an empty
line, as the ku-nlp ``train.txt`` does; items without English get empty English cells.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.converters.dpr import (
    ENGLISH,
    LINES,
    Style,
    block_shape,
    head_rows,
    iter_blocks,
    match_answer,
    mismatch,
    pair_twins,
    parse_block,
    render,
    split_candidates,
    writable,
)
from wino_toolkit.errors import ConversionError, FormatError, ParameterError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import keep_line_ending, mark_line_ending, text_writer
from wino_toolkit.quirks import note
from wino_toolkit.schema import Item

JAPANESE = Style(whole_word=False, separators=("、", "，", ","), joiner="、\u3000")
STYLES = {"ja": JAPANESE, "en": ENGLISH}
OTHER = {"ja": "en", "en": "ja"}
#: cells a row of the ku-nlp table has (English, Japanese, four alternatives)
WIDTH = 6
#: the row that separates blocks, and the line that ends the file
SEPARATOR, END = "\t" * (WIDTH - 1), ""
#: meta key of a separator row with stray characters (the row after the item's block), kept verbatim
SEPARATOR_KEY = "separator"


@dataclass
class DprJaConfig:
    """Options of the Japanese DPR format."""

    side: str = "ja"  # which column becomes the item: "ja" (column 2) or "en" (column 1); writing follows item.language
    corpus: str = "japanese-wsc"  # corpus name given to the items read; ids are <corpus>-<n>
    encoding: str = "utf-8"  # text encoding of the file, read and written


# ---------------------------------------------------------------- cells


def split_row(row: str) -> list[str]:
    """The unquoted cells of a row; ``ValueError`` for a quoted cell that is not closed properly."""
    cells = []
    for cell in row.split("\t"):
        if cell.startswith('"'):
            inner = cell[1:-1]
            if len(cell) < 2 or not cell.endswith('"') or '"' in inner.replace('""', ""):
                raise ValueError(f"cell {cell[:40]!r} is badly quoted (a tab inside quotes is not supported)")
            cell = inner.replace('""', '"')
        cells.append(cell)
    return cells


def quote(cell: str) -> str:
    return '"' + cell.replace('"', '""') + '"' if "," in cell or '"' in cell else cell


# ---------------------------------------------------------------- reading


def parse_rows(rows: list[str], side: str) -> tuple[dict, dict]:
    """Item fields and meta of one block's four rows; ``ValueError(message, k)`` names row ``k``."""
    table = []
    for k, row in enumerate(rows):
        try:
            cells = split_row(row)
        except ValueError as exc:
            raise ValueError(str(exc), k) from None
        if len(cells) < 2:
            raise ValueError("has 1 column; rows hold the English line, a tab, then the Japanese line", k)
        table.append(cells)
    by_side = {"en": [c[0] for c in table], "ja": [c[1] for c in table]}
    lines, other = by_side[side], by_side[OTHER[side]]
    if not lines[0].strip():
        raise ValueError(f"the {_column(side)} sentence is empty", 0)
    fields, meta = parse_block(lines, STYLES[side])
    if fields["answer"] is None:
        fields, meta = parse_block(lines, STYLES[side], fallback=_answer(other, STYLES[OTHER[side]]))
    if fields["answer"] is None:
        names = ", ".join(repr(c.text) for c in fields["candidates"])
        raise ValueError(f"answer {lines[3]!r} is not one of the candidates {names}, nor is the other column's answer", 3)
    if any(other):
        meta[OTHER[side]] = dict(zip(LINES, other))
    alternatives, columns = {}, {}
    for name, cells in zip(LINES, table):
        extra = _trimmed(cells[2:])
        if extra:
            alternatives[name] = extra
        if len(cells) != max(WIDTH, 2 + len(extra)):
            columns[name] = len(cells)
    if alternatives:
        meta["alternatives"] = alternatives
    if columns:
        meta["columns"] = columns
    return fields, meta


def _column(side: str) -> str:
    return "English (column 1)" if side == "en" else "Japanese (column 2)"


def _trimmed(cells: list[str]) -> list[str]:
    while cells and not cells[-1]:
        cells = cells[:-1]
    return cells


def _answer(lines: list[str], style: Style) -> int | None:
    """The answer index the other side's cells give, or None when they give none."""
    try:
        parts = split_candidates(lines[2], style.separators, lines[0], lines[3], style.whole_word)
    except ValueError:
        return None
    return match_answer(lines[3], parts)


def read(path: Path, config: DprJaConfig) -> Iterator[Item]:
    if config.side not in STYLES:
        raise ParameterError(f"dpr-ja option side takes 'ja' or 'en', not {config.side!r}")
    return mark_line_ending(pair_twins(_items(path, config)), path)


def stray_text(row: str) -> str | None:
    """The stray characters of a separator row ("ｑ" in "ｑ\t\t\t\t\t"), or None when the row holds
    anything a sentence is made of (letters of English, kana, kanji) or is no table row."""
    if "\t" not in row:
        return None
    text = "".join(row.split())
    if not text or not all(_is_stray(ch) for ch in text):
        return None
    return text


def _is_separator(row: str) -> bool:
    """A row of stray characters after a block's 4 rows separates it from the next, like a blank row."""
    return stray_text(row) is not None


def _is_stray(ch: str) -> bool:
    """Full-width Latin letters, digits and signs, and punctuation or symbols: nothing a sentence is made of alone."""
    return "\uff01" <= ch <= "\uff5e" or unicodedata.category(ch)[0] in "PS"


def _items(path: Path, config: DprJaConfig) -> Iterator[Item]:
    for n, (number, rows, separator) in enumerate(iter_blocks(path, config.encoding, _is_separator)):
        try:
            fields, meta = parse_rows(rows, config.side)
        except ValueError as exc:
            message, k = exc.args
            raise FormatError(path, f"line {number + k}", message) from None
        if separator is not None:
            meta[SEPARATOR_KEY] = separator
            note(meta, "stray-separator-text", f"line {number + 4}: separator row holds {stray_text(separator)!r}")
        yield Item(
            id=f"{config.corpus}-{n}",
            corpus=config.corpus,
            language=config.side,
            meta=meta,
            origin=f"line {number}",
            **fields,
        )


# ---------------------------------------------------------------- writing


def write(items: Iterable[Item], fh: BinaryIO, config: DprJaConfig) -> None:
    """Blocks separated by a row of empty cells (or the block's own stray separator), then an empty line."""
    after: str | None = None  # the separator row owed after the last block written
    with text_writer(fh, config.encoding) as out:
        for item in items:
            if after is None:
                keep_line_ending(out, item.meta)
            rows = _rows(item)
            out.write(("" if after is None else after + "\n") + "".join(row + "\n" for row in rows))
            after = _separator(item)
        if after is not None:
            out.write((END if after == SEPARATOR else after) + "\n")


def _separator(item: Item) -> str:
    """The row to write after the item's block: its own stray separator, else the empty one."""
    kept = item.meta.get(SEPARATOR_KEY) if item.meta else None
    if kept is None:
        return SEPARATOR
    if not isinstance(kept, str) or "\n" in kept or "\r" in kept or stray_text(kept) is None:
        raise ConversionError(f"item {item.id!r}: meta separator {kept!r} would not read back as a separator row")
    return kept


def _side(item: Item) -> str:
    side = item.language.split("-", 1)[0].lower()
    if side not in STYLES:
        raise ConversionError(f"item {item.id!r}: dpr-ja holds Japanese or English items, not {item.language!r}")
    return side


def _rows(item: Item) -> list[str]:
    """The item's four rows, in the file's own spelling when that still reads back as the item."""
    side = _side(item)
    writable(item, "dpr-ja")
    if item.pronoun is not None and item.pronoun.is_slot:
        raise ConversionError(f"item {item.id!r}: dpr-ja cannot mark a zero-pronoun slot")
    problem = None
    for use_meta in (True, False) if item.meta else (False,):
        rows, problem = _table(item, side, render(item, use_meta, STYLES[side].joiner))
        if problem is None:
            return rows
    raise ConversionError(f"item {item.id!r}: cannot be written as dpr-ja: {problem}")


def _table(item: Item, side: str, lines: list[str]) -> tuple[list[str], str | None]:
    """Rows for ``lines`` with the other side and the alternatives from meta, and why they fail."""
    meta = item.meta
    other = meta.get(OTHER[side])
    other = [other.get(k, "") for k in LINES] if isinstance(other, dict) else [""] * 4
    alternatives = meta.get("alternatives") if isinstance(meta.get("alternatives"), dict) else {}
    columns = meta.get("columns") if isinstance(meta.get("columns"), dict) else {}
    rows = []
    for k, name in enumerate(LINES):
        pair = (lines[k], other[k]) if side == "en" else (other[k], lines[k])
        cells = [*pair, *alternatives.get(name, ())]
        if not all(isinstance(c, str) for c in cells):
            return rows, f"its {name} cells in meta are not all strings"
        if any(ch in c for c in cells for ch in "\t\n\r"):
            return rows, f"a {name} cell holds a tab or line break"
        width = columns.get(name)
        if not isinstance(width, int) or width < len(cells):
            width = max(WIDTH, len(cells))
        row = "\t".join(quote(c) for c in cells + [""] * (width - len(cells)))
        if not row.strip():
            return rows, f"its {name} row would be empty, which dpr-ja reads as the end of a block"
        rows.append(row)
    try:
        fields, _ = parse_rows(rows, side)
    except ValueError as exc:
        return rows, exc.args[0]
    return rows, mismatch(item, fields, "dpr-ja")


# ---------------------------------------------------------------- detection


def sniff(head: bytes) -> bool:
    rows = head_rows(head)
    if rows is None or rows[4].strip() or not all("\t" in row for row in rows[:4]):
        return False
    try:
        table = [split_row(row) for row in rows[:4]]
    except ValueError:
        return False
    return block_shape([c[0] for c in table]) or block_shape([c[1] for c in table], JAPANESE)


FORMAT = register_format(
    Format(
        name="dpr-ja",
        description="Japanese DPR (ku-nlp): tab-separated English / Japanese / alternative columns in DPR blocks",
        extensions=(".txt",),
        read=read,
        write=write,
        representable=record_by_record(write),
        sniff=sniff,
        config=DprJaConfig,
        canonical=True,
    )
)
