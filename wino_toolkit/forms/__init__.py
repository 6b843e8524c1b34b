"""Derived forms of schema items: twin, disambiguated, NLI and blank.

Each form is a generator over items that yields the form's records and reports, in a
:class:`FormReport`, every item it could not be derived for and why (never dropping one
silently). The grammar lives in the language modules (:mod:`wino_toolkit.lang`); the forms only
decide which candidates, labels and ids to produce.

>>> report = FormReport()
>>> pairs = list(nli(items, report))        # doctest: +SKIP
>>> report.skipped[:1]                      # doctest: +SKIP
[Skipped(item_id='pdp-7', corpus='pdp', reason='no referring expression or zero-anaphora slot is marked')]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..errors import FormError
from ..lang import get_language
from ..registry import Registry
from ..schema import Candidate, Item, NLIPair
from ..twins import link_twins
from .records import Disambiguated, TwinRecord

__all__ = ["FormReport", "Skipped", "Disambiguated", "TwinRecord", "forms", "derive", "nli", "disambiguated", "blank", "twin"]


@dataclass(frozen=True)
class Skipped:
    """An item a form could not be derived for, and why."""

    item_id: str
    corpus: str
    reason: str


@dataclass
class FormReport:
    """What a form did: items seen and derived per corpus, and the skipped items with reasons."""

    seen: Counter = field(default_factory=Counter)
    derived: Counter = field(default_factory=Counter)
    skipped: list[Skipped] = field(default_factory=list)

    def skip(self, item: Item, reason: str) -> None:
        self.skipped.append(Skipped(item.id, item.corpus, reason))

    def coverage(self) -> dict[str, float]:
        """Share of each corpus's items the form was derived for."""
        return {corpus: self.derived[corpus] / n for corpus, n in self.seen.items() if n}

    def reasons(self) -> Counter:
        return Counter(s.reason for s in self.skipped)


def _script(language: str, script: str | None) -> Callable[[str], str]:
    """Text conversion to ``script`` (``hant``: Traditional Chinese) where the language supports it."""
    if not script:
        return lambda text: text
    lang = get_language(language)
    convert = getattr(lang, "to_script", None)
    if convert is None:
        return lambda text: text
    return lambda text: convert(text, script)


def _label(item: Item, k: int) -> bool | None:
    return None if item.answer is None else k == item.answer


def _per_candidate(records: Iterable[Any], report: FormReport, method: str, script: str | None) -> Iterator[Any]:
    """``(item, texts, to_script)`` for each item whose language builds ``method`` for every candidate.

    Records that are not items (already derived) pass through as they are; an item that fails for
    any candidate is skipped whole and reported, so a schema's records always come together.
    """
    for item in records:
        if not isinstance(item, Item):
            yield item
            continue
        report.seen[item.corpus] += 1
        build = getattr(get_language(item.language), method)
        try:
            texts = [build(item, k) for k in range(len(item.candidates))]
        except FormError as exc:
            report.skip(item, str(exc))
            continue
        report.derived[item.corpus] += 1
        yield item, texts, _script(item.language, script)


def nli(records: Iterable[Any], report: FormReport, *, script: str | None = None) -> Iterator[NLIPair]:
    """GLUE/WNLI pairs: premise = the text, hypothesis = the referring clause with each candidate."""
    for entry in _per_candidate(records, report, "hypothesis", script):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, hypotheses, to_script = entry
        for k, hypothesis in enumerate(hypotheses):
            yield NLIPair(
                id=f"{item.id}-{k}",
                corpus=item.corpus,
                language=item.language,
                premise=to_script(item.text),
                hypothesis=to_script(hypothesis),
                label=_label(item, k),
                item_id=item.id,
                candidate=k,
            )


