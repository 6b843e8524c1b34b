"""Accuracy tables from scores: per corpus and language, with a seeded bootstrap interval and twin accuracy.

Twin (pair) accuracy is WinoGrande's "group" scoring: a schema counts only when every version of it
present is right, so a model cannot score by always naming the same candidate.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from .score import ItemScore, Scores

__all__ = ["Row", "Results", "evaluate_scores", "OverSeeds"]

RESAMPLES = 1000


class OverSeeds:
    """An ``accuracies`` list (one per seed) read as a mean and its spread: fine-tuning results are never
    one seed's number (a transfer cell, a learning-curve point, a grid setting)."""

    accuracies: list[float]

    @property
    def n_seeds(self) -> int:
        return len(self.accuracies)

    @property
    def mean(self) -> float:
        return float(np.mean(self.accuracies))

    @property
    def std(self) -> float:
        """The sample standard deviation over seeds (0 with one seed)."""
        return float(np.std(self.accuracies, ddof=1)) if len(self.accuracies) > 1 else 0.0

    def text(self, digits: int = 3) -> str:
        """``0.712 ± 0.013``, or ``0.712`` with one seed (no spread to show)."""
        return f"{self.mean:.{digits}f}" + (f" ± {self.std:.{digits}f}" if self.n_seeds > 1 else "")


