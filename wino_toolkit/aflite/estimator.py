"""AFLite as a scikit-learn estimator: WinoGrande's Algorithm 1, exactly, over precomputed embeddings.

Algorithm 1 (Sakaguchi et al. 2020), with m = ``train_size``, n = ``n_estimators``,
k = ``cutoff`` and τ = ``threshold``::

    D' ← D
    while |D'| > m:
        draw n random partitions (T_i, V_i) of D' with |T_i| = m
        train a linear classifier L_i on each T_i; let E(x) be the predictions for x of the L_i with x ∈ V_i
        score(x) = |{p ∈ E(x) : p = y(x)}| / |E(x)|
        S ← the k instances of highest score with score ≥ τ
        D' ← D' \\ S
        if |S| < k: stop

An instance never held out in a phase (possible once |D'| is close to m) has no score there and
cannot be removed. Ties in score are broken by position, so a run is fully determined by the seed.
AFLite removes rows: it is neither a transformer nor a selector of features, so it has ``fit``
only, and the result is in the fitted attributes.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> X, y = rng.normal(size=(400, 8)), rng.integers(0, 2, 400)
>>> X[:60] += np.where(y[:60, None] == 1, 3.0, -3.0)          # 60 instances that give their label away
>>> f = AFLite(n_estimators=16, train_size=100, cutoff=20, backend="sklearn").fit(X, y)
>>> bool(f.keep_mask_[:60].mean() < 0.2)                        # doctest: +SKIP
True
"""
from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

from wino_toolkit._version import __version__
from wino_toolkit.errors import ParameterError
from wino_toolkit.extras import require

from .backends import BACKENDS, SklearnBackend, TorchBackend, make_backend

__all__ = ["AFLite"]

_base = require("sklearn.base", "aflite", "AFLite")
_validation = require("sklearn.utils.validation", "aflite", "AFLite")
_utils = require("sklearn.utils", "aflite", "AFLite")


