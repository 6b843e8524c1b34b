"""Verb tables: third-person forms in each number, the forms of avoir, être and the copulas, subjunctives
and the participles whose plural adds nothing."""
from __future__ import annotations

# Singular and plural third-person forms of common irregular French verbs (present, past, future).
#
# Regular endings (-e/-ent, -ait/-aient, -ra/-ront) are in :data:`VERB_ENDINGS`; a verb in neither table
# cannot be made to agree, and the rewrite fails rather than guess.
VERB_NUMBER = {
    "est": "sont", "a": "ont", "va": "vont", "fait": "font", "fut": "furent", "eut": "eurent",
    "peut": "peuvent", "veut": "veulent", "doit": "doivent", "sait": "savent", "dit": "disent",
    "lit": "lisent", "écrit": "écrivent", "prend": "prennent", "comprend": "comprennent", "apprend": "apprennent",
    "vient": "viennent", "devient": "deviennent", "revient": "reviennent", "tient": "tiennent",
    "voit": "voient", "croit": "croient", "boit": "boivent", "reçoit": "reçoivent", "met": "mettent",
    "vit": "vivent", "suit": "suivent", "court": "courent", "sort": "sortent", "part": "partent",
    "dort": "dorment", "sert": "servent", "connaît": "connaissent", "paraît": "paraissent",
    "finit": "finissent", "choisit": "choisissent", "réussit": "réussissent", "grandit": "grandissent",
    "perd": "perdent", "rend": "rendent", "attend": "attendent", "entend": "entendent", "répond": "répondent",
    "vend": "vendent", "descend": "descendent", "meurt": "meurent", "ouvre": "ouvrent", "offre": "offrent",
    "soit": "soient", "ait": "aient",
}

# Regular third-person endings, singular and plural, with plural endings that do not follow them.
#
# Each row: singular ending, plural ending, and plural endings of verbs that look regular but are
# not ("prennent" is not "prenne"); a word with one of those is left to :data:`VERB_NUMBER` or fails.
VERB_ENDINGS = (
    ("ait", "aient", ()),
    ("era", "eront", ()),
    ("ira", "iront", ()),
    ("ra", "ront", ()),
    ("e", "ent", ("nnent", "oivent", "isent", "issent", "ient")),
)

# Finite forms of avoir and être, and of the copulas whose predicate agrees with the subject.
AUXILIARIES = {
    **dict.fromkeys(
        "ai as a avons avez ont avais avait avions aviez avaient aurai auras aura aurons aurez auront aurais aurait"
        " aurions auriez auraient eus eut eûmes eûtes eurent aie aies ait ayons ayez aient".split(),
        "avoir"
    ),
    **dict.fromkeys(
        "suis es est sommes êtes sont étais était étions étiez étaient serai seras sera serons serez seront"
        " serais serait serions seriez seraient fus fut fûmes fûtes furent sois soit soyons soyez soient".split(),
        "être"
    ),
    **dict.fromkeys(
        "devient deviennent devenait devenaient semble semblent semblait semblaient reste restent"
        " restait restaient paraît paraissent paraissait paraissaient".split(),
        "copula",
    ),
}

#: avoir and être neither finite nor agreeing: an object clitic before them moves past the participle too
#: ("après l'avoir battu" → "après avoir battu Tom"), as before a finite auxiliary
NONFINITE_AUXILIARIES = {"avoir": "avoir", "ayant": "avoir", "être": "être", "étant": "être"}

#: participles of avoir that take an infinitive after them, so a clitic may follow them ("a voulu le voir");
#: after any other participle, "le"/"la"/"les" is an article ("a ouvert la porte")
MODAL_PARTICIPLES = frozenset(
    "voulu pu dû su osé failli préféré aimé adoré détesté souhaité désiré espéré pensé cru semblé paru fallu dit"
    " fait laissé vu entendu senti regardé".split()
)


def auxiliary(word: str) -> str | None:
    """"avoir" or "être" for a form of either, finite or not; "copula" for a copula; None for other words."""
    return AUXILIARIES.get(word) or NONFINITE_AUXILIARIES.get(word)


# Third-person subjunctive forms that differ from the indicative, and the indicative for each.
#
# A clause cut from "bien qu'il soit malade" becomes the sentence "Paul est malade."; regular -er
# verbs need nothing ("qu'il mange" / "il mange").
SUBJUNCTIVE = {
    "soit": "est", "soient": "sont", "ait": "a", "aient": "ont", "fasse": "fait", "fassent": "font",
    "puisse": "peut", "puissent": "peuvent", "aille": "va", "aillent": "vont", "sache": "sait", "sachent": "savent",
    "veuille": "veut", "veuillent": "veulent", "vienne": "vient", "prenne": "prend", "doive": "doit",
    "doivent": "doivent", "dise": "dit", "disent": "disent", "finisse": "finit", "finissent": "finissent",
    "mette": "met", "mettent": "mettent", "parte": "part", "sorte": "sort", "vive": "vit", "voie": "voit",
}

# Masculine singular words that already end in -s ("mis", "gros"): the plural adds nothing to strip.
INVARIANT_S = frozenset(
    "mis pris assis acquis conquis requis compris appris surpris permis promis soumis admis remis repris"
    " transmis commis clos inclus exclus gros gras bas las épais frais mauvais français anglais précis exquis"
    " heureux malheureux joyeux nerveux curieux dangereux sérieux jaloux faux roux vieux doux".split()
)

#: plural third-person forms and their singular
SINGULAR_OF = {plural: singular for singular, plural in VERB_NUMBER.items()}
