"""pymorphy3, loaded on first use: Russian parses and inflection for the rules.

The analyzer loads its dictionaries once (about a second) and is cached; importing the language
package does not import pymorphy3, so the other languages work without the ``ru`` extra, and a
Russian form without it fails with the one-line install message of :func:`~wino_toolkit.extras.require`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...extras import require

__all__ = ["analyzer", "parses", "is_proper", "PROPER"]

#: pymorphy3 tags of proper names, which keep their capital letter mid-sentence
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})


@lru_cache(maxsize=1)
def analyzer() -> Any:
    """The one MorphAnalyzer (pymorphy3 with pymorphy3-dicts-ru)."""
    pymorphy3 = require("pymorphy3", "ru", "deriving Russian forms")
    require("pymorphy3_dicts_ru", "ru", "deriving Russian forms")  # pymorphy3 alone has no dictionary
    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=65536)
def parses(word: str) -> tuple[Any, ...]:
    """Every pymorphy3 parse of ``word``, most likely first."""
    return tuple(analyzer().parse(word))


def is_proper(parse: Any) -> bool:
    return bool(PROPER & parse.tag.grammemes)
