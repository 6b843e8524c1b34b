"""The NLI hypothesis: the clause holding the slot (cut at punctuation and the openers of
:data:`~.words.CLAUSE_OPENERS`, a time clause after it kept), its subjunctive made indicative where the opener still
states a fact (:mod:`.subjunctive`), an infinitive clause made finite (:mod:`.finite`).

A verb's "que" complement stays with it ("ela sabia que a prova seria difícil", never "A Clara sabia."). A clause
without a finite verb (a gerund, a participle or an infinitive after "para", "ao", "sem": "Segurando a mão da Ana,")
is no sentence, so the hypothesis is then the whole premise with the reference replaced, which is always one of the
same label. A clause the premise does not assert is refused: a condition, a wish ("oxalá", "quem dera", "tomara que"),
and what is said, promised or pretended ("disse ao Paulo que", "fingiu que": :data:`.subjunctive.SPEECH_VERBS`)."""
from __future__ import annotations

import re
from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from ..base import Token, same_case
from .finite import IRREGULAR, NONFINITE_LEADS, PAST_ENDINGS, PAST_FORMS, REGULAR
from .lexicon import CLOSED_CLASSES, NONFINITE_ENDINGS, lemmas
from .subjunctive import (
    ADDRESSEE,
    ASSERTED_AFTER,
    PRESENT_SUBJUNCTIVE,
    SPEECH_VERBS,
    SUBJUNCTIVE,
    UNASSERTED_AFTER,
    WILL_VERBS,
    WISHES,
)
from .verbs import TER_FORMS, VERB_FORMS
from .words import CLAUSE_OPENERS, PREPOSITIONS, QUOTES, TIME_OPENERS, tokenize

__all__ = ["ClauseRules"]

SENTENCE_END = frozenset(".!?")
CLAUSE_PUNCT = frozenset(",;:")
#: prepositions that join a verb to its "que" complement ("convenceu de que", "insistiu em que")
COMPLEMENT_LINKS = frozenset("de em".split())
#: how many words may stand between a speech verb and its "que" ("disse ao Paulo que")
SPEECH_REACH = 5


class ClauseRules:
    """The clause holding the slot, made a sentence (see the module docstring)."""

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause the hypothesis is cut from (:meth:`clause_span`); for an infinitive clause made finite, from
        its preposition on ("apesar de | ser mais jovem"), since the main clause before it is left out."""
        start, end = self.clause_span(item, span)
        finite = self.finite_clause(item.text, span, start, end)
        if finite is not None:
            return finite[2], end
        return (0, len(item.text)) if self.fragment(item.text, span, start, end) else (start, end)

    def fragment(self, text: str, span: Span, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` has no finite verb besides the reference: a gerund, participle or infinitive
        clause ("Mesmo | tendo treinado menos", "Cansado de esperar por ele"), which no hypothesis may be."""
        toks = [t for t in tokenize(text[start:end]) if t.is_word]
        for n, tok in enumerate(toks):
            verb = self.verb_part(tok)  # "deu-lhe": the verb is no part of the reference "lhe"
            reference = start + verb.start < span.end and start + verb.end > span.start
            if not reference and self.finite_verb(tok, toks[n - 1].low if n else ""):
                return False
        return True

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
        # whether the clause has its finite verb yet: before it, "e" joins words ("ela entre uma coisa e outra esqueceu")
        verb = any(self.finite_verb(t, toks[n - 1].low if n else "")
                   for n, t in enumerate(toks) if start <= t.start < span.start)
        for n, tok in enumerate(toks):
            if n in quoted or tok.start < span.end or n <= kept:
                continue
            if tok.low in ("e", "ou") and not verb:
                continue
            verb = verb or tok.is_word and self.finite_verb(tok, toks[n - 1].low if n else "")
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
        if tok.low == "então" and prev is not None and prev.low in PREPOSITIONS:  # "desde então": since then
            return False
        if tok.low == "que" and prev is not None:
            if forward and self.complement(toks, n):  # "ela sabia que ...": the verb's complement stays
                return False
            return not (prev.low in TER_FORMS or prev.text[0].islower() and self.is_noun(prev.low))
        if tok.low in ("e", "ou") and forward:
            return self.clause_follows(toks, tok)
        return True

    def complement(self, toks: Sequence[Token], n: int) -> bool:
        """Whether the "que" at token ``n`` opens the complement of a verb: right after it ("sabia que", "prometido
        que"), after the preposition it takes it with ("convenceu de que") or after the one spoken to ("disse ao
        Paulo que")."""
        if n and toks[n - 1].low in COMPLEMENT_LINKS:
            return True
        between: list[str] = []
        for tok in reversed(toks[max(n - 1 - SPEECH_REACH, 0) : n]):
            word = tok.low
            if not tok.is_word or word in CLAUSE_OPENERS:
                return False
            if self.is_verb(word) or word.endswith(NONFINITE_ENDINGS) and self.maybe_verb(word):
                return not between or between[-1] in ADDRESSEE
            between.append(word)
        return False

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
        "queria que", "disse ao Paulo que", "oxalá": a condition, a wish or what someone said cannot stand alone as
        a hypothesis)."""
        toks = tokenize(text)
        opening = max((t.end for t in toks if t.text in SENTENCE_END and t.end <= start), default=0)
        words = [t for t in toks if opening <= t.start and t.end <= start]
        since = max((n + 1 for n, t in enumerate(words) if t.text in CLAUSE_PUNCT), default=0)
        tail = tuple(t.low for t in words[since:] if t.is_word)  # the words before the clause, in its sentence part
        outside = tuple(t.low for t in words if t.is_word)[-3:]
        inside = tuple(t.low for t in toks if start <= t.start and t.end <= span.start and t.is_word)
        opener = self.reported_by(tail) or self.unasserted_opener(outside, inside, tail)
        if opener:
            raise FormError(f"the clause after {opener!r} states no fact (a wish, a condition or what someone said), "
                            "so it cannot stand alone as a hypothesis")
        return any(outside[-len(o):] == o for o in ASSERTED_AFTER)

    def unasserted_opener(self, outside: tuple[str, ...], inside: tuple[str, ...], tail: tuple[str, ...]) -> str | None:
        """The condition ("se", "caso", "sem que": :data:`.subjunctive.UNASSERTED_AFTER`) or wish (:data:`.subjunctive.WISHES`)
        that opens the clause, from the words ``outside`` it and ``inside`` it before the reference; "se" before a verb
        is the reflexive pronoun ("e se divertiu com ela")."""
        reflexive = inside[:1] == ("se",) and len(inside) > 1 and self.is_verb(inside[1])
        for o in UNASSERTED_AFTER:
            if outside[-len(o):] == o or (inside[: len(o)] == o and not reflexive):
                return " ".join(o)
        around = tail + inside
        return next((" ".join(w) for w in WISHES if any(around[n : n + len(w)] == w for n in range(len(around)))), None)

    def reported_by(self, words: tuple[str, ...]) -> str | None:
        """The verb whose "que" (or "se") clause opens after ``words``, where it is one of wanting, saying or
        pretending ("queria que", "disse ao Paulo que", "fingiu que"), else None."""
        if not words or words[-1] not in ("que", "se"):
            return None
        between: list[str] = []
        for word in reversed(words[-1 - SPEECH_REACH : -1]):
            if lemmas().get(word, word) in SPEECH_VERBS | WILL_VERBS and (not between or between[-1] in ADDRESSEE):
                return " ".join([word, *reversed(between), words[-1]])
            if self.is_verb(word) or word in CLAUSE_OPENERS:
                return None
            between.append(word)
        return None

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
