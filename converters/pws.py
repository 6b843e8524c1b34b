"""PWS (nytud/PWS): parallel Winograd schemas, one schema version a row, in up to nine language slots.

A tab-separated file with a header and CSV quoting (a cell holding a tab, a line break or a double
quote is written in double quotes, ``"`` doubled inside; every other cell bare). 61 columns: ``idx``
(the row id), ``orig_id`` (the schema: twins share it), then for each language *slot* five
columns ``sentence_<slot>``, ``snippet_<slot>``, ``answer1_<slot>``, ``answer2_<slot>``,
``correct_answer_<slot>`` (grouped by field: all nine sentences, then all nine snippets, ...), then
``source_en``, ``trans_<lang>`` (translators) and ``comment_<lang>``. An empty cell means no
translation. Slots and the BCP-47 tag of their items::

    en en   hu hu   fr fr   por pt   por2 pt   man zh-Hans   jap ja   jap2 ja   rus ru

``por2``/``jap2`` are second versions that use target-language names where ``por``/``jap`` keep
the English ones; Mandarin is word-segmented with spaces (the text is kept as spelled).

Reading gives one :class:`~wino_toolkit.schema.Item` per slot whose sentence is non-empty and
that has at least one candidate, with id ``<corpus>-<idx>-<slot>`` and ``meta`` holding ``slot``,
``idx``, ``orig_id`` and the derived ``parallel`` key (:mod:`wino_toolkit.parallel`, from the
row's ``sentence_en``: it links the translations of a row, and PWS rows to XWINO rows):

* **candidates** are ``answer1``/``answer2`` as spelled (a slot with one answer gives a
  one-candidate item without an answer), located in the sentence (:func:`locate_candidate`):
  verbatim, else ignoring case, else ignoring case and whitespace (Mandarin segmentation), as whole
  words in spaced languages; else the same without the answer's first word (a determiner); else,
  in spaced languages, by word stems (inflected mentions: Hungarian "a dobozba" for "a doboz").
  One not found keeps no span (quirk ``candidate-not-located``).
* **answer** is the candidate ``correct_answer`` names: the one it equals; else the one it equals
  ignoring case, whitespace and surrounding punctuation (``meta["answer_match"] = "case/space"``);
  else the only one within one edit (insertion, deletion or substitution of one character) of it
  after that folding (``"one-edit"``: French "dans le mer" for "dans la mer"); else the only one
  that contains it or is contained in it after that folding, both of two characters or more
  (``"contains"``: "de Thomas" for the answer "Thomas", "トム" for "トムのビショップ"). Otherwise ``None``
  and ``meta["unresolved"]`` says why (quirk ``answer-not-resolved`` when a correct answer was
  given). ``meta["correct_answer"]`` keeps the cell when it is not the chosen candidate's text.
* **pronoun**: where the snippet is a question (it ends in ``?`` or ``？``: Hungarian, French,
  Mandarin, Japanese) it becomes ``question``, and the pronoun is the one pronoun of the language
  (:func:`~wino_toolkit.lang.mentions.question_pronouns`: French subject, stressed and possessive forms;
  Japanese 彼/彼女/彼ら..., then それ; Chinese 他/她/它(们); English, Portuguese and Russian as below) that stands after both
  located candidates; where none or several do, or a candidate is not located, it is ``None`` with
  the reason (a zero anaphor: "因为 担心 暴力事件"; "qu'elle lui a demandés" holds two); otherwise the snippet
  is kept in ``meta["snippet"]`` and, for English, Portuguese and Russian, found in the sentence
  (verbatim, else ignoring case), and the first word in it from the language's pronoun lists
  (:func:`~wino_toolkit.lang.mentions.snippet_pronouns`, tried in order: English third-person forms;
  Portuguese subject, contracted, dative and possessive forms, then object clitics after a hyphen, then bare o/a/os/as;
  Russian personal forms, then свой, then the demonstratives тот/та/те) is the pronoun. Where it
  cannot be located, ``pronoun`` is ``None`` and ``meta["unlocated"]`` gives the reason (``"no snippet"``,
  ``"snippet not found in the sentence"``, ``"no pronoun of the list in the snippet"``, ``"no
  pronoun list for this language"``).
* **twins**: the items of one slot sharing ``orig_id`` in consecutive rows (two, or three for the
  one triple) get ``twin = <corpus>-<orig_id>-<slot>``, roles (the first ``special``) and triggers;
  a version whose twin has no translation in that slot has no ``twin``. Within the rows of one
  ``orig_id`` items go out slot by slot (the English versions, then the Hungarian ones, ...), so
  that twins stand side by side as the derived forms expect (see :func:`_link`).
* ``source_en`` goes to the English item's ``meta["source"]``, ``trans_<lang>`` and
  ``comment_<lang>`` to ``meta["translator"]`` and ``meta["comment"]`` of that language's items
  (both Portuguese or both Japanese slots).

The reader option ``language`` (``-O language=fr``; ``pt`` and ``ja`` read both of their slots) reads the items
of one language only, under the ids, twins and parallel keys they have in the whole file.

A slot with a sentence but no candidate (a translation without the annotation) gives no item: its
cells, and every other cell no item carries (a translator of a language without a version in that
row, a snippet without a sentence), are kept in the row's first item's ``meta["row_cells"]``
(quirk ``pws-slot-not-an-item``). A row whose cells would not be written back the same way (a cell
quoted without need, ``\\r\\n`` line ends) keeps its text in ``meta["raw_row"]``, which the writer
uses while the row's cells are unchanged; the header likewise (``meta["raw_header"]``). The last
item notes a missing final newline and empty lines ending the file. So reading then writing gives
the same bytes.

The file is read whole (quoted cells may span lines). Writing rebuilds whole rows in the
original column order from the consecutive items of one ``orig_id``, regrouped by ``idx``; an item
from another corpus becomes a row of its own (slot from its language, ``orig_id``
numbering its twin group). A row needs one item per slot and at most two candidates an item.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError, ParameterError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import read_text, recover, text_writer
from wino_toolkit.lang.mentions import (
    agreeing_first,
    first_mention,
    first_verbatim,
    fold,
    pronoun_spans,
    pronouns_in,
    question_pronouns,
    snippet_pronouns,
)
from wino_toolkit.parallel import PARALLEL, parallel_key
from wino_toolkit.quirks import keep_trailing_empty_lines, note, register_kind, trailing_empty_lines
from wino_toolkit.reader_options import language_matches
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.twins import link_twins

SLOTS = ("en", "hu", "fr", "por", "por2", "man", "jap", "jap2", "rus")
#: slot -> BCP-47 tag of its items
LANGUAGES = {"en": "en", "hu": "hu", "fr": "fr", "por": "pt", "por2": "pt", "man": "zh-Hans", "jap": "ja", "jap2": "ja", "rus": "ru"}
#: base language -> the slot an item from another corpus is written to
SLOT_OF = {"en": "en", "hu": "hu", "fr": "fr", "pt": "por", "zh": "man", "ja": "jap", "ru": "rus"}
FIELDS = ("sentence", "snippet", "answer1", "answer2", "correct_answer")
#: the row-level columns: column -> (meta key, the slots whose items carry it)
SHARED = {
    "source_en": ("source", ("en",)),
    **{f"trans_{lang}": ("translator", slots) for lang, slots in (
        ("hu", ("hu",)), ("fr", ("fr",)), ("por", ("por", "por2")), ("man", ("man",)), ("jap", ("jap", "jap2")), ("rus", ("rus",)))},
    **{f"comment_{lang}": ("comment", slots) for lang, slots in (
        ("en", ("en",)), ("hu", ("hu",)), ("fr", ("fr",)), ("por", ("por", "por2")), ("man", ("man",)), ("jap", ("jap", "jap2")), ("rus", ("rus",)))},
}
HEADER = ("idx", "orig_id", *(f"{name}_{slot}" for name in FIELDS for slot in SLOTS), *SHARED)
QUESTION_MARKS = ("?", "？")

register_kind(
    "pws-slot-not-an-item",
    "language version without candidates, kept in the row's meta",
    "language versions without candidates, kept in the row's meta",
)
register_kind(
    "answer-not-resolved",
    "correct answer matching no candidate, kept without an answer",
    "correct answers matching no candidate, kept without an answer",
)


@dataclass
class PwsConfig:
    """Options of the PWS format."""

    corpus: str = "pws"  # corpus name given to the items read (and the prefix of their ids)
    language: str | None = None  # read only the items of this language (en, hu, fr, pt, zh-Hans or zh, ja, ru)

    def __post_init__(self) -> None:
        known = dict.fromkeys(LANGUAGES.values())
        if self.language is not None and not any(language_matches(self.language, tag) for tag in known):
            raise ParameterError(f"option language: PWS has no language {self.language!r} (its languages: {', '.join(known)})")


# ---------------------------------------------------------------- cells and quoting


def quote(cell: str) -> str:
    """A cell as PWS writes it: in double quotes (``"`` doubled) when it holds a tab, line break or quote."""
    if "\t" in cell or "\n" in cell or "\r" in cell or '"' in cell:
        return '"' + cell.replace('"', '""') + '"'
    return cell


def format_cells(cells: Iterable[str]) -> str:
    return "\t".join(quote(c) for c in cells)


@dataclass
class Record:
    """One row of the file: its first line, its text (without the final ``\\n``) and its cells."""

    line: int
    raw: str
    cells: list[str]
    newline: bool  # whether a ``\\n`` ended it


class _ScanError(Exception):
    def __init__(self, line: int, message: str, resume: int | None):
        super().__init__(message)
        self.line, self.message, self.resume = line, message, resume


_CELL_END = re.compile(r"[\t\n]")


def _scan(text: str, pos: int, line: int) -> tuple[Record, int]:
    """The record starting at ``pos`` (on ``line``) and the position after its ``\\n``."""
    n = len(text)
    start = pos
    cells: list[str] = []
    while True:
        if pos < n and text[pos] == '"':
            opened = line + text.count("\n", start, pos)
            parts, i = [], pos + 1
            while True:
                j = text.find('"', i)
                if j < 0:
                    raise _ScanError(opened, "a quoted cell opened on this line is never closed", None)
                parts.append(text[i:j])
                if text.startswith('""', j):
                    parts.append('"')
                    i = j + 2
                    continue
                pos = j + 1
                break
            cell = "".join(parts)
            if pos < n and text[pos] not in "\t\n" and not (text.startswith("\r\n", pos) or pos + 1 == n and text[pos] == "\r"):
                at = line + text.count("\n", start, pos)
                nl = text.find("\n", pos)
                raise _ScanError(at, f"characters after the closing quote of cell {len(cells) + 1} (a stray double quote?)", None if nl < 0 else nl + 1)
            if text.startswith("\r", pos) and (pos + 1 == n or text[pos + 1] == "\n"):
                pos += 1  # \r\n (or a final \r) ends the row
        else:
            found = _CELL_END.search(text, pos)
            end = found.start() if found else n
            cell = text[pos:end]
            if (end == n or text[end] == "\n") and cell.endswith("\r"):
                cell = cell[:-1]
            pos = end
        cells.append(cell)
        if pos < n and text[pos] == "\t":
            pos += 1
            continue
        break
    raw = text[start:pos]
    newline = pos < n
    return Record(line, raw, cells, newline), pos + 1 if newline else pos


def records(path: Path, text: str) -> Iterator[Record]:
    """The file's rows, header first; a damaged row is reported (see :func:`~wino_toolkit.io.recover`) and skipped."""
    pos, line, n = 0, 1, len(text)
    while pos < n:
        try:
            record, after = _scan(text, pos, line)
        except _ScanError as exc:
            recover(FormatError(path, f"line {exc.line}", exc.message))
            if exc.resume is None:
                return
            line, pos = line + text.count("\n", pos, exc.resume), exc.resume
            continue
        yield record
        line += record.raw.count("\n") + (1 if record.newline else 0)
        pos = after


# ---------------------------------------------------------------- locating candidates, answers and pronouns


def _fold(text: str) -> str:
    """For tolerant matching: NFKC, case-folded, without whitespace and surrounding punctuation."""
    text = "".join(unicodedata.normalize("NFKC", text).casefold().split())
    return text.strip("".join(ch for ch in set(text) if unicodedata.category(ch).startswith("P")))


def _within_one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    k = 0
    while k < len(a) and a[k] == b[k]:
        k += 1
    if len(a) == len(b):
        return a[k + 1 :] == b[k + 1 :]
    return a[k:] == b[k + 1 :]


#: longest answer or snippet matched by the slower tolerant patterns
TOLERANT_LIMIT = 300


def find(text: str, phrase: str, loose: bool = True, bounded: bool = True) -> Span | None:
    """Where ``phrase`` is in ``text``: verbatim, else ignoring case, else (``loose``) ignoring case and
    whitespace; ``bounded`` (spaced languages) allows no match that starts or ends inside a word."""
    phrase = phrase.strip()
    if not phrase:
        return None
    if len(phrase) > TOLERANT_LIMIT:
        return first_verbatim(text, phrase)
    edges = "letters" if bounded else "none"
    found = first_mention(text, phrase, edges=edges)
    if found is None and loose:
        found = first_mention(text, phrase, exact_first=False, spacing="chars", edges=edges)
    return found


#: languages written without spaces, where no word stems are tried
UNSPACED = frozenset({"zh", "ja"})
#: characters a stem keeps of a word of four or more (the ending may be inflected)
STEM_DROP = 2


def _stem_pattern(phrase: str) -> re.Pattern | None:
    """The phrase's words as a pattern: a word of 4+ letters as its stem (less 2) and any ending, shorter
    ones whole but for the last."""
    words = phrase.split()
    if not words or len(phrase) > TOLERANT_LIMIT:
        return None
    # the last word may take an ending whatever its length: a suffix (Hungarian "a tóhoz" for "a tó"), or a
    # longer name ("Tommy" for "Tom")
    parts = [
        re.escape(w[: max(3, len(w) - STEM_DROP)]) + r"\w*" if len(w) >= 4 else re.escape(w) + (r"\w*" if k == len(words) - 1 else r"(?!\w)")
        for k, w in enumerate(words)
    ]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts), re.IGNORECASE)


