"""Russian third-person pronouns the rules rewrite, with every reading each form can have.

A reading is ``(case, gender, number)`` in pymorphy3's grammemes; ``gender`` is ``"mn"`` where
the form is masculine or neuter alike (его, ему), None where it does not say (the plural). Forms that read several ways (его is genitive
or accusative, им dative plural or instrumental singular) are settled in context by
:meth:`~wino_toolkit.lang.ru.Russian.reading`. The н-forms (него, нему, ним, нём) are the same
pronouns after a preposition. Lookups are by lower case with ё written е.
"""
from __future__ import annotations

from typing import NamedTuple


M, F, N, MN = "masc", "femn", "neut", "mn"
S, P = "sing", "plur"

#: pymorphy3's grammemes as a reader of a skip reason says them ("accs" means nothing to most)
CASE_NAMES = {"nomn": "nominative", "gent": "genitive", "datv": "dative", "accs": "accusative", "ablt": "instrumental",
              "loct": "prepositional"}
GRAMMEME_NAMES = {**CASE_NAMES, M: "masculine", F: "feminine", N: "neuter", MN: "masculine or neuter", S: "singular",
                  P: "plural"}


class Reading(NamedTuple):
    """One reading of a pronoun form; ``str()`` says it in words ("dative plural"), never as a tuple, since
    readings end up in the reasons a user reads for a skipped item."""

    case: str
    gender: str | None
    number: str

    def __str__(self) -> str:
        words = f"{GRAMMEME_NAMES.get(self.case, self.case)} {GRAMMEME_NAMES.get(self.number, self.number)}"
        return words + (f" ({GRAMMEME_NAMES.get(self.gender, self.gender)})" if self.gender else "")

PERSONAL: dict[str, tuple[Reading, ...]] = {
    "он": (Reading("nomn", M, S),),
    "она": (Reading("nomn", F, S),),
    "оно": (Reading("nomn", N, S),),
    "они": (Reading("nomn", None, P),),
    "его": (Reading("accs", MN, S), Reading("gent", MN, S)),
    "ее": (Reading("accs", F, S), Reading("gent", F, S)),
    "их": (Reading("accs", None, P), Reading("gent", None, P)),
    "ему": (Reading("datv", MN, S),),
    "ей": (Reading("datv", F, S), Reading("ablt", F, S)),
    "им": (Reading("datv", None, P), Reading("ablt", MN, S)),
    "ею": (Reading("ablt", F, S),),
    "ими": (Reading("ablt", None, P),),
    # the н-forms, after a preposition
    "него": (Reading("accs", MN, S), Reading("gent", MN, S)),
    "нее": (Reading("accs", F, S), Reading("gent", F, S)),
    "них": (Reading("accs", None, P), Reading("gent", None, P), Reading("loct", None, P)),
    "нему": (Reading("datv", MN, S),),
    "ней": (Reading("ablt", F, S), Reading("loct", F, S), Reading("datv", F, S), Reading("gent", F, S)),
    "ним": (Reading("ablt", MN, S), Reading("datv", None, P)),
    "нею": (Reading("ablt", F, S),),
    "ними": (Reading("ablt", None, P),),
    "нем": (Reading("loct", MN, S),),
}

#: forms that are possessive determiners when a noun phrase follows them ("его слона")
POSSESSIVE: dict[str, tuple[str | None, str]] = {"его": (MN, S), "ее": (F, S), "их": (None, P)}

#: the reflexive possessive "свой", all its forms: it always stands before the possessed noun
REFLEXIVE = frozenset(
    "свой своя свое свои своего своей своему своим своих своими свою своею своем".split()
)
