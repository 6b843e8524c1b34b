"""The linear classifiers of one AFLite phase: ``n`` L2-regularized logistic regressions, one per partition.

Both backends solve the same problem as scikit-learn's ``LogisticRegression(C=C)``: for each
partition ``i`` with training rows ``T_i``,

    minimise  ½‖w‖² + C Σ_{t∈T_i} log(1 + exp(−s_t (x_t·w + b)))     (s_t = ±1, b not penalised)

- :class:`SklearnBackend` is the reference: one ``LogisticRegression`` per partition, at
  scikit-learn's defaults (lbfgs, ``max_iter=100``) unless told otherwise.
- :class:`TorchBackend` fits all ``n`` models together. Every model sees the same X, so one
  masked product ``X̂ W`` (rows × d+1 by d+1 × n) serves all of them, and the work is shared
  further: a single preconditioner, the curvature of the loss at w = 0 estimated on a sample of
  the rows (``I + C/4 · m/rows · X̂ᵀX̂``, Cholesky-factored once per phase), serves as the initial
  inverse Hessian of a batched L-BFGS. That makes the badly scaled problem of raw embeddings
  converge in 10-15 evaluations, where scikit-learn's lbfgs spends its 100 default iterations and
  still stops short of the optimum. The step
  along the search direction costs one product: ``X̂(W + αP) = Z + α·X̂P``, so backtracking is
  free. Models stop one by one on a convergence tolerance (half the Newton decrement
  ``gᵀH⁻¹g``, an estimate of the distance to the optimum, relative to the loss at w = 0), not
  after a fixed number of iterations, and the next phase starts from this phase's weights
  (warm start).
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wino_toolkit.errors import ParameterError
from wino_toolkit.extras import require

__all__ = ["SklearnBackend", "TorchBackend", "make_backend", "BACKENDS"]

BACKENDS = ("torch", "sklearn")


@dataclass
class SklearnBackend:
    """One scikit-learn ``LogisticRegression`` per partition, fitted one after the other."""

    C: float = 1.0
    max_iter: int = 100
    tol: float = 1e-4
    name: str = "sklearn"
    iterations_: list[int] = field(default_factory=list)

    def fit_predict(self, X: np.ndarray, y: np.ndarray, train: np.ndarray) -> np.ndarray:
        """Labels predicted for every row by each of the ``train.shape[0]`` models (n × rows)."""
        linear_model = require("sklearn.linear_model", "aflite", "AFLite's sklearn backend")
        exceptions = require("sklearn.exceptions", "aflite", "AFLite's sklearn backend")
        out = np.empty((train.shape[0], X.shape[0]), dtype=y.dtype)
        self.iterations_ = []
        for i, rows in enumerate(train):
            seen = np.unique(y[rows])
            if len(seen) == 1:  # a partition of one class (tiny data): its classifier can only say that class
                out[i] = seen[0]
                self.iterations_.append(0)
                continue
            model = linear_model.LogisticRegression(C=self.C, max_iter=self.max_iter, tol=self.tol)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", exceptions.ConvergenceWarning)  # the defaults stop at max_iter: that is the reference
                model.fit(X[rows], y[rows])
            self.iterations_.append(int(model.n_iter_[0]))
            out[i] = model.predict(X)
        return out


@dataclass
class TorchBackend:
    """All models of a phase fitted together by a preconditioned, batched L-BFGS (CPU or GPU)."""

    C: float = 1.0
    tol: float = 1e-6  # stop a model when ½ gᵀH⁻¹g (≈ f − f*) ≤ tol · f(0), its loss at w = 0
    max_iter: int = 300
    memory: int = 10  # L-BFGS pairs kept
    device: str = "auto"
    dtype: str = "float32"
    warm_start: bool = True
    preconditioner_rows: int = 8192  # rows sampled to estimate X̂ᵀX̂
    random_state: int = 0
    name: str = "torch"
    iterations_: list[int] = field(default_factory=list)
    evaluations_: int = 0
    _weights: Any = None

    def resolved_device(self) -> str:
        torch = require("torch", "aflite", "AFLite's torch backend")
        if self.device == "auto":
            return "cuda" if torch.cuda.is_available() else "cpu"
        return self.device

    @property
    def coef_(self) -> np.ndarray:
        """The last fit's weights, (d + 1) × n, the intercept last (the assessment's label direction)."""
        return self._weights.double().cpu().numpy()

    def fit_predict(self, X: np.ndarray, y: np.ndarray, train: np.ndarray) -> np.ndarray:
        """Labels predicted for every row by each of the ``train.shape[0]`` models (n × rows)."""
        torch = require("torch", "aflite", "AFLite's torch backend")
        classes = np.unique(y)
        if len(classes) > 2:
            raise ParameterError(f"the torch backend fits binary labels; y has {len(classes)} classes (use backend='sklearn')")
        device, dtype = self.resolved_device(), getattr(torch, self.dtype)
        with torch.no_grad():
            Xh = torch.ones((X.shape[0], X.shape[1] + 1), dtype=dtype, device=device)
            Xh[:, :-1] = torch.as_tensor(X, device=device, dtype=dtype)
            sign = torch.as_tensor(np.where(y == classes[-1], 1.0, -1.0), dtype=dtype, device=device)[:, None]
            mask = torch.as_tensor(train.T, dtype=dtype, device=device)  # rows × n
            W = self._start(Xh.shape[1], train.shape[0], device, dtype)
            factor = self._preconditioner(Xh, int(train[0].sum()), torch)
            W = self._lbfgs(Xh, sign, mask, W, factor, torch)
            self._weights = W
            positive = (Xh @ W > 0).T.cpu().numpy()
        return np.where(positive, classes[-1], classes[0]).astype(y.dtype)

    # -- the solver ---------------------------------------------------------------------------

    def _start(self, d: int, n: int, device: str, dtype: Any) -> Any:
        torch = require("torch", "aflite", "AFLite's torch backend")
        previous = self._weights
        if self.warm_start and previous is not None and tuple(previous.shape) == (d, n):
            return previous.clone()
        return torch.zeros((d, n), dtype=dtype, device=device)

    def _preconditioner(self, Xh: Any, m: int, torch: Any) -> Any:
        """Cholesky factor of I' + C/4 · m/rows · X̂ᵀX̂ (I' without the intercept), from sampled rows."""
        rows = Xh.shape[0]
        if rows > self.preconditioner_rows:
            generator = torch.Generator(device="cpu").manual_seed(self.random_state)
            sample = Xh[torch.randperm(rows, generator=generator)[: self.preconditioner_rows].to(Xh.device)]
        else:
            sample = Xh
        H = (sample.T @ sample).to(torch.float64) * (0.25 * self.C * m / sample.shape[0])
        H.diagonal()[:-1] += 1.0
        H.diagonal()[-1] += 1e-6 * float(H.diagonal()[-1]) + 1e-12
        return torch.linalg.cholesky(H).to(Xh.dtype)

    def _objective(self, Z: Any, W: Any, sign: Any, mask: Any, torch: Any) -> Any:
        data = (torch.nn.functional.softplus(-sign * Z) * mask).sum(0)
        return 0.5 * (W[:-1] ** 2).sum(0) + self.C * data

    def _gradient(self, Xh: Any, Z: Any, W: Any, sign: Any, mask: Any, torch: Any) -> Any:
        G = Xh.T @ (-sign * torch.sigmoid(-sign * Z) * mask) * self.C
        G[:-1] += W[:-1]
        return G

    def _lbfgs(self, Xh: Any, sign: Any, mask: Any, W: Any, factor: Any, torch: Any) -> Any:
        n = W.shape[1]
        out = W.clone()  # every model's weights; the batch holds the models still moving
        active = torch.arange(n, device=W.device)
        Z = Xh @ W
        f = self._objective(Z, W, sign, mask, torch)
        G = self._gradient(Xh, Z, W, sign, mask, torch)
        self.evaluations_ = 1
        # the scale of the problem: C·m·log 2, the loss at w = 0 (not f itself, which goes to 0 when one
        # class nearly fills a partition and the intercept runs off to infinity)
        threshold = self.tol * self.C * mask.sum(0) * math.log(2.0)
        S: list[Any] = []
        Y: list[Any] = []
        R: list[Any] = []
        iterations = torch.zeros(n, dtype=torch.long)
        mask_a = mask
        for _ in range(self.max_iter):
            P = self._direction(G, S, Y, R, factor, torch)
            slope = (G * P).sum(0)  # gᵀp = −gᵀH⁻¹g (approximately)
            done = -0.5 * slope <= threshold
            if bool(done.all()):
                break
            if bool(done.any()):  # converged models leave the batch
                keep = ~done
                active, W, Z, f, G, P, slope = active[keep], W[:, keep], Z[:, keep], f[keep], G[:, keep], P[:, keep], slope[keep]
                threshold = threshold[keep]
                mask_a = mask[:, active]
                S, Y, R = [s[:, keep] for s in S], [y_[:, keep] for y_ in Y], [r[keep] for r in R]
            iterations[active.cpu()] += 1
            U = Xh @ P
            step = torch.ones_like(f)
            for _ in range(30):  # backtracking is free: the logits move along U
                Z_new, W_new = Z + step * U, W + step * P
                f_new = self._objective(Z_new, W_new, sign, mask_a, torch)
                bad = f_new > f + 1e-4 * step * slope
                if not bool(bad.any()):
                    break
                step = torch.where(bad, step * 0.5, step)
            G_new = self._gradient(Xh, Z_new, W_new, sign, mask_a, torch)
            self.evaluations_ += 1
            s, y_ = W_new - W, G_new - G
            curvature = (s * y_).sum(0)
            S.append(s)
            Y.append(y_)
            R.append(torch.where(curvature > 1e-10, 1.0 / curvature.clamp_min(1e-10), torch.zeros_like(curvature)))
            if len(S) > self.memory:
                del S[0], Y[0], R[0]
            W, Z, f, G = W_new, Z_new, f_new, G_new
            out[:, active] = W
        self.iterations_ = iterations.tolist()
        return out

    def _direction(self, G: Any, S: list[Any], Y: list[Any], R: list[Any], factor: Any, torch: Any) -> Any:
        """−H⁻¹g by the two-loop recursion, with the preconditioner (scaled) as the initial inverse Hessian."""
        q = G.clone()
        alphas = []
        for s, y_, rho in zip(reversed(S), reversed(Y), reversed(R)):
            a = rho * (s * q).sum(0)
            q -= a * y_
            alphas.append(a)
        r = torch.cholesky_solve(q, factor)
        if S:
            y_last = Y[-1]
            scale = (S[-1] * y_last).sum(0) / (y_last * torch.cholesky_solve(y_last, factor)).sum(0).clamp_min(1e-12)
            r = r * torch.where(R[-1] > 0, scale, torch.ones_like(scale))
        for (s, y_, rho), a in zip(zip(S, Y, R), reversed(alphas)):
            b = rho * (y_ * r).sum(0)
            r += s * (a - b)
        return -r


def make_backend(name: str, **options: Any) -> SklearnBackend | TorchBackend:
    if name == "sklearn":
        return SklearnBackend(**{k: v for k, v in options.items() if k in ("C", "max_iter", "tol")})
    if name == "torch":
        return TorchBackend(**options)
    raise ParameterError(f"unknown backend {name!r} (one of {', '.join(BACKENDS)})")