def locate_candidate(text: str, answer: str, language: str = "en") -> Span | None:
    """The answer's mention in the sentence, or None: the answer (:func:`find`), else without its first
    word (a determiner); then, in spaced languages, the same by word stems (inflected mentions:
    Hungarian "tüntetőknek" for "a tüntetők", Russian "Членов городского совета")."""
    words = answer.split(None, 1)
    rest = words[1] if len(words) == 2 and len(words[1]) >= 3 else None
    spaced = language.split("-")[0] not in UNSPACED
    for phrase in (answer, rest):
        span = find(text, phrase, bounded=spaced) if phrase else None
        if span is not None:
            return span
    if not spaced:
        return None
    for phrase in (answer, rest):
        pattern = _stem_pattern(phrase) if phrase else None
        found = pattern.search(text) if pattern else None
        if found:
            return Span(found.start(), found.end(), found.group())
    return None


def match_answer(correct: str, answers: list[str]) -> tuple[int | None, str | None]:
    """Index of the answer ``correct`` names and how it matched (None: verbatim), or None and why not."""
    if not correct:
        return None, "no correct answer given"
    if correct in answers:
        return answers.index(correct), None
    folded = _fold(correct)
    same = [k for k, a in enumerate(answers) if _fold(a) == folded]
    if len(same) == 1:
        return same[0], "case/space"
    close = [k for k, a in enumerate(answers) if len(folded) >= 3 and _within_one_edit(_fold(a), folded)]
    if len(close) == 1:
        return close[0], "one-edit"
    within = [k for k, a in enumerate(answers) if min(len(folded), len(_fold(a))) >= 2 and (folded in _fold(a) or _fold(a) in folded)]
    if len(within) == 1:
        return within[0], "contains"
    return None, f"correct_answer {correct!r} matches no answer"


