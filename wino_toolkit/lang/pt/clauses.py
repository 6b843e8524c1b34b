"""The NLI hypothesis: the clause holding the slot (cut at punctuation and the openers of
:data:`~.words.CLAUSE_OPENERS`, a time clause after it kept), its subjunctive made indicative where the opener still
states a fact (:mod:`.subjunctive`), an infinitive clause made finite (:mod:`.finite`)."""
from __future__ import annotations

import re
from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token, same_case
from .finite import IRREGULAR, NONFINITE_LEADS, PAST_ENDINGS, PAST_FORMS, REGULAR
from .lexicon import CLOSED_CLASSES, lemmas
from .subjunctive import (
    ASSERTED_AFTER,
    PRESENT_SUBJUNCTIVE,
    SUBJUNCTIVE,
    UNASSERTED_AFTER,
    WILL_VERBS,
)
from .verbs import TER_FORMS, VERB_FORMS
from .words import CLAUSE_OPENERS, QUOTES, TIME_OPENERS, tokenize

__all__ = ["ClauseRules"]

SENTENCE_END = frozenset(".!?")
CLAUSE_PUNCT = frozenset(",;:")


class ClauseRules:
    """The clause holding the slot, made a sentence (see the module docstring)."""

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause the hypothesis is cut from (:meth:`clause_span`); for an infinitive clause made finite, from
        its preposition on ("apesar de | ser mais jovem"), since the main clause before it is left out."""
        start, end = self.clause_span(item, span)
        finite = self.finite_clause(item.text, span, start, end)
        return (finite[2], end) if finite is not None else (start, end)

    def clause_span(self, item: Item, span: Span) -> tuple[int, int]:
        """From the last , ; : . or clause opener before the slot to the first one after it.

        A clause that would open with a gerund ("quebrando | promessa") has no subject: it
        keeps going left to the previous boundary. Quoted text holds no boundary.
        """
        toks = tokenize(item.text)
        quoted = self.quoted(toks)
        start = 0
        before = [t for t in toks if t.end <= span.start]
        for j in range(len(before) - 1, -1, -1):
            tok = before[j]
            if j in quoted:
                continue
            if tok.text in SENTENCE_END:
                start = tok.end
                break
            if self.boundary(toks, j, forward=False):
                following = toks[j + 1] if j + 1 < len(toks) else None
                if following is None or following.start >= span.start or not following.low.endswith("ndo"):
                    start = tok.end
                    break
        end = len(item.text)
        kept = -1  # the last token of a time clause's opening passed over
        for n, tok in enumerate(toks):
            if n in quoted or tok.start < span.end or n <= kept:
                continue
            if tok.text in SENTENCE_END or self.boundary(toks, n, forward=True):
                if kept < 0 and self.time_clause(toks, n):
                    kept = n + 1 if tok.text == "," else n  # "... seus olhos quando o vento parou.": its time stays
                    continue
                end = tok.start
                break
        return start, end

    @staticmethod
    def time_clause(toks: Sequence[Token], n: int) -> bool:
        """Whether the boundary at token ``n`` opens a clause that tells when ("quando", "até que", ", assim que")."""
        if toks[n].text == "," and n + 1 < len(toks):
            n += 1
        words = [t.low for t in toks[n : n + 2]]
        before = [t.low for t in toks[max(n - 1, 0) : n + 1]]  # "até que": the boundary is at "que"
        return any(words[: len(o)] == list(o) or (len(o) == 2 and before == list(o)) for o in TIME_OPENERS)

    def boundary(self, toks: Sequence[Token], n: int, forward: bool) -> bool:
        """Whether token ``n`` (not a full stop) ends the clause before it (see :mod:`.clauses`)."""
        tok = toks[n]
        if tok.text in CLAUSE_PUNCT:
            return True
        if tok.low not in CLAUSE_OPENERS:
            return False
        prev = toks[n - 1] if n else None
        nxt = toks[n + 1] if n + 1 < len(toks) else None
        after_verb = prev is not None and prev.is_word and self.is_verb(prev.low)
        if tok.low == "se":
            return not after_verb and not (nxt is not None and nxt.is_word and self.is_verb(nxt.low))
        if tok.low == "embora":
            return not after_verb
        if tok.low == "que" and prev is not None:
            return not (prev.low in TER_FORMS or prev.text[0].islower() and self.is_noun(prev.low))
        if tok.low in ("e", "ou") and forward:
            return self.clause_follows(toks, tok)
        return True

    def quoted(self, toks: Sequence[Token]) -> set[int]:
        """Indices of the tokens inside quotation marks, whose punctuation ends no clause ('"Eu primeiro!"')."""
        inside, out = False, set()
        for n, tok in enumerate(toks):
            if tok.text in QUOTES:
                inside = not inside
            elif inside:
                out.add(n)
        return out

    def clause_follows(self, toks: Sequence[Token], tok: Token) -> bool:
        """Whether the coordinator ``tok`` joins clauses (a verb follows soon), not two noun phrases."""
        n = toks.index(tok)
        return any(self.is_verb(t.low) for t in toks[n + 1 : n + 4] if t.is_word)

    def finite_clause(self, text: str, span: Span, start: int, end: int) -> tuple[str, Span, int] | None:
        """The infinitive clause the reference is the subject of, made finite, when a preposition of
        :data:`.finite.NONFINITE_LEADS` opens it: the clause from the reference on, where the reference is in
        it, and where the preposition starts in ``text``."""
        toks = tokenize(text)
        before = [t for t in toks if start <= t.start and t.end <= span.start]
        words = [t.low for t in before]
        lead = next((lead for lead in NONFINITE_LEADS if tuple(words[-len(lead):]) == lead), None)
        if lead is None:
            return None
        after = [t for t in toks if t.start >= span.end and t.end <= end]
        if not after or not after[0].is_word or not self.is_infinitive(after[0].low):
            return None
        verb = after[0]
        sentence_start = max((t.end for t in toks if t.text in SENTENCE_END and t.end <= start), default=0)
        sentence_end = min((t.start for t in toks if t.text in SENTENCE_END and t.start >= end), default=len(text))
        main = [t.low for t in toks if sentence_start <= t.start < sentence_end and not (span.start <= t.start < end)]
        past = any(w in PAST_FORMS or (w.endswith(PAST_ENDINGS) and self.is_verb(w)) for w in main)
        perfect = verb.low == "ter" and len(after) > 1 and after[1].low.endswith(("ado", "ido", "to", "so"))
        if perfect and not past:
            raise FormError("a perfect infinitive in a present-tense sentence: no finite form is derived for it")
        form = self.finite(verb.low, past and not perfect) if not perfect else "tinha"
        clause = text[span.start : verb.start] + same_case(verb.text, form) + text[verb.end : end]
        return clause, Span(0, len(span.text), span.text), before[-len(lead)].start

    @staticmethod
    def finite(infinitive: str, past: bool) -> str:
        """The third person singular of ``infinitive``, present or past (see :mod:`.finite`)."""
        if infinitive in IRREGULAR:
            return IRREGULAR[infinitive][past]
        present, preterite = REGULAR.get(infinitive[-2:], (None, None))
        if present is None:
            raise FormError(f"{infinitive!r} is not an infinitive the rules can make finite")
        return infinitive[:-2] + (preterite if past else present)

    def asserted_mood(self, text: str, span: Span, start: int) -> bool:
        """Whether the clause from ``start`` must be in the subjunctive and still states a fact (after "embora",
        "até que": :data:`.subjunctive.ASSERTED_AFTER`); FormError when it states none (after "se", "antes que",
        "queria que": a condition or a wish cannot stand alone as a hypothesis)."""
        toks = tokenize(text)
        opening = max((t.end for t in toks if t.text in SENTENCE_END and t.end <= start), default=0)
        outside = tuple(t.low for t in toks if opening <= t.start and t.end <= start and t.is_word)[-3:]
        inside = tuple(t.low for t in toks if start <= t.start and t.end <= span.start and t.is_word)
        wish = len(outside) > 1 and outside[-1] == "que" and lemmas().get(outside[-2], outside[-2]) in WILL_VERBS
        unasserted = next((o for o in UNASSERTED_AFTER if outside[-len(o):] == o or inside[: len(o)] == o), None)
        if wish or unasserted:
            opener = " ".join(outside[-2:] if wish else unasserted)
            raise FormError(f"the clause after {opener!r} states no fact (a wish or a condition), so it cannot stand alone as a hypothesis")
        return any(outside[-len(o):] == o for o in ASSERTED_AFTER)

    def indicative(self, clause: str, inner: Span, governed: bool) -> str:
        """The clause with its subjunctive verb made indicative ("ficasse" → "ficava"): the first verb after the
        reference, else before it. ``governed``: the opener requires the subjunctive, so a present subjunctive
        ("chegue" → "chega") is looked for too, and a verb that cannot be made indicative is refused."""
        toks = [t for t in tokenize(clause) if t.is_word]
        order = [t for t in toks if t.start >= inner.end] + [t for t in toks if t.end <= inner.start]
        for tok in order:
            if tok.low in CLOSED_CLASSES:
                continue
            new = self.indicative_of(tok.low, governed)
            if new is not None:
                return clause[: tok.start] + same_case(tok.text, new) + clause[tok.end :]
            if self.is_verb(tok.low) or tok.low in VERB_FORMS:
                break
        if governed:
            raise FormError("the clause is in the subjunctive and its verb has no indicative form the rules know")
        return clause

    def indicative_of(self, word: str, present: bool) -> str | None:
        """The indicative of a subjunctive form, or None: the tables, the imperfect's regular endings ("-asse" →
        "-ava"), and with ``present`` the regular present ("chegue" → "chega", "coma" → "come") when spaCy's lemma
        table gives both forms the same verb."""
        if word in SUBJUNCTIVE:
            return SUBJUNCTIVE[word]
        if present and word in PRESENT_SUBJUNCTIVE:
            return PRESENT_SUBJUNCTIVE[word]
        ending = next((e for e in SUBJUNCTIVE if e.startswith("-") and word.endswith(e[1:])), None)
        if ending is not None and len(word) > len(ending) + 1 and self.is_verb(word):
            return word[: 1 - len(ending)] + SUBJUNCTIVE[ending][1:]
        if not present:
            return None
        plural = word.endswith("m")
        stem, vowel = (word[:-2], word[-2]) if plural else (word[:-1], word[-1:])
        lemma = lemmas().get(word, "")
        if lemma.endswith("ar") and vowel == "e":
            singular = re.sub(r"gu$", "g", re.sub(r"qu$", "c", re.sub(r"c$", "ç", stem))) + "a"
        elif lemma.endswith(("er", "ir")) and vowel == "a":
            singular = re.sub(r"ç$", "c", re.sub(r"j$", "g", stem)) + "e"
        else:
            return None
        return singular + ("m" if plural else "") if lemmas().get(singular) == lemma else None
