"""Twin integrity: singletons, broken and duplicated items, and the trigger words that tell twins apart.

A pair is *broken* when both versions have the same right answer (a twin's trigger word should flip
it) or the same text (nothing tells them apart). An item is *duplicated* when another of its corpus, split and
language asks the same question: the same text before, at and after the referring expression (each normalised
as :func:`wino_toolkit.text.normalize` does, so two copies whose spacing or punctuation differ, and
with it every character offset, are still one question), the same candidates and the same knowledge.
SuperGLUE's rows of one sentence with other pronouns, or WinoLogic's versions with other knowledge, are not
duplicates. Duplicates whose right answers differ contradict each other and are listed apart.

A corpus without twin ids has no twin information: it is said so, never "intact", and the schemas that
near-duplicate texts suggest (:func:`.grouping.schema_groups`) are counted instead.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from wino_toolkit.schema import Item
from wino_toolkit.text import normalize

from .inputs import Loaded

__all__ = ["twins", "TOP_TRIGGERS"]

TOP_TRIGGERS = 15  # trigger words listed, most frequent first
LISTED = 50  # ids listed per kind of problem (the counts are always complete)


def twins(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)`` per corpus: groups by size, singletons, broken pairs, duplicates, triggers."""
    from wino_toolkit.twins import twin_report

    from .grouping import schema_groups, source_of

    rows = {}
    triggers: Counter = Counter()
    for corpus in dict.fromkeys(it.corpus for it in data.items):
        items = [it for it in data.items if it.corpus == corpus]
        report = twin_report(items)
        with_twin = sum(1 for it in items if it.twin is not None)
        groups: dict[str, list[Item]] = {}
        for item in items:
            if item.twin is not None:
                groups.setdefault(item.twin, []).append(item)
        same_answer, same_text = [], []
        for twin, group in groups.items():
            if len(group) != 2:
                continue
            a, b = group
            if a.text == b.text:
                same_text.append(twin)
            elif a.correct is not None and b.correct is not None and a.correct.text.casefold() == b.correct.text.casefold():
                same_answer.append(twin)
        for item in items:
            if item.twin is not None:
                triggers.update(t.casefold() for t in item.triggers)
        duplicated = _duplicated(items)
        contradicting = [g for g in duplicated if len({_right(it) for it in g} - {None}) > 1]
        rows[corpus] = {
            "items": len(items), "twin_information": bool(with_twin), "with_twin_id": with_twin,
            "inferred_schemas": None if with_twin else schema_groups(items)[1]["groups"],
            "schemas": report.schemas, "pairs": report.twins,
            "groups_by_size": {str(k): v for k, v in sorted(report.groups.items())},
            "singletons": len(report.singletons), "singleton_ids": report.singletons[:LISTED],
            "larger_groups": list(report.larger.values())[:LISTED],
            "broken_same_answer": len(same_answer), "broken_same_answer_twins": same_answer[:LISTED],
            "broken_same_text": len(same_text), "broken_same_text_twins": same_text[:LISTED],
            "duplicated_groups": len(duplicated), "duplicated_ids": [[it.id for it in g] for g in duplicated[:LISTED]],
            "duplicated_by_language": dict(Counter(g[0].language for g in duplicated)),
            "duplicated_by_source": dict(Counter(" + ".join(sorted({source_of(it) or "(none)" for it in g}))
                                                 for g in duplicated)),
            "contradicting_groups": len(contradicting),
            "contradicting_ids": [[it.id for it in g] for g in contradicting[:LISTED]],
        }
    broken = sum(r["broken_same_answer"] + r["broken_same_text"] for r in rows.values())
    duplicated = sum(r["duplicated_groups"] for r in rows.values())
    pairs = sum(r["pairs"] for r in rows.values() if r["twin_information"])
    singletons = sum(r["singletons"] for r in rows.values() if r["twin_information"])
    contradicting = sum(r["contradicting_groups"] for r in rows.values())
    without = [c for c, r in rows.items() if not r["twin_information"]]
    figures = {"corpora": rows, "triggers": [{"word": w, "count": n} for w, n in triggers.most_common(TOP_TRIGGERS)],
               "pairs": pairs, "singletons": singletons, "broken": broken, "duplicated": duplicated,
               "contradicting": contradicting, "without_twin_information": without}
    asked = f"{duplicated} question(s) asked twice or more" + (
        f", {contradicting} of them with different right answers" if contradicting else "")
    if len(without) == len(rows):
        inferred = sum(r["inferred_schemas"] for r in rows.values())
        items = sum(r["items"] for r in rows.values())
        return (f"no twin information: no item of {items:,} has a twin id (near-duplicate text suggests {inferred:,} "
                f"schemas); {asked}"), figures
    state = "damaged" if broken or duplicated else "no twin pairs to check" if not pairs else "intact"
    verdict = f"{state}: {pairs:,} pairs, {singletons:,} singletons, {broken} broken pair(s), {asked}"
    if without:
        verdict += f"; no twin information in {', '.join(without)}"
    return verdict, figures


def _duplicated(items: list[Item]) -> list[list[Item]]:
    """The items that are the same question within a split and language, one list per question asked more than once."""
    seen: dict[tuple, list[str]] = {}
    for item in items:
        p = item.pronoun
        where = (normalize(item.text),) if p is None else (
            normalize(item.text[: p.start]), normalize(p.text), normalize(item.text[p.end :]))
        key = (item.split, item.language, where, tuple(sorted(normalize(c.text) for c in item.candidates)),
               tuple(normalize(k.text) for k in item.knowledge))
        seen.setdefault(key, []).append(item)
    return [group for group in seen.values() if len(group) > 1]


def _right(item: Item) -> str | None:
    """The right answer as text (the candidates' order may differ between copies); ``None`` unlabeled."""
    return None if item.correct is None else normalize(item.correct.text)