def is_question(snippet: str) -> bool:
    return snippet.rstrip().endswith(QUESTION_MARKS)


def locate_pronoun(text: str, snippet: str, language: str, answers: Iterable[str] = ()) -> tuple[Span | None, str | None]:
    """The pronoun the snippet holds, as a span of the sentence, or None and the reason.

    Where the snippet holds two pronouns of one kind ("ela lê ele"), the one agreeing in gender with the
    answers is taken (Portuguese, whose answers carry their article: "O livro" → "ele")."""
    if not snippet.strip():
        return None, "no snippet"
    if is_question(snippet):
        return None, "snippet is a question"
    base = language.split("-")[0]
    if base not in snippet_pronouns():
        return None, "no pronoun list for this language"
    where = find(text, snippet, loose=False, bounded=True)
    if where is None:
        return None, "snippet not found in the sentence"
    for forms in snippet_pronouns()[base]:
        found = pronouns_in(text, where.start, where.end, forms, base)
        if found:
            return agreeing_first(found, answers, base)[0], None
    return None, "no pronoun of the list in the snippet"


def locate_after_candidates(text: str, candidates: list[Candidate], language: str, question: str = "") -> tuple[Span | None, str | None]:
    """The one pronoun that stands after both candidates' mentions, for a row with a question, or None and why.

    A pronoun the question keeps is not the one it asks about ("彼女がノーマークであることに気づいていたのは誰か？"
    asks for the subject of 気づいていた, not for 彼女), so forms the question holds as often as the text does are
    passed over."""
    base = language.split("-")[0]
    if base not in question_pronouns():
        return None, "snippet is a question, and no pronoun list for this language"
    if len(candidates) != 2 or any(c.span is None for c in candidates):
        return None, "snippet is a question, and a candidate is not located"
    after = max(c.span.end for c in candidates)
    for forms in question_pronouns()[base]:
        found = [span for span in pronoun_spans(text, forms, base) if span.start >= after]
        asked = [len([q for q in pronoun_spans(question, forms, base) if fold(q.text, base) == fold(f.text, base)])
                 < len([o for o in found if fold(o.text, base) == fold(f.text, base)]) for f in found]
        found = [span for span, keep in zip(found, asked) if keep]
        if len(found) == 1:
            return found[0], None
        if found:
            return None, f"snippet is a question, and {len(found)} pronouns stand after the candidates"
    return None, "snippet is a question, and no pronoun stands after the candidates (a zero anaphor?)"


