"""Twin integrity: singletons, broken and duplicated items, and the trigger words that tell twins apart.

A pair is *broken* when both versions have the same right answer (a twin's trigger word should flip
it) or the same text (nothing tells them apart). An item is *duplicated* when another of its corpus and split
has the same text (normalised as :func:`wino_toolkit.train.overlap.normalize` does), the same referring
expression, the same candidates and the same knowledge: SuperGLUE's rows of one sentence with other
pronouns, or WinoLogic's versions with other knowledge, are not duplicates.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from wino_toolkit.schema import Item

from .inputs import Loaded

__all__ = ["twins", "TOP_TRIGGERS"]

TOP_TRIGGERS = 15  # trigger words listed, most frequent first
LISTED = 50  # ids listed per kind of problem (the counts are always complete)


def twins(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)`` per corpus: groups by size, singletons, broken pairs, duplicates, triggers."""
    from wino_toolkit.twins import twin_report

    rows = {}
    triggers: Counter = Counter()
    for corpus in dict.fromkeys(it.corpus for it in data.items):
        items = [it for it in data.items if it.corpus == corpus]
        report = twin_report(items)
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
        rows[corpus] = {
            "items": len(items), "schemas": report.schemas, "pairs": report.twins,
            "groups_by_size": {str(k): v for k, v in sorted(report.groups.items())},
            "singletons": len(report.singletons), "singleton_ids": report.singletons[:LISTED],
            "larger_groups": list(report.larger.values())[:LISTED],
            "broken_same_answer": len(same_answer), "broken_same_answer_twins": same_answer[:LISTED],
            "broken_same_text": len(same_text), "broken_same_text_twins": same_text[:LISTED],
            "duplicated_groups": len(duplicated), "duplicated_ids": duplicated[:LISTED],
        }
    broken = sum(r["broken_same_answer"] + r["broken_same_text"] for r in rows.values())
    duplicated = sum(r["duplicated_groups"] for r in rows.values())
    pairs = sum(r["pairs"] for r in rows.values())
    singletons = sum(r["singletons"] for r in rows.values())
    figures = {"corpora": rows, "triggers": [{"word": w, "count": n} for w, n in triggers.most_common(TOP_TRIGGERS)],
               "pairs": pairs, "singletons": singletons, "broken": broken, "duplicated": duplicated}
    state = "intact" if not (broken or duplicated) else "damaged"
    verdict = (f"{state}: {pairs:,} pairs, {singletons:,} singletons, {broken} broken pair(s), "
               f"{duplicated} question(s) asked twice or more")
    return verdict, figures


def _duplicated(items: list[Item]) -> list[list[str]]:
    """Ids of the items that are the same question within a split, one list per question asked more than once."""
    from wino_toolkit.train.overlap import normalize

    seen: dict[tuple, list[str]] = {}
    for item in items:
        key = (item.split, normalize(item.text), item.pronoun.start if item.pronoun else None,
               tuple(sorted(normalize(c.text) for c in item.candidates)), tuple(k.text for k in item.knowledge))
        seen.setdefault(key, []).append(item.id)
    return [ids for ids in seen.values() if len(ids) > 1]
