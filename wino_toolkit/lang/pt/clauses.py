"""Words that open a new clause, for the NLI hypothesis (the clause holding the slot ends there).

Some are also other words, and :meth:`Portuguese.boundary` checks their neighbours: "se" is a
reflexive pronoun after a verb, "embora" an adverb after one ("foi embora"), and "que" opens no
clause after a noun (a relative clause stays with its noun) or in "ter que".

A clause after the one holding the slot that tells when stays in the hypothesis, as in GLUE WNLI's
("He opened his eyes when the wind stopped."): :data:`TIME_OPENERS`.
"""
from __future__ import annotations

CLAUSE_OPENERS = frozenset(
    "porque mas então quando embora se e pois que portanto enquanto ou porém contudo".split()
)

#: openers of a clause that carries the time of the one before it
TIME_OPENERS: tuple[tuple[str, ...], ...] = (("quando",), ("sempre", "que"), ("assim", "que"), ("até", "que"), ("logo", "que"))
