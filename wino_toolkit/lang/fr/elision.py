"""Words French elides before a vowel, and their elided spelling ("que il" is written "qu'il")."""
from __future__ import annotations

ELISION = {
    "de": "d'", "que": "qu'", "je": "j'", "ne": "n'", "se": "s'", "me": "m'", "te": "t'",
    "le": "l'", "la": "l'", "lorsque": "lorsqu'", "puisque": "puisqu'", "quoique": "quoiqu'", "jusque": "jusqu'",
}
