"""Benchmark: AFLite at the paper's scale on synthetic embeddings (issue #10).

N = 47,000, d = 1,024, n = 64, m = 10,000, k = 500, τ = 0.75. The embeddings imitate a transformer's:
an offset mean, a decaying spectrum (badly conditioned, as real ones are), balanced labels with a weak
linear signal, and 10% planted instances with a label-revealing direction added.

1. One phase on the same seeded partitions: scikit-learn's ``LogisticRegression`` at its defaults, one
   after the other (the reference), against the torch backend (cold, and a second phase warm-started on
   new partitions). Agreement is measured against the converged optimum, computed by an exact Newton
   method in float64 (to a Newton decrement below 1e-10) for the first ``--check-models`` models.
2. The full run with the torch backend, in a fresh process: wall time, phases, peak memory (max RSS).

    python tests/benchmarks/bench_aflite.py [--write-md] [--check-models 8] [--skip-full]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_md import machine, write_section  # noqa: E402

from wino_toolkit.aflite.backends import SklearnBackend, TorchBackend  # noqa: E402

N, D, N_MODELS, M, K, TAU = 47_000, 1024, 64, 10_000, 500, 0.75


def synthetic(n: int = N, d: int = D, planted: float = 0.1, seed: int = 0, kind: str = "anisotropic") -> tuple[np.ndarray, np.ndarray]:
    """``anisotropic``: like real embeddings (offset mean, spectrum decaying as 1/sqrt(rank)); ``isotropic``: unit
    Gaussian features, the easy case for scikit-learn's lbfgs."""
    rng = np.random.default_rng(seed)
    scales = (3.0 / np.sqrt(np.arange(1, d + 1))).astype(np.float32) if kind == "anisotropic" else np.ones(d, np.float32)
    noise = rng.standard_normal((n, d), dtype=np.float32) * scales
    signal = noise @ rng.standard_normal(d).astype(np.float32)
    y = ((signal / signal.std() + 1.5 * rng.standard_normal(n).astype(np.float32)) > 0).astype(np.int64)
    X = noise + (rng.standard_normal(d).astype(np.float32) if kind == "anisotropic" else np.zeros(d, np.float32))
    rows = rng.choice(n, int(planted * n), replace=False)
    direction = rng.standard_normal(d).astype(np.float32)
    X[rows] += np.where(y[rows, None] == 1, 1.0, -1.0).astype(np.float32) * direction / np.linalg.norm(direction) * 4.0
    return X, y


def partitions(n_rows: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    train = np.zeros((N_MODELS, n_rows), dtype=bool)
    for row in train:
        row[rng.permutation(n_rows)[:M]] = True
    return train


def newton_optimum(X: np.ndarray, y: np.ndarray, rows: np.ndarray, C: float = 1.0) -> np.ndarray:
    """The exact minimiser of ½‖w‖² + C Σ log(1 + exp(−s(x·w + b))) over ``rows``, by damped Newton in float64."""
    A = np.hstack([X[rows].astype(np.float64), np.ones((rows.sum(), 1))])
    s = np.where(y[rows] == 1, 1.0, -1.0)
    penalty = np.ones(A.shape[1])
    penalty[-1] = 0.0
    w = np.zeros(A.shape[1])

    def objective(v: np.ndarray) -> float:
        return 0.5 * (penalty * v) @ v + C * np.logaddexp(0.0, -s * (A @ v)).sum()

    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(s * (A @ w)))
        g = penalty * w - C * A.T @ (s * p)
        H = (A * (C * p * (1 - p))[:, None]).T @ A + np.diag(penalty)
        step = np.linalg.solve(H, g)
        decrement = g @ step
        if decrement / 2 < 1e-10:
            break
        t, f0 = 1.0, objective(w)
        while objective(w - t * step) > f0 - 1e-4 * t * decrement:
            t /= 2
        w = w - t * step
    return w


def one_phase(X: np.ndarray, y: np.ndarray, check_models: int) -> dict:
    train = partitions(len(y), seed=1)
    held = ~train
    start = time.perf_counter()
    sklearn_backend = SklearnBackend()
    reference = sklearn_backend.fit_predict(X, y, train)
    sklearn_s = time.perf_counter() - start
    torch_backend = TorchBackend()
    start = time.perf_counter()
    fast = torch_backend.fit_predict(X, y, train)
    torch_cold_s = time.perf_counter() - start
    cold_evaluations = torch_backend.evaluations_
    start = time.perf_counter()
    torch_backend.fit_predict(X, y, partitions(len(y), seed=2))  # the next phase: new partitions, warm start
    torch_warm_s = time.perf_counter() - start
    Xh = np.hstack([X, np.ones((len(X), 1), dtype=np.float32)]).astype(np.float64)
    optimum = np.stack([(Xh @ newton_optimum(X, y, train[i]) > 0).astype(np.int64) for i in range(check_models)])
    mask = held[:check_models]
    return {
        "sklearn_s": sklearn_s, "sklearn_iterations": float(np.mean(sklearn_backend.iterations_)), "torch_cold_s": torch_cold_s, "torch_warm_s": torch_warm_s,
        "cold_evaluations": cold_evaluations, "warm_evaluations": torch_backend.evaluations_,
        "agree_torch": float((fast[:check_models] == optimum)[mask].mean()),
        "agree_sklearn": float((reference[:check_models] == optimum)[mask].mean()),
        "agree_torch_sklearn": float((fast == reference)[held].mean()),
    }


