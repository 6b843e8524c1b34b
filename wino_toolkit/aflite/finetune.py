"""WinoGrande's embedding recipe: fine-tune the encoder on a small random subset before embedding.

Sakaguchi et al. (2020) embed the corpus with RoBERTa fine-tuned on a random 6k instances
(5k to train, 1k to validate), and leave those instances out of what AFLite filters. The model is
a multiple-choice one (``AutoModelForMultipleChoice``): each instance gives two choices, the
sentence with each option in the blank, as the disambiguated form writes it. After training, the encoder inside it (its base
model) embeds the rest.

The training is ``wino train``'s (:func:`wino_toolkit.tuning.fine_tune`, form ``mc``), so there is
one implementation of the multiple-choice recipe: AdamW with a linear warmup, the Trainer's seeded order,
the validation instances as the development split (accuracy after each epoch, the best epoch's weights
kept, no early stopping), bf16 on GPUs that have it and float32 elsewhere. The run directory (the work
directory's ``finetuned/``, or a temporary one) holds the run as ``wino train`` writes it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.extras import require
from wino_toolkit.schema import Item
from wino_toolkit.tuning import RUN_FILE, Run, TrainConfig, fine_tune, reuse_differences

if TYPE_CHECKING:
    from .instances import Instances

__all__ = ["FineTuneConfig", "FineTuneResult", "split_for_fine_tuning", "fine_tune_encoder"]


@dataclass(frozen=True)
class FineTuneConfig:
    """Settings of the fine-tuning recipe (defaults: the paper's subset sizes)."""

    train_size: int = 5000  # instances the encoder is trained on
    val_size: int = 1000  # held-out instances its accuracy is measured on
    epochs: int = 3  # passes over the training instances
    learning_rate: float = 1e-5  # AdamW's peak learning rate
    batch_size: int = 16  # instances (of 2 choices each) per step
    warmup_ratio: float = 0.1  # share of the steps over which the learning rate rises linearly from 0
    weight_decay: float = 0.01  # AdamW's decoupled weight decay
    max_length: int = 128  # tokens per filled sentence


@dataclass
class FineTuneResult:
    """The fine-tuned encoder, the ids it was trained and validated on, and its validation accuracy."""

    encoder: Any
    train_ids: list[str]
    val_ids: list[str]
    val_accuracy: float
    config: FineTuneConfig

    def to_dict(self) -> dict[str, Any]:
        """What the sidecar records (every setting, so the run can be repeated)."""
        return {"train_ids": self.train_ids, "val_ids": self.val_ids, "val_accuracy": self.val_accuracy,
                **dataclasses.asdict(self.config)}


def split_for_fine_tuning(found: Instances, config: FineTuneConfig, seed: int) -> tuple[Instances, Instances]:
    """A random subset of ``train_size + val_size`` instances (training ones first), and the rest in input order.

    Raises
    ------
    WinoError
        When the subset would leave nothing to embed, or a size is not positive.
    """
    if config.train_size < 1 or config.val_size < 1:
        raise ParameterError(f"fine-tuning needs at least 1 training and 1 validation instance, not {config.train_size} and {config.val_size}")
    size = config.train_size + config.val_size
    n = len(found.items)
    if size >= n:
        raise WinoError(f"fine-tuning holds out {size} instances but only {n} are given; nothing would be left to embed")
    chosen = np.random.default_rng(seed).permutation(n)[:size]
    rest = np.setdiff1d(np.arange(n), chosen)
    return found.subset(chosen.tolist()), found.subset(rest.tolist())


def fine_tune_encoder(model: str, subset: Instances, config: FineTuneConfig, *, seed: int,
                      device: Any, work_dir: Path | None = None) -> FineTuneResult:
    """Fine-tune ``model`` as a multiple-choice model on ``subset``; return its encoder and accuracy.

    The training is ``wino train``'s (:func:`wino_toolkit.tuning.fine_tune`, form ``mc``): one
    implementation of the multiple-choice recipe, run in ``work_dir`` (or a temporary directory), with the
    validation instances as its development split, the best epoch's weights kept, and no early stopping.

    Parameters
    ----------
    model
        name or path for ``AutoModelForMultipleChoice.from_pretrained`` (its head is new).
    subset
        from :func:`split_for_fine_tuning`: the first ``config.train_size`` train, the rest validate.
    config
        the recipe's settings.
    seed
        seeds the new head's weights, dropout and the order of training instances.
    device
        a ``torch.device``.
    work_dir
        the run directory (``model/`` and ``run.json``); a later call with the same model, subset,
        settings and seed loads the run instead of training again, so a resumed embedding run uses the very
        same encoder; an interrupted one is resumed from its checkpoint, and one made otherwise is replaced.

    Returns
    -------
    FineTuneResult

    Examples
    --------
    >>> tuned = fine_tune_encoder("roberta-large", subset, FineTuneConfig(), seed=0, device=torch.device("cuda"))  # doctest: +SKIP
    >>> round(tuned.val_accuracy, 2)                                                                                # doctest: +SKIP
    0.71
    """
    torch = require("torch", "neural", "AFLite fine-tuning")
    train, val = subset.items[: config.train_size], subset.items[config.train_size :]
    bf16 = device.type == "cuda" and torch.cuda.is_bf16_supported()
    settings = TrainConfig(form="mc", learning_rate=config.learning_rate, epochs=config.epochs,
                           batch_size=config.batch_size, warmup_ratio=config.warmup_ratio,
                           weight_decay=config.weight_decay, max_length=config.max_length, seed=seed, patience=None,
                           group_by_length=False, precision="bf16" if bf16 else "fp32",
                           device="cpu" if device.type == "cpu" else "auto")
    with contextlib.ExitStack() as stack:
        if work_dir is None:
            work_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="wino-aflite-finetune-")))
        run = _saved_run(work_dir, train, val, model, settings)
        if run is None:
            run = fine_tune(train, model=model, output_dir=work_dir, dev=val, config=settings, resume=True)
        if run.dev_accuracy is None:
            raise WinoError(f"fine-tuning: the multiple-choice form makes none of the {len(val)} validation instances")
        mc, _ = run.load_model(str(device))
    return FineTuneResult(mc.base_model, [it.id for it in train], [it.id for it in val], run.dev_accuracy, config)


def _saved_run(work_dir: Path, train: list[Item], val: list[Item], model: str, settings: TrainConfig) -> Run | None:
    """The finished run in ``work_dir`` if these arguments would make it again; a run made otherwise is removed
    (its directory is this recipe's own), so that it is trained again."""
    if not (work_dir / RUN_FILE).is_file():
        return None
    run = Run.load(work_dir)
    if not reuse_differences(run, train, model=model, dev=val, config=settings):
        return run
    shutil.rmtree(work_dir)
    return None
