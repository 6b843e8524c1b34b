"""The NLI form: GLUE/WNLI premise-hypothesis pairs, one per candidate."""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..lang import Language
from ..schema import Item, NLIPair
from .derivation import derivable, in_script, kept_meta, label
from .guards import distinct, no_blank
from .minimal import check_minimal_edit
from .report import FormReport

__all__ = ["nli"]


def _nli_texts(lang: Language, item: Item) -> tuple[str, list[str]]:
    premise = lang.premise(item)
    hypotheses = [lang.hypothesis(item, k) for k in range(len(item.candidates))]
    no_blank([premise, *hypotheses])
    distinct(hypotheses)
    bounds = lang.clause_bounds(item, lang.reference(item))
    for hypothesis in hypotheses:
        check_minimal_edit(lang, item, hypothesis, bounds=bounds)
    return premise, hypotheses


def nli(records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
        verbatim: bool = False) -> Iterator[NLIPair]:
    """GLUE/WNLI pairs: premise = the text, hypothesis = the referring clause with each candidate.

    The premise holds a real referring expression: a WinoGrande blank is replaced by the pronoun
    that fits every option where the language can choose one (English), else the item is skipped.
    """
    report = report if report is not None else FormReport()
    for entry in derivable(records, report, verbatim, _nli_texts):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, (premise, hypotheses) = entry
        to_script, language = in_script(item.language, script)
        for k, hypothesis in enumerate(hypotheses):
            yield NLIPair(
                id=f"{item.id}-{k}",
                corpus=item.corpus,
                language=language,
                premise=to_script(premise),
                hypothesis=to_script(hypothesis),
                label=label(item, k),
                item_id=item.id,
                candidate=k,
                split=item.split,
                meta=kept_meta(item),
            )
