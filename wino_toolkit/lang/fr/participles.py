"""Masculine singular words that already end in -s ("mis", "gros"): the plural adds nothing to strip."""
from __future__ import annotations

INVARIANT_S = frozenset(
    "mis pris assis acquis conquis requis compris appris surpris permis promis soumis admis remis repris"
    " transmis commis clos inclus exclus gros gras bas las épais frais mauvais français anglais précis exquis"
    " heureux malheureux joyeux nerveux curieux dangereux sérieux jaloux faux roux vieux doux".split()
)
