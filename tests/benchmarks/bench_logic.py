"""Benchmark: verify every shipped formalization, all six checks included (issue #9: under 10 s).

Times the whole job as a user runs it (``wino logic verify`` in a fresh process: start-up, imports,
parsing, Z3), and the library call alone (parse + checks) in this process, each the median of
``--repeat`` runs; rendering every sentence with false-variant generation is timed too. Parsing a
generated file of ``--formulas`` knowledge formulas (issue #19: 43,000 took 257 s while each name
was compared with every earlier one) is timed once.

With ``--winologic`` (and ``--wsc``), the section also records WinoLogic's Table 1 statistics for the
rendered sentences and the real WinoLogic file, and how far its records link to WSC items.

    python tests/benchmarks/bench_logic.py [--repeat 5] [--formulas 43000] [--winologic W.jsonl --wsc WSCollection.xml] [--write-md]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script or imported by the tests
from bench_md import machine, write_section  # noqa: E402

from wino_toolkit.logic.checks import DEFAULT_RLIMIT  # noqa: E402
from wino_toolkit.logic.provers import signature  # noqa: E402
from wino_toolkit.logic.files import render_files, shipped_formalizations, verify_files  # noqa: E402
from wino_toolkit.logic import load  # noqa: E402

TARGET_S = 10.0


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--winologic", metavar="FILE", help="a WinoLogic file to measure and link")
    parser.add_argument("--wsc", metavar="FILE", help="the WSC corpus to link it to")
    parser.add_argument("--formulas", type=int, default=43000, metavar="N", help="knowledge formulas in the generated "
                        "file whose parse is timed (default 43000, as in issue #19; 0: skip)")
    parser.add_argument("--write-md", action="store_true", help="record the figures in BENCHMARKS.md")
    args = parser.parse_args()

    files = shipped_formalizations()
    cli, library, render = [], [], []
    summary: dict = {}
    for _ in range(args.repeat):
        seconds, done = timed(lambda: subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "logic", "verify", "--json"],
                                                     capture_output=True, text=True, check=False))
        cli.append(seconds)
        summary = json.loads(done.stdout)["summary"]  # type: ignore[attr-defined]
        seconds, verdicts = timed(verify_files)
        library.append(seconds)
        seconds, (_, sentences) = timed(render_files)  # type: ignore[misc]
        render.append(seconds)
    checks = summary["checks"]
    z3_questions = sum(sum(v.values()) for v in checks.values())
    rows = [
        ("`wino logic verify` (fresh process, all checks)", statistics.median(cli)),
        ("`verify_files()` (parse + checks, in process)", statistics.median(library)),
        ("`render_files()` (3 variants + false-variant generation)", statistics.median(render)),
    ]
    if args.formulas:
        megabytes, seconds = big_file(args.formulas)
        rows.append((f"`load()` of a generated file of {args.formulas:,} formulas ({megabytes:.1f} MB), once", seconds))
    table = "| job | median s |\n|---|---:|\n" + "".join(f"| {name} | {s:.2f} |\n" for name, s in rows)
    verdict = "met" if statistics.median(cli) < TARGET_S else "NOT met"
    body = (
        f"Target: verifying all shipped formalizations, every check included, in under {TARGET_S:.0f} s: **{verdict}** "
        f"({statistics.median(cli):.2f} s for {len(files)} files, {summary['passed']} pass; "
        f"{z3_questions} check results; {len(sentences)} sentences rendered).\n\n"  # type: ignore[arg-type]
        f"{table}\n"
        f"Median of {args.repeat} runs. `{signature(DEFAULT_RLIMIT)}`. Command: `python tests/benchmarks/bench_logic.py "
        f"{' '.join(sys.argv[1:])}`. Machine: {machine()}.\n"
    )
    if args.winologic:
        body += "\n" + data_figures(sentences, args.winologic, args.wsc)  # type: ignore[arg-type]
    print(body)
    if args.write_md:
        write_section("Z3 knowledge checks (issue #9)", body)


def big_file(n: int) -> tuple[float, float]:
    """Size in MB and seconds to parse a generated ``.fol`` file of ``n`` knowledge formulas (half true,
    half false transforming the one before), each with a distinct name to check."""
    import tempfile

    head = ('item "big-1"\nentity Ada "Ada" person\nentity Bo "Bo" person\nfluent Tired(object) says "{0} is tired"\n'
            'action call(object, object) does "{0} calls {1}"\nambiguity: ∃x. Tired(x, S0) ∧ (x = Ada ⊕ x = Bo)\nanswer: Ada\n')
    body = "∀x, y, s. ¬Poss(call(x, y), s) ∧ x ≠ y ∧ Tired(y, s) ∧ Tired(y, do(call(y, x), s)) → {}Tired(x, s)"
    lines = [f"knowledge k{i} true: {body.format('')}\n" if i % 2 == 0 else
             f"knowledge k{i} false negation of k{i - 1}: {body.format('¬')}\n" for i in range(n)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.fol"
        path.write_text(head + "".join(lines), encoding="utf-8")
        seconds, f = timed(lambda: load(path))
        assert len(f.knowledge) == n  # type: ignore[attr-defined]
        return path.stat().st_size / 1e6, seconds


def data_figures(sentences, winologic: str, wsc: str | None) -> str:
    """Table 1 statistics (rendered, per variant; real WinoLogic) and the link coverage, as Markdown."""
    import wino_toolkit as wt
    from wino_toolkit.logic.render import VARIANTS
    from wino_toolkit.logic.sentences import coverage, link_items, pair_stats, rendered_pairs, winologic_pairs

    rows = [(f"rendered, {v}", r) for v in VARIANTS for r in pair_stats(rendered_pairs(sentences, v)) if r.group == "all"]
    records = list(wt.read(winologic))
    rows += [("WinoLogic (real)", r) for r in pair_stats(winologic_pairs(records))]
    out = ("True vs false knowledge sentences, on words (`wino logic stats --winologic " + Path(winologic).name + "`):\n\n"
           "| sentences | pairs | Jaccard | edit distance | length diff | abs length diff | true length |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n")
    for source, r in rows:
        if r.group in ("all", "winologic") and not (source.startswith("WinoLogic") and r.group == "all"):
            out += (f"| {source} | {r.pairs} | {r.jaccard:.3f} | {r.edit_distance:.2f} | {r.length_difference:+.2f} | "
                    f"{r.abs_length_difference:.2f} | {r.true_length:.1f} |\n")
    if wsc:
        c = coverage(link_items(records, wt.read(wsc)), [p.stem for p in shipped_formalizations()])
        out += (f"\nLinking (`wino logic link {Path(winologic).name} {Path(wsc).name}`): {c['linked']}/{c['records']} records "
                f"linked ({c['exact']} exact, {c['fuzzy']} fuzzy) to {c['items']} WSC285 items; the claimed referent agrees "
                f"with the item's answer for {c['answer_agrees']}, unclear for {c['answer_unclear']}, disagrees for "
                f"{c['answer_disagrees']}; {c['formalized_items']} of the linked items have a shipped formalization "
                f"({c['formalized_records']} records).\n")
    return out


if __name__ == "__main__":
    main()
