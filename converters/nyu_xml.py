"""NYU Winograd XML: WSC285 / WSC273 (``WSCollection.xml``) and PDP 2016 (``PDPChallenge2016.xml``).

One ``<schema>`` per item; the sentence is split at the pronoun, and the answers are lettered::

    <schema>
    <text>
    <txt1>
    The cat chased the mouse because</txt1>
    <pron> it </pron>
    <txt2> was hungry.
    </txt2>
    </text>
    <quote><pron>it</pron><quote2>was hungry</quote2></quote>
    <answers><answer>The cat </answer><answer>the mouse </answer></answers>
    <correctAnswer> A. </correctAnswer>
    <source> invented </source>
    </schema>

Reading: each part's line breaks and runs of spaces become one space; the parts are joined with a
space only where the source has whitespace between them and never before closing punctuation
(``them`` + ``.`` is "them."). Only XML whitespace is squashed, so a no-break space (0xA0 in the
ISO-8859-1 files) stays U+00A0. ``correctAnswer`` may read ``A``, ``B.`` or " C " (A-E); a spelling
other than the bare letter is kept in ``meta["correctAnswer"]``. Consecutive schemas whose texts
share more than half their tokens are versions of one schema: such a run splits into pairs, an
odd one out joining the last pair (WSC285's one triplet, schemas 253-255). PDP files (recognised
by ``<humanSubjects>``/``<sameText>`` or "pdp" in the file name) have no twins.

Writing: ISO-8859-1 when every character fits (so U+00A0 goes back as byte 0xA0), else UTF-8,
with the collection's usual ``WSExample.xsl`` stylesheet line. ``<quote>`` (a dict of its
``quote1``/``pron``/``quote2``), ``<source>``, ``<humanSubjects>`` and ``<sameText>`` come from
``meta`` and are written only when the item has them; items from other corpora need a pronoun
word and 2 to 5 candidates, and a text whose spacing the reader would not rebuild is refused.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator
from xml.sax.saxutils import escape

from wino_toolkit.errors import ConversionError, FormatError, ParameterError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.lang.mentions import mentions
from wino_toolkit.schema import MIN_CANDIDATES, Candidate, Item, Span
from wino_toolkit.tokens import tokenize
from wino_toolkit.twins import link_twins

LETTERS = "ABCDE"
SUBSETS = {"wsc273": 273}  # subset name -> number of leading schemas it keeps
SCHEMA_TAGS = ("sameText", "text", "quote", "answers", "correctAnswer", "humanSubjects", "source")
QUOTE_TAGS = ("quote1", "pron", "quote2")
PDP_TAGS = ("humanSubjects", "sameText")
XML_SPACE = " \t\r\n"
CLOSING = ",.;:!?')]}”’"  # no space before these at a part boundary
OPENING = "([{“‘"  # no space after these at a part boundary
TWIN_SHARE = 0.5  # twins share more than this fraction of tokens (common prefix + suffix)
HEADER = '<?xml version="1.0" encoding="{}"?>\n<?xml-stylesheet type="text/xsl" href="WSExample.xsl"?>\n\n<collection>\n\n'

_SPACES = re.compile(r"[ \t\r\n]+")
_ANSWER = re.compile(r"([A-E])\.?")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@dataclass
class NyuXmlConfig:
    """Options of the NYU Winograd XML format."""

    corpus: str | None = None  # corpus name; None: "pdp" for PDP files, "wsc273" with that subset, else "wsc285"
    subset: str | None = None  # "wsc273": keep only the first 273 schemas
    language: str = "en"  # BCP-47 tag of the items read
    twins: bool | None = None  # link consecutive versions of a schema; None: yes, except in PDP files


def squash(raw: str | None) -> str:
    """Text of an element with its layout removed: XML whitespace runs become one space."""
    return _SPACES.sub(" ", raw or "").strip(" ")


def _separator(left_raw: str, right_raw: str, left: str, right: str) -> str:
    if not left or not right or left[-1] in OPENING or right[0] in CLOSING:
        return ""
    return " " if left_raw[-1] in XML_SPACE or right_raw[0] in XML_SPACE else ""


def join_parts(txt1: str, pron: str, txt2: str) -> tuple[str, Span]:
    """The sentence rebuilt from raw ``txt1``/``pron``/``txt2`` and the pronoun's span in it."""
    a, b, c = squash(txt1), squash(pron), squash(txt2)
    head = a + _separator(txt1, pron, a, b)
    text = head + b + _separator(pron, txt2, b, c) + c
    return text, Span(len(head), len(head) + len(b), b)