# ---------------------------------------------------------------- reading


def _slot_item(row: dict[str, str], slot: str, config: PwsConfig, where: str, key: str | None) -> tuple[Item | None, str | None]:
    """The item of one slot, or None and why there is none (None too for an empty slot)."""
    text = row[f"sentence_{slot}"]
    if not text:
        return None, None
    first, second = row[f"answer1_{slot}"], row[f"answer2_{slot}"]
    answers = [a for a in (first, second) if a]
    if not answers:
        return None, f"{slot}: a sentence without candidates"
    if len(answers) == 2 and first.casefold() == second.casefold():
        return None, f"{slot}: both candidates are {first!r}"
    language = LANGUAGES[slot]
    meta: dict[str, Any] = {"slot": slot, "idx": row["idx"], "orig_id": row["orig_id"]}
    if key is not None:
        meta[PARALLEL] = key
    candidates = [Candidate(a, locate_candidate(text, a, language)) for a in answers]
    for cand in candidates:
        if cand.span is None:
            note(meta, "candidate-not-located", f"{where}: {slot} candidate {cand.text!r}")
    correct = row[f"correct_answer_{slot}"]
    if len(answers) == 1:
        answer, how = None, "only one candidate"
    else:
        answer, how = match_answer(correct, answers)
    if answer is None:
        meta["unresolved"] = how
        if correct and len(answers) == 2:
            note(meta, "answer-not-resolved", f"{where}: {slot} {how}")
    elif how is not None:
        meta["answer_match"] = how
    if correct != (answers[answer] if answer is not None else ""):
        meta["correct_answer"] = correct
    snippet = row[f"snippet_{slot}"]
    question = None
    if is_question(snippet):
        question = snippet
    elif snippet:
        meta["snippet"] = snippet
    pronoun, unlocated = locate_pronoun(text, snippet, language, answers)
    if question is not None:
        pronoun, unlocated = locate_after_candidates(text, candidates, language, question)
    if unlocated is not None:
        meta["unlocated"] = unlocated
    for column, (name, slots) in SHARED.items():
        if slot in slots and row[column]:
            meta[name] = row[column]
    item = Item(
        id=f"{config.corpus}-{row['idx']}-{slot}",
        corpus=config.corpus,
        language=language,
        text=text,
        candidates=candidates,
        answer=answer,
        pronoun=pronoun,
        question=question,
        meta=meta,
        origin=where,
    )
    return item, None


