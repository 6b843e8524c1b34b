"""WinoLogic as packaged by LogiGLUE: JSON Lines, a WSC sentence with one knowledge sentence each.

Each record claims a resolution and gives a reason that is either right or subtly wrong; the
label says which (one line here, wrapped; the file has no final newline)::

    {"context":"Kim lent Pat a bike because she had two.","question":"The she is more likely to
     refer to Kim than Pat because someone who has two bikes can lend one.","choices":["False",
     "True"],"answer_choice":1,"answer_text":"True","proof":"","question_type":"",
     "original_dataset":"winologic","category":"factverification","id_":1,"input":"Context: ..."}

A record may add ``"formula"``: the knowledge's formula (``wino logic render`` writes it); it
becomes the knowledge's ``formula``.

One record becomes one item: ``text`` is the context, ``pronoun`` the claimed pronoun found in it,
``candidates`` ``[A, B]`` from "refer to A than B", and the reason a :class:`Knowledge` whose
``label`` is the record's truth. A is always the right WSC answer in this corpus (the false
records keep the claim and falsify the reason), so ``answer`` is 0. Records that share a context
are readings of one WSC sentence, not twins: ``twin`` is None and such items share ``text``.

``input``, ``choices``, ``answer_choice`` and ``answer_text`` are rebuilt by the writer and kept in
``meta`` only where a record differs from what would be rebuilt; so are the four constant fields.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import LINE_ENDING, iter_lines, keep_line_ending, mark_line_ending, recover, text_writer
from wino_toolkit.lang.mentions import first_mention, mentions, with_fewer_determiners
from wino_toolkit.schema import Candidate, Item, Knowledge, Span

FIELDS = (
    "context",
    "question",
    "choices",
    "answer_choice",
    "answer_text",
    "proof",
    "question_type",
    "original_dataset",
    "category",
    "id_",
    "input",
)
#: fields with the same value in every published record; meta keeps only a differing value
CONSTANTS = {"proof": "", "question_type": "", "original_dataset": "winologic", "category": "factverification"}
CHOICES = ["False", "True"]
PATTERN = re.compile(r"The (?P<pronoun>.+?) is more likely to refer to (?P<a>.+?) than (?P<b>.+?) because (?P<reason>.*)", re.S)


@dataclass
class WinoLogicConfig:
    """Options of the WinoLogic format."""

    corpus: str = "winologic"  # corpus name given to the items read
    language: str = "en"  # BCP-47 tag of the items read
    final_newline: bool = False  # end the written file with a newline (the published file has none)


def read(path: Path, config: WinoLogicConfig) -> Iterator[Item]:
    yield from mark_line_ending(choose_pronouns(parse_lines(path, config)), path)


def parse_lines(path: Path, config: WinoLogicConfig) -> Iterator[tuple[Item, str]]:
    """Items with their claimed pronoun's spelling; the pronoun span is chosen later."""
    for number, line in iter_lines(path):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            recover(FormatError(path, f"line {number}", f"invalid JSON at column {exc.colno}: {exc.msg}"))
            continue
        except ValueError as exc:  # a number too long to convert, say
            recover(FormatError(path, f"line {number}", f"invalid JSON: {str(exc).split(';')[0]}"))
            continue
        try:
            pair = to_item(obj, number, config)
        except ValueError as exc:
            recover(FormatError(path, f"line {number}", str(exc)))  # `wino validate` goes on; elsewhere this raises
            continue
        yield pair


