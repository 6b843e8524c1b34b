"""Word tokens for statistics and twin diffs: jieba for Chinese, script runs for Japanese, words elsewhere.

This is deliberately light (no spaCy model load) because ``wino stats`` and twin linking run on
every conversion; the language modules use proper pipelines where grammar matters.
"""
from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["tokenize", "words", "token_spans", "local_tokens", "single_token"]

_WORD = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]", re.UNICODE)
# Romance elision: "qu'elle" and "l'eau" are two words each, the apostrophe staying with the first.
_ELIDING = re.compile(r"\w+['’](?=\w)|\w+|[^\w\s]", re.UNICODE)
_ELIDING_LANGUAGES = {"fr", "it", "ca", "pt"}
# Japanese has no spaces and no segmenter among our dependencies: runs of one script (kanji,
# hiragana, katakana, Latin/digits) approximate words well enough for statistics and twin diffs.
_JA_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々〆ヶ]+|[\u3041-\u309f]+|[\u30a0-\u30ffー]+|[^\W\u3040-\u30ff\u3400-\u9fff]+|[^\w\s]")


def _base(language: str) -> str:
    return language.split("-", 1)[0].lower()


@lru_cache(maxsize=1)
def _jieba():
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def local_tokens(language: str) -> bool:
    """Whether tokens never span whitespace and depend only on the text between whitespace
    (all but Chinese, whose jieba segmentation looks at the whole run)."""
    return _base(language) != "zh"


def single_token(text: str, language: str = "en") -> bool:
    """Whether ``text`` is exactly one token (what :func:`token_spans` would give as one span)."""
    base = _base(language)
    if base == "zh":
        return len(token_spans(text, language)) == 1 and bool(text) and not text.isspace()
    pattern = _JA_RUN if base == "ja" else _ELIDING if base in _ELIDING_LANGUAGES else _WORD
    return pattern.fullmatch(text) is not None


def token_spans(text: str, language: str = "en") -> list[tuple[int, int]]:
    """``(start, end)`` character offsets of the tokens of ``text``."""
    base = _base(language)
    if base == "zh":
        jieba = _jieba()
        return [
            (offset + s, offset + e)
            for offset, chunk in _zh_chunks(text)
            for _, s, e in jieba.tokenize(chunk)
            if not chunk[s:e].isspace()
        ]
    pattern = _JA_RUN if base == "ja" else _ELIDING if base in _ELIDING_LANGUAGES else _WORD
    return [m.span() for m in pattern.finditer(text)]


ZH_CHUNK = 500
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _zh_chunks(text: str) -> list[tuple[int, str]]:
    """``(offset, piece)`` of at most :data:`ZH_CHUNK` characters, cut after a non-Han character
    where one is near: jieba's guessing of unknown words is quadratic in the length of a Han run,
    and a real sentence (always shorter) is one piece, segmented exactly as before."""
    pieces = []
    start = 0
    while len(text) - start > ZH_CHUNK:
        cut = start + ZH_CHUNK
        k = cut
        while k > start + ZH_CHUNK // 2 and _HAN.match(text, k - 1):
            k -= 1
        cut = k if k > start + ZH_CHUNK // 2 else cut
        pieces.append((start, text[start:cut]))
        start = cut
    pieces.append((start, text[start:]))
    return pieces


def tokenize(text: str, language: str = "en") -> list[str]:
    return [text[s:e] for s, e in token_spans(text, language)]


_HAS_WORD = re.compile(r"\w")


def words(text: str, language: str = "en") -> list[str]:
    """The words of ``text`` as statistics count them: its :func:`tokenize` tokens that hold a letter, digit or
    ``_`` (so WinoGrande's blank is a word and punctuation is not), lower-cased. The audit's cue words and the
    AFLite PMI baselines count these, so a Chinese sentence is its jieba words, not one run of characters."""
    return [token.lower() for token in tokenize(text, language) if _HAS_WORD.search(token)]
