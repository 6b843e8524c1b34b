"""Reference and answer terms for the PMI baseline: chosen from the twins, or read from a reviewed file.

The baseline answers an item by comparing PMI(w, w_i) for a reference term ``w`` and one answer term
``w_i`` per candidate. :func:`select_terms` chooses them automatically:

- reference: the content word of the item's trigger (the words that differ from its twin); in a
  multiword trigger the last content word, the head ("light bulbs" → bulb, "太虚弱" → 虚弱,
  "bought from" → buy); function words, connectives and prepositions are never terms;
- answer terms: the head noun of each candidate: its last content word, in English before any
  following phrase ("the old sailors" → sailor, "the box of apples" → box, "年长的学生" → 学生);
- proper names are never terms: capitalised words that are names (a name list, a mid-sentence
  capital, a word the English lexicon lacks) and, for Chinese, person names (jieba POS ``nr``
  with a surname or 老/小 + surname, reduplicated given names, words jieba's dictionary lacks, a
  list of common given names). The item then falls back to a random answer; a reviewer can represent
  the person by an action instead (Bob → "pay"), as the Mandarinograd paper did;
- schemas whose twins differ only by one added word, or only by function words with a connective or
  a preposition among them, are skipped (random), as in the paper.

Words are normalised like the index's tokens: by ``index.normalize`` when an index is given, else by
the segmenter of the item's language (lower-cased lookup lemmas; OpenCC Simplified for Chinese).

Every selection is written to a terms file (TSV, UTF-8, one header line) that a user reviews and
edits, and that :func:`read_terms` reads back (``source="file"``)::

    id      corpus  language  reference  answer_1  answer_2  skip_reason                 note
    demo-0  demo    en        fear       official  marcher                               trigger: feared
    demo-2  demo    en        thank      paula                candidate is a proper name  trigger: thanked
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from wino_toolkit.errors import FormatError, WinoError
from wino_toolkit.io import atomic_output, read_text
from wino_toolkit.schema import Item

__all__ = ["Terms", "select_terms", "resolve_terms", "write_terms", "read_terms", "SKIP_REASONS"]

NO_TWIN = "no twin: the item has no trigger word"
ONE_WORD = "twins differ only by one added word"
CONNECTIVE = "twins differ only by a connective"
PREPOSITION = "twins differ only by a preposition"
FUNCTION_WORDS = "twins differ only by function words"
EMPTY_TRIGGER = "trigger is empty: the twin adds words"
NO_CONTENT = "trigger has no content word"
NAMED_TRIGGER = "trigger is a proper name"
NAMED_CANDIDATE = "candidate is a proper name"
EMPTY_CANDIDATE = "candidate has no content word"
SHARED_TERM = "candidates share one term"
REFERENCE_IS_ANSWER = "reference term is also an answer term"
SKIP_REASONS = (
    NO_TWIN, ONE_WORD, CONNECTIVE, PREPOSITION, FUNCTION_WORDS, EMPTY_TRIGGER, NO_CONTENT,
    NAMED_TRIGGER, NAMED_CANDIDATE, EMPTY_CANDIDATE, SHARED_TERM, REFERENCE_IS_ANSWER,
)

EN_CONNECTIVES = frozenset(
    "because although though even whereas while since unless if when whenever once until till so therefore "
    "thus hence however but yet and or nor then whether as".split()
)
EN_PREPOSITIONS = frozenset(
    "about above across after against along amid among around at before behind below beneath beside besides "
    "between beyond by despite down during except for from in inside into like near of off on onto out outside "
    "over past per through throughout to toward towards under underneath unlike up upon via with within "
    "without".split()
)
EN_FUNCTION = frozenset(
    "a an the this that these those some any no every each either neither all both i me my mine myself you your "
    "yours yourself he him his himself she her hers herself it its itself we us our ours ourselves they them "
    "their theirs themselves who whom whose which what be am is are was were been being have has had having do "
    "does did will would shall should can could may might must not n't never too very more most less least quite "
    "rather just also only there here one ones 's 'd 'll 're 've 'm".split()
)
#: possessive markers, which do not end a noun phrase ("Emma's mother")
POSSESSIVES = frozenset(("'s", "'", "’s", "’"))
#: common English given names: a capitalised first word of a sentence is a name when listed here
EN_NAMES = frozenset(
    "adam alice amy andrew ann anna anne ben beth bill bob carl charles charlie chris dan daniel david emily emma "
    "eric frank fred george grace harry helen jack jake james jane jason jeff jennifer jim joan joe john jonathan "
    "joseph julia kate kevin larry laura lily linda lisa luke maria mark martin mary matt michael mike nancy "
    "nick paul pete peter ralph richard robert ryan sally sam sarah sid steve susan thomas tim tina tom tony "
    "william".split()
)
ZH_CONNECTIVES = frozenset(
    "因为 由于 所以 因此 因而 于是 但是 可是 然而 不过 但 而且 并且 而 然后 接着 后来 结果 如果 要是 假如 虽然 尽管 即使 "
    "就算 既然 只要 除非 否则 直到 以便 还是 而是 况且 以及 或者 或 和 与 及".split()
)
ZH_PREPOSITIONS = frozenset(
    "在 从 到 往 向 对 对于 给 把 被 让 叫 比 跟 同 为 为了 关于 按 按照 根据 由 自 自从 朝 沿 沿着 通过 经过 除了 替 用 以 离 "
    "于 至".split()
)
ZH_FUNCTION = frozenset(
    "我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 这 那 这个 那个 这些 那些 这里 那里 这儿 那儿 谁 什么 哪 哪里 哪儿 怎么 "
    "为什么 的 地 得 了 着 过 吗 呢 吧 啊 呀 么 所 很 太 更 最 非常 比较 十分 挺 不 没 没有 别 也 都 还 就 才 又 再 已 已经 "
    "曾 曾经 正 正在 将 要 会 能 可以 应该 是 有 一 一个 一点 那么 这么 多么 不那么 总是".split()
)
#: jieba POS tags of words that are never content words (pronouns, particles, numerals, adverbs, ...)
ZH_FUNCTION_TAGS = frozenset("r p c u uj ul uz ug uv ud y e o x w m mq q f d zg".split())
ZH_NAME_TAGS = frozenset(("nr", "nrfg", "nrt"))
#: the hundred commonest Chinese surnames
ZH_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石"
    "廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
#: common given names, which jieba's dictionary lists as ordinary words (建国 "founding of a state")
ZH_NAMES = frozenset("建国 建华 国庆 志强 志明 俊杰 秀英 桂英 秀兰 玉兰 桂兰 丽华 伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 超 霞".split())
#: degree adverbs that jieba glues to a one-character adjective (太小, 很棒); frequent words keep them (太阳)
ZH_DEGREE = "太很"
ZH_DEGREE_KEEP = 1000

SENTENCE_END = ".!?\"“”'‘’。！？"


@dataclass(slots=True)
class Terms:
    """The terms the baseline compares for one item, and why the item is answered at random if it is.

    ``answers`` has one entry per candidate; ``None`` (and ``reference=None``) means no term.
    ``source`` is ``"auto"`` for :func:`select_terms` and ``"file"`` for :func:`read_terms`.
    """

    id: str
    corpus: str
    language: str
    reference: str | None
    answers: list[str | None]
    source: str = "auto"
    skip_reason: str | None = None
    note: str = ""

    @property
    def reason(self) -> str | None:
        """Why PMI cannot answer this item: the skip reason, or a missing term; ``None`` when usable."""
        if self.skip_reason:
            return self.skip_reason
        if not self.reference:
            return "no reference term"
        missing = [str(i + 1) for i, a in enumerate(self.answers) if not a]
        if missing:
            return f"no term for candidate {', '.join(missing)}"
        return None


@dataclass(slots=True, frozen=True)
class _Word:
    text: str
    tag: str = ""  # jieba POS for Chinese, empty elsewhere


# --- word analysis, per language -------------------------------------------------------------------


def _base(language: str) -> str:
    return language.split("-", 1)[0].lower()


@lru_cache(maxsize=1)
def _jieba():
    import logging

    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


@lru_cache(maxsize=1)
def _opencc():
    import opencc

    return opencc.OpenCC("t2s")


def _t2s(text: str) -> str:
    return _opencc().convert(text)


@lru_cache(maxsize=1)
def _english():
    """spaCy's English tokenizer, stop words, lookup lemmas and lexicon (WordNet's word lists)."""
    import spacy
    from spacy.lang.en.stop_words import STOP_WORDS
    from spacy.lookups import load_lookups

    try:
        tables = load_lookups("en", ["lemma_index", "lemma_lookup"])
    except (ValueError, ImportError) as exc:
        raise WinoError("English term selection needs spaCy's lookup tables: pip install spacy-lookups-data") from exc
    index = tables.get_table("lemma_index")
    lexicon = frozenset().union(*(index[pos] for pos in ("noun", "verb", "adj", "adv")))
    return spacy.blank("en").tokenizer, frozenset(STOP_WORDS), tables.get_table("lemma_lookup"), lexicon


@lru_cache(maxsize=None)
def _stop_words(base: str) -> frozenset[str]:
    import importlib

    try:
        return frozenset(importlib.import_module(f"spacy.lang.{base}.stop_words").STOP_WORDS)
    except (ImportError, AttributeError):
        return frozenset()


@lru_cache(maxsize=4096)
def _words(text: str, language: str) -> tuple[_Word, ...]:
    """The word tokens of a phrase (punctuation dropped), with jieba POS tags for Chinese."""
    base = _base(language)
    if base == "zh":  # jieba's dictionary is in Simplified script
        pairs = [pair for p in _jieba().posseg.cut(_t2s(text)) for pair in _zh_split(p.word, p.flag)]
    elif base == "en":
        pairs = [(t.text, "") for t in _english()[0](text)]
    else:
        from wino_toolkit.tokens import tokenize

        pairs = [(w, "") for w in tokenize(text, language)]
    return tuple(_Word(w, tag) for w, tag in pairs if any(ch.isalnum() for ch in w))


def _zh_split(word: str, tag: str) -> list[tuple[str, str]]:
    """Undo jieba's gluing of a degree adverb to an adjective: 太小 → 太 + 小 (but not 太阳, "sun")."""
    if len(word) == 2 and word[0] in ZH_DEGREE and (_jieba().dt.FREQ.get(word) or 0) < ZH_DEGREE_KEEP:
        return [(word[0], "d"), (word[1], "a")]
    return [(word, tag)]


