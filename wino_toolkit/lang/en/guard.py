"""What the minimal-edit guard (:mod:`wino_toolkit.forms.minimal`) may let change in English text.

The rules change one word besides the referring expression: the verb after a replaced subject, which
takes the candidate's number ("they always come" → "Chelsea always comes", "they were" → "Iran was").
So a word may become another form of the same verb that differs only in number (third-person singular
↔ base form, the irregular auxiliaries of ``verbs``), never a different verb, a tense or a preposition.
"""
from __future__ import annotations

from .lexicon import Lexicon
from .verbs import PLURAL_OF, SINGULAR_OF

__all__ = ["verb_number_changed"]


def verb_number_changed(old: str, new: str, lex: Lexicon) -> bool:
    """Whether ``new`` is ``old``, a verb, in the other number ("come" → "comes", "were" → "was", "fits" →
    "fit"); the capital of a sentence-initial verb may go with it."""
    if old[:1].isupper() != new[:1].isupper():
        return False
    old, new = old.lower(), new.lower()
    if SINGULAR_OF.get(old) == new or PLURAL_OF.get(old) == new:
        return True
    if lex.is_base_verb(old) and lex.singular_verb(old) == new:
        return True
    return lex.plural_verb(old) == new
