"""SuperGLUE WSC JSON Lines: one candidate per row, so one schema spreads over several rows.

Spans are given as whitespace-token indices plus the mention's text; ``label`` says whether
``span1`` is what ``span2`` refers to (absent in the unlabeled test split)::

    {"text": "Nina gave Mrs. Park a lift because she had a car .", "target": {"span2_index": 7, "span1_index": 2, "span1_text": "Mrs. Park", "span2_text": "she"}, "idx": 0, "label": false}
    {"text": "Nina gave Mrs. Park a lift because she had a car .", "target": {"span2_index": 7, "span1_index": 0, "span1_text": "Nina", "span2_text": "she"}, "idx": 5, "label": true}

Rows are grouped by (text, pronoun token index) into one :class:`Item`, in order of each group's
first row; candidates are the distinct ``span1`` mentions in row order, as many as there are
(the unlabeled test split gives one pronoun six and more). The answer is the one candidate named
by true rows (and by no false row) when the group has two or more candidates, otherwise ``None``.
``meta["rows"]`` keeps each row's ``idx``, ``label`` and candidate index, plus the source's own
index/text wherever it differs from what the spans give, so the writer reproduces the file byte
for byte: it emits rows sorted by ``idx`` (every release is), or item by item when sorting would
reorder or rename the items (a file out of ``idx`` order). An ``idx`` used twice is an error
naming both lines.

A mention matches its token(s) ignoring case and whitespace ("The lawyer" names "the lawyer",
"a\\nb" names "a b") and may stop before punctuation inside its last token ("him" in ``him,"``);
an index that is off by one (the mention is the neighbouring token, and only that one) is
accepted and the source's index kept in the row's meta. Quirks of the test split are read and
noted in ``meta["quirks"]`` (see :mod:`wino_toolkit.quirks`): a span text with a final period or
a word the text does not have there ("the tape." for "the tape,") matches without them; a
candidate whose words stand apart ("Lev A and Grigory B" for "Lev A, ..., and Grigory B") is
kept without a span. A mention whose words the text does not have is an error.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import iter_jsonl, keep_line_ending, mark_line_ending, recover, text_writer
from wino_toolkit.lang.mentions import word_regex
from wino_toolkit.quirks import mark_trailing_empty_lines, note, trailing_empty_lines
from wino_toolkit.schema import Candidate, Item, Span

TOKEN = re.compile(r"\S+")
ROW_KEYS = ("text", "target", "idx", "label")
TARGET_KEYS = ("span2_index", "span1_index", "span1_text", "span2_text")


@dataclass
class SuperGlueConfig:
    """Options of the SuperGLUE WSC format."""

    corpus: str = "superglue-wsc"  # corpus name given to the items read; ids are <corpus>-<idx of first row>
    language: str = "en"  # BCP-47 tag of the items read


@dataclass
class _Row:
    """One parsed line of the file."""

    number: int
    text: str
    target: dict[str, Any]
    idx: int
    label: bool | None
    extra: dict[str, Any]
    target_extra: dict[str, Any]


@dataclass
class _Group:
    """The rows sharing a text and pronoun index: one schema item in the making."""

    number: int
    text: str
    tokens: list[tuple[int, int]]
    pronoun: Span
    pronoun_index: int
    candidates: list[Candidate]
    rows: list[dict[str, Any]]
    meta: dict[str, Any]  # the item's meta: "rows" and any quirks noted


def tokens_of(text: str) -> list[tuple[int, int]]:
    """Character spans of the whitespace tokens (``text.split()``), which the indices count."""
    return [m.span() for m in TOKEN.finditer(text)]


def locate(text: str, tokens: list[tuple[int, int]], index: int, mention: str) -> tuple[int, int] | None:
    """Where ``mention`` starts at token ``index``: case and whitespace ignored, a word boundary at its end."""
    words = mention.split()
    if not words or not 0 <= index < len(tokens):
        return None
    pattern = re.compile(word_regex(mention, spacing="words", edges="none"), re.IGNORECASE)
    found = pattern.match(text, tokens[index][0])
    if found is None:
        return None
    end = found.end()
    if end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        return None
    return found.start(), end


#: what may trail a span text without being in the text ("the tape." for "the tape,")
TRAILING = ".,;:!?'\""


@dataclass
class _Resolved:
    """Where a row's mention is: its span (None when not located), start token, and any quirk."""

    span: Span | None
    index: int
    matched: str | None = None  # the shorter part of the mention that matched, when not all of it did


#: at most this many trailing words of a span text may be missing from the text (bounds the work on a huge span text)
DROPPED_WORDS = 2


