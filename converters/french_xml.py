"""French Winograd schemas (Amsili & Seminck 2017), XML v1.3: one ``<schema>`` holds both versions.

The text is split around the trigger word, with ``wordA`` for the first version and ``wordB`` for the
second; the question likewise; ``answer1`` is right for the ``wordA`` version and ``answer2`` for the
``wordB`` one. Two schemas give each version its own candidate pair in ``<twoanswers>``::

    <schema id="1" engn="07">
      <text>
        <txt1> Le chat a griffé le chien parce qu'il était </txt1>
        <wordA>énervé</wordA>
        <wordB>trop près</wordB>
        <txt2>.</txt2>
      </text>
      <question>
        <qn1>Qui était </qn1>
        <qwordA>énervé</qwordA>
        <qwordB>trop près</qwordB>
        <qn2> ?</qn2>
      </question>
      <answer1>le chat</answer1>
      <answer2>le chien</answer2>
    </schema>

Each schema gives two items (``french-<id>-A`` and ``-B``, twin ``french-<id>``). Texts and questions
are the pieces joined with runs of spaces collapsed and the ends trimmed; pieces whose spacing the
writer would not reproduce (a double space, a trailing space after the final full stop) are kept in
the first item's meta under their element names. The source does not mark the pronoun: the reader
finds it with :func:`find_pronoun`. An element the format does not have, a repeated one or text
outside the elements is an error naming its line (a ``<schema>`` pasted inside a ``<text>`` is
well-formed XML, and would otherwise vanish); comments are allowed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator
from xml.sax.saxutils import escape

from wino_toolkit.converters.nyu_xml import syntax_problem
from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import keep_line_ending, mark_line_ending, text_writer
from wino_toolkit.lang.mentions import first_mention, with_fewer_determiners
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.twins import trigger_diff

TEXT = ("txt1", "wordA", "wordB", "txt2")
QUESTION = ("qn1", "qwordA", "qwordB", "qn2")
PIECES = TEXT + QUESTION
SCHEMA_CHILDREN = ("text", "question", "answer1", "answer2", "twoanswers")
#: key of ``meta["collection"]`` that holds the ``<?xml-stylesheet?>`` instruction (not an attribute name)
STYLESHEET = "?xml-stylesheet"
_SPACES = re.compile(r"[ \t\r\n]+")
_START_TAG = re.compile(r"<schema(?:\s+[\w:.-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*>")
ATTRIBUTE_ESCAPES = {'"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"}

SUBJECTS = frozenset("il elle ils elles".split())
#: third-person pronouns that are never articles, and pro-forms of places ("du sucre dedans")
STRONG = SUBJECTS | frozenset(
    "lui eux y celui-ci celle-ci ceux-ci celles-ci celui-là celle-là ceux-là celles-là dedans dessus dessous là-bas".split()
)
#: object clitics that are also articles ("la table"), and the dative ``lui``
CLITICS = frozenset("le la les l' l’ lui".split())
#: possessive determiners ("sur son dos")
POSSESSIVES = frozenset("son sa ses leur leurs".split())
#: verb forms a clitic stands before ("on les a punis")
VERBS = frozenset("a ai as avons avez ont avait avais avaient aurait est sont était étaient sera".split())
#: verbs a clitic follows when it belongs to an infinitive ("il faudra le déplacer", "dois en faire")
MODALS = frozenset(
    "faut faudra faudrait fallait dois doit devait devrais devrait devons pu peut peux pourrait pouvait"
    " veut veux voulait va vais vont allait".split()
)
#: what makes ``il`` impersonal ("il faut", "il y a"), and ``y`` part of "il y a"
IMPERSONAL = frozenset("y faut faudra faudrait fallait".split())
THERE_IS = frozenset("a avait aura aurait".split())
#: words around ``dessus``/``dessous``/``dedans`` that make it a preposition ("en dessous de")
LOCATIVE_PREPOSITION = frozenset("au en par là de du des".split())
#: words a clitic may stand behind its subject ("il ne l'a pas convaincu")
BETWEEN = frozenset("ne n' n’".split()) | CLITICS
#: grammatical gender of pronouns, and of the determiner opening a candidate ("le violon")
PRONOUN_GENDER = {
    **dict.fromkeys("il ils le celui-ci celui-là ceux-ci ceux-là".split(), "m"),
    **dict.fromkeys("elle elles la celle-ci celle-là celles-ci celles-là".split(), "f"),
}
DETERMINER_GENDER = {
    **dict.fromkeys("le un du au ce cet son mon".split(), "m"),
    **dict.fromkeys("la une cette sa ma".split(), "f"),
}
#: words an answer may open with that the text need not repeat ("le témoin" for "au témoin")
FUNCTION_WORDS = frozenset("le la les l un une des du de d au aux à dans sur sous en celle celui ceux celles".split())
_WORD = re.compile(r"\w+['’]|\w+(?:-(?:ci|là|bas))?", re.UNICODE)
SENTENCE_ENDS = ".!?"


@dataclass
class FrenchXmlConfig:
    """Options of the French XML format."""

    corpus: str = "french-wsc"  # corpus name given to the items read (and prefix of their ids)
    language: str = "fr"  # BCP-47 tag of the items read


def normalise(text: str) -> str:
    """Pieces joined as the source intends: runs of ASCII whitespace become one space, ends trimmed."""
    return _SPACES.sub(" ", text).strip(" ")


# ---------------------------------------------------------------- the pronoun


def find_pronoun(text: str, start: int, end: int, candidates: Iterable[str] = ()) -> Span | None:
    """Best guess at the pronoun of a version whose trigger word is ``text[start:end]``.

    The source does not mark it. In order: a subject pronoun just before the trigger ("elle a
    réussi"); a possessive in or next to the trigger ("sur son dos", "ses jouets"); the nearest
    third-person pronoun before the trigger, then in it, then after it.

    ``le``/``la``/``les``/``l'`` are also articles, so they count only next to the trigger, before
    an auxiliary or after a modal ("on les a punis", "il faudra le déplacer"), and give way to a
    subject pronoun in front of them ("elle l'a invitée"); ``en`` likewise ("il faudra en faire");
    ``il y a`` and ``il faut`` are impersonal; ``c'`` and possessives count in the scan only
    opening a sentence ("C'était un homme remarquable", "Leur population"). A pronoun whose
    gender no candidate has is skipped ("elle" when the candidates are "le violon" and "le
    morceau").
    """
    words = list(_WORD.finditer(text))
    lower = [m.group().lower() for m in words]
    genders = {DETERMINER_GENDER.get(name.split(" ", 1)[0].lower()) for name in candidates} - {None}
    agrees = [not genders or PRONOUN_GENDER.get(word, "") in genders or word not in PRONOUN_GENDER for word in lower]
    inside = [k for k, m in enumerate(words) if start <= m.start() < end]
    before = [k for k, m in enumerate(words) if m.end() <= start]
    after = [k for k, m in enumerate(words) if m.start() >= end]
    adjacent = len(text[:start].rstrip())  # a word ending at or after this touches the trigger
    steps = (
        [k for k in reversed(before[-2:]) if lower[k] in SUBJECTS and _is_pronoun(text, words, k, start, adjacent)],
        [k for k in inside + before[-1:] + after[:1] if lower[k] in POSSESSIVES],
        [k for k in [*reversed(before), *inside, *after] if _is_pronoun(text, words, k, start, adjacent)],
    )
    steps = tuple([k for k in step if agrees[k]] for step in steps)
    found = next((step[0] for step in steps if step), None)
    if found is None:
        return None
    if lower[found] in CLITICS:
        subject = found - 1
        while subject >= 0 and lower[subject] in BETWEEN:
            subject -= 1
        if subject >= 0 and lower[subject] in SUBJECTS and agrees[subject]:
            found = subject
    m = words[found]
    return Span(m.start(), m.end(), m.group())


def _is_pronoun(text: str, words: list[re.Match], k: int, trigger: int, adjacent: int) -> bool:
    """Whether ``words[k]`` is a third-person pronoun here (see :func:`find_pronoun`); only
    whitespace lies between ``adjacent`` and the ``trigger``."""
    word = words[k].group().lower()
    following = words[k + 1].group().lower() if k + 1 < len(words) else ""
    previous = words[k - 1].group().lower() if k > 0 else ""
    opens_sentence = _opens_sentence(text, words[k].start())
    if word == "il" and following in IMPERSONAL or word == "y" and previous == "il" and following in THERE_IS:
        return False
    if word in ("dessus", "dessous", "dedans") and (previous in LOCATIVE_PREPOSITION or following in LOCATIVE_PREPOSITION):
        return False
    before_verb = following in VERBS or previous in MODALS
    if word in CLITICS and word != "lui":
        at_trigger = words[k].start() == trigger or adjacent <= words[k].end() <= trigger
        return before_verb or at_trigger
    if word in STRONG:
        return True
    if word == "en":
        return before_verb
    return opens_sentence and (word in POSSESSIVES or word in ("c'", "c’"))


def _opens_sentence(text: str, at: int) -> bool:
    """Whether ``text[at:]`` opens a sentence: nothing before it, or end punctuation and a space.

    Looks back over the whitespace before ``at`` only, so testing every word is linear.
    """
    k = at
    while k and text[k - 1].isspace():
        k -= 1
    if k == 0:
        return at == 0 or text[:at] == "\n"
    return k < at and text[k - 1] in SENTENCE_ENDS


def find_mention(text: str, name: str) -> Span | None:
    """Where candidate ``name`` is mentioned in ``text``: case-insensitive, whole words.

    Answers name the referent in their own syntax ("le témoin", "de Gérard", "celle de la
    femme") while the text says "au témoin", "Gérard", "La femme"; so leading determiners and
    prepositions are dropped one at a time until the rest is found. Returns None when no content
    word is found.
    """
    for phrase in with_fewer_determiners(" ".join(name.split()), FUNCTION_WORDS, elided=True):
        span = first_mention(text, phrase, exact_first=False)
        if span is not None:
            return span
    return None


# ---------------------------------------------------------------- reading


def _parse(path: Path):
    from lxml import etree

    data = path.read_bytes()
    if not data.strip():
        raise FormatError(path, None, "file is empty")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        tree = etree.fromstring(data, parser).getroottree()
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else exc.position[0]
        raise FormatError(path, f"line {line}", syntax_problem(exc)) from None
    dtd = tree.docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise FormatError(path, "line 1", "the DOCTYPE declares entities, which are not expanded; remove them")
    return tree, data.split(b"\n")


def _text_of(path: Path, where: str, element, name: str) -> str:
    """Text of the one child ``name`` of ``element``, which must hold nothing but text."""
    found = element.findall(name)
    if len(found) != 1:
        problem = f"no <{name}>" if not found else f"{len(found)} <{name}> elements"
        raise FormatError(path, where, f"<{element.tag}> has {problem}")
    child = found[0]
    if len(child):
        raise FormatError(path, where, f"<{name}> holds markup ({child[0].tag!s}); expected text only")
    return child.text or ""


def _children(path: Path, where: str, element, allowed: tuple[str, ...]) -> None:
    """Check that ``element`` holds only the elements ``allowed``, each at most once, and no stray text.

    Anything else would be dropped without a trace (a ``<schema>`` pasted inside a ``<text>`` is
    well-formed XML), so it is an error naming the line. Comments are allowed.
    """
    if (element.text or "").strip():
        stray = normalise(element.text)[:30]
        raise FormatError(path, f"line {element.sourceline}", f"{where}: <{element.tag}> holds text {stray!r} outside its elements")
    seen = set()
    for child in element:
        if isinstance(child.tag, str):
            if child.tag not in allowed or child.tag in seen:
                problem = "a second" if child.tag in seen else "an unexpected"
                raise FormatError(path, f"line {child.sourceline}", f"{where}: <{element.tag}> has {problem} <{child.tag}>")
            seen.add(child.tag)
        if (child.tail or "").strip():
            stray = normalise(child.tail)[:30]
            raise FormatError(path, f"line {child.sourceline}", f"{where}: text {stray!r} after an element of <{element.tag}>")


def _answers(path: Path, where: str, schema) -> tuple[list[str], list[str], bool]:
    """Candidate names of version A and version B, and whether the source used ``<twoanswers>``."""
    two = schema.find("twoanswers")
    if two is not None and (schema.find("answer1") is not None or schema.find("answer2") is not None):
        raise FormatError(path, f"line {two.sourceline}", f"{where}: <schema> has both <twoanswers> and <answer1>/<answer2>")
    if two is not None:
        _children(path, where, two, ("answerA", "answerB"))
    if two is None:
        pair = [_text_of(path, where, schema, "answer1"), _text_of(path, where, schema, "answer2")]
        return pair, pair, False
    pairs = []
    for version in ("answerA", "answerB"):
        block = two.find(version)
        if block is None:
            raise FormatError(path, where, f"<twoanswers> has no <{version}>")
        _children(path, where, block, ("answer1", "answer2"))
        pairs.append([_text_of(path, where, block, "answer1"), _text_of(path, where, block, "answer2")])
    return pairs[0], pairs[1], True


def _version(config: FrenchXmlConfig, where: str, sid: str, letter: str, raw: dict[str, str],
             names: list[str], meta: dict[str, Any]) -> Item:
    """Version ``letter`` ("A" or "B") of a schema from its raw pieces."""
    word, qword = raw[f"word{letter}"], raw[f"qword{letter}"]
    text = normalise(raw["txt1"] + word + raw["txt2"])
    trigger = normalise(word)
    start = len(normalise(raw["txt1"] + word)) - len(trigger)
    return Item(
        id=f"{config.corpus}-{sid}-{letter}",
        corpus=config.corpus,
        language=config.language,
        text=text,
        candidates=[Candidate(name, find_mention(text, name)) for name in names],
        answer=0 if letter == "A" else 1,
        pronoun=find_pronoun(text, start, start + len(trigger), names),
        question=normalise(raw["qn1"] + qword + raw["qn2"]) or None,
        twin=f"{config.corpus}-{sid}",
        role="special" if letter == "A" else "alternate",
        triggers=[trigger] if trigger else [],
        meta={**meta, f"qword{letter}": qword},
        origin=where,
    )


class _SourceTags:
    """The ``<schema ...>`` start tags as the file spells them (spacing inside the tags included).

    Each line is decoded and searched once, however many schemas it holds (a file on one line).
    """

    def __init__(self, lines: list[bytes], encoding: str):
        self.lines, self.encoding = lines, encoding
        self.found: dict[int, list[str]] = {}
        self.taken: dict[int, int] = {}

    def next_on(self, line: int) -> str | None:
        """The next start tag not yet taken on ``line`` (counted from 1)."""
        if line not in self.found:
            try:
                text = self.lines[line - 1].decode(self.encoding, "replace")
            except (LookupError, IndexError):
                text = ""
            self.found[line] = [m.group() for m in _START_TAG.finditer(text)]
        k = self.taken.get(line, 0)
        self.taken[line] = k + 1
        tags = self.found[line]
        return tags[k] if k < len(tags) else None


def _shared(schema, collection: dict[str, str]) -> dict[str, Any]:
    """Meta both versions carry: the schema's attributes and the collection's (each item its own copy)."""
    return {"schema": dict(schema.attrib), "collection": dict(collection)}


def read(path: Path, config: FrenchXmlConfig) -> Iterator[Item]:
    return mark_line_ending(_items(path, config), path)


def _items(path: Path, config: FrenchXmlConfig) -> Iterator[Item]:
    tree, lines = _parse(path)
    tags = _SourceTags(lines, tree.docinfo.encoding or "utf-8")
    root = tree.getroot()
    if root.tag != "collection":
        raise FormatError(path, f"line {root.sourceline}", f"root element is <{root.tag}>, expected <collection>")
    collection = dict(root.attrib)
    for node in root.itersiblings(preceding=True):
        if getattr(node, "target", None) == "xml-stylesheet":
            collection[STYLESHEET] = node.text
    stray = next((n for n in [root, *root] if ((n.text if n is root else n.tail) or "").strip()), None)
    if stray is not None:
        raise FormatError(path, f"line {stray.sourceline}", "<collection> holds text outside its schemas")
    schemas = [node for node in root if isinstance(node.tag, str)]
    for number, schema in enumerate(schemas, 1):
        where = f"schema {number}"
        if schema.tag != "schema":
            raise FormatError(path, f"line {schema.sourceline}", f"unexpected <{schema.tag}> in <collection>")
        sid = schema.get("id")
        if not sid:
            raise FormatError(path, where, "<schema> has no id attribute")
        _children(path, where, schema, SCHEMA_CHILDREN)
        text, question = schema.find("text"), schema.find("question")
        for name, element in (("text", text), ("question", question)):
            if element is None:
                raise FormatError(path, where, f"<schema id={sid!r}> has no <{name}>")
        _children(path, where, text, TEXT)
        _children(path, where, question, QUESTION)
        raw = {name: _text_of(path, where, text, name) for name in TEXT}
        raw.update({name: _text_of(path, where, question, name) for name in QUESTION})
        names_a, names_b, two = _answers(path, where, schema)
        a = _version(config, where, sid, "A", raw, names_a, _shared(schema, collection))
        b = _version(config, where, sid, "B", raw, names_b, _shared(schema, collection))
        if two and names_a == names_b:
            a.meta["twoanswers"] = True
        rebuilt = default_pieces(a, b)
        a.meta.update({name: value for name, value in raw.items() if rebuilt.get(name) != value})
        tag = tags.next_on(schema.sourceline)
        if tag is not None and tag != start_tag(schema.attrib):
            a.meta["schema_tag"] = tag
        yield a
        yield b


# ---------------------------------------------------------------- writing


def split_pair(a: str, b: str, word_a: str, word_b: str) -> tuple[str, str] | None:
    """``(prefix, suffix)`` with ``a == prefix + word_a + suffix`` and ``b == prefix + word_b + suffix``."""
    if len(a) - len(word_a) != len(b) - len(word_b):
        return None
    prefix = _common_prefix(a, b)  # b[:at] == a[:at] needs at <= prefix
    suffix = _common_prefix(a[::-1], b[::-1])  # and the tails after the words must be the same
    at = a.find(word_a, max(0, len(a) - len(word_a) - suffix), prefix + len(word_a))
    while at >= 0:
        if b.startswith(word_b, at):
            return a[:at], a[at + len(word_a) :]
        at = a.find(word_a, at + 1, prefix + len(word_a))
    return None


def _common_prefix(a: str, b: str) -> int:
    """Length of the common prefix of ``a`` and ``b``, halving the compared slices (no loop per character)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # a[:lo] == b[:lo]; the first difference lies in [lo, hi]
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def default_pieces(a: Item, b: Item) -> dict[str, str]:
    """The text and question pieces the writer makes of a pair; a part that does not split is left out.

    Follows the source's layout: ``txt1`` opens with a space and keeps the space before the
    trigger; the question splits the same way around its question words.
    """
    pieces: dict[str, str] = {}
    word_a, word_b = (a.triggers[0] if a.triggers else None), (b.triggers[0] if b.triggers else None)
    if word_a is None or word_b is None:
        word_a, word_b = trigger_diff(a.text, b.text, a.language)
    text = split_pair(a.text, b.text, word_a, word_b)
    if text is not None:
        pieces.update(txt1=" " + text[0], wordA=word_a, wordB=word_b, txt2=text[1])
    qa, qb = a.question or "", b.question or ""
    qword_a, qword_b = a.meta.get("qwordA"), b.meta.get("qwordB")
    if not (isinstance(qword_a, str) and isinstance(qword_b, str)):
        qword_a, qword_b = trigger_diff(qa, qb, a.language)
    question = split_pair(qa, qb, normalise(qword_a), normalise(qword_b))
    if question is not None:
        pieces.update(qn1=question[0], qwordA=qword_a, qwordB=qword_b, qn2=question[1])
    return pieces


def _pairs(items: Iterable[Item]) -> Iterator[tuple[Item, Item]]:
    """Consecutive items of one twin group, two at a time."""
    pending: Item | None = None
    for item in items:
        if item.twin is None:
            raise ConversionError(f"item {item.id!r}: French XML holds schemas as twin pairs; this item has no twin")
        if pending is None:
            pending = item
        elif item.twin != pending.twin:
            raise ConversionError(f"item {pending.id!r}: its twin group {pending.twin!r} has one item; French XML needs two")
        else:
            yield pending, item
            pending = None
    if pending is not None:
        raise ConversionError(f"item {pending.id!r}: its twin group {pending.twin!r} has one item; French XML needs two")


def representable(item: Item, config: FrenchXmlConfig) -> str | None:
    """Why one item cannot be part of a French XML schema (a lone twin left over is caught when writing)."""
    if item.twin is None:
        return "French XML holds schemas as twin pairs; this item has no twin"
    if len(item.candidates) != 2:
        return f"French XML holds 2 candidates, this item has {len(item.candidates)}"
    if item.answer is None:
        return "French XML needs the answer, this item has none"
    return None


def _ordered(item: Item, first: bool) -> list[str]:
    """The item's two candidate names, its right answer first (``first``) or second."""
    if len(item.candidates) != 2:
        raise ConversionError(f"item {item.id!r}: French XML holds 2 candidates, this item has {len(item.candidates)}")
    if item.answer is None:
        raise ConversionError(f"item {item.id!r}: French XML needs the answer, this item has none")
    names = [c.text for c in item.candidates]
    return names if (item.answer == 0) == first else names[::-1]


def _schema(a: Item, b: Item, number: int) -> str:
    """One ``<schema>`` element (and the blank line after it) for versions ``a`` and ``b``."""
    pieces = default_pieces(a, b)
    pieces.update({name: a.meta[name] for name in PIECES if isinstance(a.meta.get(name), str)})
    for part, names in (("text", TEXT), ("question", QUESTION)):
        if any(name not in pieces for name in names):
            raise ConversionError(
                f"item {a.id!r}: its {part} and its twin {b.id!r}'s do not differ in one place only, "
                "so they cannot be written as one <schema>"
            )
    attrs = a.meta.get("schema") if isinstance(a.meta.get("schema"), dict) else {"id": str(number)}
    names_a, names_b = _ordered(a, True), _ordered(b, False)
    tag = a.meta.get("schema_tag")
    if not (isinstance(tag, str) and _tag_attrs(tag) == {k: str(v) for k, v in attrs.items()}):
        tag = start_tag(attrs)
    lines = [tag, "  <text>"]
    lines += [f"    <{name}>{escape(pieces[name])}</{name}>" for name in TEXT]
    lines += ["  </text>", "  <question>"]
    lines += [f"    <{name}>{escape(pieces[name])}</{name}>" for name in QUESTION]
    lines.append("  </question>")
    if names_a == names_b and not a.meta.get("twoanswers"):
        lines += [f"  <answer1>{escape(names_a[0])}</answer1>", f"  <answer2>{escape(names_a[1])}</answer2>"]
    else:
        lines.append("  <twoanswers>")
        for block, names in (("answerA", names_a), ("answerB", names_b)):
            lines += [f"\t<{block}>", f"\t  <answer1>{escape(names[0])}</answer1>"]
            lines += [f"\t  <answer2>{escape(names[1])}</answer2>", f"\t</{block}> "]
        lines.append("  </twoanswers>")
    lines.append("</schema>")
    return "\n".join(lines) + "\n\n"


def start_tag(attrs: dict[str, Any]) -> str:
    """``<schema id=".." engn="..">`` as the writer spells it."""
    return f"<schema{_attrs(attrs)}>"


def _tag_attrs(tag: str) -> dict[str, str]:
    """The attributes of a kept start tag, to check it still matches the item's ``meta["schema"]``."""
    from lxml import etree

    try:
        return dict(etree.fromstring(tag[:-1] + "/>").attrib)
    except etree.XMLSyntaxError:
        return {}


def _attrs(attrs: dict[str, Any]) -> str:
    return "".join(f' {key}="{escape(str(value), ATTRIBUTE_ESCAPES)}"' for key, value in attrs.items())


def _header(first: Item | None) -> str:
    collection = first.meta.get("collection") if first is not None else None
    if not isinstance(collection, dict):
        collection = {"name": first.corpus} if first is not None else {}
    attrs = {key: value for key, value in collection.items() if key != STYLESHEET}
    out = '<?xml version="1.0" encoding="utf-8"?>\n'
    if collection.get(STYLESHEET):
        out += f"<?xml-stylesheet {collection[STYLESHEET]}?>\n"
    return out + f"\n<collection{_attrs(attrs)}>\n\n"


def write(items: Iterable[Item], fh: BinaryIO, config: FrenchXmlConfig) -> None:
    """Each consecutive twin pair as one ``<schema>``; the first item's meta gives the ``<collection>``."""
    with text_writer(fh) as out:
        number = 0
        for number, (a, b) in enumerate(_pairs(items), 1):
            body = _schema(a, b, number)
            if number == 1:
                keep_line_ending(out, a.meta)
                out.write(_header(a))
            out.write(body)
        if number == 0:
            out.write(_header(None))
        out.write("</collection>\n")


def sniff(head: bytes) -> bool:
    return b"<collection" in head and b"<schema" in head and b"<wordA>" in head and b"<pron>" not in head


FORMAT = register_format(
    Format(
        name="french-xml",
        description="French Winograd schemas XML (Amsili & Seminck 2017; txt1/wordA/wordB/txt2, answer1/answer2)",
        extensions=(".xml",),
        read=read,
        write=write,
        sniff=sniff,
        config=FrenchXmlConfig,
        canonical=True,
        representable=representable,
    )
)
