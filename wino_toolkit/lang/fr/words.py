"""The words the rules read: tokens, vowels and elision, and the closed classes of words (prepositions,
adverbs, clitics, negation, subject words, abbreviations)."""
from __future__ import annotations

import re

from ...errors import FormError
from ..base import tokenizer
from .nouns import ASPIRATED_H, MUTE_H

TOKEN = re.compile(r"\w+['’](?=\w)|\w+(?:-\w+)*|[^\w\s]")
#: the tokens of a text, an elided word ("qu'", "l’") one token; ``low`` has the typographic apostrophe made plain
tokenize = tokenizer(TOKEN, lambda word: word.lower().replace("’", "'"))
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")

# Prepositions: before one, ``lui``/``elle``/``eux`` are stressed pronouns ("de lui"), not clitics.
PREPOSITIONS = frozenset(
    "de d' à pour avec sans chez contre par sur sous vers entre derrière devant après avant dans en envers"
    " malgré selon parmi pendant depuis près loin auprès".split()
)

#: prepositions that take an infinitive ("pour le voir", "en le voyant"): a clitic may follow them, an article too
INFINITIVE_PREPOSITIONS = frozenset("de d' à pour sans par après en".split())

# Words that may stand between a verb and its participle or predicate ("n'est pas très grand").
ADVERBS = frozenset(
    "pas plus jamais point guère rien très trop si assez bien vraiment tellement aussi toujours encore déjà"
    " plutôt fort peu tout toute toutes tous souvent parfois vite beaucoup moins presque enfin alors donc"
    " ensuite maintenant certainement sûrement probablement complètement totalement mal mieux".split()
)

#: adverbs that are adjectives as well ("il était fort"): as a predicate they agree
ADJECTIVE_ADVERBS = frozenset("fort".split())

# Clitics that stand between a subject and its verb ("il ne les lui a pas donnés").
CLITICS = frozenset("ne n' se s' me m' te t' le la l' les lui leur y en nous vous".split())

# The second half of French negation, after the finite verb ("ne ... pas").
NEGATION = frozenset("pas plus jamais point guère rien".split())

# Words a clause can open with as its subject (pronouns and the like), besides determiners and names.
SUBJECT_WORDS = frozenset(
    "il elle ils elles on je j' tu nous vous ce c' ça cela ceci celui-ci celle-ci ceux-ci celles-ci celui-là"
    " celle-là ceux-là celles-là personne chacun chacune quelqu'un tout rien eux".split()
)

#: quantifiers that open a subject without a determiner ("chaque soir", "aucun élève", "certains joueurs")
QUANTIFIERS = frozenset("chaque aucun aucune certains certaines tous toutes nul nulle".split())

# Abbreviations whose full stop does not end a sentence ("le Dr. Vincenot").
ABBREVIATIONS = frozenset("dr m mme mlle mm me pr st ste etc cf vs".split())


def starts_with_vowel(word: str) -> bool:
    return bool(word) and word[0].lower() in VOWELS


def elides_article(word: str) -> bool:
    """Whether le/la become l' before ``word``: a vowel or a mute h ("l'homme"), not an aspirated one ("le héros")."""
    low = word.lower()
    if not low.startswith("h"):
        return starts_with_vowel(low)
    if low in MUTE_H:
        return True
    if low in ASPIRATED_H:
        return False
    raise FormError(f"cannot tell whether the h of '{word}' is silent (le or l')")
