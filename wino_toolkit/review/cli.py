"""``wino forms sample`` and ``wino forms score``: thin wrappers over :mod:`wino_toolkit.review` that check the
outputs before any work, write them atomically and print (the library never does)."""
from __future__ import annotations

import argparse
from typing import Any

from wino_toolkit.argtypes import integer
from wino_toolkit.command_io import print_json, read_inputs
from wino_toolkit.console import add_reader_option, make_console
from wino_toolkit.paths import input_path, output_path

__all__ = ["add_forms_commands"]

EXAMPLES = """examples:
  wino forms sample WSCollection.xml --form nli -n 40 --seed 1 -o review.tsv --html review.html
  wino forms sample pws.tsv --form blank -n 20 --per-language --seed 1 -o review.tsv
  wino forms score review.tsv
  wino forms score review-fr.tsv review-ru.tsv --json
"""


def cmd_sample(args: argparse.Namespace) -> int:
    from wino_toolkit.io import atomic_output, check_output_file
    from wino_toolkit.schema import Item

    from .page import render
    from .sample import sample_items
    from .sheet import DERIVED, to_tsv

    check_output_file(args.output, "-o")
    check_output_file(args.html, "--html")
    records = read_inputs(args.inputs, args.source_format, args.read_option)
    sheet = sample_items(records, args.form, args.n, args.seed, per_language=args.per_language)
    page_only = (args.output or "").lower().endswith((".html", ".htm"))
    outputs = []
    if args.output or not args.html:  # neither named: the TSV on standard output
        outputs.append((args.output, render(sheet) if page_only else to_tsv(sheet)))
    if args.html:
        outputs.append((args.html, render(sheet)))
    for path, text in outputs:
        with atomic_output(path) as fh:
            fh.write(text.encode("utf-8"))
    derived = sum(row.status == DERIVED for row in sheet.rows)
    where = ", ".join(p if p and p != "-" else "standard output" for p, _ in outputs)
    note = make_console(stderr=True)
    others = sum(not isinstance(r, Item) for r in records)
    if others:
        note.print(f"left out {others} record(s) that are not schema items (derived pairs): a review samples items",
                   markup=False)
    note.print(f"sampled {len(sheet.rows)} items ({derived} derived, {len(sheet.rows) - derived} refused) to {where}; "
               f"{sheet.signature}", markup=False)
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from .rates import classes_table, rates_table, score_sheets
    from .sheet import read_sheet

    scored = score_sheets(read_sheet(path) for path in args.sheets).to_dict()
    if args.json:
        print_json(scored)
        return 0
    console = make_console()
    console.print(rates_table(scored))
    if scored["error_classes"]:
        console.print(classes_table(scored))
    if scored["unjudged"]:
        console.print(f"{scored['unjudged']} item(s) not judged yet: counted, not scored", markup=False)
    return 0


def add_forms_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``forms`` and its sub-commands to ``wino``'s sub-parsers."""
    from .sample import REVIEWED_FORMS
    from .sheet import JUDGEMENTS

    forms = subparsers.add_parser(
        "forms", help="derived forms under hand review: sample items to judge, score the judgements",
        description="Measure how often a derived form is silently wrong or needlessly refuses an item on your own "
                    "corpus: sample items with every sentence the form derives, judge them, score the judgements.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = forms.add_subparsers(dest="forms_command", required=True, metavar="COMMAND")

    p = sub.add_parser("sample", help="a seeded random sample of items, with what the form makes of each, to judge",
                       description="Draw items at random (seeded) and write each with its source (corpus, id, language, "
                                   "the text with the referring expression marked, candidates, answer), every sentence "
                                   "the form derives from it or the reason it refuses it, and empty judgement and "
                                   "error-class columns: a TSV to fill in (quoted with the csv module, UTF-8, the "
                                   "signature on its first line) and, on request, an HTML page to read.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="corpus file(s); formats are detected")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="input format (default: detected)")
    add_reader_option(p)
    p.add_argument("--form", required=True, choices=REVIEWED_FORMS, help="the derived form to review")
    p.add_argument("-n", "--n", dest="n", type=integer(1), default=40, metavar="N",
                   help="items to sample (default 40; all of them when the corpora hold fewer)")
    p.add_argument("--per-language", action="store_true", help="sample N items of each language")
    p.add_argument("--seed", type=integer(0), default=0, help="seed of the draw (default 0); recorded in the signature")
    p.add_argument("-o", "--output", metavar="REVIEW.tsv", type=output_path,
                   help="the sheet to judge: TSV, or the HTML page when the name ends in .html (default: TSV on "
                        "standard output); written atomically")
    p.add_argument("--html", metavar="REVIEW.html", type=output_path, help="also write the sheet as an HTML page to read")
    p.set_defaults(func=cmd_sample)

    values = "; ".join(f"{', '.join(v)} for a {status} item" for status, v in JUDGEMENTS.items())
    p = sub.add_parser("score", help="silently-wrong and needless-refusal rates of judged sheets, per language and form",
                       description=f"Score judged sheets of wino forms sample (judgement: {values}; empty: not judged, "
                                   "counted but never scored): the silently-wrong rate (derived and judged wrong) and "
                                   "the needless-refusal rate, each a share of the judged items with its Wilson 95% "
                                   "interval, per language and form, and the error classes written. A judgement the row "
                                   "cannot have is refused naming the file and line (exit 1).",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sheets", nargs="+", metavar="REVIEW.tsv", type=input_path, help="judged sheet(s)")
    p.add_argument("--json", action="store_true", help="print {sheets, groups: [{language, form, judged, silently_wrong, "
                   "needless_refusals, ...}], judged, unjudged, error_classes}")
    p.set_defaults(func=cmd_score)
    return forms