@dataclass(frozen=True)
class Row:
    corpus: str
    language: str
    items: int
    accuracy: float
    low: float  # 95% bootstrap interval of the accuracy
    high: float
    schemas: int  # twin groups with two or more versions scored
    twin_accuracy: float | None
    switched: int = 0  # items scored with their candidates switched too
    switched_consistency: float | None = None  # right on both versions
    subset: str | None = None  # a row for one subset of the corpus (e.g. associative items)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Results:
    """The table's rows under a signature; ``scores`` holds the per-item evidence (not part of the JSON:
    ``wino eval lm --predictions`` writes it)."""

    rows: list[Row]
    skipped: int
    signature: str
    scores: Scores | None = field(default=None, repr=False, compare=False)
    unlabeled: int = 0  # items scored without an answer: in the predictions, in no accuracy
    #: the language of each few-shot example by id (``evaluate`` fills it from the pool the shots came from)
    shot_languages: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The table's title: zero-shot, or K-shot saying how many shots are in another language than the item
        they precede (shots from WinoGrande before XWINO's French items): a cross-lingual few-shot number is not
        the monolingual one, and the signature alone does not show it."""
        shots = [(s.language, shot) for s in (self.scores.items if self.scores is not None else ()) for shot in
                 s.fewshot_ids or ()]
        if not shots:
            return "zero-shot accuracy"
        k = max(len(s.fewshot_ids or ()) for s in self.scores.items)
        other = Counter((self.shot_languages[shot], language) for language, shot in shots
                        if self.shot_languages.get(shot, language) != language)
        if not other:
            return f"{k}-shot accuracy"
        pairs = ", ".join(f"{shot} before {item}" for (shot, item), _ in other.most_common(3))
        return (f"{k}-shot accuracy ({sum(other.values()):,} of {len(shots):,} shots in another language than their "
                f"item: {pairs}{', ...' if len(other) > 3 else ''})")

    @property
    def note(self) -> str | None:
        """What the rows cannot show: items without an answer (a test split) were scored but have no accuracy;
        an empty table alone would read as a failure, or as nothing done."""
        if not self.unlabeled:
            return None
        have = "item has" if self.unlabeled == 1 else "items have"
        return f"{self.unlabeled:,} {have} no answer: " + ("not in the accuracy" if self.rows else "no accuracy")

    def to_json(self) -> dict[str, Any]:
        reasons = Counter(s.reason for s in self.scores.skipped) if self.scores is not None else Counter()
        return {"title": self.title, "signature": self.signature, "skipped": self.skipped,
                "skip_reasons": dict(reasons.most_common()), "unlabeled": self.unlabeled, "note": self.note,
                "rows": [r.to_dict() for r in self.rows]}

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (``pandas`` comes with the ``all`` extra)."""
        from wino_toolkit.extras import require

        pandas = require("pandas", "all", "Results.to_frame")
        frame = pandas.DataFrame([r.to_dict() for r in self.rows])
        frame.attrs["signature"] = self.signature
        return frame

    def markdown(self) -> str:
        """A Markdown table with the signature under it (for papers and READMEs)."""
        lines = ["| corpus | language | items | accuracy | 95% interval | schemas | twin accuracy | switched | consistency |",
                 "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        for r in self.rows:
            twin = "-" if r.twin_accuracy is None else f"{r.twin_accuracy:.3f}"
            consistency = "-" if r.switched_consistency is None else f"{r.switched_consistency:.3f}"
            name = r.corpus + (f" [{r.subset}]" if r.subset else "")
            lines.append(f"| {name} | {r.language} | {r.items} | {r.accuracy:.3f} | {r.low:.3f}-{r.high:.3f} | {r.schemas} "
                         f"| {twin} | {r.switched} | {consistency} |")
        return "\n".join(lines) + f"\n\n`{self.signature}`\n"

    def table(self) -> Any:
        """A rich table with the signature as its caption."""
        from rich.markup import escape
        from rich.table import Table

        table = Table(title=self.title, caption=self.signature)
        for column in ("corpus", "language", "items", "accuracy", "95% interval", "schemas", "twin accuracy", "switched",
                       "consistency"):
            table.add_column(column, justify="left" if column in ("corpus", "language") else "right")
        for r in self.rows:
            twin = "-" if r.twin_accuracy is None else f"{r.twin_accuracy:.3f}"
            consistency = "-" if r.switched_consistency is None else f"{r.switched_consistency:.3f}"
            name = r.corpus + (f" [{r.subset}]" if r.subset else "")  # brackets are rich markup: escaped
            table.add_row(escape(name), r.language, str(r.items), f"{r.accuracy:.3f}", f"{r.low:.3f}-{r.high:.3f}",
                          str(r.schemas), twin, str(r.switched), consistency)
        return table


def _bootstrap(correct: np.ndarray, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    means = correct[rng.integers(0, len(correct), size=(RESAMPLES, len(correct)))].mean(axis=1)
    return float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975))


def _twins(scored: Sequence[ItemScore]) -> tuple[int, float | None]:
    groups: dict[str, list[bool]] = {}
    for s in scored:
        if s.twin is not None:
            groups.setdefault(s.twin, []).append(s.prediction == s.gold)
    whole = [all(g) for g in groups.values() if len(g) > 1]
    return len(whole), (sum(whole) / len(whole) if whole else None)


def evaluate_scores(scores: Scores, *, signature: str, seed: int = 0, switched: Scores | None = None) -> Results:
    """One row per corpus and language over the labeled items of ``scores``; ``switched`` holds the same
    items scored with their candidates switched (ids ``<id>~switched``), for the consistency column."""
    flipped = {s.id.rsplit("~", 1)[0]: s.prediction == s.gold for s in (switched.items if switched else ())}
    groups: dict[tuple[str, str, str], list[ItemScore]] = {}
    for s in scores.items:
        if s.gold is not None:
            groups.setdefault((s.corpus, s.language, ""), []).append(s)
            if s.subset is not None:
                groups.setdefault((s.corpus, s.language, s.subset), []).append(s)
    rows = []
    for (corpus, language, subset), scored in sorted(groups.items()):
        correct = np.array([s.prediction == s.gold for s in scored], dtype=float)
        low, high = _bootstrap(correct, seed)
        schemas, twin = _twins(scored)
        both = [s.prediction == s.gold and flipped[s.id] for s in scored if s.id in flipped]
        rows.append(Row(corpus, language, len(scored), float(correct.mean()), low, high, schemas, twin, len(both),
                        sum(both) / len(both) if both else None, subset or None))
    unlabeled = sum(s.gold is None for s in scores.items)
    return Results(rows, len(scores.skipped), f"{signature}|boot:{RESAMPLES}|seed:{seed}", scores, unlabeled)
