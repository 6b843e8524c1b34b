"""What the Trainer is fed and what it gives back: dataset rows per item (multiple choice) or per pair (NLI),
padded batches with a mask over padding choices, and item accuracy from outputs that come back length-grouped."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from wino_toolkit.extras import require

from .config import TrainConfig
from .examples import Example, encode

__all__ = ["ChoiceCollator", "pairs_collator", "dataset_rows", "item_accuracy"]


def _torch() -> Any:
    return require("torch", "neural", "Fine-tuning")


class ChoiceCollator:
    """Pads a batch of examples to ``(examples, most choices, longest sequence)`` tensors (or to
    ``max_length`` when asked), with a ``choice_mask`` marking real choices, and ``labels``."""

    def __init__(self, pad_id: int, max_length: int | None = None):
        self.pad_id, self.max_length = pad_id, max_length

    def __call__(self, features: Sequence[dict[str, Any]]) -> dict[str, Any]:
        torch = _torch()
        choices = max(len(f["input_ids"]) for f in features)
        width = self.max_length or max(len(seq) for f in features for seq in f["input_ids"])
        ids = torch.full((len(features), choices, width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(features), choices, width), dtype=torch.long)
        real = torch.zeros((len(features), choices), dtype=torch.bool)
        for i, f in enumerate(features):
            for j, seq in enumerate(f["input_ids"]):
                ids[i, j, : len(seq)] = torch.tensor(seq, dtype=torch.long)
                mask[i, j, : len(seq)] = 1
                real[i, j] = True
        batch = {"input_ids": ids, "attention_mask": mask, "choice_mask": real}
        if features[0].get("label") is not None:
            batch["labels"] = torch.tensor([f["label"] for f in features], dtype=torch.long)
        if "index" in features[0]:  # the row's place in its dataset: evaluation batches come length-grouped
            batch["index"] = torch.tensor([f["index"] for f in features], dtype=torch.long)
        return batch


def pairs_collator(pad_id: int, max_length: int | None) -> Callable[[Sequence[dict[str, Any]]], dict[str, Any]]:
    """For the NLI form: each pair is its own example (a single choice), labelled entailment or not."""
    inner = ChoiceCollator(pad_id, max_length)

    def collate(features: Sequence[dict[str, Any]]) -> dict[str, Any]:
        batch = inner([{**f, "input_ids": [f["input_ids"]]} for f in features])
        batch.pop("choice_mask")
        return {**batch, "input_ids": batch["input_ids"][:, 0], "attention_mask": batch["attention_mask"][:, 0]}

    return collate


def dataset_rows(found: Sequence[Example], tokenizer: Any, config: TrainConfig) -> list[dict[str, Any]]:
    """Dataset rows: per item (mc) or per candidate pair (nli), with the ``length`` the sampler groups by."""
    ids = encode(found, tokenizer, config.max_length)
    if config.form == "mc":
        rows = [{"input_ids": choice_ids, "label": e.label, "length": max(map(len, choice_ids)) * len(choice_ids)}
                for e, choice_ids in zip(found, ids)]
    else:
        rows = [{"input_ids": pair, "label": None if e.label is None else int(k == e.label), "length": len(pair)}
                for e, choice_ids in zip(found, ids) for k, pair in enumerate(choice_ids)]
    return [{**row, "index": i} for i, row in enumerate(rows)]


def item_accuracy(found: Sequence[Example], logits: Any, index: Any, form: str) -> float:
    """Accuracy over items from the model's outputs in batch order, ``index`` giving each output's
    dataset row (mc: a row per item; nli: a row per pair)."""
    import numpy as np

    outputs = np.asarray(logits, dtype=float)
    logits = np.empty_like(outputs)
    logits[np.asarray(index, dtype=int)] = outputs
    right, k = 0, 0
    for i, e in enumerate(found):
        n = len(e.texts)
        if form == "mc":
            scores = logits[i, :n]
        else:
            scores = logits[k : k + n, 1] - logits[k : k + n, 0]
            k += n
        right += int(np.argmax(scores)) == e.label
    return right / max(len(found), 1)
