"""The words the rules read: tokens, and the closed classes of words (prepositions, adverbs, clitics,
quantifiers, subject pronouns, clause openers; the English words of untranslated schemas)."""
from __future__ import annotations

import re

from ..base import tokenizer

__all__ = ["ENCLITIC", "INFINITIVE_ACCENTS", "QUOTES", "TOKEN", "tokenize"]

TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")
#: the tokens of a text, hyphenated and apostrophed words one token ("convencê-lo", "d'água")
tokenize = tokenizer(TOKEN)
QUOTES = frozenset("\"“”«»")
#: enclitic infinitives: "convencê-lo" is "convencer" + "o"
INFINITIVE_ACCENTS = {"á": "ar", "ê": "er", "í": "ir", "ô": "or"}
#: a verb with its object clitic after a hyphen ("convidou-a", "deu-lhe")
ENCLITIC = re.compile(r"^(?P<verb>\w+)-(?P<clitic>o|a|os|as|lo|la|los|las|no|na|nos|nas|lhe|lhes)$", re.IGNORECASE)

# Portuguese prepositions (a noun phrase after them contracts with de, em, a, por).
PREPOSITIONS = frozenset(
    "de em a por para com sem sobre contra até entre após ante desde perante sob trás pra".split()
)

# Words that may stand between a subject and its verb, or a copula and its predicate; none of them is inflected.
ADVERBS = frozenset(
    "não já sempre também nunca ainda só apenas realmente muito mais menos bem mal tão bastante pouco"
    " extremamente particularmente imediatamente finalmente logo quase talvez mesmo sequer jamais".split()
)

#: prepositions that are adverbs before a verb ("ele até gostou": even), passed over like them, never inflected
FOCUS_ADVERBS = frozenset("até".split())

# Clitics that stand before a verb ("se quebrou", "o admira"), skipped when looking for the verb.
CLITICS = frozenset("se me te nos vos lhe lhes o a os as".split())

# Quantifiers a bare noun follows: "fazer mais | ." takes "biscoitos", not "os biscoitos".
QUANTIFIERS = frozenset(
    "mais menos muitos muitas poucos poucas vários várias tantos tantas quantos quantas alguns algumas"
    " bastantes demasiados demasiadas".split()
)

# Subject pronouns: a slot between one and its verb is an object slot ("Ele | abriu" = "Ele abriu X").
SUBJECT_PRONOUNS = frozenset("eu tu ele ela nós vós eles elas você vocês".split())

# Words that take their noun phrase through "de": "através | ." becomes "através da fenda".
DE_WORDS = frozenset(
    "através atrás acima abaixo embaixo debaixo dentro fora perto longe antes depois diante além cima frente"
    " suficiente".split()
)

# Words that open a new clause, for the NLI hypothesis (the clause holding the slot ends there).
#
# Some are also other words, and :meth:`Portuguese.boundary` checks their neighbours: "se" is a
# reflexive pronoun after a verb, "embora" an adverb after one ("foi embora"), and "que" opens no
# clause after a noun (a relative clause stays with its noun) or in "ter que".
#
# A clause after the one holding the slot that tells when stays in the hypothesis, as in GLUE WNLI's
# ("He opened his eyes when the wind stopped."): :data:`TIME_OPENERS`.
CLAUSE_OPENERS = frozenset(
    "porque mas então quando embora se e pois que portanto enquanto ou porém contudo".split()
)

#: openers of a clause that carries the time of the one before it
TIME_OPENERS: tuple[tuple[str, ...], ...] = (("quando",), ("sempre", "que"), ("assim", "que"), ("até", "que"), ("logo", "que"))

# English function words: the Portuguese WSC left a few schemas untranslated, and those get verbatim insertion.
ENGLISH_WORDS = frozenset("the was were is are and because of to it he she they could would n't".split())
