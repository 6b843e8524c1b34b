"""Noun endings that show gender, tried in order, for the article a possessive slot needs ("| taça" → "a taça")."""
from __future__ import annotations

NOUN_GENDER = (
    ("ção", "f"), ("são", "f"), ("dade", "f"), ("tude", "f"), ("gem", "f"), ("ez", "f"), ("ções", "f"), ("sões", "f"),
    ("ema", "m"), ("ama", "m"), ("mento", "m"), ("or", "m"), ("ume", "m"),
    ("as", "f"), ("os", "m"), ("a", "f"), ("o", "m"),
)