def row_items(path: Path, record: Record, config: PwsConfig) -> list[Item]:
    """The items of one row, the first carrying what no item holds (``row_cells``, ``raw_row``)."""
    where = f"line {record.line}"
    if len(record.cells) != len(HEADER):
        raise FormatError(path, where, f"has {len(record.cells)} tab-separated cells, expected {len(HEADER)} (the PWS header's columns)")
    row = dict(zip(HEADER, record.cells))
    if not row["idx"].strip():
        raise FormatError(path, where, "idx is empty")
    key = parallel_key(row["sentence_en"])
    items, skipped = [], []
    for slot in SLOTS:
        item, why = _slot_item(row, slot, config, where, key)
        if item is not None:
            items.append(item)
        elif why is not None:
            skipped.append(why)
    if not items:
        raise FormatError(path, where, "no language version has a sentence and a candidate")
    first = items[0]
    rebuilt = row_cells(items, with_kept=False)
    kept = {column: value for column, value in row.items() if rebuilt[column] != value}
    if kept:
        first.meta["row_cells"] = kept
    for why in skipped:
        note(first.meta, "pws-slot-not-an-item", f"{where}: {why}")
    if record.raw != format_cells(record.cells):
        first.meta["raw_row"] = record.raw
    return items


def _link(group: list[list[Item]], corpus: str) -> list[Item]:
    """The items of the rows of one ``orig_id``, each slot's versions linked as twins and side by side.

    Items go out slot by slot (all English versions, then all Hungarian ones, ...), rows in file
    order within a slot, so that twins stand next to each other as every corpus lists them. The
    writer puts the rows back in the order their first items come, which is file order whenever
    each row's lowest slot comes no later than the next row's (always in PWS, where every row has
    English); where it is not, the group goes out row by row instead.
    """
    by_slot: dict[str, list[Item]] = {}
    for row in group:
        for item in row:
            by_slot.setdefault(item.meta["slot"], []).append(item)
    for slot, members in by_slot.items():
        if len(members) < 2 or not members[0].meta["orig_id"]:
            continue
        for k, member in enumerate(members):
            member.twin = f"{corpus}-{member.meta['orig_id']}-{slot}"
            member.role = "special" if k == 0 else "alternate"
        list(link_twins(members))
    by_slot_order = [item for slot in SLOTS for item in by_slot.get(slot, ())]
    if list(dict.fromkeys(item.meta["idx"] for item in by_slot_order)) == [row[0].meta["idx"] for row in group]:
        return by_slot_order
    return [item for row in group for item in row]


