"""Prepositions: before one, ``lui``/``elle``/``eux`` are stressed pronouns ("de lui"), not clitics."""
from __future__ import annotations

PREPOSITIONS = frozenset(
    "de d' à pour avec sans chez contre par sur sous vers entre derrière devant après avant dans en envers"
    " malgré selon parmi pendant depuis près loin auprès".split()
)
