"""XWINO (Tikhonov & Ryabinin 2021): one schema version per row, seven tab-separated columns, no header.

The columns are: language ("jp" means Japanese), source corpus, English reference ("?" when the row
is English or has none), text, the text's tokens as JSON, the pronoun as JSON ``[text, [start, end],
tokens]`` and the candidates as JSON ``[[text, [start, end], tokens, is_correct], ...]``, where
``[start, end)`` are token indices. A row (tabs shown as ``→``)::

    fr→original→The pear fell on the bowl and it broke.→La poire est tombée sur le bol et il s'est cassé.→
    ["La", "poire", ...]→["il", [8, 9], ["il"]]→[["La poire", [0, 2], ["La", "poire"], false], ...]

Tokens come from NLTK and do not say where they sit in the text (CJK text has no spaces, some
tokens carry a trailing space, NLTK writes a double quote as two backquotes or two apostrophes),
so the reader aligns them to the text to turn token ranges into character spans. Twins are
consecutive rows of one language and source whose texts differ in one place and whose candidates
are the same. The token list is kept in ``meta["tokens"]`` (it cannot be rebuilt from the text);
a column the writer would not reproduce byte for byte from the item is kept in meta too.
The reader option ``language`` (``-O language=fr``; XWINO's codes ``jp`` and ``zh`` work too) reads the rows
of one language only, with the ids and twins they have in the whole file.
The English reference (an English row's own text) gives the derived parallel key in
``meta["parallel"]`` (:mod:`wino_toolkit.parallel`), which links the row to the other
translations of that sentence (PWS rows among them); it is never written back.
Empty lines may end the file (counted in the last item's ``meta["trailing_empty_lines"]``); an
empty line between rows, or a row repeating an earlier one, is an error.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import iter_lines, recover, text_writer
from wino_toolkit.parallel import PARALLEL, parallel_key
from wino_toolkit.quirks import keep_trailing_empty_lines, note, trailing_empty_lines
from wino_toolkit.reader_options import language_matches
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.tokens import token_spans
from wino_toolkit.twins import link_twins

COLUMNS = ("lang", "source", "reference", "text", "tokens", "pronoun", "candidates")
JSON_COLUMNS = ("tokens", "pronoun", "candidates")
NO_REFERENCE = "?"
#: XWINO's language codes that are not BCP-47, and back
LANGUAGES = {"jp": "ja", "zh": "zh-Hans"}
CODES = {"ja": "jp"}
#: NLTK rewrites double quotes as these tokens
QUOTE_TOKENS = {"``": "\"“", "''": "\"”"}
WHITESPACE = " \t\u3000\u00a0"
PRONOUN_SHAPE = "[text, [start, end], tokens]"
CANDIDATE_SHAPE = "[text, [start, end], tokens, is_correct]"

Offsets = list[tuple[int, int]]


@dataclass
class XwinoConfig:
    """Options of the XWINO format."""

    corpus: str = "xwino"  # corpus name given to the items read
    strict: bool = True  # a token not found in the text is an error; False leaves that row's spans unset
    language: str | None = None  # read only the rows of this language (fr, ja or jp, zh or zh-Hans, ...)


class AlignmentError(ValueError):
    """Token ``index`` could not be found in the text at character ``at``."""

    def __init__(self, index: int, token: str, at: int):
        super().__init__(f"token {index} {token!r} does not match the text at character {at}")


def align(text: str, tokens: list[str]) -> Offsets:
    """Character ``(start, end)`` of each token, walking the text left to right.

    Between tokens only whitespace may be skipped; a token matches verbatim or, for NLTK's quote
    tokens, as one quote character. Anything else raises :class:`AlignmentError`.
    """
    offsets: Offsets = []
    pos = 0
    for k, token in enumerate(tokens):
        start = pos
        if not text.startswith(token, start):
            while start < len(text) and text[start] in WHITESPACE:
                start += 1
        if text.startswith(token, start):
            end = start + len(token)
        elif token in QUOTE_TOKENS and start < len(text) and text[start] in QUOTE_TOKENS[token]:
            end = start + 1
        else:
            raise AlignmentError(k, token, start)
        offsets.append((start, end))
        pos = end
    return offsets


def to_span(text: str, offsets: Offsets, bounds: list[int]) -> Span:
    """The characters covered by tokens ``bounds = [start, end)``; an empty range is a slot."""
    start, end = bounds
    if start == end:
        at = offsets[start][0] if start < len(offsets) else (offsets[-1][1] if offsets else 0)
        return Span(at, at, "")
    return Span(offsets[start][0], offsets[end - 1][1], text[offsets[start][0] : offsets[end - 1][1]])


def to_range(offsets: Offsets, span: Span) -> list[int] | None:
    """Token indices ``[start, end)`` whose characters are exactly ``span``, or None."""
    if span.is_slot:
        end_of_text = offsets[-1][1] if offsets else 0
        first = next((k for k, (s, _) in enumerate(offsets) if s == span.start), None)
        first = len(offsets) if first is None and span.start == end_of_text else first
        return None if first is None else [first, first]
    first = next((k for k, (s, e) in enumerate(offsets) if s == span.start and e > s), None)
    if first is None:
        return None
    last = next((k for k in range(first, len(offsets)) if offsets[k][1] == span.end > offsets[k][0]), None)
    return None if last is None else [first, last + 1]


# ---------------------------------------------------------------- reading


def _parse_json(path: Path, number: int, column: str, raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise FormatError(path, f"line {number}", f"column {column!r} is not valid JSON ({exc.msg} at column {exc.colno})") from None


def _is_range(value: Any, n_tokens: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and 0 <= value[0] <= value[1] <= n_tokens
    )


def _is_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _mention_problem(value: Any, n_tokens: int, size: int) -> str | None:
    """What is wrong with a pronoun (``size`` 3) or candidate (``size`` 4) entry, or None."""
    if not (isinstance(value, list) and len(value) == size and isinstance(value[0], str) and _is_strings(value[2])):
        return f"must be {CANDIDATE_SHAPE if size == 4 else PRONOUN_SHAPE}"
    if not _is_range(value[1], n_tokens):
        return f"token range {value[1]!r} is not within the {n_tokens} tokens"
    if size == 4 and not isinstance(value[3], bool):
        return f"is_correct {value[3]!r} is not true or false"
    return None


def parse_row(path: Path, number: int, line: str, config: XwinoConfig, ordinal: int) -> Item:
    """One TSV row as an item (twins are linked later); ``ordinal`` numbers rows per language."""
    cols = line.split("\t")
    if len(cols) != len(COLUMNS):
        raise FormatError(path, f"line {number}", f"has {len(cols)} tab-separated columns, expected {len(COLUMNS)}")
    lang, source, reference, text = cols[:4]
    tokens, pron, cands = (_parse_json(path, number, name, cols[k]) for k, name in enumerate(COLUMNS) if name in JSON_COLUMNS)
    if not _is_strings(tokens):
        raise FormatError(path, f"line {number}", "tokens must be a JSON list of strings")
    if not isinstance(cands, list) or not cands:
        raise FormatError(path, f"line {number}", "candidates must be a non-empty JSON list")
    for what, value, size in [("pronoun", pron, 3), *((f"candidate {k}", c, 4) for k, c in enumerate(cands))]:
        problem = _mention_problem(value, len(tokens), size)
        if problem:
            raise FormatError(path, f"line {number}", f"{what}: {problem}")
    correct = [k for k, cand in enumerate(cands) if cand[3]]
    if len(correct) > 1:
        raise FormatError(path, f"line {number}", f"{len(correct)} candidates are marked correct, expected one")
    misaligned = None
    try:
        offsets: Offsets | None = align(text, tokens)
    except AlignmentError as exc:
        if config.strict:
            raise FormatError(path, f"line {number}", f"{exc} (read with strict=false to keep the row without spans)") from None
        offsets, misaligned = None, str(exc)
    language = LANGUAGES.get(lang, lang)
    meta: dict[str, Any] = {"source": source}
    if reference != NO_REFERENCE:
        meta["reference"] = reference
    meta["tokens"] = tokens
    key = parallel_key(reference if reference != NO_REFERENCE else text if language == "en" else None)
    if key is not None:
        meta[PARALLEL] = key
    item = Item(
        id=f"{config.corpus}-{lang}-{ordinal}",
        corpus=config.corpus,
        language=language,
        text=text,
        candidates=[Candidate(c[0], None if offsets is None else to_span(text, offsets, c[1])) for c in cands],
        answer=correct[0] if correct else None,
        pronoun=None if offsets is None else to_span(text, offsets, pron[1]),
        meta=meta,
        origin=f"line {number}",
    )
    _keep_what_cannot_be_rebuilt(item, offsets, cols, {"lang": lang, "tokens": tokens, "pronoun": pron, "candidates": cands})
    if misaligned is not None:
        note(item.meta, "tokens-not-aligned", misaligned)
    return item


def _keep_what_cannot_be_rebuilt(item: Item, offsets: Offsets | None, cols: list[str], parsed: dict[str, Any]) -> None:
    """Store in meta each column the writer would not reproduce byte for byte from the item."""
    if language_code(item.language) != parsed["lang"]:
        item.meta["lang"] = parsed["lang"]
    for name in ("pronoun", "candidates"):
        rebuilt = None if offsets is None else _rebuild(item, name, parsed["tokens"], offsets)
        if rebuilt != parsed[name]:
            item.meta[name] = parsed[name]
    for name in JSON_COLUMNS:
        raw = cols[COLUMNS.index(name)]
        if json.dumps(parsed[name]) != raw:
            item.meta[f"{name}_json"] = raw


def _same_schema(a: Item, b: Item) -> bool:
    """Whether ``b`` is a twin of ``a``: same language and source, texts differing in one place.

    "One place" means the characters the texts share at the start and at the end make up at least
    half of the longer text (characters, not XWINO's tokens, which are coarse for Japanese); the
    candidates must be the same names (rows with one text and different candidate pairs, as
    SuperGLUE's are, are not twins).
    """
    if (a.language, a.meta.get("source")) != (b.language, b.meta.get("source")) or a.text == b.text:
        return False
    if sorted(c.text.casefold() for c in a.candidates) != sorted(c.text.casefold() for c in b.candidates):
        return False
    shortest = min(len(a.text), len(b.text))
    prefix = len(os.path.commonprefix([a.text, b.text]))
    suffix = next((k for k in range(shortest - prefix) if a.text[-1 - k] != b.text[-1 - k]), shortest - prefix)
    return 2 * (prefix + suffix) >= max(len(a.text), len(b.text))


def _group(items: Iterable[Item]) -> Iterator[Item]:
    """Give consecutive versions of one schema a shared ``twin`` and their roles, streaming."""
    group: list[Item] = []

    def close() -> list[Item]:
        if len(group) > 1:
            for k, member in enumerate(group):
                member.twin, member.role = group[0].id, ("special" if k == 0 else "alternate")
        return group

    for item in items:
        if group and _same_schema(group[0], item):
            group.append(item)
            continue
        yield from close()
        group = [item]
    yield from close()


def _rows(path: Path, config: XwinoConfig) -> Iterator[Item]:
    """Items in file order; the last one notes a missing final newline and any empty lines after
    it, for byte-identical writing. A row repeating an earlier one is an error naming both lines."""
    per_language: dict[str, int] = {}
    first_line: dict[str, int] = {}  # row -> the line it was first read from
    last: Item | None = None
    final = True  # whether the file's last row so far is one read (another language's is not, with ``language``)
    empty: list[int] = []  # numbers of the empty lines since the last row
    for number, line in iter_lines(path):
        if not line.removesuffix("\r"):
            empty.append(number)
            continue
        if empty:
            raise FormatError(path, f"line {empty[0]}", "empty line between rows (only the end of the file may have empty lines)")
        key = line.removesuffix("\r")
        if key in first_line:
            recover(FormatError(path, f"line {number}", f"repeats line {first_line[key]} (a duplicated row)"))
            continue
        first_line[key] = number
        lang = line.split("\t", 1)[0]
        ordinal = per_language.get(lang, 0)
        per_language[lang] = ordinal + 1
        final = _picked(lang, config.language)
        if not final:
            continue
        try:
            row = parse_row(path, number, line, config, ordinal)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next row; everything else stops here
            continue
        if last is not None:
            yield last
        last = row
    if last is not None:
        if final and not _ends_with_newline(path):  # how the file ends: the last row's to keep
            last.meta["final_newline"] = False
        if final and empty:
            keep_trailing_empty_lines(last.meta, len(empty), f"line {empty[0]}")
        yield last
    elif config.language is not None and not any(_picked(code, config.language) for code in per_language):
        present = ", ".join(sorted({LANGUAGES.get(code, code) for code in per_language}))
        raise FormatError(path, None, f"no rows in language {config.language!r} (option language; the file has {present})")


def _picked(code: str, language: str | None) -> bool:
    """Whether a row of XWINO language ``code`` is read under the reader option ``language``."""
    return language is None or language_matches(language, LANGUAGES.get(code, code)) or language.casefold() == code.casefold()


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as fh:
        fh.seek(0, 2)
        if fh.tell() == 0:
            return False
        fh.seek(-1, 2)
        return fh.read(1) == b"\n"


def read(path: Path, config: XwinoConfig) -> Iterator[Item]:
    return link_twins(_group(_rows(path, config)))


# ---------------------------------------------------------------- writing


def language_code(language: str) -> str:
    """XWINO's code for a BCP-47 tag: its base language, ``jp`` for Japanese."""
    base = language.split("-", 1)[0].lower()
    return CODES.get(base, base)


def _rebuild(item: Item, name: str, tokens: list[str], offsets: Offsets) -> Any:
    """The pronoun or candidates column from the item's spans, or None when a span is missing."""
    if name == "pronoun":
        bounds = None if item.pronoun is None else to_range(offsets, item.pronoun)
        return None if bounds is None else [item.pronoun.text, bounds, tokens[bounds[0] : bounds[1]]]
    out = []
    for k, cand in enumerate(item.candidates):
        bounds = None if cand.span is None else to_range(offsets, cand.span)
        if bounds is None:
            return None
        out.append([cand.text, bounds, tokens[bounds[0] : bounds[1]], k == item.answer])
    return out


def _tokens(item: Item) -> tuple[list[str], Offsets | None]:
    """The item's own XWINO tokens when they fit its text, else fresh ones from ``token_spans``."""
    kept = item.meta.get("tokens")
    if _is_strings(kept):
        try:
            return kept, align(item.text, kept)
        except AlignmentError:
            if _kept(item, "pronoun", kept) is not None and _kept(item, "candidates", kept) is not None:
                return kept, None
    spans = token_spans(item.text, item.language)
    if item.language.split("-")[0].lower() in UNSPACED:
        mentions = (item.pronoun, *(c.span for c in item.candidates))
        spans = split_at(spans, {b for span in mentions if span is not None for b in (span.start, span.end)})
    return [item.text[s:e] for s, e in spans], spans


#: languages written without spaces, where a segmenter's word may hold a mention's edge
UNSPACED = frozenset({"zh", "ja"})


def split_at(spans: list[tuple[int, int]], cuts: set[int]) -> list[tuple[int, int]]:
    """Tokens split wherever a mention starts or ends inside one (jieba joins 给丽华, XWINO needs 给|丽华)."""
    out = []
    for start, end in spans:
        inner = sorted(c for c in cuts if start < c < end)
        for a, b in zip([start, *inner], [*inner, end]):
            out.append((a, b))
    return out


def _kept(item: Item, name: str, tokens: list[str]) -> Any:
    """The pronoun or candidates column kept in meta by the reader, if it has XWINO's shape."""
    value = item.meta.get(name)
    if name == "pronoun":
        return value if _mention_problem(value, len(tokens), 3) is None else None
    if isinstance(value, list) and value and all(_mention_problem(c, len(tokens), 4) is None for c in value):
        return value
    return None


def _column(item: Item, name: str, tokens: list[str], offsets: Offsets | None) -> Any:
    kept = _kept(item, name, tokens)
    if kept is not None:
        return kept
    if item.pronoun is None and name == "pronoun":
        raise ConversionError(f"item {item.id!r}: XWINO needs a pronoun span, this item has none")
    missing = [k for k, c in enumerate(item.candidates) if c.span is None]
    if name == "candidates" and missing:
        raise ConversionError(f"item {item.id!r}: XWINO needs candidate spans, candidate {missing[0]} has none")
    value = None if offsets is None else _rebuild(item, name, tokens, offsets)
    if value is None:
        raise ConversionError(f"item {item.id!r}: a {name} span does not start and end at token boundaries of {tokens!r}")
    return value


def _json(item: Item, name: str, value: Any) -> str:
    """``value`` as JSON, spelled as the source spelled it when the reader kept that spelling."""
    raw = item.meta.get(f"{name}_json")
    if isinstance(raw, str):
        try:
            if json.loads(raw) == value:
                return raw
        except json.JSONDecodeError:
            pass
    return json.dumps(value)


def _text_field(item: Item, name: str, default: str) -> str:
    """A meta string written as a column, or ``default`` when the item has no usable one."""
    value = item.meta.get(name)
    return value if isinstance(value, str) and not set(value) & {"\t", "\n"} else default


def format_row(item: Item) -> str:
    """The item as one TSV row (without the newline)."""
    if "\t" in item.text or "\n" in item.text:
        raise ConversionError(f"item {item.id!r}: the text contains a tab or newline, which XWINO cannot hold")
    tokens, offsets = _tokens(item)
    values = {name: _column(item, name, tokens, offsets) for name in ("pronoun", "candidates")}
    return "\t".join(
        [
            _text_field(item, "lang", language_code(item.language)),
            _text_field(item, "source", item.corpus),
            _text_field(item, "reference", NO_REFERENCE),
            item.text,
            _json(item, "tokens", tokens),
            _json(item, "pronoun", values["pronoun"]),
            _json(item, "candidates", values["candidates"]),
        ]
    )


def write(items: Iterable[Item], fh: BinaryIO, config: XwinoConfig) -> None:
    """One row per item, newline-separated; the last item's ``final_newline`` says whether to end with one."""
    last: Item | None = None
    with text_writer(fh) as out:
        for item in items:
            row = format_row(item)
            if last is not None:
                out.write("\n")
            out.write(row)
            last = item
        if last is not None and last.meta.get("final_newline", True):
            out.write("\n")
        if last is not None:
            out.write("\n" * trailing_empty_lines(last.meta))


def sniff(head: bytes) -> bool:
    first = head.split(b"\n", 1)[0].rstrip(b"\r")
    cols = first.split(b"\t")
    return (
        len(cols) == len(COLUMNS)
        and cols[4].startswith(b"[")
        and cols[5].startswith(b'["')
        and cols[6].startswith(b"[[")
        and cols[6].rstrip().endswith(b"]]")
    )


FORMAT = register_format(
    Format(
        name="xwino",
        description="XWINO multilingual TSV (lang, source, English reference, text, JSON tokens, pronoun, candidates)",
        extensions=(".tsv",),
        read=read,
        write=write,
        representable=record_by_record(write),
        sniff=sniff,
        config=XwinoConfig,
        canonical=True,
    )
)