def read(path: Path, config: PwsConfig) -> Iterator[Item]:
    text = read_text(path)
    rows = records(path, text)
    header = next(rows, None)
    if header is None or tuple(header.cells) != HEADER:
        found = "|".join(header.cells)[:80] if header is not None else ""
        raise FormatError(path, "line 1", f"expected the PWS header ({len(HEADER)} columns: idx, orig_id, sentence_en, ...), found {found!r}")
    raw_header = header.raw if header.raw != format_cells(HEADER) else None
    seen: dict[str, int] = {}
    group: list[list[Item]] = []  # the rows of one orig_id, linked as twins when the next one starts
    empty: list[int] = []
    last: Record = header
    final = True  # whether the last row so far has an item read (with ``language``, another language's has none)
    present: set[str] = set()  # the languages of the rows' items, for a ``language`` none of them has
    for record in rows:
        if record.cells == [""] and not record.raw.strip("\r"):
            empty.append(record.line)
            continue
        if empty:
            recover(FormatError(path, f"line {empty[0]}", "empty line between rows (only the end of the file may have empty lines)"))
            empty = []
        try:
            if record.cells[0] in seen:
                raise FormatError(path, f"line {record.line}", f"idx {record.cells[0]!r} repeats the row of line {seen[record.cells[0]]}")
            items = row_items(path, record, config)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next row; everything else stops here
            continue
        seen[record.cells[0]] = record.line
        last = record
        if config.language is not None:
            present.update(item.language for item in items)
            items = [item for item in items if language_matches(config.language, item.language)]
            final = bool(items)
            if not items:
                continue
        if raw_header is not None:
            items[0].meta["raw_header"] = raw_header
            raw_header = None
        if group and items[0].meta["orig_id"] != group[0][0].meta["orig_id"]:
            yield from _link(group, config.corpus)
            group = []
        group.append(items)
    if not group and present:
        raise FormatError(path, None, f"no items in language {config.language!r} (option language; the file has "
                          f"{', '.join(sorted(present))})")
    if not group:
        raise FormatError(path, None, "has a header but no rows")
    ordered = _link(group, config.corpus)
    if final and not last.newline:  # how the file ends: the last row's to keep
        ordered[-1].meta["final_newline"] = False
    if final and empty:
        keep_trailing_empty_lines(ordered[-1].meta, len(empty), f"line {empty[0]}")
    yield from ordered


