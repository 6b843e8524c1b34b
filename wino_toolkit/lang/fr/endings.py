"""Regular third-person endings, singular and plural, with plural endings that do not follow them.

Each row: singular ending, plural ending, and plural endings of verbs that look regular but are
not ("prennent" is not "prenne"); a word with one of those is left to :mod:`.verbs` or fails.
"""
from __future__ import annotations

VERB_ENDINGS = (
    ("ait", "aient", ()),
    ("era", "eront", ()),
    ("ira", "iront", ()),
    ("ra", "ront", ()),
    ("e", "ent", ("nnent", "oivent", "isent", "issent", "ient")),
)
