"""``wino train``, ``wino data split`` and ``wino data overlap``: fine-tuning (one run, a grid over seeds, or a
learning curve), twin-safe splits of a corpus, and contamination between corpora.

Thin wrappers over :mod:`wino_toolkit.tuning`, :mod:`.experiments`, :mod:`wino_toolkit.splits` and :mod:`wino_toolkit.overlap`:
arguments are checked before anything is read, the library does the work, this module prints.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from wino_toolkit.argtypes import integer, number
from wino_toolkit.command_io import print_json, read_inputs
from wino_toolkit.console import (add_reader_option, add_verbose_option, deprecated_options, item_progress, key_values,
                                  labelled_tasks, make_console, skip_summary)
from wino_toolkit.errors import ParameterError
from wino_toolkit.hub import resolve_model
from wino_toolkit.io import check_output_dir
from wino_toolkit.paths import input_path, output_dir
from wino_toolkit.reader_options import ReaderOptions

__all__ = ["add_data_commands", "add_train_commands"]

# what a run, a grid (a folder per setting: lr=2e-05 or default) or a curve (size-N) writes in its directory
RUN = ("model", "checkpoints", "run.json", "grid.*", "curve.*", "*=*", "default", "size-*")


def cmd_split(args: argparse.Namespace) -> int:
    from wino_toolkit.splits import check_fractions, split

    from .split_files import RECORD_FILE, item_format, splits_table, write_splits

    check_fractions(args.dev, args.test)
    item_format(args.to)  # refused before anything is read
    check_output_dir(args.output, "-o", "wino data split")
    items = read_inputs(args.inputs, args.source_format, args.read_option)
    parts = split(items, dev=args.dev, test=args.test, seed=args.seed)
    files = write_splits(parts, args.output, to=args.to, sources=args.inputs)
    record = json.loads((Path(args.output) / RECORD_FILE).read_text(encoding="utf-8"))
    if args.json:
        print_json(record)
        return 0
    make_console().print(splits_table(record, files, title=f"{len(items)} items split with seed {args.seed} into {args.output}"))
    return 0


def cmd_overlap(args: argparse.Namespace) -> int:
    from wino_toolkit.overlap import overlap

    if not 0 < args.threshold <= 1:
        raise ParameterError(f"--threshold {args.threshold} is not within (0, 1]")
    options = ReaderOptions(key_values(args.read_option, "-O"))
    options.add_to_each(args.against, deprecated_options(args.against_option, "-A", args.against))
    targets = read_inputs(args.inputs, args.source_format, options)
    # the same files on both sides: a corpus against itself, read once, so that only its internal duplicates show
    # (items are compared by content whatever their ids: a file read twice would overlap itself entirely)
    itself = _same_files(args.inputs, args.against) and args.against_format == args.source_format and not args.against_option
    sources = targets if itself else read_inputs(args.against, args.against_format, options)
    options.check()
    report = overlap(targets, sources, threshold=args.threshold)
    if args.json:
        print_json(report.to_json(details=args.details))
        return 0
    console = make_console()
    console.print(report.table())
    if args.details:
        for pair in report.pairs:
            console.print(f"{pair.kind:9} {pair.similarity:.3f}  {pair.target.corpus}:{pair.target.id}  "
                          f"{pair.source.corpus}:{pair.source.id}", markup=False)
    return 0


def _same_files(a: list[str], b: list[str]) -> bool:
    """Whether ``a`` and ``b`` name the same files, in any order or spelling."""
    def files(paths: list[str]) -> list[tuple[int, int]] | None:
        try:
            return sorted((s.st_dev, s.st_ino) for s in map(os.stat, paths))
        except OSError:
            return None

    return files(a) is not None and files(a) == files(b)


def _sizes(spec: str) -> list[int]:
    """``160,640`` or WinoGrande's names ``xs,s,m`` (mixed freely) → sizes in items."""
    from wino_toolkit.splits import WINOGRANDE_SIZES

    sizes = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        if part.lower() in WINOGRANDE_SIZES:
            sizes.append(WINOGRANDE_SIZES[part.lower()])
        elif part.isdigit() and int(part) > 0:
            sizes.append(int(part))
        else:
            raise ParameterError(f"--sizes takes item counts or {'/'.join(n.upper() for n in WINOGRANDE_SIZES)}, not {part!r}")
    if not sizes:
        raise ParameterError("--sizes gives no size")
    return sorted(set(sizes))


