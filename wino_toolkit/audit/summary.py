"""The summary card: items, schemas, languages and splits per corpus (:func:`wino_toolkit.stats.corpus_stats`),
with the license and citation of each corpus whose card the files' content identifies
(:func:`wino_toolkit.cards.identify`), never the card of the format a file happens to be written in."""
from __future__ import annotations

from collections import Counter
from typing import Any

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
    cards = {name: _card(name, data) for name in names}
    total = stats["total"]
    known = sum(1 for c, _ in cards.values() if c is not None)
    figures = {
        "items": total["items"], "schemas": total["schemas"], "twins": total["twins"], "singletons": total["singletons"],
        "corpora": len(names), "languages": total["languages"],
        "splits": dict(Counter(it.split or "(none)" for it in data.items)),
        "nli_pairs": len(data.pairs), "rows": rows, "cards": {n: c for n, (c, _) in cards.items()},
        "identified": {n: how for n, (_, how) in cards.items()},
    }
    corpora = f"{len(names)} corpus" if len(names) == 1 else f"{len(names)} corpora"
    languages = f"{len(total['languages'])} language{'s' if len(total['languages']) != 1 else ''}"
    verdict = (f"{total['items']:,} items in {total['schemas']:,} schemas, {corpora} in {languages}; "
               f"a corpus card (license, citation) for {known} of {len(names)}")
    if data.pairs:
        verdict += f"; {len(data.pairs):,} NLI pairs, counted only here"
    return verdict, figures


def _card(corpus: str, data: Loaded) -> tuple[dict[str, Any] | None, list[dict[str, str]]]:
    """License, citation and title of the card of ``corpus`` when the content of every file holding its items
    identifies that card (``None`` otherwise), and per file how it was identified or why not."""
    from wino_toolkit.cards import identify

    found = {f.name: identify(f.path, corpus, f.format, named="corpus" in f.options)
             for f in data.files if any(it.corpus == corpus for it in f.items)}
    how = [{"file": name, "evidence": i.evidence, "detail": i.detail} for name, i in found.items()]
    chosen = {i.card.name if i.card else None for i in found.values()}
    if len(chosen) != 1 or None in chosen:
        return None, how
    card = next(iter(found.values())).card
    return {"name": card.name, "title": card.title, "license": card.license, "homepage": card.homepage,
            "citation": card.citation}, how
