"""The steps every form shares: which items can be derived, script conversion, labels and the meta a record keeps.

Kept apart from the forms so that each form's module holds only what makes that form different.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, TypeVar

from ..errors import FormError
from ..lang import Language, get_language
from ..parallel import PARALLEL
from ..schema import Item
from .guards import Versions, check_blanks, language_rules
from .report import FormReport

__all__ = ["derivable", "in_script", "kept_meta", "label", "skipped_for_blanks"]

R = TypeVar("R")


def in_script(language: str, script: str | None) -> tuple[Callable[[str], str], str]:
    """Text conversion to ``script`` (``hant``: Traditional Chinese) where the language supports it,
    and the language tag of the converted text (``zh-Hans`` → ``zh-Hant``)."""
    lang = get_language(language)
    convert = getattr(lang, "to_script", None)
    if not script or convert is None:
        return (lambda text: text), language
    return (lambda text: convert(text, script)), lang.script_tag(language, script)


def label(item: Item, k: int) -> bool | None:
    """Whether candidate ``k`` is the answer; ``None`` for an unlabeled item."""
    return None if item.answer is None else k == item.answer


def derivable(records: Iterable[Any], report: FormReport, verbatim: bool, build: Callable[[Language, Item], R]) -> Iterator[Any]:
    """``(item, build(language, item))`` for each item the form can be derived for.

    Records that are not items (already derived) pass through as they are; an item that fails
    (no rules, a stray blank, a repeat, a :class:`FormError` from ``build``) is skipped whole and
    reported, so a schema's records always come together.
    """
    versions = Versions()
    for item in records:
        if not isinstance(item, Item):
            yield item
            continue
        report.seen[item.corpus] += 1
        try:
            check_blanks(item)
            lang = language_rules(item, verbatim)
            key = versions.check(item)
            result = build(lang, item)
        except FormError as exc:
            report.skip(item, str(exc))
            continue
        versions.add(key, item)
        report.derived[item.corpus] += 1
        yield item, result


def kept_meta(item: Item) -> dict[str, Any]:
    """What a derived record keeps of its item's meta: the parallel key, so that its translations stay
    traceable (overlap, dedupe); the rest describes the source's own layout, which the form does not have."""
    key = item.meta.get(PARALLEL)
    return {PARALLEL: key} if key is not None else {}


def skipped_for_blanks(item: Item, report: FormReport) -> bool:
    """Report ``item`` as skipped when its blanks are wrong (two ``_``, a stray one); say whether it was."""
    try:
        check_blanks(item)
    except FormError as exc:
        report.skip(item, str(exc))
        return True
    return False
