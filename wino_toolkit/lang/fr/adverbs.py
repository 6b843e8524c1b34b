"""Words that may stand between a verb and its participle or predicate ("n'est pas très grand")."""
from __future__ import annotations

ADVERBS = frozenset(
    "pas plus jamais point guère rien très trop si assez bien vraiment tellement aussi toujours encore déjà"
    " plutôt fort peu tout toute toutes tous souvent parfois vite beaucoup moins presque enfin alors donc"
    " ensuite maintenant certainement sûrement probablement complètement totalement".split()
)
