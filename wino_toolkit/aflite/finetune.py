"""WinoGrande's embedding recipe: fine-tune the encoder on a small random subset before embedding.

Sakaguchi et al. (2020) embed the corpus with RoBERTa fine-tuned on a random 6k instances
(5k to train, 1k to validate), and leave those instances out of what AFLite filters. The model is
a multiple-choice one (``AutoModelForMultipleChoice``): each instance gives two choices, the
sentence with the blank filled by each option. After training, the encoder inside it (its base
model) embeds the rest.

A plain training loop rather than the ``Trainer``: the recipe needs AdamW, a linear warmup and
one accuracy at the end, and a loop of a few lines is deterministic under its seed, writes no
checkpoints or logs, and reads the same across transformers 4.40 to 5 (whose ``Trainer`` arguments
were renamed in between). On GPUs with bfloat16 the forward pass runs under autocast; elsewhere
in float32.
"""
from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.extras import require
from wino_toolkit.hub import from_pretrained
from wino_toolkit.schema import Item

if TYPE_CHECKING:
    from .instances import Instances

__all__ = ["FineTuneConfig", "FineTuneResult", "split_for_fine_tuning", "fine_tune_encoder", "filled"]

RECORD_NAME = "finetune.json"


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


def filled(item: Item, k: int) -> str:
    """The blank-form sentence with option ``k`` in the blank: one choice of the multiple-choice model."""
    span = item.pronoun
    return item.text[: span.start] + item.candidates[k].text + item.text[span.end :]


def fine_tune_encoder(model: str, tokenizer: Any, subset: Instances, config: FineTuneConfig, *, seed: int,
                      device: Any, work_dir: Path | None = None) -> FineTuneResult:
    """Fine-tune ``model`` as a multiple-choice model on ``subset``; return its encoder and accuracy.

    Parameters
    ----------
    model
        name or path for ``AutoModelForMultipleChoice.from_pretrained`` (its head is new).
    tokenizer
        the model's tokenizer.
    subset
        from :func:`split_for_fine_tuning`: the first ``config.train_size`` train, the rest validate.
    config
        the recipe's settings.
    seed
        seeds the new head's weights, dropout and the order of training instances.
    device
        a ``torch.device``.
    work_dir
        where the encoder and a record of the run are saved; a later call with the same
        model, subset, settings and seed loads them instead of training again, so a resumed
        embedding run uses the very same encoder.

    Returns
    -------
    FineTuneResult

    Examples
    --------
    >>> tuned = fine_tune_encoder("roberta-large", tok, subset, FineTuneConfig(), seed=0, device=torch.device("cuda"))  # doctest: +SKIP
    >>> round(tuned.val_accuracy, 2)                                                                                # doctest: +SKIP
    0.71
    """
    torch = require("torch", "neural", "AFLite fine-tuning")
    transformers = require("transformers", "neural", "AFLite fine-tuning")
    train, val = subset.items[: config.train_size], subset.items[config.train_size :]
    key = {"model": model, "seed": seed, "config": dataclasses.asdict(config),
           "train_ids": [it.id for it in train], "val_ids": [it.id for it in val]}
    saved = _saved_run(work_dir, key)
    if saved is not None:
        encoder = from_pretrained(transformers.AutoModel, work_dir, what="fine-tuned encoder")
        return FineTuneResult(encoder, key["train_ids"], key["val_ids"], saved["val_accuracy"], config)
    torch.manual_seed(seed)
    mc = from_pretrained(transformers.AutoModelForMultipleChoice, model, what="encoder").to(device)
    _train(torch, transformers, mc, tokenizer, train, config, seed, device)
    accuracy = _accuracy(torch, mc, tokenizer, val, config, device)
    encoder = mc.base_model
    if work_dir is not None:
        work_dir.mkdir(parents=True, exist_ok=True)
        encoder.save_pretrained(work_dir)
        (work_dir / RECORD_NAME).write_text(json.dumps({**key, "val_accuracy": accuracy}) + "\n")
    return FineTuneResult(encoder, key["train_ids"], key["val_ids"], accuracy, config)


def _saved_run(work_dir: Path | None, key: dict[str, Any]) -> dict[str, Any] | None:
    """The record of an earlier run with the same ``key``, if its encoder is saved in ``work_dir``."""
    if work_dir is None or not (work_dir / RECORD_NAME).exists():
        return None
    record = json.loads((work_dir / RECORD_NAME).read_text())
    return record if {k: record.get(k) for k in key} == key else None


def _choices(torch: Any, tokenizer: Any, items: list[Item], max_length: int, device: Any) -> dict[str, Any]:
    """Token ids shaped (instances, 2 choices, tokens), as multiple-choice models take them."""
    texts = [filled(item, k) for item in items for k in (0, 1)]
    enc = tokenizer(texts, truncation=True, max_length=max_length, padding=True, return_tensors="pt")
    return {name: enc[name].view(len(items), 2, -1).to(device) for name in ("input_ids", "attention_mask")}


def _autocast(torch: Any, device: Any) -> Any:
    enabled = device.type == "cuda" and torch.cuda.is_bf16_supported()
    return torch.autocast(device.type, dtype=torch.bfloat16, enabled=enabled)


def _train(torch: Any, transformers: Any, mc: Any, tokenizer: Any, train: list[Item], config: FineTuneConfig,
           seed: int, device: Any) -> None:
    rng = np.random.default_rng(seed)
    per_epoch = math.ceil(len(train) / config.batch_size)
    optimizer = torch.optim.AdamW(mc.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay)
    steps = config.epochs * per_epoch
    schedule = transformers.get_linear_schedule_with_warmup(optimizer, int(config.warmup_ratio * steps), steps)
    mc.train()
    for _ in range(config.epochs):
        order = rng.permutation(len(train))
        for start in range(0, len(train), config.batch_size):
            batch = [train[i] for i in order[start : start + config.batch_size]]
            labels = torch.tensor([item.answer for item in batch], device=device)
            with _autocast(torch, device):
                loss = mc(**_choices(torch, tokenizer, batch, config.max_length, device), labels=labels).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(mc.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
    mc.eval()


def _accuracy(torch: Any, mc: Any, tokenizer: Any, val: list[Item], config: FineTuneConfig, device: Any) -> float:
    right = 0
    with torch.inference_mode(), _autocast(torch, device):
        for start in range(0, len(val), config.batch_size):
            batch = val[start : start + config.batch_size]
            logits = mc(**_choices(torch, tokenizer, batch, config.max_length, device)).logits
            right += sum(int(p) == item.answer for p, item in zip(logits.argmax(-1).tolist(), batch))
    return right / len(val)
