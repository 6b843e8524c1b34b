"""Common adjectives that follow the noun ("sa pinte vide"): the genitive goes after them."""
from __future__ import annotations

POSTNOMINAL = frozenset(
    "vide vides plein pleine pleins pleines préféré préférée préférés préférées favori favorite favoris favorites"
    " rouge rouges noir noire noirs noires blanc blanche blancs blanches bleu bleue bleus bleues vert verte verts"
    " vertes marron gris grise neuf neuve neufs neuves cassé cassée cassés cassées sale sales propre".split()
)
