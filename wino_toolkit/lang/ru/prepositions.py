"""Prepositions and the cases they govern, most usual first: the case an н-form after them takes.

"с ней" is nearly always "with her" (instrumental), rarely "off her" (genitive), so ``с`` lists
the instrumental first; a pronoun form that cannot take any case listed is an error in the text.
A few prepositions take a vowel before some words ("об Антоне", "со стола", "ко мне", "во дворе"):
:data:`VARIANTS` says which forms are one preposition, so the minimal-edit guard lets one become another.
"""
from __future__ import annotations

PREPOSITIONS: dict[str, tuple[str, ...]] = {
    "без": ("gent",), "у": ("gent",), "от": ("gent",), "до": ("gent",), "из": ("gent",),
    "около": ("gent",), "возле": ("gent",), "вокруг": ("gent",), "для": ("gent",), "после": ("gent",),
    "кроме": ("gent",), "против": ("gent",), "среди": ("gent",), "вместо": ("gent",), "мимо": ("gent",),
    "позади": ("gent",), "внутри": ("gent",), "вдоль": ("gent",), "ради": ("gent",), "из-за": ("gent",),
    "из-под": ("gent",), "со": ("ablt", "gent"), "с": ("ablt", "gent"),
    "к": ("datv",), "ко": ("datv",), "по": ("datv", "loct"), "благодаря": ("datv",), "навстречу": ("datv",),
    "вопреки": ("datv",),
    "про": ("accs",), "через": ("accs",), "сквозь": ("accs",),
    "в": ("loct", "accs"), "во": ("loct", "accs"), "на": ("loct", "accs"), "о": ("loct", "accs"),
    "об": ("loct", "accs"), "обо": ("loct",), "при": ("loct",),
    "за": ("ablt", "accs"), "под": ("ablt", "accs"), "подо": ("ablt", "accs"), "над": ("ablt",),
    "перед": ("ablt",), "передо": ("ablt",), "между": ("ablt",),
}

#: each form of a preposition that alternates with the next word's sound, mapped to its plain form
VARIANTS: dict[str, str] = {
    "о": "о", "об": "о", "обо": "о", "с": "с", "со": "с", "к": "к", "ко": "к", "в": "в", "во": "в",
}
