"""Scoring items with a fine-tuned model, as :mod:`wino_toolkit.eval.score` scores them zero-shot.

The result is the zero-shot scorer's :class:`~wino_toolkit.eval.score.Scores`: one
:class:`~wino_toolkit.eval.score.ItemScore` per item with a score per candidate (the multiple-choice
logit, or the NLI model's entailment log-odds) and the exact text scored, so the results table
(bootstrap interval, twin accuracy), the predictions file and ``wino eval compare`` work unchanged.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from wino_toolkit.extras import require
from wino_toolkit.forms import FormReport
from wino_toolkit.schema import Item
from wino_toolkit.eval.score import ItemScore, Request, Scores
from wino_toolkit.tuning import ChoiceCollator, encode, examples

__all__ = ["predict"]


def predict(model: Any, tokenizer: Any, items: Iterable[Item], *, form: str = "mc", max_length: int = 128,
            batch_size: int = 64, progress: Callable[[int, int], None] | None = None) -> Scores:
    """Per-candidate scores of a fine-tuned ``model`` (multiple choice, or NLI for ``form="nli"``),
    batched by length; items the form cannot make are in ``skipped`` with the reason."""
    torch = require("torch", "neural", "Fine-tuning")
    report = FormReport()
    found = examples(items, form, report)
    order = sorted(range(len(found)), key=lambda i: -sum(len(t) for t in found[i].texts))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    collate = ChoiceCollator(pad)
    device = next(model.parameters()).device
    scores: list[list[float]] = [[] for _ in found]
    counts: list[list[int]] = [[] for _ in found]
    with torch.inference_mode():
        for start in range(0, len(order), batch_size):
            chunk = [found[i] for i in order[start : start + batch_size]]
            ids = encode(chunk, tokenizer, max_length)
            batch = collate([{"input_ids": choice_ids} for choice_ids in ids])
            if form == "mc":
                logits = model(input_ids=batch["input_ids"].to(device),
                               attention_mask=batch["attention_mask"].to(device)).logits.float().cpu()
                values = [logits[k, : len(e.texts)].tolist() for k, e in enumerate(chunk)]
            else:  # each pair on its own row: the entailment log-odds
                real = batch["choice_mask"]
                out = model(input_ids=batch["input_ids"][real].to(device),
                            attention_mask=batch["attention_mask"][real].to(device)).logits.float().cpu()
                odds, values, k = (out[:, 1] - out[:, 0]).tolist(), [], 0
                for e in chunk:
                    values.append(odds[k : k + len(e.texts)])
                    k += len(e.texts)
            for k, i in enumerate(order[start : start + batch_size]):
                scores[i], counts[i] = values[k], [len(seq) for seq in ids[k]]
            if progress is not None:
                progress(min(start + batch_size, len(order)), len(order))
    out = [ItemScore(e.item.id, e.item.corpus, e.item.language,
                     [Request(e.premise or "", text) for text in e.texts], scores[i], counts[i], e.item.answer, e.item.twin)
           for i, e in enumerate(found)]
    return Scores(out, report.skipped)
