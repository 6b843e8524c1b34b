"""Words that may stand between a subject and its verb, or a copula and its predicate."""
from __future__ import annotations

ADVERBS = frozenset(
    "não já sempre também nunca ainda só apenas realmente muito mais menos bem mal tão bastante pouco"
    " extremamente particularmente imediatamente finalmente logo quase talvez mesmo sequer jamais".split()
)
