"""Words that take their noun phrase through "de": "através | ." becomes "através da fenda"."""
from __future__ import annotations

DE_WORDS = frozenset(
    "através atrás acima abaixo embaixo debaixo dentro fora perto longe antes depois diante além cima frente"
    " suficiente".split()
)
