"""What a Portuguese pronoun must agree with (see ``lang/mentions.py``)."""
from __future__ import annotations

#: the gender an answer's article gives it ("O livro" → masculine: "ele", not "ela")
ARTICLE_GENDER = {"o": "m", "os": "m", "um": "m", "uns": "m", "a": "f", "as": "f", "uma": "f", "umas": "f"}
