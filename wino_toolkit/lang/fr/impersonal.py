"""Impersonal "il": a subject that stands for nothing ("il faut", "il y a", "il pleut"), so no candidate can
replace it. Corpora mark one as the pronoun by mistake; the rules refuse the item rather than write
"le chat faut partir".

Each table names what may follow "il" (after the clitics ``ne``, ``n'``, ``y``, ``en``) for it to be impersonal:
a verb that is impersonal whatever follows, a verb after a given clitic ("il y a", "il s'agit"), a verb that is
impersonal before "que" ("il semble que", personal in "il semble fatigué"), être before an adjective and "de"
or "que" ("il est important de", personal in "il est content de" or "il est difficile à battre"), être before a
time, faire before a weather word ("il fait froid", personal in "il fait un gâteau"), rester before a quantity
("il reste du pain", personal in "il reste calme").
"""
from __future__ import annotations

#: impersonal whatever follows: falloir, the weather verbs, suffire
ALWAYS = frozenset(
    "faut fallait faudra faudrait fallut pleut pleuvait pleuvra pleuvrait plut neige neigeait neigera neigerait"
    " grêle grêlait gèle gelait gèlera tonne tonnait bruine bruinait vente ventait suffit suffisait suffira suffirait"
    " vaut valait vaudra vaudrait".split()
)

#: impersonal after a clitic: "il y a", "il s'agit de", "il se peut que"
AFTER_CLITIC = {
    "y": frozenset("a avait aura aurait eut".split()),
    "s'": frozenset("agit agissait agira agirait".split()),
    "se": frozenset("peut pouvait pourrait".split()),
}

#: impersonal before "que": "il semble que", "il paraît qu'", "il arrive que"
BEFORE_QUE = frozenset(
    "semble semblait semblera semblerait paraît paraissait arrive arrivait arrivera importe importait"
    " convient convenait".split()
)

#: être, then (adverbs and) one of these, then "de", "d'", "que" or "qu'": "il est important de"
BEFORE_DE = frozenset(
    "important importante nécessaire possible impossible difficile facile dur évident clair probable improbable"
    " vrai dommage inutile utile interdit préférable normal étrange bizarre rare temps urgent agréable dangereux"
    " essentiel indispensable logique naturel surprenant étonnant regrettable juste injuste permis question"
    " mieux bon".split()
)

#: être, then one of these: "il est tard", "il était minuit"
TIMES = frozenset("tard tôt midi minuit heure heures".split())

#: faire, then (adverbs and) one of these: "il fait froid", "il faisait nuit"
WEATHER = frozenset("froid chaud beau doux frais nuit jour noir soleil mauvais gris lourd sec humide bon".split())
FAIRE = frozenset("fait faisait fera ferait fit".split())

#: rester, then a quantity: "il reste du pain", "il restait deux places"
RESTER = frozenset("reste restait restera resterait resta".split())
QUANTITIES = frozenset("du de d' des un une deux trois quelques plusieurs peu beaucoup assez encore".split())
