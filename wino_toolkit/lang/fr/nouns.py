"""Noun-phrase tables: determiners, contractions and elision, the gender a noun's ending shows, and the
adjectives that stand before or after the noun."""
from __future__ import annotations

# French determiners: gender and number of the noun phrase they open (None: the form does not say).
DETERMINERS = {
    "le": ("m", "s"), "la": ("f", "s"), "l'": (None, "s"), "les": (None, "p"),
    "un": ("m", "s"), "une": ("f", "s"), "des": (None, "p"),
    "ce": ("m", "s"), "cet": ("m", "s"), "cette": ("f", "s"), "ces": (None, "p"),
    "mon": ("m", "s"), "ton": ("m", "s"), "son": ("m", "s"),
    "ma": ("f", "s"), "ta": ("f", "s"), "sa": ("f", "s"),
    "mes": (None, "p"), "tes": (None, "p"), "ses": (None, "p"),
    "notre": (None, "s"), "votre": (None, "s"), "leur": (None, "s"),
    "nos": (None, "p"), "vos": (None, "p"), "leurs": (None, "p"),
    "quelques": (None, "p"), "plusieurs": (None, "p"), "deux": (None, "p"), "trois": (None, "p"),
}

#: numerals that open a candidate: an anaphor names the same ones with the article ("deux hommes" → "les deux hommes")
NUMERALS = frozenset("deux trois quatre cinq six sept huit neuf dix".split())
#: "un"/"une" opening one of a group ("un des guichetiers"), and the partitive an anaphor keeps ("l'un des guichetiers")
ONE_OF = {"un": ("m", "l'un"), "une": ("f", "l'une"), "l'un": ("m", "l'un"), "l'une": ("f", "l'une")}
#: what links "un" to its group: "un des guichetiers", "une de ses amies", "l'un d'eux"
GROUP_LINKS = frozenset("des de d'".split())
#: definite articles, contracted or not, that stand before a name of an institution ("au Louvre", "la Banque de France")
NAME_ARTICLES = {"le": "le", "la": "la", "l'": "l'", "les": "les", "du": "le", "au": "le", "aux": "les", "des": "les"}

#: possessives that take the masculine form before any vowel ("son amie", "son ancienne maison"): the gender is not theirs
VOWEL_POSSESSIVES = frozenset("mon ton son".split())
#: feminine adjectives that can open a noun phrase after such a possessive, and show its gender ("son ancienne maison")
FEMININE_BEFORE_NOUN = frozenset("ancienne anciennes excellente excellentes heureuse heureuses actuelle actuelles".split())

#: the definite article an indefinite first mention takes when a pronoun refers back to it ("un chat" → "le chat")
INDEFINITE = {"un": "le", "une": "la", "des": "les"}

# Preposition + article contractions French makes obligatory: de + le = du, à + les = aux.
CONTRACTIONS = {
    ("de", "le"): "du",
    ("de", "les"): "des",
    ("à", "le"): "au",
    ("à", "les"): "aux",
}

# Words French elides before a vowel, and their elided spelling ("que il" is written "qu'il"); which words
# starting with h elide the article before them ("l'homme") and which do not ("le héros").
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

# Noun endings whose gender is (nearly) certain, for "leur" + noun (which does not show gender).
NOUN_GENDER = (
    ("tion", "f"), ("sion", "f"), ("ette", "f"), ("ance", "f"), ("ure", "f"), ("té", "f"),
    ("ment", "m"), ("isme", "m"), ("age", "m"), ("eau", "m"), ("oir", "m"),
)


