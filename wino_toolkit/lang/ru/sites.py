"""Where the candidate goes: in the pronoun's case (a personal pronoun), or after the possessed noun (a possessive).

The tables say after which words an object pronoun (его, её, их) is genitive, not accusative.
Quantity words take the genitive ("больше их" → "больше печений"), and so do a few verbs
(lemmas): "боялся его" → "боялся мальчика", "не хватило их" → "не хватило книг", "захотелось его" →
"захотелось чая"; so does absence ("его не было" → "Петра не было") and a quantity after the pronoun
("их было много" → "яблок было много"). Elsewhere the object is accusative.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, Sequence

from ...errors import FormError
from ...schema import Item
from ..base import Edit, Token, mention_text, same_case, sentence_initial
from .agreement import BETWEEN
from .morphology import parses
from .phrases import Phrase, build, gender_fits, gender_of, number_of
from .prepositions import PREPOSITIONS, VARIANTS
from .pronouns import PERSONAL, POSSESSIVE, REFLEXIVE, Reading
from .words import tokenize, top

__all__ = ["Site", "SiteRules"]

QUANTIFIERS = frozenset("больше меньше много мало немного сколько столько несколько достаточно".split())

GENITIVE_VERBS = frozenset(
    "бояться испугаться избегать избежать добиться достичь достигнуть касаться коснуться лишить "
    "лишиться стесняться опасаться пугаться требовать дождаться желать хотеться захотеться "
    "хватить хватать недоставать недостать".split()
)

#: words saying that something is absent, whose object is genitive ("нет его", "её не было")
ABSENCE: tuple[tuple[str, ...], ...] = (("нет",), ("не", "было"), ("не", "будет"), ("не", "осталось"), ("не", "стало"))

#: link verbs that may stand between the pronoun and its quantity ("их было много")
QUANTITY_LINKS = frozenset("было будет стало осталось оказалось казалось".split())

#: degree words that may stand before the quantity ("их было слишком много")
DEGREE = frozenset("слишком очень так совсем довольно".split())

#: vowels before which "о" is "об" ("об Адаме")
VOWELS = frozenset("аоуэиыАОУЭИЫ")

#: nouns that serve as adverbs of place or time ("застал её дома", "увидел её утром"): after его/её/их they
#: say where or when, so the pronoun is the verb's object, not a possessive
ADVERBIAL_NOUNS = frozenset("дома утром вечером ночью днем днём летом зимой весной осенью сегодня вчера завтра".split())

#: nouns of time (lemmas), and the words that make one a time adverbial ("обнимала её каждый день", "ждала её
#: целый час"): the pronoun before them is the object ("её день рождения" stays a possessive)
TIME_NOUNS = frozenset("секунда минута час день ночь утро вечер неделя месяц год раз время лето зима весна осень".split())
TIME_QUANTIFIERS = frozenset("каждый целый весь этот тот один следующий прошлый".split())

#: how many words a possessed noun phrase may run to ("её новое вечернее платье"), and the parts of speech
#: (pymorphy3's likeliest reading) its words may have
NP_WORDS = 4
NP_POS = frozenset({"NOUN", "ADJF", "PRTF", "NUMR"})
#: pymorphy3's second cases ("в углу", "чашка чаю") are the plain ones for agreement
CASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs"}


class Site(NamedTuple):
    """Where the candidate goes and what goes with it, for one pronoun in one text."""

    kind: str  # "personal" or "possessive"
    reading: Reading  # the pronoun's case, gender and number (a possessive: genitive)
    index: int  # the pronoun's token
    slot: tuple[int, int, str, str]  # replace text[start:end] with before + candidate + after
    edits: tuple[Edit, ...]  # what changes whatever the candidate (a possessive taken out)


class SiteRules:
    """What the pronoun is (personal in some case, or possessive) and the candidate as a phrase to put there."""

    def site(self, item: Item, text: str, toks: Sequence[Token], i: int) -> Site:
        """What the pronoun at token ``i`` is: a personal pronoun in some case, or a possessive."""
        tok = toks[i]
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        governed = prev is not None and prev.low in PREPOSITIONS
        if tok.low in REFLEXIVE or (tok.low in POSSESSIVE and self.possessed(toks, i, governed)):
            return self.possessive(text, toks, i)
        readings = PERSONAL.get(tok.low)
        if readings is None:
            raise FormError(f"marked span is not a pronoun: {tok.text!r} is not a third-person pronoun the Russian rules handle")
        if tok.low.startswith("н") and not governed:
            raise FormError(f"the н-form {tok.text!r} stands without a preposition")
        if governed:
            cases = PREPOSITIONS[prev.low]
            readings = tuple(sorted((r for r in readings if r.case in cases), key=lambda r: cases.index(r.case)))
            if not readings:
                raise FormError(f"{tok.text!r} cannot follow the preposition {prev.text!r}")
        elif tok.low in POSSESSIVE and self.genitive_context(toks, i):
            readings = tuple(r for r in readings if r.case == "gent")
        readings = self.by_number(item, readings)
        reading = readings[0]
        if reading.case != "nomn" and nxt is not None and nxt.text == "-":
            raise FormError(f"{tok.text!r} is part of a hyphenated word")
        return Site("personal", reading, i, (tok.start, tok.end, "", ""), ())

    def readings(self, low: str) -> list[Reading]:
        """What a possessive says about its possessor (его: one man or thing, их: several)."""
        gender, number = POSSESSIVE.get(low, (None, "sing"))
        return [Reading("gent", gender, number)] if low in POSSESSIVE else [Reading("gent", None, "sing"), Reading("gent", None, "plur")]

    def by_number(self, item: Item, readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
        """Readings of different number (им: dative plural, instrumental singular): the candidates' number decides."""
        if len({r.number for r in readings}) < 2:
            return readings
        numbers = {self.phrase(item, k, list(readings)).number for k in range(len(item.candidates))}
        if len(numbers) != 1:  # "Лебедевым" reads both ways: the number every candidate can have decides
            numbers = set.intersection(*(self.numbers(item, k, readings) for k in range(len(item.candidates))))
        if len(numbers) != 1:  # "им" for "мама" or "дочерьми": only the dative plural fits one of them
            numbers = {r.number for r in readings if any(self.fits(item, k, r) for k in range(len(item.candidates)))}
        if len(numbers) != 1:
            raise FormError(f"the candidates differ in number, so they do not tell whether the pronoun is "
                            f"{' or '.join(map(str, readings))}")
        number = numbers.pop()
        return tuple(r for r in readings if r.number == number) or readings

    def numbers(self, item: Item, k: int, readings: tuple[Reading, ...]) -> set[str]:
        """The numbers candidate ``k`` has under some reading of the pronoun (a word may read both ways)."""
        out = set()
        for r in readings:
            try:
                out.add(self.phrase(item, k, [r]).number)
            except FormError:
                pass
        return out

    def fits(self, item: Item, k: int, reading: Reading) -> bool:
        """Whether candidate ``k`` agrees with ``reading`` in number and gender."""
        try:
            np = self.phrase(item, k, [reading])
        except FormError:
            return False
        return np.number == reading.number and (np.number == "plur" or gender_fits({np.gender}, reading.gender))

    def genitive_context(self, toks: Sequence[Token], i: int) -> bool:
        """Whether an object его/её/их is genitive: after a quantity word or near a verb taking the genitive."""
        prev = toks[i - 1] if i else None
        if prev is not None and prev.low in QUANTIFIERS:
            return True
        after = [t.low for t in toks[i + 1 : i + 4]]
        if after[:1] and after[0] in QUANTITY_LINKS:
            after = [t.low for t in toks[i + 2 : i + 5] if t.low not in DEGREE][:2]  # "их было слишком много"
        if after[:1] and after[0] in QUANTIFIERS and (len(after) < 2 or not self.noun(after[1])):
            return True  # "их было много", not "видел их много раз"
        lows = [t.low for t in toks[max(i - 3, 0) : i + 4]]
        if any(tuple(lows[n : n + len(a)]) == a for a in ABSENCE for n in range(len(lows))):
            return True
        after = [t for t in toks[i + 1 : i + 5] if t.is_word and t.low not in BETWEEN][:2]  # "его просто не хватило"
        near = [t for t in toks[max(i - 2, 0) : i] if t.is_word] + after
        return any(p.normal_form in GENITIVE_VERBS for t in near for p in parses(t.low)[:1] if p.tag.POS in ("VERB", "INFN"))

    def possessed(self, toks: Sequence[Token], i: int, governed: bool) -> bool:
        """Whether его/её/их at ``i`` is a possessive: a noun phrase follows it ("его слона", not "его открыть",
        "её сонную", "её каждый день")."""
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is None or not nxt.is_word:
            return False
        if governed:
            return True  # "в его руках": a personal pronoun after a preposition takes the н-form
        if nxt.low in QUANTIFIERS or nxt.low in ADVERBIAL_NOUNS or top(nxt.low).tag.POS not in NP_POS:
            return False
        head = self.noun_phrase(toks, i + 1)
        if head is None or self.time_adverbial(toks, i + 1, head):
            return False
        # "отдала её брату": a transitive verb's object, then a noun that cannot be accusative
        prev = toks[i - 1] if i else None
        transitive = prev is not None and any(p.tag.POS in ("VERB", "INFN") and "tran" in p.tag for p in parses(prev.low)[:1])
        if not transitive or any(p.tag.case == "accs" for p in parses(toks[head].low)):
            return True
        return self.object_follows(toks, head + 1)  # "дала её брату конфету": the verb's object comes later

    def noun_phrase(self, toks: Sequence[Token], j: int) -> int | None:
        """The head noun of the noun phrase starting at token ``j``: the furthest noun the words before it agree
        with ("любимом альбоме", "рабочий стол", "двумя братьями"), else ``j`` itself where it is a noun."""
        end = j
        while end < len(toks) and end - j < NP_WORDS and toks[end].is_word and top(toks[end].low).tag.POS in NP_POS:
            end += 1
        for h in range(end - 1, j - 1, -1):
            heads = [p for p in parses(toks[h].low) if p.tag.POS == "NOUN"]
            if any(all(self.agrees_with(toks[m].low, head.tag) for m in range(j, h)) for head in heads):
                return h
        return None

    @staticmethod
    def agrees_with(word: str, head: Any) -> bool:
        """Whether ``word`` reads as an adjective, participle or numeral agreeing with a noun of tag ``head``."""
        case = CASES.get(head.case, head.case)
        for p in parses(word):
            t = p.tag
            if t.POS == "NUMR" and (t.case == case or (t.case in ("nomn", "accs") and case == "gent")):
                return True
            if t.POS in ("ADJF", "PRTF") and t.case == case and number_of(t) == number_of(head) and (
                    number_of(t) == "plur" or gender_of(t) in (None, gender_of(head)) or gender_of(head) is None):
                return True
        return False

    def time_adverbial(self, toks: Sequence[Token], j: int, head: int) -> bool:
        """Whether the noun phrase ``j..head`` says when or how long ("каждый день", "всю ночь", "три года")."""
        lemmas = {p.normal_form for p in parses(toks[head].low)[:2]}
        quantified = any(p.normal_form in TIME_QUANTIFIERS or p.tag.POS == "NUMR"
                         for m in range(j, head) for p in parses(toks[m].low)[:2])
        return bool(lemmas & TIME_NOUNS) and quantified

    def object_follows(self, toks: Sequence[Token], j: int) -> bool:
        """Whether a noun that may be the verb's accusative object follows in the clause, not after a preposition."""
        for n in range(j, len(toks)):
            tok = toks[n]
            if not tok.is_word:
                return False
            if toks[n - 1].low not in PREPOSITIONS and top(tok.low).tag.POS == "NOUN" and any(
                    p.tag.case == "accs" and p.tag.POS == "NOUN" for p in parses(tok.low)[:2]):
                return True
        return False

    def possessive(self, text: str, toks: Sequence[Token], i: int) -> Site:
        """"его слона" → "слона" + candidate: the possessive goes, the genitive follows the whole noun phrase
        ("в его любимом альбоме" → "в любимом альбоме Пети"); a preposition before it takes the form the next
        word asks for ("о его отце" → "об отце Пети")."""
        tok = toks[i]
        j = self.noun_phrase(toks, i + 1) if i + 1 < len(toks) and toks[i + 1].is_word else None
        if j is None:
            raise FormError(f"no noun after the possessive {tok.text!r}")
        noun = toks[j]
        edits: list[Edit] = [(tok.start, toks[i + 1].start, "")]
        if i and toks[i - 1].low in VARIANTS:
            edits += self.preposition(toks[i - 1], toks[i + 1].text)
        gender, number = POSSESSIVE.get(tok.low, (None, "sing"))
        reading = Reading("gent", gender, number)
        return Site("possessive", reading, i, (noun.end, noun.end, " ", ""), tuple(edits))

    def noun(self, word: str) -> bool:
        return any(p.tag.POS == "NOUN" for p in parses(word)[:2])

    def phrase(self, item: Item, k: int, wants: list[Reading]) -> Phrase:
        """Candidate ``k`` as it is mentioned, parsed (the pronoun's readings settle ambiguous words)."""
        if not 0 <= k < len(item.candidates):
            raise FormError(f"no candidate {k}")
        cand = item.candidates[k]
        text = mention_text(item, k).strip()
        if not text:
            raise FormError(f"candidate {k} is empty")
        initial = cand.span is not None and sentence_initial(item.text, cand.span.start)
        if cand.span is None and text[:1].isupper():
            initial = True  # a source's answer is often capitalised: trust only the parse for names
        names, commons = self.spellings(item.text)
        return build(text, tuple(wants), initial, yo="ё" in item.text, names=names, commons=commons)

    @staticmethod
    @lru_cache(maxsize=1024)
    def spellings(text: str) -> tuple[frozenset[str], frozenset[str]]:
        """The words ``text`` writes capitalised mid-sentence (names), and in lower case; ё written е."""
        names, commons = set(), set()
        for tok in tokenize(text):
            if tok.is_word and tok.text[0].isalpha():
                if tok.text[0].islower():
                    commons.add(tok.low)
                elif not sentence_initial(text, tok.start):
                    names.add(tok.low)
        return frozenset(names), frozenset(commons)

    def preposition(self, prep: Token, form: str) -> list[Edit]:
        """"о" before a vowel is "об" ("об Адаме"), "с" before a cluster of с/з/ш/ж is "со", "в" before в/ф and a
        consonant is "во" ("во Владимире")."""
        first, second = form[:1].lower(), form[1:2].lower()
        cluster = bool(second) and second not in "аеёиоуыэюяь"
        new = prep.low
        if prep.low in ("о", "об"):
            new = "об" if first.upper() in VOWELS else "о"
        elif prep.low in ("с", "со"):
            new = "со" if cluster and first in "сзшжщ" else "с"
        elif prep.low in ("в", "во"):
            new = "во" if cluster and first in "вф" else "в"
        return [] if new == prep.low else [(prep.start, prep.end, same_case(prep.text, new))]
