"""Adjectives and participles in another gender and number: "vieille" → "vieux", "cassés" → "cassée".

A predicate agrees with its subject, so a pronoun replaced by a candidate of another gender or number
takes the predicate with it ("elle était trop vieille" → "l'hôtel était trop vieux"). The word is brought
back to its masculine singular (:func:`masculine_singular`), then inflected (:func:`inflect`). The
feminine → masculine step is the hard one: "grande" → "grand" but "rapide" stays "rapide"; the tables
say which endings are epicene (the same in both genders) and which words are irregular.
"""
from __future__ import annotations

__all__ = ["inflect", "masculine_singular", "reinflect", "singular", "plural"]

#: feminine → masculine forms no ending rule gives
IRREGULAR_FEMININE = {
    "vieille": "vieux", "belle": "beau", "nouvelle": "nouveau", "jumelle": "jumeau", "folle": "fou",
    "molle": "mou", "blanche": "blanc", "franche": "franc", "fraîche": "frais", "fraiche": "frais",
    "sèche": "sec", "longue": "long", "oblongue": "oblong", "douce": "doux", "fausse": "faux",
    "rousse": "roux", "publique": "public", "turque": "turc", "grecque": "grec", "caduque": "caduc",
    "favorite": "favori", "bénigne": "bénin", "maligne": "malin", "gentille": "gentil", "nulle": "nul",
    "meilleure": "meilleur", "brève": "bref", "sotte": "sot", "pâlotte": "pâlot", "vieillotte": "vieillot",
    "expresse": "exprès", "prête": "prêt", "noire": "noir", "claire": "clair", "close": "clos",
    "diverse": "divers", "perverse": "pervers", "civile": "civil", "subtile": "subtil", "puérile": "puéril",
    "vile": "vil", "virile": "viril", "seule": "seul", "laide": "laid", "paysanne": "paysan",
    "traîtresse": "traître", "dissoute": "dissous", "absoute": "absous", "tierce": "tiers", "vraie": "vrai",
    "reine": "roi", "princesse": "prince", "duchesse": "duc", "comtesse": "comte", "maîtresse": "maître",
}
#: masculine → feminine forms no ending rule gives (and the masculine forms used before a vowel)
IRREGULAR_MASCULINE = {
    **{m: f for f, m in IRREGULAR_FEMININE.items() if f != "fraiche"},
    "bel": "belle", "nouvel": "nouvelle", "vieil": "vieille", "fol": "folle", "mol": "molle",
    "net": "nette", "muet": "muette", "coquet": "coquette", "violet": "violette", "douillet": "douillette",
    "fluet": "fluette", "simplet": "simplette", "rondelet": "rondelette", "gras": "grasse", "gros": "grosse",
    "bas": "basse", "las": "lasse", "épais": "épaisse", "métis": "métisse", "jaloux": "jalouse",
    "menteur": "menteuse", "meilleur": "meilleure", "majeur": "majeure", "mineur": "mineure",
}
#: feminine words in -euse whose masculine is in -eur, not -eux ("menteuse" → "menteur")
EUSE_EUR = frozenset(
    "menteuse trompeuse rêveuse moqueuse flatteuse joueuse voleuse tricheuse travailleuse batailleuse"
    " blagueuse boudeuse charmeuse crâneuse frimeuse rieuse songeuse chanteuse danseuse".split()
)
#: epicene words with an ending that is elsewhere feminine ("sincère" is not "sincer")
EPICENE = frozenset(
    "sincère sévère austère prospère éphémère adultère délétère obsolète honnête bête hypocrite insolite"
    " illicite licite explicite implicite émérite écarlate adulte inerte alerte raide jeune tranquille pâle sale"
    " mâle ovale inverse adverse drôle fidèle rose morose grandiose juvénile ridicule crédule minuscule majuscule"
    " diaphane profane insane calme ivre propice complice".split()
)
#: endings of words that are the same in both genders ("rapide", "faible", "sage", "triste")
EPICENE_ENDINGS = (
    "ble", "ple", "cle", "gle", "fle", "bre", "dre", "tre", "pre", "vre", "gre", "cre", "fre", "ste", "ide",
    "ade", "ède", "ge", "me", "gne", "rne", "ce", "che", "phe", "the", "aire", "oire", "ire", "ore", "are",
    "ile", "ole", "cule", "ose", "nse", "lse", "ave", "pte", "xe", "ze", "fe", "pe", "be",
)
#: feminine endings and the masculine ending each comes from, longest first where they overlap
FEMININE_ENDINGS = (
    ("ienne", "ien"), ("enne", "en"), ("onne", "on"), ("eille", "eil"), ("elle", "el"), ("ette", "et"),
    ("otte", "ot"), ("euse", "eux"), ("ouse", "oux"), ("trice", "teur"), ("sse", "s"), ("euve", "euf"),
    ("ive", "if"), ("ève", "ef"), ("ère", "er"), ("ète", "et"), ("eure", "eur"),
    ("ée", "é"), ("ie", "i"), ("ïe", "ï"), ("uë", "u"), ("ue", "u"),
)
#: masculine endings and their feminine (after :data:`IRREGULAR_MASCULINE`), longest first
MASCULINE_ENDINGS = (
    ("érieur", "érieure"), ("ateur", "atrice"), ("cteur", "ctrice"), ("eur", "euse"), ("eux", "euse"),
    ("oux", "ouse"), ("if", "ive"), ("euf", "euve"), ("er", "ère"), ("ien", "ienne"), ("en", "enne"),
    ("eil", "eille"), ("el", "elle"), ("on", "onne"), ("et", "ète"), ("ic", "ique"), ("é", "ée"),
)
#: masculine singulars in -al whose plural is -als ("banals"), not -aux
AL_ALS = frozenset("banal bancal fatal final natal naval glacial".split())
#: masculine singulars ending in -s or -x (the plural adds nothing), besides the -ais/-is/-us endings below
S_SINGULAR = frozenset(
    "gros gras bas las épais frais mauvais gris ras divers pervers confus diffus obtus exprès dissous absous"
    " tiers clos inclus exclus faux roux vieux doux jaloux heureux".split()
)
#: endings of masculine singulars in -s ("surpris", "soumis", "acquis", "français", "assis")
S_SINGULAR_ENDINGS = ("pris", "mis", "quis", "ais", "assis", "précis", "concis", "indécis")
#: words after être that never agree: adverbs of place and time, and nouns of a trade that keep their form
INVARIABLE = frozenset(
    "là ici debout dehors ailleurs partout ensemble mieux pire demain hier là-bas dedans dessus dessous"
    " médecin professeur auteur ingénieur chef témoin juge ministre maire écrivain peintre docteur sympa"
    " marron orange".split()
)
#: plurals in -ais of singulars in -ai ("vrais" → "vrai")
AI_PLURALS = frozenset("vrais gais".split())


