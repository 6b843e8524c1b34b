"""Words that open a new clause, for the NLI hypothesis (the clause holding the pronoun ends there).

Each entry is a word sequence, elided spellings included, mapped to how it opens a clause:
``"coordinator"`` needs a subject after it (coordinators can join verb phrases, "et a déplacé son
fou", and "donc", "si" are also adverbs, "il est donc parti", "si grand"); ``"subordinator"``
always opens one; ``"subjunctive"`` opens one whose verb is subjunctive ("bien qu'il soit"), which
the hypothesis turns indicative (see :mod:`.subjunctive`).
"""
from __future__ import annotations


def _que(head: tuple[str, ...], kind: str) -> dict[tuple[str, ...], str]:
    return {(*head, "que"): kind, (*head, "qu'"): kind}


CLAUSE_OPENERS = {
    ("car",): "subordinator", ("quand",): "subordinator", ("lorsque",): "subordinator",
    ("lorsqu'",): "subordinator", ("puisque",): "subordinator", ("puisqu'",): "subordinator",
    ("quoique",): "subjunctive", ("quoiqu'",): "subjunctive",
    **_que(("parce",), "subordinator"), **_que(("alors",), "subordinator"), **_que(("tandis",), "subordinator"),
    **_que(("pendant",), "subordinator"), **_que(("après",), "subordinator"), **_que(("dès",), "subordinator"),
    **_que(("depuis",), "subordinator"), **_que(("si", "bien"), "subordinator"), **_que(("de", "sorte"), "subordinator"),
    **_que(("bien",), "subjunctive"), **_que(("pour",), "subjunctive"), **_que(("afin",), "subjunctive"),
    **_que(("avant",), "subjunctive"), **_que(("sans",), "subjunctive"), **_que(("à", "moins"), "subjunctive"),
    **_que(("jusqu'", "à", "ce"), "subjunctive"),
    ("mais",): "coordinator", ("et",): "coordinator", ("ou",): "coordinator", ("sinon",): "coordinator",
    ("donc",): "coordinator", ("alors",): "coordinator", ("puis",): "coordinator", ("ensuite",): "coordinator",
    ("si",): "coordinator", ("s'",): "coordinator",
}
