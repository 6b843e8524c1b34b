"""The parallel key: which items, in any language and any corpus, translate one English schema version.

Parallel corpora link the translations of one schema version in different ways: PWS puts them in
one row (``sentence_en``, ``sentence_hu``, ...), XWINO gives each translated row its English
reference sentence in column 3. The *parallel key* is one value for both, computed from the
English sentence alone::

    parallel_key(english) = sha1(normalize(english)).hexdigest()[:12]

where ``normalize`` is :func:`wino_toolkit.text.normalize` (Unicode NFKC, case-folded,
every punctuation character turned into a space, words joined by single spaces), applied after
HTML line breaks (``<br/>``, which some XWINO references carry) are turned into spaces; the hash
is taken of the UTF-8 bytes. So "The trophy doesn't fit." and "the trophy doesn t fit" share a key,
while any change of a word gives another. An empty sentence (nothing left after normalising) has
no key (``None``).

Readers put the key in ``meta["parallel"]`` (:data:`PARALLEL`): PWS from the row's
``sentence_en`` (every language version of a row gets the same key), XWINO from its English
reference column (an English row, whose reference is ``?``, from its own text). The key is
derived: writers never write it back, and it is recomputed whenever the file is read, so editing
a text does not update it until the item is written and read again.

>>> parallel_key("The city councilmen refused the demonstrators a permit.")
'19623609917c'
>>> parallel_key("the city councilmen refused the demonstrators a permit") == _
True
"""
from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from typing import Iterable

from wino_toolkit.text import normalize

__all__ = ["PARALLEL", "parallel_key", "english_key", "group_by_parallel"]

#: the meta key readers store the parallel key under
PARALLEL = "parallel"
#: hex digits kept of the SHA-1
KEY_LENGTH = 12

_BREAKS = re.compile(r"<br\s*/?>", re.IGNORECASE)


def english_key(english: str) -> str:
    """The normalised English sentence the key hashes (useful to see why two keys differ)."""
    return normalize(_BREAKS.sub(" ", english))


def parallel_key(english: str | None) -> str | None:
    """The parallel key of an English sentence: 12 hex digits of the SHA-1 of its normalised form."""
    if not english:
        return None
    normal = english_key(english)
    if not normal:
        return None
    return hashlib.sha1(normal.encode("utf-8")).hexdigest()[:KEY_LENGTH]


def group_by_parallel(items: Iterable) -> dict[str, list]:
    """Items (any corpora) by their ``meta["parallel"]`` key, in input order; items without one are left out."""
    groups: dict[str, list] = defaultdict(list)
    for item in items:
        key = item.meta.get(PARALLEL) if isinstance(getattr(item, "meta", None), dict) else None
        if isinstance(key, str):
            groups[key].append(item)
    return dict(groups)
