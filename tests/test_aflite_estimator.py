"""AFLite's estimator: Algorithm 1 on planted bias, the two backends agreeing, determinism, scikit-learn's checks."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sklearn")
pytest.importorskip("torch")

from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

import wino_toolkit as wt  # noqa: E402
from wino_toolkit.aflite.backends import SklearnBackend, TorchBackend  # noqa: E402
from wino_toolkit.aflite.estimator import AFLite  # noqa: E402

SMALL = dict(n_estimators=64, train_size=400, cutoff=50, threshold=0.75, random_state=0)


def planted(n: int = 2000, d: int = 16, biased: int = 200, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Random embeddings with random labels, except ``biased`` rows that get a label-revealing direction added.

    Anisotropic (a decaying spectrum and an offset), like real sentence embeddings, so a solver has to
    cope with bad scaling."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * np.linspace(3.0, 0.2, d) + rng.normal(size=d)
    y = rng.integers(0, 2, n)
    direction = rng.normal(size=d)
    direction /= np.linalg.norm(direction)
    planted_rows = rng.choice(n, biased, replace=False)
    X[planted_rows] += np.where(y[planted_rows, None] == 1, 4.0, -4.0) * direction
    mask = np.zeros(n, dtype=bool)
    mask[planted_rows] = True
    return X.astype(np.float32), y, mask


@pytest.fixture(scope="module")
def fitted() -> dict[str, AFLite]:
    """Both backends on the planted data, fitted once for the tests that compare them."""
    X, y, _ = planted()
    return {backend: AFLite(backend=backend, **SMALL).fit(X, y) for backend in ("sklearn", "torch")}


@pytest.mark.parametrize("backend", ["sklearn", "torch"])
def test_planted_instances_are_removed_and_clean_ones_kept(fitted, backend):
    _, _, bias = planted()
    f = fitted[backend]
    removed_planted = 1 - f.keep_mask_[bias].mean()
    kept_clean = f.keep_mask_[~bias].mean()
    assert removed_planted >= 0.9, removed_planted
    assert kept_clean >= 0.9, kept_clean
    assert f.history_[0]["removed"] == 50 and f.history_[-1]["removed"] < 50  # stops when fewer than k go
    assert f.history_[0]["heldout_accuracy"] > f.history_[-1]["heldout_accuracy"]


def test_without_planted_bias_almost_nothing_goes():
    """The same data with the planted rows left clean: the classifiers cannot predict, scores stay low."""
    rng = np.random.default_rng(1)
    X, y = rng.normal(size=(2000, 16)).astype(np.float32), rng.integers(0, 2, 2000)
    f = AFLite(**SMALL).fit(X, y)
    assert f.keep_mask_.mean() > 0.95 and f.n_phases_ <= 2  # only chance scores of 0.75 or more
    assert f.history_[0]["heldout_accuracy"] < 0.55


def test_bookkeeping_follows_algorithm_1(fitted):
    f = fitted["torch"]
    removed = ~f.keep_mask_
    assert (f.removal_phase_[removed] >= 0).all() and (f.removal_phase_[f.keep_mask_] == -1).all()
    for row in f.history_:
        gone = f.removal_phase_ == row["phase"]
        assert gone.sum() == row["removed"] <= 50
        assert (f.scores_[gone] >= 0.75).all()
        # the removed are the highest scores of their phase: nobody kept scored above them then
    assert np.nanmin(f.scores_[removed]) >= np.nanmax(f.scores_[f.keep_mask_]) - 1e-12 or f.history_[-1]["removed"] < 50
    sizes = [row["size"] for row in f.history_]
    assert sizes[0] == 2000 and all(a - b == 50 for a, b in zip(sizes, sizes[1:]))
    assert f.signature_.startswith("aflite|n:64|m:400|k:50|tau:0.75|backend:torch-cpu|C:1.0|seed:0|v:")
    assert wt.AFLite is AFLite


def test_stops_at_train_size():
    """|D'| ≤ m ends the loop even when every instance is removable (a phase may end below m: it removes k)."""
    X, y, _ = planted(n=1000, biased=1000)
    f = AFLite(n_estimators=16, train_size=600, cutoff=300, threshold=0.5, random_state=0).fit(X, y)
    assert [r["size"] for r in f.history_] == [1000, 700] and f.keep_mask_.sum() == 400


def test_deterministic_for_a_seed_on_cpu(fitted):
    X, y, _ = planted()
    a = fitted["torch"]
    b = AFLite(**SMALL).fit(X, y)
    c = AFLite(**{**SMALL, "random_state": 1}).fit(X, y)
    assert (a.keep_mask_ == b.keep_mask_).all() and np.array_equal(a.scores_, b.scores_, equal_nan=True)
    assert not np.array_equal(a.scores_, c.scores_, equal_nan=True)


def test_torch_agrees_with_the_sklearn_reference_on_the_same_partitions():
    X, y, _ = planted(n=2000, d=48)
    rng = np.random.default_rng(3)
    train = np.zeros((16, 2000), dtype=bool)
    for row in train:
        row[rng.permutation(2000)[:800]] = True
    reference = SklearnBackend(max_iter=1000, tol=1e-8).fit_predict(X, y, train)
    fast = TorchBackend().fit_predict(X, y, train)
    held = ~train
    assert (fast == reference)[held].mean() >= 0.99
    assert max(TorchBackend().iterations_ or [0]) == 0  # a fresh backend has fitted nothing


def test_kept_sets_of_the_two_backends_agree(fitted):
    a, b = fitted["sklearn"].keep_mask_, fitted["torch"].keep_mask_
    jaccard = (a & b).sum() / (a | b).sum()
    assert jaccard >= 0.97


def test_bad_parameters_and_data_are_refused():
    X, y, _ = planted(n=200)
    with pytest.raises(ValueError, match="cutoff must be a positive whole number"):
        AFLite(cutoff=0).fit(X, y)
    with pytest.raises(ValueError, match="threshold must be within"):
        AFLite(threshold=1.5).fit(X, y)
    with pytest.raises(ValueError, match="backend must be one of torch, sklearn"):
        AFLite(backend="jax").fit(X, y)
    with pytest.raises(ValueError, match="single class"):
        AFLite().fit(X, np.zeros(200, dtype=int))
    with pytest.raises(ValueError, match="binary labels"):
        AFLite(train_size=50, backend="torch").fit(X, np.arange(200) % 3)


@parametrize_with_checks([AFLite(n_estimators=4, train_size=10, cutoff=50, backend="sklearn")],
                         expected_failed_checks=lambda est: {})
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)