def _function_word(word: _Word, base: str) -> bool:
    w = word.text.lower()
    if base == "zh":
        return w in ZH_FUNCTION or w in ZH_CONNECTIVES or w in ZH_PREPOSITIONS
    if base == "en":
        return w in EN_FUNCTION or w in EN_CONNECTIVES or w in EN_PREPOSITIONS
    return w in _stop_words(base)


def _content(word: _Word, base: str) -> bool:
    """A word that can stand for the event or the thing (stricter than "not a function word")."""
    if _function_word(word, base):
        return False
    if base == "zh":
        return word.tag not in ZH_FUNCTION_TAGS
    if base == "en":
        return word.text.lower() not in _english()[1]
    return True


def _head(words: tuple[_Word, ...], base: str) -> _Word | None:
    """The last content word; failing that, the last word that is not a function word."""
    for strict in (True, False):
        for word in reversed(words):
            if (_content(word, base) if strict else not _function_word(word, base)):
                return word
    return None


def _noun_phrase(words: tuple[_Word, ...], base: str) -> tuple[_Word, ...]:
    """The words up to the head noun: a head-initial language's phrase ends at the first function
    word after its first content word ("the sack of potatoes" → sack, "Sam and Amy" → Sam), except a
    possessive ("Emma's mother"); Chinese and Japanese put the head last (年长的学生 → 学生)."""
    if base in ("zh", "ja"):
        return words
    seen = False
    for k, word in enumerate(words):
        if seen and word.text.lower() not in POSSESSIVES and _function_word(word, base):
            return words[:k]
        seen = seen or _content(word, base)
    return words


