"""Portuguese WSC (Melo et al.): the authors' JSON list of schemas in *disambiguated* form.

Each object holds the sentence twice, the pronoun replaced once by the right and once by the
wrong candidate, plus hand-fixed versions and flags; nothing marks the pronoun::

    [
      {
        "question_id": 0,
        "correct_sentence": "A gata perseguiu o rato porque a gata estava com fome.",
        "incorrect_sentence": "A gata perseguiu o rato porque o rato estava com fome.",
        "manually_fixed_correct_sentence": "A gata perseguiu o rato porque a gata estava com fome.",
        ...
        "translated": true
      }
    ]

The reader diffs the two sentences: the differing words, widened to the whole noun phrase
(determiner included, and as far as an earlier mention reaches: "o saco de arroz"), are the
candidates. The item's text is the correct sentence with its candidate taken out, leaving a
zero-width slot where Portuguese may drop the subject pronoun ("porque | estava com fome.", in
the example above).
An object whose sentences differ in more than one noun phrase keeps the correct sentence as
text, no pronoun, and the incorrect sentence in ``meta`` (see :func:`analyse`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator, NamedTuple

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import LINE_ENDING, keep_line_ending, load_json_array, mark_line_ending, text_writer
from wino_toolkit.lang.mentions import first_mention, with_fewer_determiners
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.twins import link_twins

FIELDS = (
    "question_id",
    "correct_sentence",
    "incorrect_sentence",
    "manually_fixed_correct_sentence",
    "manually_fixed_incorrect_sentence",
    "correct_switched",
    "incorrect_switched",
    "is_associative",
    "is_switchable",
    "translated",
)
FLAGS = ("is_associative", "is_switchable", "translated")
TEXTS = FIELDS[1:7]
#: WSC285's only group of three versions, by question_id (the George/Eric tickets schema)
TRIPLET = (252, 253, 254)
DETERMINERS = frozenset(
    "o a os as um uma uns umas meu minha meus minhas seu sua seus suas nosso nossa nossos nossas "
    "esse essa esses essas este esta estes estas aquele aquela aqueles aquelas "
    "the an".split()  # English articles: a few schemas were left untranslated
)
CONNECTORS = frozenset("e de da do das dos em na no com and of".split())
MAX_PHRASE = 8  # a longer difference is not one noun phrase
CLAUSE_PUNCT = frozenset(",;:!?")
TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")


@dataclass
class PortugueseConfig:
    """Options of the Portuguese WSC format."""

    corpus: str = "portuguese-wsc"  # corpus name given to the items read
    language: str = "pt"  # BCP-47 tag of the items read


class Analysis(NamedTuple):
    """Where the candidates sit in the correct (``c_*``) and incorrect (``i_*``) sentence."""

    c_start: int
    c_end: int
    i_start: int
    i_end: int
    single: bool  # the sentences differ in this one place only


def read(path: Path, config: PortugueseConfig) -> Iterator[Item]:
    objects = load_objects(path)
    yield from mark_line_ending(link_twins(to_item(n, obj, config) for n, obj in enumerate(objects, 1)), path)


def load_objects(path: Path) -> list[dict[str, Any]]:
    """The JSON list, each object checked to hold the ten fields with the right types."""
    data = load_json_array(path)  # malformed JSON, a number too long to convert: one located line
    for n, obj in enumerate(data, 1):
        problem = object_problem(obj)
        if problem:
            raise FormatError(path, f"record {n}", problem)
    return data


def object_problem(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return f"expected a JSON object, found {type(obj).__name__}"
    for key in FIELDS:
        if key not in obj:
            return f"missing field {key!r}"
    if not isinstance(obj["question_id"], int) or isinstance(obj["question_id"], bool) or obj["question_id"] < 0:
        return f"question_id {obj['question_id']!r:.40} is not a whole number >= 0"
    for key in TEXTS:
        if not isinstance(obj[key], str):
            return f"field {key!r} is not a string"
    for key in FLAGS:
        if not isinstance(obj[key], bool):
            return f"field {key!r} is not true or false"
    if not TOKEN.search(obj["correct_sentence"]) or not TOKEN.search(obj["incorrect_sentence"]):
        return "correct or incorrect sentence is empty"
    if obj["correct_sentence"] == obj["incorrect_sentence"]:
        return "correct and incorrect sentence are the same (they must name the two candidates)"
    return None


def to_item(number: int, obj: dict[str, Any], config: PortugueseConfig) -> Item:
    qid = obj["question_id"]
    correct, incorrect = obj["correct_sentence"], obj["incorrect_sentence"]
    found = analyse(correct, incorrect)
    right, wrong = correct[found.c_start : found.c_end], incorrect[found.i_start : found.i_end]
    if found.single and is_phrase(right) and is_phrase(wrong) and right.casefold() != wrong.casefold():
        text, k = remove_phrase(correct, found.c_start, found.c_end)
        pronoun = Span(k, k, "")
        rebuilt = {"correct_sentence": insert_at(text, k, right), "incorrect_sentence": insert_at(text, k, wrong)}
        meta = {key: obj[key] for key, value in rebuilt.items() if obj[key] != value}
    else:  # fallback: the sentence as it is, the other one kept whole
        text, pronoun, meta = correct, None, {"incorrect_sentence": incorrect}
    for auto, fixed in (("correct_sentence", "manually_fixed_correct_sentence"), ("incorrect_sentence", "manually_fixed_incorrect_sentence")):
        if obj[fixed] != obj[auto]:
            meta[fixed] = obj[fixed]
    meta.update((key, obj[key]) for key in ("correct_switched", "incorrect_switched", *FLAGS))
    meta.update((key, value) for key, value in obj.items() if key not in FIELDS)
    candidates = sorted((Candidate(right, mention(text, right)), Candidate(wrong, mention(text, wrong))), key=mention_order)
    first, role = twin_group(qid)
    return Item(
        id=f"{config.corpus}-{qid}",
        corpus=config.corpus,
        language=config.language,
        text=text,
        candidates=candidates,
        answer=[c.text for c in candidates].index(right),
        pronoun=pronoun,
        twin=f"{config.corpus}-{first}",
        role=role,
        meta=meta,
        origin=f"record {number}",
    )


def twin_group(qid: int) -> tuple[int, str]:
    """First question_id of the schema and this version's role: pairs, and WSC285's triplet."""
    if TRIPLET[0] <= qid <= TRIPLET[-1]:
        first = TRIPLET[0]
    elif qid > TRIPLET[-1]:
        first = qid - (qid - TRIPLET[-1] - 1) % 2
    else:
        first = qid - qid % 2
    return first, "special" if qid == first else "alternate"


# -- finding the candidates ------------------------------------------------------------------------


def tokens(sentence: str) -> list[tuple[int, int]]:
    return [m.span() for m in TOKEN.finditer(sentence)]


def analyse(correct: str, incorrect: str) -> Analysis:
    """The differing noun phrases of the two sentences, as character offsets.

    Strip the common token prefix and suffix (when the sentences differ in several places, keep
    only the first difference and set ``single`` False); give back shared tokens until both
    sides are non-empty ("Rui" / "o irmão do Rui") and neither ends in a word that needs one more
    ("Ana e" / "os pais da" become "Ana e Rui" / "os pais da Ana"); then widen both leftwards
    over determiners, and over words an earlier mention shows to belong to the phrase ("do Rui"
    grows to "o carro do Rui" because the sentence starts with "O carro do Rui") provided the
    widened phrase then starts with a determiner.
    """
    tc, ti = tokens(correct), tokens(incorrect)
    wc = [correct[s:e].lower() for s, e in tc]
    wi = [incorrect[s:e].lower() for s, e in ti]
    i = 0
    while i < min(len(wc), len(wi)) and wc[i] == wi[i]:
        i += 1
    j = 0
    while j < min(len(wc), len(wi)) - i and wc[-1 - j] == wi[-1 - j]:
        j += 1
    blocks = [op for op in SequenceMatcher(None, wc[i : len(wc) - j], wi[i : len(wi) - j], autojunk=False).get_opcodes() if op[0] != "equal"]
    single = [op[0] for op in blocks].count("replace") < 2
    ec, ei = (len(wc) - j, len(wi) - j) if single else (i + blocks[0][2], i + blocks[0][4])
    i = i if single else i + blocks[0][1]
    while ec < len(wc) and ei < len(wi) and (i in (ec, ei) or open_ended(wc[ec - 1]) or open_ended(wi[ei - 1])):
        ec, ei = ec + 1, ei + 1
    while i and i in (ec, ei):
        i -= 1
    i = widen(correct, tc, incorrect, ti, i, (tc[ec - 1][1], ti[ei - 1][1]))
    return Analysis(tc[i][0], tc[ec - 1][1], ti[i][0], ti[ei - 1][1], single)


def open_ended(word: str) -> bool:
    """A word a noun phrase cannot end with: a determiner, "e"/"de"/"da"/... or "and"/"of"."""
    return word in DETERMINERS or word in CONNECTORS


def widen(correct: str, tc: list[tuple[int, int]], incorrect: str, ti: list[tuple[int, int]], i: int, ends: tuple[int, int]) -> int:
    """The first token of the noun phrases that end at ``ends`` (in the correct, incorrect sentence)."""
    best = i
    while i:
        start = tc[i - 1][0]
        word = correct[start : tc[i - 1][1]].lower()
        earlier = correct[:start]
        if word not in DETERMINERS and not (
            mentioned(earlier, correct[start : ends[0]]) or mentioned(earlier, incorrect[ti[i - 1][0] : ends[1]])
        ):
            break
        i -= 1
        if word in DETERMINERS:
            best = i
    return best


def mentioned(text: str, phrase: str) -> bool:
    """Whether ``text`` holds ``phrase`` as whole words, ignoring case and spacing."""
    return first_mention(text, phrase, exact_first=False, spacing="words") is not None


def is_phrase(part: str) -> bool:
    """A plausible noun phrase: a few words, no clause punctuation."""
    found = TOKEN.findall(part)
    return 0 < len(found) <= MAX_PHRASE and not CLAUSE_PUNCT & set(found)


def mention(text: str, phrase: str) -> Span | None:
    """Where the text mentions the candidate: the whole phrase, else without its determiners."""
    for words in with_fewer_determiners(phrase, DETERMINERS):
        span = first_mention(text, words, exact_first=False, spacing="words")
        if span is not None:
            return span
    return None


def mention_order(candidate: Candidate) -> tuple[int, int]:
    return (0, candidate.span.start) if candidate.span else (1, 0)


# -- the slot --------------------------------------------------------------------------------------


def remove_phrase(sentence: str, start: int, end: int) -> tuple[str, int]:
    """The sentence without ``[start, end)`` and one adjacent space; returns (text, slot)."""
    if end < len(sentence) and sentence[end] == " " and (start == 0 or sentence[start - 1] == " "):
        return sentence[:start] + sentence[end + 1 :], start
    if start > 0 and sentence[start - 1] == " ":
        return sentence[: start - 1] + sentence[end:], start - 1
    return sentence[:start] + sentence[end:], start


def insert_at(text: str, k: int, phrase: str) -> str:
    """Inverse of :func:`remove_phrase`: put ``phrase`` back at slot ``k`` with one space."""
    if k == 0 or text[k - 1] == " ":
        return text[:k] + phrase + " " + text[k:]
    return text[:k] + " " + phrase + text[k:]


# -- writing ---------------------------------------------------------------------------------------


def write(items: Iterable[Item], fh: BinaryIO, config: PortugueseConfig) -> None:
    with text_writer(fh) as out:
        n = -1
        for n, item in enumerate(items):
            if n == 0:
                keep_line_ending(out, item.meta)
            block = json.dumps(to_object(item, n), ensure_ascii=False, indent=2)
            out.write(("[\n" if n == 0 else ",\n") + "\n".join("  " + line for line in block.split("\n")))
        out.write("[]" if n < 0 else "\n]")


def to_object(item: Item, position: int) -> dict[str, Any]:
    if len(item.candidates) != 2 or item.answer is None:
        raise ConversionError(f"item {item.id!r}: the Portuguese WSC format needs 2 candidates and an answer")
    meta = item.meta
    if item.pronoun is None:
        if "incorrect_sentence" not in meta:
            raise ConversionError(f"item {item.id!r}: has no pronoun or slot to put the candidates in")
        correct, incorrect = meta.get("correct_sentence", item.text), meta["incorrect_sentence"]
    else:
        right, wrong = item.candidates[item.answer].text, item.candidates[1 - item.answer].text
        correct = meta["correct_sentence"] if "correct_sentence" in meta else sentence_with(item, right)
        incorrect = meta["incorrect_sentence"] if "incorrect_sentence" in meta else sentence_with(item, wrong)
    found = re.search(r"-(\d+)$", item.id)
    obj = {
        "question_id": int(found.group(1)) if found else position,
        "correct_sentence": correct,
        "incorrect_sentence": incorrect,
        "manually_fixed_correct_sentence": meta.get("manually_fixed_correct_sentence", correct),
        "manually_fixed_incorrect_sentence": meta.get("manually_fixed_incorrect_sentence", incorrect),
        "correct_switched": meta.get("correct_switched", ""),
        "incorrect_switched": meta.get("incorrect_switched", ""),
        "is_associative": meta.get("is_associative", False),
        "is_switchable": meta.get("is_switchable", False),
        "translated": meta.get("translated", item.language.split("-")[0] == "pt"),
    }
    obj.update((key, value) for key, value in meta.items() if key not in FIELDS and key != LINE_ENDING)
    return obj


def sentence_with(item: Item, phrase: str) -> str:
    """The item's text with ``phrase`` at its referring position (a slot or a pronoun)."""
    p = item.pronoun
    if p.is_slot:
        return insert_at(item.text, p.start, phrase)
    return item.text[: p.start] + phrase + item.text[p.end :]


def sniff(head: bytes) -> bool:
    start = head.lstrip()
    return start.startswith(b"[") and b'"correct_sentence"' in start and b'"incorrect_sentence"' in start


FORMAT = register_format(
    Format(
        name="portuguese-wsc",
        description="Portuguese WSC JSON (correct/incorrect sentence per schema, manual fixes, flags)",
        extensions=(".json",),
        read=read,
        write=write,
        sniff=sniff,
        config=PortugueseConfig,
        canonical=True,
        representable=record_by_record(write),
    )
)
