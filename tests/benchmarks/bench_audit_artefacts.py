"""Benchmark: the audit's surface-artefact section on 10,000 invented items (issue #23).

Target: the whole audit without models under 30 s for 10,000 items, so this section should take a few
seconds. The corpus imitates WinoGrande: 5,000 twin pairs of ~20-word sentences drawn from a Zipf-like
vocabulary of 20,000 invented words, each pair differing in one trigger word with opposite answers,
two invented names as options mentioned in the sentence, a blank ``_``.

Reported: the first call in this process (scikit-learn's lazy imports included), then the median and
range of ``--repeat`` more, with each section's own ``seconds``.

    python tests/benchmarks/bench_audit_artefacts.py [--items 10000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import numpy as np

from wino_toolkit.audit.artefacts import surface_artefacts
from wino_toolkit.schema import Candidate, Item, Span

SECTIONS = ("word_label", "candidate_order", "length")


def invented(n_items: int, seed: int = 0, vocabulary: int = 20_000, words: int = 20) -> list[Item]:
    """``n_items`` (even) WinoGrande-like items in twin pairs; words are ``w<rank>`` drawn with Zipf weights."""
    rng = np.random.default_rng(seed)
    weights = 1.0 / np.arange(1, vocabulary + 1)
    draws = rng.choice(vocabulary, size=(n_items // 2, words), p=weights / weights.sum())
    names = [f"N{i}" for i in range(200)]
    items = []
    for pair, row in enumerate(draws):
        a, b = rng.choice(names, 2, replace=False)
        body = " ".join(f"w{r}" for r in row)
        answer = int(rng.integers(2))
        for version, trigger in enumerate(("big", "small")):
            text = f"{a} gave {b} the {body} because _ was {trigger}."
            spans = [Span(text.find(o), text.find(o) + len(o), o) for o in (a, b)]
            items.append(Item(f"q{pair}-{version}", "bench", "en", text, [Candidate(a, spans[0]), Candidate(b, spans[1])],
                              answer ^ version, pronoun=Span(text.index("_"), text.index("_") + 1, "_"), twin=f"q{pair}"))
    return items


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    items = invented(args.items)
    start = time.perf_counter()
    first = surface_artefacts(items)
    cold = time.perf_counter() - start
    runs, sections = [], {name: [] for name in SECTIONS}
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = surface_artefacts(items)
        runs.append(time.perf_counter() - start)
        for name in SECTIONS:
            sections[name].append(result[name]["seconds"])
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()}; measured {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"- surface_artefacts on {first['n']:,} invented items: first call {cold:.2f} s (imports included); "
          f"then median {statistics.median(runs):.2f} s (min {min(runs):.2f}, max {max(runs):.2f}) of {args.repeat}")
    print("- per section (median s): " + ", ".join(f"{name} {statistics.median(v):.3f}" for name, v in sections.items()))
    print("- verdicts: " + " | ".join(first[name]["verdict"] for name in SECTIONS))
    print(f"- signature: {first['signature']}")


if __name__ == "__main__":
    main()
