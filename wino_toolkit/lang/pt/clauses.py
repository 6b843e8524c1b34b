"""Words that open a new clause, for the NLI hypothesis (the clause holding the slot ends there).

Some are also other words, and :meth:`Portuguese.boundary` checks their neighbours: "se" is a
reflexive pronoun after a verb, "embora" an adverb after one ("foi embora"), and "que" opens no
clause after a noun (a relative clause stays with its noun) or in "ter que".
"""
from __future__ import annotations

CLAUSE_OPENERS = frozenset(
    "porque mas então quando embora se e pois que portanto enquanto ou porém contudo".split()
)
