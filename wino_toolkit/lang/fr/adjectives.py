"""Adjectives that stand before the noun ("son ancienne maison"): the noun phrase goes on past them."""
from __future__ import annotations

PRENOMINAL = frozenset(
    "petit petite petits petites grand grande grands grandes nouveau nouvel nouvelle nouveaux nouvelles"
    " vieux vieil vieille vieilles ancien ancienne anciens anciennes jeune jeunes beau bel belle beaux belles"
    " bon bonne bons bonnes mauvais mauvaise mauvaises meilleur meilleure meilleurs meilleures premier première"
    " premiers premières dernier dernière derniers dernières seul seule seuls seules cher chère chers chères"
    " gros grosse grosses long longue longs longues joli jolie jolis jolies vrai vraie vrais vraies propre propres"
    " autre autres même mêmes".split()
)
