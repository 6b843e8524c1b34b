"""DPR / WSCR (Rahman & Ng 2012): four-line blocks separated by a blank line.

Sentence, pronoun, the two candidates joined by a bare comma (never quoted), the answer::

    The kite snagged on the oak because it was flying low.
    it
    The kite,the oak
    The kite

    The kite snagged on the oak because it was so tall.
    it
    The kite,the oak
    the oak

Consecutive blocks are the two versions of a schema (``twin`` = id of the first, which is the
``special`` one); an odd last block has no twin. The rules for what the lines leave open:

* candidate line: a single comma splits it. A line with several commas (a candidate such as
  "Gold, Lee and Partners" holds one) is split at the one comma whose two parts both occur in
  the sentence and include the answer; when no comma or several commas qualify the block is
  rejected as ambiguous. Spaces around a part are not part of the candidate.
* answer: the candidate it equals, else the one it equals ignoring case and surrounding spaces
  (the original spelling is kept in ``meta["answer_line"]``); anything else is an error.
* pronoun: its first whole-word occurrence in the sentence with the same capitalisation ("he"
  does not match "He" when a lowercase "he" exists), ignoring case only when there is none;
  an occurrence inside a candidate's mention is passed over when a later one exists.
* candidate spans: the first whole-word mention, exact case first, else ignoring case.

Items read with ``language="ja"`` or ``"zh"`` (and such items written) match mentions without
word boundaries, as those languages put no spaces between words.

``meta`` holds only what the item cannot rebuild: ``candidate_line``, ``pronoun_line`` or
``answer_line`` when the file spells them otherwise. Files are written with ``\\n`` line ends,
each block followed by one blank line, as the original ``train.c.txt``; ``\\r\\n`` files (written
back with them: the first item notes it) and files without the final blank line are read too.
A carriage return inside a line or a second byte-order mark is an error: the text could not be written back as it was read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import iter_lines, keep_line_ending, mark_line_ending, text_writer
from wino_toolkit.lang.mentions import first_mention, mentions
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.twins import link_twins

#: the four lines of a block, in order (also the keys of dpr-ja's per-line meta)
LINES = ("sentence", "pronoun", "candidates", "answer")


@dataclass
class DprConfig:
    """Options of the DPR format."""

    corpus: str = "dpr"  # corpus name given to the items read; ids are <corpus>-<n>
    language: str = "en"  # BCP-47 tag of the items read
    encoding: str = "utf-8"  # text encoding of the file, read and written


@dataclass(frozen=True)
class Style:
    """How one language's cells are read: word boundaries, candidate separators, their default join."""

    whole_word: bool = True  # mentions must be whole words (English); False for Japanese
    separators: tuple[str, ...] = (",",)  # candidate-line separators, tried in order
    joiner: str = ","  # how candidates are joined when the file's own spelling is not kept


ENGLISH = Style()
#: languages written without spaces between words, whose mentions need no word boundary
UNSPACED = ("ja", "zh")


def style_for(language: str) -> Style:
    return Style(whole_word=False) if language.split("-", 1)[0].lower() in UNSPACED else ENGLISH


# ---------------------------------------------------------------- locating mentions in a sentence


def find_mention(text: str, phrase: str, whole_word: bool = True) -> Span | None:
    """The first mention of ``phrase`` in ``text``: exact case first, else ignoring case."""
    return first_mention(text, phrase, edges="always" if whole_word else "none")


