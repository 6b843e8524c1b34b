"""Benchmark: ``wino audit`` without models on 10,000 invented items (5,000 twin pairs), against 2,000 known ones.

Target (issue #23): under 30 s on this project's 2-core machine; each section reports its own time.
The texts are made from random words so the bag-of-words, overlap and duplicate checks see a realistic
vocabulary, not a handful of templates.

    python tests/benchmarks/bench_audit.py [--items 10000] [--known 2000] [--write-md]
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_md import machine, write_section  # noqa: E402

import wino_toolkit as wt  # noqa: E402
from wino_toolkit.audit import audit  # noqa: E402
from wino_toolkit.schema import Candidate, Item, Span  # noqa: E402

NAMES = ["Sarah", "Maria", "Kevin", "Derrick", "Lindsey", "Felicia", "Ian", "Aaron", "Monica", "Jessica"]
ADJ = "bigger smaller heavier lighter warmer colder older newer stronger weaker".split()


def corpus(n: int, name: str, seed: int) -> list[Item]:
    """``n`` items in twin pairs: "<A> <verb-ish words> <B> because _ was <adj>.", answers flipping with the trigger."""
    rng = random.Random(seed)
    vocabulary = [f"w{k}" for k in range(5000)]
    items = []
    for k in range(n // 2):
        a, b = rng.sample(NAMES, 2)
        middle = " ".join(rng.choices(vocabulary, k=rng.randint(6, 14)))
        first, second = rng.sample(ADJ, 2)
        for v, (adj, answer) in enumerate(((first, 0), (second, 1))):
            text = f"{a} {middle} {b} because _ was {adj}."
            items.append(Item(f"{name}-{k}-{v}", name, "en", text,
                              [Candidate(a, Span(0, len(a), a)), Candidate(b, Span(len(a) + len(middle) + 2, len(a) + len(middle) + 2 + len(b), b))],
                              answer=answer, pronoun=Span(text.index("_"), text.index("_") + 1, "_"), twin=f"{name}-{k}"))
    return items


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--known", type=int, default=2_000)
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        new, known = Path(tmp) / "new.jsonl", Path(tmp) / "known.jsonl"
        wt.write(corpus(args.items, "new", 0), new, to="jsonl")
        wt.write(corpus(args.known, "known", 1), known, to="jsonl")
        started = time.perf_counter()
        report = audit([new], against=[known])
        page = report.html()
        total = time.perf_counter() - started
    for s in report.sections:
        print(f"{s.key:<15} {s.seconds:7.2f} s  {s.status:<8} {s.verdict[:90]}")
    line = (f"audit of {args.items:,} items against {args.known:,}: {total:.1f} s in all, HTML {len(page) / 1e3:.0f} kB "
            f"(target: under 30 s)")
    print(line)
    if args.write_md:
        rows = "\n".join(f"| {s.key} | {s.status} | {s.seconds:.2f} |" for s in report.sections)
        write_section("Audit (issue #23)", (
            f"`wino audit` without models (the library call and the HTML page, in one process after imports) on "
            f"{args.items:,} invented items in twin pairs, against {args.known:,} known ones. {line}.\n\n"
            f"| section | status | seconds |\n|---|---|---:|\n{rows}\n\n"
            f"Command: `python tests/benchmarks/bench_audit.py --write-md`. Machine: {machine()}.\n"))
    return 0 if total < 30 else 1


if __name__ == "__main__":
    sys.exit(main())