def to_item(obj: Any, number: int, config: WinoLogicConfig) -> tuple[Item, str]:
    """One record as an item (pronoun still unset) and the pronoun as the claim spells it."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, found {type(obj).__name__}")
    for key in FIELDS:
        if key not in obj:
            raise ValueError(f"missing field {key!r}")
    context, question = obj["context"], obj["question"]
    if not isinstance(context, str) or not context.strip():
        raise ValueError("context is empty or not a string")
    parts = parse_claim(question) if isinstance(question, str) else None
    if parts is None:
        raise ValueError("question does not read 'The <pronoun> is more likely to refer to <A> than <B> because <reason>'")
    label = truth(obj)
    if not isinstance(obj["id_"], int) or isinstance(obj["id_"], bool):
        raise ValueError(f"id_ {obj['id_']!r} is not a whole number")
    item = Item(
        id=f"{config.corpus}-{obj['id_']}",
        corpus=config.corpus,
        language=config.language,
        text=context,
        candidates=[Candidate(parts["a"], find(context, parts["a"])), Candidate(parts["b"], find(context, parts["b"]))],
        answer=0,
        knowledge=[Knowledge(parts["reason"], label, formula(obj))],
        meta=underivable(obj, question),
        origin=f"line {number}",
    )
    return item, parts["pronoun"]


def parse_claim(question: str) -> dict[str, str] | None:
    """The groups of :data:`PATTERN` in ``question``, or None, found with three searches.

    The same answer as ``PATTERN.fullmatch`` (each part the shortest that lets the rest match),
    in linear time: the regular expression backtracks quadratically on a long claim.
    """
    opening, refers, than, because = "The ", " is more likely to refer to ", " than ", " because "
    if not question.startswith(opening):
        return None
    p = question.find(refers, len(opening) + 1)
    t = -1 if p < 0 else question.find(than, p + len(refers) + 1)
    c = -1 if t < 0 else question.find(because, t + len(than) + 1)
    if c < 0:
        return None
    return {
        "pronoun": question[len(opening) : p],
        "a": question[p + len(refers) : t],
        "b": question[t + len(than) : c],
        "reason": question[c + len(because) :],
    }


def truth(obj: dict[str, Any]) -> bool:
    """The record's label from ``answer_text``, checked against ``choices[answer_choice]``."""
    text, choices, index = obj["answer_text"], obj["choices"], obj["answer_choice"]
    if text not in CHOICES:
        raise ValueError(f"answer_text {text!r} is not 'True' or 'False'")
    if not (isinstance(choices, list) and isinstance(index, int) and 0 <= index < len(choices) and choices[index] == text):
        raise ValueError(f"answer_choice {index!r} does not pick {text!r} from choices {choices!r}")
    return text == "True"


def formula(obj: dict[str, Any]) -> str | None:
    """The optional ``formula`` field (rendered problems carry the knowledge's formula)."""
    value = obj.get("formula")
    if value is not None and not isinstance(value, str):
        raise ValueError(f"formula {value!r} is not a string")
    return value


def underivable(obj: dict[str, Any], question: str) -> dict[str, Any]:
    """The fields the writer could not rebuild, keyed by their source name."""
    meta = {key: obj[key] for key, value in CONSTANTS.items() if obj[key] != value}
    if obj["choices"] != CHOICES:
        meta["choices"] = obj["choices"]
        meta["answer_choice"] = obj["answer_choice"]
    if obj["input"] != prompt(obj["context"], question, obj["choices"]):
        meta["input"] = obj["input"]
    meta.update((key, value) for key, value in obj.items() if key not in FIELDS and key != "formula")
    return meta


def prompt(context: str, question: str, choices: list[str]) -> str:
    """The ``input`` field: LogiGLUE's prompt around context, question and options."""
    options = "".join(f" - {choice}\n" for choice in choices)
    return f"Context: {context}\nQuestion: {question}\nOptions: \n{options}Please select the correct option"


def find(text: str, phrase: str) -> Span | None:
    """The first whole-word mention of ``phrase`` in any case, else of it without its article
    ("the cat" is mentioned as "cat" in "her cat")."""
    from wino_toolkit.lang.en import ARTICLES  # here: the English rules load only for a WinoLogic file

    for words in with_fewer_determiners(phrase, ARTICLES, most=1):
        span = first_mention(text, words, exact_first=False)
        if span is not None:
            return span
    return None


# -- which occurrence of the pronoun -------------------------------------------------------------


def choose_pronouns(pairs: Iterable[tuple[Item, str]]) -> Iterator[Item]:
    """Set each item's pronoun span, looking one context ahead and one behind.

    A context often holds its pronoun twice ("he ... he"). The right occurrence is the one
    nearest to where the context differs from its twin, the neighbouring context that shares
    the most characters with it (WSC lists twins next to each other); see :func:`pick`.
    """
    runs = context_runs(pairs)
    previous, current = None, next(runs, None)
    while current is not None:
        following = next(runs, None)
        twin = closest(current[0][0].text, [r[0][0].text for r in (previous, following) if r])
        for item, spelling in current:
            item.pronoun = pick(item.text, spelling, twin)
            if item.pronoun is None or item.pronoun.text != spelling:  # the writer could not respell it
                item.meta["question"] = claim(spelling, item)
            yield item
        previous, current = current, following


