"""WinoLogic's Baseline 1 (seed paper, section 5): does the LM prefer the claim whose knowledge supports it?

For each problem (a WSC sentence, its resolution A over B, and one knowledge sentence), the LM's loss
(mean negative log-likelihood per token) of

    sentence + " The <pronoun> is more likely to refer to A than B because " + knowledge

is compared with the same text with A and B swapped; the knowledge is judged true when the correct
order has the lower loss. Accuracy is how often that judgement matches the record's label, reported
per knowledge variant (``meta["variant"]`` of rendered problems, else "all") and per truth label.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from wino_toolkit.errors import WinoError
from wino_toolkit.schema import Item

from .score import Request, loglikelihoods

__all__ = ["Judgement", "claims", "judge_knowledge", "knowledge_table"]


@dataclass(frozen=True)
class Judgement:
    id: str
    variant: str
    label: bool
    judged: bool  # the correct order had the lower loss
    losses: tuple[float, float]  # (correct order, swapped)


def claims(item: Item) -> tuple[str, str]:
    """The two texts compared: the correct order (answer before the other candidate) and the swapped one."""
    if len(item.candidates) != 2 or item.answer is None or len(item.knowledge) != 1 or item.pronoun is None:
        raise WinoError(f"item {item.id!r}: WinoLogic's baseline needs 2 candidates, an answer, a pronoun and one knowledge sentence")
    right, wrong = item.candidates[item.answer].text, item.candidates[1 - item.answer].text
    reason = item.knowledge[0].text

    def text(a: str, b: str) -> str:
        return f"{item.text} The {item.pronoun.text} is more likely to refer to {a} than {b} because {reason}"

    return text(right, wrong), text(wrong, right)


def judge_knowledge(items: Iterable[Item], *, model: Any, tokenizer: Any, batch_size: int = 16,
                    progress: Callable[[int, int], None] | None = None) -> list[Judgement]:
    """Baseline 1 on every item that has a labeled knowledge sentence (others are refused by id)."""
    chosen = [item for item in items if item.knowledge and item.knowledge[0].label is not None]
    pairs = [claims(item) for item in chosen]
    scored = loglikelihoods(model, tokenizer, [Request("", t) for pair in pairs for t in pair], batch_size=batch_size, progress=progress)
    out = []
    for k, item in enumerate(chosen):
        (a, n), (b, m) = scored[2 * k], scored[2 * k + 1]
        losses = (-a / n, -b / m)
        out.append(Judgement(item.id, str(item.meta.get("variant", "all")), bool(item.knowledge[0].label), losses[0] < losses[1], losses))
    return out


def knowledge_table(judgements: Iterable[Judgement]) -> list[dict[str, Any]]:
    """Accuracy per variant and truth label (and overall per variant)."""
    groups: dict[tuple[str, str], list[bool]] = {}
    for j in judgements:
        for key in ((j.variant, "all"), (j.variant, "true" if j.label else "false")):
            groups.setdefault(key, []).append(j.judged == j.label)
    return [{"variant": v, "label": label, "items": len(r), "accuracy": sum(r) / len(r)} for (v, label), r in sorted(groups.items())]