def _is_name(word: _Word, base: str, text: str, phrase: tuple[_Word, ...] = ()) -> bool:
    """Whether ``word`` is a proper name; ``phrase`` is the candidate it heads, if it heads one."""
    if base == "zh":
        return _zh_name(word)
    if not word.text[:1].isupper():
        return False
    if _capitalised_mid_sentence(word.text, text):
        return True
    if base != "en":
        return False
    lower = word.text.lower()
    _, _, lemmas, lexicon = _english()
    lemma = lemmas.get(lower, lower)
    if lower in EN_NAMES or lemma not in lexicon:
        return True
    # a bare capitalised singular ("Thomson", "Dr. Baker"; not "Archaeologists" or "The trophy"): a name
    bare = bool(phrase) and all(w.text[:1].isupper() for w in phrase[: phrase.index(word) + 1])
    return bare and lemma == lower and not word.text.isupper()


def _capitalised_mid_sentence(word: str, text: str) -> bool:
    for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text):
        before = text[: m.start()].rstrip()
        if before and before[-1] not in SENTENCE_END:
            return True
    return False


def _zh_name(word: _Word) -> bool:
    w = word.text
    if w in ZH_NAMES:
        return True
    han = all(unicodedata.name(ch, "").startswith("CJK UNIFIED") for ch in w)
    if not han or len(w) < 2:
        return False
    if len(w) == 2 and w[0] == w[1] and word.tag != "n":  # reduplicated given name: 婷婷, 丽丽
        return True
    if len(w) > 2 and w[0] == "和" and _zh_name(_Word(w[1:], word.tag)):  # jieba glues 和 to a name
        return True
    jieba = _jieba()
    freq = jieba.dt.FREQ
    if not freq.get(w):  # not in jieba's dictionary: found by its HMM, nearly always a name
        return True
    surname = w[0] in ZH_SURNAMES or (w[0] in "老小阿" and w[1] in ZH_SURNAMES)  # 老王, not 小狗
    if word.tag in ZH_NAME_TAGS and len(w) <= 3 and surname:
        # 曾祖父 is 曾 + the common noun 祖父, not a person named 曾
        return len(w) == 2 or jieba.posseg.dt.word_tag_tab.get(w[1:]) != "n"
    return word.tag == "nrt" and freq.get(w, 0) < 100  # rare transliterated names: 色诺芬


