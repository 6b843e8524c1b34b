"""WinoLogic baseline 1: the LM's loss on the claim with its knowledge, correct order against swapped."""
from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

import wino_toolkit as wt  # noqa: E402
from conftest import SAMPLES  # noqa: E402
from test_eval_score import tiny_gpt2 as short_gpt2  # noqa: E402,F401,F811  (a fixture, 64 positions)
from tiny_lm import saved_gpt2  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402
from wino_toolkit.eval.winologic import claims, judge_knowledge, knowledge_table  # noqa: E402


@pytest.fixture(scope="module")
def tiny_gpt2(short_gpt2, tmp_path_factory):
    """The same tokenizer with a GPT-2 of 256 positions: the claims are longer than 64 tokens."""
    _, tokenizer, _ = short_gpt2
    return saved_gpt2(tokenizer, tmp_path_factory.mktemp("gpt2-256"), positions=256)


def test_a_request_longer_than_the_window_loses_the_start_of_its_context(short_gpt2):
    from wino_toolkit.eval.score import Request, loglikelihoods

    model, tokenizer, _ = short_gpt2  # 64 positions
    context = ("the lion chased the mouse " * 20).rstrip()
    (a, n), = loglikelihoods(model, tokenizer, [Request(context, " was hungry.")])
    context_ids = tokenizer.encode(context)
    continuation = tokenizer.encode(context + " was hungry.")[len(context_ids):]
    kept = (context_ids + continuation)[-65:]  # the window plus the token predicted last
    with torch.no_grad():
        logprobs = torch.log_softmax(model(torch.tensor([kept[:-1]])).logits[0].float(), -1)
    expected = sum(float(logprobs[len(kept) - 1 - n + j, t]) for j, t in enumerate(continuation))
    assert n == len(continuation) and len(context_ids) > 64 and abs(a - expected) < 1e-4


def loss(model, tokenizer, text: str) -> float:
    """Mean negative log-likelihood per token after the start token, computed here directly."""
    ids = [tokenizer.bos_token_id] + tokenizer.encode(text)
    with torch.no_grad():
        logprobs = torch.log_softmax(model(torch.tensor([ids])).logits[0, :-1].float(), -1)
    return -float(sum(logprobs[i, t] for i, t in enumerate(ids[1:]))) / (len(ids) - 1)


def test_claims_put_the_answer_first_then_swap():
    item = next(iter(wt.read(SAMPLES / "winologic.jsonl")))
    right, swapped = claims(item)
    assert right == f"{item.text} The it is more likely to refer to the dog than the gap because {item.knowledge[0].text}"
    assert swapped == f"{item.text} The it is more likely to refer to the gap than the dog because {item.knowledge[0].text}"


def test_judgements_compare_the_two_losses(tiny_gpt2):
    model, tokenizer, _ = tiny_gpt2
    items = list(wt.read(SAMPLES / "winologic.jsonl"))
    judgements = judge_knowledge(items, model=model, tokenizer=tokenizer, batch_size=3)
    assert [j.label for j in judgements] == [True, False, True, False]
    for item, j in zip(items, judgements):
        right, swapped = (loss(model, tokenizer, t) for t in claims(item))
        assert j.losses == pytest.approx((right, swapped), abs=1e-4)
        assert j.judged == (right < swapped)
    rows = {(r["variant"], r["label"]): r for r in knowledge_table(judgements)}
    assert rows[("all", "all")]["items"] == 4 and rows[("all", "true")]["items"] == 2
    assert rows[("all", "all")]["accuracy"] == sum(j.judged == j.label for j in judgements) / 4


def test_cli_and_refusal(tiny_gpt2, capsys):
    _, _, path = tiny_gpt2
    assert main(["eval", "winologic", str(SAMPLES / "winologic.jsonl"), "--model", path, "--device", "cpu", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["signature"].startswith("winologic-b1-lm|model:") and out["rows"][0]["items"] == 4
    item = next(iter(wt.read(SAMPLES / "winologic.jsonl")))
    item.knowledge = []
    with pytest.raises(WinoError, match="one knowledge sentence"):
        claims(item)


@pytest.fixture(scope="module")
def tiny_nli(tmp_path_factory):
    """A 2-layer RoBERTa sequence classifier with NLI labels and a word-level tokenizer, saved and loaded by path."""
    from tiny_lm import roberta_config, word_tokenizer
    from transformers import AutoModelForSequenceClassification, AutoTokenizer, RobertaForSequenceClassification

    records = list(wt.read(SAMPLES / "winologic.jsonl"))
    tokenizer = word_tokenizer([r.text for r in records] + [r.knowledge[0].text for r in records])
    config = roberta_config(tokenizer)
    config.num_labels = 3
    config.id2label = {0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}
    config.label2id = {v: k for k, v in config.id2label.items()}
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-nli")
    RobertaForSequenceClassification(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return AutoModelForSequenceClassification.from_pretrained(path).eval(), AutoTokenizer.from_pretrained(path), str(path)


def test_nli_baseline_reads_knowledge_as_premise_and_the_resolved_sentence_as_hypothesis(tiny_nli, capsys):
    from wino_toolkit.eval.winologic import judge_by_nli, nli_pairs

    model, tokenizer, path = tiny_nli
    items = list(wt.read(SAMPLES / "winologic.jsonl"))
    pairs = nli_pairs(items)
    item, premise, hypothesis = pairs[0]
    assert premise == item.knowledge[0].text and hypothesis.startswith("The dog") and "the dog" in hypothesis[8:]
    judgements = judge_by_nli(items, model=model, tokenizer=tokenizer, batch_size=3)
    for (_, p, h), j in zip(pairs, judgements):
        with torch.no_grad():
            logits = model(**tokenizer([p], [h], return_tensors="pt")).logits[0]
        assert j.judged == (int(logits.argmax()) == 2)
        assert j.losses[0] == pytest.approx(float(torch.softmax(logits, -1)[2]), abs=1e-5)
    assert main(["eval", "winologic", str(SAMPLES / "winologic.jsonl"), "--model", path, "--baseline", "nli", "--device", "cpu",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["signature"].startswith("winologic-b3-nli|model:")