class AFLite(_base.BaseEstimator):
    """Adversarial filtering (AFLite) over embeddings ``X`` with labels ``y``.

    Parameters
    ----------
    n_estimators
        n, the partitions (and linear classifiers) per phase; the paper's 64.
    train_size
        m, the training rows of each partition, and the size below which filtering stops; 10,000.
    cutoff
        k, the most instances removed per phase; 500.
    threshold
        τ, the least score of a removed instance; 0.75.
    random_state
        seed of the partitions (recorded in ``signature_``).
    backend
        ``"torch"`` (all classifiers of a phase fitted together, CPU or GPU) or ``"sklearn"``
        (``LogisticRegression`` one by one: the reference).
    device
        ``"auto"`` (GPU when present), ``"cpu"`` or ``"cuda"``; torch backend only.
    C
        inverse regularization strength of the logistic regressions, as scikit-learn's.
    tol
        the torch backend's convergence tolerance (relative suboptimality); ``max_iter`` caps
        its iterations, or, for sklearn, sets ``LogisticRegression(max_iter=...)`` (default 100).
    progress
        called as ``progress(phase, history_row)`` after each phase (for a progress display).

    Attributes
    ----------
    keep_mask_
        bool array (N,): the instances AFLite keeps.
    scores_
        float array (N,): each instance's score in the last phase it took part in (the score
        at removal for a removed one; NaN if it was never held out).
    removal_phase_
        int array (N,): the phase (0-based) that removed each instance, -1 if kept.
    history_
        one dict per phase: size, removed, mean_score, heldout_accuracy, seconds, iterations.
    n_phases_, n_features_in_, signature_ (``aflite|n:64|m:10000|k:500|tau:0.75|backend:torch-cpu|C:1.0|seed:0|v:…``).
    """

    def __init__(self, *, n_estimators: int = 64, train_size: int = 10_000, cutoff: int = 500, threshold: float = 0.75,
                 random_state: int | None = 0, backend: str = "torch", device: str = "auto", C: float = 1.0,
                 tol: float = 1e-6, max_iter: int | None = None, progress: Callable[[int, dict], None] | None = None):
        self.n_estimators = n_estimators
        self.train_size = train_size
        self.cutoff = cutoff
        self.threshold = threshold
        self.random_state = random_state
        self.backend = backend
        self.device = device
        self.C = C
        self.tol = tol
        self.max_iter = max_iter
        self.progress = progress

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags

    def fit(self, X: Any, y: Any) -> AFLite:
        """Run Algorithm 1 on ``X`` (N × d) and ``y`` (N labels, two classes for the torch backend)."""
        X, y = _validation.validate_data(self, X, y, dtype=(np.float32, np.float64), ensure_min_samples=2)
        self._check_parameters(y)
        rng = _utils.check_random_state(self.random_state)
        backend = self._make_backend()
        N, m, k = X.shape[0], self.train_size, self.cutoff
        keep = np.ones(N, dtype=bool)
        scores = np.full(N, np.nan)
        phases = np.full(N, -1, dtype=np.int64)
        history: list[dict[str, Any]] = []
        while keep.sum() > m:
            start = time.perf_counter()
            rows = np.flatnonzero(keep)
            train = np.zeros((self.n_estimators, len(rows)), dtype=bool)
            for partition in train:
                partition[rng.permutation(len(rows))[:m]] = True
            predicted = backend.fit_predict(X[rows], y[rows], train)
            held = ~train
            correct = (predicted == y[rows]) & held
            counts = held.sum(0)
            score = np.full(len(rows), np.nan)
            np.divide(correct.sum(0), counts, out=score, where=counts > 0)
            scores[rows] = score
            eligible = np.flatnonzero(score >= self.threshold)  # NaN compares false
            chosen = eligible[np.argsort(-score[eligible], kind="stable")][:k]
            keep[rows[chosen]] = False
            phases[rows[chosen]] = len(history)
            row = {
                "phase": len(history),
                "size": int(len(rows)),
                "removed": int(len(chosen)),
                "mean_score": float(np.nanmean(score)) if counts.any() else float("nan"),
                "heldout_accuracy": float(correct.sum() / max(int(held.sum()), 1)),
                "seconds": round(time.perf_counter() - start, 3),
                "iterations": int(max(backend.iterations_, default=0)),
            }
            history.append(row)
            if self.progress is not None:
                self.progress(row["phase"], row)
            if len(chosen) < k:
                break
        self.keep_mask_ = keep
        self.scores_ = scores
        self.removal_phase_ = phases
        self.history_ = history
        self.n_phases_ = len(history)
        self.signature_ = self._signature(backend)
        return self

    def _check_parameters(self, y: np.ndarray) -> None:
        for name in ("n_estimators", "train_size", "cutoff"):
            value = getattr(self, name)
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
                raise ParameterError(f"{name} must be a positive whole number, not {value!r}")
        if not 0.0 <= float(self.threshold) <= 1.0:
            raise ParameterError(f"threshold must be within [0, 1], not {self.threshold!r}")
        if self.backend not in BACKENDS:
            raise ParameterError(f"backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}")
        if len(np.unique(y)) < 2:
            raise ParameterError("y has a single class: there is nothing for the classifiers to predict")

    def _make_backend(self) -> SklearnBackend | TorchBackend:
        if self.backend == "sklearn":
            return make_backend("sklearn", C=self.C, **({"max_iter": self.max_iter} if self.max_iter else {}))
        seed = 0 if not isinstance(self.random_state, (int, np.integer)) else int(self.random_state)
        return make_backend("torch", C=self.C, tol=self.tol, device=self.device, random_state=seed,
                            **({"max_iter": self.max_iter} if self.max_iter else {}))

    def _signature(self, backend: SklearnBackend | TorchBackend) -> str:
        where = f"torch-{backend.resolved_device()}" if isinstance(backend, TorchBackend) else "sklearn"
        return (f"aflite|n:{self.n_estimators}|m:{self.train_size}|k:{self.cutoff}|tau:{self.threshold}|backend:{where}"
                f"|C:{self.C}|seed:{self.random_state}|v:{__version__}")
