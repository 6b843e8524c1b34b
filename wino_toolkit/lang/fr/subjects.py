"""Words a clause can open with as its subject (pronouns and the like), besides determiners and names."""
from __future__ import annotations

SUBJECT_WORDS = frozenset(
    "il elle ils elles on je j' tu nous vous ce c' ça cela ceci celui-ci celle-ci ceux-ci celles-ci celui-là"
    " celle-là ceux-là celles-là personne chacun chacune quelqu'un tout rien eux".split()
)
