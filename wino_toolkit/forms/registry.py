"""The registry of forms by name, and :func:`derive`, which streams the form registered under a name."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ..registry import Registry
from .blank_form import blank
from .disambiguated_form import disambiguated
from .nli_form import nli
from .report import FormReport
from .twin_form import twin

__all__ = ["derive", "forms"]

forms: Registry[Callable[..., Iterator[Any]]] = Registry("forms")
for _name, _fn in (("nli", nli), ("disambiguated", disambiguated), ("blank", blank), ("twin", twin)):
    forms.register(_name, _fn)


def derive(name: str, records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
           verbatim: bool = False) -> Iterator[Any]:
    """Stream the records of the form registered as ``name`` derived from ``records``.

    Parameters
    ----------
    name
        ``nli``, ``disambiguated``, ``blank`` or ``twin`` (or a form a plugin registered).
    records
        schema items (:class:`~wino_toolkit.schema.Item`); records already in the form's
        shape pass through unchanged.
    report : FormReport, optional
        Filled in as the records stream: items seen and derived per corpus, and every skipped item
        with its reason. Leave it out when the reasons are not needed; the same items are skipped.
    script
        ``"hant"`` or ``"hans"``: write Chinese in Traditional or Simplified characters; the
        records' ``language`` says which (``zh-Hant``). Other languages are left as they are.
    verbatim
        for a language without a rules module (``wino_toolkit/lang/<code>/``), put each
        candidate in verbatim instead of skipping the item with "no rules for language hu".
        Verbatim text mangles languages that inflect; the twin form needs no rules either way.

    Returns
    -------
    An iterator over the form's records (:class:`~wino_toolkit.schema.NLIPair`,
    :class:`Disambiguated`, WinoGrande-style :class:`~wino_toolkit.schema.Item`, :class:`TwinRecord`).

    Examples
    --------
    >>> from wino_toolkit.schema import Candidate, Item, Span
    >>> text = "Kim bought Lu a cake because she was hungry."
    >>> item = Item("k-1", "demo", "en", text, [Candidate("Kim", Span(0, 3, "Kim")), Candidate("Lu", Span(11, 13, "Lu"))],
    ...             answer=1, pronoun=Span(29, 32, "she"))
    >>> report = FormReport()
    >>> [d.text for d in derive("disambiguated", [item], report)][1]
    'Kim bought Lu a cake because Lu was hungry.'
    >>> list(derive("twin", [item], report)), report.skipped[0].reason
    ([], 'no twin: the corpus has no other version of this schema')
    """
    return forms.get(name)(records, report if report is not None else FormReport(), script=script, verbatim=verbatim)
