"""Russian: the candidate put in the pronoun's case, with the agreement that moves with it.

Russian marks case on the noun, so a candidate cannot go in verbatim ("потому что организаторам
митинга опасались"): pymorphy3 (the ``ru`` extra) parses it and puts it in the case the pronoun had.

- a personal pronoun (он, его, ему, им, нём, ...) becomes the candidate in the pronoun's case and
  the candidate's own number: "Я дал ему книгу" → "Я дал мальчику книгу"; after a preposition the
  н-forms take the case the preposition governs ("о нём" → "о мальчике", "к нему" → "к мальчику";
  "о" becomes "об" before a vowel); его/её/их without a preposition are accusative, genitive
  after a quantity word or a verb that takes the genitive (:mod:`.governed`); forms that read
  two ways (им: dative plural or instrumental singular) take the reading whose number the
  candidates have; a foreign name that does not decline ("Гете", a woman's "Бетт") stays as written;
- a subject pronoun's predicate is made to agree with the candidate: a past verb in gender and
  number, a present one in number, the adjective or participle after a link verb ("она была
  голодна" → "кот был голоден"). Where a word of the clause still agrees with the pronoun and the
  rules cannot tell whether it is the predicate, the item is skipped;
- a possessive (его/её/их before a noun phrase, and свой) goes, and the candidate follows the
  possessed noun in the genitive: "его слона" → "слона Тома", "в своих руках" → "в руках отца";
- punctuation on the pronoun's token stays ("ему," keeps its comma); a sentence that now opens
  with the candidate or a common noun is capitalised, a sentence-initial common noun in the
  candidate is written in lower case mid-sentence ("Кубок" → "кубок"), names keep their capital.

The NLI hypothesis is the clause holding the pronoun (Russian sets clauses off with commas)
without its conjunction (:mod:`.clauses`), following GLUE WNLI's conventions: a when-clause keeps
its main clause, a time clause or the verb's что-object after it stays, a dash standing for the link
verb is no boundary; a relative or question clause, or one whose subject is outside it, is skipped. The blank form puts ``_`` where the candidate goes, with options in the
pronoun's case; where the options would need different agreement around the blank, it is skipped.
Anything else raises :class:`~wino_toolkit.errors.FormError` with the reason.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple, Sequence

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Edit, Language, apply, mention_text, sentence_initial
from .clauses import CLAUSE_OPENERS, DEPENDENT, TEMPORAL, TIME_AFTER
from .governed import ABSENCE, DEGREE, GENITIVE_VERBS, QUANTIFIERS, QUANTITY_LINKS
from .morphology import parses
from .phrases import Phrase, build, gender_fits, number_of, same_case
from .predicates import AGREEING_POS, BETWEEN, COORDINATORS, COPULAS, IMPERSONAL, PRONOUN_MODIFIERS
from .prepositions import PREPOSITIONS, VARIANTS
from .pronouns import GRAMMEME_NAMES, PERSONAL, POSSESSIVE, REFLEXIVE, Reading

__all__ = ["Russian"]

TOKEN = re.compile(r"\w+(?:-\w+)*|[^\w\s]")
#: what ends the clause the NLI hypothesis is cut from
CLAUSE_MARKS = frozenset(",;:.!?()–—…")
SENTENCE_MARKS = frozenset(".!?…")
#: marks a clause without a predicate yet runs on over
RUN_ON = frozenset(",–—")
VOWELS = frozenset("аоуэиыАОУЭИЫ")
CASE_NAMES = {"nomn": "nominative", "gent": "genitive", "datv": "dative", "accs": "accusative", "ablt": "instrumental", "loct": "prepositional"}


class Token(NamedTuple):
    start: int
    end: int
    text: str
    low: str  # lower case, ё written е

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


@lru_cache(maxsize=4096)
def tokenize(text: str) -> tuple[Token, ...]:
    """The tokens of ``text``; memoised, as every form asks again for the same texts and clauses."""
    return tuple(Token(m.start(), m.end(), m.group(), m.group().lower().replace("ё", "е")) for m in TOKEN.finditer(text))


def top(word: str) -> Any:
    return parses(word)[0]


class Site(NamedTuple):
    """Where the candidate goes and what goes with it, for one pronoun in one text."""

    kind: str  # "personal" or "possessive"
    reading: Reading  # the pronoun's case, gender and number (a possessive: genitive)
    index: int  # the pronoun's token
    slot: tuple[int, int, str, str]  # replace text[start:end] with before + candidate + after
    edits: tuple[Edit, ...]  # what changes whatever the candidate (a possessive taken out)


class Rewrite(NamedTuple):
    """A text rewritten for one candidate: the edits besides the slot, the slot, the candidate's form."""

    edits: list[Edit]
    slot: tuple[int, int, str, str]
    form: str

    def text(self, text: str, form: str | None = None) -> str:
        start, end, before, after = self.slot
        return apply(text, [*self.edits, (start, end, before + (self.form if form is None else form) + after)])


