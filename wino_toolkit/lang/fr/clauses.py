"""Words that open a new clause, for the NLI hypothesis (the clause holding the pronoun ends there).

Each entry is a word sequence, elided spellings included, mapped to how it opens a clause:
``"coordinator"`` needs a subject after it (coordinators can join verb phrases, "et a déplacé son
fou", and "donc", "si" are also adverbs, "il est donc parti", "si grand"); ``"subordinator"``
always opens one; ``"subjunctive"`` opens one whose verb is subjunctive ("bien qu'il soit"), which
the hypothesis turns indicative (see :data:`.verbs.SUBJUNCTIVE`).

The clause rules (:class:`ClauseRules`) cut the hypothesis's clause at these openers, at punctuation and after
a verb's que-object, and keep a "si" condition with the clause it conditions.
"""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token
from .nouns import DETERMINERS
from .verbs import AUXILIARIES, SUBJUNCTIVE
from .words import ABBREVIATIONS, SUBJECT_WORDS, tokenize

__all__ = ["CLAUSE_OPENERS", "ClauseRules"]

SENTENCE_END = frozenset(".!?…")
CLAUSE_PUNCT = frozenset(",;:")


def _que(head: tuple[str, ...], kind: str) -> dict[tuple[str, ...], str]:
    return {(*head, "que"): kind, (*head, "qu'"): kind}


CLAUSE_OPENERS = {
    ("car",): "subordinator", ("quand",): "subordinator", ("lorsque",): "subordinator",
    ("lorsqu'",): "subordinator", ("puisque",): "subordinator", ("puisqu'",): "subordinator",
    ("quoique",): "subjunctive", ("quoiqu'",): "subjunctive",
    **_que(("parce",), "subordinator"), **_que(("alors",), "subordinator"), **_que(("tandis",), "subordinator"),
    **_que(("pendant",), "subordinator"), **_que(("après",), "subordinator"), **_que(("dès",), "subordinator"),
    **_que(("depuis",), "subordinator"), **_que(("si", "bien"), "subordinator"), **_que(("de", "sorte"), "subordinator"),
    **_que(("bien",), "subjunctive"), **_que(("pour",), "subjunctive"), **_que(("afin",), "subjunctive"),
    **_que(("avant",), "subjunctive"), **_que(("sans",), "subjunctive"), **_que(("à", "moins"), "subjunctive"),
    **_que(("jusqu'", "à", "ce"), "subjunctive"),
    ("mais",): "coordinator", ("et",): "coordinator", ("ou",): "coordinator", ("sinon",): "coordinator",
    ("donc",): "coordinator", ("alors",): "coordinator", ("puis",): "coordinator", ("ensuite",): "coordinator",
    ("si",): "coordinator", ("s'",): "coordinator",
}


# Verbs whose object is a que-clause (saying, thinking, knowing, perceiving): "Elle pense que ...",
# "Le docteur a informé Michel que ...". A pronoun inside that clause gets the clause alone as its NLI
# hypothesis, the frame cut, as GLUE WNLI cuts "X said that" and as the English rules do ("Kate had
# retired." from "Dr. Adams informed Kate that she had retired."); a relative "que" (after a noun) is not one.
#: regular -er verbs by stem: every form below is made from them (pense, pensent, pensait, pensaient, pensé(e)(s), pensa)
ER_STEMS = (
    "pens", "inform", "annonc", "expliqu", "affirm", "assur", "rappel", "racont", "espér", "espèr", "remarqu",
    "constat", "jur", "avou", "déclar", "ignor", "trouv", "estim", "suppos", "imagin", "soupçonn", "oubli",
    "montr", "signal", "prétend", "précis", "ajout", "murmur", "cri", "hurl", "chuchot", "répét", "confirm",
)
ER_ENDINGS = ("e", "es", "ent", "ait", "aient", "é", "ée", "és", "ées", "a", "èrent", "era", "eront")

#: irregular verbs, as written in the forms a narrative uses
IRREGULAR = frozenset(
    "dit disent disait disaient dirent croit croient croyait croyaient cru crut sait savent savait savaient su sut "
    "promet promettent promettait promis promit prévient préviennent prévenait prévenu prévint répond répondent "
    "répondait répondu répondit écrit écrivent écrivait écrivit comprend comprennent comprenait compris comprit "
    "apprend apprennent apprenait appris apprit admet admettent admettait admis admit voit voient voyait vu vit "
    "sent sentent sentait senti sentit craint craignent craignait craignit lit lisait lu lut".split()
)

COMPLETIVE_FORMS = frozenset({stem + ending for stem in ER_STEMS for ending in ER_ENDINGS} | IRREGULAR)


def _openers_by(edge: int) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """:data:`CLAUSE_OPENERS` indexed by their first (``edge=0``) or last (``-1``) word, in table order."""
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, kind in CLAUSE_OPENERS.items():
        out.setdefault(words[edge], []).append((words, kind))
    return out


OPENERS_BY_FIRST = _openers_by(0)
OPENERS_BY_LAST = _openers_by(-1)


