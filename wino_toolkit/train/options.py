"""The training options ``wino train`` and ``wino eval transfer`` share, and the settings they make."""
from __future__ import annotations

import argparse

from wino_toolkit.argtypes import integer, number
from wino_toolkit.paths import input_path

from wino_toolkit.tuning import PRECISIONS, TrainConfig

__all__ = ["add_training_options", "config_from_args", "seeds_from_args"]


def add_training_options(p: argparse.ArgumentParser) -> None:
    """The model and every :class:`~wino_toolkit.tuning.TrainConfig` setting as options (defaults: the WinoGrande recipe);
    an impossible value (``--max-steps -3``, ``--lr 0``) is a usage error at parsing."""
    d = TrainConfig()
    p.add_argument("--model", required=True, type=input_path, help="encoder to fine-tune: Hugging Face hub name or local path")
    g = p.add_argument_group("fine-tuning")
    g.add_argument("--form", choices=("mc", "nli"), default=d.form, help="mc: multiple choice over the filled sentences "
                   "(WinoGrande; default); nli: sequence classification of the NLI pairs (WNLI)")
    positive, count = number(0, above=True), integer(1)
    g.add_argument("--lr", type=positive, default=d.learning_rate, help=f"peak learning rate (default {d.learning_rate:g})")
    g.add_argument("--epochs", type=positive, default=d.epochs, help=f"default {d.epochs:g}")
    g.add_argument("--batch-size", type=count, default=d.batch_size, help=f"examples per device step (default {d.batch_size})")
    g.add_argument("--accumulation", type=count, default=d.gradient_accumulation, help="gradient accumulation steps (default 1)")
    g.add_argument("--warmup", type=number(0, 1, below=True), default=d.warmup_ratio,
                   help=f"share of steps warming up, in [0, 1) (default {d.warmup_ratio:g})")
    g.add_argument("--weight-decay", type=number(0), default=d.weight_decay, help=f"default {d.weight_decay:g}")
    g.add_argument("--max-length", type=count, default=d.max_length, help=f"tokens per choice (default {d.max_length})")
    g.add_argument("--patience", type=integer(0), default=d.patience, help="early stopping: evaluations without a better "
                   f"dev accuracy (default {d.patience}; 0: never stop early)")
    g.add_argument("--eval-steps", type=count, default=None, help="evaluate and checkpoint every N steps (default: each epoch)")
    g.add_argument("--max-steps", type=count, default=d.max_steps, metavar="N",
                   help="stop after N optimizer steps, whatever --epochs says (a smoke run; recorded in the signature)")
    g.add_argument("--precision", choices=PRECISIONS, default=d.precision, help="auto: bf16 on a GPU that has it, fp16 "
                   "on another GPU, fp32 on the CPU")
    g.add_argument("--device", choices=("auto", "cpu"), default=d.device, help="auto: the GPU when present")
    g.add_argument("--seed", type=integer(0), default=d.seed, help="first seed (default 0)")
    g.add_argument("--seeds", type=count, default=1, metavar="N", help="runs per setting, seeds SEED..SEED+N-1 (default 1)")
    g.add_argument("--keep-checkpoints", action="store_true", help="keep each run's checkpoints/ (optimizer and scheduler "
                   "states, for --resume) once it finishes; by default only model/ and run.json stay")


def config_from_args(args: argparse.Namespace) -> TrainConfig:
    return TrainConfig(form=args.form, learning_rate=args.lr, epochs=args.epochs, batch_size=args.batch_size,
                       gradient_accumulation=args.accumulation, warmup_ratio=args.warmup, weight_decay=args.weight_decay,
                       max_length=args.max_length, patience=args.patience or None, eval_steps=args.eval_steps,
                       max_steps=args.max_steps, precision=args.precision, device=args.device, seed=args.seed,
                       remove_checkpoints=not args.keep_checkpoints)


def seeds_from_args(args: argparse.Namespace) -> list[int]:
    return list(range(args.seed, args.seed + args.seeds))
