"""Clause openers: what the NLI hypothesis drops from the front of the clause that holds the pronoun.

Russian sets every subordinate clause off with commas, so the clause is the stretch between
punctuation marks; its conjunction goes ("потому что он слишком большой" → "Кубок слишком
большой."). A clause opened by a relative or question word cannot stand alone: "который он
купил" needs its antecedent, "кто он был" is a question; those items are skipped.

The time of the event stays with it, as in GLUE WNLI's hypotheses: a pronoun in a when-clause after
its main clause keeps that clause ("Том поставил шах Ральфу, когда Том подвинул слона."), and a
when- or until-clause after the pronoun's clause stays ("Он открыл глаза, когда ветер прекратился.").
"""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token
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