def _shorter(mention: str) -> Iterator[str]:
    """The mention without its last one or two words (each also without trailing punctuation), longest first."""
    words = mention.split()
    for k in range(len(words) - 1, max(0, len(words) - 1 - DROPPED_WORDS), -1):
        part = " ".join(words[:k])
        yield part
        yield part.rstrip(TRAILING)


def _words_in_order(text: str, mention: str) -> bool:
    """Whether the mention's words occur in the text in order ("Lev A and Grigory B" in "Lev A, ..., and Grigory B")."""
    def norm(word: str) -> str:
        return word.strip(TRAILING + "()").casefold()

    words = iter(norm(w) for w in text.split())
    wanted = [w for w in map(norm, mention.split()) if w]
    return bool(wanted) and all(any(w == seen for seen in words) for w in wanted)


def _resolve(path: Path, row: _Row, tokens: list[tuple[int, int]], which: str) -> _Resolved:
    """The span a row names by token index and text, and the token index it really starts at.

    Tried in turn: the mention at its token; at a neighbouring token (an index off by one);
    without trailing punctuation ("the tape." for "the tape,"). A candidate whose words then
    occur in order from its token on ("Lev A and Grigory B" for "Lev A, ..., and Grigory B") is
    kept without a span; otherwise the mention less its last one or two words, found at its token, is
    taken (a following word the text does not have there), and last a candidate whose words
    occur anywhere in the text is kept without a span.
    """
    index, mention = row.target[f"{which}_index"], row.target[f"{which}_text"]
    where = f"line {row.number}"
    if not 0 <= index < len(tokens):
        raise FormatError(path, where, f"{which}_index {index} is outside the text ({len(tokens)} tokens)")
    found = locate(row.text, tokens, index, mention)
    used, matched = index, None
    if found is None:
        near = [(j, hit) for j in (index - 1, index + 1) if (hit := locate(row.text, tokens, j, mention))]
        if len(near) == 1:
            used, found = near[0]
    stripped = mention.rstrip(TRAILING)
    if found is None and stripped and stripped != mention:
        found = locate(row.text, tokens, index, stripped)
        matched = stripped if found else None
    if found is None and which == "span1" and _words_in_order(row.text[tokens[index][0] :], mention):
        return _Resolved(None, index)
    if found is None:
        matched = next((part for part in _shorter(mention) if locate(row.text, tokens, index, part)), None)
        found = None if matched is None else locate(row.text, tokens, index, matched)
    if found is None:
        if which == "span1" and _words_in_order(row.text, mention):
            return _Resolved(None, index)
        token = row.text[slice(*tokens[index])]
        raise FormatError(path, where, f"{which}_text {mention!r} does not match token {index} ({token!r})")
    start, end = found
    return _Resolved(Span(start, end, row.text[start:end]), used, matched)


def _parse(path: Path, number: int, obj: dict) -> _Row:
    where = f"line {number}"
    for key in ("text", "target", "idx"):
        if key not in obj:
            raise FormatError(path, where, f"missing field {key!r}")
    text, target, idx, label = obj["text"], obj["target"], obj["idx"], obj.get("label")
    if not isinstance(text, str) or not text.strip():
        raise FormatError(path, where, "text must be a non-empty string")
    if not isinstance(target, dict):
        raise FormatError(path, where, f"target must be an object, not {type(target).__name__}")
    for key in TARGET_KEYS:
        if key not in target:
            raise FormatError(path, where, f"missing field 'target.{key}'")
        want = str if key.endswith("_text") else int
        value = target[key]
        if not isinstance(value, want) or isinstance(value, bool):
            kind = "a string" if want is str else "an integer"
            raise FormatError(path, where, f"target.{key} must be {kind}, not {value!r}")
    if not isinstance(idx, int) or isinstance(idx, bool):
        raise FormatError(path, where, f"idx must be an integer, not {idx!r}")
    if label is not None and not isinstance(label, bool):
        raise FormatError(path, where, f"label must be true or false, not {label!r}")
    if "label" in obj and label is None:
        raise FormatError(path, where, "label must be true or false, not null")
    extra = {k: v for k, v in obj.items() if k not in ROW_KEYS}
    target_extra = {k: v for k, v in target.items() if k not in TARGET_KEYS}
    return _Row(number, text, target, idx, label, extra, target_extra)


