"""``wino audit``: a thin wrapper over :func:`wino_toolkit.audit.audit` that checks ``-o`` before any work,
writes the HTML page atomically and prints each section's verdict (or, with ``--json``, every figure)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from wino_toolkit.argtypes import integer
from wino_toolkit.console import add_verbose_option
from wino_toolkit.errors import WinoError
from wino_toolkit.hub import resolve_model

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

    for path in [*args.inputs, *(args.against or [])]:
        if os.path.exists(args.output) and os.path.exists(path) and os.path.samefile(path, args.output):
            raise WinoError(f"{args.output}: -o names an input; choose another report file")
    check_output_file(args.output, "-o")
    for name, what in ((args.model, "encoder"), (args.lm, "causal LM")):
        if name:
            resolve_model(name, what=what)  # before any reading: a typo or an unreachable hub is one line at once
    report = audit(args.inputs, against=args.against, index=args.index, model=args.model, lm=args.lm, seed=args.seed,
                   progress=_progress if sys.stderr.isatty() else None)
    with atomic_output(args.output) as fh:
        fh.write(report.html().encode("utf-8"))
    out = sys.stderr if args.json else sys.stdout
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    for s in report.sections:
        print(f"{s.key:<15} {s.seconds:6.2f}s  {s.verdict}", file=out)
    print(f"report written to {args.output} ({report.seconds:.1f} s; {report.signature})", file=out)
    return 0


def _progress(key: str, done: int, total: int) -> None:
    print(f"wino audit: {key} done ({done}/{total})", file=sys.stderr)


def add_audit_commands(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "audit", help="one self-contained HTML report answering every question asked of a new corpus",
        description="Audit corpora: summary, validation, twins, balance, surface artefacts, contamination against "
                    "known corpora, and (given models) PMI resistance, AFLite predictability and zero-shot accuracy.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="+", metavar="CORPUS", help="corpus file(s), each read on its own; formats are detected")
    p.add_argument("--against", nargs="+", metavar="KNOWN", help="known corpora to look for contamination in (also across languages)")
    p.add_argument("--index", action="append", metavar="PMI_IDX", help="PMI index (wino pmi index); one per language")
    p.add_argument("--model", metavar="ENCODER", help="Hugging Face encoder for the AFLite predictability section")
    p.add_argument("--lm", metavar="LM", help="Hugging Face causal LM for the zero-shot section")
    p.add_argument("--seed", type=integer(0), default=0, help="seed of every random step (default 0)")
    p.add_argument("-o", "--output", required=True, metavar="REPORT.html", help="the HTML report; checked before any work, written atomically")
    p.add_argument("--json", action="store_true", help="print every figure as JSON on stdout (verdicts go to stderr)")
    add_verbose_option(p)
    p.set_defaults(func=cmd_audit)
