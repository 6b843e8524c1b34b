"""How biased a corpus's embeddings are before and after AFLite, as in WinoGrande's Figure 1.

The paper shows the embeddings' first two principal components coloured by label, and the
histograms of the two labels along the first component (100 bins) with the KL divergence
between them: large on the full corpus, near zero once AFLite has filtered it. :func:`assess`
computes those numbers, and two more that do not depend on where the bias happens to lie:
the same KL along the *most label-revealing* linear direction, and the cross-validated accuracy
of a logistic regression predicting the label (chance once the bias is gone).

Everything is fitted on the FULL set and only evaluated on the kept rows, so the "after"
numbers ask "is the bias that was there still there?", not "is there a new one?".

The label direction and the cross-validation work in standardized space, on the dimensions that
vary: a dimension whose standard deviation is below ``CONSTANT_STD`` of the largest (a sentence
encoder's first-token vector has some at 1e-32) carries nothing and would otherwise dominate
the direction once divided by its scale. Cross-validation folds are grouped by schema
(``groups``): twins are near-identical sentences with opposite labels, and a fold that trains on
one twin and tests on the other pushes a linear probe *below* chance. Chance is
``majority_accuracy``, the share of the more frequent label.

KL estimator (both projections): the projection of the full set is cut into ``bins`` equal-width
bins; each label's histogram gets a pseudo-count of ``smoothing`` per bin (so no bin is empty
and the KL stays finite) and is normalised; ``kl = KL(p(·|y=1) ‖ p(·|y=0))`` in nats, and
``kl_symmetric`` is the sum of both directions (Jeffreys divergence). Histogram estimates are
biased upwards on small samples, so compare numbers computed on subsets of similar size.
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from wino_toolkit._version import __version__
from wino_toolkit.errors import ParameterError
from wino_toolkit.extras import require
from wino_toolkit.io import atomic_output

from .backends import make_backend

__all__ = ["SubsetStats", "Assessment", "assess", "assess_filters", "plot_assessment"]

BINS = 100  # the paper's histograms use 100 bins
SMOOTHING = 1.0  # pseudo-count added to every bin of each label's histogram
CV_FOLDS = 3
MAX_FIT_ROWS = 5000  # rows sampled to fit the direction and to cross-validate: keeps a 40k corpus fast
CONSTANT_STD = 1e-6  # a dimension with a standard deviation below this share of the largest one is left out


@dataclass(frozen=True)
class SubsetStats:
    """The bias numbers of one subset (all rows, or the rows AFLite kept)."""

    n: int
    label_balance: float  # share of label 1
    kl_pc1: float  # KL between the labels along the first principal component (the paper's)
    kl_pc1_symmetric: float
    kl_direction: float  # the same along the logistic-regression direction (standardized space)
    kl_direction_symmetric: float
    cv_accuracy: float  # logistic regression, CV_FOLDS folds grouped by schema, on ≤ MAX_FIT_ROWS rows
    majority_accuracy: float  # what predicting the more frequent label scores: the chance level


@dataclass(frozen=True)
class Assessment:
    """Bias before and after filtering, with what is needed to reproduce it (``signature``)."""

    before: SubsetStats
    after: SubsetStats
    explained_variance: tuple[float, float]  # ratio of each of the 2 principal components
    bins: int
    smoothing: float
    cross_validation: str  # how the folds were made, and what chance is
    signature: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (plain floats, ints and strings)."""
        return asdict(self)


@dataclass
class _Projections:
    """What both :func:`assess` and :func:`plot_assessment` need, fitted once on the full set."""

    pcs: np.ndarray  # N × 2
    explained_variance: tuple[float, float]
    standardized: np.ndarray  # N × d': the varying dimensions, standardized (float32)
    direction: np.ndarray  # N: the standardized rows projected on the unit logistic-regression weight vector
    edges_pc1: np.ndarray
    edges_direction: np.ndarray


