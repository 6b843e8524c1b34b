"""What a form reports as its records stream: items seen, derived and skipped (with the reason), per corpus.

Its own module so that everything that only reads or fills a report (training, evaluation, the API) need not
know the forms themselves.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..schema import Item

__all__ = ["FormReport", "Skipped"]


@dataclass(frozen=True)
class Skipped:
    """An item a form could not be derived for, and why."""

    item_id: str
    corpus: str
    reason: str  # a sentence for the user: build it from words, never from an object's repr

    def __post_init__(self) -> None:
        if not isinstance(self.reason, str):  # anything else would reach the user as its repr
            raise TypeError(f"a skip reason is a sentence (str), not {type(self.reason).__name__}")


@dataclass
class FormReport:
    """What a form did, filled in as its records stream.

    Attributes
    ----------
    seen
        items read, per corpus.
    derived
        items the form produced records for, per corpus.
    skipped
        every item it could not derive, with the reason (:class:`Skipped`), in input order.

    Pass one to a form or to :func:`derive` to keep it; without one the form still skips the
    same items, and the reasons are lost.
    """

    seen: Counter = field(default_factory=Counter)
    derived: Counter = field(default_factory=Counter)
    skipped: list[Skipped] = field(default_factory=list)

    def skip(self, item: Item, reason: str) -> None:
        self.skipped.append(Skipped(item.id, item.corpus, reason))

    def labeled(self, items: Iterable[Item], needs: str) -> Iterator[Item]:
        """The items with an answer; each other one is skipped as "no answer, so ``needs``" rather than failing
        the whole corpus or vanishing, since a corpus may hold unlabeled items (WinoGrande's test split)."""
        for item in items:
            if item.answer is None:
                self.skip(item, f"no answer, so {needs}")
            else:
                yield item

    def coverage(self) -> dict[str, float]:
        """Share of each corpus's items the form was derived for."""
        return {corpus: self.derived[corpus] / n for corpus, n in self.seen.items() if n}

    def reasons(self) -> Counter:
        return Counter(s.reason for s in self.skipped)
