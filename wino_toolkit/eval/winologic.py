"""WinoLogic's baselines 1 and 3 (seed paper, section 5): can a model tell true knowledge from false?

Baseline 1: does the LM prefer the claim whose knowledge supports it?
For each problem (a WSC sentence, its resolution A over B, and one knowledge sentence), the LM's loss
(mean negative log-likelihood per token) of

    sentence + " The <pronoun> is more likely to refer to A than B because " + knowledge

is compared with the same text with A and B swapped; the knowledge is judged true when the correct
order has the lower loss. Accuracy is how often that judgement matches the record's label, reported
per knowledge variant (``meta["variant"]`` of rendered problems, else "all") and per truth label.

Baseline 3 (NLI): a sequence-classification NLI model reads the knowledge sentence as premise and the
resolved sentence (the disambiguated form with the claimed referent) as hypothesis; the knowledge is
judged true when the model's most likely label is its entailment label (found in ``config.id2label``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from wino_toolkit.errors import WinoError
from wino_toolkit.extras import require
from wino_toolkit.forms import FormReport, disambiguated
from wino_toolkit.schema import Item

from wino_toolkit import launch

from .score import Request, loglikelihoods

__all__ = ["Judgement", "claims", "judge_knowledge", "nli_pairs", "judge_by_nli", "knowledge_table", "BASELINES", "render_knowledge_table"]

#: the paper's baselines by the name ``--baseline`` gives them: (signature tag, title)
BASELINES = {"lm": ("b1-lm", "baseline 1: the LM's loss"), "nli": ("b3-nli", "baseline 3: an NLI model")}


@dataclass(frozen=True)
class Judgement:
    id: str
    variant: str
    label: bool
    judged: bool  # the correct order had the lower loss
    losses: tuple[float, float]  # baseline 1: (correct order, swapped); baseline 3: (P(entailment), 1 - P(entailment))


def claims(item: Item) -> tuple[str, str]:
    """The two texts compared: the correct order (answer before the other candidate) and the swapped one."""
    if len(item.candidates) != 2 or item.answer is None or len(item.knowledge) != 1 or item.pronoun is None:
        raise WinoError(f"item {item.id!r}: WinoLogic's baseline needs 2 candidates, an answer, a pronoun and one knowledge sentence")
    right, wrong = item.candidates[item.answer].text, item.candidates[1 - item.answer].text
    reason = item.knowledge[0].text

    def text(a: str, b: str) -> str:
        return f"{item.text} The {item.pronoun.text} is more likely to refer to {a} than {b} because {reason}"

    return text(right, wrong), text(wrong, right)


#: why an item is not judged: WinoLogic's baselines judge a knowledge sentence labeled true or false
NO_KNOWLEDGE = "no knowledge sentence labeled true or false, so nothing to judge"


def _judged(item: Item, report: FormReport) -> bool:
    """Whether ``item`` has a knowledge sentence to judge; reported as skipped when not."""
    if item.knowledge and item.knowledge[0].label is not None:
        return True
    report.skip(item, NO_KNOWLEDGE)
    return False


def judge_knowledge(items: Iterable[Item], *, model: Any, tokenizer: Any, batch_size: int = 16,
                    progress: Callable[[int, int], None] | None = None,
                    report: FormReport | None = None) -> list[Judgement]:
    """Baseline 1 on every item that has a labeled knowledge sentence; the others go to ``report`` with the
    reason (an item without an answer or a pronoun is refused by id)."""
    report = report if report is not None else FormReport()
    chosen = [item for item in items if _judged(item, report)]
    requests = [Request("", t) for item in chosen for t in claims(item)]
    # under torchrun / accelerate launch each process scores its share (launch.shared); alone, all of them
    scored = launch.shared(len(requests), lambda i: len(requests[i].continuation), lambda rows: loglikelihoods(
        model, tokenizer, [requests[i] for i in rows], batch_size=batch_size, progress=progress))
    out = []
    for k, item in enumerate(chosen):
        (a, n), (b, m) = scored[2 * k], scored[2 * k + 1]
        losses = (-a / n, -b / m)
        out.append(Judgement(item.id, str(item.meta.get("variant", "all")), bool(item.knowledge[0].label), losses[0] < losses[1], losses))
    return out


def nli_pairs(items: Sequence[Item], report: FormReport | None = None) -> list[tuple[Item, str, str]]:
    """``(item, premise, hypothesis)``: the knowledge sentence and the sentence resolved to the claimed referent;
    the items left out (nothing to judge, no answer, no disambiguated form) go to ``report`` with the reason."""
    report = report if report is not None else FormReport()
    out = []
    for item in report.labeled((item for item in items if _judged(item, report)), "no claimed referent to resolve"):
        # one item at a time: WinoLogic repeats a sentence once per knowledge claim, and every claim is judged
        resolved = {d.candidate: d.text for d in disambiguated([item], report)}
        if item.answer in resolved:
            out.append((item, item.knowledge[0].text, resolved[item.answer]))
    return out


def entailment_index(model: Any) -> int:
    labels = {int(k): str(v) for k, v in model.config.id2label.items()}
    found = [k for k, v in labels.items() if v.lower().startswith("entail")]
    if len(found) != 1:
        raise WinoError(f"the NLI model's labels {sorted(labels.values())} have no single entailment label")
    return found[0]


def judge_by_nli(items: Iterable[Item], *, model: Any, tokenizer: Any, batch_size: int = 16,
                 report: FormReport | None = None) -> list[Judgement]:
    """Baseline 3: the knowledge is judged true when the NLI model's top label for (knowledge, resolved) is
    entailment; the items left out go to ``report`` with the reason (:func:`nli_pairs`)."""
    torch = require("torch", "neural", "WinoLogic's NLI baseline")
    pairs = nli_pairs(list(items), report)
    entail = entailment_index(model)
    device = next(model.parameters()).device

    def probabilities(rows: list[int]) -> list[list[float]]:
        out = []
        with torch.no_grad():
            for b in range(0, len(rows), batch_size):
                chunk = [pairs[i] for i in rows[b : b + batch_size]]
                batch = tokenizer([p for _, p, _ in chunk], [h for _, _, h in chunk], padding=True, truncation=True,
                                  return_tensors="pt")
                out += torch.softmax(model(**{k: v.to(device) for k, v in batch.items()}).logits.float(), -1).tolist()
        return out

    # under torchrun / accelerate launch each process judges its share; alone, all of them
    found = launch.shared(len(pairs), lambda i: len(pairs[i][1]) + len(pairs[i][2]), probabilities)
    return [Judgement(item.id, str(item.meta.get("variant", "all")), bool(item.knowledge[0].label),
                      max(range(len(row)), key=row.__getitem__) == entail, (row[entail], 1 - row[entail]))
            for (item, _, _), row in zip(pairs, found)]


def knowledge_table(judgements: Iterable[Judgement]) -> list[dict[str, Any]]:
    """Accuracy per variant and truth label (and overall per variant)."""
    groups: dict[tuple[str, str], list[bool]] = {}
    for j in judgements:
        for key in ((j.variant, "all"), (j.variant, "true" if j.label else "false")):
            groups.setdefault(key, []).append(j.judged == j.label)
    return [{"variant": v, "label": label, "items": len(r), "accuracy": sum(r) / len(r)} for (v, label), r in sorted(groups.items())]


def render_knowledge_table(rows: Sequence[dict[str, Any]], *, baseline: str, signature: str) -> Any:
    """A rich table of :func:`knowledge_table`'s ``rows`` for ``baseline`` (``lm`` or ``nli``), the signature as its
    caption."""
    from rich.table import Table

    table = Table(title=f"WinoLogic {BASELINES[baseline][1]} judges the knowledge", caption=signature)
    for column in ("variant", "label", "items", "accuracy"):
        table.add_column(column, justify="right" if column in ("items", "accuracy") else "left")
    for r in rows:
        table.add_row(r["variant"], r["label"], str(r["items"]), f"{r['accuracy']:.3f}")
    return table
