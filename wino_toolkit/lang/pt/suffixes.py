"""Endings that mark a Portuguese word as a verb form (finite, infinitive, gerund), for telling verbs from nouns."""
from __future__ import annotations

VERB_SUFFIXES = (
    "ou", "eu", "iu", "am", "ava", "avam", "ia", "iam", "ía", "íam", "ará", "erá", "irá", "arão", "erão", "irão",
    "aria", "eria", "iria", "ariam", "eriam", "iriam", "asse", "esse", "isse", "assem", "essem", "issem",
    "ando", "endo", "indo", "amos", "emos", "imos", "aram", "eram", "iram", "ar", "er", "ir",
)