# ---------------------------------------------------------------- writing


def _native(item: Item) -> bool:
    """Whether the item was read from PWS (its slot, idx and orig_id are in meta and fit its language)."""
    meta = item.meta
    slot = meta.get("slot")
    return (
        isinstance(slot, str)
        and slot in LANGUAGES
        and LANGUAGES[slot] == item.language
        and isinstance(meta.get("idx"), str)
        and bool(meta["idx"])
        and isinstance(meta.get("orig_id"), str)
    )


def _string(meta: dict[str, Any], name: str) -> str | None:
    value = meta.get(name)
    return value if isinstance(value, str) else None


def row_cells(items: list[Item], with_kept: bool = True, idx: str | None = None, orig_id: str | None = None) -> dict[str, str]:
    """The cells of the row the items make (one item per slot), by column name."""
    cells = dict.fromkeys(HEADER, "")
    first = items[0]
    native = _native(first)
    cells["idx"] = first.meta["idx"] if native else idx or "0"
    cells["orig_id"] = first.meta["orig_id"] if native else orig_id or ""
    for item in items:
        own = _native(item)
        slot = item.meta["slot"] if own else SLOT_OF.get(item.language.split("-")[0].lower())
        if slot is None:
            raise ConversionError(f"item {item.id!r}: PWS has no slot for language {item.language!r} (it holds {', '.join(sorted(SLOT_OF))})")
        if cells[f"sentence_{slot}"]:
            raise ConversionError(f"item {item.id!r}: a second {slot} version in the row of idx {cells['idx']}")
        if len(item.candidates) > 2:
            raise ConversionError(f"item {item.id!r}: PWS holds two candidates, this item has {len(item.candidates)}")
        if not item.text:
            raise ConversionError(f"item {item.id!r}: the text is empty, which PWS reads as no translation")
        meta = item.meta
        cells[f"sentence_{slot}"] = item.text
        snippet = _string(meta, "snippet") if own else None
        cells[f"snippet_{slot}"] = snippet if snippet is not None else item.question or ""
        for k, cand in enumerate(item.candidates):
            cells[f"answer{k + 1}_{slot}"] = cand.text
        correct = _string(meta, "correct_answer") if own else None
        if correct is None:
            correct = item.candidates[item.answer].text if item.answer is not None else ""
        cells[f"correct_answer_{slot}"] = correct
        if own:
            for column, (name, slots) in SHARED.items():
                value = _string(meta, name)
                if slot in slots and value and not cells[column]:
                    cells[column] = value
    kept = first.meta.get("row_cells") if native and with_kept else None
    if isinstance(kept, dict):
        for column, value in kept.items():
            if column in cells and column not in ("idx", "orig_id") and isinstance(value, str):
                cells[column] = value
    return cells