def cmd_train(args: argparse.Namespace) -> int:
    from wino_toolkit import launch

    from .experiments import grid_search, learning_curve, parse_grid
    from wino_toolkit.tuning import fine_tune
    from .options import config_from_args, seeds_from_args

    config, seeds = config_from_args(args), seeds_from_args(args)
    grid = parse_grid(args.grid or [])
    sizes = _sizes(args.sizes) if args.sizes else None
    if sizes and grid:
        raise ParameterError("--sizes and --grid are separate experiments: run one at a time")
    if args.evaluate and not sizes:
        raise ParameterError("--eval is the learning curve's evaluation set: give --sizes too (a run's own dev split is --dev)")
    out = Path(args.output)
    check_output_dir(out, "-o", "wino train")
    resolve_model(args.model, what="encoder")  # before any reading
    options = ReaderOptions(key_values(args.read_option, "-O"))
    items = read_inputs(args.inputs, args.source_format, options)
    dev = read_inputs(args.dev, args.source_format, options) if args.dev else None
    evaluate_on = read_inputs(args.evaluate, args.source_format, options) if args.evaluate else dev
    options.check()
    console = make_console(stderr=True)
    with item_progress(console, "steps") as bar:
        progress = labelled_tasks(bar, "fine-tuning")
        if sizes:
            if not dev and not args.evaluate:
                raise ParameterError("a learning curve needs --eval CORPUS (or --dev) to measure the accuracy on")
            # named by the corpora read (wsc273 with -O subset=wsc273), then the files they came from
            target = (" + ".join(sorted({i.corpus for i in evaluate_on})) + " ("
                      + ", ".join(Path(p).name for p in (args.evaluate or args.dev)) + ")")
            result = learning_curve(items, model=args.model, sizes=sizes, output_dir=out, evaluate_on=evaluate_on,
                                    dev=dev if args.evaluate else None, seeds=seeds, config=config, target=target,
                                    progress=progress)
        elif grid or len(seeds) > 1:
            result = grid_search(items, model=args.model, output_dir=out, grid=grid, seeds=seeds, dev=dev, config=config,
                                 progress=progress)
        else:
            run = fine_tune(items, model=args.model, output_dir=out, dev=dev, config=config, resume=args.resume,
                            progress=lambda step, total: progress("", step, total))
            if not launch.is_main():  # under torchrun / accelerate launch the main process reports
                return 0
            if args.json:
                print_json(run.to_json())
            else:
                accuracy = "-" if run.dev_accuracy is None else f"{run.dev_accuracy:.3f}"
                make_console().print(f"dev accuracy {accuracy} ({run.dev_items} items; trained on {run.train_items}, "
                                     f"{run.seconds:.0f} s on {run.device}); model in {run.model_dir}\n{run.signature}",
                                     markup=False)
            if run.skip_reasons:
                console.print(skip_summary(run.skip_reasons, "skipped {n} item(s), not trained or measured on"),
                              markup=False)
            return 0
    if not launch.is_main():
        return 0
    files = result.save(out)
    record = result.to_json()
    if args.json:
        print_json(record)
    else:
        make_console().print(result.table())
    if record.get("skip_reasons"):
        what = "evaluation item(s), not scored" if sizes else "item(s), not trained or measured on"
        console.print(skip_summary(record["skip_reasons"], "skipped {n} " + what), markup=False)
    console.print("wrote " + ", ".join(map(str, files)))
    return 0


