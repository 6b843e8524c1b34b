"""A reflexive bound by the replaced subject agrees with the candidate: "they should wash themselves" →
"Bob should wash himself", "he hurt himself" → "the boys hurt themselves".

The reflexive must stand in the subject's own clause (no comma, conjunction or relative word between).
Its gender comes from the candidate (``blanks.referent``: names, titles, nouns for men and women); where
the tables cannot tell ("they" → "the teacher") the item is refused rather than guessed.
"""
from __future__ import annotations

from ...errors import FormError
from .blanks import referent
from .clauses import CUT, OPENERS, OPENERS_BEFORE_SUBJECT
from .lexicon import Lexicon, Parse
from .mentions import noun_number
from .pronouns import PRONOUNS

__all__ = ["reflexive_edits", "is_reflexive_change", "REFLEXIVES"]

#: the reflexive of each third-person referent
REFLEXIVES: dict[str, str] = {"he": "himself", "she": "herself", "it": "itself", "they": "themselves"}

#: words that end the subject's clause: a reflexive after them has another subject
CLAUSE_ENDS = OPENERS | OPENERS_BEFORE_SUBJECT | CUT | frozenset("and or who whom which".split())


def reflexive_edits(p: Parse, after: int, pronoun: str, phrase: str, lex: Lexicon) -> list[tuple[int, int, str]]:
    """The edit making the reflexive of the subject ``pronoun`` (its clause starts at token ``after``) agree
    with ``phrase``, the candidate that replaced it; none when there is no reflexive or it already agrees."""
    own = REFLEXIVES.get(pronoun.lower())
    if own is None:
        return []
    j = after
    while j < len(p.words) and p.words[j][:1].isalnum() and p.lower[j] not in CLAUSE_ENDS and p.lower[j] != own:
        j += 1
    if j >= len(p.words) or p.lower[j] != own:
        return []
    new = REFLEXIVES.get(referent(phrase, lex) or "")
    if new is None:
        if pronoun.lower() in ("he", "she") and noun_number(phrase, lex) == "sg":
            return []  # the pronoun gave the gender: "he" → "the doctor ... himself"
        raise FormError(f"'{p.words[j]}' would have to agree with {phrase!r}, and the tables do not say "
                        "whether that is he, she or it")
    return [] if new == own else [(p.starts[j], p.ends[j], new)]


def is_reflexive_change(old: str, new: str) -> bool:
    """Whether one third-person reflexive became another (the guard's agreement)."""
    return old.lower() in PRONOUNS and PRONOUNS[old.lower()][0] == "reflexive" and new.lower() in REFLEXIVES.values()
