"""Third-person singular and plural forms of common Portuguese verbs (irregular or frequent).

Both columns also tell the rules that a word is a verb; regular endings are in :mod:`.endings`.
"""
from __future__ import annotations

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
