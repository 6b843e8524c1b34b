"""The two halves of every corpus's schemas: rules may be tuned looking at the "tuning" half only, and the
"test" half measures them. A module of its own, low down, because both the gold sets (:mod:`.gold`) and the
agreement with WNLI (:mod:`.agreement`) split on it."""
from __future__ import annotations

import hashlib

from ..schema import Item

__all__ = ["HALVES_SEED", "half_of", "schema_key"]

#: the seed of the tuning/test split of every reference; fixed so that no one can re-draw it to taste
HALVES_SEED = "wino-toolkit-halves-1"


def half_of(schema: str) -> str:
    """``"tuning"`` or ``"test"`` for a schema key (a twin group, or an item id when there is none).

    A hash of the seed and the key, not a random draw over a list: a schema keeps its half when
    items are added or removed, and both versions of a schema always fall in the same half.
    """
    digest = hashlib.sha256(f"{HALVES_SEED}\x1f{schema}".encode("utf-8")).digest()
    return "tuning" if digest[0] % 2 == 0 else "test"


def schema_key(item: Item) -> str:
    """The key :func:`half_of` splits on: the item's twin group, else its own id."""
    return f"{item.corpus}/{item.twin if item.twin is not None else item.id}"