def parse_answer(raw: str) -> tuple[int | None, str]:
    """``(index, spelling)`` of a ``correctAnswer``; ``(None, "")`` when it is empty.

    Raises ``ValueError`` for anything but a letter A-E with an optional full stop.
    """
    spelling = squash(raw)
    if not spelling:
        return None, ""
    match = _ANSWER.fullmatch(spelling)
    if not match:
        raise ValueError(f"correctAnswer {spelling!r} is not a letter A-E")
    return LETTERS.index(match.group(1)), spelling


def find_mention(text: str, name: str, pronoun: Span) -> Span | None:
    """Where ``name`` is mentioned, ignoring case: the first mention before the pronoun, else after it."""
    after = None
    for span in mentions(text, name, folded=True):
        if span.end <= pronoun.start:
            return span
        if after is None and span.start >= pronoun.end:
            after = span
    return after


def shared_fraction(a: str, b: str) -> float:
    """Fraction of the longer text's tokens in the common prefix and suffix of two texts."""
    ta, tb = tokenize(a), tokenize(b)
    n = min(len(ta), len(tb))
    i = 0
    while i < n and ta[i] == tb[i]:
        i += 1
    j = 0
    while j < n - i and ta[-1 - j] == tb[-1 - j]:
        j += 1
    return (i + j) / max(len(ta), len(tb), 1)


def twin_groups(texts: list[str]) -> list[list[int]]:
    """Indices grouped into versions of one schema: runs of similar neighbours, cut into pairs.

    A run of four (two schemas sharing a sentence) gives two pairs; an odd run's last three form
    one group (WSC285 253-255); a run of one is a singleton.
    """
    runs: list[list[int]] = []
    for k, text in enumerate(texts):
        if runs and shared_fraction(texts[k - 1], text) > TWIN_SHARE:
            runs[-1].append(k)
        else:
            runs.append([k])
    groups = []
    for run in runs:
        pairs = [run[i : i + 2] for i in range(0, len(run), 2)]
        if len(pairs) > 1 and len(pairs[-1]) == 1:
            pairs[-2].extend(pairs.pop())
        groups.extend(pairs)
    return groups


# ---------------------------------------------------------------- reading


def syntax_problem(exc: Any) -> str:
    """An lxml syntax error as one line (libxml2 breaks some messages, e.g. for a NUL byte)."""
    return "malformed XML: " + " ".join(str(exc.msg or exc).split()).replace(" ,", ",")


def _parse(path: Path) -> Any:
    from lxml import etree

    data = path.read_bytes()
    if not data.strip():
        raise FormatError(path, None, "file is empty")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise FormatError(path, f"line {exc.lineno}", syntax_problem(exc)) from None
    tree = root.getroottree()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        line = data.count(b"\n", 0, max(data.find(b"<!DOCTYPE"), 0)) + 1
        raise FormatError(path, f"line {line}", "DOCTYPE declarations are not allowed (entities are never expanded)")
    if root.tag != "collection":
        raise FormatError(path, f"line {root.sourceline}", f"root element is <{root.tag}>, expected <collection>")
    return root


