"""Preposition + article contractions French makes obligatory: de + le = du, à + les = aux."""
from __future__ import annotations

CONTRACTIONS = {
    ("de", "le"): "du",
    ("de", "les"): "des",
    ("à", "le"): "au",
    ("à", "les"): "aux",
}