def _candidate_words(text: str, base: str, language: str) -> tuple[_Word, ...]:
    if base == "zh" and len(text) == 2 and text[0] == text[1]:
        text = _t2s(text)
        return (_Word(text, "nr" if _zh_name(_Word(text, "")) else "n"),)  # jieba splits 芳芳 in two
    return _noun_phrase(_words(text, language), base)


# --- selection ----------------------------------------------------------------------------------


def _normalizer(language: str, index: Any) -> Callable[[str], str]:
    if index is not None:
        return index.normalize
    from .segment import get_segmenter

    return get_segmenter(language).term


def select_terms(items: Iterable[Item], *, index: Any = None) -> list[Terms]:
    """Choose the terms of every item automatically (see the module docstring for the rules).

    Twins are found by their ``twin`` group id, so the whole corpus is read before selection.

    Examples
    --------
    >>> import wino_toolkit as wt
    >>> terms = select_terms(wt.read("kettles.jsonl"))  # doctest: +SKIP
    >>> terms[0].reference, terms[0].answers, terms[0].skip_reason  # doctest: +SKIP
    ('wide', ['kettle', 'stove'], None)
    """
    items = list(items)
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        if item.twin is not None:
            groups.setdefault((item.corpus, item.twin), []).append(item)
    normalizers: dict[str, Callable[[str], str]] = {}
    out = []
    for item in items:
        normalize = normalizers.get(item.language)
        if normalize is None:
            normalize = normalizers[item.language] = _normalizer(item.language, index)
        group = groups.get((item.corpus, item.twin)) if item.twin is not None else None
        out.append(_select(item, group, normalize))
    return out


