"""Words French elides before a vowel, and their elided spelling ("que il" is written "qu'il"); which words
starting with h elide the article before them ("l'homme") and which do not ("le héros")."""
from __future__ import annotations

ELISION = {
    "de": "d'", "que": "qu'", "je": "j'", "ne": "n'", "se": "s'", "me": "m'", "te": "t'",
    "le": "l'", "la": "l'", "lorsque": "lorsqu'", "puisque": "puisqu'", "quoique": "quoiqu'", "jusque": "jusqu'",
}

#: h-initial words before which le/la elide ("l'homme", "l'heure"): the h is mute
MUTE_H = frozenset(
    "homme hommes heure heures huître hôtel hôpital herbe histoire hiver habit habitant habitude huile humain humeur"
    " hélicoptère horloge hirondelle hôte hôtesse héritier héritière honneur horizon hippopotame hôtelier"
    " hôtelière hameçon haleine harmonie hélice hermine hypothèse".split()
)
#: h-initial words before which le/la stay whole ("le héros", "la haie"): the h is aspirated
ASPIRATED_H = frozenset(
    "héros haricot hibou homard hache haie hall hamac hamster hangar hanche harpe hasard hauteur haut honte"
    " hublot hurlement hutte hérisson housse hockey handicap hêtre héron hotte hamburger hareng haine hargne"
    " hockeyeur houx".split()
)