@register_language
class Russian(Language):
    """Pronouns replaced by the candidate in their case, with agreement; see the module docstring."""

    code = "ru"
    name = "Russian"
    aliases = ("ru-RU",)

    # -- public API ---------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        """The pronoun's word: a token carrying punctuation ("ему,") leaves the punctuation in the text."""
        span = super().reference(item)
        if span.is_slot:
            raise FormError("the Russian rules need the pronoun itself; a zero-anaphora slot is not handled")
        m = re.search(r"\w+", span.text)
        if m is None:
            raise FormError(f"the referring expression {span.text!r} holds no word")
        start = span.start + m.start()
        return Span(start, start + len(m.group()), m.group())

    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        rw = self.rewrite(item, item.text, span, k)
        return self.capitalise(rw.text(item.text), rw)

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end = self.clause_bounds(item, span)
        clause = item.text[start:end]
        inner = Span(span.start - start, span.end - start, span.text)
        rw = self.rewrite(item, clause, inner, k)  # first: a marked span that is no pronoun says so
        self.needs_subject(clause, inner)
        return self.sentence(rw.text(clause).strip())

    def blank(self, item: Item) -> tuple[str, Span]:
        span = self.reference(item)
        rewrites = self.both(item, span)
        start, end, before, _ = rewrites[0].slot
        text = rewrites[0].text(item.text, self.BLANK)
        # edits before the slot (a possessive taken out) move it
        shift = sum(len(new) - (e - s) for s, e, new in rewrites[0].edits if e <= start)
        at = start + shift + len(before)
        return text, Span(at, at + len(self.BLANK), self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        """Candidate ``k`` as it fills the blank: capitalised only where the blank opens a sentence (judged in
        the blank text, where edits before the slot, such as a possessive taken out, have moved it)."""
        text, at = self.blank(item)
        rw = self.both(item, self.reference(item))[k]
        return same_case("A", rw.form) if sentence_initial(text, at.start) else rw.form

    # -- what the minimal-edit guard allows --------------------------------------------------
    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """A possessive's noun phrase, which the rules rewrite whole ("его пустой стакан" → "пустой стакан
        Джима"); the pronoun alone elsewhere."""
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if (t.start, t.end) == (span.start, span.end)), None)
        if i is None:
            return span.start, span.end
        try:
            site = self.site(item, item.text, toks, i)
        except FormError:
            return span.start, span.end
        return span.start, max(span.end, site.slot[1])

    def may_agree(self, old: str, new: str) -> bool:
        """Another form of the same word (lemma and part of speech) of a kind that agrees: a verb, an
        adjective or participle, a pronoun, a numeral; or another form of one preposition ("о" / "об")."""
        if super().may_agree(old, new):
            return True
        a, b = old.lower().replace("ё", "е"), new.lower().replace("ё", "е")
        if a in VARIANTS or b in VARIANTS:
            return VARIANTS.get(a) is not None and VARIANTS.get(a) == VARIANTS.get(b)
        if not (TOKEN.fullmatch(a) and TOKEN.fullmatch(b) and a[0].isalpha() and b[0].isalpha()):
            return False
        lemmas = {(p.normal_form, p.tag.POS) for p in parses(a) if p.tag.POS in AGREEING_POS}
        return any((p.normal_form, p.tag.POS) in lemmas for p in parses(b))

    # -- the rewrite --------------------------------------------------------------------------
    def both(self, item: Item, span: Span) -> list[Rewrite]:
        """The rewrite for every candidate, when they differ only in the words that fill the slot."""
        rewrites = [self.rewrite(item, item.text, span, k) for k in range(len(item.candidates))]
        first = rewrites[0]
        for rw in rewrites[1:]:
            if rw.slot != first.slot or sorted(rw.edits) != sorted(first.edits):
                raise FormError("the options need different agreement around the blank (gender or number), so no one blank text fits them all")
        return rewrites

    def rewrite(self, item: Item, text: str, span: Span, k: int) -> Rewrite:
        """``text`` with the pronoun at ``span`` replaced by candidate ``k``."""
        toks = tokenize(text)
        i = next((n for n, t in enumerate(toks) if (t.start, t.end) == (span.start, span.end)), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a whole word of the text")
        site = self.site(item, text, toks, i)
        np = self.phrase(item, k, [site.reading] if site.kind == "personal" else self.readings(toks[i].low))
        form = np.form(site.reading.case)
        edits = list(site.edits)
        if site.kind == "personal" and site.reading.case == "nomn":
            edits += self.agreement(toks, i, site.reading, np, yo=np.yo)
        if i and toks[i - 1].low in ("о", "об", "с", "со") and site.kind == "personal":
            edits += self.preposition(toks[i - 1], form)
        if i and site.kind == "personal":
            edits += self.modifier(toks[i - 1], site.reading, np)
        return Rewrite(edits, site.slot, form)

    def modifier(self, tok: Token, pron: Reading, np: Phrase) -> list[Edit]:
        """A word before the pronoun that agrees with it ("сама она" → "сам Пётр") takes the candidate's gender
        and number; any other agreeing word there ("бедная она") stops the item."""
        parse = next((p for p in parses(tok.low)[:2] if p.tag.POS in ("ADJF", "PRTF") and p.tag.case == pron.case
                      and self.matches(p.tag, Reading(pron.case, pron.gender, pron.number))), None)
        if parse is None or (np.number == pron.number and (np.number == "plur" or np.gender == pron.gender)):
            return []
        if parse.normal_form not in PRONOUN_MODIFIERS and pron.case != "nomn":
            return []  # "увидевший его": a participle governing its object, not agreeing with it
        if parse.normal_form not in PRONOUN_MODIFIERS:
            raise FormError(f"{tok.text!r} before the pronoun agrees with it, and the rules cannot tell how it must change")
        want = {pron.case, np.number} | ({np.gender} if np.number == "sing" and np.gender else set())
        out = parse.inflect(want)
        if out is None or (np.number == "sing" and np.gender is None):
            raise FormError(f"pymorphy3 cannot make {tok.text!r} agree with the candidate")
        return [(tok.start, tok.end, same_case(tok.text, out.word))]

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
        if len(numbers) != 1:
            raise FormError(f"the candidates differ in number, so they do not tell whether the pronoun is "
                            f"{' or '.join(map(str, readings))}")
        number = numbers.pop()
        return tuple(r for r in readings if r.number == number) or readings

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
        near = [t for t in toks[max(i - 2, 0) : i + 3] if t.is_word and t is not toks[i]]
        return any(p.normal_form in GENITIVE_VERBS for t in near for p in parses(t.low)[:1] if p.tag.POS in ("VERB", "INFN"))

    def possessed(self, toks: Sequence[Token], i: int, governed: bool) -> bool:
        """Whether его/её/их at ``i`` is a possessive: a noun phrase follows it ("его слона", not "его открыть")."""
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is None or not nxt.is_word:
            return False
        if governed:
            return True  # "в его руках": a personal pronoun after a preposition takes the н-form
        if top(nxt.low).tag.POS not in ("NOUN", "ADJF", "PRTF") or nxt.low in QUANTIFIERS:
            return False
        # "отдала её брату": a transitive verb's object, then a noun that cannot be accusative
        prev = toks[i - 1] if i else None
        transitive = prev is not None and any(p.tag.POS in ("VERB", "INFN") and "tran" in p.tag for p in parses(prev.low)[:1])
        return not transitive or any(p.tag.case == "accs" for p in parses(nxt.low))

    def possessive(self, text: str, toks: Sequence[Token], i: int) -> Site:
        """"его слона" → "слона" + candidate: the possessive goes, the genitive follows the noun."""
        tok = toks[i]
        j = i + 1
        # adjectives up to the noun; one that reads as a noun too ("красную") when a noun or adjective follows
        while j + 1 < len(toks) and toks[j].is_word and top(toks[j].low).tag.POS in ("ADJF", "PRTF") and (
                not self.noun(toks[j].low) or (toks[j + 1].is_word and top(toks[j + 1].low).tag.POS in ("NOUN", "ADJF", "PRTF"))):
            j += 1
        if j >= len(toks) or not toks[j].is_word or not self.noun(toks[j].low):
            raise FormError(f"no noun after the possessive {tok.text!r}")
        noun = toks[j]
        removal = (tok.start, toks[i + 1].start, "")
        gender, number = POSSESSIVE.get(tok.low, (None, "sing"))
        reading = Reading("gent", gender, number)
        return Site("possessive", reading, i, (noun.end, noun.end, " ", ""), (removal,))

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
        """"о" before a vowel is "об" ("об Адаме"), "с" before a cluster of с/з/ш/ж is "со"."""
        first = form[:1]
        new = prep.low
        if prep.low in ("о", "об"):
            new = "об" if first in VOWELS else "о"
        elif prep.low in ("с", "со"):
            new = "со" if len(form) > 1 and first.lower() in "сзшжщ" and form[1].lower() not in "аеёиоуыэюя" else "с"
        return [] if new == prep.low else [(prep.start, prep.end, same_case(prep.text, new))]

    # -- agreement ----------------------------------------------------------------------------
    def agreement(self, toks: Sequence[Token], i: int, pron: Reading, np: Phrase, yo: bool = True) -> list[Edit]:
        """The subject's predicate made to agree with the candidate instead of the pronoun.

        From the pronoun on: words of :data:`.predicates.BETWEEN` and adverbs are passed over; a
        verb, a short adjective or participle, or (after a link verb) a full adjective agreeing
        with the pronoun is re-inflected; a second verb after "и" too. Any other word of the
        clause that still agrees with the pronoun and not the candidate stops the item.
        """
        gender = np.gender or pron.gender
        if np.number == pron.number and (np.number == "plur" or gender == pron.gender or pron.gender is None):
            return []
        if np.number == "sing" and gender is None:
            raise FormError("the candidate's gender does not show, so the verb cannot be made to agree")
        new = Reading("nomn", gender, np.number)
        edits: list[Edit] = []
        j, copula = i + 1, False
        while j < len(toks) and toks[j].is_word:
            tok = toks[j]
            parse = self.agreeing(tok.low, pron, copula)
            if parse is not None:
                word = self.inflect(parse, new)
                edits.append((tok.start, tok.end, same_case(tok.text, word if yo else word.replace("ё", "е"))))
                copula = copula or (parse.tag.POS == "VERB" and parse.normal_form in COPULAS)
                if parse.tag.POS in ("ADJF", "PRTF") and j + 1 < len(toks) and self.noun(toks[j + 1].low) and top(toks[j + 1].low).tag.POS == "NOUN":
                    raise FormError(f"the predicate noun phrase at {tok.text!r} would have to change too")
            elif tok.low in BETWEEN or top(tok.low).tag.POS in ("ADVB", "PRCL", "COMP"):
                pass
            elif tok.low in COORDINATORS and edits and j + 1 < len(toks) and self.agreeing(toks[j + 1].low, pron, False) is not None:
                pass
            else:
                break
            j += 1
        done = {e[0] for e in edits}
        for tok in self.clause(toks, i)[1:]:
            if tok.start not in done and tok.is_word and self.agreeing(tok.low, pron, True, strict=True) is not None:
                raise FormError(f"{tok.text!r} may agree with the pronoun {toks[i].text!r}, and the rules cannot tell whether it must change")
        return edits

    def agreeing(self, word: str, pron: Reading, copula: bool, strict: bool = False) -> Any | None:
        """The parse of ``word`` as a predicate agreeing with ``pron`` (None if it is not one).

        ``strict``: only a parse that shows the pronoun's gender or number and not the candidate's
        counts (the check for words the rules passed over).
        """
        found = parses(word)[:3] if not strict else parses(word)[:1]
        if copula:  # after a link verb a short adjective is the predicate, however rare the reading ("оказалось мало")
            found = (*found, *(p for p in parses(word) if p.tag.POS in ("ADJS", "PRTS")))
        for p in found:
            t = p.tag
            pos = t.POS
            if pos == "VERB" and "past" in t:
                ok = self.matches(t, pron)
            elif pos == "VERB" and "3per" in t:
                ok = number_of(t) == pron.number
            elif pos in ("ADJS", "PRTS"):
                ok = self.matches(t, pron)
            elif pos in ("ADJF", "PRTF") and not strict and (t.case == "nomn" or (copula and t.case == "ablt")):
                ok = self.matches(t, pron) and (copula or t.case == "nomn")
            else:
                ok = False
            if ok:
                return p
        return None

    @staticmethod
    def matches(tag: Any, pron: Reading) -> bool:
        if number_of(tag) != pron.number:
            return False
        return pron.number == "plur" or gender_fits(tag, pron.gender)

    @staticmethod
    def inflect(parse: Any, new: Reading) -> str:
        want = {new.number} if new.number == "plur" or "pres" in parse.tag or "futr" in parse.tag else {new.gender, new.number}
        out = parse.inflect(want)
        if out is None:
            subject = " ".join(GRAMMEME_NAMES.get(g, g) for g in (new.gender, new.number) if g)
            raise FormError(f"pymorphy3 cannot make {parse.word!r} agree with a {subject} subject")
        return out.word

    def clause(self, toks: Sequence[Token], i: int) -> Sequence[Token]:
        """The tokens from the pronoun to the next clause mark."""
        out = []
        for tok in toks[i:]:
            if tok.text in CLAUSE_MARKS:
                break
            out.append(tok)
        return out

    # -- capitals and clauses ------------------------------------------------------------------
    def capitalise(self, text: str, rw: Rewrite) -> str:
        """A sentence that now opens with the change starts with a capital."""
        at = min([rw.slot[0] + len(rw.slot[2]), *(e[0] for e in rw.edits)])
        while at < len(text) and text[at].isspace():
            at += 1
        if at < len(text) and sentence_initial(text, at):
            return text[:at] + text[at].upper() + text[at + 1 :]
        return text

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause around the pronoun: between clause marks, without its conjunction.

        A stretch with no verb ("и её, наконец, услышали") runs on over commas to the one with it.
        """
        text = item.text
        toks = tokenize(text)
        i = next((n for n, t in enumerate(toks) if t.start == span.start), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a whole word of the text")
        a = self.clause_start(toks, i)
        b = self.clause_end(toks, a, i)
        words = [t.low for t in toks[a:i]]
        cut = self.opener(words)
        if a + cut < len(toks) and toks[a + cut].low in DEPENDENT:
            raise FormError(f"the pronoun is in a clause opened by {toks[a + cut].text!r}, which cannot stand alone")
        if any(t.low in DEPENDENT for t in toks[a + cut : i]):
            raise FormError("the pronoun is in a relative or question clause, which cannot stand alone")
        start = a + cut
        if self.ends_with(words[:cut], TEMPORAL) and a >= 2 and toks[a - 1].text == ",":
            main = self.clause_start(toks, a - 2)  # "Том поставил шах Ральфу, когда он ...": the main clause stays
            lead = self.opener([t.low for t in toks[main : a - 1]])
            if toks[main + lead].low not in DEPENDENT and self.has_predicate(toks[main + lead : a - 1]):
                start = main + lead
        elif b + 2 < len(toks) and toks[b + 1].text == "," and self.starts_with([t.low for t in toks[b + 2 : b + 6]], TIME_AFTER):
            b = self.clause_end(toks, b + 2, b + 2)  # "..., когда ветер прекратился": its time stays with it
        elif b + 2 < len(toks) and toks[b + 1].text == "," and toks[b + 2].low == "что" and top(toks[b].low).tag.POS in ("VERB", "INFN"):
            b = self.clause_end(toks, b + 2, b + 3)  # "она видела, что ...": the verb's object clause stays
        return toks[start].start, toks[b].end

    @staticmethod
    def clause_start(toks: Sequence[Token], i: int) -> int:
        """The first token of the clause holding token ``i`` (after the last clause mark before it)."""
        while i > 0 and toks[i - 1].text not in CLAUSE_MARKS:
            i -= 1
        return i

    def clause_end(self, toks: Sequence[Token], a: int, i: int) -> int:
        """The last token of the clause from ``a`` holding token ``i``: a stretch with no verb runs on over commas
        and dashes ("Она – очаровательная девочка": the dash stands for the link verb)."""
        b = i
        while True:
            while b + 1 < len(toks) and toks[b + 1].text not in CLAUSE_MARKS:
                b += 1
            if self.has_predicate(toks[a : b + 1]) or b + 2 >= len(toks) or toks[b + 1].text not in RUN_ON:
                return b
            b += 1

    @staticmethod
    def starts_with(words: list[str], openers: tuple[tuple[str, ...], ...]) -> bool:
        return any(tuple(words[: len(o)]) == o for o in openers)

    @staticmethod
    def ends_with(words: list[str], openers: tuple[tuple[str, ...], ...]) -> bool:
        return any(len(words) >= len(o) and tuple(words[len(words) - len(o) :]) == o for o in openers)

    def opener(self, words: list[str]) -> int:
        """How many words at the start of a clause are its conjunctions ("но", "потому что")."""
        n = 0
        while True:
            for opener in CLAUSE_OPENERS:
                if tuple(words[n : n + len(opener)]) == opener and n + len(opener) <= len(words):
                    n += len(opener)
                    break
            else:
                return n

    def has_predicate(self, toks: Sequence[Token]) -> bool:
        return any(tok.is_word and top(tok.low).tag.POS in ("VERB", "PRED", "ADJS", "PRTS") or tok.low in IMPERSONAL for tok in toks)

    def needs_subject(self, clause: str, span: Span) -> None:
        """Refuse a hypothesis whose clause has no subject: "но не захотел его повторить" names nobody."""
        toks = tokenize(clause)
        pron = next((t for t in toks if t.start == span.start), None)
        pos = {top(t.low).tag.POS for t in toks if t.is_word}
        if "GRND" in pos and not pos & {"VERB", "PRED", "ADJS", "PRTS"}:
            raise FormError("the pronoun is in a gerund phrase, which is not a clause that can stand alone")
        if pron is not None:  # the pronoun's own stretch up to the next mark: "мальчик, увидевший его, закричал"
            stretch = [t for t in toks if t.start <= pron.start] + list(self.clause(toks, toks.index(pron)))
            stretch = stretch[max((n + 1 for n, t in enumerate(stretch) if t.text in CLAUSE_MARKS), default=0) :]
            own = {top(t.low).tag.POS for t in stretch if t.is_word}
            if "PRTF" in own and not own & {"VERB", "PRED", "ADJS", "PRTS"} and not any(t.text in "–—" for t in toks):
                raise FormError("the pronoun is in a participle phrase, which is not a clause that can stand alone")
        if pron is not None and pron.low in PERSONAL and any(r.case == "nomn" for r in PERSONAL[pron.low]):
            return
        for tok in toks:
            if tok is pron or not tok.is_word:
                continue
            p = top(tok.low)
            if tok.low in IMPERSONAL or p.tag.POS == "PRED":
                return
            if p.tag.case == "nomn" and (p.tag.POS in ("NOUN", "NPRO") or "Apro" in p.tag):
                return
        verb = next((top(t.low) for t in toks if t.is_word and top(t.low).tag.POS == "VERB"), None)
        if verb is None:
            return
        t = verb.tag
        if ("plur" in t and ("past" in t or "3per" in t)) or ("neut" in t and "past" in t) or t.person in ("1per", "2per"):
            return
        raise FormError("the clause around the pronoun has its subject outside it, so it cannot stand alone as a hypothesis")
