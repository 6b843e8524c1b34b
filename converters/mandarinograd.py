"""Mandarinograd: a one-line JSON array of Chinese schemas, consecutive entries being twins.

Each entry is a sentence, a question that asks about the referent, and the right and wrong
answer; nothing marks the pronoun, and Chinese often drops it (zero anaphora)::

    [{"text": "小红把伞借给了小兰，因为忘了带伞。", "question": "谁忘了带伞？", "correct_answer": "小兰", "wrong_answer": "小红"}, ...]

The reader finds the referring expression by aligning the question with the sentence: the
question repeats the sentence around the referent and puts a wh-word (谁, 什么, 哪里, ...) in its
place. A third-person pronoun (他/她/它, plural 们, 的 for a possessive) or a locative
(那儿/那里/里面, for 哪里 questions) that aligns becomes ``pronoun``; where none does, an aligned
gap becomes a zero-width slot (因为|忘了带伞). Candidates are ordered by their first mention, so
the answer is not always the first; entries 2k and 2k+1 are twins with group id
``mandarinograd-<2k>``.

Where alignment fails (an epithet or a demonstrative phrase instead of a pronoun, a slot inside
what jieba keeps as one word), a small TSV of manual overrides, shipped with the toolkit, gives
the reference by character offsets; each row carries a hash prefix of the item's text, so a
changed source is an error rather than a wrong mark (columns tab-separated)::

    id                 start  end  sha256        reason
    mandarinograd-7    12     16   0a1b2c3d4e5f  referent is an epithet noun phrase
"""
from __future__ import annotations

import hashlib
import json
import re
from bisect import bisect_left
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator, NamedTuple, Sequence

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, record_by_record, register_format
from wino_toolkit.io import LINE_ENDING, load_json_array, text_writer
from wino_toolkit.lang.mentions import first_verbatim
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.twins import link_twins

FIELDS = ("text", "question", "correct_answer", "wrong_answer")

PERSONAL = re.compile(r"(?<![其吉])[他她它]们?")  # not the 他 of 其他 or 吉他
LOCATIVE = re.compile(r"那儿|那里|那边|这儿|这里|里面")
WH = re.compile(r"谁(?:或者什么)?|什么(?:东西)?|哪(?:里|儿|边)|哪[一两二三四五几]?个")
PLACE_WH = frozenset({"哪里", "哪儿", "哪边"})
CLAUSE_BREAKS = frozenset("，。；！？,.;!?：:")
DETERMINERS = ("这个", "那个", "这些", "那些", "一个", "这", "那")
MIN_ANCHOR = 2  # shortest question fragment trusted to align with the sentence
MAX_WH = 8  # wh-words of a question that are aligned; real questions have one or two
BUNDLED = "bundled"  # the ``overrides`` setting that names the file shipped with the toolkit
OVERRIDE_COLUMNS = ("id", "start", "end", "sha256", "reason")
OVERRIDE_ID = re.compile(r"mandarinograd-(\d+)")
DIGEST = re.compile(r"[0-9a-f]{8,64}")


@dataclass
class MandarinogradConfig:
    """Options of the Mandarinograd format."""

    corpus: str = "mandarinograd"  # corpus name given to the items read
    language: str = "zh-Hans"  # BCP-47 tag of the items read
    overrides: str | None = BUNDLED  # TSV of manual references: "bundled" (shipped file), a path, or none


class Override(NamedTuple):
    """A manual reference for one entry: offsets, the text's hash prefix, and where it was written."""

    start: int
    end: int
    digest: str
    path: Path
    line: int
    strict: bool  # a user's file: a changed text is an error; the bundled file only fits the release


class Gap(NamedTuple):
    """The question split at a wh-word: what precedes it and what follows it."""

    before: str
    after: str
    wh: str


def read(path: Path, config: MandarinogradConfig) -> Iterator[Item]:
    entries = load_entries(path)
    fixes = load_overrides(config.overrides)
    yield from link_twins(to_item(n, obj, len(entries), config, fixes.get(n)) for n, obj in enumerate(entries))


def load_entries(path: Path) -> list[dict[str, Any]]:
    """The JSON array, checked to hold objects with the four string fields."""
    data = load_json_array(path)  # malformed JSON, a number too long to convert: one located line
    for n, obj in enumerate(data, 1):
        if not isinstance(obj, dict):
            raise FormatError(path, f"record {n}", f"expected a JSON object, found {type(obj).__name__}")
        for key in FIELDS:
            if key not in obj:
                raise FormatError(path, f"record {n}", f"missing field {key!r}")
            if not isinstance(obj[key], str):
                raise FormatError(path, f"record {n}", f"field {key!r} is not a string")
        if obj["correct_answer"] == obj["wrong_answer"]:
            raise FormatError(path, f"record {n}", f"correct and wrong answer are both {obj['correct_answer']!r}")
    return data


