"""The summary card: items, schemas, languages and splits per corpus (:func:`wino_toolkit.stats.corpus_stats`),
with the license and citation of each corpus whose card the toolkit has."""
from __future__ import annotations

from collections import Counter
from typing import Any

from wino_toolkit.errors import WinoError

from .inputs import Loaded

__all__ = ["summary"]


def summary(data: Loaded) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: one row per corpus and split, the totals, and what each known corpus's card says."""
    from wino_toolkit.stats import corpus_stats

    stats = corpus_stats(data.items)
    keep = ("items", "schemas", "twins", "singletons", "languages", "labels", "avg_tokens", "vocabulary")
    rows = [{"row": name, "corpus": s["corpus"] or name, "split": s["split"], **{k: s[k] for k in keep}}
            for name, s in stats["corpora"].items()]
    names = list(dict.fromkeys(it.corpus for it in data.items))
    cards = {name: _card(name) for name in names}
    total = stats["total"]
    known = sum(1 for c in cards.values() if c is not None)
    figures = {
        "items": total["items"], "schemas": total["schemas"], "twins": total["twins"], "singletons": total["singletons"],
        "corpora": len(names), "languages": total["languages"],
        "splits": dict(Counter(it.split or "(none)" for it in data.items)),
        "nli_pairs": len(data.pairs), "rows": rows, "cards": cards, "unreadable": data.unreadable,
    }
    corpora = f"{len(names)} corpus" if len(names) == 1 else f"{len(names)} corpora"
    languages = f"{len(total['languages'])} language{'s' if len(total['languages']) != 1 else ''}"
    verdict = (f"{total['items']:,} items in {total['schemas']:,} schemas, {corpora} in {languages}; "
               f"a corpus card (license, citation) for {known} of {len(names)}")
    if data.pairs:
        verdict += f"; {len(data.pairs):,} NLI pairs, counted only here"
    if data.unreadable:
        verdict += f"; {len(data.unreadable)} file(s) unreadable (see validation)"
    return verdict, figures


def _card(corpus: str) -> dict[str, Any] | None:
    """License, citation and title of the corpus card named like the corpus; ``None`` when there is none."""
    from wino_toolkit.cards import get_card

    try:
        card = get_card(corpus)
    except WinoError:
        return None
    return {"name": card.name, "title": card.title, "license": card.license, "homepage": card.homepage,
            "citation": card.citation}
