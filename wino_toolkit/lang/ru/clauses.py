"""Clause openers: what the NLI hypothesis drops from the front of the clause that holds the pronoun.

Russian sets every subordinate clause off with commas, so the clause is the stretch between
punctuation marks; its conjunction goes ("потому что он слишком большой" → "Кубок слишком
большой."). A clause opened by a relative or question word cannot stand alone: "который он
купил" needs its antecedent, "кто он был" is a question; those items are skipped.

The time of the event stays with it, as in GLUE WNLI's hypotheses: a pronoun in a when-clause after
its main clause keeps that clause ("Том поставил шах Ральфу, когда Том подвинул слона."), and a
when- or until-clause after the pronoun's clause stays ("Он открыл глаза, когда ветер прекратился.").

Where the cut cannot be shown to be a sentence the premise asserts, the hypothesis is the whole text with the
candidate (the disambiguated sentence), which is always a hypothesis of the same label: a clause without its
own subject ("а потом обогнал его"), a gerund or participle phrase, a relative or question clause, and a
clause the text does not assert: inside a wish or purpose ("чтобы"), a condition ("если", and the whole
sentence around one), reported speech or thought ("сказал, что"), a subjunctive ("бы") or a question ("ли").
"""
from __future__ import annotations

from typing import Any, Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token
from .morphology import parses
from .prepositions import PREPOSITIONS
from .pronouns import PERSONAL
from .words import tokenize, top

__all__ = ["ClauseRules"]

#: what ends the clause the NLI hypothesis is cut from
CLAUSE_MARKS = frozenset(",;:.!?()–—…")
#: marks a clause without a predicate yet runs on over
RUN_ON = frozenset(",–—")

#: multi-word openers first, so "потому что" goes whole rather than "потому" alone
CLAUSE_OPENERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(opener.split())
    for opener in (
        "потому что", "так как", "так что", "после того как", "до того как", "перед тем как", "с тех пор как",
        "в то время как", "для того чтобы", "для того, чтобы", "если бы", "если", "хотя", "хоть", "когда",
        "пока", "чтобы", "что", "поэтому", "поскольку", "раз", "ведь", "но", "и", "а", "однако", "зато",
        "тогда", "как только", "как", "это потому", "или",
    )
)

#: words that open a clause which cannot stand alone as a sentence
DEPENDENT = frozenset(
    "который которая которое которые которого которой которому которым которых которыми котором которую "
    "кто кого кому кем ком чей чья чьё чье чьи почему зачем где куда откуда какой какая какое какие".split()
)

#: temporal conjunctions whose clause keeps the main clause before it when it holds the pronoun
TEMPORAL: tuple[tuple[str, ...], ...] = (("когда",), ("как", "только"))
#: clauses after the pronoun's that carry its time, and so stay in the hypothesis
TIME_AFTER: tuple[tuple[str, ...], ...] = (*TEMPORAL, ("пока",), ("до", "тех", "пор", "пока"))

#: openers of a clause the text does not assert: reported speech or thought, a wish or purpose, a condition
UNASSERTED_OPENERS = frozenset({("что",), ("чтобы",), ("для", "того", "чтобы"), ("если",), ("если", "бы")})
#: words that keep the clause holding them from being asserted (question, hearsay, wish, condition); "бы" stays
#: in the hypothesis, so a clause with it keeps its mood ("Утке бы лучше уплыть")
UNASSERTED_WORDS = frozenset("ли будто якобы словно чтобы если пусть".split())
#: predicates (lemmas, or the word) that presuppose their что-clause: it is asserted as much as they are
FACTIVE = frozenset(
    "знать понять понимать видеть увидеть заметить замечать узнать узнавать помнить вспомнить забыть жалеть "
    "пожалеть радоваться обрадоваться гордиться удивиться удивляться сожалеть обнаружить выяснить "
    "хорошо плохо жаль рад странно ясно понятно приятно обидно".split()
)
#: words before ", что" that make it a cause ("потому, что"), which is asserted
CAUSAL = frozenset("потому оттого затем тем так".split())
#: words that make the whole sentence around them conditional ("Если Петя опоздает, Маша на него обидится")
CONDITIONS = frozenset({"если"})
#: marks that end a sentence
SENTENCE_MARKS = frozenset(".!?…")
#: the genders a past verb shows
GENDERS = ("masc", "femn", "neut")