def _add(path: Path, group: _Group, row: _Row) -> None:
    """Record one row in its group: its candidate (new or already seen) and what the writer needs."""
    found = _resolve(path, row, group.tokens, "span1")
    span, used, mention = found.span, found.index, row.target["span1_text"]
    if found.matched is not None:
        note(group.meta, "span-text-trimmed", f"idx {row.idx}: span1_text {mention!r} matched as {found.matched!r}")
    for k, cand in enumerate(group.candidates):
        if cand.span == span and (span is not None or cand.text == mention):
            break
    else:
        k = len(group.candidates)
        group.candidates.append(Candidate(mention if found.matched is None else found.matched, span))
        if span is None:
            token = row.text[slice(*group.tokens[used])]
            note(group.meta, "candidate-not-located", f"idx {row.idx}: span1_text {mention!r} is not one mention at token {used} ({token!r})")
    entry: dict[str, Any] = {"idx": row.idx}
    if row.label is not None:
        entry["label"] = row.label
    entry["candidate"] = k
    if used != row.target["span1_index"] or span is None:
        entry["span1_index"] = row.target["span1_index"]
    if row.target["span1_text"] != group.candidates[k].text:
        entry["span1_text"] = row.target["span1_text"]
    if group.pronoun_index != row.target["span2_index"]:
        entry["span2_index"] = row.target["span2_index"]
    if row.target["span2_text"] != group.pronoun.text:
        entry["span2_text"] = row.target["span2_text"]
    if row.extra:
        entry["extra"] = row.extra
    if row.target_extra:
        entry["target_extra"] = row.target_extra
    group.rows.append(entry)


def _answer(group: _Group) -> int | None:
    """The one candidate that true rows name and no false row does, when there is a choice at all.

    Anything else (no true row, true rows naming different candidates, an unlabeled row, a single
    candidate) gives ``None``; the rows' own labels stay in meta either way.
    """
    named = {r["candidate"] for r in group.rows if r.get("label") is True}
    denied = {r["candidate"] for r in group.rows if r.get("label") is False}
    unlabeled = any("label" not in r for r in group.rows)
    if len(group.candidates) < 2 or unlabeled or len(named) != 1 or named & denied:
        return None
    return named.pop()


def read(path: Path, config: SuperGlueConfig) -> Iterator[Item]:
    return mark_line_ending(mark_trailing_empty_lines(_items(path, config), path), path)


def _items(path: Path, config: SuperGlueConfig) -> Iterator[Item]:
    groups: dict[tuple[str, int], _Group] = {}
    lines: dict[int, int] = {}  # idx -> the line that has it
    for number, obj in iter_jsonl(path):
        try:
            row = _parse(path, number, obj)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next row; everything else stops here
            continue
        if row.idx in lines:
            recover(FormatError(path, f"line {number}", f"idx {row.idx} is already used on line {lines[row.idx]}"))
            continue
        lines[row.idx] = number
        key = (row.text, row.target["span2_index"])
        group = groups.get(key)
        tokens = tokens_of(row.text) if group is None else group.tokens
        found = _resolve(path, row, tokens, "span2")
        pronoun, used = found.span, found.index
        if group is None:
            rows: list[dict[str, Any]] = []
            group = groups[key] = _Group(number, row.text, tokens, pronoun, used, [], rows, {"rows": rows})
            if found.matched is not None:
                note(group.meta, "span-text-trimmed", f"idx {row.idx}: span2_text {row.target['span2_text']!r} matched as {found.matched!r}")
        elif pronoun != group.pronoun:
            problem = f"span2_text {pronoun.text!r} differs from line {group.number}'s {group.pronoun.text!r} at the same index"
            raise FormatError(path, f"line {number}", problem)
        _add(path, group, row)
    prefix = config.corpus  # train and val both number rows from 0: ids are unique per split (Item.split)
    for group in groups.values():
        yield Item(
            id=f"{prefix}-{group.rows[0]['idx']}",
            corpus=config.corpus,
            language=config.language,
            text=group.text,
            candidates=group.candidates,
            answer=_answer(group),
            pronoun=group.pronoun,
            meta=group.meta,
            origin=f"line {group.number}",
        )


def _token_index(item: Item, span: Span | None, starts: dict[int, int], what: str) -> int:
    if span is None or span.is_slot:
        raise ConversionError(f"item {item.id!r}: {what} has no span in the text; SuperGLUE WSC names mentions by token")
    if span.start not in starts:
        raise ConversionError(f"item {item.id!r}: {what} {span.text!r} does not start at a whitespace token")
    return starts[span.start]


def _mention(item: Item, tokens: list[tuple[int, int]], index: int, span: Span, spellings: tuple[str, ...], what: str) -> str:
    """The first spelling the reader would find at exactly ``span``, so a written row reads back the same."""
    for spelling in spellings:
        if locate(item.text, tokens, index, spelling) == (span.start, span.end):
            return spelling
    raise ConversionError(f"item {item.id!r}: {what} {span.text!r} does not end on a whitespace-token boundary")


def _target(s2_index: int, s1_index: int, s1_text: str, s2_text: str, extra: dict[str, Any]) -> dict[str, Any]:
    target = {"span2_index": s2_index, "span1_index": s1_index, "span1_text": s1_text, "span2_text": s2_text}
    target.update(extra)
    return target


