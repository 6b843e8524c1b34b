"""Words after which an object pronoun (его, её, их) is genitive, not accusative.

Quantity words take the genitive ("больше их" → "больше печений"), and so do a few verbs
(lemmas): "боялся его" → "боялся мальчика". Elsewhere the object is accusative.
"""
from __future__ import annotations

QUANTIFIERS = frozenset("больше меньше много мало немного сколько столько несколько достаточно".split())

GENITIVE_VERBS = frozenset(
    "бояться испугаться избегать избежать добиться достичь достигнуть касаться коснуться лишить "
    "лишиться стесняться опасаться пугаться требовать ждать дождаться хотеть желать".split()
)