#: feminine nouns whose ending says nothing certain or says the wrong gender: without a final -e ("la
#: souris", "la main"), in -age ("l'image"), and common ones in -e ("la chaise")
FEMININE_NOUNS = frozenset(
    "souris fois voix main fin faim mer nuit dent forêt part mort peau eau clé clef tribu foi loi paix croix noix"
    " brebis perdrix vis toux chair cour fleur sœur couleur peur chaleur valeur douleur odeur erreur faveur"
    " vapeur saveur terreur lueur rumeur fureur moitié amitié pitié jument radio photo moto auto météo vidéo"
    " image page plage cage rage nage chaise table porte fenêtre pomme rose vache chèvre valise coupe carafe"
    " voiture femme fille mère tante dame reine ville route rue école église boîte lampe chambre cuisine robe"
    " jupe chemise veste corde planche pierre terre lune étoile herbe feuille branche plante tasse assiette"
    " fourchette cuillère bouteille balle poupée tortue girafe baleine abeille guêpe mouche araignée"
    " poule chatte équipe usine armée police banque classe famille foule personne victime".split()
)
#: masculine nouns in -e, which no suffix tells ("l'arbitre", "le verre")
MASCULINE_NOUNS = frozenset(
    "arbitre juge ministre membre maire peintre poète pape prêtre père frère oncle homme groupe verre arbre"
    " livre monde peuple problème système programme modèle musée lycée trophée casque masque disque cadre"
    " magazine vase globe stade verbe sucre beurre lièvre singe cygne rhinocéros crabe zèbre tigre chêne"
    " navire câble costume fleuve domaine empire capitaine".split()
)
#: endings of feminine nouns ending in -e, besides :data:`NOUN_GENDER`'s
FEMININE_NOUN_ENDINGS = ("ence", "ée", "elle", "esse", "euse", "rice", "ière", "ise", "ante", "ente", "enne", "onne", "ine",
                         "aine")
#: endings of masculine nouns ending in -e ("le fromage", "le piège")
MASCULINE_NOUN_ENDINGS = ("isme", "age", "ège", "eau")


def noun_gender(noun: str, number: str) -> str | None:
    """The gender a noun's form shows ("chaises" says nothing, "pneus" and "oiseaux" are masculine, "actions"
    feminine); None when it shows none. Most French nouns without a final -e are masculine, the exceptions
    are listed; an -e noun is told only by a suffix."""
    low = noun.lower()
    if number == "p" and low.endswith(("s", "x")) and low not in FEMININE_NOUNS:
        low = low[:-1]
    if low in FEMININE_NOUNS:
        return "f"
    if low in MASCULINE_NOUNS or low.endswith(MASCULINE_NOUN_ENDINGS):
        return "m"
    gender = next((g for ending, g in NOUN_GENDER if low.endswith(ending)), None)
    if gender is not None or low.endswith(FEMININE_NOUN_ENDINGS):
        return gender or "f"
    return None if low.endswith(("e", "eur")) else "m"

# Adjectives that stand before the noun ("son ancienne maison"): the noun phrase goes on past them.
PRENOMINAL = frozenset(
    "petit petite petits petites grand grande grands grandes nouveau nouvel nouvelle nouveaux nouvelles"
    " vieux vieil vieille vieilles ancien ancienne anciens anciennes jeune jeunes beau bel belle beaux belles"
    " bon bonne bons bonnes mauvais mauvaise mauvaises meilleur meilleure meilleurs meilleures premier première"
    " premiers premières dernier dernière derniers dernières seul seule seuls seules cher chère chers chères"
    " gros grosse grosses long longue longs longues joli jolie jolis jolies vrai vraie vrais vraies propre propres"
    " autre autres même mêmes".split()
)

# Common adjectives that follow the noun ("sa pinte vide"): the genitive goes after them.
POSTNOMINAL = frozenset(
    "vide vides plein pleine pleins pleines préféré préférée préférés préférées favori favorite favoris favorites"
    " rouge rouges noir noire noirs noires blanc blanche blancs blanches bleu bleue bleus bleues vert verte verts"
    " vertes marron gris grise neuf neuve neufs neuves cassé cassée cassés cassées sale sales propre".split()
)

#: contracted articles and the article in them ("du barman" → "le barman")
UNCONTRACTED = {"du": "le", "au": "le", "aux": "les"}
#: elided words and their full spelling ("qu'" → "que"); not the articles, whose full form the noun decides
UNELIDED = {elided: full for full, elided in ELISION.items() if full not in ("le", "la")}
