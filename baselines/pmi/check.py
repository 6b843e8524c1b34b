"""The PMI baseline and its verdict: does word association alone beat chance on a corpus?

Decision per item (Mandarinograd, section 4): PMI(w, w_i) for the reference term ``w`` and each
candidate's answer term ``w_i``. A term absent from the index (``nan``) ranks like a term that never
co-occurs with ``w`` (``-inf``). When every candidate is at ``-inf`` the difference is undefined;
otherwise the best candidate is chosen when it beats the second best by more than the threshold
``t`` (``inf - -inf`` counts as more). Every other item, and every item whose terms are skipped, is
answered at random: a draw from ``random.Random(f"{seed}:{corpus}:{id}")``, so an item's draw does not
depend on which other items or corpora are checked with it.

Summary per corpus and language (``n`` labeled items, ``d`` decided by PMI of which ``c`` correct,
``k_i`` candidates of item ``i``, ``R`` the items answered at random):

- coverage ``d``; precision ``c / d``; accuracy: correct answers with the seeded draws, over ``n``;
- expected accuracy ``(c + Σ_{i∈R} 1/k_i) / n``: the mean accuracy over all random draws, so a
  verdict never rests on one lucky draw; chance ``Σ_i 1/k_i / n`` (0.5 for two candidates);
- the expected accuracy is ``c`` shifted and scaled (``c/n`` plus a constant), so its uncertainty is
  that of ``c``: the 95% interval is the Wilson score interval of the precision ``c / d``, mapped
  through the same line ``(d·p + Σ_R 1/k_i) / n``; the test is the exact two-sided binomial test of
  ``c`` successes in ``d`` trials against the chance rate of the decided items (0.5 for two
  candidates; the mean ``1/k`` when items differ in size), ``scipy.stats.binomtest``. It is the exact
  test of "expected accuracy = chance" given the decided items.
- verdict "not resistant" when ``p < alpha`` (0.05) and the expected accuracy is above chance: word
  association alone beats chance. Otherwise "resistant" (no significant advantage, or a disadvantage)
  only when the test had the power to find one: at least :func:`min_decided` decided items, the number
  at which the test at ``alpha`` has :data:`POWER` (80%) power to detect a precision :data:`EFFECT`
  (25 points) above the decided items' chance rate (normal approximation: 29 items for two or three
  candidates at alpha 0.05). With fewer, the verdict is "inconclusive (n too small)": 4 decided
  items with p = 0.625 say nothing either way.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.intervals import Z95, wilson  # re-exported: ``check.wilson`` and ``check.Z95`` are old spellings
from wino_toolkit.schema import Item

from .terms import Terms, resolve_terms

__all__ = ["Outcome", "Summary", "CheckResult", "check", "decide", "wilson", "signature", "min_decided", "Z95", "ALPHA",
           "POWER", "EFFECT", "RESISTANT", "NOT_RESISTANT", "INCONCLUSIVE"]

ALPHA = 0.05
#: "resistant" needs this power to detect a precision EFFECT above chance (else: inconclusive)
POWER = 0.8
EFFECT = 0.25
RESISTANT, NOT_RESISTANT, INCONCLUSIVE = "resistant", "not resistant", "inconclusive (n too small)"


def min_decided(chance: float = 0.5, alpha: float = ALPHA, power: float = POWER, effect: float = EFFECT) -> int:
    """Decided items needed before "no significant advantage" means "resistant": the sample size at
    which the two-sided test at ``alpha`` detects a precision ``chance + effect`` with ``power``
    (normal approximation, which grows with the effect's variance and never saw-tooths like the
    exact test's power).

    >>> min_decided(0.5), min_decided(1 / 3), min_decided(0.5, alpha=0.01)
    (29, 29, 44)
    """
    from statistics import NormalDist

    z = NormalDist()
    p1 = min(chance + effect, 1.0)
    spread = z.inv_cdf(1 - alpha / 2) * math.sqrt(chance * (1 - chance)) + z.inv_cdf(power) * math.sqrt(p1 * (1 - p1))
    return math.ceil((spread / (p1 - chance)) ** 2)


def decide(pmi: Sequence[float], threshold: float = 0.0) -> tuple[int | None, bool]:
    """``(chosen candidate or None for random, whether the PMI difference is defined)``.

    >>> decide([2.0, 0.5])
    (0, True)
    >>> decide([float("-inf"), float("nan")])
    (None, False)
    >>> decide([1.0, 1.0])
    (None, True)
    """
    scores = [-math.inf if math.isnan(x) else x for x in pmi]
    order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=True)
    best, second = scores[order[0]], scores[order[1]]
    if best == -math.inf:
        return None, False
    return (order[0] if best - second > threshold else None), True


def binomial_p(successes: int, trials: int, rate: float) -> float:
    """Two-sided exact binomial test (scipy), 1.0 when there are no trials."""
    if trials <= 0:
        return 1.0
    from wino_toolkit.extras import require

    binomtest = require("scipy.stats", "pmi", "the PMI check's binomial test").binomtest
    return float(binomtest(successes, trials, rate, alternative="two-sided").pvalue)


@dataclass(slots=True)
class Outcome:
    """What the baseline did with one item."""

    id: str
    corpus: str
    language: str
    answer: int
    predicted: int
    correct: bool
    decided: bool  # PMI chose (difference defined and above the threshold); else a random draw
    defined: bool  # at least one candidate co-occurs with the reference term
    pmi: list[float]  # per candidate: log2 value, -inf (never co-occur) or nan (a term not in the index)
    terms: Terms
    reason: str | None = None  # why the answer is random

    @property
    def candidates(self) -> int:
        return len(self.terms.answers)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "corpus": self.corpus,
            "language": self.language,
            "reference": self.terms.reference,
            "answers": self.terms.answers,
            "terms_source": self.terms.source,
            "pmi": [_json_float(x) for x in self.pmi],
            "defined": self.defined,
            "decided": self.decided,
            "predicted": self.predicted,
            "answer": self.answer,
            "correct": self.correct,
            "random_reason": self.reason,
        }


def _json_float(x: float) -> float | str | None:
    """JSON has no infinities: ``"-inf"`` means never co-occur, ``null`` a term absent from the index."""
    if math.isnan(x):
        return None
    return "-inf" if x == -math.inf else round(x, 6)


@dataclass(slots=True)
class Summary:
    """The baseline on one corpus in one language, with the evidence for its verdict."""

    corpus: str
    language: str
    items: int  # labeled items
    unlabeled: int  # items without an answer, left out
    with_terms: int  # items whose terms are usable (not skipped)
    defined: int  # items with a defined PMI difference
    decided: int  # items PMI answered: the coverage
    correct_decided: int
    correct: int  # with the seeded random draws
    expected_correct: float  # correct_decided + Σ 1/k over the random items
    chance: float  # Σ 1/k / items
    decided_chance: float  # mean 1/k over the decided items: the binomial test's null rate
    p_value: float
    alpha: float = ALPHA

    @property
    def coverage(self) -> float:
        return self.decided / self.items

    @property
    def precision(self) -> float | None:
        return self.correct_decided / self.decided if self.decided else None

    @property
    def accuracy(self) -> float:
        return self.correct / self.items

    @property
    def expected_accuracy(self) -> float:
        return self.expected_correct / self.items

    @property
    def precision_interval(self) -> tuple[float, float] | None:
        return wilson(self.correct_decided, self.decided) if self.decided else None

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval of the expected accuracy: the precision's Wilson interval mapped linearly."""
        if not self.decided:
            return self.expected_accuracy, self.expected_accuracy
        offset = self.expected_correct - self.correct_decided
        lo, hi = wilson(self.correct_decided, self.decided)
        return (self.decided * lo + offset) / self.items, (self.decided * hi + offset) / self.items

    @property
    def min_decided(self) -> int:
        """Decided items the verdict "resistant" needs (see :func:`min_decided`)."""
        return min_decided(self.decided_chance, self.alpha)

    @property
    def verdict(self) -> str:
        if self.p_value < self.alpha and self.expected_accuracy > self.chance:
            return NOT_RESISTANT  # significant: a finding at any size (the exact test holds alpha)
        return RESISTANT if self.decided >= self.min_decided else INCONCLUSIVE

    @property
    def evidence(self) -> str:
        lo, hi = self.interval
        side = "above" if self.expected_accuracy > self.chance else "not above"
        small = (f"; fewer than the {self.min_decided} decided items needed to call it resistant"
                 if self.verdict == INCONCLUSIVE else "")
        return (
            f"expected accuracy {self.expected_accuracy:.3f} (95% CI {lo:.3f}-{hi:.3f}) {side} chance "
            f"{self.chance:.3f}; binomial p = {self.p_value:.3g} on {self.correct_decided}/{self.decided} decided{small}"
        )

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        pi = self.precision_interval
        return {
            "corpus": self.corpus,
            "language": self.language,
            "items": self.items,
            "unlabeled": self.unlabeled,
            "with_terms": self.with_terms,
            "defined": self.defined,
            "covered": self.decided,
            "coverage": self.coverage,
            "correct_covered": self.correct_decided,
            "precision": self.precision,
            "precision_ci95": None if pi is None else list(pi),
            "accuracy": self.accuracy,
            "expected_accuracy": self.expected_accuracy,
            "expected_accuracy_ci95": [lo, hi],
            "chance": self.chance,
            "binomial_test": {
                "successes": self.correct_decided,
                "trials": self.decided,
                "null_rate": self.decided_chance,
                "alternative": "two-sided",
                "p_value": self.p_value,
            },
            "alpha": self.alpha,
            "min_decided": self.min_decided,
            "verdict": self.verdict,
            "evidence": self.evidence,
        }


@dataclass(slots=True)
class CheckResult:
    """One run of the baseline against one index: the signature, per-corpus summaries and per-item outcomes."""

    signature: str
    threshold: float
    seed: int
    summaries: list[Summary]
    outcomes: list[Outcome] = field(default_factory=list)

    def to_dict(self, details: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "signature": self.signature,
            "threshold": self.threshold,
            "seed": self.seed,
            "summaries": [s.to_dict() for s in self.summaries],
        }
        if details:
            out["items"] = [o.to_dict() for o in self.outcomes]
        return out


def signature(index: Any, *, threshold: float, seed: int, terms: str = "auto") -> str:
    """``pmi|lang:zh|win:10|seg:...|idx:3f9c2a1e|terms:auto|thr:0|seed:0|v:0.1.0`` (sacrebleu style).

    ``terms`` is ``auto`` or a short hash of the terms file; ``idx`` the first 8 hex digits of the
    index's checksum (of its inputs and parameters). The index's own signature contributes its
    segmenter parts; keys this function sets itself are not repeated.
    """
    from wino_toolkit._version import __version__

    own = {"pmi", "lang", "win", "idx", "terms", "thr", "seed", "v"}
    parts = [p for p in str(index.signature).split("|") if p and p.split(":", 1)[0] not in own]
    checksum = str(index.checksum).rsplit(":", 1)[-1]  # "sha256:3f9c..." → "3f9c..."
    return "|".join(
        ["pmi", f"lang:{index.language}", f"win:{index.window}", *parts, f"idx:{checksum[:8]}",
         f"terms:{terms}", f"thr:{threshold:g}", f"seed:{seed}", f"v:{__version__}"]
    )


def check(
    items: Iterable[Item],
    index: Any,
    *,
    terms: Mapping[tuple[str, str], Terms] | None = None,
    threshold: float = 0.0,
    seed: int = 0,
    alpha: float = ALPHA,
    terms_label: str = "auto",
) -> CheckResult:
    """Run the baseline on ``items`` with ``index`` (a :class:`PMIIndex` or anything with its methods).

    ``terms`` (from :func:`read_terms`) overrides the automatic selection for the items it lists.
    Items without an answer are counted and left out. Raises :class:`WinoError` when an item's
    language is not the index's or a corpus has no labeled item.

    Examples
    --------
    >>> result = check(wt.read("dev.jsonl"), PMIIndex.open("enwiki.idx"))  # doctest: +SKIP
    >>> result.summaries[0].verdict  # doctest: +SKIP
    'resistant'
    """
    if not (math.isfinite(threshold) and threshold >= 0):
        raise ParameterError(f"the threshold must be a finite number >= 0, not {threshold}")
    if not 0 < alpha < 1:
        raise ParameterError(f"alpha must be between 0 and 1, not {alpha}")
    items = list(items)
    _check_languages(items, index)
    labeled = [i for i in items if i.answer is not None]
    outcomes = []
    for item, t in zip(labeled, resolve_terms(labeled, terms=terms, index=index)):
        outcomes.append(_outcome(item, t, index, threshold, seed))
    summaries = _summaries(items, outcomes, alpha)
    sig = signature(index, threshold=threshold, seed=seed, terms=terms_label)
    return CheckResult(sig, threshold, seed, summaries, outcomes)


def _check_languages(items: list[Item], index: Any) -> None:
    from .segment import base_language

    want = base_language(index.language)
    for item in items:
        if base_language(item.language) != want:
            raise WinoError(
                f"item {item.id!r} of corpus {item.corpus!r} is in {item.language!r}, the index in {index.language!r}"
            )


def _outcome(item: Item, terms: Terms, index: Any, threshold: float, seed: int) -> Outcome:
    k = len(item.candidates)
    if len(terms.answers) != k:
        raise WinoError(f"item {item.id!r}: {len(terms.answers)} answer terms for {k} candidates")
    reason = terms.reason
    pmi = [math.nan] * k
    chosen, defined = None, False
    if reason is None:
        pmi = [index.pmi(terms.reference, a) for a in terms.answers]
        chosen, defined = decide(pmi, threshold)
        if chosen is None:
            reason = "PMI difference at or below the threshold" if defined else "PMI undefined: no answer term co-occurs"
    predicted = chosen if chosen is not None else random.Random(f"{seed}:{item.corpus}:{item.id}").randrange(k)
    answer = int(item.answer or 0)  # labeled items only
    return Outcome(
        item.id, item.corpus, item.language, answer, predicted, predicted == answer,
        chosen is not None, defined, pmi, terms, reason,
    )


def _summaries(items: list[Item], outcomes: list[Outcome], alpha: float) -> list[Summary]:
    groups: dict[tuple[str, str], list[Outcome]] = {}
    unlabeled: dict[tuple[str, str], int] = {}
    for item in items:
        key = (item.corpus, item.language)
        groups.setdefault(key, [])
        if item.answer is None:
            unlabeled[key] = unlabeled.get(key, 0) + 1
    for o in outcomes:
        groups[(o.corpus, o.language)].append(o)
    out = []
    for (corpus, language), group in groups.items():
        if not group:
            raise WinoError(f"corpus {corpus!r} ({language}) has no labeled items: the check needs answers")
        decided = [o for o in group if o.decided]
        correct_decided = sum(o.correct for o in decided)
        by_chance = sum(1 / o.candidates for o in group if not o.decided)
        decided_chance = sum(1 / o.candidates for o in decided) / len(decided) if decided else 0.5
        out.append(
            Summary(
                corpus, language, len(group), unlabeled.get((corpus, language), 0),
                sum(o.terms.reason is None for o in group), sum(o.defined for o in group), len(decided),
                correct_decided, sum(o.correct for o in group), correct_decided + by_chance,
                sum(1 / o.candidates for o in group) / len(group), decided_chance,
                binomial_p(correct_decided, len(decided), decided_chance), alpha,
            )
        )
    return out
