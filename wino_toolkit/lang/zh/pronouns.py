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