def feminine(word: str) -> str:
    """The feminine singular of a masculine singular ("grand" → "grande"); an -e word is epicene."""
    if word in IRREGULAR_MASCULINE:
        return IRREGULAR_MASCULINE[word]
    if word.endswith("e"):
        return word
    for ending, fem in MASCULINE_ENDINGS:
        if word.endswith(ending):
            return word[: -len(ending)] + fem
    return word + "e"


def masculine(word: str) -> str:
    """The masculine singular of a feminine singular ("grande" → "grand", "rapide" → "rapide")."""
    if word in IRREGULAR_FEMININE:
        return IRREGULAR_FEMININE[word]
    if word in EPICENE or not word.endswith(("e", "ë")) or word.endswith(("que", "gue")):
        return word  # a word without the feminine -e does not agree ("debout", "là")
    if word in EUSE_EUR:
        return word[:-4] + "eur"
    for ending, masc in FEMININE_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending):
            return word[: -len(ending)] + masc
    if word.endswith(EPICENE_ENDINGS):
        return word
    return word[:-1]


def singular(word: str, gender: str) -> str:
    """The singular of a plural adjective of ``gender`` ("grandes" → "grande", "égaux" → "égal")."""
    if gender == "f":
        return word[:-1] if word.endswith("s") else word
    if word in AI_PLURALS:
        return word[:-1]
    if word in S_SINGULAR or word.endswith(S_SINGULAR_ENDINGS) or not word.endswith(("s", "x")):
        return word
    if word.endswith("eaux"):
        return word[:-1]
    if word.endswith("aux"):
        return word[:-3] + "al"
    return word if word.endswith("x") else word[:-1]


def plural(word: str, gender: str) -> str:
    """The plural of a singular adjective of ``gender`` ("grande" → "grandes", "égal" → "égaux")."""
    if word.endswith(("s", "x", "z")):
        return word
    if gender == "m" and word.endswith("al") and word not in AL_ALS:
        return word[:-2] + "aux"
    return word + ("x" if gender == "m" and word.endswith("eau") else "s")


def masculine_singular(word: str, gender: str, number: str) -> str:
    """The masculine singular of ``word``, an adjective of ``gender`` and ``number``."""
    one = singular(word, gender) if number == "p" else word
    return one if gender == "m" else masculine(one)


def inflect(lemma: str, gender: str, number: str) -> str:
    """The masculine singular ``lemma`` in ``gender`` and ``number`` ("vieux", "f", "p" → "vieilles")."""
    one = lemma if gender == "m" else feminine(lemma)
    return plural(one, gender) if number == "p" else one


def reinflect(word: str, source: tuple[str, str], target: tuple[str, str]) -> str:
    """``word``, agreeing with ``source`` (gender, number), made to agree with ``target`` (each a pair such as
    ("f", "s")): "vieille" → "vieux", "cassés" → "cassée", "rapide" → "rapide"."""
    low = word.lower()
    if source == target or low in INVARIABLE:
        return word
    new = inflect(masculine_singular(low, *source), *target)
    return word[0] + new[1:] if word[:1].isupper() and new[:1].lower() == low[:1] else new
