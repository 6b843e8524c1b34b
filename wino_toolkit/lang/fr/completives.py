"""Verbs whose object is a que-clause (saying, thinking, knowing, perceiving): "Elle pense que ...",
"Le docteur a informé Michel que ...". A pronoun inside that clause gets the clause alone as its NLI
hypothesis, the frame cut, as GLUE WNLI cuts "X said that" and as the English rules do ("Kate had
retired." from "Dr. Adams informed Kate that she had retired."); a relative "que" (after a noun) is not one.
"""
from __future__ import annotations

#: regular -er verbs by stem: every form below is made from them (pense, pensent, pensait, pensaient, pensé(e)(s), pensa)
ER_STEMS = (
    "pens", "inform", "annonc", "expliqu", "affirm", "assur", "rappel", "racont", "espér", "espèr", "remarqu",
    "constat", "jur", "avou", "déclar", "ignor", "trouv", "estim", "suppos", "imagin", "soupçonn", "oubli",
    "montr", "signal", "prétend", "précis", "ajout", "murmur", "cri", "hurl", "chuchot", "répét", "confirm",
)
ER_ENDINGS = ("e", "es", "ent", "ait", "aient", "é", "ée", "és", "ées", "a", "èrent", "era", "eront")

#: irregular verbs, as written in the forms a narrative uses
IRREGULAR = frozenset(
    "dit disent disait disaient dirent croit croient croyait croyaient cru crut sait savent savait savaient su sut "
    "promet promettent promettait promis promit prévient préviennent prévenait prévenu prévint répond répondent "
    "répondait répondu répondit écrit écrivent écrivait écrivit comprend comprennent comprenait compris comprit "
    "apprend apprennent apprenait appris apprit admet admettent admettait admis admit voit voient voyait vu vit "
    "sent sentent sentait senti sentit craint craignent craignait craignit lit lisait lu lut".split()
)

COMPLETIVE_FORMS = frozenset({stem + ending for stem in ER_STEMS for ending in ER_ENDINGS} | IRREGULAR)