def to_item(n: int, obj: dict[str, Any], total: int, config: MandarinogradConfig, fix: Override | None = None) -> Item:
    text, question = obj["text"], obj["question"]
    candidates = order_by_mention(text, [obj["correct_answer"], obj["wrong_answer"]])
    pronoun = overridden(text, n, fix) if fix else None
    if pronoun is None:
        pronoun = locate_reference(text, question, [c.text for c in candidates])
    answer = next(i for i, c in enumerate(candidates) if c.text == obj["correct_answer"])
    first = n - n % 2
    paired = first + 1 < total
    return Item(
        id=f"{config.corpus}-{n}",
        corpus=config.corpus,
        language=config.language,
        text=text,
        candidates=candidates,
        answer=answer,
        pronoun=pronoun,
        question=question,
        twin=f"{config.corpus}-{first}" if paired else None,
        role=("special" if n == first else "alternate") if paired else None,
        meta={key: value for key, value in obj.items() if key not in FIELDS},
        origin=f"record {n + 1}",
    )


def order_by_mention(text: str, names: list[str]) -> list[Candidate]:
    """Candidates sorted by first mention; names the text never mentions come last, span None."""
    found = []
    for k, name in enumerate(names):
        span = first_verbatim(text, name)
        found.append(((0, span.start, k) if span else (1, 0, k), Candidate(name, span)))
    return [cand for _, cand in sorted(found, key=lambda pair: pair[0])]


# -- manual overrides ----------------------------------------------------------------------------


