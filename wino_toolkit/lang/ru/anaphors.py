"""Russian words that refer back besides the personal pronouns (see ``lang/mentions.py``)."""
from __future__ import annotations

#: anaphoric demonstratives, used for the less salient referent ("та открыла"); not "то" and "тем", which are
#: mostly conjunctions ("потому что", "тем более")
DEMONSTRATIVES = frozenset("тот та те того той тому ту тех теми".split())
