"""What makes a Japanese pronoun form part of another word (see ``lang/mentions.py``)."""
from __future__ import annotations

#: what, right after それ, makes it a conjunction or part of another word (それで, それぞれ, それから ...)
NOT_PRONOUN_AFTER = ("で", "に", "ぞれ", "から", "とも", "まで", "でも", "は別")