def _overlaps(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end


def locate_pronoun(text: str, phrase: str, avoid: Iterable[Span | None], whole_word: bool = True) -> Span | None:
    """The pronoun's first occurrence outside the candidate mentions ``avoid`` (see module doc)."""
    if not phrase:
        return None
    taken = [s for s in avoid if s is not None]
    for folded in (False, True):
        found = mentions(text, phrase, folded=folded, edges="always" if whole_word else "none")
        if found:
            free = [s for s in found if not any(_overlaps(s, t) for t in taken)]
            return (free or found)[0]
    return None


def _same(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def match_answer(answer: str, candidates: list[str]) -> int | None:
    """Index of the candidate ``answer`` names: an exact match, else the one equal ignoring case."""
    if answer in candidates:
        return candidates.index(answer)
    loose = [i for i, c in enumerate(candidates) if _same(answer, c)]
    return loose[0] if len(loose) == 1 else None


def split_candidates(line: str, separators: tuple[str, ...], sentence: str, answer: str, whole_word: bool = True) -> list[str]:
    """The two candidates of a candidate line; ``ValueError`` says why when it cannot be split.

    The first of ``separators`` that occurs in the line splits it; with several occurrences only
    the split whose parts both occur in the sentence and include the answer qualifies.
    """
    sep = next((s for s in separators if s in line), None)
    if sep is None:
        raise ValueError(f"candidate line {line!r} has no {separators[0]!r} between two candidates")
    cuts = [m.start() for m in re.finditer(re.escape(sep), line)]
    splits = [[line[:i].strip(), line[i + len(sep) :].strip()] for i in cuts]
    if len(splits) == 1:
        parts = splits[0]
    else:
        fits = [
            p for p in splits
            if all(x and find_mention(sentence, x, whole_word) for x in p) and match_answer(answer, p) is not None
        ]
        if len(fits) != 1:
            raise ValueError(
                f"candidate line {line!r} has {len(cuts)} {sep!r} and {len(fits)} ways to split it into two "
                "candidates that occur in the sentence and include the answer; expected exactly one"
            )
        parts = fits[0]
    if not all(parts):
        raise ValueError(f"candidate line {line!r} has an empty candidate")
    return parts


# ---------------------------------------------------------------- blocks


def iter_blocks(
    path: Path, encoding: str, separator: Callable[[str], bool] | None = None
) -> Iterator[tuple[int, list[str], str | None]]:
    """``(first line number, the 4 lines, the separator line when not blank)`` of each block.

    A whitespace-only line separates blocks; so does a line right after a block's 4 lines that
    ``separator`` accepts (the Japanese DPR's rows of stray characters), returned to be kept.
    """
    block: list[str] = []
    start = 0
    for number, raw in iter_lines(path, encoding):
        line = raw.removesuffix("\r")
        if number == 1 and line.startswith("\ufeff"):
            raise FormatError(path, "line 1", "starts with a second byte-order mark")
        if "\r" in line:
            raise FormatError(path, f"line {number}", "holds a carriage return inside the line (a line break no block can hold)")
        kept = line if separator is not None and len(block) == 4 and line.strip() and separator(line) else None
        if not line.strip() or kept is not None:
            if block:
                _check_complete(path, start, block)
                yield start, block, kept
                block = []
            continue
        if not block:
            start = number
        elif len(block) == 4:
            raise FormatError(path, f"line {number}", "a block has more than 4 lines (missing blank line between blocks?)")
        block.append(line)
    if block:
        _check_complete(path, start, block)
        yield start, block, None


def _check_complete(path: Path, start: int, block: list[str]) -> None:
    if len(block) < 4:
        raise FormatError(
            path, f"line {start}", f"block has {len(block)} of 4 lines (sentence, pronoun, candidates, answer): truncated?"
        )


def pair_twins(items: Iterable[Item]) -> Iterator[Item]:
    """Link consecutive items as twins (an odd last item has none), then fill their triggers."""
    def paired() -> Iterator[Item]:
        held: Item | None = None
        for item in items:
            if held is None:
                held = item
                continue
            held.twin = item.twin = held.id
            held.role, item.role = "special", "alternate"
            yield held
            yield item
            held = None
        if held is not None:
            yield held

    return link_twins(paired())


def parse_block(lines: list[str], style: Style = ENGLISH, fallback: int | None = None) -> tuple[dict, dict]:
    """Fields for :class:`Item` (text, candidates, answer, pronoun) and the spelling meta of a block.

    ``fallback`` is the answer index to use when the answer line names no candidate. Raises
    ``ValueError(message, k)`` with ``k`` the index of the line at fault. ``answer`` and
    ``pronoun`` are None when not found: the caller decides whether that is an error.
    """
    sentence, pronoun_line, cand_line, answer_line = lines
    try:
        parts = split_candidates(cand_line, style.separators, sentence, answer_line, style.whole_word)
    except ValueError as exc:
        raise ValueError(str(exc), 2) from None
    spans = [find_mention(sentence, p, style.whole_word) for p in parts]
    answer = match_answer(answer_line, parts)
    if answer is None:
        answer = fallback
    pronoun = locate_pronoun(sentence, pronoun_line.strip(), spans, style.whole_word)
    meta = {}
    if cand_line != style.joiner.join(parts):
        meta["candidate_line"] = cand_line
    if pronoun_line != ("" if pronoun is None else pronoun.text):
        meta["pronoun_line"] = pronoun_line
    if answer is not None and answer_line != parts[answer]:
        meta["answer_line"] = answer_line
    fields = dict(text=sentence, candidates=[Candidate(p, s) for p, s in zip(parts, spans)], answer=answer, pronoun=pronoun)
    return fields, meta


def read(path: Path, config: DprConfig) -> Iterator[Item]:
    return mark_line_ending(pair_twins(_items(path, config)), path)


def _items(path: Path, config: DprConfig) -> Iterator[Item]:
    for n, (number, lines, _) in enumerate(iter_blocks(path, config.encoding)):
        for k, line in enumerate(lines):
            if "\t" in line:
                raise FormatError(path, f"line {number + k}", "contains a tab (tab-separated blocks are the dpr-ja format)")
        try:
            fields, meta = parse_block(lines, style_for(config.language))
        except ValueError as exc:
            message, k = exc.args
            raise FormatError(path, f"line {number + k}", message) from None
        _require(path, number, lines, fields)
        yield Item(
            id=f"{config.corpus}-{n}",
            corpus=config.corpus,
            language=config.language,
            meta=meta,
            origin=f"line {number}",
            **fields,
        )


def _require(path: Path, number: int, lines: list[str], fields: dict) -> None:
    """DPR blocks must name a pronoun of the sentence and an answer among the candidates."""
    if fields["pronoun"] is None:
        raise FormatError(path, f"line {number + 1}", f"pronoun {lines[1].strip()!r} does not occur in the sentence")
    if fields["answer"] is None:
        names = ", ".join(repr(c.text) for c in fields["candidates"])
        raise FormatError(path, f"line {number + 3}", f"answer {lines[3]!r} is not one of the candidates {names}")


# ---------------------------------------------------------------- writing


def _spelling(meta: dict, key: str, default: str) -> str:
    value = meta.get(key, default)
    return value if isinstance(value, str) else default


def render(item: Item, use_meta: bool, joiner: str = ",") -> list[str]:
    """The four lines of ``item``, with the file's own spellings from ``meta`` when ``use_meta``."""
    meta = item.meta if use_meta else {}
    cands = [c.text for c in item.candidates]
    return [
        item.text,
        _spelling(meta, "pronoun_line", "" if item.pronoun is None else item.pronoun.text),
        _spelling(meta, "candidate_line", joiner.join(cands)),
        _spelling(meta, "answer_line", cands[item.answer]),
    ]


def writable(item: Item, what: str) -> None:
    """Raise :class:`ConversionError` unless ``item`` has what a four-line block needs."""
    if len(item.candidates) != 2:
        raise ConversionError(f"item {item.id!r}: {what} holds 2 candidates, this item has {len(item.candidates)}")
    if item.answer is None:
        raise ConversionError(f"item {item.id!r}: {what} needs an answer, this item has none")


def line_problem(lines: list[str]) -> str | None:
    """Why ``lines`` cannot be the lines of a block: a line break inside one, or a blank one."""
    for k, line in enumerate(lines):
        if "\n" in line or "\r" in line:
            return f"its {LINES[k]} contains a line break"
        if not line.strip():
            return f"its {LINES[k]} line would be blank, which DPR reads as the end of a block"
    return None


def mismatch(item: Item, fields: dict, what: str) -> str | None:
    """Why ``fields`` read back from a written block differ from ``item`` (None when they agree)."""
    if fields["text"] != item.text:
        return "its text would not read back as written"
    if [c.text for c in fields["candidates"]] != [c.text for c in item.candidates]:
        return "its candidates would not read back as written (a separator inside a candidate?)"
    if fields["answer"] != item.answer:
        return "its answer would not read back as the same candidate"
    if fields["pronoun"] != item.pronoun:
        rule = f"{what} marks a pronoun by its first occurrence outside the candidates"
        return f"{rule}, so {_where(item.pronoun)} would be read {_where(fields['pronoun'])}"
    return None


def _where(span: Span | None) -> str:
    return "as no pronoun" if span is None else f"{span.text!r} at [{span.start}, {span.end})"


def write(items: Iterable[Item], fh: BinaryIO, config: DprConfig) -> None:
    with text_writer(fh, config.encoding) as out:
        for n, item in enumerate(items):
            if n == 0:
                keep_line_ending(out, item.meta)
            writable(item, "DPR")
            if item.pronoun is None or item.pronoun.is_slot:
                raise ConversionError(f"item {item.id!r}: DPR needs a pronoun in the text, this item has none")
            out.write("\n".join(_lines(item)) + "\n\n")


def _lines(item: Item) -> list[str]:
    """The item's lines, in the file's own spelling when that still reads back as the item."""
    problem = None
    for use_meta in (True, False) if item.meta else (False,):
        lines = render(item, use_meta)
        problem = line_problem(lines) or _reread(item, lines)
        if problem is None:
            return lines
    raise ConversionError(f"item {item.id!r}: cannot be written as DPR: {problem}")


def _reread(item: Item, lines: list[str]) -> str | None:
    if any("\t" in line for line in lines):
        return "it contains a tab, which DPR lines cannot hold"
    try:
        fields, _ = parse_block(lines, style_for(item.language))
    except ValueError as exc:
        return exc.args[0]
    return mismatch(item, fields, "DPR")


# ---------------------------------------------------------------- detection


def head_rows(head: bytes) -> list[str] | None:
    """The first five lines of ``head`` as text, or None when it is JSON, XML or not text."""
    text = head.decode("utf-8", errors="ignore").lstrip("\ufeff")
    if text.lstrip()[:1] in ("", "{", "[", "<"):
        return None
    rows = [line.removesuffix("\r") for line in text.split("\n")[:5]]
    return rows if len(rows) == 5 else None


def block_shape(lines: list[str], style: Style = ENGLISH) -> bool:
    """Whether four lines look like a block: a short pronoun, a separator, the answer among the candidates."""
    _, pronoun, cands, answer = lines
    return (
        all(x.strip() for x in lines)
        and len(pronoun.split()) <= 3
        and any(sep in cands for sep in style.separators)
        and answer.strip().casefold() in cands.casefold()
    )


def sniff(head: bytes) -> bool:
    rows = head_rows(head)
    if rows is None or rows[4].strip() or any("\t" in row for row in rows):
        return False
    return block_shape(rows[:4])


FORMAT = register_format(
    Format(
        name="dpr",
        description="DPR / WSCR (Rahman & Ng 2012): sentence, pronoun, cand1,cand2, answer blocks; twins consecutive",
        extensions=(".txt",),
        read=read,
        write=write,
        representable=record_by_record(write),
        sniff=sniff,
        config=DprConfig,
        canonical=True,
        aliases=("wscr",),
    )
)
