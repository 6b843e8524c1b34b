"""A seeded sample of ITEMS (not pairs) with what a form makes of each: every derived sentence of an item is
judged together, and an item the form refuses is sampled too, with the reason, so that a needless refusal can be
judged as well as a wrong sentence.

Each item is derived on its own, as the form would derive it in any corpus: a schema version that a corpus repeats
(WinoLogic) is shown each time it is drawn, rather than refused as a repeat of a version outside the sample.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from .._version import __version__
from ..errors import ParameterError, WinoError
from ..fingerprint import items_checksum
from ..forms import FormReport, derive
from ..schema import Item
from .sheet import DERIVED, MARK_CLOSE, MARK_OPEN, REFUSED, SIGNATURE_HEAD, SLOT, ReviewRow, ReviewSheet

__all__ = ["REVIEWED_FORMS", "sample_items", "marked_text"]

#: the forms whose sentences a reader judges (the twin form only copies texts)
REVIEWED_FORMS = ("nli", "disambiguated", "blank")

LABELS = {"nli": ("not_entailment", "entailment"), "disambiguated": ("wrong", "correct")}


def sample_items(records: Iterable[Any], form: str, n: int, seed: int, *, per_language: bool = False) -> ReviewSheet:
    """``n`` items drawn at random (``random.Random(seed)``) from the schema items of ``records``, in input order,
    each with every sentence ``form`` derives from it or the reason it refuses it; ``per_language``: ``n`` items
    of each language. Records that are not schema items (NLI pairs) are not drawn."""
    if form not in REVIEWED_FORMS:
        raise ParameterError(f"a review samples one of the forms {', '.join(REVIEWED_FORMS)}, not {form!r}")
    if n < 1:
        raise ParameterError(f"a review samples at least 1 item, not {n}")
    items = [r for r in records if isinstance(r, Item)]
    if not items:
        raise WinoError("no schema items to sample: the input holds only derived records (NLI pairs, ...)")
    chosen = _draw(items, n, random.Random(seed), per_language)
    rows = [_row(k, item, form) for k, item in enumerate(chosen, 1)]
    per = "|per:language" if per_language else ""
    signature = (f"{SIGNATURE_HEAD}form:{form}|n:{len(rows)}|of:{len(items)}|seed:{seed}{per}"
                 f"|data:{items_checksum(items)}|v:{__version__}")
    return ReviewSheet(signature, rows)


def _draw(items: Sequence[Item], n: int, rng: random.Random, per_language: bool) -> list[Item]:
    """``n`` items (of each language with ``per_language``), kept in input order."""
    groups: dict[str, list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(item.language if per_language else "", []).append(k)
    chosen = [k for key in sorted(groups) for k in rng.sample(groups[key], min(n, len(groups[key])))]
    return [items[k] for k in sorted(chosen)]


def _row(number: int, item: Item, form: str) -> ReviewRow:
    """The item's row: its source, and its derived sentences or the form's reason for refusing it."""
    report = FormReport()
    records = list(derive(form, [item], report))
    if report.skipped or not records:
        reasons = "; ".join(s.reason for s in report.skipped) or "the form derived nothing and gave no reason"
        status, derived = REFUSED, f"refused: {reasons}"
    else:
        status, derived = DERIVED, "\n".join(_shown(form, item, records))
    answer = "" if item.answer is None else f"{item.answer + 1}. {item.candidates[item.answer].text}"
    candidates = " | ".join(f"{k}. {c.text}" for k, c in enumerate(item.candidates, 1))
    return ReviewRow(number, item.corpus, item.id, item.language, form, status, marked_text(item), candidates, answer,
                     derived)


def marked_text(item: Item) -> str:
    """The item's text with its referring expression between ⟦ ⟧ (⟦∅⟧ for a zero-anaphora slot)."""
    span = item.pronoun
    if span is None:
        return item.text
    inside = item.text[span.start:span.end] or SLOT
    return f"{item.text[:span.start]}{MARK_OPEN}{inside}{MARK_CLOSE}{item.text[span.end:]}"


def _shown(form: str, item: Item, records: list[Any]) -> list[str]:
    """The form's records as lines to judge: numbered by candidate, each with its label."""
    if form == "blank":
        blanked = records[0]
        options = " | ".join(f"{k}. {c.text}" for k, c in enumerate(blanked.candidates, 1))
        answer = "" if blanked.answer is None else f"{blanked.answer + 1}. {blanked.candidates[blanked.answer].text}"
        return [blanked.text, f"options: {options}", *([f"answer: {answer}"] if answer else [])]
    lines = []
    if form == "nli" and records[0].premise != item.text:
        lines.append(f"premise: {records[0].premise}")
    for record in records:
        sentence = record.hypothesis if form == "nli" else record.text
        name = "unlabeled" if record.label is None else LABELS[form][record.label]
        lines.append(f"{record.candidate + 1}. {name}: {sentence}")
    return lines
