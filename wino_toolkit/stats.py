"""Corpus statistics: the columns of the WinoGrande paper's Table 5 plus twin structure and labels."""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from .schema import Item
from .tokens import tokenize
from .twins import twin_report

__all__ = ["corpus_stats"]


def corpus_stats(items: Iterable[Item]) -> dict[str, Any]:
    """Statistics per corpus and over all items, as plain JSON-ready dicts.

    Token counts use :func:`wino_toolkit.tokens.tokenize` (jieba for Chinese, characters for
    Japanese, words and punctuation elsewhere); the vocabulary is the set of distinct lower-cased
    tokens of the texts.
    """
    by_corpus: dict[str, list[Item]] = {}
    for item in items:
        by_corpus.setdefault(item.corpus, []).append(item)
    rows = {name: _stats(group) for name, group in by_corpus.items()}
    everything = [item for group in by_corpus.values() for item in group]
    return {"corpora": rows, "total": _stats(everything)}


def _stats(items: list[Item]) -> dict[str, Any]:
    report = twin_report(items)
    vocab: set[str] = set()
    tokens = 0
    for item in items:
        words = tokenize(item.text, item.language)
        tokens += len(words)
        vocab.update(w.lower() for w in words)
    answers = Counter("unlabeled" if it.answer is None else str(it.answer + 1) for it in items)
    return {
        "items": len(items),
        "schemas": report.schemas,
        "twins": report.twins,
        "larger_groups": {str(size): n for size, n in sorted(report.groups.items()) if size > 2},
        "singletons": len(report.singletons),
        "singleton_ids": report.singletons,
        "larger_group_ids": list(report.larger.values()),
        "languages": dict(Counter(it.language for it in items).most_common()),
        "candidates": {str(k): v for k, v in sorted(Counter(len(it.candidates) for it in items).items())},
        "labels": dict(sorted(answers.items())),
        "avg_tokens": round(tokens / len(items), 2) if items else 0.0,
        "vocabulary": len(vocab),
        "with_pronoun": sum(1 for it in items if it.pronoun is not None and not it.pronoun.is_slot),
        "with_slot": sum(1 for it in items if it.pronoun is not None and it.pronoun.is_slot),
        "with_knowledge": sum(1 for it in items if it.knowledge),
    }
