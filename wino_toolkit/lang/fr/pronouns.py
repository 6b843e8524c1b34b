"""French third-person pronouns the rules rewrite: what each stands for and how it is used.

``kind`` decides the rewrite: ``subject`` (il, elle, ce), ``stressed`` (after a preposition:
"de lui"), ``object`` (direct clitics before the verb: "on les a punis"), ``dative`` ("lui a
rendu"), ``possessive`` (son, sa, ses, leur, leurs), ``locative`` (y and the place adverbs, with
the preposition they stand for), ``partitive`` (en). ``lui``, ``leur``, ``elle`` and ``elles``
change kind with their context (see :meth:`French.kind`).
"""
from __future__ import annotations

from typing import NamedTuple


class Pronoun(NamedTuple):
    kind: str
    gender: str | None  # "m", "f" or None when the form does not say
    number: str  # "s" or "p"
    preposition: str | None = None  # what a place adverb stands for: dedans = "dans" + noun phrase


PRONOUNS = {
    "il": Pronoun("subject", "m", "s"),
    "elle": Pronoun("subject", "f", "s"),
    "ils": Pronoun("subject", "m", "p"),
    "elles": Pronoun("subject", "f", "p"),
    "c'": Pronoun("subject", None, "s"),
    "ce": Pronoun("subject", None, "s"),
    "celui-ci": Pronoun("subject", "m", "s"),
    "celle-ci": Pronoun("subject", "f", "s"),
    "ceux-ci": Pronoun("subject", "m", "p"),
    "celles-ci": Pronoun("subject", "f", "p"),
    "celui-là": Pronoun("subject", "m", "s"),
    "celle-là": Pronoun("subject", "f", "s"),
    "ceux-là": Pronoun("subject", "m", "p"),
    "celles-là": Pronoun("subject", "f", "p"),
    "lui": Pronoun("stressed", "m", "s"),
    "eux": Pronoun("stressed", "m", "p"),
    "le": Pronoun("object", "m", "s"),
    "la": Pronoun("object", "f", "s"),
    "l'": Pronoun("object", None, "s"),
    "les": Pronoun("object", None, "p"),
    "leur": Pronoun("possessive", None, "s"),
    "son": Pronoun("possessive", None, "s"),
    "sa": Pronoun("possessive", None, "s"),
    "ses": Pronoun("possessive", None, "s"),
    "leurs": Pronoun("possessive", None, "p"),
    "y": Pronoun("locative", None, "s", "à"),
    "là": Pronoun("locative", None, "s"),
    "là-bas": Pronoun("locative", None, "s"),
    "dedans": Pronoun("locative", None, "s", "dans"),
    "dessus": Pronoun("locative", None, "s", "sur"),
    "dessous": Pronoun("locative", None, "s", "sous"),
    "en": Pronoun("partitive", None, "s"),
}

#: the number of the possessor a possessive stands for ("son chat": one owner; "leur chat": several)
POSSESSOR_NUMBER = {"son": "s", "sa": "s", "ses": "s", "leur": "p", "leurs": "p"}
