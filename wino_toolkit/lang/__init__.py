"""Languages, registered by BCP-47 code: the grammar the derived forms need in each language.

``get_language("zh-Hans")`` finds the ``zh`` module (a tag falls back to its base language);
a language without a module gets the generic :class:`~wino_toolkit.lang.base.Language`, whose
verbatim substitution the forms use only when asked to (``verbatim=True``): ``has_rules`` tells.
Adding a language is adding a folder ``lang/<code>/`` that registers its class.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from ..registry import Registry
from .base import Language

__all__ = ["Language", "languages", "get_language", "has_rules", "register_language"]


def _load_builtin() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


languages: Registry[type[Language]] = Registry("languages", loader=_load_builtin)


def register_language(cls: type[Language]) -> type[Language]:
    """Class decorator: register ``cls`` under its ``code`` and ``aliases``."""
    languages.register(cls.code, cls, aliases=cls.aliases)
    return cls


def _keys(tag: str) -> tuple[str, str]:
    return tag, tag.split("-", 1)[0].lower()


@lru_cache(maxsize=None)
def get_language(tag: str) -> Language:
    """The language object for a BCP-47 tag: exact, then alias, then base language, then generic."""
    for key in _keys(tag):
        if key in languages:
            return languages.get(key)()
    return Language()


def has_rules(tag: str) -> bool:
    """Whether a language module covers ``tag`` (else only the generic verbatim rules exist).

    >>> has_rules("en-GB"), has_rules("hu")
    (True, False)
    """
    return any(key in languages for key in _keys(tag))
