"""``wino aflite``: embed a corpus, filter it with AFLite, or do both and write the kept items.

Thin wrappers over :mod:`wino_toolkit.aflite`: arguments are checked before any work, the library
does the job, and this module prints progress (items/s and time left; phases) and a summary.
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

from wino_toolkit.argtypes import integer
from wino_toolkit.command_io import print_json, read_inputs, write_json
from wino_toolkit.console import add_reader_option, add_verbose_option, item_progress, make_console, renamed_option, skip_summary
from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.hub import resolve_model
from wino_toolkit.io import check_output_dir, check_output_file
from wino_toolkit.paths import derived_over_input, input_path, input_with, output_dir, output_path

__all__ = ["add_aflite_commands"]

WORK = ("embeddings.*", "chunks", "finetuned")  # what embedding writes in its work directory (-o, --work)

EPILOG = """examples:
  wino aflite run winogrande_xl.jsonl --model roberta-large -o debiased.jsonl --to winogrande
  wino aflite embed WSCollection.xml --model ./my-roberta -o work/          # work/embeddings.npy + .json, resumable
  wino aflite filter work/embeddings.npy --corpus WSCollection.xml -m 100 -k 10 -o report.json --plot report.png
"""


class _Embedding:
    """``progress(done, total)`` for :func:`~.embed.embed` on an :func:`~wino_toolkit.console.item_progress`."""

    def __init__(self, bar: Any):
        self.bar, self.task = bar, None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.task = self.bar.add_task("embedding", total=total)
        self.bar.update(self.task, completed=done, total=total)


class _Phases:
    """``progress(phase, row)`` for :class:`~.estimator.AFLite`: phases out of the most there can be."""

    def __init__(self, bar: Any, n: int, train_size: int, cutoff: int):
        self.bar = bar
        self.task = bar.add_task("filtering", total=max(1, -(-(n - train_size) // cutoff)), unit="phases")

    def __call__(self, phase: int, row: dict) -> None:
        self.bar.update(self.task, completed=phase + 1,
                        note=f"|D'| {row['size']:,}, removed {row['removed']}, {row['seconds']:.1f} s/phase")


def _estimator_params(args: argparse.Namespace) -> dict[str, Any]:
    params = {"n_estimators": args.n_estimators, "train_size": args.train_size, "cutoff": args.cutoff,
              "threshold": args.threshold, "random_state": args.seed, "backend": args.backend, "device": args.device}
    for name in ("n_estimators", "train_size", "cutoff"):
        if params[name] < 1:
            raise ParameterError(f"--{name.replace('_', '-')} must be at least 1")
    if not 0 <= args.threshold <= 1:
        raise ParameterError("--tau must be within [0, 1]")
    return params


def _embed_options(args: argparse.Namespace) -> dict[str, Any]:
    from .finetune import FineTuneConfig

    options: dict[str, Any] = {"pooling": args.pooling, "max_length": args.max_length, "batch_size": args.batch_size,
                               "chunk_size": args.chunk_size,
                               "device": args.device, "dtype": args.dtype, "seed": args.seed}
    if args.finetune:
        options["fine_tune"] = FineTuneConfig(train_size=args.finetune_train, val_size=args.finetune_val)
    return options


def cmd_embed(args: argparse.Namespace) -> int:
    from wino_toolkit import launch

    from .embed import embed

    check_output_dir(args.output, "-o", "wino aflite embed")
    resolve_model(args.model, what="encoder")  # before any reading
    items = read_inputs(args.inputs, args.source_format, args.read_option)
    options = _embed_options(args)
    console = make_console(stderr=True)
    main = launch.is_main()  # under torchrun / accelerate launch, the main process shows and reports
    with item_progress(console) as bar:
        emb = embed(items, model=args.model, output_dir=args.output, progress=_Embedding(bar) if main else None, **options)
    if not main:
        return 0
    reused = f", {emb.reused_chunks} chunk(s) reused" if emb.reused_chunks else ""
    console.print(f"embedded {len(emb.ids)} instances ({emb.X.shape[1]} dimensions{reused}) into "
                  f"{Path(args.output) / 'embeddings.npy'}", markup=False)
    _print_skipped(emb, console)
    console.print(emb.signature)
    return 0


def _print_skipped(emb: Any, console: Any) -> None:
    """The items left out of the embeddings (no answer, no blank form), grouped by reason."""
    if emb.meta.get("skipped"):
        console.print(skip_summary((s["reason"] for s in emb.meta["skipped"]), "skipped {n} item(s), not embedded"),
                      markup=False)


def cmd_filter(args: argparse.Namespace) -> int:
    from .embed import load_embeddings
    from .pipeline import filter_embeddings

    params = _estimator_params(args)
    check_output_file(args.output, "-o")
    check_output_file(args.plot, "--plot")
    emb = load_embeddings(args.embeddings)
    if len(emb.ids) < 2:
        raise WinoError(f"{args.embeddings}: holds {len(emb.ids)} instance(s); AFLite needs at least 2 to filter")
    clock = time.perf_counter()
    items = read_inputs(args.corpus, args.source_format, args.read_option) if args.corpus else None
    reading = time.perf_counter() - clock
    console = make_console(stderr=True)
    with item_progress(console) as bar:
        result = filter_embeddings(emb, items=items, keep_twins=args.keep_twins, corpus_name=", ".join(args.corpus or ()),
                                   progress=_Phases(bar, len(emb.ids), args.train_size, args.cutoff), **params)
    result.report["seconds"] = {"read_corpus": round(reading, 3), **result.report["seconds"]}
    _outputs(result, args.output, args.plot, console)
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    import wino_toolkit as wt

    from .pipeline import run

    params = _estimator_params(args)
    to = args.to or "jsonl"
    wt.formats.get(to)  # an unknown format is refused before any work
    output = Path(args.output)
    stem = Path(args.report).with_suffix("") if args.report else output.with_name(output.stem)
    report, plot = Path(f"{stem}.json" if args.report else f"{stem}.aflite.json"), Path(f"{stem}.png" if args.report else f"{stem}.aflite.png")
    check_output_file(output, "-o")
    if not args.report and (not os.access(report.parent, os.W_OK) or report.parent == Path("/dev")):
        raise WinoError(f"{report}: cannot write the report beside the output there; give --report PATH.json")
    work = Path(args.work) if args.work else report.with_name(report.name.replace(".json", "") + "-work")
    derived = {**({} if args.report else {"--report": report}), "the plot beside the report": plot,
               **({} if args.work else {"--work": work})}
    clash = derived_over_input(derived, args.inputs)
    if clash:
        raise ParameterError(f"{clash} (name it: --report PATH.json, --work DIR)")
    for path in (report, plot):  # the plot goes beside the report
        check_output_file(path, "--report")
    check_output_dir(work, "--work", "wino aflite run")
    resolve_model(args.model, what="encoder")  # before any reading
    items = read_inputs(args.inputs, args.source_format, args.read_option)
    console = make_console(stderr=True)
    with item_progress(console) as bar:
        phases: list[_Phases] = []

        def filtering(phase: int, row: dict) -> None:
            if not phases:
                phases.append(_Phases(bar, row["size"], args.train_size, args.cutoff))
            phases[0](phase, row)

        kept, result = run(items, model=args.model, work_dir=work, keep_twins=args.keep_twins,
                           embed_options=_embed_options(args), embed_progress=_Embedding(bar), filter_progress=filtering,
                           **params)
    _print_skipped(result.embeddings, console)
    n = wt.write(kept, output, to=to)
    _outputs(result, report, plot, console)
    console.print(f"wrote {n} kept items to {output} ({to})")
    return 0


def _outputs(result: Any, report: str | Path | None, plot: str | Path | None, console: Any) -> None:
    """The report (JSON), the plot, and a summary line with the signature."""
    if plot is not None and 0 < result.keep_mask.sum() < len(result.keep_mask):
        from .assess import plot_assessment

        emb = result.embeddings
        plot_assessment(emb.X, emb.y, result.keep_mask, plot, title="AFLite", random_state=result.report["seed"] or 0,
                        device=result.estimator.device)
        result.report["plot"] = str(plot)
    if report is None:
        print_json(result.report)
    else:
        write_json(result.report, report)
    r = result.report
    twins = r["twins"]
    line = (f"kept {r['kept']} of {r['instances']} instances in {len(r['history'])} phase(s); "
            f"{twins['broken']} of {twins['groups']} twin groups broken")
    if twins["keep_twins"] and twins["removed_with_their_twin"]:
        line += f" ({twins['removed_with_their_twin']} removed with their twin)"
    if "assessment" in r:
        a = r["assessment"]["aflite"]
        line += (f"; KL on the label direction {a['before']['kl_direction']:.3f} → {a['after']['kl_direction']:.3f}, "
                 f"linear accuracy {a['before']['cv_accuracy']:.3f} → {a['after']['cv_accuracy']:.3f} "
                 f"(folds grouped by {'schema' if '|groups:schema|' in a['signature'] else 'row: no corpus given'}; "
                 f"chance {a['after']['majority_accuracy']:.3f})")
    console.print(line)
    console.print(r["signature"])


def add_aflite_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``aflite`` and its sub-commands to ``wino``'s sub-parsers."""
    aflite = subparsers.add_parser("aflite", help="AFLite adversarial filtering on transformer embeddings",
                                   description="WinoGrande's AFLite (Algorithm 1): embed, filter, write the kept items.",
                                   epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = aflite.add_subparsers(dest="aflite_command", required=True, metavar="COMMAND")

    def corpus(p: argparse.ArgumentParser) -> None:
        p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="corpus file(s); the format is detected from content")
        reading(p)

    def reading(p: argparse.ArgumentParser) -> None:
        p.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
        add_reader_option(p)

    def embedding(p: argparse.ArgumentParser) -> None:
        p.add_argument("--model", default="roberta-large", type=input_path, help="Hugging Face encoder name or local path (default roberta-large)")
        p.add_argument("--pooling", choices=("cls", "mean"), default="cls", help="first token (default) or mean over tokens")
        p.add_argument("--max-length", type=integer(1), default=256, metavar="N", help="tokens per instance (default 256)")
        p.add_argument("--batch-size", type=integer(1), default=32, metavar="N")
        p.add_argument("--chunk-size", type=integer(1), default=1024, metavar="N", help="instances per saved chunk: the "
                       "unit a rerun reuses and several processes (torchrun) share out (default 1024)")
        p.add_argument("--dtype", default="auto", choices=("auto", "float32", "bfloat16", "float16"),
                       help="auto: bf16 on GPUs that have it, else fp16 on GPU, fp32 on CPU")
        p.add_argument("--finetune", action="store_true", help="the paper's recipe: fine-tune the encoder as a multiple-choice "
                       "model on a random held-out subset first, embed the rest, leave the subset out")
        p.add_argument("--finetune-train", type=integer(1), default=5000, metavar="N", help="fine-tuning instances (paper: 5,000)")
        p.add_argument("--finetune-val", type=integer(1), default=1000, metavar="N", help="validation instances (paper: 1,000)")
        add_verbose_option(p)

    def filtering(p: argparse.ArgumentParser) -> None:
        p.add_argument("-n", "--n-estimators", type=int, default=64, help="partitions per phase (paper: 64)")
        p.add_argument("-m", "--train-size", type=int, default=10_000, help="training instances per partition (paper: 10,000)")
        p.add_argument("-k", "--cutoff", type=int, default=500, help="most instances removed per phase (paper: 500)")
        renamed_option(p, "--tau", dest="threshold", old=["--threshold"], type=float, default=0.75,
                       help="least score of a removed instance (paper: 0.75)")
        p.add_argument("--backend", choices=("torch", "sklearn"), default="torch",
                       help="torch: all classifiers fitted together (default); sklearn: the reference, one by one")
        p.add_argument("--keep-twins", action="store_true", help="a schema's versions share one fate: all go when one is removed")

    p = sub.add_parser("embed", help="embed a corpus's instances (blank form) with a transformer encoder")
    corpus(p)
    embedding(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", type=output_dir(*WORK), help="work directory: embeddings.npy + .json, resumable chunks")
    p.add_argument("--device", default="auto", help="auto (GPU when present), cpu, cuda, cuda:1")
    p.add_argument("--seed", type=integer(0), default=0)
    p.set_defaults(func=cmd_embed)

    p = sub.add_parser("filter", help="run AFLite on saved embeddings; report (JSON) and plot")
    p.add_argument("embeddings", metavar="EMBEDDINGS", type=input_with(".json"), help="embeddings.npy written by `wino aflite embed` (with its .json)")
    p.add_argument("--corpus", nargs="+", metavar="CORPUS", type=input_path, help="the corpus they came from: twins and the PMI baseline")
    reading(p)
    filtering(p)
    p.add_argument("-o", "--output", metavar="JSON", type=output_path, help="report file (default: stdout)")
    p.add_argument("--plot", metavar="PNG", type=output_path, help="the assessment plot (PCA before/after, label histograms, KL)")
    p.add_argument("--device", default="auto", help="auto (GPU when present), cpu, cuda")
    p.add_argument("--seed", type=integer(0), default=0, help="seed of the partitions (recorded in the report)")
    p.set_defaults(func=cmd_filter)

    p = sub.add_parser("run", help="embed (or reuse the cache), filter, write the kept items plus report and plot")
    corpus(p)
    embedding(p)
    filtering(p)
    p.add_argument("-o", "--output", required=True, metavar="OUT", type=output_path, help="kept items (a file, /dev/stdout, a FIFO)")
    p.add_argument("--report", metavar="JSON", type=output_path, help="report path, the plot beside it as .png (default: OUT's stem + "
                   ".aflite.json / .aflite.png)")
    p.add_argument("--to", metavar="FORMAT", help="output format (default jsonl)")
    p.add_argument("--work", metavar="DIR", type=output_dir(*WORK), help="embedding cache (default: the report's stem + -work/)")
    p.add_argument("--device", default="auto", help="auto (GPU when present), cpu, cuda")
    p.add_argument("--seed", type=integer(0), default=0)
    p.set_defaults(func=cmd_run)
    return aflite
