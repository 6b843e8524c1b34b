"""English third-person pronouns: what each form does in a sentence and its grammatical number.

Roles: ``subject``, ``object``, ``possessive`` (a determiner: "his book"), ``independent`` ("hers"),
``reflexive``; two roles joined by ``|`` mean the form is ambiguous and context decides ("her": object
or possessive; "it": subject or object).
"""
from __future__ import annotations

PRONOUNS: dict[str, tuple[str, str]] = {
    "he": ("subject", "sg"),
    "she": ("subject", "sg"),
    "they": ("subject", "pl"),
    "it": ("subject|object", "sg"),
    "him": ("object", "sg"),
    "them": ("object", "pl"),
    "her": ("object|possessive", "sg"),
    "his": ("possessive", "sg"),
    "its": ("possessive", "sg"),
    "their": ("possessive", "pl"),
    "hers": ("independent", "sg"),
    "theirs": ("independent", "pl"),
    "himself": ("reflexive", "sg"),
    "herself": ("reflexive", "sg"),
    "itself": ("reflexive", "sg"),
    "themselves": ("reflexive", "pl"),
    "themself": ("reflexive", "sg"),
}

#: a pronoun candidate ("him" in "Joe's uncle can still beat him") takes the case of the position it fills
PRONOUN_CASES: dict[str, dict[str, str]] = {
    form: {"subject": subject, "object": obj, "possessive": poss, "independent": indep, "reflexive": refl}
    for subject, obj, poss, indep, refl in (
        ("he", "him", "his", "his", "himself"),
        ("she", "her", "her", "hers", "herself"),
        ("it", "it", "its", "its", "itself"),
        ("they", "them", "their", "theirs", "themselves"),
        ("I", "me", "my", "mine", "myself"),
        ("we", "us", "our", "ours", "ourselves"),
        ("you", "you", "your", "yours", "yourself"),
    )
    for form in (subject.lower(), obj)
}

#: prepositions and particles: "it" after one is an object ("turned it off", "in it")
PREPOSITIONS = frozenset(
    "off up down out in on away over about around to into onto for from with at by of through under upon "
    "within without across along among behind below beneath beside between beyond inside outside toward "
    "towards".split()
)

#: words after "her" that show it is an object, not a possessive ("cut her off", "told her about it")
NOT_POSSESSED = PREPOSITIONS | frozenset(
    "after before again too so as than that and or but because if when while here there now then once all "
    "alone anything something nothing everything enough very much more less".split()
)