def assess(X: np.ndarray, y: np.ndarray, keep_mask: np.ndarray, *, groups: np.ndarray | None = None,
           random_state: int = 0, bins: int = BINS, smoothing: float = SMOOTHING, device: str = "cpu") -> Assessment:
    """Measure how much the embeddings give the label away, on all rows and on the kept rows.

    Parameters
    ----------
    X
        (N, d) embeddings.
    y
        (N,) labels, 0 or 1.
    keep_mask
        (N,) bool, the rows a filter kept (e.g. ``AFLite.keep_mask_``).
    groups
        (N,) the schema of each row (twins share one); cross-validation never splits a group.
        None: every row is its own group.
    random_state
        seed of the row samples, the PCA solver and the cross-validation folds.
    bins, smoothing
        histogram bins and per-bin pseudo-count of the KL estimate (module docstring).
    device
        where the logistic regressions are fitted (AFLite's torch backend): ``"cpu"``, ``"cuda"``, ``"auto"``.

    Returns
    -------
    Assessment
        ``before`` (all rows) and ``after`` (kept rows); on biased data ``after.kl_*`` and
        ``after.cv_accuracy`` drop towards 0 and ``majority_accuracy`` (chance).

    Raises
    ------
    ValueError
        Shapes that disagree, labels other than 0/1, a subset with fewer than ``CV_FOLDS``
        rows of either label or fewer than ``CV_FOLDS`` groups, or no dimension that varies.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(600, 8)), rng.integers(0, 2, 600)
    >>> X[:200, 0] += np.where(y[:200] == 1, 4.0, -4.0)        # 200 rows that give their label away
    >>> keep = np.arange(600) >= 200
    >>> a = assess(X, y, keep)
    >>> bool(a.before.kl_pc1 > 3 * a.after.kl_pc1 and a.before.cv_accuracy > a.after.cv_accuracy + 0.05)
    True
    """
    return assess_filters(X, y, {"filter": keep_mask}, groups=groups, random_state=random_state, bins=bins,
                          smoothing=smoothing, device=device)["filter"]


def assess_filters(X: np.ndarray, y: np.ndarray, keep_masks: Mapping[str, np.ndarray], *,
                   groups: np.ndarray | None = None, random_state: int = 0, bins: int = BINS,
                   smoothing: float = SMOOTHING, device: str = "cpu") -> dict[str, Assessment]:
    """:func:`assess` for several filters of the same rows at once (AFLite and its baselines).

    The projections and the "before" numbers are computed once, and every cross-validation of
    every subset is fitted together in one batch of logistic regressions, which is what makes the
    assessment cheap next to AFLite itself.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(300, 4)), rng.integers(0, 2, 300)
    >>> found = assess_filters(X, y, {"first": np.arange(300) < 200, "last": np.arange(300) >= 100})
    >>> found["first"].before == found["last"].before, found["last"].after.n
    (True, 200)
    """
    X, y = _check(X, y)
    masks = {name: _check_mask(mask, y, name) for name, mask in keep_masks.items()}
    grouped = "none" if groups is None else "schema"
    groups = _check_groups(groups, y.shape[0])
    subsets = [np.ones(y.shape[0], dtype=bool), *masks.values()]
    for name, rows in zip(("all rows", *masks), subsets):
        if len(np.unique(groups[rows])) < CV_FOLDS:
            raise ParameterError(f"{name} hold fewer than {CV_FOLDS} schemas (twin groups): too few to cross-validate")
    proj = _project(X, y, random_state, bins, device)
    accuracies = _cv_accuracies(proj.standardized, y, subsets, groups, random_state, device)
    stats = [_subset_stats(y, rows, proj, accuracy, smoothing) for rows, accuracy in zip(subsets, accuracies)]
    cv = (f"logistic regression (standardized, C=1), {CV_FOLDS} folds grouped by {'schema: twins never split' if grouped == 'schema' else 'row'}"
          f", on at most {MAX_FIT_ROWS} rows; chance is majority_accuracy")
    signature = (f"assess|bins:{bins}|smooth:{smoothing}|folds:{CV_FOLDS}|groups:{grouped}|rows:{MAX_FIT_ROWS}"
                 f"|seed:{random_state}|v:{__version__}")
    return {name: Assessment(stats[0], after, proj.explained_variance, bins, smoothing, cv, signature)
            for name, after in zip(masks, stats[1:])}


def plot_assessment(X: np.ndarray, y: np.ndarray, keep_mask: np.ndarray, path: str | os.PathLike, *,
                    title: str | None = None, random_state: int = 0, bins: int = BINS,
                    smoothing: float = SMOOTHING, device: str = "cpu") -> Path:
    """Draw the paper's Figure 1 for one filter into a PNG at ``path``, atomically.

    Three rows, before (left) and after (right): the PCA scatter coloured by label, the label
    histograms along the first principal component, and along the logistic-regression direction,
    each histogram titled with its KL. ``path`` is checked before any work, the PNG is written to a
    temporary file beside it and renamed over it at the end, so a failure leaves nothing behind.

    Parameters
    ----------
    X, y, keep_mask, random_state, bins, smoothing, device
        as for :func:`assess`.
    path
        the PNG to write (its directory must exist).
    title
        the figure's title; the assessment's signature is always printed under it.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    OutputError
        ``path`` cannot be written (a missing directory, a directory, ...).
    MissingDependencyError
        matplotlib is not installed.

    Examples
    --------
    >>> import tempfile
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(300, 4)), rng.integers(0, 2, 300)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     plot_assessment(X, y, np.arange(300) >= 100, Path(tmp) / "fig.png").stat().st_size > 10_000
    True
    """
    figure_module = require("matplotlib.figure", "aflite", "AFLite plots")  # Figure draws with Agg: no pyplot, no global backend
    X, y = _check(X, y)
    keep_mask = _check_mask(keep_mask, y, "the filter")
    with atomic_output(path) as fh:  # refuses an unwritable path before the work, removes its temporary file on failure
        fig = _draw(figure_module.Figure, y, keep_mask, _project(X, y, random_state, bins, device), smoothing)
        signature = f"plot|bins:{bins}|smooth:{smoothing}|seed:{random_state}|v:{__version__}"
        fig.suptitle(f"{title}\n{signature}" if title else signature, fontsize="medium")
        fig.savefig(fh, format="png", dpi=100)
    return Path(path)


