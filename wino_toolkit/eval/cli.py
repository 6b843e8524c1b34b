"""``wino eval lm``: zero-shot accuracy of a causal LM on any corpus, with the evidence behind each number.

A thin wrapper: arguments are checked before loading anything, :mod:`.score` scores, :mod:`.results`
tabulates, and this module prints the table (or JSON) and writes the per-item predictions.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from wino_toolkit._version import __version__
from wino_toolkit.argtypes import integer, number
from wino_toolkit.command_io import print_json, read_inputs
from wino_toolkit.console import (add_reader_option, add_verbose_option, item_progress, key_values,
                                  make_console, skip_summary)
from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.hub import check_adapter, resolve_model
from wino_toolkit.io import atomic_output, check_output_dir, check_output_file, text_writer
from wino_toolkit.paths import input_path, output_dir, output_path

__all__ = ["add_eval_commands"]


def cmd_lm(args: argparse.Namespace) -> int:
    from wino_toolkit import launch
    from .api import evaluate, files_checksum, read_subsets
    from .models import DTYPES, MODEL_KINDS
    from .score import NORMALIZATIONS

    if args.normalization not in NORMALIZATIONS or args.dtype not in DTYPES:
        raise ParameterError("unknown --normalization or --dtype")
    if args.num_fewshot and args.method == "mlm":  # a usage error, before any model is looked up
        raise ParameterError("--num-fewshot needs a causal LM method (partial or full), not mlm")
    check_output_file(args.predictions, "--predictions")
    placement = _placement(args)
    resolve_model(args.model, what=MODEL_KINDS["masked" if args.method == "mlm" else "causal"])  # before any reading
    subsets = read_subsets(args.subsets) if args.subsets else None
    if args.cache:
        check_output_dir(args.cache, "--cache", "wino eval lm")
    options = key_values(args.read_option, "-O")
    items = read_inputs(args.inputs, args.source_format, options)
    shots = read_inputs(args.fewshot_from, args.source_format, options) if args.fewshot_from else None
    checksum = files_checksum(args.inputs)
    console = make_console(stderr=True)
    main = launch.is_main()  # under torchrun / accelerate launch, the first process shows and writes
    with item_progress(console, "sequences") as bar:
        task = bar.add_task("scoring", total=None)
        results = evaluate(items, model=args.model, method=args.method, normalization=args.normalization,
                           batch_size=args.batch_size, device=args.device, dtype=args.dtype, switched=args.switched,
                           subsets=subsets, seed=args.seed, data=checksum, num_fewshot=args.num_fewshot,
                           fewshot_from=shots, cache=args.cache, backend=args.backend,
                           tensor_parallel=args.tensor_parallel, **placement,
                           progress=(lambda done, total: bar.update(task, completed=done, total=total)) if main else None)
    scores = results.scores
    if not scores.items:  # an empty table would pass for a result
        raise WinoError(skip_summary((s.reason for s in scores.skipped), "nothing to score: all {n} items were skipped",
                                     one_line=True))
    if not main:
        return 0
    if args.predictions:
        with atomic_output(args.predictions) as fh, text_writer(fh) as out:
            for s in scores.items:
                out.write(json.dumps(s.to_dict(), ensure_ascii=False) + "\n")
    note = results.note and results.note + (f"; predictions written to {args.predictions}" if args.predictions
                                            else "; --predictions FILE writes what the model chose")
    if args.json:
        print_json(results.to_json())
    elif not results.rows:  # every item scored is unlabeled: this line is the result, not an empty table
        print(note)
    elif args.markdown:
        sys.stdout.write(results.markdown())
    else:
        make_console().print(results.table())
    if note and results.rows:
        console.print(note, markup=False)
    if scores.skipped:
        console.print(skip_summary((s.reason for s in scores.skipped), "skipped {n} item(s), not scored"), markup=False)
    return 0


def _add_placement_options(p: argparse.ArgumentParser) -> None:
    """``--device-map``, ``--load-in``, ``--peft``: a model larger than one device, quantized, or with an adapter."""
    from .models import DEVICE_MAPS, QUANTIZATIONS

    p.add_argument("--device-map", choices=DEVICE_MAPS, help="shard the model over the GPUs, then the CPU (accelerate's "
                   "big-model loading): a model larger than one GPU; not with torchrun / accelerate launch")
    p.add_argument("--load-in", dest="quantize", choices=QUANTIZATIONS, help="load the weights quantized (bitsandbytes, "
                   "a CUDA GPU; pip install 'wino-toolkit[quant]')")
    p.add_argument("--peft", metavar="DIR", type=input_path, help="a PEFT adapter (adapter_config.json and weights) put on the model "
                   "(pip install 'wino-toolkit[peft]')")


def _placement(args: argparse.Namespace) -> dict[str, Any]:
    """The placement options, the adapter directory checked before any work."""
    if args.peft is not None:
        check_adapter(args.peft)
    return {"device_map": args.device_map, "quantize": args.quantize, "peft": args.peft}


def _batch_size(text: str) -> int | str:
    """``auto``, or a whole number of at least 1 (an argparse type: anything else is a usage error)."""
    return text if text == "auto" else integer(1)(text)


def cmd_winologic(args: argparse.Namespace) -> int:
    from wino_toolkit import launch

    from .models import MODEL_KINDS, load_lm, load_nli, loading_identity, model_identity
    from wino_toolkit.forms import FormReport

    from .winologic import BASELINES, judge_by_nli, judge_knowledge, knowledge_table, render_knowledge_table

    placement = {k: v for k, v in _placement(args).items() if v is not None}
    resolve_model(args.model, what=MODEL_KINDS["nli" if args.baseline == "nli" else "causal"])  # before any reading
    items = read_inputs(args.inputs, args.source_format)
    report = FormReport()
    device = launch.device(args.device)  # under torchrun / accelerate launch: this process's GPU
    if args.baseline == "nli":
        model, tokenizer, dtype = load_nli(args.model, device=device, dtype=args.dtype, **placement)
        judgements = judge_by_nli(items, model=model, tokenizer=tokenizer, batch_size=args.batch_size, report=report)
    else:
        model, tokenizer, dtype = load_lm(args.model, device=device, dtype=args.dtype, **placement)
        judgements = judge_knowledge(items, model=model, tokenizer=tokenizer, batch_size=args.batch_size, report=report)
    reasons = [s.reason for s in report.skipped]
    if not judgements:  # an empty table would pass for a result
        raise WinoError(skip_summary(reasons, "nothing to judge: all {n} items were skipped", one_line=True))
    if not launch.is_main():  # the main process reports
        return 0
    if reasons:
        make_console(stderr=True).print(skip_summary(reasons, "skipped {n} item(s), not judged"), markup=False)
    rows = knowledge_table(judgements)
    signature = (f"winologic-{BASELINES[args.baseline][0]}|model:{model_identity(args.model, model)}"
                 f"{loading_identity(**placement)}|dtype:{dtype}|v:{__version__}")
    if args.json:
        print_json({"signature": signature, "rows": rows})
        return 0
    make_console().print(render_knowledge_table(rows, baseline=args.baseline, signature=signature))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from .compare import compare_predictions

    result = compare_predictions(args.a, args.b)
    if args.json:
        print_json(result.to_dict())
        return 0
    verdict = "a difference" if result.p_value < args.alpha else "no significant difference"
    make_console().print(
        f"{result.items} items in common: A {result.accuracy_a:.3f}, B {result.accuracy_b:.3f}; right only in A {result.a_only}, "
        f"only in B {result.b_only}; McNemar exact p = {result.p_value:.4g}: {verdict} at alpha {args.alpha}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    out = Path(args.output)
    check_output_dir(out, "-o", f"wino data export {args.target}")
    if args.target == "hf" and (args.num_fewshot or args.fewshot_from):
        raise ParameterError("--num-fewshot and --fewshot-from are for lm-eval exports, not hf")
    if args.target == "hf" and out.is_dir() and any(out.iterdir()):
        raise WinoError(f"{out}: exists and is not an empty directory")
    items = read_inputs(args.inputs, args.source_format, args.read_option)
    console = make_console(stderr=True)
    if args.target == "hf":
        from wino_toolkit.export import to_hf_dataset

        dataset = to_hf_dataset(items)
        dataset.save_to_disk(str(out))
        console.print(f"wrote {len(items)} items as a Hugging Face dataset to {out} (datasets.load_from_disk)")
        return 0
    from .lm_eval_export import export_lm_eval

    fewshot = None
    if args.num_fewshot:
        from .fewshot import FewShot
        from .score import shot_pool

        pool = read_inputs(args.fewshot_from, args.source_format, args.read_option) if args.fewshot_from else items
        fewshot = FewShot(shot_pool(pool, "partial"), args.num_fewshot, args.seed)
    exported = export_lm_eval(items, args.output, name=args.name, fewshot=fewshot)
    console.print(f"wrote {len(exported.files)} files to {args.output}; run: lm_eval --include_path {args.output} --tasks "
                  f"wino_{args.name}_all", markup=False)
    if exported.report.skipped:
        console.print(skip_summary((s.reason for s in exported.report.skipped), "skipped {n} item(s), not exported"),
                      markup=False)
    if exported.split_repeats:
        repeats = exported.split_repeats
        console.print(f"{len(repeats)} item(s) repeat another's text cut elsewhere ({', '.join(repeats[:3])}"
                      f"{', ...' if len(repeats) > 3 else ''}): lm-eval's logits cache misscores one of each pair; run "
                      "with --model_args ...,logits_cache=False", markup=False)
    return 0


def add_export_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``export`` (``lm-eval``, ``hf``) to ``subparsers`` (``wino data``'s)."""
    export = subparsers.add_parser("export", help="export a corpus as an lm-eval task folder or a Hugging Face dataset")
    export.add_argument("target", choices=("lm-eval", "hf"), help="lm-eval: a task folder lm_eval runs as it is; hf: "
                        "a DatasetDict by split (save_to_disk)")
    export.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path)
    export.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
    add_reader_option(export)
    export.add_argument("-o", "--output", required=True, metavar="DIR", type=output_dir("wino_*", "utils.py"))
    export.add_argument("--name", default="corpus", help="name of the lm-eval group (default corpus: wino_corpus_all)")
    export.add_argument("--num-fewshot", type=integer(0), default=0, metavar="K", help="lm-eval only: the K shots wino "
                        "eval lm --num-fewshot draws, written into each context (run the tasks zero-shot)")
    export.add_argument("--fewshot-from", metavar="CORPUS", type=input_path, help="the corpus the shots are drawn from (default: the export's)")
    export.add_argument("--seed", type=integer(0), default=0, help="seed of the shots' draw, as wino eval lm --seed")
    export.set_defaults(func=cmd_export)
    return export


