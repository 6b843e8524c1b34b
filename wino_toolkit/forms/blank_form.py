"""The blank form: WinoGrande-style items, ``_`` for the referring expression and two options."""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..errors import FormError
from ..lang import Language
from ..lang.blanks import one_blank
from ..schema import Candidate, Item, Span
from .derivation import derivable, in_script, kept_meta, skipped_for_blanks
from .guards import BLANK
from .report import FormReport

__all__ = ["blank"]


def _mention_order(item: Item) -> list[int]:
    """Candidate indices in the order the text mentions them (WinoGrande's option1 comes first);
    the source's order where a candidate is not located."""
    spans = [c.span for c in item.candidates]
    if any(s is None for s in spans):
        return list(range(len(spans)))
    return sorted(range(len(spans)), key=lambda k: (spans[k].start, k))


def _blanked(lang: Language, item: Item) -> tuple[str, Span, list[int], list[str]]:
    if len(item.candidates) != 2:
        raise FormError(f"WinoGrande holds 2 options, this item has {len(item.candidates)}")
    text, span = lang.blank(item)
    one_blank(text)
    order = _mention_order(item)
    return text, span, order, [lang.blank_option(item, k) for k in order]


def blank(records: Iterable[Item], report: FormReport | None = None, *, script: str | None = None,
          verbatim: bool = False) -> Iterator[Item]:
    """WinoGrande style: ``_`` for the referring expression, two options, qIDs ``<twin>-<n>``.

    Options come in the order the text mentions them, as WinoGrande's do, so the answer is not
    always the first. Items already blanked (WinoGrande's own) pass through unchanged, so
    WinoGrande round-trips; one whose text holds more than one ``_`` is skipped.
    """
    report = report if report is not None else FormReport()
    last_twin, position = None, 0
    for entry in derivable(_passed_through(records, report), report, verbatim, _blanked):
        if not isinstance(entry, tuple):
            yield entry.item if isinstance(entry, _Blanked) else entry
            continue
        item, (text, span, order, options) = entry
        position = position + 1 if item.twin is not None and item.twin == last_twin else 1
        last_twin = item.twin
        to_script, language = in_script(item.language, script)
        yield Item(
            id=f"{item.twin}-{position}" if item.twin is not None else item.id,
            corpus=item.corpus,
            language=language,
            text=to_script(text),
            candidates=[Candidate(to_script(option)) for option in options],
            answer=None if item.answer is None else order.index(item.answer),
            pronoun=span,
            twin=item.twin,
            role=item.role,
            split=item.split,
            meta=kept_meta(item),
            origin=item.origin,
        )


class _Blanked:
    """An item already in WinoGrande form, passing through the blank form untouched."""

    __slots__ = ("item",)

    def __init__(self, item: Item) -> None:
        self.item = item


def _passed_through(records: Iterable[Any], report: FormReport) -> Iterator[Any]:
    """WinoGrande's own items leave the stream here, unchanged (or reported for a second blank)."""
    for item in records:
        if isinstance(item, Item) and item.pronoun is not None and item.pronoun.text == BLANK:
            report.seen[item.corpus] += 1
            if skipped_for_blanks(item, report):
                continue
            report.derived[item.corpus] += 1
            yield _Blanked(item)
        else:
            yield item
