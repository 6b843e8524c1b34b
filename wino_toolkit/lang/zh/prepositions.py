"""Prepositions of place a 哪里 question may carry (他们在哪里发现…) but a dropped place lacks
(他们|发现…): the slot is filled with the preposition and the candidate (他们在车库发现…)."""
from __future__ import annotations

PLACE_PREPOSITIONS: tuple[str, ...] = ("在", "从", "到", "往", "向")
