"""Verifying every shipped formalization with each prover: wall time of the command, Z3/cvc5/E time, verdicts.

    python tests/benchmarks/bench_logic_provers.py [--provers z3,eprover,cvc5] [--timeout 2000] [--write-md]

Each prover runs as `wino logic verify --prover P --json` in a fresh process (start-up and parsing included),
with the default jobs (one process per CPU); the figures are its wall time and the summary it prints.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_md import machine, write_section  # noqa: E402


def run(prover: str, timeout: int) -> dict:
    start = time.perf_counter()
    proc = subprocess.run(["wino", "logic", "verify", "--prover", prover, "--timeout", str(timeout), "--json"],
                          capture_output=True, text=True, cwd="/tmp")
    wall = time.perf_counter() - start
    summary = json.loads(proc.stdout)["summary"]
    cores = [len(r["core"] or []) for r in json.loads(proc.stdout)["results"]] if prover == "z3" else []
    return {"prover": prover, "wall": wall, "exit": proc.returncode, "cores": cores, **summary}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--provers", default="z3,eprover,cvc5")
    parser.add_argument("--timeout", type=int, default=2000)
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    rows = [run(p, args.timeout) for p in args.provers.split(",")]
    lines = ["| prover | files | pass | fail | unknown | exit | wall s (command) | s in the prover (sum over processes) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['prover']} | {r['files']} | {r['passed']} | {r['failed']} | {r['unknown']} | {r['exit']} | "
                     f"{r['wall']:.1f} | {r['seconds']:.1f} |")
    cores = next((r["cores"] for r in rows if r["cores"]), [])
    table = "\n".join(lines)
    print(table)
    if args.write_md:
        deep = sum(c >= 2 for c in cores)
        write_section("Formalized WSC285: verification by prover (issue #24)", (
            f"`python tests/benchmarks/bench_logic_provers.py --timeout {args.timeout} --write-md`; {machine()}. "
            "Every shipped formalization, `wino logic verify --prover P --timeout "
            f"{args.timeout} --json` in a fresh process, two worker processes (one per core).\n\n{table}\n\n"
            + (f"Minimal knowledge cores (Z3): {deep} of {len(cores)} versions ({deep / len(cores):.0%}) need two or more "
               "formulas.\n" if cores else "")))


if __name__ == "__main__":
    main()