def _children(path: Path, where: str, el: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``tag -> element`` of ``el``'s children; unknown or repeated elements and stray text are errors."""
    if el.attrib:
        raise FormatError(path, where, f"<{el.tag}> has attributes ({', '.join(el.attrib)}), which NYU XML does not use")
    if (el.text or "").strip():
        raise FormatError(path, where, f"<{el.tag}> holds text {squash(el.text)[:30]!r} outside its elements")
    found: dict[str, Any] = {}
    for child in el:
        if not isinstance(child.tag, str):
            raise FormatError(path, where, f"<{el.tag}> holds a comment, entity or processing instruction")
        if child.tag not in allowed or child.tag in found:
            problem = "a second" if child.tag in found else "an unexpected"
            raise FormatError(path, where, f"<{el.tag}> has {problem} <{child.tag}> (line {child.sourceline})")
        if (child.tail or "").strip():
            raise FormatError(path, where, f"text {squash(child.tail)[:30]!r} after <{child.tag}>")
        found[child.tag] = child
    return found


def _text(path: Path, where: str, el: Any) -> str:
    """Raw text of a leaf element (markup or entity references inside it are errors)."""
    if len(el):
        raise FormatError(path, where, f"<{el.tag}> holds markup, expected text only (line {el.sourceline})")
    return el.text or ""


def _require(path: Path, where: str, found: dict[str, Any], tag: str, parent: str) -> Any:
    if tag not in found:
        raise FormatError(path, where, f"<{parent}> has no <{tag}>")
    return found[tag]


def _schema_item(path: Path, number: int, el: Any, corpus: str, language: str) -> Item:
    where = f"schema {number}"
    parts = _children(path, where, el, SCHEMA_TAGS)
    text_el = _children(path, where, _require(path, where, parts, "text", "schema"), ("txt1", "pron", "txt2"))
    raw = [_text(path, where, _require(path, where, text_el, tag, "text")) for tag in ("txt1", "pron", "txt2")]
    text, pronoun = join_parts(*raw)
    if not pronoun.text:
        raise FormatError(path, where, "<pron> is empty")
    answers_el = _require(path, where, parts, "answers", "schema")
    names = []
    for child in answers_el:
        if child.tag != "answer":
            what = f"<{child.tag}>" if isinstance(child.tag, str) else "a comment or processing instruction"
            raise FormatError(path, where, f"<answers> holds {what}, expected <answer>")
        names.append(squash(_text(path, where, child)))
    if len(names) > len(LETTERS):
        raise FormatError(path, where, f"has {len(names)} answers, but correctAnswer letters them only A to {LETTERS[-1]}")
    try:
        answer, spelling = parse_answer(_text(path, where, _require(path, where, parts, "correctAnswer", "schema")))
    except ValueError as exc:
        raise FormatError(path, where, str(exc)) from None
    if answer is not None and answer >= len(names):
        raise FormatError(path, where, f"correctAnswer {spelling!r} but there are only {len(names)} answers")
    meta: dict[str, Any] = {}
    if "quote" in parts:
        quote = _children(path, where, parts["quote"], QUOTE_TAGS)
        meta["quote"] = {tag: squash(_text(path, where, quote[tag])) for tag in QUOTE_TAGS if tag in quote}
    for tag in ("source", *PDP_TAGS):
        if tag in parts:
            meta[tag] = squash(_text(path, where, parts[tag]))
    if spelling and spelling != LETTERS[answer]:
        meta["correctAnswer"] = spelling
    return Item(
        id=f"{corpus}-{number - 1}",
        corpus=corpus,
        language=language,
        text=text,
        candidates=[Candidate(name, find_mention(text, name, pronoun) if name else None) for name in names],
        answer=answer,
        pronoun=pronoun,
        meta=meta,
        origin=where,
    )


def _is_pdp(path: Path, schemas: list[Any]) -> bool:
    return "pdp" in path.name.lower() or any(s.find(tag) is not None for s in schemas for tag in PDP_TAGS)


def read(path: Path, config: NyuXmlConfig) -> Iterator[Item]:
    root = _parse(path)
    schemas = []
    for el in root:
        if el.tag != "schema":
            what = f"<{el.tag}>" if isinstance(el.tag, str) else "a comment or processing instruction"
            raise FormatError(path, f"line {el.sourceline}", f"<collection> holds {what}, expected <schema>")
        if (el.tail or "").strip():
            raise FormatError(path, f"line {el.sourceline}", f"text {squash(el.tail)[:30]!r} between schemas")
        schemas.append(el)
    if config.subset is not None:
        if config.subset not in SUBSETS:
            raise ParameterError(f"option subset: {config.subset!r} is not one of {', '.join(SUBSETS)}")
        keep = SUBSETS[config.subset]
        if len(schemas) < keep:
            raise FormatError(path, None, f"subset {config.subset} needs {keep} schemas, the file has {len(schemas)}")
        schemas = schemas[:keep]
    pdp = _is_pdp(path, schemas)
    corpus = config.corpus or ("pdp" if pdp else config.subset or "wsc285")
    items = [_schema_item(path, n, el, corpus, config.language) for n, el in enumerate(schemas, 1)]
    link = not pdp if config.twins is None else config.twins
    if link:
        for group in twin_groups([item.text for item in items]):
            if len(group) > 1:
                for k in group:
                    items[k].twin = items[group[0]].id
                    items[k].role = "special" if k == group[0] else "alternate"
    yield from link_twins(items)


# ---------------------------------------------------------------- writing


def _split(item: Item) -> tuple[str, str, str]:
    """Raw ``txt1``/``pron``/``txt2`` that read back as exactly ``item.text`` and its pronoun."""
    p = item.pronoun
    if p is None:
        raise ConversionError(f"item {item.id!r}: has no pronoun span; NYU XML splits the text at the pronoun")
    if p.is_slot:
        raise ConversionError(f"item {item.id!r}: its pronoun is a zero-width slot; NYU XML needs a pronoun word")
    parts = item.text[: p.start], item.text[p.start : p.end], item.text[p.end :]
    if join_parts(*parts) != (item.text, p):
        raise ConversionError(
            f"item {item.id!r}: the text cannot be rebuilt from txt1/pron/txt2 (line breaks, repeated or "
            "edge spaces, or a space between the pronoun and punctuation)"
        )
    return parts


def _answer_xml(item: Item) -> str:
    if item.answer is None:
        return ""
    letter = LETTERS[item.answer]
    spelling = item.meta.get("correctAnswer")
    if isinstance(spelling, str):
        try:
            if parse_answer(spelling)[0] == item.answer:
                return spelling
        except ValueError:
            pass
    return letter


def _leaf(tag: str, value: str) -> str:
    return f"<{tag}>{escape(value)}</{tag}>\n"


def schema_xml(item: Item) -> str:
    """One ``<schema>`` element (with a blank line after it) for ``item``, or ConversionError."""
    txt1, pron, txt2 = _split(item)
    n = len(item.candidates)
    if not MIN_CANDIDATES <= n <= len(LETTERS):
        limits = f"{MIN_CANDIDATES} to {len(LETTERS)}"
        raise ConversionError(f"item {item.id!r}: NYU XML holds {limits} answers, this item has {n}")
    for cand in item.candidates:
        if squash(cand.text) != cand.text:
            raise ConversionError(f"item {item.id!r}: candidate {cand.text!r} has line breaks or extra spaces")
    meta = item.meta
    out = ["<schema>\n"]
    if isinstance(meta.get("sameText"), str):
        out.append(_leaf("sameText", meta["sameText"]))
    out += ["<text>\n", _leaf("txt1", txt1), _leaf("pron", pron), _leaf("txt2", txt2), "</text>\n"]
    quote = meta.get("quote")
    if isinstance(quote, dict):
        out += ["<quote>\n", *(_leaf(tag, str(quote[tag])) for tag in QUOTE_TAGS if tag in quote), "</quote>\n"]
    out += ["<answers>\n", *(_leaf("answer", c.text) for c in item.candidates), "</answers>\n"]
    out.append(_leaf("correctAnswer", _answer_xml(item)))
    for tag in ("humanSubjects", "source"):
        if isinstance(meta.get(tag), str):
            out.append(_leaf(tag, meta[tag]))
    out.append("</schema>\n\n")
    xml = "".join(out)
    bad = _NOT_XML.search(xml)
    if bad:
        raise ConversionError(f"item {item.id!r}: character U+{ord(bad.group()):04X} cannot appear in XML 1.0")
    return xml


def write(items: Iterable[Item], fh: BinaryIO, config: NyuXmlConfig) -> None:
    """Write all items as one collection; they are held in memory because the XML declaration
    names the encoding, and UTF-8 is needed only when some character is outside Latin-1."""
    body = "".join(schema_xml(item) for item in items) + "</collection>\n"
    try:
        body.encode("iso-8859-1")
        encoding = "ISO-8859-1"
    except UnicodeEncodeError:
        encoding = "UTF-8"
    fh.write((HEADER.format(encoding) + body).encode(encoding))


def sniff(head: bytes) -> bool:
    return (
        b"<collection" in head
        and b"<schema" in head
        and b"<txt1>" in head
        and re.search(rb"<pron[\s>]", head) is not None
        and b"<wordA>" not in head
    )


FORMAT = register_format(
    Format(
        name="wsc-xml",
        description="NYU Winograd XML (WSC285/WSC273 WSCollection.xml, PDP 2016): txt1/pron/txt2, lettered answers",
        extensions=(".xml",),
        read=read,
        write=write,
        representable=record_by_record(write),
        sniff=sniff,
        config=NyuXmlConfig,
        aliases=("nyu-xml", "pdp-xml"),
    )
)
