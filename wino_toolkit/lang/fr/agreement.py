"""Agreement: the verb, and the adjective or participle after être, made to agree with a subject of another
number; a participle's agreement with an object clitic undone once the object follows it."""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ..base import Edit, Token, same_case
from .nouns import DETERMINERS, ELISION, UNCONTRACTED, UNELIDED
from .phrases import Phrase
from .pronouns import Pronoun
from .verbs import AUXILIARIES, INVARIANT_S, SINGULAR_OF, VERB_ENDINGS, VERB_NUMBER
from .words import ADVERBS, CLITICS, PREPOSITIONS, starts_with_vowel

__all__ = ["AgreementRules", "adjective_number", "undo_agreement"]

NUMBER_NAMES = {"s": "singular", "p": "plural"}


def adjective_number(word: str, number: str) -> str:
    """An adjective or participle in the other number: "grands" → "grand", "égal" → "égaux"."""
    low = word.lower()
    if number == "p":
        if low.endswith(("s", "x", "z")):
            return word
        if low.endswith("al"):
            return word[:-2] + "aux"
        return word + ("x" if low.endswith("eau") else "s")
    if low in INVARIANT_S or not low.endswith(("s", "x")):
        return word
    if low.endswith("eaux"):
        return word[:-1]
    if low.endswith("aux"):
        return word[:-3] + "al"
    return word if low.endswith("x") else word[:-1]


def undo_agreement(participle: str, clitic: str) -> str:
    """The participle of avoir made masculine singular once its object follows it ("punis" → "puni")."""
    low = participle.lower()
    if clitic == "les":
        if low.endswith("es") and low[:-2].endswith(("é", "i", "u", "s", "t")):
            return participle[:-2]
        return participle if low in INVARIANT_S or not low.endswith("s") else participle[:-1]
    if clitic in ("la", "l'") and low.endswith(("ée", "ie", "ue", "se", "te")):
        return participle[:-1]
    return participle


class AgreementRules:
    """The words that agree with the subject, changed for the candidate."""

    def agreement(self, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        """Make the verb (and a predicate after être) agree with a candidate of another number.

        A candidate of the other gender than the pronoun is fine unless a predicate adjective
        or participle agrees with the pronoun ("elle est grande"): that fails.
        """
        number = np.number != pron.number
        gender = np.gender is not None and pron.gender is not None and np.gender != pron.gender
        if not (number or gender):
            return []
        j = i + 1
        while j < len(toks) and toks[j].low in CLITICS:
            j += 1
        if j >= len(toks) or not toks[j].is_word:
            if number:
                raise FormError("no verb after the subject to make agree with the candidate")
            return []
        verb, edits = toks[j], []
        form = verb.low
        if number:
            new = self.verb_number(form, np.number)
            if new is None:
                raise FormError(f"cannot make {verb.text!r} agree with a {NUMBER_NAMES[np.number]} subject")
            edits += self.junction(toks[j - 1] if j - 1 > i else None, verb, same_case(verb.text, new))
            form = new
        return edits + self.predicate(toks, j, AUXILIARIES.get(form), number and np.number, gender)

    def predicate(self, toks: Sequence[Token], j: int, aux: str | None, number: str | None, gender: bool) -> list[Edit]:
        """The adjective or participle after être (``j`` is the verb) put in ``number``."""
        k = j + 1
        while k < len(toks) and toks[k].low in ADVERBS:
            k += 1
        if aux == "avoir" and k < len(toks) and toks[k].low == "été":
            aux, k = "être", k + 1
            while k < len(toks) and toks[k].low in ADVERBS:
                k += 1
        if aux not in ("être", "copula") or k >= len(toks) or not toks[k].is_word:
            return []
        pred = toks[k]
        if pred.low in DETERMINERS or pred.low in UNCONTRACTED:
            if number:
                raise FormError(f"the predicate noun phrase at {pred.text!r} would have to change number too")
            return []
        if pred.low in PREPOSITIONS:
            return []
        if gender:
            raise FormError(f"the predicate {pred.text!r} agrees in gender with the pronoun, not the candidate")
        return [(pred.start, pred.end, adjective_number(pred.text, number))] if number else []

    def verb_number(self, word: str, number: str) -> str | None:
        """The third-person form of ``word`` in ``number``, or None when the tables do not know it."""
        table = VERB_NUMBER if number == "p" else SINGULAR_OF
        if word in table:
            return table[word]
        for singular, plural, exceptions in VERB_ENDINGS:
            have, want = (singular, plural) if number == "p" else (plural, singular)
            if word.endswith(have) and len(word) > len(have) + 1:
                return None if number == "s" and word.endswith(exceptions) else word[: -len(have)] + want
        return None

    def junction(self, before: Token | None, verb: Token, new: str) -> list[Edit]:
        """Replace ``verb`` by ``new``, eliding or un-eliding the clitic glued before it."""
        if before is not None and before.low.endswith("'") and before.end == verb.start and not starts_with_vowel(new):
            full = UNELIDED.get(before.low)
            if full is None:
                raise FormError(f"cannot undo the elision of {before.text!r} before {new!r}")
            return [(before.start, verb.end, same_case(before.text, full) + " " + new)]
        if before is not None and before.low in ELISION and starts_with_vowel(new):
            return [(before.start, verb.end, same_case(before.text, ELISION[before.low]) + new)]
        return [(verb.start, verb.end, new)]
