"""What makes a Chinese pronoun character part of another word (see ``lang/mentions.py``)."""
from __future__ import annotations

#: characters before 他/它 that make them part of another word (其他 "other", 其它, 吉他 "guitar")
NOT_PRONOUN_BEFORE = ("其", "吉")