class ClauseRules:
    """The clause the NLI hypothesis is cut from (see the module docstring)."""

    def indicative(self, clause: str) -> str:
        """The clause's first subjunctive verb made indicative ("la carafe soit vide" → "... est vide")."""
        for tok in tokenize(clause):
            if tok.low in SUBJUNCTIVE:
                return clause[: tok.start] + SUBJUNCTIVE[tok.low] + clause[tok.end :]
        return clause

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if t.start <= span.start < t.end), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a word of the text")
        return self.with_condition(item.text, toks, *self.bounds(item.text, toks, i))

    def with_condition(self, text: str, toks: Sequence[Token], start: int, end: int) -> tuple[int, int]:
        """The clause ``[start, end)`` widened to its "si" condition, or a "si" clause to the clause it conditions:
        neither holds alone ("Si Paul a faim, il mangera" does not say that anyone eats)."""
        inside = [n for n, t in enumerate(toks) if start <= t.start and t.end <= end]
        if not inside:
            return start, end
        first, last = inside[0], inside[-1]
        if first > 0 and self.opens_condition(toks, first - 1):
            opener = first - 1
            if opener > 0 and not self.ends_sentence(toks, opener - 1):  # "... vendra si elle ..."
                j = opener - 1 if toks[opener - 1].is_word else opener - 2
                if j >= 0:
                    return self.bounds(text, toks, j)[0], end
            if last + 2 < len(toks) and toks[last + 1].low in (",", "alors"):  # "Si elle ..., Marie ..."
                return toks[opener].start, self.bounds(text, toks, last + 2)[1]
            return toks[opener].start, end  # "Si la chance ... il aurait perdu": the main clause follows unmarked
        if first >= 2 and toks[first - 1].low in (",", "alors"):
            before = self.bounds(text, toks, first - 2)[0]
            opener = next((n for n, t in enumerate(toks) if t.start >= before), first) - 1
            if opener >= 0 and self.opens_condition(toks, opener):
                return toks[opener].start, end
        after = last + 1 + (last + 1 < len(toks) and toks[last + 1].text == ",")
        if after + 1 < len(toks) and self.opens_condition(toks, after):  # "Marie viendra(,) si ..."
            return start, self.bounds(text, toks, after + 1)[1]
        return start, end

    def opens_condition(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is the "si" (or "s'") that opens a clause, not the adverb of "si grand"."""
        return toks[j].low in ("si", "s'") and self.subject_follows(toks, j + 1)

    def bounds(self, text: str, toks: Sequence[Token], i: int) -> tuple[int, int]:
        """Start and end of the clause holding token ``i``.

        A clause ends at sentence punctuation, at , ; : and at a word of :data:`CLAUSE_OPENERS`.
        Going left, a comma or a coordinator counts only when a subject follows it, so that a
        verb phrase is not cut from its subject ("Thomas a dit ... et a déplacé son fou").
        """
        start = 0
        for j in range(i - 1, -1, -1):
            tok = toks[j]
            if self.ends_sentence(toks, j):
                start = tok.end
                break
            opener = "coordinator" if tok.text in CLAUSE_PUNCT else self.opener_ending(toks, j)
            if opener and (opener != "coordinator" or self.subject_follows(toks, j + 1)):
                start = tok.end
                break
            if self.completive(toks, j):  # "Elle pense que | le pull ...": the frame is cut
                start = tok.end
                break
        end = len(text)
        for j in range(i + 1, len(toks)):
            tok = toks[j]
            if self.ends_sentence(toks, j) or tok.text in CLAUSE_PUNCT or self.opener_starting(toks, j):
                end = tok.start
                break
        return start, end

    def completive(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is the "que" of a verb's object clause (:data:`COMPLETIVE_FORMS`): after the verb, or
        after the verb and its object ("a informé Michel que"), with a subject after it."""
        if toks[j].low not in ("que", "qu'") or not self.subject_follows(toks, j + 1):
            return False
        before = [t for t in toks[max(j - 3, 0) : j] if t.is_word]
        if before and before[-1].low in COMPLETIVE_FORMS:
            return True
        return len(before) >= 2 and before[-2].low in COMPLETIVE_FORMS and (before[-1].text[:1].isupper() or before[-1].low in ("lui", "leur", "me", "te", "nous", "vous"))

    def ends_sentence(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is a full stop (or ! ?) that ends a sentence, not an abbreviation's."""
        return toks[j].text in SENTENCE_END and not (toks[j].text == "." and j and toks[j - 1].low in ABBREVIATIONS)

    def opener_ending(self, toks: Sequence[Token], j: int) -> str | None:
        """The kind of the clause opener (see :data:`CLAUSE_OPENERS`) that ends with token ``j``, if any."""
        for words, kind in OPENERS_BY_LAST.get(toks[j].low, ()):
            n = len(words)
            if j + 1 >= n and tuple(t.low for t in toks[j + 1 - n : j + 1]) == words:
                return kind
        return None

    def opener_starting(self, toks: Sequence[Token], j: int) -> bool:
        """Whether a clause opener starts at token ``j`` (a coordinator only before a subject)."""
        return any(
            tuple(t.low for t in toks[j : j + len(words)]) == words
            and (kind != "coordinator" or self.subject_follows(toks, j + len(words)))
            for words, kind in OPENERS_BY_FIRST.get(toks[j].low, ())
        )

    def subject_follows(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` can open a clause as its subject: a pronoun, a determiner, a name."""
        if j >= len(toks):
            return False
        tok = toks[j]
        if tok.low in ("le", "la", "les", "l'") and j + 1 < len(toks) and toks[j + 1].low in AUXILIARIES:
            return False  # an object clitic before its verb ("et l'a invitée")
        return tok.low in SUBJECT_WORDS or tok.low in DETERMINERS or tok.low == "l'" or tok.text[:1].isupper()