def add_train_commands(subparsers: Any) -> None:
    """Add ``train`` to ``wino``'s sub-parsers."""
    from .options import add_training_options

    p = subparsers.add_parser("train", help="fine-tune an encoder: one run, a grid over seeds, or a learning curve",
                              description="Fine-tune an encoder on a corpus with the transformers Trainer (multiple "
                              "choice over the filled sentences, or NLI pairs). One run writes RUN_DIR/model and "
                              "run.json (checkpoints/ only while it trains, unless --keep-checkpoints); --grid or "
                              "--seeds N writes grid.json/.md; --sizes writes curve.json/.md/.png/.svg.")
    p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="training corpus file(s); the format is detected")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
    add_reader_option(p)
    p.add_argument("-o", "--output", required=True, metavar="RUN_DIR", type=output_dir(*RUN), help="the run (or grid, or curve) directory")
    p.add_argument("--dev", nargs="+", metavar="CORPUS", type=input_path, help="development split for early stopping and model choice "
                   "(default: a twin-safe tenth of the training corpus, drawn with the seed)")
    p.add_argument("--grid", action="append", metavar="SETTING=V1,V2", help="a setting's values to try, e.g. lr=1e-5,2e-5 "
                   "(repeatable; every combination runs with every seed)")
    p.add_argument("--sizes", metavar="N,N|XS,S,...", help="learning curve: nested twin-safe training samples of these "
                   "sizes (WinoGrande's XS=160 S=640 M=2558 L=10234 XL=40398)")
    p.add_argument("--eval", dest="evaluate", nargs="+", metavar="CORPUS", type=input_path, help="the learning curve's evaluation corpus")
    p.add_argument("--resume", action="store_true", help="continue the run from its newest complete checkpoint in RUN_DIR "
                   "(with the settings, model and data it started with)")
    p.add_argument("--json", action="store_true", help="the run record (or grid, curve) as JSON")
    add_training_options(p)
    add_verbose_option(p)
    p.set_defaults(func=cmd_train)


def add_data_commands(subparsers: Any) -> None:
    """Add ``split`` and ``overlap`` to ``subparsers`` (``wino data``'s)."""
    p = subparsers.add_parser("split", help="split a corpus into train/dev(/test) by whole twin groups",
                              description="Split a corpus into train, dev (and test) without separating the versions "
                              "of a schema; writes DIR/train.jsonl, DIR/dev.jsonl (DIR/test.jsonl) and DIR/split.json.")
    p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="corpus file(s); the format is detected from content")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
    add_reader_option(p)
    p.add_argument("--dev", type=float, default=0.1, metavar="FRACTION", help="fraction of schemas for dev (default 0.1)")
    p.add_argument("--test", type=float, metavar="FRACTION", help="fraction of schemas for test (default: no test split)")
    p.add_argument("--seed", type=int, default=0, help="seed of the draw (recorded in split.json)")
    p.add_argument("-o", "--output", required=True, metavar="DIR", type=output_dir("train.*", "dev.*", "test.*", "split.json"), help="directory for the split files")
    p.add_argument("--to", default="jsonl", metavar="FORMAT", help="format of the split files (default jsonl, lossless)")
    p.add_argument("--json", action="store_true", help="print split.json instead of a table")
    p.set_defaults(func=cmd_split)

    p = subparsers.add_parser("overlap", help="contamination: items of TARGET found (exactly or nearly) in SOURCE",
                              description="Which items of the target corpora also occur in the source corpora: equal "
                              "after normalisation, one inside the other, or near-duplicates by word Jaccard similarity.")
    p.add_argument("inputs", nargs="+", metavar="TARGET", type=input_path, help="corpus file(s) evaluated on")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="format of the targets (default: detected)")
    add_reader_option(p)
    p.add_argument("--against", nargs="+", required=True, metavar="SOURCE", type=input_path, help="corpus file(s) trained on")
    p.add_argument("--against-from", dest="against_format", metavar="FORMAT", help="format of the sources (default: detected)")
    p.add_argument("-A", dest="against_option", action="append", metavar="KEY=VALUE",
                   help="deprecated: -O SOURCE:KEY=VALUE (a reader option of the sources only)")
    p.add_argument("--threshold", type=float, default=0.9, help="least word Jaccard similarity of a near-duplicate (default 0.9)")
    p.add_argument("--json", action="store_true", help="print counts per target corpus as JSON")
    p.add_argument("--details", action="store_true", help="also list every pair (target, source, kind, similarity)")
    p.set_defaults(func=cmd_overlap)


