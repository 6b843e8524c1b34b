"""Subjunctive forms a hypothesis turns indicative ("para que | ficasse leve" → "A mochila ficava leve.").

Keys starting with "-" are regular endings; the others whole irregular forms.
"""
from __future__ import annotations

SUBJUNCTIVE = {
    "seja": "é", "sejam": "são", "esteja": "está", "estejam": "estão", "tenha": "tem", "tenham": "têm",
    "possa": "pode", "possam": "podem", "faça": "faz", "façam": "fazem", "fosse": "era", "fossem": "eram",
    "tivesse": "tinha", "tivessem": "tinham", "estivesse": "estava", "estivessem": "estavam",
    "houvesse": "havia", "pudesse": "podia", "pudessem": "podiam", "fizesse": "fazia", "fizessem": "faziam",
    "dissesse": "dizia", "quisesse": "queria", "soubesse": "sabia", "viesse": "vinha", "pusesse": "punha",
    "-asse": "-ava", "-assem": "-avam", "-esse": "-ia", "-essem": "-iam", "-isse": "-ia", "-issem": "-iam",
}

#: irregular present subjunctives and their present indicative, for a clause that must be in the subjunctive
#: (after "embora", "para que"...); regular ones swap their vowel, checked against spaCy's lemma table
PRESENT_SUBJUNCTIVE = {
    "diga": "diz", "digam": "dizem", "venha": "vem", "venham": "vêm", "saiba": "sabe", "saibam": "sabem",
    "queira": "quer", "queiram": "querem", "traga": "traz", "tragam": "trazem", "veja": "vê", "vejam": "veem",
    "dê": "dá", "deem": "dão", "vá": "vai", "haja": "há", "leia": "lê", "leiam": "leem", "saia": "sai", "saiam": "saem",
    "ouça": "ouve", "ouçam": "ouvem", "peça": "pede", "peçam": "pedem", "perca": "perde", "percam": "perdem",
    "durma": "dorme", "durmam": "dormem", "sinta": "sente", "sintam": "sentem", "siga": "segue", "sigam": "seguem",
    "consiga": "consegue", "consigam": "conseguem", "caiba": "cabe", "ponha": "põe", "ponham": "põem",
}

#: openers after which a subjunctive clause still states a fact, so its hypothesis is made indicative
#: ("Ana esperou até que ele pudesse sair" → "O médico podia sair.")
ASSERTED_AFTER: tuple[tuple[str, ...], ...] = (
    ("embora",), ("até", "que"), ("para", "que"), ("modo", "que"), ("forma", "que"), ("maneira", "que"), ("conquanto",),
)

#: openers after which a clause states no fact (a condition, a wish, what did not or has not yet happened):
#: its hypothesis cannot stand alone, in either mood ("saiu antes que ele chegasse" ≠ "ele chegava")
UNASSERTED_AFTER: tuple[tuple[str, ...], ...] = (
    ("se",), ("caso",), ("sem", "que"), ("antes", "que"), ("menos", "que"), ("não", "ser", "que"), ("mesmo", "que"),
    ("nem", "que"), ("contanto", "que"), ("como", "se"),
)

#: verbs of wanting, asking and fearing (lemmas): their "que" clause is a wish, not a fact ("queria que ela estudasse")
WILL_VERBS = frozenset(
    "querer desejar esperar pedir mandar exigir preferir temer recear permitir proibir sugerir implorar insistir"
    " ordenar aconselhar suplicar rogar precisar torcer".split()
)

#: verbs of saying, promising and pretending (lemmas): their "que" clause reports or imagines, it is not asserted
#: ("disse ao Paulo que ele estava atrasado" does not say he was)
SPEECH_VERBS = frozenset(
    "dizer contar afirmar alegar declarar anunciar jurar prometer garantir gritar sussurrar comentar responder"
    " perguntar mentir fingir sonhar imaginar negar".split()
)

#: prepositions that introduce the one spoken to, between a speech verb and its "que" ("disse ao Paulo que")
ADDRESSEE = frozenset("a ao à aos às para pra com".split())

#: words that open a wish ("oxalá ele volte", "quem dera ela tivesse", "tomara que ele chegue"): not asserted
WISHES: tuple[tuple[str, ...], ...] = (("oxalá",), ("quisera",), ("tomara", "que"), ("quem", "dera"), ("quem", "me", "dera"))
