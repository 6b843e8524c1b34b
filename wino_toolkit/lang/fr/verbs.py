"""Singular and plural third-person forms of common irregular French verbs (present, past, future).

Regular endings (-e/-ent, -ait/-aient, -ra/-ront) are in :mod:`.endings`; a verb in neither table
cannot be made to agree, and the rewrite fails rather than guess.
"""
from __future__ import annotations

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