def add_eval_commands(subparsers: Any, more: Sequence[Callable[[Any], None]] = ()) -> argparse.ArgumentParser:
    """Add ``eval`` and its sub-commands to ``wino``'s sub-parsers; each of ``more`` adds one of another package's
    (the group is what a user evaluates; where the code lives is the library's business)."""
    from .score import METHODS, NORMALIZATIONS

    evaluation = subparsers.add_parser("eval", help="zero-shot evaluation of language models",
                                       description="Zero-shot evaluation of language models on any corpus.")
    sub = evaluation.add_subparsers(dest="eval_command", required=True, metavar="COMMAND")
    p = sub.add_parser("lm", help="score a language model: partial (lm-eval's WinoGrande definition), full or mlm")
    p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="corpus file(s); the format is detected from content")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
    add_reader_option(p)
    p.add_argument("--model", required=True, type=input_path, help="Hugging Face causal LM (masked LM for --method mlm): hub name or local path")
    p.add_argument("--method", default="partial", choices=METHODS,
                   help="partial: the shared rest after each candidate (default); full: the whole filled sentence; "
                   "mlm: the candidate's tokens masked (a masked LM)")
    p.add_argument("--normalization", default="sum", choices=NORMALIZATIONS, help="sum (default), per token or per byte")
    p.add_argument("--batch-size", type=_batch_size, default=16, metavar="N", help="requests per forward pass, or auto: 64, halved on "
                   "each out-of-memory error (default 16)")
    p.add_argument("--device", default="auto", help="auto (GPU when present), cpu, cuda")
    p.add_argument("--dtype", default="auto", help="auto, float32, bfloat16, float16")
    p.add_argument("--switched", action="store_true", help="also score each item with its candidates' mentions switched "
                   "(Trichelair et al.): consistency = right on both (items whose meta says is_switchable: false are left out)")
    p.add_argument("--subsets", metavar="JSON", type=input_path, help="item id → subset label (e.g. associative / non-associative): one more "
                   "row per subset; the Portuguese WSC's is_associative is used without it")
    p.add_argument("--predictions", metavar="JSONL", type=output_path, help="one line per item: scores, tokens, prediction, gold, strings scored")
    p.add_argument("--json", action="store_true", help="the results as JSON")
    p.add_argument("--markdown", action="store_true", help="the results as a Markdown table")
    p.add_argument("--seed", type=integer(0), default=0, help="seed of the bootstrap intervals and of the few-shot draws "
                   "(recorded in the signature)")
    p.add_argument("--num-fewshot", type=integer(0), default=0, metavar="K", help="K solved examples before each item, in "
                   "lm-eval's WinoGrande format; never from the item's own schema (default 0: zero-shot)")
    p.add_argument("--fewshot-from", metavar="CORPUS", type=input_path, help="the corpus the shots are drawn from (default: the corpus scored)")
    p.add_argument("--cache", metavar="DIR", type=output_dir("requests.sqlite*"), help="keep every request's score in DIR/requests.sqlite: a killed run resumes, "
                   "a repeated one scores nothing again")
    _add_placement_options(p)
    p.add_argument("--backend", choices=("hf", "vllm"), default="hf", help="hf: transformers (default); vllm: the same "
                   "requests scored by vLLM's prompt log-probabilities (a CUDA GPU; pip install 'wino-toolkit[vllm]')")
    p.add_argument("--tensor-parallel", type=integer(1), metavar="N", help="vllm: split the model over N GPUs "
                   "(default: all)")
    add_verbose_option(p)
    p.set_defaults(func=cmd_lm)

    p = sub.add_parser("winologic", help="WinoLogic baselines: can an LM (1) or an NLI model (3) tell true knowledge from false?")
    p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="WinoLogic file(s) or rendered problems (wino logic render --items)")
    p.add_argument("--from", dest="source_format", metavar="FORMAT", help="corpus format (default: detected)")
    p.add_argument("--model", required=True, type=input_path, help="causal LM (lm) or NLI sequence classifier (nli): hub name or local path")
    p.add_argument("--baseline", choices=("lm", "nli"), default="lm", help="lm: baseline 1 (default); nli: baseline 3")
    p.add_argument("--batch-size", type=integer(1), default=16, metavar="N")
    p.add_argument("--device", default="auto")
    p.add_argument("--dtype", default="auto")
    _add_placement_options(p)
    p.add_argument("--json", action="store_true")
    add_verbose_option(p)
    p.set_defaults(func=cmd_winologic)

    for add in more:  # commands of other packages that belong in the group (wino eval transfer)
        add(sub)

    p = sub.add_parser("compare", help="McNemar's exact test between two runs' predictions on the same items")
    p.add_argument("a", metavar="A.jsonl", type=input_path, help="predictions of run A (wino eval lm --predictions)")
    p.add_argument("b", metavar="B.jsonl", type=input_path, help="predictions of run B")
    p.add_argument("--alpha", type=number(0, 1, above=True, below=True), default=0.05, help="significance level (default 0.05)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_compare)
    return evaluation
