"""What every form refuses before deriving: items without language rules, stray blanks, repeats.

Each check raises :class:`~wino_toolkit.errors.FormError` with the reason the form reports.
"""
from __future__ import annotations

import hashlib
import unicodedata
from typing import Iterable

from ..errors import FormError
from ..lang import Language, get_language, has_rules
from ..schema import Item

__all__ = ["BLANK", "blanks_in", "language_rules", "check_blanks", "no_blank", "distinct", "Versions"]

BLANK = "_"  # WinoGrande's blank; no derived sentence may keep one or hold two


def language_rules(item: Item, verbatim: bool) -> Language:
    """The item's language rules; without a rules module, the generic ones only when asked for."""
    if not verbatim and not has_rules(item.language):
        raise FormError(f"no rules for language {item.language}")
    return get_language(item.language)


def blanks_in(text: str) -> list[int]:
    """Where ``text`` holds a blank: every ``_`` but one joining the words of a Latin-script name, as PWS's Chinese
    column writes them ("Sam_Goodman", "Dr._Stewart"), which no reader takes for a blank (issue #31: 2 items of PWS
    Mandarin were refused for it). A ``_`` beside Chinese or Japanese characters is a blank."""
    return [i for i, c in enumerate(text) if c == BLANK and not _joins_a_name(text, i)]


def _joins_a_name(text: str, i: int) -> bool:
    left, right = text[i - 1 : i], text[i + 1 : i + 2]
    return _latin(right) and (_latin(left) or (left == "." and _latin(text[i - 2 : i - 1])))


def _latin(char: str) -> bool:
    return bool(char) and (char.isascii() and char.isalnum() or "LATIN" in unicodedata.name(char, ""))


def check_blanks(item: Item) -> None:
    """Refuse a text whose ``_`` would be left in a derived sentence or doubled by a blank."""
    n = len(blanks_in(item.text))
    if n > 1:
        raise FormError(f"the text holds {n} blanks ('{BLANK}'); a schema item has one referring expression")
    if n == 1 and (item.pronoun is None or item.pronoun.text != BLANK):
        raise FormError(f"the text holds a '{BLANK}' that is not its referring expression; it would be left in, or doubled")


def distinct(texts: list[str]) -> None:
    """Refuse sentences that two candidates make alike: one of them names the wrong candidate (a mention found
    inside another candidate's words, as PWS marks "drawing" of "Sam's drawing" for "Tina's drawing"), and a
    pair that cannot be told apart tests nothing."""
    if len(set(texts)) < len(texts):
        raise FormError("two candidates give the same sentence: a candidate's words were not found as its own")


def no_blank(texts: Iterable[str]) -> None:
    if any(blanks_in(text) for text in texts):
        raise FormError(f"a derived sentence would keep the blank '{BLANK}'")


class Versions:
    """Schema versions already derived: the same text, referring expression and candidates in one
    corpus and split.

    WinoLogic repeats each sentence once per knowledge claim; deriving each repeat would write the
    same records twice. Keys are short digests, so memory stays small on large corpora.
    """

    def __init__(self) -> None:
        self.first: dict[bytes, tuple[str, str | None]] = {}

    @staticmethod
    def _key(item: Item) -> bytes:
        span = item.pronoun
        where = None if span is None else (span.start, span.end)
        candidates = sorted(" ".join(c.text.casefold().split()) for c in item.candidates)
        key = repr((item.corpus, item.split, item.language, item.text, where, candidates))
        return hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()

    @staticmethod
    def _answer(item: Item) -> str | None:
        return None if item.answer is None else " ".join(item.candidates[item.answer].text.casefold().split())

    def check(self, item: Item) -> bytes:
        key = self._key(item)
        first = self.first.get(key)
        if first is not None:
            other = "" if first[1] == self._answer(item) else ", with another answer"
            raise FormError(f"same schema version as {first[0]} (text, referring expression and candidates){other}")
        return key

    def add(self, key: bytes, item: Item) -> None:
        self.first[key] = (item.id, self._answer(item))
