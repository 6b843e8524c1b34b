"""The ``wino`` command: thin wrappers over the library that check arguments, print and pick exit codes.

Exit codes: 0 success, 1 bad input or failed check, 2 usage error; ``wino logic verify`` exits 3
when no check failed but one is ``unknown`` (Z3 ran out of time), so a script can tell it from a pass.
"""
from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import warnings
from typing import Any, Iterator, Sequence

from ._version import __version__
from .command_io import print_json
from .console import (add_reader_option, cards_table, deprecated_spelling, format_rows, formats_table, item_progress,
                      key_values, labelled_tasks, make_console, nli_stats_table, renamed_option, skip_summary, stats_table)
from .errors import ParameterError, UnknownNameError, WinoError, WinoWarning
from .hub import library_output
from .io import check_output_dir, check_output_file
from .locks import command_label
from .paths import input_path, output_dir, output_over_input, output_path

EPILOG = """examples:
  wino convert WSCollection.xml --to jsonl -o wsc285.jsonl
  wino convert dev.jsonl --to dpr -o dev.dpr.txt
  wino convert WSCollection.xml --to wnli -o wsc.wnli.tsv --skipped skipped.tsv
  wino convert mandarinograd.json --to disambiguated --script hant
  wino validate train.c.txt
  wino stats dev.jsonl mandarinograd.json --json
  wino formats
  wino corpora info winogrande
  wino audit new.jsonl --against WSCollection.xml -o report.html
  wino data split train.jsonl --dev 0.1 -o splits/
  wino demo
"""


def cmd_convert(args: argparse.Namespace) -> int:
    from .api import convert
    from .errors import ConversionError
    from .formats import formats

    formats.get(args.to)  # unknown target: fail before reading anything
    if args.source_format:
        formats.get(args.source_format)
    check_output_file(args.output, "-o")
    check_output_file(args.report, "--skipped")
    try:
        report = convert(
            args.inputs,
            to=args.to,
            source_format=args.source_format,
            output=args.output,
            read_options=key_values(args.read_option, "-O"),
            write_options=key_values(args.write_option, "-W"),
            unique_ids=not args.no_id_check,
            script=args.script,
            strict=args.strict,
            verbatim=args.verbatim,
        )
    except ConversionError as exc:
        if args.report and getattr(exc, "skipped", None):
            _write_skip_report(args.report, exc.skipped)
        raise
    if args.report:
        _write_skip_report(args.report, report.skipped)
    console = make_console(stderr=True)
    where = f" to {args.output}" if args.output else ""
    form = f", {report.form} form" if report.form else ""
    console.print(f"wrote {report.written} records{where} ({args.to}{form})", markup=False)
    if report.quirks:
        console.print(f"read {report.quirks.line()} (--strict refuses them)", markup=False)
    if report.skipped:
        console.print(skip_summary((s.reason for s in report.skipped), "skipped {n} item(s) the target cannot express"),
                      markup=False)
        if args.report:
            console.print(f"  every skipped item, with its reason: {args.report}", markup=False)
        else:
            console.print("  (--skipped FILE lists every skipped item)")
    return 0


def _write_skip_report(path: str, skipped) -> None:
    """The skipped items as TSV with a header, written even when none was skipped."""
    from .io import atomic_output

    lines = ["item_id\tcorpus\treason\n"] + [f"{s.item_id}\t{s.corpus}\t{s.reason}\n" for s in skipped]
    with atomic_output(path) as fh:
        fh.write("".join(lines).encode())