def _check(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X)
    if X.dtype not in (np.float32, np.float64):  # float32 embeddings stay float32: half the memory and time at 47k x 1,024
        X = X.astype(np.float64)
    y = np.asarray(y)
    if X.ndim != 2:
        raise ParameterError(f"X must be 2-D (rows × features), not {X.ndim}-D")
    if y.shape != (X.shape[0],):
        raise ParameterError(f"y {y.shape} must have X's {X.shape[0]} rows")
    if not np.isin(y, (0, 1)).all():
        raise ParameterError(f"y must hold 0 and 1 only, not {sorted(set(np.unique(y).tolist()) - {0, 1})[:5]}")
    return X, y.astype(np.int64)


def _check_mask(keep_mask: np.ndarray, y: np.ndarray, name: str) -> np.ndarray:
    keep_mask = np.asarray(keep_mask)
    if keep_mask.shape != y.shape:
        raise ParameterError(f"keep_mask {keep_mask.shape} must have X's {y.shape[0]} rows")
    if keep_mask.dtype != bool:
        raise ParameterError(f"keep_mask must be boolean, not {keep_mask.dtype}")
    for what, rows in (("all rows", np.ones_like(keep_mask)), (f"the rows {name} kept", keep_mask)):
        counts = np.bincount(y[rows], minlength=2)
        if counts.min() < CV_FOLDS:
            raise ParameterError(f"{what} hold {counts[0]} of label 0 and {counts[1]} of label 1: at least {CV_FOLDS} of each are needed")
    return keep_mask


def _check_groups(groups: np.ndarray | None, n: int) -> np.ndarray:
    """Group numbers 0..g-1; without groups, every row is its own."""
    if groups is None:
        return np.arange(n)
    groups = np.asarray(groups)
    if groups.shape != (n,):
        raise ParameterError(f"groups {groups.shape} must have X's {n} rows")
    return np.unique(groups, return_inverse=True)[1].reshape(n)


def _sample(rows: np.ndarray, random_state: int) -> np.ndarray:
    """At most MAX_FIT_ROWS of the rows where ``rows`` is true, drawn without replacement (sorted)."""
    index = np.flatnonzero(rows)
    if index.size <= MAX_FIT_ROWS:
        return index
    return np.sort(np.random.default_rng(random_state).choice(index, MAX_FIT_ROWS, replace=False))


def _project(X: np.ndarray, y: np.ndarray, random_state: int, bins: int, device: str) -> _Projections:
    decomposition = require("sklearn.decomposition", "aflite", "AFLite's assessment")
    pca = decomposition.PCA(n_components=2, random_state=random_state).fit(X)
    pcs = pca.transform(X).astype(np.float64)
    mean, std = X.mean(axis=0, dtype=np.float64), X.std(axis=0, dtype=np.float64)
    varying = std > CONSTANT_STD * std.max()
    if not varying.any():
        raise ParameterError("every dimension of X is constant: there is no direction to assess")
    centre = mean[varying].astype(X.dtype)  # float64 input is centred before it is rounded to float32
    standardized = (X[:, varying] - centre).astype(np.float32, copy=False)
    standardized /= std[varying].astype(np.float32)
    sample = _sample(np.ones(X.shape[0], bool), random_state)
    backend = _backend(random_state, device)
    backend.fit_predict(standardized[sample], y[sample], np.ones((1, sample.size), dtype=bool))  # only its rows enter the fit
    w = backend.coef_[:-1, 0]
    norm = float(np.linalg.norm(w))
    direction = standardized @ (w / norm) if norm > 0 else np.zeros(X.shape[0], dtype=np.float32)
    direction = direction.astype(np.float64)
    return _Projections(pcs, tuple(float(v) for v in pca.explained_variance_ratio_), standardized, direction,
                        _edges(pcs[:, 0], bins), _edges(direction, bins))


def _backend(random_state: int, device: str) -> Any:
    """L2 logistic regressions (C=1) fitted together: the kind of classifier AFLite itself uses."""
    return make_backend("torch", device=device, random_state=random_state, warm_start=False)