def _rows_of(item: Item) -> Iterator[tuple[int | None, dict[str, Any]]]:
    """``(idx or None, row)`` for every row of ``item``: its source rows, or one per candidate."""
    if not item.candidates:
        raise ConversionError(f"item {item.id!r}: has no candidates")
    tokens = tokens_of(item.text)
    starts = {start: k for k, (start, _) in enumerate(tokens)}
    p_index = _token_index(item, item.pronoun, starts, "pronoun")
    source = item.meta.get("rows") if item.meta else None
    if source:
        for entry in source:
            k = entry["candidate"]
            if not 0 <= k < len(item.candidates):
                raise ConversionError(f"item {item.id!r}: meta row idx {entry['idx']} names candidate {k}, which does not exist")
            cand = item.candidates[k]
            label = entry.get("label") if item.answer is None else k == item.answer
            if "span1_index" in entry:
                s1_index = entry["span1_index"]
            else:
                s1_index = _token_index(item, cand.span, starts, f"candidate {k}")
            target = _target(
                entry.get("span2_index", p_index),
                s1_index,
                entry.get("span1_text", cand.text),
                entry.get("span2_text", item.pronoun.text),
                entry.get("target_extra", {}),
            )
            yield entry["idx"], _row(item.text, target, entry["idx"], label, entry.get("extra", {}))
        return
    s2_text = _mention(item, tokens, p_index, item.pronoun, (item.pronoun.text,), "pronoun")
    for k, cand in enumerate(item.candidates):
        index = _token_index(item, cand.span, starts, f"candidate {k}")
        s1_text = _mention(item, tokens, index, cand.span, (cand.text, cand.span.text), f"candidate {k}")
        label = None if item.answer is None else k == item.answer
        yield None, _row(item.text, _target(p_index, index, s1_text, s2_text, {}), None, label, {})


def _row(text: str, target: dict[str, Any], idx: int | None, label: bool | None, extra: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {"text": text, "target": target, "idx": idx}
    if label is not None:
        row["label"] = label
    row.update(extra)
    return row


def write(items: Iterable[Item], fh: BinaryIO, config: SuperGlueConfig) -> None:
    """Rows sorted by ``idx`` when that reads back as the same items in the same order (as every
    release is), else item by item; rows of items from other corpora come last, numbered after
    the highest ``idx``."""
    owner: dict[int, str] = {}
    sourced: list[list[dict[str, Any]]] = []  # the rows of each item with source rows, in item order
    fresh: list[dict[str, Any]] = []
    first: Item | None = None  # its meta holds the line ending to write
    last: Item | None = None
    for item in items:
        if first is None:
            first = item
        last = item
        rows = []
        for idx, row in _rows_of(item):
            if idx is None:
                fresh.append(row)
                continue
            if idx in owner:
                raise ConversionError(f"item {item.id!r}: idx {idx} is already used by item {owner[idx]!r}")
            owner[idx] = item.id
            rows.append(row)
        if rows:
            sourced.append(rows)
    next_idx = max(owner, default=-1) + 1
    for k, row in enumerate(fresh):
        row["idx"] = next_idx + k
    ordered = [row for rows in sourced for row in rows]
    if _sorting_keeps_items(sourced):
        ordered.sort(key=lambda row: row["idx"])
    dumps = json.dumps
    with text_writer(fh) as out:
        keep_line_ending(out, first.meta if first else None)
        for row in ordered + fresh:
            out.write(dumps(row) + "\n")
        if last is not None:
            out.write("\n" * trailing_empty_lines(last.meta))


def _sorting_keeps_items(sourced: list[list[dict[str, Any]]]) -> bool:
    """Whether rows sorted by idx read back as these items, in this order, with these ids: each
    item's rows ascend, and so do the items' first rows (the reader orders and names items by them)."""
    firsts = [rows[0]["idx"] for rows in sourced]
    return firsts == sorted(firsts) and all(
        all(a["idx"] < b["idx"] for a, b in zip(rows, rows[1:])) for rows in sourced
    )


def representable(item: Item, config: SuperGlueConfig) -> str | None:
    """Why ``item`` has no SuperGLUE rows (e.g. a zero-anaphora slot, a span inside a token), or ``None``."""
    try:
        for _ in _rows_of(item):
            pass
    except ConversionError as exc:
        return str(exc).split(": ", 1)[-1]
    return None


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"target"' in first and b'"span2_index"' in first


FORMAT = register_format(
    Format(
        name="superglue",
        description="SuperGLUE WSC JSON Lines (one candidate per row, whitespace-token span indices, idx, label)",
        extensions=(".jsonl",),
        read=read,
        write=write,
        sniff=sniff,
        config=SuperGlueConfig,
        canonical=True,
        aliases=("superglue-wsc",),
        representable=representable,
    )
)
