"""Twin-safe train/dev/test splits and nested learning-curve samples.

The two versions of a schema differ in a word or two, so a model that saw one version in training
has nearly seen the other: every function here moves whole twin groups, never single items.
A group is keyed by ``(corpus, twin)``; an item without a twin is a group of its own. Writing the splits to
files, with a record of the draw, is :mod:`wino_toolkit.train.split_files`.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.schema import Item

__all__ = ["WINOGRANDE_SIZES", "Splits", "split", "nested_samples", "group_key", "check_fractions"]

#: items in WinoGrande's training sizes XS, S, M, L, XL (Sakaguchi et al. 2020), for learning curves
WINOGRANDE_SIZES = {"xs": 160, "s": 640, "m": 2558, "l": 10234, "xl": 40398}

def group_key(item: Item) -> tuple:
    """The twin group ``item`` belongs to; an item without a twin is alone in its group.

    Ids are unique only within a corpus and split, so a lone item's key names both.
    """
    if item.twin is not None:
        return item.corpus, item.twin
    return item.corpus, None, item.split, item.id


def _groups(items: Sequence[Item]) -> list[list[int]]:
    """Indices of ``items`` by twin group, groups in order of first appearance."""
    groups: dict[tuple, list[int]] = {}
    for i, item in enumerate(items):
        groups.setdefault(group_key(item), []).append(i)
    return list(groups.values())


class Splits(dict):
    """``{"train": [...], "dev": [...], "test": [...]}`` that remembers how it was drawn (for split.json)."""

    def __init__(self, parts: dict[str, list[Item]], *, seed: int | None, dev: float | None, test: float | None):
        super().__init__(parts)
        self.seed, self.dev, self.test = seed, dev, test


def check_fractions(dev: float, test: float | None) -> None:
    """Refuse fractions outside (0, 1) or adding up to the whole corpus, before any work."""
    for name, value in (("dev", dev), ("test", test)):
        if value is not None and not 0 < value < 1:
            raise ParameterError(f"{name} fraction {value} is not between 0 and 1 (exclusive)")
    if test is not None and dev + test >= 1:
        raise ParameterError(f"dev {dev} and test {test} add up to {dev + test:g}: nothing is left to train on")


def split(items: Iterable[Item], *, dev: float = 0.1, test: float | None = None, seed: int = 0) -> Splits:
    """Split ``items`` into train, dev (and test) by whole twin groups.

    ``dev`` and ``test`` are fractions of schemas (twin groups), not of items: each split gets
    ``round(fraction * groups)`` groups (halves round up), drawn by one seeded permutation
    (``numpy.random.default_rng(seed)``), and train the rest. Items keep their input order inside
    each split, and their fields, ``split`` included (the release split they come from). A corpus
    that would leave a split without a group is refused.
    """
    import numpy as np

    check_fractions(dev, test)
    items = list(items)
    groups = _groups(items)
    n = len(groups)
    sizes = {"dev": math.floor(dev * n + 0.5)}
    if test is not None:
        sizes["test"] = math.floor(test * n + 0.5)
    sizes["train"] = n - sum(sizes.values())
    empty = [name for name, size in sizes.items() if size < 1]
    if empty:
        asked = ", ".join(f"{name} {fraction}" for name, fraction in (("dev", dev), ("test", test)) if fraction is not None)
        raise WinoError(f"{len(items)} items in {n} schemas are too few to split ({asked}): {' and '.join(empty)} would get none")
    order = np.random.default_rng(seed).permutation(n)
    where = [""] * len(items)
    start = 0
    for name in ("dev", "test", "train"):
        for g in order[start : start + sizes.get(name, 0)]:
            for i in groups[g]:
                where[i] = name
        start += sizes.get(name, 0)
    parts: dict[str, list[Item]] = {name: [] for name in ("train", "dev", "test") if name in sizes}
    for item, name in zip(items, where):
        parts[name].append(item)
    return Splits(parts, seed=seed, dev=dev, test=test)


def nested_samples(items: Iterable[Item], sizes: Sequence[int], *, seed: int = 0) -> list[list[Item]]:
    """Training samples of about ``sizes`` items each, for a learning curve; one list per size, in order.

    One seeded permutation of the twin groups is drawn, and the sample of size ``n`` is its longest
    prefix holding at most ``n`` items: never over the size, and under it by less than the size of
    the next group (at most 1 item short when groups are pairs, exact without twins). Being
    prefixes of one order, a smaller sample is always inside a larger one. Items keep their input
    order in each sample.
    """
    import numpy as np

    items = list(items)
    for size in sizes:
        if size > len(items):
            raise WinoError(f"sample size {size} is larger than the corpus ({len(items)} items)")
        if size < 1:
            raise ParameterError(f"sample size {size} is not a positive number of items")
    groups = _groups(items)
    order = np.random.default_rng(seed).permutation(len(groups))
    rank = [0] * len(items)  # position in the permuted order of the item's group
    ends = []  # items in the first k permuted groups, for k = 1..n
    total = 0
    for position, g in enumerate(order):
        for i in groups[g]:
            rank[i] = position
        total += len(groups[g])
        ends.append(total)
    samples = []
    for size in sizes:
        k = int(np.searchsorted(ends, size, side="right"))  # groups that fit in ``size``
        if k == 0:
            raise WinoError(f"sample size {size} is smaller than the first schema drawn ({ends[0]} items); try another seed")
        samples.append([item for item, r in zip(items, rank) if r < k])
    return samples
