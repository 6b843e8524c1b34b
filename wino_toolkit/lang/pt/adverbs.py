"""Words that may stand between a subject and its verb, or a copula and its predicate; none of them is inflected."""
from __future__ import annotations

ADVERBS = frozenset(
    "não já sempre também nunca ainda só apenas realmente muito mais menos bem mal tão bastante pouco"
    " extremamente particularmente imediatamente finalmente logo quase talvez mesmo sequer jamais".split()
)

#: prepositions that are adverbs before a verb ("ele até gostou": even), passed over like them, never inflected
FOCUS_ADVERBS = frozenset("até".split())