def _select(item: Item, group: list[Item] | None, normalize: Callable[[str], str]) -> Terms:
    base = _base(item.language)
    trigger = " ".join(item.triggers)
    note = _clean(f"trigger: {trigger}" if trigger else "no trigger")
    reasons = []
    answers: list[str | None] = []
    for cand in item.candidates:
        # the mention as the text spells it: a source may lower-case a name in its answer list
        mention = cand.span.text if cand.span is not None and cand.span.text else cand.text
        phrase = _candidate_words(mention, base, item.language)
        head = _head(phrase, base)
        if head is None:
            reasons.append(EMPTY_CANDIDATE)
            answers.append(None)
        elif _is_name(head, base, item.text, phrase):
            reasons.append(NAMED_CANDIDATE)
            answers.append(None)
        else:
            answers.append(normalize(head.text) or None)
    reference = None
    if group is None or len(group) < 2:
        reasons.insert(0, NO_TWIN)
    else:
        twin_reason = _twin_reason(group, base)
        words = _words(trigger, item.language)
        head = _head(words, base)
        named = head is not None and _is_name(head, base, item.text)
        if twin_reason:
            reasons.insert(0, twin_reason)
        elif not words:
            reasons.insert(0, EMPTY_TRIGGER)
        elif head is None:
            reasons.insert(0, NO_CONTENT)
        elif named:
            reasons.insert(0, NAMED_TRIGGER)
        if head is not None and not named:
            reference = normalize(head.text) or None
    given = [a for a in answers if a]
    if len(set(given)) < len(given):
        reasons.append(SHARED_TERM)
    if reference is not None and reference in given:
        reasons.append(REFERENCE_IS_ANSWER)
    return Terms(item.id, item.corpus, item.language, reference, answers, "auto", reasons[0] if reasons else None, note)


def _twin_reason(group: list[Item], base: str) -> str | None:
    """Why a whole schema is skipped: its twins differ by one added word or only by function words."""
    words = [_words(" ".join(member.triggers), member.language) for member in group]
    if sorted(len(w) for w in words) == [0] * (len(words) - 1) + [1]:
        return ONE_WORD
    flat = [w for ws in words for w in ws]
    if not flat or not all(_function_word(w, base) for w in flat):
        return None
    lowered = {w.text.lower() for w in flat}
    connectives, prepositions = (ZH_CONNECTIVES, ZH_PREPOSITIONS) if base == "zh" else (EN_CONNECTIVES, EN_PREPOSITIONS)
    if lowered & connectives:
        return CONNECTIVE
    if lowered & prepositions:
        return PREPOSITION
    return FUNCTION_WORDS


def resolve_terms(
    items: Iterable[Item], *, terms: Mapping[tuple[str, str], Terms] | None = None, index: Any = None
) -> list[Terms]:
    """The terms of every item: from ``terms`` (a reviewed file) where it has the item, else automatic."""
    items = list(items)
    auto = select_terms(items, index=index) if terms is None or any((i.corpus, i.id) not in terms for i in items) else None
    out = []
    for k, item in enumerate(items):
        given = None if terms is None else terms.get((item.corpus, item.id))
        out.append(given if given is not None else auto[k])  # type: ignore[index]
    return out


# --- the terms file -------------------------------------------------------------------------------


