"""Russian words: the tokens the rules read and their most likely parse.

Below the rule modules, so that each of them (sites, agreement, clauses) reads tokens the same way.
"""
from __future__ import annotations

import re
from typing import Any

from ..base import tokenizer
from .morphology import parses

__all__ = ["TOKEN", "tokenize", "top"]

TOKEN = re.compile(r"\w+(?:-\w+)*|[^\w\s]")
#: the tokens of a text, hyphenated words one token; ``low`` has ё written е
tokenize = tokenizer(TOKEN, lambda word: word.lower().replace("ё", "е"))


def top(word: str) -> Any:
    return parses(word)[0]