def context_runs(pairs: Iterable[tuple[Item, str]]) -> Iterator[list[tuple[Item, str]]]:
    run: list[tuple[Item, str]] = []
    for pair in pairs:
        if run and pair[0].text != run[0][0].text:
            yield run
            run = []
        run.append(pair)
    if run:
        yield run


def shared(a: str, b: str) -> tuple[int, int]:
    """Lengths of the common prefix and suffix of two strings (not overlapping)."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i and a[-1 - j] == b[-1 - j]:
        j += 1
    return i, j


def closest(text: str, neighbours: list[str]) -> str | None:
    return max(neighbours, key=lambda other: sum(shared(text, other)), default=None)


def pick(text: str, spelling: str, twin: str | None) -> Span | None:
    """The occurrence of the pronoun the claim means.

    Occurrences spelled exactly as in the claim ("He" vs "he") are preferred; among those, the
    one nearest to the region where the twin differs, not inside it ("she had two, and later
    she ..." vs "she had none, and later she ..." means the first she); without a twin, the
    last one.
    """
    found = mentions(text, spelling) or mentions(text, spelling, folded=True)
    if len(found) < 2 or twin is None:
        return found[-1] if found else None
    prefix, suffix = shared(text, twin)
    start, end = prefix, len(text) - suffix
    outside = [s for s in found if s.end <= start or s.start >= end] or found
    return min(outside, key=lambda s: start - s.end if s.end <= start else s.start - end)


# -- writing ---------------------------------------------------------------------------------------


def claim(pronoun: str, item: Item) -> str:
    """The ``question`` field: the item's resolution and its knowledge sentence as one claim."""
    right, wrong = item.candidates[item.answer].text, item.candidates[1 - item.answer].text
    return f"The {pronoun} is more likely to refer to {right} than {wrong} because {item.knowledge[0].text}"


def write(items: Iterable[Item], fh: BinaryIO, config: WinoLogicConfig) -> None:
    dumps = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode
    with text_writer(fh) as out:
        n = -1
        for n, item in enumerate(items):
            if n == 0:
                keep_line_ending(out, item.meta)
            out.write(("\n" if n else "") + dumps(to_record(item, n + 1)))
        if config.final_newline and n >= 0:
            out.write("\n")


def to_record(item: Item, position: int) -> dict[str, Any]:
    if len(item.candidates) != 2 or item.answer is None:
        raise ConversionError(f"item {item.id!r}: WinoLogic needs 2 candidates and an answer")
    if len(item.knowledge) != 1 or item.knowledge[0].label is None:
        raise ConversionError(f"item {item.id!r}: WinoLogic needs exactly one knowledge sentence with a true/false label")
    meta = item.meta
    if "question" in meta:
        question = meta["question"]
    elif item.pronoun is None or item.pronoun.is_slot:
        raise ConversionError(f"item {item.id!r}: WinoLogic names the pronoun, and this item has none")
    else:
        question = claim(item.pronoun.text, item)
    reason = item.knowledge[0]
    choices = meta.get("choices", CHOICES)
    answer_text = "True" if reason.label else "False"
    found = re.search(r"-(\d+)$", item.id)
    record = {
        "context": item.text,
        "question": question,
        "choices": choices,
        "answer_choice": meta.get("answer_choice", CHOICES.index(answer_text)),
        "answer_text": answer_text,
        **{key: meta.get(key, value) for key, value in CONSTANTS.items()},
        "id_": int(found.group(1)) if found else position,
        "input": meta["input"] if "input" in meta else prompt(item.text, question, choices),
    }
    if reason.formula is not None:
        record["formula"] = reason.formula
    record.update((key, value) for key, value in meta.items() if key not in FIELDS and key != LINE_ENDING)
    return record


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"context"' in first and b'"id_"' in first and b"more likely to refer to" in first


FORMAT = register_format(
    Format(
        name="winologic",
        description="WinoLogic (LogiGLUE) JSON Lines: WSC context, claimed resolution and a true/false knowledge sentence",
        extensions=(".jsonl",),
        read=read,
        write=write,
        sniff=sniff,
        config=WinoLogicConfig,
        canonical=True,
        representable=record_by_record(write),
    )
)
