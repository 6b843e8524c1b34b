"""Words that open a new clause, for the NLI hypothesis (the clause holding the pronoun ends there).

Each entry is a word sequence, elided spellings included, mapped to how it opens a clause:
``"coordinator"`` needs a subject after it (coordinators can join verb phrases, "et a déplacé son
fou", and "donc", "si" are also adverbs, "il est donc parti", "si grand"); ``"subordinator"``
always opens one; ``"subjunctive"`` opens one whose verb is subjunctive ("bien qu'il soit"), which
the hypothesis turns indicative (see :data:`.verbs.SUBJUNCTIVE`).

The clause rules (:class:`ClauseRules`) cut the hypothesis's clause at these openers, at punctuation and after
a factive verb's que-object, and keep a "si" condition with the clause it conditions. Where the clause is not
asserted (after :data:`UNASSERTED_OPENERS`, or inside a clause that reports) or is no sentence on its own (no
subject, an apposition, cut from its complement by an incise), the hypothesis is the whole sentence.
"""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token
from .nouns import DETERMINERS
from .pronouns import PRONOUNS
from .verbs import AUXILIARIES, SUBJUNCTIVE
from .words import (
    ABBREVIATIONS,
    ADVERBS,
    PREPOSITIONS,
    QUANTIFIERS,
    SUBJECT_WORDS,
    tokenize,
)

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


# Verbs whose object is a que-clause. A factive one (knowing, learning, noticing, informing: "Paul sait que ...")
# presupposes the clause, so a pronoun inside it gets the clause alone as its NLI hypothesis, the frame cut, as GLUE
# WNLI cuts "X knew that" ("Kate had retired." from "Dr. Adams informed Kate that she had retired."). A reporting,
# believing or wishing one ("dit que", "pense que", "espère que", "veut que") does not: its clause is not asserted
# ("Paul pense que Marc l'a trahi" does not say that Marc did), so the frame stays in the hypothesis. A relative
# "que" (after a noun) is neither.
#: regular -er verbs by stem: every form below is made from them (informe, informent, informait, informé(e)(s), informa)
FACTIVE_ER_STEMS = (
    "inform", "expliqu", "rappel", "remarqu", "constat", "avou", "ignor", "oubli", "montr", "signal", "confirm",
    "regrett", "découvr",
)
REPORTING_ER_STEMS = (
    "pens", "annonc", "affirm", "assur", "racont", "espér", "espèr", "jur", "déclar", "trouv", "estim", "suppos",
    "imagin", "soupçonn", "prétend", "précis", "ajout", "murmur", "cri", "hurl", "chuchot", "répét", "rêv",
    "souhait", "exig", "demand", "préfér", "préfèr", "ordonn", "aim",
)
ER_ENDINGS = ("e", "es", "ent", "ait", "aient", "é", "ée", "és", "ées", "a", "èrent", "era", "eront", "erait", "eraient")

#: irregular verbs, as written in the forms a narrative uses
FACTIVE_IRREGULAR = frozenset(
    "sait savent savait savaient su sut comprend comprennent comprenait compris comprit apprend apprennent apprenait"
    " appris apprit admet admettent admettait admis admit voit voient voyait vu vit découvert découvrit".split()
)
REPORTING_IRREGULAR = frozenset(
    "dit disent disait disaient dirent croit croient croyait croyaient cru crut promet promettent promettait promis"
    " promit prévient préviennent prévenait prévenu prévint répond répondent répondait répondu répondit écrit écrivent"
    " écrivait écrivit sent sentent sentait senti sentit craint craignent craignait craignit lit lisait lu lut veut"
    " veulent voulait voulaient voudrait voudraient voulu prétendu".split()
)


def _forms(stems: tuple[str, ...], irregular: frozenset[str]) -> frozenset[str]:
    return frozenset({stem + ending for stem in stems for ending in ER_ENDINGS} | irregular)


#: verbs whose que-clause is asserted: the hypothesis is cut after their "que"
FACTIVE_FORMS = _forms(FACTIVE_ER_STEMS, FACTIVE_IRREGULAR)
#: verbs whose que-clause is not asserted: the hypothesis keeps them
REPORTING_FORMS = _forms(REPORTING_ER_STEMS, REPORTING_IRREGULAR)

