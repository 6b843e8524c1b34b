"""``wino audit``: a thin wrapper over :func:`wino_toolkit.audit.audit` that checks ``-o`` before any work,
writes the HTML page atomically and prints each section's verdict (or, with ``--json``, every figure). A section
asked for that fails leaves the report written and the exit code 1, its name on the last line."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from wino_toolkit.argtypes import integer
from wino_toolkit.command_io import print_json
from wino_toolkit.console import add_reader_option, add_verbose_option, item_progress, key_values, labelled_tasks, make_console
from wino_toolkit.errors import ParameterError
from wino_toolkit.hub import resolve_model
from wino_toolkit.paths import input_path, output_path

__all__ = ["add_audit_commands"]

EXAMPLES = """examples:
  wino audit new.jsonl -o report.html
  wino audit train.jsonl dev.jsonl --against WSCollection.xml pws.tsv -o report.html
  wino audit dev.jsonl --index enwiki.idx --model roberta-large --lm gpt2 -o report.html
  wino audit dev.jsonl -o report.html --json > report.json
"""


def cmd_audit(args: argparse.Namespace) -> int:
    from wino_toolkit.io import atomic_output, check_output_file

    from .report import audit

    if not args.inputs:
        raise ParameterError(_no_corpus(args.against))
    if args.json and _is_stdout(args.output):
        raise ParameterError(f"-o {args.output} and --json both write to standard output: name a file for the report")
    options = key_values(args.read_option, "-O")
    check_output_file(args.output, "-o")
    for name, what in ((args.model, "encoder"), (args.lm, "causal LM")):
        if name:
            resolve_model(name, what=what)  # before any reading: a typo or an unreachable hub is one line at once
    with item_progress(make_console(stderr=True)) as bar:  # each section's items, rate and time left, on stderr
        report = audit(args.inputs, against=args.against, index=args.index, model=args.model, lm=args.lm,
                       seed=args.seed, options=options, progress=labelled_tasks(bar, "audit"), sections=args.section)
    with atomic_output(args.output) as fh:
        fh.write(report.html().encode("utf-8"))
    out = sys.stderr if args.json or _is_stdout(args.output) else sys.stdout  # the page alone on standard output
    if args.json:
        print_json(report.to_json())
    for s in report.sections:
        print(f"{s.key:<15} {s.seconds:6.2f}s  {s.verdict}", file=out)
    print(f"report written to {args.output} ({report.seconds:.1f} s; {report.signature})", file=out)
    failed = _failed(report, args)
    if failed:
        print(f"wino: error: {', '.join(failed)} failed (see {'its' if len(failed) == 1 else 'their'} verdict above); "
              "the report holds the other sections", file=sys.stderr)
        return 1
    return 0


def _no_corpus(against: list[str] | None) -> str:
    """Why no corpus was read: ``--against`` before the corpora takes them all as known corpora."""
    if against:
        return (f"no CORPUS to audit: --against takes every file after it ({', '.join(against)}); name the corpora "
                "first: wino audit CORPUS... --against KNOWN...")
    return "wino audit needs at least one CORPUS"


def _is_stdout(path: str) -> bool:
    """Whether ``path`` names standard output: ``-``, ``/dev/stdout``, ``/dev/fd/1``, or the file it is redirected to."""
    import os
    from pathlib import Path

    from wino_toolkit.io import _stream_fd

    if path == "-" or _stream_fd(Path(path)) == 1:
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except OSError:
        return False


#: the option that asks for each section that needs one
ASKED_BY = {"contamination": "against", "pmi": "index", "predictability": "model", "zero_shot": "lm"}


def _failed(report: Any, args: argparse.Namespace) -> list[str]:
    """The sections asked for that failed: those whose option was given or that ``--section`` names, and those
    that always run, unless only an optional extra they need is missing (their verdict names it)."""
    from .report import FAILED

    def asked(key: str, missing_extra: bool) -> bool:
        if key in (getattr(args, "section", None) or ()):
            return True
        return bool(getattr(args, ASKED_BY[key])) if key in ASKED_BY else not missing_extra

    return [s.key for s in report.sections if s.status == FAILED and asked(s.key, bool(s.figures.get("missing_extra")))]


def add_audit_commands(subparsers: Any) -> None:
    from .report import SECTIONS

    p = subparsers.add_parser(
        "audit", help="one self-contained HTML report answering every question asked of a new corpus",
        description="Audit corpora: summary, validation, twins, balance, surface artefacts, contamination against "
                    "known corpora, and (given models) PMI resistance, AFLite predictability and zero-shot accuracy.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="*", metavar="CORPUS", type=input_path,
                   help="corpus file(s), each read once and on its own (- or a pipe too); formats are detected")
    p.add_argument("--against", nargs="+", metavar="KNOWN", type=input_path,
                   help="known corpora to look for contamination in (also across languages; files of NLI pairs by premise "
                        "and hypothesis); takes every file after it, so name the corpora first")
    p.add_argument("--index", action="append", metavar="PMI_IDX", type=input_path, help="PMI index (wino pmi index); one per language")
    p.add_argument("--model", metavar="ENCODER", type=input_path, help="Hugging Face encoder for the AFLite predictability section")
    p.add_argument("--lm", metavar="LM", type=input_path, help="Hugging Face causal LM for the zero-shot section")
    add_reader_option(p)
    p.add_argument("--seed", type=integer(0), default=0, help="seed of every random step (default 0)")
    p.add_argument("--section", action="append", choices=list(SECTIONS), metavar="KEY",
                   help=f"compute only this section (repeatable; the command each section prints): {', '.join(SECTIONS)}")
    p.add_argument("-o", "--output", required=True, metavar="REPORT.html", type=output_path, help="the HTML report; checked before any work, written atomically")
    p.add_argument("--json", action="store_true", help="print every figure as JSON on stdout (verdicts go to stderr)")
    add_verbose_option(p)
    p.set_defaults(func=cmd_audit)