def load_overrides(setting: str | None) -> dict[int, Override]:
    """Entry number → override, from the bundled TSV, a user's TSV, or none at all."""
    if setting is None or setting.lower() == "none":
        return {}
    path = bundled_overrides() if setting == BUNDLED else Path(setting)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise FormatError(path, None, f"cannot read the overrides: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise FormatError(path, None, "the overrides are not valid utf-8") from None
    rows = [(k, line.split("\t")) for k, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    if not rows or tuple(rows[0][1]) != OVERRIDE_COLUMNS:
        raise FormatError(path, f"line {rows[0][0] if rows else 1}", f"expected the header {' '.join(OVERRIDE_COLUMNS)} (tab-separated)")
    found: dict[int, Override] = {}
    for k, cells in rows[1:]:
        n, fix = parse_override(path, k, cells, strict=setting != BUNDLED)
        if n in found:
            raise FormatError(path, f"line {k}", f"second override for {cells[0]!r} (first on line {found[n].line})")
        found[n] = fix
    return found


def bundled_overrides() -> Path:
    return Path(str(resources.files("wino_toolkit.corpora") / "overrides" / "mandarinograd.tsv"))


def parse_override(path: Path, k: int, cells: list[str], strict: bool) -> tuple[int, Override]:
    if len(cells) != len(OVERRIDE_COLUMNS):
        raise FormatError(path, f"line {k}", f"expected {len(OVERRIDE_COLUMNS)} tab-separated columns, found {len(cells)}")
    ident, start, end, digest, reason = cells
    match = OVERRIDE_ID.fullmatch(ident)
    if not match:
        raise FormatError(path, f"line {k}", f"id {ident!r} is not mandarinograd-<entry number>")
    if not (start.isdigit() and end.isdigit() and int(start) <= int(end)):
        raise FormatError(path, f"line {k}", f"offsets {start!r}, {end!r} are not whole numbers with start <= end")
    if not DIGEST.fullmatch(digest):
        raise FormatError(path, f"line {k}", f"sha256 {digest!r} is not 8 to 64 lower-case hex digits")
    if not reason.strip():
        raise FormatError(path, f"line {k}", "the reason column is empty")
    return int(match.group(1)), Override(int(start), int(end), digest, path, k, strict)


def overridden(text: str, n: int, fix: Override) -> Span | None:
    """The override's span, once the text is known to be the one the override was written for.

    The bundled overrides fit the Mandarinograd release only: on another file in this format (a
    user's own data) an entry whose text differs simply gets no override.
    """
    actual = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if not actual.startswith(fix.digest):
        if not fix.strict:
            return None
        raise FormatError(
            fix.path,
            f"line {fix.line}",
            f"entry {n}'s text hashes to {actual[: len(fix.digest)]}, not {fix.digest}: the source changed; "
            "update the override or read with overrides=none",
        )
    if fix.end > len(text):
        raise FormatError(fix.path, f"line {fix.line}", f"offsets {fix.start}-{fix.end} are outside entry {n}'s text (length {len(text)})")
    return Span(fix.start, fix.end, text[fix.start : fix.end])


# -- finding the referring expression ------------------------------------------------------------
#
# Every step is linear in the sentence and the question (n log n where it bisects): the matches
# of a question side around every position of the sentence come from one Z-function pass
# (:func:`prefix_matches`), and the longest fragments the sentence repeats from a suffix
# automaton (:func:`longest_anchors`), never from a search per substring.


def locate_reference(text: str, question: str, candidates: list[str]) -> Span | None:
    """The pronoun the question asks about, else the zero-anaphora slot, else None.

    Tried in order, for each wh-word of the question: a pronoun or locative whose neighbours
    match the question's; a gap the question matches on both sides; the first pronoun of the
    clause whose predicate the question repeats. Then, for a one-wh question, a gap the question
    matches on its predicate side; finally the only pronoun of the sentence. A 哪个 question
    about a demonstrative phrase (这个颜色) gets None rather than a wrong guess. Only the first
    :data:`MAX_WH` wh-words are aligned (a question asks about one referent, two in a few).
    """
    q = question_body(question)
    whs = list(WH.finditer(q))
    gaps = [Gap(q[: m.start()], q[m.end() :], m.group()) for m in whs[:MAX_WH]] or [Gap("", q, "")]
    sentence = Sentence(text)
    for gap in gaps:
        sides = Sides(text, gap)
        found = (
            aligned_reference(sentence, gap, sides)
            or aligned_slot(sentence, gap, True, sides)
            or clause_reference(sentence, gap)
        )
        if found:
            return possessive(text, found, candidates)
    if len(whs) <= 1:
        found = aligned_slot(sentence, gaps[0], False) or anchored_slot(sentence, gaps[0])
        if found:
            return found
    if whs and all(names_a_phrase(Gap("", "", m.group())) for m in whs):
        return None
    refs = sentence.references(place=any(m.group() in PLACE_WH for m in whs))
    return possessive(text, refs[0], candidates) if len(refs) == 1 else None


def question_body(question: str) -> str:
    return question.strip().rstrip("？?").strip()


class Sentence:
    """A sentence with what the alignment asks of it many times, each worked out once."""

    def __init__(self, text: str):
        self.text = text
        self._refs: dict[bool, list[Span]] = {}
        self._slots: dict[bool, list[int]] = {}
        self.breaks = [k for k, ch in enumerate(text) if ch in CLAUSE_BREAKS]

    def references(self, place: bool) -> list[Span]:
        if place not in self._refs:
            self._refs[place] = references(self.text, place)
        return self._refs[place]

    def slots(self, place: bool) -> list[int]:
        if place not in self._slots:
            self._slots[place] = slot_positions(self.text, place)
        return self._slots[place]

    def clause_start(self, k: int) -> int:
        """Start of the clause holding position ``k``: just after the last break before it."""
        at = bisect_left(self.breaks, k)
        return self.breaks[at - 1] + 1 if at else 0

    def clause_end(self, k: int) -> int:
        """The first break at or after ``k``, or the end of the sentence."""
        at = bisect_left(self.breaks, k)
        return self.breaks[at] if at < len(self.breaks) else len(self.text)

    def first_reference(self, place: bool, lo: int, hi: int) -> Span | None:
        """The first reference inside ``[lo, hi)`` (references never overlap, so starts and ends ascend)."""
        refs = self.references(place)
        at = bisect_left(refs, lo, key=lambda ref: ref.start)
        return refs[at] if at < len(refs) and refs[at].end <= hi else None


class Sides:
    """How far a gap's question sides match around each position ``k`` of the sentence:
    ``right[k]`` characters of ``after`` from ``k`` on, ``left[k]`` of ``before`` up to ``k``."""

    def __init__(self, text: str, gap: Gap):
        n = len(text)
        self.right = prefix_matches(text, gap.after)
        backwards = prefix_matches(text[::-1], gap.before[::-1])
        self.left = [backwards[n - k] for k in range(n + 1)]


def z_function(s: Sequence[str | None]) -> list[int]:
    """``z[k]``: the length of the longest common prefix of ``s`` and ``s[k:]`` (``z[0] = len(s)``)."""
    n = len(s)
    z = [0] * n
    if n:
        z[0] = n
    lo = hi = 0
    for k in range(1, n):
        j = min(z[k - lo], hi - k) if k < hi else 0
        while k + j < n and s[j] == s[k + j]:
            j += 1
        z[k] = j
        if k + j > hi:
            lo, hi = k, k + j
    return z


def prefix_matches(text: str, part: str) -> list[int]:
    """For every ``k`` in ``0..len(text)``, how many leading characters of ``part`` ``text[k:]`` repeats.

    The Z-function of ``part``, a separator equal to no character, then ``text``: linear.
    """
    return z_function([*part, None, *text])[len(part) + 1 :] + [0]


def references(text: str, place: bool) -> list[Span]:
    """Pronoun-like mentions: locatives for a place question, third-person pronouns otherwise."""
    pattern = LOCATIVE if place else PERSONAL
    return [Span(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]


def enough(matched: int, side: str) -> bool:
    """Whether ``matched`` characters of a question side are evidence of alignment."""
    return bool(side) and matched >= min(MIN_ANCHOR, len(side))


def aligned_reference(sentence: Sentence, gap: Gap, sides: Sides) -> Span | None:
    """A pronoun or locative that the question's words around its wh-word surround."""
    place = gap.wh in PLACE_WH
    best = None
    for ref in sentence.references(True) + ([] if place else sentence.references(False)):
        right = max(sides.right[ref.end], sides.right[ref.start])
        left = sides.left[ref.start]
        if enough(right, gap.after) or enough(left, gap.before):
            if best is None or left + right > best[0]:
                best = (left + right, ref)
    return best[1] if best else None


def aligned_slot(sentence: Sentence, gap: Gap, both_sides: bool, sides: Sides | None = None) -> Span | None:
    """The best word boundary where the question's words resume (a dropped pronoun).

    With ``both_sides`` the words before the wh-word must match too (她戴上|很好看).
    """
    if names_a_phrase(gap) or (both_sides and not (gap.before and gap.after)):
        return None
    sides = sides or Sides(sentence.text, gap)
    best = None
    for k in sentence.slots(gap.wh in PLACE_WH):
        right, left = sides.right[k], sides.left[k]
        if gap.after and not enough(right, gap.after):
            continue
        if (both_sides or not gap.after) and not enough(left, gap.before):
            continue
        if best is None or left + right > best[0]:
            best = (left + right, k)
    return Span(best[1], best[1], "") if best else None


def anchored_slot(sentence: Sentence, gap: Gap) -> Span | None:
    """A slot before the longest part of the predicate the sentence repeats (结果|沾满了泥)."""
    if names_a_phrase(gap):
        return None
    positions = set(sentence.slots(gap.wh in PLACE_WH))
    for start, _ in longest_anchors(sentence.text, gap.after, minimum=MIN_ANCHOR + 1):
        if start in positions:
            return Span(start, start, "")
    return None


def clause_reference(sentence: Sentence, gap: Gap) -> Span | None:
    """The first pronoun of the clause that holds the question's predicate (他非常生气 for 谁生气).

    Skipped for 哪个 questions (see :func:`names_a_phrase`).
    """
    if names_a_phrase(gap):
        return None
    place = gap.wh in PLACE_WH
    for start, _ in longest_anchors(sentence.text, gap.after, MIN_ANCHOR):
        found = sentence.first_reference(place, sentence.clause_start(start), start)
        if found:
            return found
    for _, end in longest_anchors(sentence.text, gap.before, MIN_ANCHOR):
        found = sentence.first_reference(place, end, sentence.clause_end(end))
        if found:
            return found
    return None


def names_a_phrase(gap: Gap) -> bool:
    """A 哪个 question asks about a demonstrative phrase (这个颜色), neither a pronoun nor a gap."""
    return gap.wh.startswith("哪") and gap.wh not in PLACE_WH


def longest_anchors(text: str, part: str, minimum: int) -> list[tuple[int, int]]:
    """Where in ``text`` the longest substrings of ``part`` that it repeats occur, if that long.

    Each such substring counts at its non-overlapping occurrences, leftmost first (as a search
    from left to right finds them). Linear: ``text`` runs through a suffix automaton of ``part``,
    which gives at each position of ``text`` the longest substring of ``part`` ending there.
    """
    if len(part) < minimum:
        return []
    edges, link, length = suffix_automaton(part)
    state = matched = 0
    ends: list[tuple[int, int, int]] = []  # (matched length, state, end) at each position of text
    longest = 0
    for k, ch in enumerate(text):
        while state and ch not in edges[state]:
            state = link[state]
            matched = length[state]
        if ch in edges[state]:
            state = edges[state][ch]
            matched += 1
        else:
            state = matched = 0
        if matched and matched >= longest:
            if matched > longest:
                longest, ends = matched, []
            ends.append((state, k + 1))
    if longest < minimum:
        return []
    hits = []
    reach: dict[int, int] = {}  # state (one substring of length ``longest``) -> end of its last kept occurrence
    for state, end in ends:
        if end - longest >= reach.get(state, 0):
            reach[state] = end
            hits.append((end - longest, end))
    return hits


def suffix_automaton(s: str) -> tuple[list[dict[str, int]], list[int], list[int]]:
    """Transitions, suffix links and longest lengths of the states of ``s``'s suffix automaton."""
    edges: list[dict[str, int]] = [{}]
    link, length = [-1], [0]
    last = 0
    for ch in s:
        cur = len(edges)
        edges.append({})
        length.append(length[last] + 1)
        link.append(0)
        p = last
        while p != -1 and ch not in edges[p]:
            edges[p][ch] = cur
            p = link[p]
        if p != -1:
            q = edges[p][ch]
            if length[p] + 1 == length[q]:
                link[cur] = q
            else:
                clone = len(edges)
                edges.append(dict(edges[q]))
                length.append(length[p] + 1)
                link.append(link[q])
                while p != -1 and edges[p].get(ch) == q:
                    edges[p][ch] = clone
                    p = link[p]
                link[q] = link[cur] = clone
        last = cur
    link[0] = 0
    return edges, link, length


def clause_start(text: str, k: int) -> int:
    return Sentence(text).clause_start(k)


def clause_end(text: str, k: int) -> int:
    return Sentence(text).clause_end(k)


def slot_positions(text: str, place: bool) -> list[int]:
    """Word boundaries where a dropped pronoun could stand: not right after a pronoun (that
    pronoun is the referent then) nor after a determiner (这个|办法), and never inside a word."""
    from wino_toolkit.tokens import token_spans

    taken = {ref.end for ref in references(text, place)}
    starts = [s for s, _ in token_spans(text, "zh-Hans")]
    return [k for k in starts if k not in taken and not text.endswith(DETERMINERS, 0, k)]


def possessive(text: str, ref: Span, candidates: list[str]) -> Span:
    """Take in a following 的 when the candidates are possessives themselves (他的 ~ 小明的)."""
    if not ref.is_slot and text[ref.end : ref.end + 1] == "的" and all(c.endswith("的") for c in candidates):
        return Span(ref.start, ref.end + 1, ref.text + "的")
    return ref


# -- writing ---------------------------------------------------------------------------------------


def write(items: Iterable[Item], fh: BinaryIO, config: MandarinogradConfig) -> None:
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    with text_writer(fh) as out:
        out.write("[")
        for n, item in enumerate(items):
            out.write((", " if n else "") + dumps(to_entry(item)))
        out.write("]")


def to_entry(item: Item) -> dict[str, Any]:
    if len(item.candidates) != 2 or item.answer is None:
        raise ConversionError(f"item {item.id!r}: Mandarinograd needs 2 candidates and an answer")
    if item.question is None:
        raise ConversionError(f"item {item.id!r}: Mandarinograd needs a question (谁...？) and this item has none")
    entry = {
        "text": item.text,
        "question": item.question,
        "correct_answer": item.candidates[item.answer].text,
        "wrong_answer": item.candidates[1 - item.answer].text,
    }
    entry.update((key, value) for key, value in item.meta.items() if key not in FIELDS and key != LINE_ENDING)
    return entry


def sniff(head: bytes) -> bool:
    start = head.lstrip()
    return start.startswith(b"[") and b'"correct_answer"' in start and b'"wrong_answer"' in start


FORMAT = register_format(
    Format(
        name="mandarinograd",
        description="Mandarinograd JSON array (text, question, correct_answer, wrong_answer); consecutive twins",
        extensions=(".json",),
        read=read,
        write=write,
        sniff=sniff,
        config=MandarinogradConfig,
        canonical=True,
        representable=record_by_record(write),
    )
)
