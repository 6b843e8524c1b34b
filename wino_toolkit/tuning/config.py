"""The settings of a fine-tuning run, checked when made: every one is recorded in ``run.json`` and compared
when a run is resumed or reused."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from wino_toolkit.errors import ParameterError

from .examples import FORMS

__all__ = ["TrainConfig", "PRECISIONS", "BOOKKEEPING"]

PRECISIONS = ("auto", "fp32", "bf16", "fp16")


@dataclass(frozen=True)
class TrainConfig:
    """Every setting of a fine-tuning run (all recorded in ``run.json``).

    Defaults follow the WinoGrande paper's RoBERTa recipe where it gives one (learning rate 1e-5,
    batch 16, 3 epochs, warm-up over a tenth of the steps).
    """

    form: str = "mc"  # "mc" (multiple choice) or "nli" (sequence classification of NLI pairs)
    learning_rate: float = 1e-5
    epochs: float = 3.0
    batch_size: int = 16  # items (mc) or pairs (nli) per device step
    eval_batch_size: int = 64
    warmup_ratio: float = 0.1  # share of the steps over which the learning rate rises linearly from 0
    weight_decay: float = 0.01
    gradient_accumulation: int = 1
    max_length: int = 128  # tokens per choice
    seed: int = 0  # the new head's weights, dropout and the order of examples
    patience: int | None = 3  # early stopping: evaluations without a better dev accuracy; None: never stop early
    eval_steps: int | None = None  # evaluate (and checkpoint) every N steps; None: at the end of each epoch
    keep_checkpoints: int | None = 2  # the newest checkpoints kept while training (and the best); None: all
    remove_checkpoints: bool = True  # delete checkpoints/ once the run finishes (model/ and run.json stay)
    max_steps: int = -1  # stop after this many optimizer steps (a smoke run); -1: the epochs decide
    precision: str = "auto"  # auto: bf16 on a GPU that has it, fp16 on another GPU, fp32 on the CPU
    group_by_length: bool = True  # length-grouped batches (padding is always to the batch's longest)
    pad_to_max_length: bool = False  # pad every batch to max_length (only to measure what dynamic padding saves)
    device: str = "auto"  # auto (GPU when present) or cpu

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ParameterError(f"form {self.form!r} is not one of {', '.join(FORMS)}")
        if self.precision not in PRECISIONS:
            raise ParameterError(f"precision {self.precision!r} is not one of {', '.join(PRECISIONS)}")
        for name in ("learning_rate", "epochs", "batch_size", "eval_batch_size", "gradient_accumulation", "max_length"):
            if not 0 < getattr(self, name) < math.inf:
                raise ParameterError(f"{name} must be positive, not {getattr(self, name)!r}")
        if not 0 <= self.warmup_ratio < 1:
            raise ParameterError(f"warmup_ratio must be in [0, 1), not {self.warmup_ratio!r}")
        if not 0 <= self.weight_decay < math.inf:
            raise ParameterError(f"weight_decay must be at least 0, not {self.weight_decay!r}")
        if self.max_steps != -1 and not self.max_steps >= 1:
            raise ParameterError(f"max_steps must be at least 1 (or -1: the epochs decide), not {self.max_steps!r}")
        for name, low in (("patience", 0), ("eval_steps", 1), ("keep_checkpoints", 1)):
            if getattr(self, name) is not None and not getattr(self, name) >= low:
                raise ParameterError(f"{name} must be at least {low} (or None), not {getattr(self, name)!r}")
        if not self.seed >= 0:
            raise ParameterError(f"seed must be at least 0, not {self.seed!r}")

    def replace(self, **changes: Any) -> TrainConfig:
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ParameterError(f"unknown training setting(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)


#: settings that change what is kept on disk or how fast the dev split is scored, never the trained weights
BOOKKEEPING = ("keep_checkpoints", "remove_checkpoints", "eval_batch_size")