def _clean(text: str) -> str:
    """A note fits one TSV cell: tabs and line breaks become spaces."""
    return re.sub(r"[\t\r\n]+", " ", text).strip()


def _header(n_answers: int) -> list[str]:
    return ["id", "corpus", "language", "reference"] + [f"answer_{i + 1}" for i in range(n_answers)] + ["skip_reason", "note"]


def write_terms(terms: Iterable[Terms], path: str | Path | None) -> int:
    """Write a terms file atomically (``None`` writes to stdout); return the number of rows.

    The file has as many answer columns as the item with the most candidates.
    """
    rows = list(terms)
    width = max([2] + [len(t.answers) for t in rows])
    lines = ["\t".join(_header(width))]
    for t in rows:
        cells = [t.id, t.corpus, t.language, t.reference or ""]
        cells += [a or "" for a in t.answers] + [""] * (width - len(t.answers))
        cells += [t.skip_reason or "", _clean(t.note)]
        for cell in cells:
            if re.search(r"[\t\r\n]", cell):
                raise WinoError(f"item {t.id!r}: term {cell!r} contains a tab or line break")
        lines.append("\t".join(cells))
    with atomic_output(path) as fh:
        fh.write(("\n".join(lines) + "\n").encode("utf-8"))
    return len(rows)


def read_terms(path: str | Path, items: Iterable[Item] | None = None) -> dict[tuple[str, str], Terms]:
    """Read a terms file into ``{(corpus, id): Terms}``, checking it against ``items`` when given.

    A row must have the header's number of cells; with ``items``, its id must name an item of its
    corpus, its language must match, and it may not give more answer terms than the item has
    candidates. Any problem raises :class:`FormatError` naming the file and line.
    """
    path = Path(path)
    if not path.is_file():
        raise FormatError(path, None, "no such file")
    lines = read_text(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    header = lines[0].rstrip("\r").split("\t")
    width = len(header) - 6
    if width < 1 or header != _header(width):
        raise FormatError(path, "line 1", f"header must be {' '.join(_header(2))} (with answer_N for N candidates)")
    known = None if items is None else {(i.corpus, i.id): i for i in items}
    out: dict[tuple[str, str], Terms] = {}
    for n, line in enumerate(lines[1:], start=2):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        cells = line.split("\t")
        where = f"line {n}"
        if len(cells) != len(header):
            raise FormatError(path, where, f"{len(cells)} cells, the header has {len(header)}")
        id_, corpus, language, reference = cells[:4]
        answers = [a.strip() or None for a in cells[4 : 4 + width]]
        skip_reason, note = cells[4 + width].strip() or None, cells[5 + width]
        if not id_ or not corpus or not language:
            raise FormatError(path, where, "id, corpus and language must not be empty")
        key = (corpus, id_)
        if key in out:
            raise FormatError(path, where, f"item {id_!r} of corpus {corpus!r} is listed twice")
        if known is not None:
            answers = _check_row(path, where, known.get(key), id_, corpus, language, answers)
        out[key] = Terms(id_, corpus, language, reference.strip() or None, answers, "file", skip_reason, note)
    return out


def _check_row(
    path: Path, where: str, item: Item | None, id_: str, corpus: str, language: str, answers: list[str | None]
) -> list[str | None]:
    if item is None:
        raise FormatError(path, where, f"unknown item id {id_!r} in corpus {corpus!r}")
    if language != item.language:
        raise FormatError(path, where, f"language {language!r}, but item {id_!r} is {item.language!r}")
    k = len(item.candidates)
    if len(answers) < k:
        raise FormatError(path, where, f"the file has {len(answers)} answer column(s), but item {id_!r} has {k} candidates")
    given = max((i + 1 for i, a in enumerate(answers) if a), default=0)
    if given > k:
        raise FormatError(path, where, f"{given} answer terms, but item {id_!r} has {k} candidates")
    return answers[:k]