def cmd_validate(args: argparse.Namespace) -> int:
    from .api import validate
    from .quirks import QuirkReport

    quirks = QuirkReport(strict=args.strict)
    count, problems = validate(
        args.inputs, source_format=args.source_format, options=key_values(args.read_option, "-O"), quirks=quirks
    )
    if args.json:
        report = {
            "records": count,
            "valid": not problems,
            "problems": [p.to_dict() for p in problems],
            "quirks": quirks.to_dict(),
        }
        print_json(report)
        return 1 if problems else 0
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in {count} records", file=sys.stderr)
        return 1
    quirky = f"; tolerated: {quirks.summary()} (--strict refuses them)" if quirks else ""
    print(f"ok: {count} records valid{quirky}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from .command_io import iter_inputs
    from .stats import corpus_stats

    stats = corpus_stats(iter_inputs(args.inputs, args.source_format, args.read_option))
    if args.json:
        print_json(stats)
        return 0
    console = make_console()
    if stats["corpora"]:
        console.print(stats_table(stats))
    if "nli" in stats:
        console.print(nli_stats_table(stats))
    return 0


def cmd_formats(args: argparse.Namespace) -> int:
    from .formats import formats

    rows = format_rows(formats)
    if args.json:
        print_json({"formats": rows, "broken": formats.broken})
        return 0
    console = make_console()
    console.print(formats_table(rows))
    for name, error in formats.broken.items():
        console.print(f"[red]broken plugin[/red] {name}: {error}")
    return 0


def cmd_corpora(args: argparse.Namespace) -> int:
    from . import cards

    if args.action == "list":
        found = cards.list_cards()
        if args.json:
            print_json([c.to_dict() for c in found])
            return 0
        make_console().print(cards_table(found))
        return 0
    if not args.name:
        raise ParameterError(f"wino corpora {args.action} needs a corpus NAME (see `wino corpora list`)")
    card = cards.get_card(args.name)
    if args.action == "info":
        if args.json:
            print_json(card.to_dict())
        else:
            print(card.describe())
        return 0
    from .fetch import fetch

    with item_progress(make_console(stderr=True), "kB") as bar:  # a bar on a terminal, a line now and then in a log
        fetching = labelled_tasks(bar, "fetching")
        paths = fetch(card, args.cache, force=args.force,
                      progress=lambda name, done, total: fetching(name, done / 1e3, total and total / 1e3))
    for path in paths:
        print(path)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from .demo import run_demo

    if args.output:
        check_output_dir(args.output, "-o", "wino demo")
    return run_demo(args.output, console=make_console())


class OneLineErrors(argparse.ArgumentParser):
    """A usage error is one line, as every other error (``wino train``'s usage alone is ten): its sub-parsers
    are of this class too."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} -h)\n")


def build_parser() -> argparse.ArgumentParser:
    from .formats import formats

    names = ", ".join(formats.names())
    parser = OneLineErrors(
        prog="wino",
        description="Multilingual Winograd-schema corpora: convert, validate, describe.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"wino-toolkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def inputs(p: argparse.ArgumentParser) -> None:
        p.add_argument("inputs", nargs="+", metavar="INPUT", type=input_path, help="corpus file(s); the format is detected from content")
        p.add_argument("--from", dest="source_format", metavar="FORMAT", help=f"input format ({names})")
        add_reader_option(p)

    p = sub.add_parser("convert", help="convert corpora between formats", description="Convert corpora between formats.")
    inputs(p)
    derived = ", ".join(f"{form} = {formats.canonical(form)}" if form in formats and formats.canonical(form) != form
                        else form for form in sorted({fmt.derive for _, fmt in formats.items() if fmt.derive}))
    p.add_argument("--to", required=True, metavar="FORMAT", help=f"output format ({names}) or derived form ({derived}): "
                   "schema items are derived to the format's form on the way")
    p.add_argument("-o", "--output", metavar="OUT", type=output_path, help="output file (default: stdout); written atomically")
    p.add_argument("-W", dest="write_option", action="append", metavar="KEY=VALUE", help="writer option")
    p.add_argument("--no-id-check", action="store_true", help="skip the duplicate-id check: constant memory on huge files")
    p.add_argument("--script", choices=("hans", "hant"), help="write Chinese forms in Simplified (hans) or Traditional (hant) script")
    p.add_argument(
        "--verbatim", action="store_true",
        help="for languages without rules (e.g. ru), substitute candidates verbatim instead of skipping; may be ungrammatical",
    )
    renamed_option(p, "--skipped", dest="report", old=["--report"], metavar="FILE", type=output_path,
                   help="write the items a form could not be derived for, with reasons (TSV, always written)")
    p.add_argument(
        "--strict", action="store_true",
        help="fail (exit 1, nothing written) on any reader quirk or any item that would be skipped",
    )
    p.set_defaults(func=cmd_convert)

    p = sub.add_parser("validate", help="check files against the schema, one line per problem")
    inputs(p)
    p.add_argument("--json", action="store_true", help="print {records, valid, problems: [{file, where, problem}], quirks}")
    p.add_argument("--strict", action="store_true", help="count what readers tolerate in official releases (quirks) as problems")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("stats", help="items, schemas, twins, labels, length and vocabulary")
    inputs(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("formats", help="list the registered formats")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_formats)

    p = sub.add_parser("corpora", help="corpus cards: list, info, fetch")
    p.add_argument("action", choices=("list", "info", "fetch"))
    p.add_argument("name", nargs="?", metavar="NAME")
    p.add_argument("--json", action="store_true")
    renamed_option(p, "-o", "--output", dest="cache", old=["--cache"], metavar="DIR", type=output_dir(),
                   help="fetch: download directory (default: $WINO_CACHE or ~/.cache/wino-toolkit)")
    p.add_argument("--force", action="store_true", help="download again even when cached")
    p.set_defaults(func=cmd_corpora)

    from .baselines.pmi.cli import add_pmi_commands

    add_pmi_commands(sub)

    from .logic.cli import add_logic_commands

    add_logic_commands(sub)

    from .aflite.cli import add_aflite_commands

    add_aflite_commands(sub)

    from .eval.cli import add_eval_commands, add_export_commands
    from .train.cli import add_transfer_command

    add_eval_commands(sub, more=(add_transfer_command,))

    from .train.cli import add_data_commands, add_train_commands

    add_train_commands(sub)
    data = sub.add_parser("data", help="corpus data: split, overlap, export (lm-eval, hf)",
                          description="Work on corpora as data: split them by twin groups, find the items two corpora "
                          "share, export them for lm-eval or Hugging Face datasets.")
    data_commands = data.add_subparsers(dest="data_command", required=True, metavar="COMMAND")
    add_data_commands(data_commands)
    add_export_commands(data_commands)

    from .audit.cli import add_audit_commands

    add_audit_commands(sub)

    from .review.cli import add_forms_commands

    add_forms_commands(sub)

    p = sub.add_parser("demo", help="run the main job on the bundled sample corpora")
    p.add_argument("-o", "--output", metavar="DIR", type=output_dir(), help="keep the converted files here (default: a temporary directory)")
    p.set_defaults(func=cmd_demo)
    return parser


MOVED = {"split": ("data", "split"), "overlap": ("data", "overlap"), "export": ("data", "export")}
"""Commands that were top-level and are now in a group: the old spelling → the new one."""


def _new_spelling(argv: list[str]) -> list[str]:
    """``argv`` with a moved command's old spelling (``wino split``) replaced by its new one (``wino data split``),
    noted on stderr: old scripts keep working, and the parser (``-h``, the CLI reference) knows one name each."""
    command = next((k for k, word in enumerate(argv) if not word.startswith("-")), None)
    if command is None or argv[command] not in MOVED:
        return argv
    new = MOVED[argv[command]]
    print(deprecated_spelling(f"wino {argv[command]}", " ".join(("wino", *new))), file=sys.stderr)
    return [*argv[:command], *new, *argv[command + 1:]]


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so every ``finally`` runs and no temporary file is left behind."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated()


def main(argv: Sequence[str] | None = None) -> int:
    previous = _install(signal.SIGTERM, _on_sigterm)
    try:
        parser = build_parser()
        args = parser.parse_args(_new_spelling(sys.argv[1:] if argv is None else list(argv)))
        clash = output_over_input(parser, args)  # before any work: no output replaces an input
        if clash:
            print(f"wino: error: {clash}", file=sys.stderr)
            return 2
        sub = getattr(args, f"{args.command}_command", None)  # e.g. wino eval transfer: how a lock names its holder
        with library_output(getattr(args, "verbose", False)), _one_line_notes(), \
                command_label(" ".join(filter(None, ("wino", args.command, sub)))):  # --verbose: transformers' own output
            return args.func(args)
    except (UnknownNameError, ParameterError) as exc:  # usage: a name or a value that cannot work
        print(f"wino: error: {exc}", file=sys.stderr)
        return 2
    except WinoError as exc:
        print(f"wino: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 1
    except OSError as exc:  # a file system refusing mid-run (disk full, permissions): one line, no traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"wino: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except Terminated:
        print("wino: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("wino: interrupted", file=sys.stderr)
        return 130
    finally:
        _install(signal.SIGTERM, previous)


@contextlib.contextmanager
def _one_line_notes() -> Iterator[None]:
    """The library's notes (:class:`WinoWarning`: a stale lock taken over) as ``wino: warning: ...`` on
    stderr; other warnings as Python shows them."""
    shown = warnings.showwarning

    def show(message: Any, category: type, *rest: Any, **kwargs: Any) -> None:
        if issubclass(category, WinoWarning):
            print(f"wino: warning: {message}", file=sys.stderr)
        else:
            shown(message, category, *rest, **kwargs)

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = shown


def _install(signum: int, handler: Any) -> Any:
    """Set a signal handler where Python allows it (the main thread); return the previous one."""
    try:
        return signal.signal(signum, handler)
    except (ValueError, TypeError):  # not the main thread, or no previous Python-level handler to restore
        return None


if __name__ == "__main__":
    sys.exit(main())
