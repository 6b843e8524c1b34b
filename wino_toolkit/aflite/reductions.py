"""The reductions AFLite is compared with: random reduction, word-label PMI filtering, twin PMI.

WinoGrande (Sakaguchi et al. 2020, "Assessment of AFLite") compares AFLite with two baselines
that remove as many instances: random data reduction, and PMI-based filtering of twins. Both
keep most of the bias (Figure 1's KL barely moves), which is the point of the comparison.

PMI here is always between a word and a label, estimated from *instance* counts (an instance
counts a word once, however often it repeats it), with add-k smoothing toward the label prior::

    p(c | w) = (count(w, c) + k · p(c)) / (count(w) + k)        PMI(w, c) = log p(c | w) / p(c)

so a word seen in few instances has a PMI near 0 (no evidence) rather than a large one, and a
word never seen has exactly 0. Inputs are token lists, or texts split by :func:`tokenize` (language-neutral
``\\w+`` runs: for a language's own words, as the audit and the AFLite pipeline count them, pass token lists
of :func:`wino_toolkit.tokens.words`); tokens are lower-cased. For WinoGrande-style data, pass the blank-form
sentence: its option names are drawn at random and carry no bias of the corpus's making.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Hashable, Sequence

import numpy as np

from wino_toolkit._version import __version__
from wino_toolkit.errors import ParameterError
from wino_toolkit.tokens import words

__all__ = ["tokenize", "random_reduction", "LabelPMI", "label_pmi", "PMIFilterResult", "pmi_filter",
           "twin_pmi_scores", "twin_pmi_filter"]

WORD = re.compile(r"\w+")  # without a language: runs of letters, digits and "_" (WinoGrande's blank is one)
SMOOTHING = 1.0
AGGREGATES = ("max", "mean")

Doc = str | Sequence[str]


def tokenize(text: str, language: str | None = None) -> list[str]:
    """The words of ``text`` in ``language`` (:func:`wino_toolkit.tokens.words`, the tokenizer every word count of
    the toolkit uses: jieba's words for Chinese, lower-cased, punctuation left out, WinoGrande's blank one word).

    Without a language, lower-cased runs of word characters as before (``couldn't`` is two words, an unspaced
    Chinese clause one): kept so that existing callers get what they got."""
    return WORD.findall(text.lower()) if language is None else words(text, language)


def random_reduction(n: int, n_keep: int, random_state: int | np.random.Generator) -> np.ndarray:
    """Keep ``n_keep`` of ``n`` instances drawn uniformly: the baseline any filter must beat.

    Parameters
    ----------
    n
        instances in the corpus.
    n_keep
        instances to keep, ``0 ≤ n_keep ≤ n``.
    random_state
        seed (or NumPy generator) of the draw.

    Returns
    -------
    numpy.ndarray
        (n,) bool mask with exactly ``n_keep`` true entries.

    Examples
    --------
    >>> mask = random_reduction(10, 4, random_state=0)
    >>> int(mask.sum()), bool((mask == random_reduction(10, 4, random_state=0)).all())
    (4, True)
    """
    if not 0 <= n_keep <= n:
        raise ParameterError(f"n_keep must be within [0, {n}], not {n_keep}")
    mask = np.zeros(n, dtype=bool)
    mask[np.random.default_rng(random_state).choice(n, n_keep, replace=False)] = True
    return mask


@dataclass(frozen=True)
class LabelPMI:
    """PMI between every word of a corpus and every label (module docstring for the estimate)."""

    vocabulary: dict[str, int]  # word -> row of ``pmi`` and ``counts``
    labels: tuple[Hashable, ...]  # column order
    counts: np.ndarray  # words × labels: instances of that label holding the word
    pmi: np.ndarray  # words × labels
    smoothing: float

    def get(self, word: str, label: Hashable) -> float:
        """PMI(word, label); 0.0 for a word the corpus never had."""
        row = self.vocabulary.get(word.lower())
        return 0.0 if row is None else float(self.pmi[row, self.labels.index(label)])


def label_pmi(docs: Sequence[Doc], labels: Sequence[Hashable], *, smoothing: float = SMOOTHING) -> LabelPMI:
    """Estimate PMI(word, label) over a labelled corpus.

    Parameters
    ----------
    docs
        one text (tokenized by :func:`tokenize`) or token list per instance.
    labels
        one label per instance.
    smoothing
        k, the pseudo-count of add-k smoothing toward the label prior; must be > 0.

    Returns
    -------
    LabelPMI

    Examples
    --------
    >>> table = label_pmi(["the cat sat", "the dog ran", "a cat ran"], [1, 0, 1])
    >>> table.get("cat", 1) > 0 > table.get("dog", 1), table.get("unseen", 1)
    (True, 0.0)
    """
    if smoothing <= 0:
        raise ParameterError(f"smoothing must be positive, not {smoothing}")
    return _label_pmi(_Words(docs, labels), labels, smoothing)


def _label_pmi(words: "_Words", labels: Sequence[Hashable], smoothing: float) -> LabelPMI:
    classes, label_index = _classes(labels)
    doc, word = words.distinct()
    counts = np.bincount(word * len(classes) + label_index[doc], minlength=len(words.vocabulary) * len(classes))
    counts = counts.reshape(len(words.vocabulary), len(classes)).astype(np.int64)
    prior = np.bincount(label_index, minlength=len(classes)) / len(label_index)
    posterior = (counts + smoothing * prior) / (counts.sum(axis=1, keepdims=True) + smoothing)
    return LabelPMI(words.vocabulary, classes, counts, np.log(posterior / prior), smoothing)


@dataclass(frozen=True)
class PMIFilterResult:
    """What :func:`pmi_filter` kept, why, and how it was configured (``signature``)."""

    keep_mask: np.ndarray  # (N,) bool
    scores: np.ndarray  # (N,) how much each instance's words reveal its own label
    top_words: dict[Hashable, list[tuple[str, float]]]  # per label, its most revealing words and their PMI
    table: LabelPMI
    signature: str


def pmi_filter(docs: Sequence[Doc], labels: Sequence[Hashable], *, n_keep: int | None = None,
               fraction: float | None = None, smoothing: float = SMOOTHING, aggregate: str = "max",
               top_k: int = 10) -> PMIFilterResult:
    """Remove the instances whose words give their label away, in the style of Gururangan et al. (2018).

    An instance's score is the ``aggregate`` (``"max"`` or ``"mean"``) of PMI(w, its label) over
    its distinct words (0 for an instance without words). The highest scores are removed until
    ``n_keep`` (or ``fraction`` of the corpus, rounded) remain; ties go by position, earliest removed first.

    Parameters
    ----------
    docs, labels, smoothing
        as for :func:`label_pmi`.
    n_keep
        instances to keep; give this or ``fraction``.
    fraction
        share of instances to keep, in [0, 1].
    aggregate
        ``"max"`` (one giveaway word is enough) or ``"mean"``.
    top_k
        words listed per label in ``top_words``.

    Returns
    -------
    PMIFilterResult

    Examples
    --------
    >>> docs = ["a happy day", "a happy end", "a sad day", "an odd end"]
    >>> r = pmi_filter(docs, [1, 1, 0, 0], n_keep=2)
    >>> r.keep_mask.tolist(), r.top_words[1][0][0]
    ([False, False, True, True], 'happy')
    """
    n = len(docs)
    if (n_keep is None) == (fraction is None):
        raise ParameterError("give exactly one of n_keep and fraction")
    if fraction is not None:
        if not 0.0 <= fraction <= 1.0:
            raise ParameterError(f"fraction must be within [0, 1], not {fraction}")
        n_keep = round(fraction * n)
    if not 0 <= n_keep <= n:
        raise ParameterError(f"n_keep must be within [0, {n}], not {n_keep}")
    if aggregate not in AGGREGATES:
        raise ParameterError(f"aggregate must be one of {', '.join(AGGREGATES)}, not {aggregate!r}")
    if smoothing <= 0:
        raise ParameterError(f"smoothing must be positive, not {smoothing}")
    words = _Words(docs, labels)
    table = _label_pmi(words, labels, smoothing)
    doc, word = words.distinct()
    values = table.pmi[word, np.array([table.labels.index(label) for label in labels], dtype=np.int64)[doc]]
    scores = np.zeros(n)
    if values.size:  # each instance's distinct words are one run of ``doc``, in order
        starts = np.flatnonzero(np.r_[True, doc[1:] != doc[:-1]])
        found = doc[starts]
        if aggregate == "max":
            scores[found] = np.maximum.reduceat(values, starts)
        else:
            scores[found] = np.add.reduceat(values, starts) / np.diff(np.r_[starts, values.size])
    keep_mask = np.ones(n, dtype=bool)
    keep_mask[np.argsort(-scores, kind="stable")[: n - n_keep]] = False
    vocabulary = np.array(list(table.vocabulary), dtype=object)
    top_words = {}
    for column, label in enumerate(table.labels):
        order = np.lexsort((vocabulary.astype(str), -table.pmi[:, column]))[:top_k] if len(vocabulary) else []
        top_words[label] = [(str(vocabulary[r]), float(table.pmi[r, column])) for r in order]
    signature = f"pmi-filter|agg:{aggregate}|k:{smoothing}|keep:{n_keep}/{n}|v:{__version__}"
    return PMIFilterResult(keep_mask, scores, top_words, table, signature)


def twin_pmi_scores(twins: Sequence[tuple[Doc, Doc]], labels: Sequence[tuple[Hashable, Hashable]], *,
                    positive: Hashable = 1, smoothing: float = SMOOTHING) -> np.ndarray:
    """WinoGrande's PMI score of each twin pair: how differently its two sentences lean toward ``positive``.

    Sakaguchi et al. (2020, "Assessment of AFLite"; AAAI version) compute, for twin sentences
    t1 and t2, ``f(t1, t2) = Σ_{w∈t1} PMI(y=1; w) − Σ_{w∈t2} PMI(y=1; w)``, with PMI between a
    word and the label y=1 precomputed over the whole dataset after Gururangan et al. (2018);
    twins with a small difference are hard to tell apart and are the ones PMI filtering keeps.
    (We took the formula from our reading of the paper; the search tool could not show its full
    text.) Here the sums run over token occurrences and PMI is :func:`label_pmi`'s, computed over
    the 2·P sentences. Words the twins share cancel, so f measures the trigger words.

    Parameters
    ----------
    twins
        (t1, t2) per pair, each a text or a token list.
    labels
        (y1, y2) per pair, the label of each sentence.
    positive
        the label whose PMI is summed (the paper's y=1).
    smoothing
        as for :func:`label_pmi`.

    Returns
    -------
    numpy.ndarray
        (P,) signed f per pair; its absolute value is the bias.

    Examples
    --------
    >>> pairs = [("the trophy is too big", "the trophy is too small")] * 3 + [("it was big", "it was tiny")]
    >>> f = twin_pmi_scores(pairs, [(1, 0)] * 4)
    >>> bool(f[0] > 0 and abs(f[0]) > abs(f[3]) > 0)
    True
    """
    if len(twins) != len(labels):
        raise ParameterError(f"{len(twins)} twin pairs but {len(labels)} label pairs")
    if smoothing <= 0:
        raise ParameterError(f"smoothing must be positive, not {smoothing}")
    docs = [doc for pair in twins for doc in pair]
    flat = [label for pair in labels for label in pair]
    words = _Words(docs, flat)
    table = _label_pmi(words, flat, smoothing)
    if positive not in table.labels:
        raise ParameterError(f"positive label {positive!r} is not among the labels {list(table.labels)}")
    column = table.labels.index(positive)
    sums = np.bincount(words.doc, weights=table.pmi[words.word, column], minlength=len(docs))
    return sums[0::2] - sums[1::2]


def twin_pmi_filter(twins: Sequence[tuple[Doc, Doc]], labels: Sequence[tuple[Hashable, Hashable]], *,
                    n_keep: int, positive: Hashable = 1, smoothing: float = SMOOTHING) -> np.ndarray:
    """Keep the ``n_keep`` twin pairs of smallest ``|f|`` (:func:`twin_pmi_scores`): WinoGrande's PMI baseline.

    Returns
    -------
    numpy.ndarray
        (P,) bool mask over pairs; ties go by position, earliest kept first.

    Examples
    --------
    >>> pairs = [("the trophy is too big", "the trophy is too small")] * 3 + [("it was big", "it was tiny")]
    >>> twin_pmi_filter(pairs, [(1, 0)] * 4, n_keep=1).tolist()
    [False, False, False, True]
    """
    if not 0 <= n_keep <= len(twins):
        raise ParameterError(f"n_keep must be within [0, {len(twins)}], not {n_keep}")
    f = twin_pmi_scores(twins, labels, positive=positive, smoothing=smoothing)
    keep = np.zeros(len(twins), dtype=bool)
    keep[np.argsort(np.abs(f), kind="stable")[:n_keep]] = True
    return keep


def _tokens(doc: Doc) -> list[str]:
    return tokenize(doc) if isinstance(doc, str) else [token.lower() for token in doc]


class _Words:
    """Every token occurrence of every document as a word number (``doc``, ``word``: one entry each),
    and the ``vocabulary`` numbering the words in order of first occurrence."""

    def __init__(self, docs: Sequence[Doc], labels: Sequence[Hashable]) -> None:
        if len(docs) != len(labels):
            raise ParameterError(f"{len(docs)} documents but {len(labels)} labels")
        self.vocabulary: dict[str, int] = {}
        number = self.vocabulary.setdefault
        words, lengths = [], []
        for doc in docs:
            tokens = _tokens(doc)
            lengths.append(len(tokens))
            words.extend(number(token, len(self.vocabulary)) for token in tokens)
        self.word = np.array(words, dtype=np.int64)
        self.doc = np.repeat(np.arange(len(docs), dtype=np.int64), lengths)

    def distinct(self) -> tuple[np.ndarray, np.ndarray]:
        """``(doc, word)`` with each word once per document (an instance counts a word once), sorted by document."""
        size = max(len(self.vocabulary), 1)
        pairs = np.unique(self.doc * size + self.word)
        return pairs // size, pairs % size


def _classes(labels: Sequence[Hashable]) -> tuple[tuple[Hashable, ...], np.ndarray]:
    """The distinct labels in order of first appearance, and each instance's column."""
    classes: dict[Hashable, int] = {}
    index = np.array([classes.setdefault(label, len(classes)) for label in labels], dtype=np.int64)
    if len(classes) < 2:
        raise ParameterError(f"the labels must take at least 2 values, not {list(classes)}")
    return tuple(classes), index
