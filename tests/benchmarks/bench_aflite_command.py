"""Benchmark: the whole ``wino aflite filter`` command against Algorithm 1 alone (issue #20).

Synthetic data (no real encoder output of this size is at hand): an invented WinoGrande-format corpus of
twin pairs (each pair one sentence with two trigger words, opposite answers) and embeddings built like
``bench_aflite.synthetic`` (anisotropic, a weak linear signal, 10% planted label-revealing rows), twins given
near-identical vectors, with the sidecar `wino aflite embed` writes. Two sizes: 10,234 x 384 (WinoGrande
train_l with a MiniLM-sized encoder) and 47,000 x 1,024 (the paper's). The command runs in a fresh process
(start-up and imports included) with the paper's n = 64, m = 10,000, k = 500, τ = 0.75 on the CPU; "filter" is
the sum of Algorithm 1's phase times in the report. Target: the whole command within twice the filter.

    python tests/benchmarks/bench_aflite_command.py [--write-md] [--sizes 10234x384 47000x1024]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_aflite import synthetic  # noqa: E402
from bench_md import machine, write_section  # noqa: E402

import wino_toolkit as wt  # noqa: E402
from wino_toolkit.aflite.embed import Embeddings, encoder_text, instances, save_embeddings, texts_sha256  # noqa: E402

NAMES = ["Avery", "Blake", "Casey", "Devon", "Emery", "Finley", "Harper", "Jordan", "Kendall", "Logan"]
TRIGGERS = [("strong", "weak"), ("early", "late"), ("kind", "rude"), ("rich", "poor"), ("tall", "short")]


def corpus(path: Path, n: int) -> None:
    """n / 2 invented twin pairs in WinoGrande's JSONL (qID ``<pair>-1``/``-2``), each sentence distinct."""
    with open(path, "w", encoding="utf-8") as out:
        for pair in range(n // 2):
            a, b = NAMES[pair % 10], NAMES[(pair % 10 + 1 + (pair // 10) % 9) % 10]
            for version, word in enumerate(TRIGGERS[pair % 5], start=1):
                sentence = f"{a} helped {b} with task {pair} because _ was {word}."
                out.write(json.dumps({"qID": f"P{pair:06d}-{version}", "sentence": sentence, "option1": a, "option2": b,
                                      "answer": str(version)}) + "\n")


def embeddings(path: Path, corpus_path: Path, d: int) -> None:
    found = instances(wt.read(corpus_path))
    n = len(found.items)
    X, _ = synthetic(n=n, d=d)
    X[1::2] = X[0::2] + 0.05 * np.random.default_rng(1).standard_normal((n // 2, d), dtype=np.float32)  # twins alike
    y = found.y
    meta = {"texts_sha256": texts_sha256([encoder_text(item, "</s>") for item in found.items]), "sep": "</s>",
            "signature": "embed|synthetic"}
    save_embeddings(Embeddings(found.ids, X, y, meta), path)


def biased_embeddings(path: Path, corpus_path: Path, d: int, share: float) -> None:
    """Twin pairs as a sentence encoder sees them: a shared content vector (anisotropic, like
    ``bench_aflite.synthetic``) and the two versions ± a small trigger vector. In ``share`` of the pairs the
    trigger vector is one corpus-wide direction whose sign follows the label (an artefact a linear model
    learns, as in the paper's data); elsewhere it is the pair's own. AFLite then runs phase after phase."""
    found = instances(wt.read(corpus_path))
    n, y = len(found.items), found.y
    rng = np.random.default_rng(2)
    content = rng.standard_normal((n // 2, d), dtype=np.float32) * (3.0 / np.sqrt(np.arange(1, d + 1, dtype=np.float32)))
    trigger = rng.standard_normal((n // 2, d), dtype=np.float32)
    biased = rng.random(n // 2) < share
    trigger[biased] = rng.standard_normal(d).astype(np.float32)
    trigger *= (0.8 / np.linalg.norm(trigger, axis=1, keepdims=True)).astype(np.float32)
    sign = np.where(y[0::2] == 1, 1.0, -1.0).astype(np.float32)[:, None]
    X = np.empty((n, d), dtype=np.float32)
    X[0::2], X[1::2] = content + sign * trigger, content - sign * trigger  # twins: opposite labels
    meta = {"texts_sha256": texts_sha256([encoder_text(item, "</s>") for item in found.items]), "sep": "</s>",
            "signature": f"embed|synthetic-biased-{share}"}
    save_embeddings(Embeddings(found.ids, X, y, meta), path)


def measure(n: int, d: int, share: float | None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        corpus(tmp / "corpus.jsonl", n)
        if share is None:
            embeddings(tmp / "embeddings.npy", tmp / "corpus.jsonl", d)
        else:
            biased_embeddings(tmp / "embeddings.npy", tmp / "corpus.jsonl", d, share)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "aflite", "filter", str(tmp / "embeddings.npy"), "--corpus",
                        str(tmp / "corpus.jsonl"), "--device", "cpu", "-o", str(tmp / "report.json")], check=True,
                       capture_output=True)
        total = time.perf_counter() - start
        report = json.loads((tmp / "report.json").read_text())
    a = report["assessment"]["aflite"]
    return {"n": n, "d": d, "share": share, "total": total, "filter": sum(row["seconds"] for row in report["history"]),
            "steps": report["seconds"],
            "phases": len(report["history"]), "kept": report["kept"], "before": a["before"]["cv_accuracy"],
            "after": a["after"]["cv_accuracy"], "chance": a["after"]["majority_accuracy"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="+", default=["10234x384", "47000x1024"])
    parser.add_argument("--share", type=float, default=0.3, help="share of twin pairs with the corpus-wide artefact")
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    rows = [measure(*map(int, size.split("x")), share) for size in args.sizes for share in (None, args.share)]
    body = ("Whole `wino aflite filter` command (a fresh process: start-up, reading the corpus and embeddings, the "
            "corpus check, Algorithm 1, the assessment of AFLite and three baselines, the report) against Algorithm 1 "
            "alone (the sum of its phases), n = 64, m = 10,000, k = 500, τ = 0.75, torch backend on CPU. Target: whole "
            "≤ 2x filter. Synthetic corpora (no real encoder output of this size at hand): invented WinoGrande-format "
            "twin pairs with two kinds of embeddings. *one-phase*: `bench_aflite.synthetic` vectors with twins made "
            "near-identical, which leaves almost nothing for AFLite to learn, so it stops after one phase (the worst "
            f"case for the ratio). *artefact*: {args.share:.0%} of the pairs carry a corpus-wide label direction, as "
            "the paper's data does, so AFLite runs phase after phase. At 10,234 rows with m = 10,000 Algorithm 1 "
            "can run one phase only (it stops when no more than m rows remain).\n\n"
            "| N x d | embeddings | phases | filter s | whole command s | ratio | start-up and reading s | check s | "
            "assessment s |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
    for r in rows:
        steps = r["steps"]
        outside = r["total"] - steps["filter"] - steps["corpus_check"] - steps.get("assessment", 0.0)
        body += (f"| {r['n']:,} x {r['d']:,} | {'one-phase' if r['share'] is None else 'artefact'} | {r['phases']} | "
                 f"{r['filter']:.1f} | {r['total']:.1f} | **{r['total'] / r['filter']:.2f}x** | {outside:.1f} | "
                 f"{steps['corpus_check']:.1f} | {steps.get('assessment', 0.0):.1f} |\n")
    body += ("\n\"start-up and reading\" is everything outside the report's timed steps: the interpreter, importing torch and "
             "scikit-learn (about 2.9 s together by `python -X importtime` on this machine), reading the corpus and the "
             "embeddings, writing the report. Before issue #20 the whole command took 124 s on 10,234 x 384 real "
             "embeddings whose filter took 3.4 s: four assessments each refitting the projections and cross-validating "
             "with scikit-learn one model at a time. Now the projections and the 'before' numbers are fitted once, the "
             "folds of every subset are one batch of the torch backend's logistic regressions computed on the sampled "
             "rows only, float32 embeddings stay float32, and the PMI baselines count words with NumPy.\n\n"
             f"Command: `python tests/benchmarks/bench_aflite_command.py {' '.join(sys.argv[1:])}`. Machine: {machine()}.\n")
    print(body)
    if args.write_md:
        write_section("AFLite: the whole filter command (issue #20)", body)


if __name__ == "__main__":
    main()
