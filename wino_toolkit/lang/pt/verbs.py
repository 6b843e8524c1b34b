"""Verb tables: third-person forms in each number and the regular endings, the endings that mark a verb, short
infinitives, copulas, the forms of "ter", and verbs that govern a preposition."""
from __future__ import annotations

# Third-person singular and plural forms of common Portuguese verbs (irregular or frequent).
#
# Both columns also tell the rules that a word is a verb; regular endings are in :data:`VERB_ENDINGS`.
VERB_NUMBER = {
    "é": "são", "foi": "foram", "era": "eram", "será": "serão", "seria": "seriam", "seja": "sejam", "fosse": "fossem",
    "está": "estão", "estava": "estavam", "esteve": "estiveram", "estará": "estarão", "esteja": "estejam",
    "tem": "têm", "tinha": "tinham", "teve": "tiveram", "terá": "terão", "tenha": "tenham", "tivesse": "tivessem",
    "há": "hão", "havia": "haviam", "houve": "houveram", "haverá": "haverão",
    "vai": "vão", "ia": "iam", "foi-se": "foram-se", "vem": "vêm", "veio": "vieram", "vinha": "vinham",
    "pode": "podem", "podia": "podiam", "pôde": "puderam", "deve": "devem", "devia": "deviam",
    "quer": "querem", "queria": "queriam", "quis": "quiseram", "sabe": "sabem", "sabia": "sabiam", "soube": "souberam",
    "faz": "fazem", "fazia": "faziam", "fez": "fizeram", "diz": "dizem", "dizia": "diziam", "disse": "disseram",
    "dá": "dão", "dava": "davam", "deu": "deram", "vê": "veem", "via": "viam", "viu": "viram",
    "põe": "põem", "pôs": "puseram", "lê": "leem", "crê": "creem", "traz": "trazem", "trouxe": "trouxeram",
    "fica": "ficam", "gosta": "gostam", "precisa": "precisam", "acha": "acham", "parece": "parecem", "mora": "moram",
    "usa": "usam", "chega": "chegam", "anda": "andam", "fala": "falam", "come": "comem", "bebe": "bebem",
    "corre": "correm", "escreve": "escrevem", "vive": "vivem", "conhece": "conhecem", "gosta-se": "gostam-se",
    "admira": "admiram", "influencia": "influenciam", "ama": "amam", "odeia": "odeiam", "tenta": "tentam",
    "continua": "continuam", "começa": "começam", "termina": "terminam", "acaba": "acabam", "espera": "esperam",
    "joga": "jogam", "trabalha": "trabalham", "estuda": "estudam", "pensa": "pensam", "sente": "sentem",
    "entra": "entram", "sai": "saem", "cai": "caem", "cabe": "cabem", "serve": "servem", "segue": "seguem",
}

# Regular third-person endings, singular and plural, tried in order ("-ava"/"-avam" before "-a"/"-am"), after the
# irregular preterites that compounds share ("manteve" → "mantiveram", "compôs" → "compuseram").
VERB_ENDINGS = (
    ("teve", "tiveram"), ("pôs", "puseram"), ("fez", "fizeram"), ("ava", "avam"), ("ia", "iam"), ("ía", "íam"), ("ou", "aram"), ("eu", "eram"), ("iu", "iram"),
    ("rá", "rão"), ("ria", "riam"), ("sse", "ssem"), ("a", "am"), ("e", "em"),
)

# Endings that mark a Portuguese word as a verb form (finite, infinitive, gerund), for telling verbs from nouns.
VERB_SUFFIXES = (
    "ou", "eu", "iu", "am", "ava", "avam", "ia", "iam", "ía", "íam", "ará", "erá", "irá", "arão", "erão", "irão",
    "aria", "eria", "iria", "ariam", "eriam", "iriam", "asse", "esse", "isse", "assem", "essem", "issem",
    "ando", "endo", "indo", "amos", "emos", "imos", "aram", "eram", "iram", "ar", "er", "ir",
)

# Infinitives too short for the suffix rules ("ser", "ter"): a slot before one is its subject.
SHORT_INFINITIVES = frozenset("ser ter ir ver dar pôr vir rir ler crer".split())

# Verbs whose predicate adjective agrees with the subject ("a mesa é pequena").
COPULAS = frozenset(
    "é são foi foram era eram será serão seria seriam seja sejam fosse fossem está estão estava estavam esteve"
    " estiveram estará estarão esteja estejam estivesse estivessem fica ficam ficou ficaram ficava ficavam ficasse"
    " ficassem parece parecem parecia pareciam continua continuam continuava continuavam".split()
)

# Forms of "ter", after which "que" makes a modal ("tinha que ser"), not a clause.
TER_FORMS = frozenset("ter tendo tido tem têm tenho temos tinha tinham tínhamos teve tiveram tivemos terá terão teria teriam".split())

# Verbs that take their object through a preposition: "cuidar | ." becomes "cuidar de John".
#
# A key "se <verb>" applies only to the pronominal verb ("se mudará | casa" → "se mudará da casa").
VERB_PREPOSITIONS = {
    "cuidar": "de", "gostar": "de", "precisar": "de", "depender": "de", "desconfiar": "de", "duvidar": "de",
    "desistir": "de", "lembrar": "de", "confiar": "em", "acreditar": "em", "pensar": "em", "concordar": "com",
    "sonhar": "com", "simpatizar": "com", "se mudar": "de", "se lembrar": "de", "se esquecer": "de",
    "se queixar": "de", "se aproximar": "de", "se afastar": "de",
}

#: plural third-person forms and their singular
SINGULAR_OF = {plural: singular for singular, plural in VERB_NUMBER.items()}
#: every verb form the tables know
VERB_FORMS = frozenset(VERB_NUMBER) | frozenset(SINGULAR_OF)
