"""French determiners: gender and number of the noun phrase they open (None: the form does not say)."""
from __future__ import annotations

DETERMINERS = {
    "le": ("m", "s"), "la": ("f", "s"), "l'": (None, "s"), "les": (None, "p"),
    "un": ("m", "s"), "une": ("f", "s"), "des": (None, "p"),
    "ce": ("m", "s"), "cet": ("m", "s"), "cette": ("f", "s"), "ces": (None, "p"),
    "mon": ("m", "s"), "ton": ("m", "s"), "son": ("m", "s"),
    "ma": ("f", "s"), "ta": ("f", "s"), "sa": ("f", "s"),
    "mes": (None, "p"), "tes": (None, "p"), "ses": (None, "p"),
    "notre": (None, "s"), "votre": (None, "s"), "leur": (None, "s"),
    "nos": (None, "p"), "vos": (None, "p"), "leurs": (None, "p"),
    "quelques": (None, "p"), "plusieurs": (None, "p"), "deux": (None, "p"), "trois": (None, "p"),
}

#: the definite article an indefinite first mention takes when a pronoun refers back to it ("un chat" → "le chat")
INDEFINITE = {"un": "le", "une": "la", "des": "les"}
