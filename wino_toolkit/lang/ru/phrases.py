"""A candidate as a Russian noun phrase that can be put in any case.

Candidates come as the text mentions them, in whatever case the sentence gave them ("Георгию",
"членов банды"): the head noun and the words agreeing with it before it (adjectives, determiners,
participles) are parsed and re-inflected; what follows the head (a genitive "банды", a
prepositional phrase) stays as it is, except a surname after a given name or a title (:data:`TITLES`), which
declines with it ("Петра Ильина", "господина Котова"). A numeral governs its noun ("тремя сёстрами" → "три
сестры"). "Сэм и Эми" is two phrases, plural together. A word pymorphy3 does not know at all (UNKN,
"Эми") is taken for an indeclinable foreign name. A capitalised word that is both a name and a common
noun ("Вера", "Роман") is the name mid-sentence; opening a sentence, the text's other mentions decide.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Sequence

from ...errors import FormError
from ..base import same_case
from .morphology import analyzer, is_proper, parses
from .pronouns import CASE_NAMES, Reading

__all__ = ["Phrase", "build"]

#: titles and kinship words that stand before a name in apposition (lemmas)
TITLES = frozenset(
    "господин госпожа мистер миссис мисс сэр леди доктор профессор капитан генерал полковник майор лейтенант "
    "сержант товарищ князь княгиня граф графиня король королева принц принцесса царь судья инспектор "
    "дядя тётя тетя бабушка дедушка брат сестра".split()
)

#: numerals (lemmas) after which a noun in the nominative is genitive singular; other numerals take the plural
FEW = frozenset({"два", "три", "четыре", "оба"})

WORD = re.compile(r"\w+(?:-\w+)*")
#: a candidate ending in a name in quotes ("компания «Сони»", "мультфильм «Шрек»"): the words before it decline,
#: the name in apposition stays as written
QUOTED = re.compile(r"(.*?)(\s*[«\"„“][^«»\"„“]+[»\"“”])")
MODIFIERS = frozenset({"ADJF", "PRTF"})
GENDERS = ("masc", "femn", "neut")
#: final letters of foreign names that do not decline: any vowel but а/я, and, for a woman's name, a consonant
FIXED_VOWELS = frozenset("еёиоуыэю")
CONSONANTS = frozenset("бвгджзклмнпрстфхцчшщ")


def gender_of(tag: Any) -> str | None:
    return next((g for g in GENDERS if g in tag), None)


def number_of(tag: Any) -> str:
    return "plur" if "plur" in tag else "sing"


@dataclass(frozen=True)
class Part:
    """One word of the phrase: its text and the parse to inflect it from (None: it stays as it is)."""

    text: str
    parse: Any | None
    head: bool = False
    others: tuple[Any, ...] = ()  # other readings of the head that agree as well ("лисы": лис or лиса)
    count: str | None = None  # a numeral: "few" (два, три, четыре, оба) or "many"; it governs the head after it


@dataclass(frozen=True)
class Phrase:
    """A candidate noun phrase: its words with the space between them, and what agreement needs."""

    parts: tuple[Part | str, ...]  # words, and the text between them
    gender: str | None
    number: str
    animate: bool
    yo: bool = True  # write ё as pymorphy3 does; False where the text writes е for it

    def form(self, case: str) -> str:
        """The phrase in ``case`` (pymorphy3's grammeme: nomn, gent, datv, accs, ablt, loct)."""
        out, governed = [], None
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
            elif part.parse is None:
                out.append(part.text)
            else:
                want = None
                if part.count is not None:
                    want, governed = self.counted(part, case)
                elif part.head and governed is not None:
                    want = governed
                word = self.inflect(part, case, want)
                out.append(same_case(part.text, word if self.yo else word.replace("ё", "е")))
        return "".join(out)

    def counted(self, numeral: Part, case: str) -> tuple[set[str], set[str]]:
        """What a numeral and the noun it counts take in ``case`` ("три сестры", "трёх сестёр", "тремя сёстрами")."""
        few = numeral.count == "few"
        if case == "accs" and few and self.animate:
            return {"gent"}, {"gent", "plur"}
        if case in ("nomn", "accs"):
            want = {"nomn"} | ({"femn"} if numeral.parse.normal_form in ("два", "оба") and self.gender == "femn" else set())
            return want, {"gent", "sing" if few else "plur"}
        return {case}, {case, "plur"}

    def inflect(self, part: Part, case: str, want: set[str] | None = None) -> str:
        """``part`` in ``case``; ``want``: the grammemes a numeral gives it instead ("сестры" after "три")."""
        tag = part.parse.tag
        if want is None and part.head:
            want = {case}
        elif want is None:
            want = {case, number_of(tag)}
            if number_of(tag) == "sing" and gender_of(tag):
                want.add(gender_of(tag))
            if case == "accs" and (number_of(tag) == "plur" or "masc" in tag):
                want.add("anim" if self.animate else "inan")
        forms = {getattr(p.inflect(want), "word", None) for p in (part.parse, *part.others)}
        if None in forms:
            raise FormError(f"pymorphy3 cannot put {part.text!r} in the {CASE_NAMES.get(case, case)} case")
        if len(forms) > 1:
            lemmas = " or ".join(sorted({p.normal_form for p in (part.parse, *part.others)}))
            raise FormError(f"{part.text!r} may be a form of {lemmas}, which differ in the {CASE_NAMES.get(case, case)} case")
        return forms.pop()


def _parts(text: str) -> list[tuple[str, str]]:
    """``(space before, word)`` pairs of ``text``; punctuation is kept with the space before a word."""
    out, pos = [], 0
    for m in WORD.finditer(text):
        out.append((text[pos : m.start()], m.group()))
        pos = m.end()
    if text[pos:].strip():
        raise FormError(f"the candidate {text!r} ends in punctuation")
    return out


def gender_fits(tag: Any, gender: str | None) -> bool:
    """Whether a word's tag fits a pronoun's gender ("mn": masculine or neuter; "ms-f" nouns fit masc and femn)."""
    if gender is None:
        return True
    if gender == "mn":
        return "masc" in tag or "neut" in tag or "ms-f" in tag
    return gender in tag or (gender in ("masc", "femn") and "ms-f" in tag)


def _agrees(tag: Any, wants: Sequence[Reading]) -> bool:
    return any(number_of(tag) == w.number and (w.number == "plur" or gender_fits(tag, w.gender)) for w in wants)


def _head_parses(word: str, wants: Sequence[Reading], name: bool | None = None) -> list[Any]:
    """The noun readings of ``word`` agreeing with the pronoun, most likely first (else the likeliest);
    ``name``: only the name readings (True) or only the common ones (False), where the word has both.

    A name none of whose readings agrees, and that is not one of the foreign names that do not
    decline (:func:`_fixed_name`), is not guessed at.
    """
    nouns = [p for p in parses(word) if p.tag.POS == "NOUN"]
    kind = [p for p in nouns if name is None or is_proper(p) == name]
    if name is False or any(_agrees(p.tag, wants) for p in kind) or not wants:
        # the reading the capital asks for, unless a capital's reading does not agree ("Ксенофане" is no woman);
        # a word in lower case is never a name ("вазу" is no form of the car maker ВАЗ)
        nouns = kind
    if not nouns:
        return []
    # a rare reading of another word does not win by agreeing ("вода" is not "вод" in the genitive)
    agreeing = [p for p in nouns if _agrees(p.tag, wants) and (p.normal_form == nouns[0].normal_form or 10 * p.score >= nouns[0].score)]
    if not agreeing and is_proper(nouns[0]) and wants and len({(p.normal_form, gender_of(p.tag)) for p in nouns}) > 1:
        # a name that reads one way ("Ольга" for "он") is that name, with its own gender; one that reads several
        # ways none of which agrees is not guessed at
        raise FormError(f"no reading of the name {word!r} agrees with the pronoun, so how it declines is unknown")
    return agreeing or nouns[:1]


def _is_name(word: str, initial: bool, names: frozenset[str], commons: frozenset[str]) -> bool | None:
    """Whether ``word``, read both as a name and as a common noun ("Вера", "Роман", "лев"), is the name.

    Its capital decides mid-sentence; opening a sentence, the text's other mentions of it (capitalised
    mid-sentence, or not), else the clearly likelier reading; otherwise the item is refused. None: the word
    reads only one way.
    """
    nouns = [p for p in parses(word) if p.tag.POS == "NOUN"]
    if all(is_proper(p) for p in nouns) or not any(is_proper(p) for p in nouns):
        return None
    if not word[:1].isupper():
        return False
    if not initial:
        return True
    forms = {(p.tag.case, number_of(p.tag)) for p in nouns if is_proper(p)}
    proper = sum(p.score for p in nouns if is_proper(p))
    # only a common noun in the same case and number is a rival reading ("Ира" is no form of "ир")
    common = sum(p.score for p in nouns if not is_proper(p) and (p.tag.case, number_of(p.tag)) in forms)
    if not common:
        return True
    low = word.lower().replace("ё", "е")
    lemmas = {p.normal_form for p in nouns if is_proper(p)}
    if low in names or any(p.normal_form in lemmas for w in names for p in parses(w) if is_proper(p)):
        return True  # "Тома ..." where the text writes "Том" mid-sentence
    if low in commons:
        return False
    if proper > common:
        return True
    raise FormError(f"{word!r} opens the sentence, so it may be a name or the common noun {low!r}, and the text does not say which")


def _fixed_name(word: str, wants: Sequence[Reading]) -> bool:
    """Whether the capitalised ``word`` is a foreign name that does not decline, so it stays as written.

    Russian grammar: a foreign name ending in a vowel other than а/я does not decline ("Гете", "Тоби"),
    nor does a woman's name ending in a consonant ("Бетт", "Джейд": a feminine pronoun refers to it).
    It applies to a word pymorphy3 does not know, or knows only as a name, when none of its readings
    agrees with the pronoun and none is a case form of a singular name that declines ("Джону" for "она"
    is a man, not a fixed name); a word it does not know at all (UNKN) is taken as such a name too.
    """
    found = parses(word)
    if all("UNKN" in p.tag for p in found):
        return True
    nouns = [p for p in found if p.tag.POS == "NOUN"]
    if any(_agrees(p.tag, wants) for p in nouns) or not wants:
        return False
    if analyzer().word_is_known(word.lower()) and not any(is_proper(p) for p in nouns):
        return False
    low = word.lower().replace("ё", "е")
    if any(is_proper(p) and number_of(p.tag) == "sing" and p.normal_form.replace("ё", "е") != low for p in nouns):
        return False  # a case form of a name that declines ("Джону": Джон), of the other gender than the pronoun
    last = word[-1].lower()
    feminine = all(w.number == "sing" and w.gender == "femn" for w in wants)
    if last in FIXED_VOWELS:
        return True
    # a man's name that declines is no woman's foreign name ("Иван" for "она")
    return feminine and last in CONSONANTS and not any(
        is_proper(p) and "Fixd" not in p.tag and p.tag.case == "nomn" and number_of(p.tag) == "sing" for p in nouns)


def _modifier_parse(word: str, head: Any) -> Any | None:
    """The adjective reading of ``word`` that agrees with the head noun's reading."""
    h = head.tag
    for p in parses(word):
        t = p.tag
        if t.POS in MODIFIERS and t.case == h.case and number_of(t) == number_of(h):
            if number_of(h) == "plur" or gender_of(t) in (None, gender_of(h)) or gender_of(h) is None:
                return p
    return None


def _numeral(word: str) -> Any | None:
    """The numeral reading of ``word`` that counts a noun the rules can inflect (not один, not двое)."""
    for p in parses(word)[:1]:
        if p.tag.POS == "NUMR" and "Coll" not in p.tag and p.normal_form != "один":
            return p
    return None


def _headed(words: list[tuple[str, str]], h: int, wants: Sequence[Reading], initial: bool,
            names: frozenset[str], commons: frozenset[str]) -> tuple[list[Part], Any, tuple[Any, ...]] | None:
    """Word ``h`` as the head with the words before it as its modifiers (or its numeral): the modifiers'
    parts, the head's parse and its rival readings; None where they do not fit together."""
    heads = _head_parses(words[h][1], wants, _is_name(words[h][1], initial and h == 0, names, commons))
    if not heads:
        return None
    head = heads[0]
    numeral = _numeral(words[0][1]) if h == 1 else None
    if numeral is not None:
        mods = [Part(words[0][1], numeral, count="few" if numeral.normal_form in FEW else "many")]
    else:
        parsed = [_modifier_parse(w, head) for _, w in words[:h]]
        if any(m is None for m in parsed):
            return None
        mods = [Part(w, m) for (_, w), m in zip(words[:h], parsed)]
    # a reading half as likely as the best is not a rival ("статью": статья, not стать)
    others = tuple(p for p in heads[1:] if number_of(p.tag) == number_of(head.tag) and 2 * p.score > head.score)
    rivals = (head, *others)
    if any("Fixd" in p.tag for p in rivals) and any(is_proper(p) and "Fixd" not in p.tag for p in rivals):
        # "Марку": Марк in the dative rather than a rare name that does not decline
        head, *rest = [p for p in rivals if "Fixd" not in p.tag]
        others = tuple(rest)
    return mods, head, others


def _apposition(words: list[tuple[str, str]], head: Any, wants: Sequence[Reading]) -> list[Part | str]:
    """The words after the head: a surname after a name or a title declines with it ("Петра Ильина",
    "господина Котова"); anything else stays as it is ("брата Ивана", "членов банды")."""
    out: list[Part | str] = []
    named = is_proper(head) or head.normal_form in TITLES
    t = head.tag
    for n, (space, word) in enumerate(words):
        if not (named and word[:1].isupper()):
            for space, w in words[n:]:
                out += [space, Part(w, None)]
            return out
        fits = [p for p in parses(word) if p.tag.POS == "NOUN" and p.tag.case == t.case and number_of(p.tag) == number_of(t)
                and (number_of(t) == "plur" or gender_of(p.tag) in (None, gender_of(t)) or "ms-f" in p.tag)]
        fits = sorted(fits, key=lambda p: not is_proper(p))
        if fits:
            others = tuple(p for p in fits[1:] if is_proper(p) == is_proper(fits[0]) and 2 * p.score > fits[0].score)
            out += [space, Part(word, fits[0], head=True, others=others)]
        elif _fixed_name(word, wants) or (not is_proper(head) and any(p.tag.case == "gent" for p in parses(word))):
            out += [space, Part(word, None)]  # "миссис Смит"; a title's genitive ("дядя Вани" is not "дядя Ваня")
        else:
            raise FormError(f"how {word!r} declines together with {head.word!r} is unknown")
    return out


def _conjunct(words: list[tuple[str, str]], wants: Sequence[Reading], initial: bool,
              names: frozenset[str] = frozenset(), commons: frozenset[str] = frozenset()) -> tuple[list[Part | str], Any | None]:
    """One noun phrase: the modifiers, the head, the words after it; and the head's parse."""
    for h, (_, word) in enumerate(words):
        if h == 0 and word[:1].isupper() and _fixed_name(word, wants):
            out: list[Part | str] = []  # an indeclinable foreign name ("Эми", "Бетт"): kept whole
            for space, w in words:
                out += [space, Part(w, None)]
            return out, None
        found = _headed(words, h, wants, initial, names, commons)
        if found is None:
            continue
        # a modifier that reads as a noun too ("больной мальчик"): the noun after it heads the phrase
        while h + 1 < len(words) and (longer := _headed(words, h + 1, wants, initial, names, commons)) is not None:
            h, found = h + 1, longer
        mods, head, others = found
        out = []
        for (space, _), part in zip(words[:h], mods):
            out += [space, part]
        out += [words[h][0], Part(words[h][1], head, head=True, others=others)]
        return out + _apposition(words[h + 1 :], head, wants), head
    if any(p.tag.POS == "NUMR" for _, w in words for p in parses(w)[:1]):
        raise FormError(f"the candidate {' '.join(w for _, w in words)!r} counts with a numeral the rules cannot inflect")
    raise FormError(f"no noun pymorphy3 knows heads the candidate {' '.join(w for _, w in words)!r}")


@lru_cache(maxsize=8192)
def build(text: str, wants: tuple[Reading, ...], initial: bool = False, yo: bool = True,
          names: frozenset[str] = frozenset(), commons: frozenset[str] = frozenset()) -> Phrase:
    """The candidate ``text`` as a phrase; ``wants`` are the pronoun's readings, which settle words
    that read several ways ("полки": a shelf's, or shelves); ``initial``: the mention opens a
    sentence, so its capital shows nothing and a common noun is written in lower case; ``names`` and
    ``commons``: the words the text writes capitalised mid-sentence, and in lower case (a sentence-initial
    "Вера" is the name where the text writes "Вера" elsewhere). Memoised (a
    phrase is immutable): every form builds each candidate again, and pymorphy3's parses are slow."""
    quoted = QUOTED.fullmatch(text)
    if quoted:
        return _named(quoted.group(1), quoted.group(2), wants, initial, yo, names, commons)
    words = _parts(text)
    if not words:
        raise FormError(f"the candidate {text!r} has no words")
    groups: list[list[tuple[str, str]]] = [[]]
    for space, word in words:
        if word.lower() == "и" and groups[-1]:
            groups.append([])
            groups[-1].append((space + word, ""))  # the conjunction, kept as text
        else:
            groups[-1].append((space, word))
    parts: list[Part | str] = []
    heads = []
    for g, group in enumerate(groups):
        lead = ""
        if g:
            lead, group = group[0][0], group[1:]
            if not group:
                raise FormError(f"the candidate {text!r} ends in a conjunction")
        # a conjunct of "Сэм и Эми" has its own number; the plural pronoun says nothing about it
        conj, head = _conjunct(group, wants if len(groups) == 1 else [], initial and g == 0, names, commons)
        parts += [lead, *conj]
        heads.append(head)
    if initial:
        parts = _lower_initial(parts)
    first = heads[0]
    if len(heads) > 1:
        gender, number = None, "plur"
    elif first is None:
        gender = next((w.gender for w in wants if w.gender), None)
        number = wants[0].number if wants else "sing"
    else:
        gender, number = gender_of(first.tag), number_of(first.tag)
        if "Pltm" in first.tag or any(isinstance(p, Part) and p.count for p in parts):
            number = "plur"  # "три сестры" are several
    animate = any(h is not None and "anim" in h.tag for h in heads)
    return Phrase(tuple(p for p in parts if p != ""), gender, number, animate, yo)


def _named(head: str, name: str, wants: tuple[Reading, ...], initial: bool, yo: bool,
           names: frozenset[str], commons: frozenset[str]) -> Phrase:
    """A phrase ending in a quoted name: the words before the name decline, the name stays as written; a quoted
    name alone takes the pronoun's gender and number."""
    if not head.strip():
        gender = next((w.gender for w in wants if w.gender), None)
        return Phrase((name.strip(),), gender, wants[0].number if wants else "sing", False, yo)
    phrase = build(head, wants, initial, yo, names, commons)
    return replace(phrase, parts=(*phrase.parts, name))


def _lower_initial(parts: list[Part | str]) -> list[Part | str]:
    """A sentence-initial common word in lower case ("Кубок" → "кубок"); names keep their capital."""
    for n, part in enumerate(parts):
        if isinstance(part, Part):
            proper = part.parse is None or is_proper(part.parse)
            if not proper:
                parts = list(parts)
                parts[n] = replace(part, text=part.text[:1].lower() + part.text[1:])
            return parts
    return parts
