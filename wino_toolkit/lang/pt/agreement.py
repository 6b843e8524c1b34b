"""Agreement: a verb of the other number next to the reference changed (é/são, -ava/-avam), and the adjective
after a copula put in the candidate's gender and number."""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ..base import Edit, Token, same_case
from .lexicon import CLOSED_CLASSES
from .nouns import DETERMINERS, UNCONTRACTED
from .phrases import Phrase
from .pronouns import Pronoun
from .verbs import COPULAS, SINGULAR_OF, VERB_ENDINGS, VERB_FORMS, VERB_NUMBER
from .words import ADVERBS, CLITICS, FOCUS_ADVERBS, PREPOSITIONS

__all__ = ["AgreementRules", "inflect_adjective"]

NUMBER_NAMES = {"s": "singular", "p": "plural"}
#: how many words a prepositional phrase between the reference and its verb may hold ("desde então", "contra tudo")
PHRASE_REACH = 6


def inflect_adjective(word: str, gender: str | None, number: str | None) -> str:
    """A predicate adjective in the candidate's gender and number ("pequena" → "pequenos")."""
    low = word.lower()
    cut = 2 if low.endswith(("os", "as")) else 1 if low.endswith(("o", "a")) else 0
    stem, ending = low[: len(low) - cut], low[len(low) - cut :]
    if ending:
        g = gender or ("f" if ending[0] == "a" else "m")
        n = number or ("p" if ending.endswith("s") else "s")
        return word[: len(stem)] + ("a" if g == "f" else "o") + ("s" if n == "p" else "")
    if number is None or (number == "p") == low.endswith("s"):
        return word
    if number == "p":
        if low.endswith("l"):
            return word[:-1] + "is"
        if low.endswith("m"):
            return word[:-1] + "ns"
        return word + ("es" if low.endswith(("r", "z")) else "s")
    if low.endswith("eis"):
        return word[:-3] + "el"
    if low.endswith("ais"):
        return word[:-3] + "al"
    if low.endswith(("res", "zes")):
        return word[:-2]
    return word[:-1]


class AgreementRules:
    """The verb and the adjective after a copula, made to agree with the candidate."""

    def agreement(self, toks: Sequence[Token], j: int, np: Phrase, pron: Pronoun | None) -> list[Edit]:
        """The verb at or after token ``j`` (and a predicate after a copula) made to agree with ``np``."""
        while j < len(toks) and (toks[j].low in ADVERBS or toks[j].low in CLITICS or self.focus_adverb(toks, j)):
            j += 1
        if j >= len(toks) or not toks[j].is_word:
            return []
        verb = self.verb_part(toks[j])
        have = pron.number if pron is not None else self.verb_number(verb.low)
        edits: list[Edit] = []
        form = verb.low
        if form in CLOSED_CLASSES and form not in VERB_FORMS:  # "ela desde cedo trabalhava": no verb to inflect here
            if np.number is None or have is None or have == np.number:
                return []
            after = self.verb_after_phrase(toks, j)
            if after is None:
                raise FormError(f"the verb that agrees with the reference is not next to it ({verb.text!r} stands between them)")
            return self.agreement(toks, after, np, pron)
        if np.number is not None and have is not None and have != np.number:
            new = self.inflect_verb(verb.low, np.number)
            if new is None:
                raise FormError(f"cannot make {verb.text!r} agree with a {NUMBER_NAMES[np.number]} subject")
            edits.append((verb.start, verb.end, same_case(verb.text, new)))
            form = new
        if form not in COPULAS:
            return edits
        k = j + 1
        while k < len(toks) and toks[k].low in ADVERBS:
            k += 1
        if k >= len(toks) or not toks[k].is_word or toks[k].text[0].isupper():
            return edits
        pred = toks[k]
        if pred.low in DETERMINERS or pred.low in PREPOSITIONS or pred.low in UNCONTRACTED or self.is_verb(pred.low):
            return edits
        new = inflect_adjective(pred.text, np.gender, np.number)
        return edits + ([(pred.start, pred.end, new)] if new != pred.text else [])

    def verb_after_phrase(self, toks: Sequence[Token], j: int) -> int | None:
        """The verb after a prepositional phrase opening at token ``j`` ("elas desde então escrevem", "eles entre uma
        coisa e outra esqueceram"): the first finite verb within :data:`PHRASE_REACH` words, with no punctuation or
        other clause before it; None when there is none."""
        if toks[j].low not in PREPOSITIONS:
            return None
        for k in range(j + 1, min(j + 1 + PHRASE_REACH, len(toks))):
            tok = toks[k]
            if not tok.is_word or tok.low in ("que", "porque", "quando", "se"):
                return None
            if self.finite_verb(tok, toks[k - 1].low):
                return k
        return None

    def focus_adverb(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is a preposition used as an adverb before a verb ("ele até gostou": even)."""
        return toks[j].low in FOCUS_ADVERBS and j + 1 < len(toks) and self.is_verb(toks[j + 1].low)

    def verb_number(self, word: str) -> str | None:
        """The number a verb form shows: "s", "p", or None for a word the tables do not know."""
        if word in VERB_NUMBER:
            return "s"
        if word in SINGULAR_OF or word.endswith(("am", "ão", "em")):
            return "p"
        if self.is_verb(word) and not word.endswith(("mos", "ar", "er", "ir", "ndo")):
            return "s"
        return None

    def inflect_verb(self, word: str, number: str) -> str | None:
        table = VERB_NUMBER if number == "p" else SINGULAR_OF
        if word in table:
            return table[word]
        for singular, plural in VERB_ENDINGS:
            have, want = (singular, plural) if number == "p" else (plural, singular)
            if word.endswith(have) and len(word) > len(have) + 1:
                return word[: -len(have)] + want
        return None
