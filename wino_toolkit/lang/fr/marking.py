"""A marked span that is not the item's referring expression, refused before any rewrite (corpora mark one by mistake,
and its rewrite is nonsense: "Marc a ouvert porte Paul à Paul"):

- a possessive determiner beside the subject pronoun of its clause ("qu'il avait oublié son manteau" marked on
  "son"): the subject pronoun is what the schema asks about, the possessive only goes with its noun;
- an article marked as an object clitic ("a ouvert la porte", "dans la bibliothèque"): a clitic stands before
  a verb, never after a preposition that takes no infinitive or after a participle that takes none;
- a pronoun whose gender neither candidate has ("elle" for "le chien" and "le garçon"): it stands for someone
  else. Number is no evidence: French refers to a collective or a place's people in the plural ("la police ...
  ils", "Yakoutsk ... ils"), and the rewrite makes the verb agree.
"""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Item
from ..base import Token
from .nouns import DETERMINERS, POSTNOMINAL, PRENOMINAL
from .pronouns import POSSESSOR_NUMBER, Pronoun
from .verbs import MODAL_PARTICIPLES, auxiliary
from .words import INFINITIVE_PREPOSITIONS, PREPOSITIONS

__all__ = ["MarkingRules"]

GENDER_NAMES = {"m": "masculine", "f": "feminine"}
#: subject pronouns whose possessor number a possessive beside them shares ("il ... son", "ils ... leur")
SUBJECT_NUMBER = {"il": "s", "elle": "s", "ils": "p", "elles": "p"}


class MarkingRules:
    """Refusals of a marked span that is not the referring expression (see the module docstring)."""

    def check_marking(self, item: Item, toks: Sequence[Token], i: int, pron: Pronoun) -> None:
        kind = self.kind(toks, i, pron)
        if kind == "possessive":
            self.possessive_beside_subject(item.text, toks, i)
        if kind == "object":
            self.article_marked(toks, i)
        self.agrees_with_a_candidate(item, toks[i], kind, pron)

    def possessive_beside_subject(self, text: str, toks: Sequence[Token], i: int) -> None:
        """Refuse "son"/"sa"/"ses"/"leur" marked where the clause's subject pronoun of the same number stands before it."""
        start, _ = self.bounds(text, toks, i)
        number = POSSESSOR_NUMBER[toks[i].low]
        for j in range(i - 1, -1, -1):
            if toks[j].start < start:
                break
            if SUBJECT_NUMBER.get(toks[j].low) == number and not (toks[j].low == "il" and self.impersonal(toks, j)):
                raise FormError(f"marked span is a possessive determiner, not the pronoun: '{toks[j].text}' is the "
                                f"subject pronoun of the clause, '{toks[i].text}' only goes with '{toks[i + 1].text}'")

    def article_marked(self, toks: Sequence[Token], i: int) -> None:
        """Refuse "le"/"la"/"les"/"l'" marked where it is the article of the noun after it."""
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if prev is None or nxt is None:
            return
        after_participle = (i >= 2 and auxiliary(toks[i - 2].low) == "avoir" and prev.is_word
                            and prev.low not in MODAL_PARTICIPLES and auxiliary(prev.low) is None)
        before_noun = nxt.low in PRENOMINAL or nxt.low in POSTNOMINAL or nxt.low in DETERMINERS
        if (prev.low in PREPOSITIONS and prev.low not in INFINITIVE_PREPOSITIONS) or after_participle or before_noun:
            raise FormError(f"marked span is a determiner, not a pronoun: '{toks[i].text}' is the article of '{nxt.text}'")

    def agrees_with_a_candidate(self, item: Item, tok: Token, kind: str, pron: Pronoun) -> None:
        """Refuse a pronoun whose gender no candidate has: it refers to someone the item does not name."""
        gender = pron.gender if kind in ("subject", "object", "stressed") else None  # a dative or possessive has none
        if gender is None:
            return
        try:
            phrases = [self.phrase(item, k) for k in range(len(item.candidates))]
        except FormError:
            return  # a candidate the rules cannot write is refused by the rewrite itself
        if not any(p.gender in (None, gender) for p in phrases):
            raise FormError(f"marked span agrees with neither candidate: '{tok.text}' is {GENDER_NAMES[gender]} here, and "
                            + ", ".join(f"'{p.text}'" for p in phrases) + " are not")
