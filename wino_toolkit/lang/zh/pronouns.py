"""Third-person pronouns the candidate replaces: form → (number, what it refers to).

Chinese pronouns do not inflect for case, so one form serves as subject and object; the
possessive adds 的 (他的), which the substitution keeps or adds (see ``Chinese.inflect``).
"""
from __future__ import annotations

PRONOUNS: dict[str, tuple[str, str]] = {
    "他": ("singular", "person, male or unknown"),
    "她": ("singular", "person, female"),
    "它": ("singular", "thing or animal"),
    "他们": ("plural", "people, male, mixed or unknown"),
    "她们": ("plural", "people, female"),
    "它们": ("plural", "things or animals"),
    "祂": ("singular", "deity"),
}

#: other words a schema may mark as its referring expression: 其 (他的 before a noun, 他 before a verb) and
#: the reflexive 自己; anything else marked (为 of 因为, a name) is an annotation error the rules refuse
OTHER_REFERRING: tuple[str, ...] = ("其", "自己")
