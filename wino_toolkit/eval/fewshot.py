"""Few-shot contexts in lm-eval's WinoGrande format, drawn so that no shot gives the answer away.

lm-eval's WinoGrande prompt with K shots (its num_fewshot) puts K solved examples before the item, each the
sentence with its right option filled in (``sentence[:blank] + option + " " + rest``), separated by a
blank line: ``shot_1 \\n\\n ... shot_K \\n\\n context_i``. It draws the shots from the training split
at random, and nothing stops a shot from being the test item's own twin: the same sentence with the
other trigger word and the other answer, which a model can copy from. Here a shot is never the item
itself, never a version of its schema (same twin group, same text, or the same parallel key: a
translation of it), and is drawn per item from a generator seeded by the seed and the item's id, so
the shots do not depend on the order of the items or on how many processes score them. A shot's text
is what the scorer scores for its right candidate (:func:`~.score.shot_pool`): the filled sentence as
written ("onto the man's shoulders."), never a space put before a possessive ending or punctuation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.parallel import PARALLEL
from wino_toolkit.schema import Item

__all__ = ["FewShot", "DELIMITER"]

DELIMITER = "\n\n"  # lm-eval's fewshot_delimiter


def _schema(item: Item) -> set[tuple[str, str]]:
    """The keys under which an item and its schema's other versions meet."""
    keys = {("id", f"{item.corpus}\x1f{item.id}"), ("text", " ".join(item.text.casefold().split()))}
    if item.twin is not None:
        keys.add(("twin", f"{item.corpus}\x1f{item.twin}"))
    key = item.meta.get(PARALLEL) if isinstance(item.meta, dict) else None
    if isinstance(key, str):
        keys.add(("parallel", key))
    return keys


@dataclass
class FewShot:
    """``k`` shots per item from ``pool`` (labeled items with the text each shows, its right option filled in)."""

    pool: Sequence[tuple[Item, str]]
    k: int
    seed: int = 0

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ParameterError(f"--num-fewshot must be at least 1 for few-shot scoring, not {self.k}")
        if len(self.pool) < self.k + 2:  # the item's own schema may hold two of them
            raise WinoError(f"{len(self.pool)} labeled items to draw {self.k} shots from: too few (give --fewshot-from "
                            "a larger corpus or lower --num-fewshot)")
        self._keys = [_schema(item) for item, _ in self.pool]

    def for_item(self, item: Item) -> tuple[str, list[str]]:
        """The text put before each of ``item``'s contexts (the shots, each followed by a blank line) and the shots' ids."""
        rng = random.Random(f"{self.seed}\x1f{item.corpus}\x1f{item.id}")
        own = _schema(item)
        order = rng.sample(range(len(self.pool)), min(len(self.pool), self.k + 16))
        chosen = [i for i in order if not own & self._keys[i]][: self.k]
        if len(chosen) < self.k:  # many of the draws were the item's own schema: draw among all the others
            allowed = [i for i in range(len(self.pool)) if not own & self._keys[i]]
            if len(allowed) < self.k:
                raise WinoError(f"item {item.id}: only {len(allowed)} shots that are not versions of its own schema")
            chosen = rng.sample(allowed, self.k)
        return "".join(self.pool[i][1] + DELIMITER for i in chosen), [self.pool[i][0].id for i in chosen]
