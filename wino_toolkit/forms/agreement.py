"""Agreement of derived forms with hand-made references (GLUE WNLI hypotheses, fixed translations).

Exact match is strict string equality after collapsing runs of whitespace; token F1 is the
SQuAD-style overlap of lower-cased word tokens, so one wrong word in ten costs about 0.1.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from ..errors import FormError
from ..intervals import Z95, wilson  # re-exported: ``forms.agreement.wilson`` is an old spelling
from ..schema import Item, NLIPair
from ..tokens import tokenize
from .guards import language_rules
from .halves import half_of, schema_key

__all__ = ["token_f1", "same_text", "wilson", "Agreement", "compare", "premise_key", "match_wnli", "wnli_agreement"]


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

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The Wilson score interval of the exact-match share (95% by default): on a few dozen pairs a share
        is only known to some ten points, which is what a gap between two halves must be read against."""
        return wilson(self.exact, self.compared, z)


def compare(pairs: Iterable[tuple[str, str, str]], language: str = "en") -> Agreement:
    """Agreement over ``(key, ours, reference)`` triples."""
    result = Agreement()
    for key, ours, reference in pairs:
        result.add(key, ours, reference, language)
    return result


def premise_key(text: str) -> str:
    """A premise for matching: NFKC, no space before punctuation, no final full stop, case-folded.

    WNLI's writers retyped WSC texts, so a premise may lack the final full stop or differ in spacing. Stricter than
    :func:`wino_toolkit.text.normalize` (the toolkit's form for comparing texts across corpora), which drops all
    punctuation: with it one more WNLI dev premise (of 71) would match a PDP text that differs inside in punctuation,
    changing the measured agreement; kept as it is so the recorded figures still hold.
    """
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"\s+([,.;:!?'])", r"\1", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".!?").casefold()


#: words that do not name a candidate: "Susan's" is named by "Susan", "the son" by "son"
UNNAMING = frozenset("the a an this that these those his her its their my ' ’ s".split())


def _content(text: str) -> list[str]:
    return [t for t in re.findall(r"\w+|[^\w\s]", text.casefold()) if t not in UNNAMING]


def _context(item: Item, anchor: str, hypothesis: list[str]) -> int:
    """How many words around the pronoun the hypothesis repeats around ``anchor``: picks the pronoun."""
    before, after = _content(item.text[: item.pronoun.start]), _content(item.text[item.pronoun.end :])
    best = 0
    for j, word in enumerate(hypothesis):
        if word != anchor:
            continue
        left = right = 0
        while left < min(len(before), j) and before[-1 - left] == hypothesis[j - 1 - left]:
            left += 1
        while right < len(after) and j + 1 + right < len(hypothesis) and after[right] == hypothesis[j + 1 + right]:
            right += 1
        best = max(best, left + right + 1)
    return best


def match_wnli(items: Iterable[Item], pairs: Iterable[NLIPair]) -> tuple[list[tuple[NLIPair, Item, int]], int]:
    """``(pair, item, candidate)`` for each WNLI pair whose premise is an item's text, and the unmatched count.

    The candidate is the one the hypothesis names (all its content words appear in it); when several
    items share the premise (one per pronoun), the one whose pronoun's neighbours the hypothesis
    repeats around the candidate wins.
    """
    by_text: dict[str, list[Item]] = {}
    for item in items:
        if item.pronoun is not None:
            by_text.setdefault(premise_key(item.text), []).append(item)
    matched, unmatched = [], 0
    for pair in pairs:
        hypothesis = _content(pair.hypothesis)
        scored = []
        for item in by_text.get(premise_key(pair.premise), ()):
            for k, cand in enumerate(item.candidates):
                words = _content(cand.text)
                if words and all(w in hypothesis for w in words):
                    scored.append((_context(item, words[-1], hypothesis), item.id, item, k))
        if scored:
            _, _, item, k = max(scored, key=lambda s: (s[0], s[1]))
            matched.append((pair, item, k))
        else:
            unmatched += 1
    return matched, unmatched


def wnli_agreement(items: Iterable[Item], pairs: Iterable[NLIPair], half: str | None = None) -> Agreement:
    """Our NLI hypotheses against WNLI's hand-written ones for the items both share (see :func:`match_wnli`);
    ``half`` (``"tuning"`` or ``"test"``) keeps the pairs of that half of the schemas (:func:`.halves.half_of`)."""
    matched, unmatched = match_wnli(items, pairs)
    result = Agreement(unmatched=unmatched)
    for pair, item, k in matched:
        if half is not None and half_of(schema_key(item)) != half:
            continue
        try:
            ours = language_rules(item, verbatim=False).hypothesis(item, k)  # no verbatim guesses, as in the forms
        except FormError as exc:
            ours = f"<not derived: {exc}>"
        result.add(f"{item.id}/{pair.id}", ours, pair.hypothesis)
    return result
