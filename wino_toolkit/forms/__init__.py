"""Derived forms of schema items: twin, disambiguated, NLI and blank.

Each form is a generator over items that yields the form's records and reports, in an optional
:class:`FormReport`, every item it could not be derived for and why (never dropping one
silently). The grammar lives in the language modules (:mod:`wino_toolkit.lang`); the forms only
decide which candidates, labels and ids to produce. What every form guarantees:

- a language without a rules module is skipped ("no rules for language hu") unless
  ``verbatim=True`` asks for the generic verbatim substitution;
- no derived sentence keeps a ``_``, and a blank is never doubled: a text holding two blanks, or a
  ``_`` that is not its referring expression, is skipped;
- a schema version read twice (WinoLogic gives each sentence once per knowledge claim) is derived
  once; the repeats are reported;
- ``script="hant"`` converts Chinese to Traditional characters and labels the records ``zh-Hant``.

This face only re-exports: the report types live in ``report``, the steps all forms share in ``derivation``,
each form in its ``*_form`` module, the registry and :func:`derive` in ``registry``. ``gold`` is a measuring
tool (``python -m wino_toolkit.forms.gold``), not part of the library's face.

>>> report = FormReport()
>>> pairs = list(nli(items, report))        # doctest: +SKIP
>>> report.skipped[:1]                      # doctest: +SKIP
[Skipped(item_id='pdp-7', corpus='pdp', reason='no referring expression or zero-anaphora slot is marked')]
"""
from __future__ import annotations

from .blank_form import blank
from .disambiguated_form import disambiguated
from .nli_form import nli
from .records import Disambiguated, TwinRecord
from .registry import derive, forms
from .report import FormReport, Skipped
from .twin_form import twin

__all__ = ["FormReport", "Skipped", "Disambiguated", "TwinRecord", "forms", "derive", "nli", "disambiguated", "blank", "twin"]
