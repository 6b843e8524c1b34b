"""AFLite's instances: labeled schema items in WinoGrande's blank form, under their own ids. A module of its
own because both embedding (:mod:`.embed`) and the encoder's fine-tuning (:mod:`.finetune`) take them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

import numpy as np

from wino_toolkit.errors import FormatError
from wino_toolkit.forms import FormReport, Skipped, blank
from wino_toolkit.schema import Item

__all__ = ["Instances", "instances"]


@dataclass
class Instances:
    """AFLite instances: blank-form items under their original ids, labels, and the items skipped."""

    items: list[Item]
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        return [item.id for item in self.items]

    @property
    def y(self) -> np.ndarray:
        return np.array([item.answer for item in self.items], dtype=np.int64)

    def subset(self, positions: Sequence[int]) -> Instances:
        return Instances([self.items[i] for i in positions], self.skipped)


class _LastTaken:
    """Remembers the record the blank form took last: it yields at most one record per item it
    takes, right after taking it, so the record's source is the last one taken."""

    def __init__(self, records: Iterable[Any]) -> None:
        self._records = iter(records)
        self.last: Any = None

    def __iter__(self) -> Iterator[Any]:
        for record in self._records:
            self.last = record
            yield record


def instances(records: Iterable[Item], *, verbatim: bool = False) -> Instances:
    """Schema items as AFLite instances in WinoGrande's blank form.

    Parameters
    ----------
    records
        schema items; an item without an answer (a test split) has no label and is skipped.
    verbatim
        for a language without rules, fill the blank verbatim instead of skipping the item.

    Returns
    -------
    Instances
        The blank-form items under the items' own ids (not the form's ``<twin>-<n>``), and every
        item left out with the reason: no answer, or a form that cannot be derived (more than 2
        candidates, no rules...).

    Raises
    ------
    FormatError
        For an id given twice.

    Examples
    --------
    >>> from wino_toolkit.schema import Candidate, Item, Span
    >>> text = "Kim thanked Lu because she was kind."
    >>> item = Item("k-1", "demo", "en", text, [Candidate("Lu", Span(12, 14, "Lu")), Candidate("Kim", Span(0, 3, "Kim"))],
    ...             answer=0, pronoun=Span(23, 26, "she"))
    >>> found = instances([item])
    >>> found.ids, found.items[0].text, [c.text for c in found.items[0].candidates], found.y.tolist()
    (['k-1'], 'Kim thanked Lu because _ was kind.', ['Kim', 'Lu'], [1])
    """
    report = FormReport()
    taken = _LastTaken(report.labeled(records, "no AFLite label"))
    out, seen = [], set()
    for derived in blank(taken, report, verbatim=verbatim):
        source = taken.last
        if source.id in seen:
            raise FormatError(None, _where(source), "id given twice; AFLite instances need unique ids")
        seen.add(source.id)
        out.append(dataclasses.replace(derived, id=source.id))
    return Instances(out, report.skipped)


def _where(item: Item) -> str:
    return f"{item.origin} (id {item.id!r})" if item.origin else f"item {item.id!r}"