FULL_RUN = """
import json, resource, sys, time
sys.path.insert(0, {here!r})
from bench_aflite import synthetic
from wino_toolkit.aflite.estimator import AFLite
X, y = synthetic()
start = time.perf_counter()
f = AFLite(n_estimators={n}, train_size={m}, cutoff={k}, threshold={tau}, random_state=0, backend="torch", device="cpu").fit(X, y)
seconds = time.perf_counter() - start
print(json.dumps({{"seconds": seconds, "phases": f.n_phases_, "kept": int(f.keep_mask_.sum()),
                   "max_rss_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20,
                   "signature": f.signature_}}))
"""


def full_run() -> dict:
    code = FULL_RUN.format(here=str(Path(__file__).resolve().parent), n=N_MODELS, m=M, k=K, tau=TAU)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check-models", type=int, default=8, help="models whose exact optimum is computed")
    parser.add_argument("--skip-full", action="store_true")
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    body = (
        f"Paper scale, synthetic embeddings: N = {N:,}, d = {D:,}, n = {N_MODELS}, m = {M:,}, k = {K}, τ = {TAU}, balanced "
        "labels with a weak linear signal, 10% planted instances. Two kinds of features: *anisotropic* (offset mean, "
        "spectrum decaying as 1/sqrt(rank), badly conditioned like real embeddings) and *isotropic* (unit Gaussian, "
        "the easy case). Agreement is with the converged optimum (an exact Newton solution in float64) of the first "
        f"{args.check_models} of the 64 models, on their held-out instances.\n\n"
        "| data | one phase, same partitions | seconds | evaluations | agreement with the optimum |\n|---|---|---:|---:|---:|\n"
    )
    for kind in ("anisotropic", "isotropic"):
        X, y = synthetic(kind=kind)
        phase = one_phase(X, y, args.check_models)
        body += (
            f"| {kind} | scikit-learn `LogisticRegression` defaults (lbfgs, max_iter=100), sequential | {phase['sklearn_s']:.1f} | "
            f"{phase['sklearn_iterations']:.0f} iterations (mean) | {phase['agree_sklearn']:.2%} |\n"
            f"| {kind} | torch backend, first phase (cold) | {phase['torch_cold_s']:.1f} | {phase['cold_evaluations']} | "
            f"{phase['agree_torch']:.2%} |\n"
            f"| {kind} | torch backend, next phase (warm start, new partitions) | {phase['torch_warm_s']:.1f} | "
            f"{phase['warm_evaluations']} | |\n"
            f"| {kind} | **speed-up of one phase (cold)** | **{phase['sklearn_s'] / phase['torch_cold_s']:.1f}x** | | |\n"
        )
    body += (
        "\nThe 10x target holds where scikit-learn's defaults run their 100 iterations, the case the issue measured "
        "(35-44 s a phase, still short of the optimum). Where lbfgs converges early (isotropic features), the torch "
        "backend's fixed costs per phase (X copied with an intercept column, the preconditioner from 8,192 rows, "
        "~10 products each way) leave a smaller factor; its agreement with the optimum is at least scikit-learn's in both.\n"
    )
    full = None if args.skip_full else full_run()
    if full is not None:
        body += (f"\nFull run (anisotropic data), torch backend on CPU, fresh process: **{full['seconds'] / 60:.1f} min** (target 10), "
                 f"{full['phases']} phases, {full['kept']:,} kept, peak memory {full['max_rss_gb']:.2f} GB (target 8). "
                 f"`{full['signature']}`\n")
    body += (
        "\nGPU: this task was not lent a GPU machine, so the GPU path (the same code, `device=\"cuda\"`, chosen at run "
        "time) was not measured here. Expected: the filter is bound by one 47,000 x 1,025 x 64 product each way per "
        "evaluation (about 6 GFLOP), milliseconds on an H100, so a full run takes well under a minute, dominated by "
        "per-phase overheads; embedding 47k instances with RoBERTa-large (about 40 tokens each, 2 x 355 M parameters x "
        "1.9 M tokens = 1.3 PFLOP) takes on the order of 10-30 s in bf16.\n\n"
        f"Command: `python tests/benchmarks/bench_aflite.py {' '.join(sys.argv[1:])}`. Machine: {machine()}.\n"
    )
    print(body)
    if args.write_md:
        write_section("AFLite (issue #10)", body)


if __name__ == "__main__":
    main()
