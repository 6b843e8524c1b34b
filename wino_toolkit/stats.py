"""Corpus statistics: the columns of the WinoGrande paper's Table 5 plus twin structure and labels.

Rows are per corpus and split (``winogrande/dev``), for schema items and for NLI pairs alike.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from .schema import Item, NLIPair
from .tokens import tokenize
from .twins import twin_report

__all__ = ["corpus_stats", "row_name"]


def row_name(corpus: str, split: str | None) -> str:
    """The row a record is counted in: ``corpus`` or ``corpus/split``."""
    return corpus if split is None else f"{corpus}/{split}"


def corpus_stats(records: Iterable[Item | NLIPair]) -> dict[str, Any]:
    """Statistics per corpus and split and over all records, as plain JSON-ready dicts.

    Schema items get the WinoGrande Table 5 columns, twins and labels (under ``corpora`` and
    ``total``); NLI pairs get pairs, labels, distinct premises and lengths (under ``nli`` and
    ``nli_total``). Token counts use :func:`wino_toolkit.tokens.tokenize` (jieba for Chinese,
    characters for Japanese, words and punctuation elsewhere); the vocabulary is the set of
    distinct lower-cased tokens of the texts.
    """
    items: dict[str, list[Item]] = {}
    pairs: dict[str, list[NLIPair]] = {}
    for record in records:
        group = pairs if isinstance(record, NLIPair) else items
        group.setdefault(row_name(record.corpus, record.split), []).append(record)
    out: dict[str, Any] = {
        "corpora": {name: _stats(group) for name, group in items.items()},
        "total": _stats([item for group in items.values() for item in group]),
    }
    if pairs:
        out["nli"] = {name: _nli_stats(group) for name, group in pairs.items()}
        out["nli_total"] = _nli_stats([pair for group in pairs.values() for pair in group])
    return out


def _labels(item: Item) -> Iterable[str]:
    """The labels as the data gives them: the answer's number, or SuperGLUE-style per-row true/false."""
    rows = item.meta.get("rows") if isinstance(item.meta, dict) else None
    if isinstance(rows, list) and rows and all(isinstance(r, dict) and isinstance(r.get("label"), bool) for r in rows):
        return ("true" if r["label"] else "false" for r in rows)
    return ("unlabeled" if item.answer is None else str(item.answer + 1),)


def _stats(items: list[Item]) -> dict[str, Any]:
    report = twin_report(items)
    vocab: set[str] = set()
    tokens = 0
    for item in items:
        words = tokenize(item.text, item.language)
        tokens += len(words)
        vocab.update(w.lower() for w in words)
    labels = Counter(label for it in items for label in _labels(it))
    return {
        "corpus": items[0].corpus if items and len({it.corpus for it in items}) == 1 else None,
        "split": items[0].split if items and len({it.split for it in items}) == 1 else None,
        "items": len(items),
        "schemas": report.schemas,
        "twins": report.twins,
        "larger_groups": {str(size): n for size, n in sorted(report.groups.items()) if size > 2},
        "singletons": len(report.singletons),
        "singleton_ids": report.singletons,
        "larger_group_ids": list(report.larger.values()),
        "languages": dict(Counter(it.language for it in items).most_common()),
        "candidates": {str(k): v for k, v in sorted(Counter(len(it.candidates) for it in items).items())},
        "labels": dict(sorted(labels.items())),
        "avg_tokens": round(tokens / len(items), 2) if items else 0.0,
        "vocabulary": len(vocab),
        "with_pronoun": sum(1 for it in items if it.pronoun is not None and not it.pronoun.is_slot),
        "with_slot": sum(1 for it in items if it.pronoun is not None and it.pronoun.is_slot),
        "with_knowledge": sum(1 for it in items if it.knowledge),
    }


def _nli_stats(pairs: list[NLIPair]) -> dict[str, Any]:
    labels = Counter(
        "unlabeled" if p.label is None else ("entailment" if p.label else "not_entailment") for p in pairs
    )
    premise_tokens = [len(tokenize(p.premise, p.language)) for p in pairs]
    hypothesis_tokens = [len(tokenize(p.hypothesis, p.language)) for p in pairs]
    return {
        "corpus": pairs[0].corpus if pairs and len({p.corpus for p in pairs}) == 1 else None,
        "split": pairs[0].split if pairs and len({p.split for p in pairs}) == 1 else None,
        "pairs": len(pairs),
        "premises": len({p.premise for p in pairs}),
        "labels": dict(sorted(labels.items())),
        "languages": dict(Counter(p.language for p in pairs).most_common()),
        "avg_premise_tokens": round(sum(premise_tokens) / len(pairs), 2) if pairs else 0.0,
        "avg_hypothesis_tokens": round(sum(hypothesis_tokens) / len(pairs), 2) if pairs else 0.0,
        "hypothesis_tokens_min": min(hypothesis_tokens, default=0),
        "hypothesis_tokens_max": max(hypothesis_tokens, default=0),
    }
