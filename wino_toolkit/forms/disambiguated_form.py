"""The disambiguated form: one sentence per candidate with the referring expression replaced by it."""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..lang import Language
from ..parallel import PARALLEL
from ..schema import Item
from .derivation import derivable, in_script, label
from .guards import distinct, no_blank
from .minimal import check_minimal_edit
from .records import Disambiguated
from .report import FormReport

__all__ = ["disambiguated"]


def _substitutions(lang: Language, item: Item) -> list[str]:
    texts = [lang.substitute(item, k) for k in range(len(item.candidates))]
    no_blank(texts)
    distinct(texts)
    for text in texts:
        check_minimal_edit(lang, item, text)
    return texts


def disambiguated(records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
                  verbatim: bool = False) -> Iterator[Disambiguated]:
    """One sentence per candidate with the referring expression replaced by it (Trinh & Le's texts)."""
    report = report if report is not None else FormReport()
    for entry in derivable(records, report, verbatim, _substitutions):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, texts = entry
        to_script, language = in_script(item.language, script)
        for k, text in enumerate(texts):
            yield Disambiguated(
                id=f"{item.id}-{k}",
                item_id=item.id,
                corpus=item.corpus,
                language=language,
                candidate=k,
                candidate_text=to_script(item.candidates[k].text),
                text=to_script(text),
                label=label(item, k),
                split=item.split,
                parallel=item.meta.get(PARALLEL),
            )
