"""Word tokens for statistics and twin diffs: jieba for Chinese, characters for Japanese, words elsewhere.

This is deliberately light (no spaCy model load) because ``wino stats`` and twin linking run on
every conversion; the language modules use proper pipelines where grammar matters.
"""
from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["tokenize", "token_spans"]

_WORD = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]", re.UNICODE)
_NOT_SPACE = re.compile(r"\S")


def _base(language: str) -> str:
    return language.split("-", 1)[0].lower()


@lru_cache(maxsize=1)
def _jieba():
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def token_spans(text: str, language: str = "en") -> list[tuple[int, int]]:
    """``(start, end)`` character offsets of the tokens of ``text``."""
    base = _base(language)
    if base == "zh":
        return [(s, e) for _, s, e in _jieba().tokenize(text) if not text[s:e].isspace()]
    if base == "ja":
        return [(m.start(), m.end()) for m in _NOT_SPACE.finditer(text)]
    return [m.span() for m in _WORD.finditer(text)]


def tokenize(text: str, language: str = "en") -> list[str]:
    return [text[s:e] for s, e in token_spans(text, language)]
