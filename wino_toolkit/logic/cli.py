"""``wino logic``: verify formalizations, render knowledge sentences, measure and link them.

Thin wrappers over :mod:`wino_toolkit.logic`: each checks its arguments, calls the library,
prints a table (or JSON) and picks the exit code: ``wino``'s (0 success, 1 bad input or a failed
check, 2 usage error), and 3 from ``verify`` when no check failed but one is ``unknown``, so that
a script can tell a timeout from a pass.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

from wino_toolkit.argtypes import integer, number
from wino_toolkit.command_io import print_json, read_inputs
from wino_toolkit.console import add_reader_option, counted_task, item_progress, make_console
from wino_toolkit.errors import ParameterError
from wino_toolkit.io import check_output_file
from wino_toolkit.paths import input_path, output_dir, output_path

from .render import VARIANTS

__all__ = ["add_logic_commands"]

#: ``wino logic verify``'s exit code when no check failed but Z3 settled one only as ``unknown``
UNKNOWN_EXIT = 3

EPILOG = """examples:
  wino logic verify                      # every shipped formalization
  wino logic verify my-schema.fol knowledge.smt2 --json
  wino logic verify --prover all         # Z3, cvc5 and E on every check; disagreements reported
  wino logic export --to tptp -o problems/
  wino logic render -o sentences.tsv     # knowledge sentences, 3 variants, with confirmed false variants
  wino logic render --items WSCollection.xml --variant grounded --to winologic -o wsc285-logic.jsonl
  wino logic stats --winologic winologic.jsonl
  wino logic link winologic.jsonl WSCollection.xml
  wino logic heldout --frozen frozen/axioms   # share of held-out items needing no new axiom