#: impersonal predicates: a clause with one needs no subject ("надо очистить", "придется убить")
IMPERSONAL = frozenset(
    "надо нужно можно нельзя пора жаль придется пришлось приходится хочется хотелось стоит стоило "
    "следует следовало удалось удается казалось кажется".split()
)


class ClauseRules:
    """The clause the NLI hypothesis is cut from, and whether it can stand alone."""

    def clause(self, toks: Sequence[Token], i: int) -> Sequence[Token]:
        """The tokens from the pronoun to the next clause mark."""
        out = []
        for tok in toks[i:]:
            if tok.text in CLAUSE_MARKS:
                break
            out.append(tok)
        return out

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause around the pronoun: between clause marks, without its conjunction; the whole text where
        that clause is no sentence the text asserts (module docstring).

        A stretch with no verb ("и её, наконец, услышали") runs on over commas to the one with it.
        """
        text = item.text
        toks = tokenize(text)
        i = next((n for n, t in enumerate(toks) if t.start == span.start), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a whole word of the text")
        a = self.clause_start(toks, i)
        b = self.clause_end(toks, a, i)
        openers = self.openers([t.low for t in toks[a:i]])
        cut = sum(map(len, openers))
        start = a + cut
        if not self.stands_alone(toks, start, b, i) or not self.asserted(toks, a, b):
            return 0, len(text)
        if openers and openers[-1] in TEMPORAL and a >= 2 and toks[a - 1].text == ",":
            main = self.clause_start(toks, a - 2)  # "Том поставил шах Ральфу, когда он ...": the main clause stays
            lead = self.opener([t.low for t in toks[main : a - 1]])
            if toks[main + lead].low not in DEPENDENT and self.has_predicate(toks[main + lead : a - 1]):
                start = main + lead
        elif b + 2 < len(toks) and toks[b + 1].text == "," and self.starts_with([t.low for t in toks[b + 2 : b + 6]], TIME_AFTER):
            b = self.clause_end(toks, b + 2, b + 2)  # "..., когда ветер прекратился": its time stays with it
        elif b + 2 < len(toks) and toks[b + 1].text == "," and toks[b + 2].low == "что" and top(toks[b].low).tag.POS in ("VERB", "INFN"):
            b = self.clause_end(toks, b + 2, b + 3)  # "она видела, что ...": the verb's object clause stays
        return toks[start].start, toks[b].end

    def asserted(self, toks: Sequence[Token], a: int, b: int) -> bool:
        """Whether the text asserts the clause ``a..b`` (from its conjunction on): not reported, wished, conditional
        or asked. A что-clause is asserted after a cause ("потому, что") or a factive predicate ("знала, что",
        "хорошо, что") whose own clause is asserted; after any other ("сказал, что", "думает, что") it is not."""
        openers = self.openers([t.low for t in toks[a : b + 1]])
        start = a + sum(map(len, openers))
        if any(t.low in UNASSERTED_WORDS for t in toks[start : b + 1]):
            return False
        if openers[-1:] == [("что",)] and a >= 2 and toks[a - 1].text == ",":
            governing = self.clause_start(toks, a - 2)
            if toks[a - 2].low not in CAUSAL and not (
                    self.factive(toks[governing : a - 1]) and self.asserted(toks, governing, a - 2)):
                return False
        elif any(o in UNASSERTED_OPENERS for o in openers):
            return False
        first, last = start, b
        while first > 0 and toks[first - 1].text not in SENTENCE_MARKS:
            first -= 1
        while last + 1 < len(toks) and toks[last].text not in SENTENCE_MARKS:
            last += 1
        return toks[last].text != "?" and not any(t.low in CONDITIONS for t in toks[first : last + 1])

    @staticmethod
    def factive(toks: Sequence[Token]) -> bool:
        """Whether the clause's last predicate presupposes its что-clause ("знала", "жалеет", "хорошо")."""
        for tok in reversed(toks):
            p = top(tok.low)
            if p.tag.POS in ("VERB", "INFN", "PRED", "ADJS", "PRTS", "ADVB"):
                return p.normal_form in FACTIVE or tok.low in FACTIVE
        return False

    def stands_alone(self, toks: Sequence[Token], start: int, b: int, i: int) -> bool:
        """Whether the clause ``start..b`` holding the pronoun (token ``i``) is a sentence: no relative or question
        clause, gerund or participle phrase, and a subject of its own (or none needed)."""
        if any(t.low in DEPENDENT for t in toks[start : i + 1]):
            return False  # "который он купил" needs its antecedent, "кто он был" is a question
        clause = [t for t in toks[start : b + 1] if t.is_word]
        finite = {"VERB", "PRED", "ADJS", "PRTS"}
        pos = {top(t.low).tag.POS for t in clause}
        if "GRND" in pos and not pos & finite:
            return False  # "заметив его старание"
        stretch = toks[self.clause_start(toks, i) : i + len(self.clause(toks, i))]  # the pronoun's, between marks
        own = {top(t.low).tag.POS for t in stretch if t.is_word}
        if "PRTF" in own and not own & finite and not any(t.text in "–—" for t in toks[start : b + 1]):
            return False  # "мальчик, увидевший его, закричал"
        return self.has_subject(toks, start, clause, toks[i])

    def has_subject(self, toks: Sequence[Token], start: int, clause: list[Token], pron: Token) -> bool:
        """Whether the clause names its subject, or needs none: impersonal, or a plural verb after its object ("и
        ему ответили") or that no earlier subject agrees with; "а потом обогнал его" has its subject outside."""
        if pron.low in PERSONAL and any(r.case == "nomn" for r in PERSONAL[pron.low]):
            return True
        if any(t.low in IMPERSONAL or top(t.low).tag.POS == "PRED" for t in clause if t is not pron):
            return True
        verb = next((top(t.low).tag for t in clause if top(t.low).tag.POS == "VERB"), None)
        if any(self.subject(toks, t, verb) for t in clause if t is not pron):
            return True
        if verb is None:
            return True
        if verb.person in ("1per", "2per") or not ("plur" in verb or ("neut" in verb and "past" in verb)):
            return False
        if clause.index(pron) < next(n for n, t in enumerate(clause) if top(t.low).tag.POS == "VERB"):
            return True  # "и ему ответили": the object first, the way an indefinite-personal clause goes
        first = start
        while first > 0 and toks[first - 1].text not in SENTENCE_MARKS:
            first -= 1
        return not any(self.subject(toks, t, verb) for t in toks[first:start] if t.is_word)

    @staticmethod
    def subject(toks: Sequence[Token], tok: Token, verb: Any | None) -> bool:
        """Whether ``tok`` may be the nominative subject of ``verb`` (any verb where None): not after a
        preposition, and agreeing with the verb in number (and, in the past singular, gender)."""
        n = toks.index(tok)
        if n and toks[n - 1].low in PREPOSITIONS:
            return False
        for p in parses(tok.low)[:2]:
            t = p.tag
            if t.case != "nomn" or not (t.POS in ("NOUN", "NPRO") or "Apro" in t):
                continue
            if verb is None:
                return True
            same_number = ("plur" in t) == ("plur" in verb)
            genderless = "past" not in verb or "plur" in verb or t.person in ("1per", "2per")  # "я не мог"
            if same_number and (genderless or any(g in verb and (g in t or "ms-f" in t) for g in GENDERS)):
                return True
        return False

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

    def opener(self, words: list[str]) -> int:
        """How many words at the start of a clause are its conjunctions ("но", "потому что")."""
        return sum(map(len, self.openers(words)))

    @staticmethod
    def openers(words: list[str]) -> list[tuple[str, ...]]:
        """The conjunctions at the start of a clause, in order ("а", "если")."""
        out: list[tuple[str, ...]] = []
        n = 0
        while True:
            for opener in CLAUSE_OPENERS:
                if tuple(words[n : n + len(opener)]) == opener and n + len(opener) <= len(words):
                    out.append(opener)
                    n += len(opener)
                    break
            else:
                return out

    def has_predicate(self, toks: Sequence[Token]) -> bool:
        return any(tok.is_word and top(tok.low).tag.POS in ("VERB", "PRED", "ADJS", "PRTS") or tok.low in IMPERSONAL for tok in toks)
