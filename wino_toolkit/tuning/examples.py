"""Training examples from schema items: WinoGrande-style multiple choice or WNLI-style NLI pairs.

Multiple choice (``form="mc"``): one example per item, one choice per candidate, each the sentence
with the referring expression replaced by that candidate, as the disambiguated form writes it
("because the wolf was hungry", agreement and possessives made right), never a naive replace; any
number of candidates. NLI (``form="nli"``): one premise/hypothesis pair per candidate from the NLI
form, labelled entailment for the right candidate; an item's prediction is the candidate whose
hypothesis the model finds most entailed, so both forms are scored as item accuracy.

Items a form cannot make (no rules for the language, no referring expression, one candidate only)
are left out with the reason, as ``wino eval lm`` leaves them out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from wino_toolkit.errors import ParameterError
from wino_toolkit.forms import FormReport, Skipped, disambiguated, nli
from wino_toolkit.schema import Item

__all__ = ["FORMS", "Example", "examples", "encode"]

#: ``mc``: a multiple-choice head over the filled sentences; ``nli``: sequence classification of NLI pairs
FORMS = ("mc", "nli")


@dataclass(frozen=True)
class Example:
    """One item as the model sees it: a text per candidate (``mc``: the filled sentence; ``nli``: the
    hypothesis, with ``premise``), and the index of the right one (``None`` when unlabeled)."""

    item: Item
    texts: tuple[str, ...]
    label: int | None
    premise: str | None = None


def examples(items: Iterable[Item], form: str, report: FormReport | None = None) -> list[Example]:
    """The items' training examples in ``form``; the others go to ``report.skipped`` with the reason."""
    report = report if report is not None else FormReport()
    items = [item for item in items if _comparable(item, report)]
    texts: dict[str, dict[int, str]] = {}
    premises: dict[str, str] = {}
    if form == "mc":
        for d in disambiguated(items, report):
            texts.setdefault(d.item_id, {})[d.candidate] = d.text
    elif form == "nli":
        for pair in nli(items, report):
            texts.setdefault(pair.item_id, {})[pair.candidate] = pair.hypothesis
            premises[pair.item_id] = pair.premise
    else:
        raise ParameterError(f"form {form!r} is not one of {', '.join(FORMS)}")
    out = []
    for item in items:
        got = texts.get(item.id, {})
        if not got:
            continue
        if len(got) != len(item.candidates):
            report.skipped.append(Skipped(item.id, item.corpus, f"the {form} form was made for {len(got)} of "
                                                                f"{len(item.candidates)} candidates"))
            continue
        out.append(Example(item, tuple(got[k] for k in range(len(item.candidates))), item.answer, premises.get(item.id)))
    return out


def _comparable(item: Item, report: FormReport) -> bool:
    if len(item.candidates) < 2:  # e.g. a SuperGLUE-WSC row whose schema's other candidate is not in the file
        report.skipped.append(Skipped(item.id, item.corpus, "one candidate only: nothing to compare it with"))
        return False
    return True


def encode(batch: Sequence[Example], tokenizer: Any, max_length: int) -> list[list[list[int]]]:
    """Token ids per example and choice (premise and hypothesis as a pair for NLI), truncated to ``max_length``."""
    flat = [(e.premise, t) if e.premise is not None else (t,) for e in batch for t in e.texts]
    firsts = [f[0] for f in flat]
    seconds = [f[1] for f in flat] if flat and len(flat[0]) == 2 else None
    ids = tokenizer(firsts, seconds, truncation=True, max_length=max_length)["input_ids"]
    out, k = [], 0
    for e in batch:
        out.append(ids[k : k + len(e.texts)])
        k += len(e.texts)
    return out
