"""The twin form: the versions of each schema side by side with the words that tell them apart."""
from __future__ import annotations

from typing import Iterable, Iterator

from ..parallel import PARALLEL
from ..schema import Item
from ..twins import link_twins
from .derivation import in_script, skipped_for_blanks
from .records import TwinRecord
from .report import FormReport

__all__ = ["twin"]


def twin(records: Iterable[Item], report: FormReport | None = None, *, script: str | None = None,
         verbatim: bool = False) -> Iterator[TwinRecord]:
    """The versions of each schema side by side with the words that tell them apart.

    Versions must stand next to each other in the input, as every corpus lists them. The texts are
    shown as they are, so no language rules are needed (``verbatim`` is accepted for a uniform call).
    """
    report = report if report is not None else FormReport()
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
            if skipped_for_blanks(item, report):
                continue
        yield item


def _twin_record(group: list[Item], report: FormReport, script: str | None) -> Iterator[TwinRecord]:
    first = group[0]
    if first.twin is None or len(group) < 2:
        for item in group:
            report.skip(item, "no twin: the corpus has no other version of this schema")
        return
    report.derived[first.corpus] += len(group)
    to_script, language = in_script(first.language, script)
    yield TwinRecord(
        twin=first.twin,
        corpus=first.corpus,
        language=language,
        ids=[it.id for it in group],
        roles=[it.role for it in group],
        texts=[to_script(it.text) for it in group],
        triggers=[[to_script(t) for t in it.triggers] for it in group],
        answers=[it.answer for it in group],
        answer_texts=[None if it.answer is None else to_script(it.candidates[it.answer].text) for it in group],
        split=first.split,
        parallel=[it.meta.get(PARALLEL) for it in group],
    )
