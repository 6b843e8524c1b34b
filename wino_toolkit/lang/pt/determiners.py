"""Portuguese determiners: gender and number of the noun phrase they open (None: not shown), and the definite
article a noun phrase first mentioned with an indefinite one takes when mentioned again ("uma caixa" → "a caixa")."""
from __future__ import annotations

DETERMINERS = {
    "o": ("m", "s"), "a": ("f", "s"), "os": ("m", "p"), "as": ("f", "p"),
    "um": ("m", "s"), "uma": ("f", "s"), "uns": ("m", "p"), "umas": ("f", "p"),
    "este": ("m", "s"), "esta": ("f", "s"), "estes": ("m", "p"), "estas": ("f", "p"),
    "esse": ("m", "s"), "essa": ("f", "s"), "esses": ("m", "p"), "essas": ("f", "p"),
    "aquele": ("m", "s"), "aquela": ("f", "s"), "aqueles": ("m", "p"), "aquelas": ("f", "p"),
    "meu": ("m", "s"), "minha": ("f", "s"), "meus": ("m", "p"), "minhas": ("f", "p"),
    "seu": ("m", "s"), "sua": ("f", "s"), "seus": ("m", "p"), "suas": ("f", "p"),
    "nosso": ("m", "s"), "nossa": ("f", "s"), "nossos": ("m", "p"), "nossas": ("f", "p"),
    "the": (None, None), "an": (None, "s"),  # a few schemas were left untranslated
}

#: an indefinite first mention is definite when the reference names it again: "pus uma caixa ... e ela quebrou"
DEFINITE_OF = {"um": "o", "uma": "a", "uns": "os", "umas": "as"}
