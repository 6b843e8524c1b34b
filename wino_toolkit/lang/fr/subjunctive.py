"""Third-person subjunctive forms that differ from the indicative, and the indicative for each.

A clause cut from "bien qu'il soit malade" becomes the sentence "Paul est malade."; regular -er
verbs need nothing ("qu'il mange" / "il mange").
"""
from __future__ import annotations

SUBJUNCTIVE = {
    "soit": "est", "soient": "sont", "ait": "a", "aient": "ont", "fasse": "fait", "fassent": "font",
    "puisse": "peut", "puissent": "peuvent", "aille": "va", "aillent": "vont", "sache": "sait", "sachent": "savent",
    "veuille": "veut", "veuillent": "veulent", "vienne": "vient", "prenne": "prend", "doive": "doit",
    "doivent": "doivent", "dise": "dit", "disent": "disent", "finisse": "finit", "finissent": "finissent",
    "mette": "met", "mettent": "mettent", "parte": "part", "sorte": "sort", "vive": "vit", "voie": "voit",
}
