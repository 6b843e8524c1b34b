"""Quantifiers a bare noun follows: "fazer mais | ." takes "biscoitos", not "os biscoitos"."""
from __future__ import annotations

QUANTIFIERS = frozenset(
    "mais menos muitos muitas poucos poucas vários várias tantos tantas quantos quantas alguns algumas"
    " bastantes demasiados demasiadas".split()
)
