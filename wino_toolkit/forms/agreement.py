"""Agreement of derived forms with hand-made references (GLUE WNLI hypotheses, fixed translations).

Exact match is strict string equality after collapsing runs of whitespace; token F1 is the
SQuAD-style overlap of lower-cased word tokens, so one wrong word in ten costs about 0.1.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from ..errors import FormError
from ..lang import get_language
from ..schema import Item, NLIPair
from ..tokens import tokenize

__all__ = ["token_f1", "same_text", "Agreement", "compare", "wnli_agreement"]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def same_text(a: str, b: str) -> bool:
    return _norm(a) == _norm(b)


def token_f1(prediction: str, reference: str, language: str = "en") -> float:
    pred = Counter(t.lower() for t in tokenize(prediction, language))
    ref = Counter(t.lower() for t in tokenize(reference, language))
    overlap = sum((pred & ref).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(pred.values()), overlap / sum(ref.values())
    return 2 * precision * recall / (precision + recall)


@dataclass
class Agreement:
    """Exact-match share and mean token F1 over compared pairs, with the disagreements kept."""

    compared: int = 0
    exact: int = 0
    f1_sum: float = 0.0
    unmatched: int = 0  # references with no derived counterpart (no item, or the form failed)
    mismatches: list[tuple[str, str, str]] = field(default_factory=list)  # (id, ours, reference)

    def add(self, key: str, ours: str, reference: str, language: str = "en") -> None:
        self.compared += 1
        if same_text(ours, reference):
            self.exact += 1
            self.f1_sum += 1.0
        else:
            self.f1_sum += token_f1(ours, reference, language)
            self.mismatches.append((key, ours, reference))

    @property
    def exact_share(self) -> float:
        return self.exact / self.compared if self.compared else 0.0

    @property
    def mean_f1(self) -> float:
        return self.f1_sum / self.compared if self.compared else 0.0


def compare(pairs: Iterable[tuple[str, str, str]], language: str = "en") -> Agreement:
    """Agreement over ``(key, ours, reference)`` triples."""
    result = Agreement()
    for key, ours, reference in pairs:
        result.add(key, ours, reference, language)
    return result


def _normalised(text: str) -> str:
    return _norm(text).lower()


def wnli_agreement(items: Iterable[Item], pairs: Iterable[NLIPair]) -> Agreement:
    """Our NLI hypotheses against WNLI's hand-written ones for the items both share.

    A WNLI pair belongs to the item whose text equals its premise (whitespace and case folded);
    its candidate is the one whose mention the hypothesis contains (the longest, when several
    do), else the one whose hypothesis overlaps it most. Premises from no item count as unmatched.
    """
    by_text: dict[str, Item] = {}
    for item in items:
        by_text.setdefault(_normalised(item.text), item)
    result = Agreement()
    for pair in pairs:
        item = by_text.get(_normalised(pair.premise))
        if item is None:
            result.unmatched += 1
            continue
        lang = get_language(item.language)
        try:
            ours = [lang.hypothesis(item, k) for k in range(len(item.candidates))]
        except FormError:
            result.unmatched += 1
            continue
        hyp = pair.hypothesis.lower()
        named = [k for k, c in enumerate(item.candidates) if _candidate_words(item, k) in hyp]
        if named:
            k = max(named, key=lambda j: len(_candidate_words(item, j)))
        else:
            k = max(range(len(ours)), key=lambda j: token_f1(ours[j], pair.hypothesis))
        result.add(f"{item.id}/{pair.id}", ours[k], pair.hypothesis)
    return result


def _candidate_words(item: Item, k: int) -> str:
    """The candidate without a leading article, lower-cased: WNLI writes "The hair" for "hair"."""
    text = item.candidates[k].text.lower().strip()
    return re.sub(r"^(the|a|an)\s+", "", text)
