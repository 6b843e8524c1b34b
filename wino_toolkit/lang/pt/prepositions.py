"""Portuguese prepositions (a noun phrase after them contracts with de, em, a, por)."""
from __future__ import annotations

PREPOSITIONS = frozenset(
    "de em a por para com sem sobre contra até entre após ante desde perante sob trás pra".split()
)