def _cv_accuracies(Z: np.ndarray, y: np.ndarray, subsets: list[np.ndarray], groups: np.ndarray, random_state: int,
                   device: str) -> list[float]:
    """Mean held-out accuracy of CV_FOLDS grouped folds on a sample of each subset, all folds fitted in one batch."""
    model_selection = require("sklearn.model_selection", "aflite", "AFLite's assessment")
    folds = model_selection.GroupKFold(n_splits=CV_FOLDS, shuffle=True, random_state=random_state)
    samples = [_sample(rows, random_state) for rows in subsets]
    used = np.unique(np.concatenate(samples))  # the rows any fold fits or tests on; the batch computes on these only
    position = np.full(y.shape[0], -1)
    position[used] = np.arange(used.size)
    train, tests = [], []
    for sample in samples:
        for fit_rows, test_rows in folds.split(sample, y[sample], groups[sample]):
            mask = np.zeros(used.size, dtype=bool)
            mask[position[sample[fit_rows]]] = True
            train.append(mask)
            tests.append(position[sample[test_rows]])
    y_used = y[used]
    predicted = _backend(random_state, device).fit_predict(Z[used], y_used, np.stack(train))
    per_fold = [float((predicted[i, rows] == y_used[rows]).mean()) for i, rows in enumerate(tests)]
    return [float(np.mean(per_fold[k : k + CV_FOLDS])) for k in range(0, len(per_fold), CV_FOLDS)]


def _draw(figure_class: Any, y: np.ndarray, keep_mask: np.ndarray, proj: _Projections, smoothing: float) -> Any:
    """Three rows (PCA scatter, PC1 histograms, direction histograms) by two columns (all rows, kept rows)."""
    fig = figure_class(figsize=(10, 11), layout="constrained")
    axes = fig.subplots(3, 2)
    colors = ("tab:blue", "tab:orange")
    ev = proj.explained_variance
    for col, (rows, name) in enumerate(((np.ones_like(keep_mask), "all"), (keep_mask, "kept"))):
        kl_pc1 = _kl(proj.pcs[rows, 0], y[rows], proj.edges_pc1, smoothing)[0]
        kl_direction = _kl(proj.direction[rows], y[rows], proj.edges_direction, smoothing)[0]
        for label in (0, 1):
            sel = rows & (y == label)
            axes[0, col].scatter(proj.pcs[sel, 0], proj.pcs[sel, 1], s=3, alpha=0.4, color=colors[label], label=f"y={label}")
            axes[1, col].hist(proj.pcs[sel, 0], bins=proj.edges_pc1, alpha=0.5, color=colors[label], label=f"y={label}")
            axes[2, col].hist(proj.direction[sel], bins=proj.edges_direction, alpha=0.5, color=colors[label], label=f"y={label}")
        axes[0, col].set(title=f"{name}: {int(rows.sum())} rows", xlabel=f"PC1 ({ev[0]:.1%})", ylabel=f"PC2 ({ev[1]:.1%})")
        axes[1, col].set(title=f"{name}: PC1, KL = {kl_pc1:.3f}", xlabel="PC1", ylabel="rows")
        axes[2, col].set(title=f"{name}: label direction, KL = {kl_direction:.3f}", xlabel="logistic-regression direction (standardized)", ylabel="rows")
        for ax in axes[:, col]:
            ax.legend(loc="upper right", fontsize="small")
    for row in range(3):  # same axes before and after, so the eye compares like with like
        axes[row, 1].sharex(axes[row, 0])
        axes[row, 1].sharey(axes[row, 0])
    return fig


def _edges(values: np.ndarray, bins: int) -> np.ndarray:
    low, high = float(values.min()), float(values.max())
    return np.linspace(low, high if high > low else low + 1.0, bins + 1)


def _kl(values: np.ndarray, y: np.ndarray, edges: np.ndarray, smoothing: float) -> tuple[float, float]:
    """(KL(p1 ‖ p0), KL(p1 ‖ p0) + KL(p0 ‖ p1)) of the smoothed label histograms over ``edges``."""
    p1, p0 = (np.histogram(values[y == label], bins=edges)[0] + smoothing for label in (1, 0))
    p1, p0 = p1 / p1.sum(), p0 / p0.sum()
    forward, backward = float(np.sum(p1 * np.log(p1 / p0))), float(np.sum(p0 * np.log(p0 / p1)))
    return forward, forward + backward


def _subset_stats(y: np.ndarray, rows: np.ndarray, proj: _Projections, accuracy: float, smoothing: float) -> SubsetStats:
    kl_pc1 = _kl(proj.pcs[rows, 0], y[rows], proj.edges_pc1, smoothing)
    kl_direction = _kl(proj.direction[rows], y[rows], proj.edges_direction, smoothing)
    balance = float(y[rows].mean())
    return SubsetStats(int(rows.sum()), balance, *kl_pc1, *kl_direction, accuracy, max(balance, 1.0 - balance))
