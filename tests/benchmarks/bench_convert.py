"""Benchmark: read + validate + write of WinoGrande-format data against a bare json.loads/json.dumps pass.

Target (issue #2): the toolkit's pass costs at most 3x the bare JSON pass over the same file, and
memory stays flat in file size when streaming. Both are measured in one run, as ratios.

    python tests/benchmarks/bench_convert.py [--items 40000] [--repeat 5] [--write-md]
"""
from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import wino_toolkit as wt
from wino_toolkit.formats import make_config
from wino_toolkit.twins import link_twins

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script or imported by the tests
from bench_md import machine, write_section  # noqa: E402

HERE = Path(__file__).resolve().parent
NAMES = ["Sarah", "Maria", "Kevin", "Derrick", "Lindsey", "Felicia", "Ian", "Aaron", "Monica", "Jessica"]
THINGS = ["the trophy", "the suitcase", "the bottle", "the cup", "the ladder", "the rope", "the oven", "the tray"]
WORDS = "because although so but since while after before until when".split()
ADJ = "bigger smaller heavier lighter warmer colder older newer stronger weaker".split()


def generate(path: Path, n: int, seed: int = 0) -> None:
    """Write ``n`` WinoGrande-style lines (twins share a HIT prefix), deterministic for ``seed``."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as fh:
        for k in range(n // 2):
            a, b = rng.sample(NAMES + THINGS, 2)
            hit = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(30))
            conj, adj1, adj2 = rng.choice(WORDS), *rng.sample(ADJ, 2)
            for version, adj in ((1, adj1), (2, adj2)):
                sentence = f"{a[0].upper() + a[1:]} could not move {b} {conj} _ was much {adj} than expected."
                row = {"qID": f"{hit}-{version}", "sentence": sentence, "option1": a, "option2": b, "answer": str(rng.randint(1, 2))}
                fh.write(json.dumps(row) + "\n")


def bare_pass(src: Path, dst: Path) -> None:
    loads, dumps = json.loads, json.dumps
    with open(src, encoding="utf-8") as fin, open(dst, "w", encoding="utf-8") as fout:
        for line in fin:
            fout.write(dumps(loads(line)) + "\n")


def toolkit_pass(src: Path, dst: Path, to: str = "winogrande", unique_ids: bool = True) -> None:
    wt.convert(src, to=to, source_format="winogrande", output=dst, unique_ids=unique_ids)


def reader_pass(src: Path) -> None:
    """The WinoGrande reader alone: the part of a conversion that builds the items."""
    fmt = wt.formats.get("winogrande")
    for _ in fmt.read(src, make_config(fmt)):
        pass


def triggers_pass(items: list) -> None:
    """Filling the twins' triggers (done on every read since issue #8) over items already read."""
    for item in items:
        item.triggers = []
    for _ in link_twins(items):
        pass


def interleaved(passes: dict, repeat: int) -> dict[str, float]:
    """Median seconds of each pass, the passes taking turns so that a busy spell of a shared machine
    hits all of them alike (the ratios are what the targets are about)."""
    runs: dict[str, list[float]] = {name: [] for name in passes}
    for _ in range(repeat):
        for name, (fn, args) in passes.items():
            gc.collect()
            t = time.perf_counter()
            fn(*args)
            runs[name].append(time.perf_counter() - t)
    return {name: statistics.median(times) for name, times in runs.items()}


def peak_memory(fn, *args) -> int:
    gc.collect()
    tracemalloc.start()
    fn(*args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=40_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--write-md", action="store_true", help="record the figures in BENCHMARKS.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        src = tmp / "wg.jsonl"
        generate(src, args.items)
        size_mb = src.stat().st_size / 1e6
        medians = interleaved(
            {
                "bare": (bare_pass, (src, tmp / "bare.jsonl")),
                "same": (toolkit_pass, (src, tmp / "wg-out.jsonl")),
                "native": (toolkit_pass, (src, tmp / "native.jsonl", "jsonl")),
                "reader": (reader_pass, (src,)),
                "triggers": (triggers_pass, (list(wt.read(src)),)),
            },
            args.repeat,
        )
        bare, same, native = medians["bare"], medians["same"], medians["native"]
        assert (tmp / "wg-out.jsonl").read_bytes() == src.read_bytes(), "round trip is not byte-exact"
        memory, flat = {}, {}
        for n in (args.items // 4, args.items, args.items * 4):
            path = tmp / f"m{n}.jsonl"
            generate(path, n, seed=1)
            memory[n] = peak_memory(toolkit_pass, path, tmp / "m-out.jsonl")
            flat[n] = peak_memory(toolkit_pass, path, tmp / "m-out.jsonl", "winogrande", False)
            path.unlink()
    small, large = memory[args.items // 4], memory[args.items * 4]
    per_item = (large - small) / (args.items * 4 - args.items // 4)
    lines = [
        f"items: {args.items} ({size_mb:.1f} MB), median of {args.repeat} interleaved runs of each pass",
        f"bare json.loads/json.dumps pass: {bare:.3f} s ({args.items / bare:,.0f} items/s)",
        f"wino read+validate+write (winogrande -> winogrande, byte-exact): {same:.3f} s = {same / bare:.2f}x bare",
        f"wino read+validate+write (winogrande -> native jsonl): {native:.3f} s = {native / bare:.2f}x bare",
        f"of which: the WinoGrande reader alone {medians['reader']:.3f} s = {medians['reader'] / bare:.2f}x bare; "
        f"filling the twins' triggers (every read since issue #8) {medians['triggers']:.3f} s = "
        f"{medians['triggers'] / bare:.2f}x bare",
        "peak traced memory while streaming: "
        + ", ".join(f"{n:,} items {m / 1e6:.2f} MB" for n, m in memory.items())
        + f" (growth {per_item:.0f} bytes/item: the duplicate-id index)",
        "peak traced memory with --no-id-check: "
        + ", ".join(f"{n:,} items {m / 1e6:.3f} MB" for n, m in flat.items())
        + " (flat: records stream)",
    ]
    print("\n".join(lines))
    if args.write_md:
        record(lines, args)


def record(lines: list[str], args: argparse.Namespace) -> None:
    write_section(
        "Conversion throughput (issue #2)",
        f"Command: `python tests/benchmarks/bench_convert.py --items {args.items} --repeat {args.repeat} --write-md`  \n"
        f"Machine: {machine()}. Target: at most 3x the bare JSON pass.\n\n" + "".join(f"- {line}\n" for line in lines),
    )


if __name__ == "__main__":
    main()
