"""The audit's surface artefacts: do words, candidate order or candidate length give the answer away?

A corpus is only a test of reasoning if nothing shallow predicts its labels. Each cue here gets the
accuracy a trivial predictor reaches from it alone, next to the chance it must beat.

Label. Only labeled items with exactly two candidates are used. Their label is the *mention order*
of the right candidate: ``"1"`` when it is the first-mentioned, ``"2"`` when it is the second
(WinoGrande's option1/option2). Mention order is the order of the candidates' spans in the text
where both candidates have spans at different places (the WinoGrande reader finds them in the
sentence), and the order the source lists them otherwise; ``ordered_by`` counts each.

Cues.

- ``word_label``: PMI between each word of the text and the label (:func:`~wino_toolkit.aflite.reductions.label_pmi`:
  instance counts, add-1 smoothing), the ``top_k`` words of positive PMI per label; and the accuracy of
  an L2 logistic regression (C=1, liblinear: some twenty times faster than lbfgs on problems this small, which
  matters since every row of the breakdown fits its own) on the text's bag of words (binary, the same tokens as the PMI).
  Words are the item language's (:func:`wino_toolkit.tokens.words`: jieba's for Chinese, script runs for Japanese,
  lower-cased, punctuation left out), so an unspaced sentence is its words, not one run of characters.
- ``candidate_order``: the accuracy of always answering the first-mentioned candidate, and the second.
- ``length``: the accuracy of "the right answer is the longer candidate" (in characters), or the
  shorter, whichever is better (a tie of lengths scores 1/2, a coin toss's expectation); and the
  accuracy of a logistic regression on both candidates' lengths in characters and in words.

Classifiers are scored by out-of-fold predictions over ``CV_FOLDS`` folds grouped by schema
(scikit-learn's ``GroupKFold``, shuffled by ``seed``): twins are near-identical texts with opposite
labels, and a fold that trained on one twin and tested on the other would score *below* chance.
A schema is its twin id, and near-duplicate texts are linked too (:func:`.grouping.schema_groups`),
so a corpus without twin ids (WSC written in WinoGrande's format) is still grouped; ``grouping`` says how.
Their chance is the majority share of the labels (they can learn it); the chance of the fixed
rules (position, longer/shorter) is 1/2. Each verdict rests on the 95% Wilson interval of the
accuracy (:mod:`.verdicts`): a cue "gives the answer away" when the interval lies above chance and
the accuracy beats chance by ``GIVEAWAY`` or more, "is a weak cue" when only the interval lies above
chance, "gives nothing away" only when the interval lies within ``GIVEAWAY`` of chance on both sides;
an interval below chance is a leak in the method, and any other is "too few items to tell".

:func:`audit_artefacts` computes the cues for all the items together and again per row of
:func:`.grouping.rows` (corpus and split, then language and source inside a mixed row), so a cue in
one language of a multilingual corpus is seen.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from wino_toolkit._version import __version__
from wino_toolkit.aflite.reductions import SMOOTHING, label_pmi
from wino_toolkit.errors import ParameterError
from wino_toolkit.extras import require
from wino_toolkit.schema import Item
from wino_toolkit.tokens import words

from .grouping import rows, schema_groups
from .verdicts import ABOVE, BELOW, LEAK, NEAR, TOO_FEW, compare, span

__all__ = ["LABELS", "surface_artefacts", "audit_artefacts"]

LABELS = ("1", "2")  # the right candidate is the first-mentioned, the second-mentioned
CV_FOLDS = 5
C = 1.0  # inverse L2 strength of both logistic regressions
GIVEAWAY = 0.10  # accuracy above chance from which a significant cue "gives the answer away" (= verdicts.MARGIN)
UNLABELED = "unlabeled"
#: a cue's ``state``: what the interval of its accuracy supports
GIVEAWAY_STATE, WEAK, LEAK_STATE, NOTHING, UNDECIDED, NOT_MEASURED = ("gives the answer away", "weak cue", "leak",
                                                                      "gives nothing away", "too few items", "not measured")
FLAGGED = (GIVEAWAY_STATE, WEAK, LEAK_STATE)  # the states a report names
CUES = ("word_label", "candidate_order", "length")
NOT_TWO = "not two candidates"


@dataclass
class _Corpus:
    """The usable items as arrays: mention-order label, schema group, tokens and candidate lengths."""

    tokens: list[list[str]] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)  # 0: first-mentioned is right, 1: second
    groups: list[Any] = field(default_factory=list)
    lengths: list[tuple[int, int, int, int]] = field(default_factory=list)  # chars and words, first then second
    ordered_by: dict[str, int] = field(default_factory=lambda: {"spans": 0, "listing": 0})
    skipped: dict[str, int] = field(default_factory=dict)
    grouping: dict[str, Any] = field(default_factory=dict)  # how the schema groups were made


def surface_artefacts(items: Sequence[Item], *, seed: int = 0, top_k: int = 10) -> dict[str, Any]:
    """Word-label, candidate-order and length cues of a corpus, each with a trivial predictor's accuracy.

    Parameters
    ----------
    items
        the corpus; unlabeled items and items without exactly two candidates are counted in
        ``skipped`` and left out.
    seed
        shuffles the grouped cross-validation folds (the only random step).
    top_k
        cue words listed per label.

    Returns
    -------
    dict
        JSON-ready: ``n``, ``skipped`` (reason -> items), ``word_label``, ``candidate_order``, ``length``
        (each with ``verdict`` and ``seconds``), ``grouping`` (how the folds' schemas were made) and
        ``signature``; see the module docstring.

    Examples
    --------
    >>> from wino_toolkit.schema import Candidate, Item
    >>> items = [Item(str(i), "demo", "en", f"{a} told {b} that _ won.", [Candidate(a), Candidate(b)], 0)
    ...          for i, (a, b) in enumerate(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "bcdefghijklmnopqrstuvwxyza"))]
    >>> result = surface_artefacts(items)
    >>> result["candidate_order"]["verdict"]
    'position gives the answer away: 100% against chance 50% (95% CI 87%-100%, n=26; answering the first-mentioned candidate)'
    >>> surface_artefacts(items[:1])["candidate_order"]["verdict"]
    'position: too few items to tell: 100% against chance 50% (95% CI 21%-100%, n=1; answering the first-mentioned candidate)'
    """
    if top_k < 0:
        raise ParameterError(f"top_k must be 0 or more, not {top_k}")
    corpus = _corpus(items)
    y = np.asarray(corpus.labels, dtype=np.int64)
    numbers: dict[Any, int] = {}
    groups = np.asarray([numbers.setdefault(g, len(numbers)) for g in corpus.groups], dtype=np.int64)
    sklearn = require("sklearn", "audit", "The audit's surface artefacts")
    return {
        "n": int(y.size),
        "skipped": corpus.skipped,
        "grouping": corpus.grouping,
        "word_label": _timed(lambda: _word_label(corpus.tokens, y, groups, seed, top_k)),
        "candidate_order": _timed(lambda: _candidate_order(y, corpus.ordered_by)),
        "length": _timed(lambda: _length(np.asarray(corpus.lengths, dtype=np.float64).reshape(-1, 4), y, groups, seed)),
        "signature": f"artefacts|label:mention-order|cv:group{CV_FOLDS}|clf:logreg-liblinear-C{C:g}|pmi-k:{SMOOTHING:g}"
                     f"|top:{top_k}|seed:{seed}|sklearn:{sklearn.__version__}|v:{__version__}",
    }


def _corpus(items: Sequence[Item]) -> _Corpus:
    out = _Corpus()
    schema, out.grouping = schema_groups(items)
    for index, item in enumerate(items):
        reason = UNLABELED if item.answer is None else NOT_TWO if len(item.candidates) != 2 else None
        if reason:
            out.skipped[reason] = out.skipped.get(reason, 0) + 1
            continue
        a, b = item.candidates
        by_spans = a.span is not None and b.span is not None and a.span.start != b.span.start
        second_first = by_spans and b.span.start < a.span.start
        out.ordered_by["spans" if by_spans else "listing"] += 1
        first, second = (b, a) if second_first else (a, b)
        out.labels.append(int(item.answer != (1 if second_first else 0)))
        out.groups.append(schema[index])
        out.tokens.append(words(item.text, item.language))
        out.lengths.append((len(first.text), len(second.text), len(words(first.text, item.language)),
                            len(words(second.text, item.language))))
    return out


def _timed(section: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    start = time.perf_counter()
    result = section()
    result["seconds"] = round(time.perf_counter() - start, 4)
    return result


def _word_label(tokens: list[list[str]], y: np.ndarray, groups: np.ndarray, seed: int, top_k: int) -> dict[str, Any]:
    words: dict[str, list[dict[str, Any]]] = {label: [] for label in LABELS}
    if np.unique(y).size == 2:
        table = label_pmi(tokens, [LABELS[v] for v in y])
        vocabulary = np.array(list(table.vocabulary), dtype=str)
        total = table.counts.sum(axis=1)
        for label in LABELS:
            column = table.labels.index(label)
            pmi, counts = table.pmi[:, column], table.counts[:, column]
            order = [r for r in np.lexsort((vocabulary, -counts, -pmi)) if pmi[r] > 0][:top_k]
            words[label] = [{"word": str(vocabulary[r]), "count": int(counts[r]), "total": int(total[r]),
                             "pmi": float(pmi[r])} for r in order]
    accuracy, folds = _grouped_cv(_bag_of_words(tokens), y, groups, seed, _logistic)
    chance = _majority(y)
    return {"words": words, "accuracy": accuracy, "chance": chance, "folds": folds,
            "classifier": "logistic regression (L2, C=1) on the text's bag of words, folds grouped by schema",
            "n": int(y.size),
            **_verdict("word choice", accuracy, chance, y.size)}


def _candidate_order(y: np.ndarray, ordered_by: dict[str, int]) -> dict[str, Any]:
    first = float((y == 0).mean()) if y.size else None
    second = None if first is None else 1.0 - first
    better = "first" if first is None or first >= second else "second"
    accuracy = first if better == "first" else second
    return {"first": first, "second": second, "chance": 0.5, "ordered_by": ordered_by,
            **_verdict("position", accuracy, 0.5, y.size, f"answering the {better}-mentioned candidate")}


def _length(lengths: np.ndarray, y: np.ndarray, groups: np.ndarray, seed: int) -> dict[str, Any]:
    difference = lengths[:, 0] - lengths[:, 1]  # characters of the first-mentioned minus the second
    ties = int((difference == 0).sum())
    longer = float(((difference > 0) & (y == 0)).sum() + ((difference < 0) & (y == 1)).sum() + ties / 2) / y.size if y.size else None
    rule = "longer" if longer is None or longer >= 1 - longer else "shorter"
    accuracy = longer if rule == "longer" else 1.0 - longer
    clf_accuracy, folds = _grouped_cv(lengths, y, groups, seed, _scaled_logistic)
    chance = _majority(y)
    classifier = _verdict("the length classifier", clf_accuracy, chance, y.size)
    return {"rule": rule, "accuracy": accuracy, "chance": 0.5, "ties": ties,
            "classifier": {"accuracy": clf_accuracy, "chance": chance, "folds": folds,
                           "model": "logistic regression (L2, C=1) on both candidates' lengths in characters and "
                                    "words, standardized, folds grouped by schema", **classifier},
            **_verdict("length", accuracy, 0.5, y.size, f"answering the {rule} candidate; "
                       + (classifier["verdict"] if classifier["state"] in FLAGGED
                          else f"classifier {_percent(clf_accuracy)} against {_percent(chance)}"))}


def _grouped_cv(X: Any, y: np.ndarray, groups: np.ndarray, seed: int, model: Callable[[], Any]) -> tuple[float | None, int]:
    """Accuracy of out-of-fold predictions, folds grouped by schema; ``(None, 0)`` below two groups."""
    n_groups = int(groups.max()) + 1 if y.size else 0
    if n_groups < 2:
        return None, 0
    model_selection = require("sklearn.model_selection", "audit", "The audit's surface artefacts")
    folds = min(CV_FOLDS, n_groups)
    predicted = np.empty_like(y)
    for train, test in model_selection.GroupKFold(n_splits=folds, shuffle=True, random_state=seed).split(X, y, groups):
        seen = np.unique(y[train])
        predicted[test] = seen[0] if seen.size == 1 else model().fit(X[train], y[train]).predict(X[test])
    return float((predicted == y).mean()), folds


def _bag_of_words(tokens: list[list[str]]) -> Any:
    """Binary document-word matrix (CSR) of the token lists."""
    sparse = require("scipy.sparse", "audit", "The audit's surface artefacts")
    vocabulary: dict[str, int] = {}
    rows, columns = [], []
    for row, doc in enumerate(tokens):
        for word in set(doc):
            rows.append(row)
            columns.append(vocabulary.setdefault(word, len(vocabulary)))
    shape = (len(tokens), max(len(vocabulary), 1))
    return sparse.csr_matrix((np.ones(len(rows)), (rows, columns)), shape=shape)


def _logistic() -> Any:
    return require("sklearn.linear_model", "audit", "The audit's surface artefacts").LogisticRegression(C=C, solver="liblinear", max_iter=1000)


def _scaled_logistic() -> Any:
    pipeline = require("sklearn.pipeline", "audit", "The audit's surface artefacts")
    preprocessing = require("sklearn.preprocessing", "audit", "The audit's surface artefacts")
    return pipeline.make_pipeline(preprocessing.StandardScaler(), _logistic())


def _majority(y: np.ndarray) -> float | None:
    return float(max((y == 0).mean(), (y == 1).mean())) if y.size else None


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _verdict(cue: str, accuracy: float | None, chance: float | None, n: int, detail: str = "") -> dict[str, str]:
    """``state`` (one of ``STATES``) and a one-line ``verdict`` whose word the 95% Wilson interval of the accuracy
    supports (module docstring), the interval said beside it."""
    if accuracy is None or chance is None:
        return {"state": NOT_MEASURED,
                "verdict": f"{cue}: not measured (needs labeled two-candidate items from at least two schemas)"}
    where = compare(accuracy, n, chance, GIVEAWAY)
    state = {ABOVE: GIVEAWAY_STATE if accuracy - chance >= GIVEAWAY else WEAK, BELOW: LEAK_STATE, NEAR: NOTHING}.get(where, UNDECIDED)
    judgement = {GIVEAWAY_STATE: f"{cue} gives the answer away", WEAK: f"{cue} is a weak cue", LEAK_STATE: f"{cue}: {LEAK}",
                 NOTHING: f"{cue} gives nothing away", UNDECIDED: f"{cue}: {TOO_FEW}"}[state]
    return {"state": state, "verdict": f"{judgement}: {_percent(accuracy)} against chance {_percent(chance)} "
                                       f"({span(accuracy, n)}" + (f"; {detail})" if detail else ")")}


def audit_artefacts(items: Sequence[Item], *, seed: int = 0) -> tuple[str, dict[str, Any]]:
    """The report's section: ``(verdict, figures)``, the cues of all the items together and, where the items
    fall in more than one row of :func:`.grouping.rows`, again per row (``figures["rows"]``, each with its
    ``kind``: corpus, language or source). The verdict names every row whose cue is flagged."""
    figures = surface_artefacts(items, seed=seed)
    parts = rows(items)
    if sum(1 for kind, _ in parts.values() if kind == "corpus") == 1:  # that row is all the items: computed above
        parts = {name: part for name, part in parts.items() if part[0] != "corpus"}
    figures["rows"] = {name: {"kind": kind, **surface_artefacts(members, seed=seed)} for name, (kind, members) in parts.items()}
    lines = [f"{key.replace('_', '-')}: {figures[key]['verdict']}" for key in CUES]
    flagged = [f"{name}: {row[key]['verdict']}" for name, row in figures["rows"].items() for key in CUES
               if row[key]["state"] in FLAGGED]
    flagged += [f"{name}: {row['length']['classifier']['verdict']}" for name, row in figures["rows"].items()
                if row["length"]["classifier"]["state"] in FLAGGED and row["length"]["state"] not in FLAGGED]
    undecided = sum(1 for row in figures["rows"].values() for key in CUES if row[key]["state"] == UNDECIDED)
    if flagged:
        lines.append("per row: " + "; ".join(flagged))
    if undecided:
        lines.append(f"{undecided} of {len(CUES) * len(figures['rows'])} per-row cues: {TOO_FEW}")
    return "; ".join(lines), figures
