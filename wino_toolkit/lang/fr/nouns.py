"""Noun endings whose gender is (nearly) certain, for "leur" + noun (which does not show gender)."""
from __future__ import annotations

NOUN_GENDER = (
    ("tion", "f"), ("sion", "f"), ("ette", "f"), ("ance", "f"), ("ure", "f"), ("té", "f"),
    ("ment", "m"), ("isme", "m"), ("age", "m"), ("eau", "m"), ("oir", "m"),
)