#: openers whose clause the sentence does not assert: a purpose, a time not reached, an exclusion, an alternative
#: ("pour qu'il puisse partir", "avant que le chien le trouve", "sinon Paul l'attendra")
UNASSERTED_OPENERS = frozenset({
    *(("pour", q) for q in ("que", "qu'")), *(("afin", q) for q in ("que", "qu'")), *(("avant", q) for q in ("que", "qu'")),
    *(("sans", q) for q in ("que", "qu'")), *(("à", "moins", q) for q in ("que", "qu'")),
    *(("jusqu'", "à", "ce", q) for q in ("que", "qu'")), ("sinon",),
})
#: coordinators that end a factive que-clause before a verb without a subject: the verb is the frame's
#: ("Le docteur a informé Michel qu'il avait un cancer et a évoqué son traitement"), and a conjunct alone is entailed
COORDINATORS = frozenset("et mais ou puis".split())
#: words before "si" that make one opener with it ("comme si", "même si")
BEFORE_SI = frozenset({"comme", "même"})
#: relative pronouns: a clause cut after a comma that has one near its start is an apposition ("Nadia, la voisine
#: qui l'avait soignée"), a noun phrase without a verb of its own
RELATIVES = frozenset("qui dont où lequel laquelle lesquels lesquelles".split())
#: at most this many words between commas count as an incise inside a clause ("Il a tendu, sans un mot, la gourde")
INCISE_WORDS = 5


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
        """The clause the hypothesis is cut from: the pronoun's clause with its "si" condition; the whole sentence where
        that clause is not asserted (:meth:`asserted`) or is no sentence on its own (:meth:`complete`), since the
        sentence with the pronoun replaced is always a hypothesis of the same label."""
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if t.start <= span.start < t.end), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a word of the text")
        clause = self.bounds(item.text, toks, i)
        widened = self.with_condition(item.text, toks, *clause)
        if widened != clause:
            return widened
        inside = [n for n, t in enumerate(toks) if clause[0] <= t.start and t.end <= clause[1]]
        if self.asserted(item.text, toks, inside[0]) and self.complete(toks, i, inside[0], inside[-1]):
            return clause
        return self.sentence_bounds(item.text, toks, i)

    def sentence_bounds(self, text: str, toks: Sequence[Token], i: int) -> tuple[int, int]:
        """Start and end (before its full stop) of the sentence holding token ``i``."""
        start = next((toks[j].end for j in range(i - 1, -1, -1) if self.ends_sentence(toks, j)), 0)
        end = next((toks[j].start for j in range(i + 1, len(toks)) if self.ends_sentence(toks, j)), len(text))
        return start, end

    def asserted(self, text: str, toks: Sequence[Token], first: int) -> bool:
        """Whether the sentence asserts the clause that opens at token ``first``: not after an opener of
        :data:`UNASSERTED_OPENERS` ("pour qu'il puisse partir"), and after another opener that hangs on a clause
        ("Lucas raconte que Tom est parti parce qu'il ..."), only where that clause is asserted and reports nothing."""
        words = self.opener_words(toks, first - 1) if first > 0 else None
        if words is None:
            return True  # the sentence's start, a comma, a factive "que"
        if words in UNASSERTED_OPENERS:
            return False
        k = first - 1 - len(words)
        if k < 0 or not toks[k].is_word:
            return True  # the opener follows punctuation: the clause is the sentence's own
        outer_start, _ = self.bounds(text, toks, k)
        outer = next(n for n, t in enumerate(toks) if t.start >= outer_start)
        reports = any(self.completive(toks, j, REPORTING_FORMS) for j in range(outer, k + 1))
        return not reports and self.asserted(text, toks, outer)

    def complete(self, toks: Sequence[Token], i: int, first: int, last: int) -> bool:
        """Whether the clause from token ``first`` to ``last`` (the pronoun at ``i``) is a sentence on its own: it opens
        with a subject ("Pour le remercier", "En le voyant", "puis la salua" do not), is no apposition ("Nadia, la
        voisine qui l'avait soignée") and is not cut from its complement by an incise ("Il a tendu, sans un mot, la
        gourde à Léo")."""
        return (self.opens_with_subject(toks, first, i) and not self.apposition(toks, first)
                and not self.before_incise(toks, last) and not self.after_incise(toks, first))

    def opens_with_subject(self, toks: Sequence[Token], first: int, i: int) -> bool:
        """Whether token ``first`` opens a subject: the pronoun as subject (or a possessive's noun phrase), a subject
        word, a determiner (not a clitic before its auxiliary), or a name (a capitalised word that is no preposition,
        participle or adjective before its complement: "Voyant", "Furieux contre lui")."""
        tok = toks[first]
        nxt = toks[first + 1] if first + 1 < len(toks) else None
        if first == i:
            return PRONOUNS[tok.low].kind in ("subject", "possessive")
        if tok.low in ("le", "la", "les", "l'") and nxt is not None and nxt.low in AUXILIARIES:
            return False
        if tok.low in SUBJECT_WORDS or tok.low in DETERMINERS or tok.low in QUANTIFIERS or tok.low == "l'":
            return True
        if not tok.text[:1].isupper() or tok.low in PREPOSITIONS or tok.low in ADVERBS or tok.low.endswith("ant"):
            return False
        if nxt is None or not nxt.is_word or nxt.low in ("que", "qu'"):
            return False
        return nxt.low == "en" or nxt.low not in PREPOSITIONS

    def apposition(self, toks: Sequence[Token], first: int) -> bool:
        """Whether the clause at token ``first``, cut after a comma, is a noun phrase with a relative clause."""
        if first == 0 or toks[first - 1].text != ",":
            return False
        near = {t.low for t in toks[first + 1 : first + 4]}
        return bool(near & RELATIVES) or (toks[first].low in DETERMINERS and bool(near & {"que", "qu'"}))

    def after_incise(self, toks: Sequence[Token], first: int) -> bool:
        """Whether the clause opening at token ``first`` is the complement an incise cut from its verb ("Paul a donné,
        sans hésiter, | sa montre à Marc"): it follows an incise that opens no clause, and opens with no subject
        pronoun or name itself."""
        comma = first - 1
        if comma < 1 or toks[comma].text != ",":
            return False
        opening = next((j for j in range(comma - 1, max(comma - INCISE_WORDS - 2, -1), -1) if toks[j].text == ","), None)
        if opening is None or self.subject_follows(toks, opening + 1) or self.opener_starting(toks, opening + 1):
            return False
        tok = toks[first]
        return not (tok.low in SUBJECT_WORDS or tok.text[:1].isupper() or self.opener_starting(toks, first))

    def before_incise(self, toks: Sequence[Token], last: int) -> bool:
        """Whether the clause ending at token ``last`` goes on after an incise between commas: what follows the incise
        opens no clause (no subject pronoun, name or opener), so it is the clause's own complement."""
        comma = last + 1
        if comma >= len(toks) or toks[comma].text != ",":
            return False
        ends = (j for j in range(comma + 1, len(toks)) if toks[j].text in CLAUSE_PUNCT or self.ends_sentence(toks, j))
        close = next(ends, None)
        if close is None or toks[close].text != "," or close - comma - 1 > INCISE_WORDS or close + 1 >= len(toks):
            return False
        after = toks[close + 1]
        opens_clause = after.low in SUBJECT_WORDS or after.text[:1].isupper() or self.opener_starting(toks, close + 1)
        return after.is_word and not opens_clause

    def with_condition(self, text: str, toks: Sequence[Token], start: int, end: int) -> tuple[int, int]:
        """The clause ``[start, end)`` widened to its "si" condition, or a "si" clause to the clause it conditions:
        neither holds alone ("Si Paul a faim, il mangera" does not say that anyone eats)."""
        inside = [n for n, t in enumerate(toks) if start <= t.start and t.end <= end]
        if not inside:
            return start, end
        first, last = inside[0], inside[-1]
        if first > 0 and self.opens_condition(toks, first - 1):
            opener = self.condition_start(toks, first - 1)
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
                return toks[self.condition_start(toks, opener)].start, end
        after = last + 1 + (last + 1 < len(toks) and toks[last + 1].text == ",")
        if after + 1 < len(toks) and self.opens_condition(toks, after):  # "Marie viendra(,) si ..."
            return start, self.bounds(text, toks, after + 1)[1]
        return start, end

    def condition_start(self, toks: Sequence[Token], j: int) -> int:
        """The first token of the condition opener whose "si" is token ``j``: "comme si" and "même si" are one opener."""
        return j - 1 if j > 0 and toks[j - 1].low in BEFORE_SI else j

    def opens_condition(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is the "si" (or "s'") that opens a clause, not the adverb of "si grand"."""
        return toks[j].low in ("si", "s'") and self.subject_follows(toks, j + 1)

    def bounds(self, text: str, toks: Sequence[Token], i: int) -> tuple[int, int]:
        """Start and end of the clause holding token ``i``.

        A clause ends at sentence punctuation, at , ; : and at a word of :data:`CLAUSE_OPENERS`.
        Going left, a comma or a coordinator counts only when a subject follows it, so that a
        verb phrase is not cut from its subject ("Thomas a dit ... et a déplacé son fou"), and the
        comma that opens an incise whose closing comma did not count does not either ("Marc, son
        adversaire, a dit"). A clause after a factive "que" ends before a coordinated verb phrase.
        """
        start, incise, factive = 0, False, False
        for j in range(i - 1, -1, -1):
            tok = toks[j]
            if self.ends_sentence(toks, j):
                start = tok.end
                break
            if tok.text == "," and not self.subject_follows(toks, j + 1):
                incise = True  # "Marc, son adversaire, | a dit": the comma before the incise does not cut either
                continue
            if tok.text == "," and incise:
                incise = False
                continue
            opener = "coordinator" if tok.text in CLAUSE_PUNCT else self.opener_ending(toks, j)
            if opener and (opener != "coordinator" or self.subject_follows(toks, j + 1)):
                start = tok.end
                break
            if self.completive(toks, j):  # "Elle sait que | le pull ...": the frame is cut
                start, factive = tok.end, True
                break
        end = len(text)
        for j in range(i + 1, len(toks)):
            tok = toks[j]
            if self.ends_sentence(toks, j) or tok.text in CLAUSE_PUNCT or self.opener_starting(toks, j):
                end = tok.start
                break
            if factive and tok.low in COORDINATORS and j + 1 < len(toks) and toks[j + 1].low in AUXILIARIES:
                end = tok.start  # "a informé Michel qu'il avait un cancer | et a évoqué ...": the frame's own verb
                break
        return start, end

    def completive(self, toks: Sequence[Token], j: int, forms: frozenset[str] = FACTIVE_FORMS) -> bool:
        """Whether token ``j`` is the "que" of the object clause of a verb of ``forms`` (factive, by default): after
        the verb, or after the verb and its object ("a informé Michel que"), with a subject after it."""
        if toks[j].low not in ("que", "qu'") or not self.subject_follows(toks, j + 1):
            return False
        before = [t for t in toks[max(j - 3, 0) : j] if t.is_word]
        if before and before[-1].low in forms:
            return True
        return len(before) >= 2 and before[-2].low in forms and (before[-1].text[:1].isupper() or before[-1].low in ("lui", "leur", "me", "te", "nous", "vous"))

    def ends_sentence(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is a full stop (or ! ?) that ends a sentence, not an abbreviation's."""
        return toks[j].text in SENTENCE_END and not (toks[j].text == "." and j and toks[j - 1].low in ABBREVIATIONS)

    def opener_ending(self, toks: Sequence[Token], j: int) -> str | None:
        """The kind of the clause opener (see :data:`CLAUSE_OPENERS`) that ends with token ``j``, if any."""
        words = self.opener_words(toks, j)
        return None if words is None else CLAUSE_OPENERS[words]

    def opener_words(self, toks: Sequence[Token], j: int) -> tuple[str, ...] | None:
        """The words of the clause opener that ends with token ``j``, if any."""
        for words, _ in OPENERS_BY_LAST.get(toks[j].low, ()):
            n = len(words)
            if j + 1 >= n and tuple(t.low for t in toks[j + 1 - n : j + 1]) == words:
                return words
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
