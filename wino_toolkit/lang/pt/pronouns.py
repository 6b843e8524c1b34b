"""Portuguese third-person pronouns the rules rewrite, with what each stands for.

``kind``: ``subject`` (ele, ela: a subject, or after a preposition "com ela"), ``genitive`` and
``locative`` (dele = de + ele, nele = em + ele), ``object`` (o, a, os, as and their -lo/-no
forms), ``dative`` (lhe), ``possessive`` (seu, sua: the possessor goes after the noun).
"""
from __future__ import annotations

from typing import NamedTuple


class Pronoun(NamedTuple):
    kind: str
    gender: str | None  # "m", "f", None when the form does not say
    number: str  # "s" or "p"
    preposition: str | None = None  # the preposition a contracted form holds (dele = de + ele)


PRONOUNS = {
    "ele": Pronoun("subject", "m", "s"), "ela": Pronoun("subject", "f", "s"),
    "eles": Pronoun("subject", "m", "p"), "elas": Pronoun("subject", "f", "p"),
    "dele": Pronoun("genitive", "m", "s", "de"), "dela": Pronoun("genitive", "f", "s", "de"),
    "deles": Pronoun("genitive", "m", "p", "de"), "delas": Pronoun("genitive", "f", "p", "de"),
    "nele": Pronoun("locative", "m", "s", "em"), "nela": Pronoun("locative", "f", "s", "em"),
    "neles": Pronoun("locative", "m", "p", "em"), "nelas": Pronoun("locative", "f", "p", "em"),
    "o": Pronoun("object", "m", "s"), "a": Pronoun("object", "f", "s"),
    "os": Pronoun("object", "m", "p"), "as": Pronoun("object", "f", "p"),
    "lo": Pronoun("object", "m", "s"), "la": Pronoun("object", "f", "s"),
    "los": Pronoun("object", "m", "p"), "las": Pronoun("object", "f", "p"),
    "no": Pronoun("object", "m", "s"), "na": Pronoun("object", "f", "s"),
    "nos": Pronoun("object", "m", "p"), "nas": Pronoun("object", "f", "p"),
    "lhe": Pronoun("dative", None, "s"), "lhes": Pronoun("dative", None, "p"),
    "seu": Pronoun("possessive", "m", "s"), "sua": Pronoun("possessive", "f", "s"),
    "seus": Pronoun("possessive", "m", "p"), "suas": Pronoun("possessive", "f", "p"),
}
