"""Benchmark: fine-tuning throughput with dynamic padding and length-grouped batches against padding every
batch to the maximum length (issue #12), on the CPU, in one run.

A RoBERTa encoder of 4 layers and 256 hidden units (random weights: speed does not depend on them) with a
byte-level BPE tokenizer trained here, fine-tuned as a multiple-choice model by ``fine_tune`` (the
transformers Trainer) for the same number of steps in each mode, on WinoGrande items (the shared
``train_s`` by default; any corpus with ``--corpus``). The target: at least 2x the examples/s.

    python tests/benchmarks/bench_train.py [--corpus PATH] [--steps 30] [--batch-size 16] [--max-length 128] [--repeat 3] [--write-md]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_md import machine, write_section  # noqa: E402
from tiny_lm import saved_byte_encoder  # noqa: E402

import wino_toolkit as wt  # noqa: E402
from wino_toolkit.tuning import encode, examples  # noqa: E402
from wino_toolkit.tuning import fine_tune  # noqa: E402

SHARED = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "winogrande" / "train_s.jsonl"

#: RoBERTa-large (355 M parameters) and WinoGrande-XL (40,398 items of 2 choices), the paper's fine-tuning
LARGE_PARAMETERS, XL_ITEMS = 355e6, 40_398


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=SHARED)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-length", type=int, default=128)
    parser.add_argument("--repeat", type=int, default=3, help="runs per mode, interleaved; the fastest counts")
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    import torch
    import transformers

    items = [i for i in wt.read(args.corpus) if i.answer is not None]
    modes = {"padded to max length, random batches": dict(pad_to_max_length=True, group_by_length=False),
             "dynamic padding, random batches": dict(pad_to_max_length=False, group_by_length=False),
             "dynamic padding, length-grouped batches": dict(pad_to_max_length=False, group_by_length=True)}
    with tempfile.TemporaryDirectory() as tmp:
        path = saved_byte_encoder([i.text for i in items], Path(tmp) / "encoder", positions=args.max_length, hidden=256,
                                  layers=4, vocab=4000)
        tokenizer = transformers.AutoTokenizer.from_pretrained(path)
        found = examples(items, "mc")
        real_tokens = sum(len(seq) for ids in encode(found, tokenizer, args.max_length) for seq in ids) / len(found)
        rates = dict.fromkeys(modes, 0.0)
        for k in range(args.repeat):  # interleaved, so a slow spell of the machine hits every mode alike
            for name, flags in modes.items():
                run = fine_tune(items, dev=[], model=path, output_dir=Path(tmp) / f"{name.replace(' ', '_')}-{k}", device="cpu",
                                max_steps=args.steps, batch_size=args.batch_size, max_length=args.max_length,
                                patience=None, learning_rate=1e-4, **flags)
                rates[name] = max(rates[name], args.steps * args.batch_size / run.seconds)
                print(f"{name}: {args.steps * args.batch_size / run.seconds:.1f} examples/s", file=sys.stderr)
        named = list(transformers.AutoModel.from_pretrained(path).named_parameters())
        params = sum(p.numel() for _, p in named)
        dense = sum(p.numel() for name, p in named if "embeddings" not in name)  # a lookup costs no multiply-adds
    base, best = rates["padded to max length, random batches"], rates["dynamic padding, length-grouped batches"]
    tokens_s = best * real_tokens
    cpu_flops = 6 * dense * tokens_s  # forward + backward: about 6 FLOPs per (non-embedding) parameter and token
    xl_tokens = XL_ITEMS * real_tokens * 3  # 3 epochs
    gpu_s = 6 * LARGE_PARAMETERS * xl_tokens / (0.4 * 990e12)  # H100 bf16 dense peak 990 TFLOP/s at 40% use
    padded_s = gpu_s * (2 * args.max_length) / real_tokens  # every choice padded to max length
    rows = "".join(f"| {name} | {rate:.1f} | {rate / base:.2f}x |\n" for name, rate in rates.items())
    body = (
        f"Best of {args.repeat} interleaved runs of {args.steps} optimizer steps of {args.batch_size} items (2 choices each) from `{args.corpus.name}` ({len(found)} items, "
        f"{real_tokens:.1f} real tokens an item over both choices), RoBERTa with 4 layers and 256 hidden units "
        f"({params / 1e6:.1f} M parameters, random weights), multiple-choice fine-tuning through `fine_tune` (the transformers "
        f"Trainer), CPU float32, torch {torch.__version__}, transformers {transformers.__version__}, {torch.get_num_threads()} threads, "
        f"max length {args.max_length}.\n\n"
        "| batches | examples/s | vs padded |\n|---|---:|---:|\n" + rows + "\n"
        f"Dynamic padding with length-grouped batches is **{best / base:.1f}x** the examples/s of padding to the maximum "
        f"length (target 2x). It trains on {tokens_s:,.0f} real tokens/s here, about {cpu_flops / 1e9:.0f} GFLOP/s "
        "(6 FLOPs per non-embedding parameter and token).\n\n"
        f"RoBERTa-large on WinoGrande-XL (GPU not lent to this task, so not measured): {XL_ITEMS:,} items x "
        f"{real_tokens:.0f} tokens x 3 epochs = {xl_tokens / 1e6:.1f} M tokens; at 6 x 355 M FLOPs a token and 40% of an "
        f"H100's 990 TFLOP/s in bf16, about {gpu_s:.0f} s of compute with dynamic padding, {padded_s / 60:.1f} min with every "
        f"choice padded to {args.max_length} tokens. Short sequences rarely keep a GPU 40% busy, so expect a few times "
        "that; a grid of learning rates and seeds multiplies it by the number of runs.\n\n"
        f"Command: `python tests/benchmarks/bench_train.py {' '.join(sys.argv[1:])}`. Machine: {machine()}.\n"
    )
    print(body)
    if args.write_md:
        write_section("Fine-tuning throughput (issue #12)", body)


if __name__ == "__main__":
    main()
