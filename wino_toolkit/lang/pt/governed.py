"""Verbs that take their object through a preposition: "cuidar | ." becomes "cuidar de John".

A key "se <verb>" applies only to the pronominal verb ("se mudará | casa" → "se mudará da casa").
"""
from __future__ import annotations

VERB_PREPOSITIONS = {
    "cuidar": "de", "gostar": "de", "precisar": "de", "depender": "de", "desconfiar": "de", "duvidar": "de",
    "desistir": "de", "lembrar": "de", "confiar": "em", "acreditar": "em", "pensar": "em", "concordar": "com",
    "sonhar": "com", "simpatizar": "com", "se mudar": "de", "se lembrar": "de", "se esquecer": "de",
    "se queixar": "de", "se aproximar": "de", "se afastar": "de",
}