def cmd_transfer(args: argparse.Namespace) -> int:
    from wino_toolkit import launch
    from .options import config_from_args, seeds_from_args
    from .transfer import by_corpus_and_language, save_transfer, transfer, transfer_json

    config, seeds = config_from_args(args), seeds_from_args(args)
    out = Path(args.output)
    check_output_dir(out, "-o", "wino eval transfer")
    resolve_model(args.model, what="encoder")  # before any reading
    options = ReaderOptions(key_values(args.read_option, "-O"))
    options.add_to_each(args.train, deprecated_options(args.train_option, "-T", args.train))
    trained = [(path, read_inputs(path, args.train_format, options)) for path in args.train]
    evaluated = [(path, read_inputs(path, args.source_format, options)) for path in args.eval]
    options.check()
    sources = {}
    for path, items in trained:
        label = "+".join(sorted({i.corpus for i in items})) or Path(path).stem
        sources[label if label not in sources else f"{label} ({Path(path).name})"] = items
    targets: dict[str, list] = {}
    for _, items in evaluated:
        for label, found in by_corpus_and_language(items).items():
            targets.setdefault(label, []).extend(found)
    console = make_console(stderr=True)
    with item_progress(console, "steps") as bar:
        progress = labelled_tasks(bar, "fine-tuning")
        matrix = transfer(sources, targets, model=args.model, output_dir=out, seeds=seeds, config=config,
                                  finetune_targets=args.ft, split_seed=args.split_seed, dedupe=args.dedupe,
                                  threshold=args.threshold, progress=progress)
    if not launch.is_main():  # the main process writes and reports
        return 0
    files = save_transfer(matrix, out)
    if args.json:
        print_json(transfer_json(matrix))
    elif args.markdown:
        sys.stdout.write(matrix.markdown())
    else:
        make_console().print(matrix.table())
    record = matrix.record
    found = {f"{s} → {t}": (n, record.overlap_routes[s][t]) for s, counts in record.overlap.items()
             for t, n in counts.items() if n}
    if found:
        console.print("overlap with the source" + (" (left out)" if args.dedupe else " (scored; --dedupe leaves it out)") + ": "
                      + "; ".join(f"{k}: {n} ({', '.join(f'{c} by {r}' for r, c in routes.items())})"
                                  for k, (n, routes) in found.items()), markup=False)
    for name, reason in record.unscorable.items():
        console.print(f"{name}: not scored ({reason})", markup=False)
    skips = {f"source {run['source']}": run.get("skip_reasons") for run in record.runs}  # its seeds skip alike
    skips.update({f"target {name}": reasons for name, reasons in record.skipped.items()})
    for label, reasons in skips.items():
        if reasons:
            console.print(skip_summary(reasons, label + ": skipped {n} item(s)"), markup=False)
    if record.reused:
        console.print(f"reused {len(record.reused)} finished run(s), not trained again: " + ", ".join(record.reused),
                      markup=False, soft_wrap=True)
    console.print("wrote " + ", ".join(map(str, files)))
    return 0


def add_transfer_command(group: Any) -> None:
    """``wino eval transfer``, added to the ``eval`` group by ``wino``'s parser: a training experiment shown among
    the evaluations."""
    from .options import add_training_options

    p = group.add_parser("transfer", help="fine-tune on each source corpus, evaluate on every target: the transfer matrix",
                       description="Fine-tune on each --train corpus (several seeds), score every --eval corpus (one "
                       "column per language), and write transfer.json, transfer.md and a heatmap (transfer.png/.svg).")
    p.add_argument("--train", nargs="+", required=True, metavar="CORPUS", type=input_path, help="source corpora, one row each")
    p.add_argument("--eval", nargs="+", required=True, metavar="CORPUS", type=input_path, help="target corpora, a column per corpus and language")
    p.add_argument("-o", "--output", required=True, metavar="DIR", type=output_dir("runs", "predictions", "transfer.*"), help="runs, predictions, transfer.json/.md/.png/.svg; "
                   "a run already there is loaded, not trained again")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="format of the --eval corpora (default: detected)")
    add_reader_option(p)
    p.add_argument("--train-from", dest="train_format", metavar="FORMAT", help="format of the --train corpora (default: detected)")
    p.add_argument("-T", dest="train_option", action="append", metavar="[FILE:]KEY=VALUE",
                   help="deprecated: -O TRAINFILE:KEY=VALUE (a reader option of the --train corpora only)")
    p.add_argument("--ft", action="store_true", help="also fine-tune each source's model on each target's train part "
                   "(the paper's -ft rows); both rows are then scored on the target's held-out test part")
    p.add_argument("--split-seed", type=integer(0), default=0, help="seed of the targets' train/dev/test split with --ft (default 0)")
    p.add_argument("--dedupe", action="store_true", help="leave target items that overlap the source out of the score")
    p.add_argument("--threshold", type=number(0, 1, above=True), default=0.9,
                   help="near-duplicate similarity counted as overlap, in (0, 1] (default 0.9)")
    p.add_argument("--json", action="store_true", help="the record (runs, overlap, matrix) as JSON")
    p.add_argument("--markdown", action="store_true", help="the matrix as a Markdown table")
    add_training_options(p)
    add_verbose_option(p)
    p.set_defaults(func=cmd_transfer)