def _parses_to(raw: Any, cells: list[str]) -> bool:
    """Whether a kept raw row (or header) still holds exactly ``cells``."""
    if not isinstance(raw, str):
        return False
    try:
        record, after = _scan(raw, 0, 1)
    except _ScanError:
        return False
    return after >= len(raw) and not record.newline and record.cells == cells


def _rows(items: Iterable[Item]) -> Iterator[list[Item]]:
    """The rows the items make: consecutive PWS items of one ``orig_id`` are regrouped by ``idx``, rows in
    the order their first items come; an item from another corpus is a row of its own."""
    block: list[Item] = []

    def rows() -> Iterator[list[Item]]:
        if block and _native(block[0]):
            by_idx: dict[str, list[Item]] = {}
            for item in block:
                by_idx.setdefault(item.meta["idx"], []).append(item)
            yield from by_idx.values()
        else:
            yield from ([item] for item in block)

    for item in items:
        if block and _native(item) and _native(block[0]) and item.meta["orig_id"] == block[0].meta["orig_id"]:
            block.append(item)
            continue
        yield from rows()
        block = [item]
    yield from rows()


def write(items: Iterable[Item], fh: BinaryIO, config: PwsConfig) -> None:
    """The header, then one line a row; the last item says whether a final newline and empty lines follow."""
    twins: dict[str, str] = {}  # orig_id of each twin group of items from other corpora
    schemas = itertools.count(1)
    last: list[Item] = []  # the last item read from ``items``

    def tracked() -> Iterator[Item]:
        for item in items:
            last[:] = [item]
            yield item

    with text_writer(fh) as out:
        for number, row in enumerate(_rows(tracked())):
            first = row[0]
            orig_id = None
            if not _native(first):
                orig_id = twins.get(first.twin) if first.twin else None
                if orig_id is None:
                    orig_id = str(next(schemas))
                    if first.twin:
                        twins[first.twin] = orig_id
            cells = row_cells(row, idx=str(number), orig_id=orig_id)
            if number == 0:
                raw_header = first.meta.get("raw_header") if _native(first) else None
                out.write((raw_header if _parses_to(raw_header, list(HEADER)) else format_cells(HEADER)) + "\n")
            else:
                out.write("\n")
            values = [cells[c] for c in HEADER]
            raw = first.meta.get("raw_row") if _native(first) else None
            out.write(raw if _parses_to(raw, values) else format_cells(values))
        if last:
            if last[0].meta.get("final_newline", True) is not False:
                out.write("\n")
            out.write("\n" * trailing_empty_lines(last[0].meta))


def sniff(head: bytes) -> bool:
    """The PWS header: its 61 column names, tab-separated, on the first line."""
    first = head.split(b"\n", 1)[0].removesuffix(b"\r")
    return tuple(first.split(b"\t")) == tuple(c.encode() for c in HEADER)


FORMAT = register_format(
    Format(
        name="pws",
        description="PWS parallel Winograd schemas TSV (one row per schema version, 9 language slots, CSV quoting)",
        extensions=(".tsv",),
        read=read,
        write=write,
        representable=record_by_record(write),
        sniff=sniff,
        config=PwsConfig,
        canonical=True,
    )
)