def disambiguated(records: Iterable[Any], report: FormReport, *, script: str | None = None) -> Iterator[Disambiguated]:
    """One sentence per candidate with the referring expression replaced by it (Trinh & Le's texts)."""
    for entry in _per_candidate(records, report, "substitute", script):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, texts, to_script = entry
        for k, text in enumerate(texts):
            yield Disambiguated(
                id=f"{item.id}-{k}",
                item_id=item.id,
                corpus=item.corpus,
                language=item.language,
                candidate=k,
                candidate_text=to_script(item.candidates[k].text),
                text=to_script(text),
                label=_label(item, k),
            )


def blank(records: Iterable[Item], report: FormReport, *, script: str | None = None) -> Iterator[Item]:
    """WinoGrande style: ``_`` for the referring expression, two options, qIDs ``<twin>-<n>``.

    Items already blanked (WinoGrande's own) pass through unchanged, so WinoGrande round-trips.
    """
    last_twin, position = None, 0
    for item in records:
        report.seen[item.corpus] += 1
        if item.pronoun is not None and item.pronoun.text == "_":
            report.derived[item.corpus] += 1
            yield item
            continue
        if len(item.candidates) != 2:
            report.skip(item, f"WinoGrande holds 2 options, this item has {len(item.candidates)}")
            continue
        lang = get_language(item.language)
        try:
            text, span = lang.blank(item)
            options = [lang.blank_option(item, k) for k in (0, 1)]
        except FormError as exc:
            report.skip(item, str(exc))
            continue
        position = position + 1 if item.twin is not None and item.twin == last_twin else 1
        last_twin = item.twin
        to_script = _script(item.language, script)
        report.derived[item.corpus] += 1
        yield Item(
            id=f"{item.twin}-{position}" if item.twin is not None else item.id,
            corpus=item.corpus,
            language=item.language,
            text=to_script(text),
            candidates=[Candidate(to_script(option)) for option in options],
            answer=item.answer,
            pronoun=span,
            twin=item.twin,
            role=item.role,
            origin=item.origin,
        )


def twin(records: Iterable[Item], report: FormReport, *, script: str | None = None) -> Iterator[TwinRecord]:
    """The versions of each schema side by side with the words that tell them apart.

    Versions must stand next to each other in the input, as every corpus lists them.
    """
    group: list[Item] = []
    for item in link_twins(_counted(records, report)):
        if not isinstance(item, Item):  # already derived
            yield item
            continue
        if group and item.twin != group[0].twin:
            yield from _twin_record(group, report, script)
            group = []
        group.append(item)
    if group:
        yield from _twin_record(group, report, script)


def _counted(records: Iterable[Item], report: FormReport) -> Iterator[Item]:
    for item in records:
        if isinstance(item, Item):
            report.seen[item.corpus] += 1
        yield item


def _twin_record(group: list[Item], report: FormReport, script: str | None) -> Iterator[TwinRecord]:
    first = group[0]
    if first.twin is None or len(group) < 2:
        for item in group:
            report.skip(item, "no twin: the corpus has no other version of this schema")
        return
    report.derived[first.corpus] += len(group)
    to_script = _script(first.language, script)
    yield TwinRecord(
        twin=first.twin,
        corpus=first.corpus,
        language=first.language,
        ids=[it.id for it in group],
        roles=[it.role for it in group],
        texts=[to_script(it.text) for it in group],
        triggers=[[to_script(t) for t in it.triggers] for it in group],
        answers=[it.answer for it in group],
        answer_texts=[None if it.answer is None else to_script(it.candidates[it.answer].text) for it in group],
    )


forms: Registry[Callable[..., Iterator[Any]]] = Registry("forms")
for _name, _fn in (("nli", nli), ("disambiguated", disambiguated), ("blank", blank), ("twin", twin)):
    forms.register(_name, _fn)


def derive(name: str, records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None) -> Iterator[Any]:
    """Apply the form registered as ``name`` (``nli``, ``disambiguated``, ``blank``, ``twin``)."""
    return forms.get(name)(records, report if report is not None else FormReport(), script=script)