"""


def cmd_verify(args: argparse.Namespace) -> int:
    from .checks import CHECKS, STATUSES
    from .files import verify_files
    from .provers import signature

    if args.prover == "all":
        return _verify_all(args)
    console = make_console(stderr=True)
    with item_progress(console, "files") as bar:
        verdicts = verify_files(args.files, prover=args.prover, rlimit=args.rlimit, timeout_ms=args.timeout, jobs=args.jobs,
                                progress=counted_task(bar, "checking"), library=args.prover == "z3" and not args.no_library)
    counts = {name: {s: 0 for s in STATUSES} for name in CHECKS}
    for v in verdicts:
        for name, c in v.checks.items():
            counts[name][c.status] += 1
    failed = sum(v.status == "fail" for v in verdicts)
    summary = {"files": len(verdicts), "passed": sum(v.status == "pass" for v in verdicts), "failed": failed,
               "unknown": sum(v.status == "unknown" for v in verdicts), "checks": counts,
               "seconds": round(sum(v.seconds for v in verdicts), 3)}
    summary["prover"] = args.prover
    sig = signature(args.rlimit, (args.prover,), args.timeout)
    if args.json:
        print_json({"signature": sig, "results": [v.to_dict() for v in verdicts], "summary": summary})
    else:
        _print_verdicts(verdicts, summary, sig)
    return 1 if failed else UNKNOWN_EXIT if summary["unknown"] else 0


def _verify_all(args: argparse.Namespace) -> int:
    """Every prover on every file; a check is agreed only when every prover decided it alike."""
    from rich.markup import escape

    from .checks import CHECKS
    from .files import compare_files, comparisons_table
    from .provers import PROVERS, signature

    console = make_console(stderr=True)
    with item_progress(console, "files") as bar:
        comparisons = compare_files(args.files, provers=PROVERS, rlimit=args.rlimit, timeout_ms=args.timeout, jobs=args.jobs,
                                    progress=counted_task(bar, f"checking with {', '.join(PROVERS)}"))
    statuses = [c.status for c in comparisons]
    summary = {"files": len(comparisons), "provers": list(PROVERS),
               **{s: statuses.count(s) for s in ("pass", "fail", "disagree", "unconfirmed")},
               "unknown": {p: sum(c.verdicts[p].checks[k].status == "unknown" for c in comparisons for k in CHECKS) for p in PROVERS},
               "seconds": {p: round(sum(c.verdicts[p].seconds for c in comparisons), 3) for p in PROVERS}}
    sig = signature(args.rlimit, PROVERS, args.timeout)
    if args.json:
        print_json({"signature": sig, "results": [c.to_dict() for c in comparisons], "summary": summary})
    else:
        out = make_console()
        out.print(comparisons_table(comparisons, sig))
        for c in comparisons:
            for k in CHECKS:
                if c.agreement(k) != "agree":
                    out.print(f"{escape(c.source)}: {k}: {c.agreement(k)}: "
                              + ", ".join(f"{p} {s}" for p, s in c.statuses(k).items()))
        out.print(f"{summary['files']} file(s) by {', '.join(PROVERS)}: {summary['pass']} agreed pass, {summary['fail']} fail, "
                  f"{summary['disagree']} disagree, {summary['unconfirmed']} unconfirmed (a prover said unknown); unknown checks: "
                  + ", ".join(f"{p} {n}" for p, n in summary["unknown"].items()) + "; seconds: "
                  + ", ".join(f"{p} {s}" for p, s in summary["seconds"].items()))
    if summary["disagree"] or summary["fail"]:
        return 1
    return UNKNOWN_EXIT if summary["unconfirmed"] else 0


def _print_verdicts(verdicts: list[Any], summary: dict[str, Any], sig: str) -> None:
    from rich.markup import escape

    from .files import verdicts_table

    console = make_console()
    console.print(verdicts_table(verdicts, sig))
    for v in verdicts:
        for name, c in v.checks.items():
            if c.status not in ("pass", "n/a"):
                console.print(f"{escape(v.source)}: {name}: {c.status}: {escape(c.detail)}")
                if c.core:
                    console.print(f"  formulas involved: {escape(', '.join(c.core))}")
                if c.countermodel:
                    true = [a for a, value in c.countermodel.items() if value == "True"]
                    console.print(f"  countermodel, true atoms: {escape(', '.join(true) or '(none)')}")
        for c in v.false_results:
            if c.status != "pass":
                console.print(f"{escape(v.source)}: false knowledge {escape(str(c.name))}: {c.status}: {escape(c.detail)}"
                              + (f" (using {escape(', '.join(c.core))})" if c.core else ""))
    checks = summary["checks"]
    console.print(f"{summary['files']} file(s): {summary['passed']} pass, {summary['failed']} fail, {summary['unknown']} unknown; "
                  + ", ".join(f"{n} {checks[n]['pass']}/{summary['files']}" + "".join(f" ({checks[n][s]} {s})" for s in ("vacuous", "n/a")
                                                                                      if checks[n][s]) for n in checks)
                  + f"; {summary['seconds']} s in {summary.get('prover', 'z3')}")


def cmd_export(args: argparse.Namespace) -> int:
    from .files import export_files

    written = export_files(args.files, to=args.to, output=args.output)
    make_console(stderr=True).print(f"wrote {written['problems']} {args.to} problem(s) for {written['files']} formalization(s) "
                                    f"to {args.output} (index: problems.tsv)")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    import wino_toolkit as wt

    from .corpus import rendered_items
    from .files import render_files, write_sentences

    _note_old_timeout(args)
    if args.items is None and (args.to or args.corpus != "wsc285-logic" or args.read_option):
        raise ParameterError("--to, --corpus and -O need --items (the corpus whose items the sentences explain)")
    check_output_file(args.output, "-o")
    corpus = None if args.items is None else read_inputs(args.items, args.source_format, args.read_option)
    console = make_console(stderr=True)
    with item_progress(console, "files") as bar:
        formalizations, sentences = render_files(args.files, variants=args.variant or VARIANTS, generate=not args.no_generate,
                                                 rlimit=args.rlimit, progress=counted_task(bar, "rendering"))
    if args.balance:
        from .files import balance

        sentences = balance(sentences)
    if args.items is None:
        write_sentences(sentences, args.output)
        written = f"{len(sentences)} sentences"
    else:
        items = rendered_items(formalizations, sentences, corpus, corpus=args.corpus)
        n = wt.write(items, args.output, to=args.to or "jsonl")
        written = f"{n} items ({args.to or 'jsonl'})"
    generated = sum(s.origin == "generated" for s in sentences) // max(1, len(args.variant or VARIANTS))
    if args.output is not None:
        console.print(f"wrote {written} from {len(formalizations)} formalization(s), {generated} generated false formula(s), "
                      f"to {args.output}")
    return 0


def _skips(args: argparse.Namespace) -> list[Any]:
    """The ``.skip`` files of the folders named (the shipped ones when no file is named)."""
    from pathlib import Path

    from .coverage import read_skip, shipped_skips

    if not args.files:
        return shipped_skips()
    return [read_skip(s) for f in args.files if Path(f).is_dir() for s in sorted(Path(f).glob("*.skip"))]


def cmd_stats(args: argparse.Namespace) -> int:
    from collections import Counter

    from .axioms import library_modules
    from .coverage import coverage, coverage_table
    from .files import render_files, verify_files
    from .provers import signature
    from .reuse import axioms_table, modules_table, reuse, reuse_summary_table
    from .twins import schema_of
    from .sentences import pair_stats, pair_stats_table, rendered_pairs, winologic_pairs

    _note_old_timeout(args)
    formalizations, sentences = render_files(args.files, rlimit=args.rlimit)
    verdicts = verify_files(args.files, rlimit=args.rlimit)  # the knowledge cores, for depth and reuse
    cover = coverage(formalizations, _skips(args), verdicts)
    used = reuse(formalizations, verdicts, () if args.files else library_modules())
    rows: list[tuple[str, Any]] = []
    for variant in VARIANTS:
        rows += [(f"rendered, {variant}", r) for r in pair_stats(rendered_pairs(sentences, variant))]
    if args.winologic:
        rows += [("WinoLogic", r) for r in pair_stats(winologic_pairs(read_inputs(args.winologic))) if r.group == "all"]
    one = [s for s in sentences if s.variant == VARIANTS[0]]
    summary = {
        "formalizations": len(formalizations),
        "schemas": len({schema_of(f.item) for f in formalizations}),
        "categories": dict(Counter(c for f in formalizations for c in f.categories)),
        "true": sum(s.truth for s in one),
        "false_written": sum(not s.truth and s.origin == "written" for s in one),
        "false_generated": sum(s.origin == "generated" for s in one),
        "transformations": dict(Counter(s.transformation for s in one if not s.truth)),
        "coverage": cover,
        "reuse": used.summary(),
    }
    if args.json:
        print_json({"signature": signature(args.rlimit), "summary": summary,
                    "table": [{"source": source, **r.to_dict()} for source, r in rows], "reuse": used.to_dict()})
        return 0
    console = make_console()
    console.print(coverage_table(cover))
    console.print(modules_table(used))
    if args.axioms:
        console.print(axioms_table(used))
    console.print(reuse_summary_table(summary["reuse"]))
    console.print(pair_stats_table(rows, signature(args.rlimit)))
    console.print(f"{summary['formalizations']} formalizations of {summary['schemas']} schemas; knowledge: {summary['true']} true, "
                  f"{summary['false_written']} false written, {summary['false_generated']} false generated; categories: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(summary["categories"].items())))
    return 0


def cmd_heldout(args: argparse.Namespace) -> int:
    from .heldout import heldout_table, measure
    from .provers import signature

    result = measure(args.files, args.frozen, rlimit=args.rlimit, jobs=args.jobs)
    sig = signature(args.rlimit)
    if args.json:
        print_json({"signature": sig, **result.to_dict()})
    else:
        make_console().print(heldout_table(result, sig))
    return 1 if result.summary()["failed"] else 0


def cmd_link(args: argparse.Namespace) -> int:
    from .files import shipped_formalizations
    from .sentences import coverage, link_items

    check_output_file(args.output, "-o")
    records = read_inputs(args.winologic)
    corpus = read_inputs(args.items, args.source_format, args.read_option)
    links = link_items(records, corpus, fuzzy=args.fuzzy)
    formalized = [p.stem for p in shipped_formalizations()]
    report = coverage(links, formalized)
    if args.output:
        from wino_toolkit.io import atomic_output, text_writer

        with atomic_output(args.output) as fh, text_writer(fh) as out:
            out.write("record\titem\tmethod\tscore\tanswer_agrees\n")
            for link in links:
                agrees = "" if link.answer_agrees is None else str(link.answer_agrees).lower()
                out.write(f"{link.record}\t{link.item or ''}\t{link.method or ''}\t{link.score}\t{agrees}\n")
    if args.json:
        print_json(report)
        return 0
    r = report
    console = make_console()
    console.print(f"{r['linked']}/{r['records']} WinoLogic records linked to {r['items']} items "
                  f"({r['exact']} exact, {r['fuzzy']} fuzzy, {r['unlinked']} unlinked); claimed answer agrees for "
                  f"{r['answer_agrees']}, unclear for {r['answer_unclear']}, disagrees for {r['answer_disagrees']}")
    console.print(f"{r['formalized_items']} of those items have a shipped formalization, covering {r['formalized_records']} records")
    return 0


def add_logic_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``logic`` and its sub-commands to ``wino``'s sub-parsers."""
    logic = subparsers.add_parser(
        "logic", help="formalized knowledge: verify with Z3, render sentences, statistics",
        description="Formalized commonsense knowledge for Winograd schemas (WinoLogic's workflow), checked with Z3.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = logic.add_subparsers(dest="logic_command", required=True, metavar="COMMAND")
    p = sub.add_parser("verify", help="run the consistency, sufficiency, necessity, uniqueness, generality and false-knowledge checks",
                       description="Run the consistency, sufficiency, necessity, uniqueness, generality and false-knowledge checks. "
                                   "Sufficiency is 'vacuous' when the knowledge is inconsistent (consistency fails, so the file "
                                   "fails); false knowledge is 'n/a' when the file has no false formula (that fails nothing).",
                       epilog="exit codes: 0 every check passed (or n/a), 1 a check failed or an input is bad, 2 usage error, "
                              f"{UNKNOWN_EXIT} no check failed but one is unknown (Z3 reached --rlimit, or cvc5/E --timeout)")
    p.add_argument("files", nargs="*", metavar="FILE", type=input_path, help=".fol formalizations or .smt2 files (default: every shipped one)")
    p.add_argument("--json", action="store_true", help="one JSON object: per-file checks, cores, countermodels, summary")
    _add_rlimit(p)
    p.add_argument("--timeout", type=integer(1), default=5000, metavar="MS", help="time limit per question for cvc5 and "
                   "eprover, in ms (default 5000); a question that runs out is 'unknown'. Z3 uses --rlimit")
    p.add_argument("--prover", choices=("z3", "cvc5", "eprover", "all"), default="z3",
                   help="z3 (default; cores and countermodels), cvc5, eprover (both read the problems `wino logic export` "
                        "writes), or all: every prover, any disagreement reported per check and file (exit 1)")
    p.add_argument("--no-library", action="store_true", help="do not ask each false formula of the axiom library and the "
                   "sanity theory too (by default a false formula they entail fails: it is true commonsense; about 2 s a "
                   "formula for a few files, 25 s once per process and a third of a second a formula for many)")
    p.add_argument("--jobs", type=integer(1), metavar="N", help="processes checking files side by side (default: one per CPU)")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("export", help="each check of each formalization as a problem file for other provers (TPTP or SMT-LIB2)",
                       description="Write one problem file per question behind each check: TPTP TFF (premises as axioms, the goal as "
                                   "the conjecture) or SMT-LIB2 (ending in check-sat), and an index problems.tsv saying which "
                                   "answer passes (sat / unsat; Theorem / CounterSatisfiable in SZS terms).")
    p.add_argument("files", nargs="*", metavar="FILE", type=input_path, help=".fol formalizations (default: every shipped one)")
    p.add_argument("--to", required=True, choices=("tptp", "smt2"), help="tptp (TFF) or smt2")
    p.add_argument("-o", "--output", required=True, metavar="DIR", type=output_dir(), help="directory to create (it must not exist, or be empty)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("render", help="knowledge sentences from the formulas (3 variants, false variants made and confirmed)")
    p.add_argument("files", nargs="*", metavar="FILE", type=input_path, help=".fol formalizations (default: every shipped one)")
    p.add_argument("--variant", action="append", choices=VARIANTS, help="variable, grounded or natural (repeatable; default all)")
    p.add_argument("--no-generate", action="store_true", help="only the formulas written in the files, no generated false ones")
    p.add_argument("--balance", action="store_true", help="true and false sentences 1:1 as in WinoLogic: each true formula "
                   "with one of its false variants (chosen cyclically, no seed), a true one with none left out")
    p.add_argument("--items", metavar="CORPUS", type=input_path, help="the corpus the formalizations link to (e.g. WSCollection.xml): "
                   "write a corpus, one item per sentence, instead of the sentence table")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="format of --items (default: detected)")
    add_reader_option(p)
    p.add_argument("--to", metavar="FORMAT", help="corpus format with --items: jsonl (default) or winologic")
    p.add_argument("--corpus", default="wsc285-logic", help="corpus name of the items written (default wsc285-logic)")
    p.add_argument("-o", "--output", metavar="OUT", type=output_path, help="file to write (default: stdout); TSV without --items")
    _add_rlimit(p, old_timeout=True)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("stats", help="coverage of WSC285 by category, knowledge depth, reuse of the axiom library, and "
                                     "true/false sentence statistics (Jaccard, edit distance, length), also on WinoLogic",
                       description="Coverage of WSC285 by category; knowledge depth (the minimal core's size, with and without "
                                   "type lifts such as ∀x. Chair(x) → Seat(x)); reuse: per module and per axiom, the schemas "
                                   "whose knowledge core uses it (both versions of a schema count once); and true/false "
                                   "sentence statistics (Jaccard, edit distance, length), also on a WinoLogic file.")
    p.add_argument("files", nargs="*", metavar="FILE", type=input_path, help=".fol formalizations (default: every shipped one)")
    p.add_argument("--winologic", metavar="FILE", type=input_path, help="the same statistics on a WinoLogic file")
    p.add_argument("--axioms", action="store_true", help="also print the reuse of every axiom, one row each (--json always has it)")
    p.add_argument("--json", action="store_true", help="one JSON object: summary, sentence table, and reuse per module, "
                                                       "axiom and version")
    _add_rlimit(p, old_timeout=True)
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("heldout", help="generality on schemas the library was not written for: the share of held-out items "
                                       "whose knowledge core uses only the frozen library's axioms",
                       description="Verify held-out formalizations (items of corpora the library was not written for) and "
                                   "judge each item's knowledge core against a frozen library: an item needed no new axiom "
                                   "when every formula of its core is an axiom of that library, with the same name and "
                                   "formula. Skipped items (.skip files in a folder named) count as drawn, never as reused.",
                       epilog="example: git archive logic-library-1 corpora/logic/axioms | tar -x -C /tmp/frozen && "
                              "wino logic heldout --frozen /tmp/frozen/corpora/logic/axioms")
    p.add_argument("files", nargs="*", metavar="FILE", type=input_path, help=".fol files or folders (default: the shipped "
                   "held-out formalizations, corpora/logic/heldout)")
    p.add_argument("--frozen", metavar="DIR", type=input_path, help="the frozen axiom library (default: the shipped one)")
    p.add_argument("--json", action="store_true", help="one JSON object: summary and every item's core and new knowledge")
    _add_rlimit(p)
    p.add_argument("--jobs", type=integer(1), metavar="N", help="processes checking files side by side (default: one per CPU)")
    p.set_defaults(func=cmd_heldout)

    p = sub.add_parser("link", help="link WinoLogic records to the WSC items they explain; coverage")
    p.add_argument("winologic", metavar="WINOLOGIC", type=input_path, help="WinoLogic JSON Lines file")
    p.add_argument("items", metavar="CORPUS", type=input_path, help="WSC corpus file (e.g. WSCollection.xml)")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="format of CORPUS (default: detected)")
    add_reader_option(p)
    p.add_argument("--fuzzy", type=number(0, 1, above=True), default=0.9, metavar="R", help="least similarity for a non-exact link (default 0.9)")
    p.add_argument("-o", "--output", metavar="TSV", type=output_path, help="write record, item, method, score, answer_agrees per record")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_link)
    return logic


def _add_rlimit(p: argparse.ArgumentParser, *, old_timeout: bool = False) -> None:
    """``--rlimit``: Z3's resource limit per question, so verdicts and rendered sentences do not depend on load;
    ``old_timeout`` keeps the wall-clock ``--timeout`` these commands once took, accepted with a note."""
    from .checks import DEFAULT_RLIMIT

    p.add_argument("--rlimit", type=integer(1), default=DEFAULT_RLIMIT, metavar="UNITS",
                   help=f"Z3 resource units per question (default {DEFAULT_RLIMIT:,}): the same verdict on any machine under "
                        "any load; a question that runs out is 'unknown'")
    if old_timeout:
        p.add_argument("--timeout", type=integer(1), metavar="MS", help="deprecated and ignored: Z3 is bounded by --rlimit")


def _note_old_timeout(args: argparse.Namespace) -> None:
    if getattr(args, "timeout", None) is not None:
        print("wino: note: --timeout is deprecated and ignored here: Z3 is bounded by --rlimit, which does not depend "
              "on the machine's load", file=sys.stderr)
