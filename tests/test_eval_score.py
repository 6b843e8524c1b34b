"""The ``partial`` scorer: lm-eval's WinoGrande formula exactly, batching that changes no number, CJK without
inserted spaces, and a learnable toy corpus that a scorer ignoring the candidates could not pass."""
from __future__ import annotations

import random

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from test_aflite_embed import STRONG, WEAK, make_item, toy_items  # noqa: E402
from tiny_lm import saved_gpt2, train  # noqa: E402
from wino_toolkit.forms import disambiguated  # noqa: E402
from wino_toolkit.eval.score import Request, full_requests, loglikelihoods, partial_requests, score  # noqa: E402
from wino_toolkit.schema import Candidate, Item, Span  # noqa: E402


def filled(item: Item) -> str:
    """The item's sentence with the right answer in place of the pronoun."""
    right = item.candidates[item.answer].text
    return item.text[: item.pronoun.start] + right + item.text[item.pronoun.end :]


@pytest.fixture(scope="module")
def tiny_gpt2(tmp_path_factory):
    """A 2-layer GPT-2 (hidden 32) and a byte-level BPE tokenizer trained here, saved and loaded back by path."""
    from tokenizers import ByteLevelBPETokenizer
    from transformers import PreTrainedTokenizerFast

    texts = [filled(item) for item in toy_items(300, seed=5)] + [item.text for item in toy_items(300, seed=6)]
    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(texts, vocab_size=400, min_frequency=1, special_tokens=["<|endoftext|>"])
    fast = PreTrainedTokenizerFast(tokenizer_object=bpe._tokenizer, bos_token="<|endoftext|>", eos_token="<|endoftext|>",
                                   pad_token="<|endoftext|>")
    return saved_gpt2(fast, tmp_path_factory.mktemp("tiny-gpt2"))


def requests_of(item: Item) -> list[Request]:
    return partial_requests(item, list(disambiguated([item])))


def test_partial_requests_follow_lm_evals_winogrande_definition():
    """A sentence-initial candidate is lower-cased where it fills the blank ("because the wolf")."""
    item = make_item("w-1", "the wolf", "the mouse", "chased", "hungry", 0)
    assert requests_of(item) == [Request("The wolf chased the mouse because the wolf", " was hungry."),
                                 Request("The wolf chased the mouse because the mouse", " was hungry.")]


@pytest.mark.parametrize("language, text, pronoun, candidates, expected", [
    ("zh-Hans", "猫追老鼠，因为它饿了。", "它", ("猫", "老鼠"), ("猫追老鼠，因为猫", "猫追老鼠，因为老鼠", "饿了。")),
    ("ja", "猫がネズミを追いかけた。それはお腹が空いていた。", "それ", ("猫", "ネズミ"),
     ("猫がネズミを追いかけた。猫", "猫がネズミを追いかけた。ネズミ", "はお腹が空いていた。")),
    # the form writes 那棵树 where the candidate is 树: the cut is where the versions' shared ending starts,
    # never pushed to the sentence's end by a "word boundary" (every CJK character is alphanumeric)
    ("zh-Hans", "风里，那棵树砸坏了房顶。我得把它挪开。", "它", ("树", "房顶"),
     ("风里，那棵树砸坏了房顶。我得把那棵树", "风里，那棵树砸坏了房顶。我得把房顶", "挪开。")),
])
def test_no_space_is_inserted_into_chinese_or_japanese(language, text, pronoun, candidates, expected):
    at = text.index(pronoun, text.index(candidates[1]) + 1)
    spans = [Span(text.index(c), text.index(c) + len(c), c) for c in candidates]
    item = Item("c-1", "t", language, text, [Candidate(c, sp) for c, sp in zip(candidates, spans)], answer=0,
                pronoun=Span(at, at + len(pronoun), pronoun))
    requests = requests_of(item)
    assert [r.context for r in requests] == list(expected[:2])
    assert all(r.continuation == expected[2] for r in requests)
    assert not any(" " in r.context + r.continuation for r in requests)


def independent(model, tokenizer, request: Request) -> float:
    """lm-eval's loglikelihood, computed here without our code: one sequence, no batching."""
    context = tokenizer.encode(request.context)
    whole = tokenizer.encode(request.context + request.continuation)
    continuation = whole[len(context):]
    ids = torch.tensor([context + continuation])
    with torch.no_grad():
        logprobs = torch.log_softmax(model(ids).logits[0, :-1].float(), -1)
    return float(sum(logprobs[len(context) - 1 + j, t] for j, t in enumerate(continuation)))


def test_loglikelihoods_equal_the_formula_and_do_not_depend_on_batching(tiny_gpt2):
    model, tokenizer, _ = tiny_gpt2
    items = toy_items(20, seed=9)
    requests = [r for item in items for r in requests_of(item)]
    rng = random.Random(0)
    requests += [Request(r.context + " and then", r.continuation) for r in rng.sample(requests, 8)]  # varied lengths
    one = loglikelihoods(model, tokenizer, requests, batch_size=1)
    many = loglikelihoods(model, tokenizer, requests, batch_size=7)
    for r, (a, n), (b, m) in zip(requests, one, many):
        assert n == m and abs(a - b) < 1e-4
        assert abs(a - independent(model, tokenizer, r)) < 1e-4


def test_a_trained_model_scores_a_learnable_corpus_above_chance(tiny_gpt2):
    """The right answer is always the strong animal; a model trained on filled sentences learns it, an
    untrained one does not, so a scorer that ignored the candidates could not pass."""
    model, tokenizer, path = tiny_gpt2
    from transformers import AutoModelForCausalLM

    held_out = [i for i in toy_items(400, seed=11)][:120]
    before = score(held_out, model=model, tokenizer=tokenizer, batch_size=32).accuracy
    texts = [filled(item) for item in toy_items(300, seed=5)]
    trained = train(AutoModelForCausalLM.from_pretrained(path), tokenizer, texts, steps=200)  # 50-300 steps all give >= 0.99; at lr 1e-2 without decay, 400 can diverge
    result = score(held_out, model=trained, tokenizer=tokenizer, batch_size=32)
    assert result.accuracy >= 0.8, (before, result.accuracy)
    assert before < 0.75
    first = result.items[0].to_dict()
    assert set(first) >= {"id", "scores", "tokens", "prediction", "gold", "scored"}
    assert first["scored"][0]["context"].endswith(tuple(s for s in STRONG + WEAK))


def test_wino_eval_lm_table_json_and_predictions(tiny_gpt2, tmp_path, capsys):
    import json
    from dataclasses import replace

    import wino_toolkit as wt
    from wino_toolkit.cli import main

    _, _, path = tiny_gpt2
    items = [replace(item, twin=f"g-{n // 2}") for n, item in enumerate(toy_items(40, seed=13))]
    corpus = tmp_path / "toy.jsonl"
    wt.write(items, corpus, to="jsonl")
    predictions = tmp_path / "pred.jsonl"
    code = main(["eval", "lm", str(corpus), "--model", path, "--device", "cpu", "--batch-size", "8", "--json",
                 "--predictions", str(predictions)])
    assert code == 0
    results = json.loads(capsys.readouterr().out)
    row = results["rows"][0]
    assert (row["corpus"], row["language"], row["items"], row["schemas"]) == ("toy", "en", 40, 20)
    assert row["low"] <= row["accuracy"] <= row["high"]
    assert results["signature"].startswith("eval|model:") and "|method:partial|norm:sum|dtype:float32|" in results["signature"]
    lines = [json.loads(line) for line in predictions.read_text().splitlines()]
    assert len(lines) == 40 and sum(p["prediction"] == p["gold"] for p in lines) / 40 == pytest.approx(row["accuracy"])
    assert lines[0]["scored"][0]["continuation"].startswith(" was ")
    assert main(["eval", "lm", str(corpus), "--model", str(tmp_path / "missing"), "--device", "cpu"]) == 1
    assert "cannot load causal LM" in capsys.readouterr().err


def test_full_method_scores_whole_filled_sentences_and_computes_a_sequence_once(tiny_gpt2):
    model, tokenizer, _ = tiny_gpt2
    item = make_item("w-2", "the wolf", "the mouse", "chased", "hungry", 0)
    requests = full_requests(item, list(disambiguated([item])))
    assert [r.continuation for r in requests] == ["The wolf chased the mouse because the wolf was hungry.",
                                                  "The wolf chased the mouse because the mouse was hungry."]
    assert all(r.context == "" for r in requests)
    rows = []
    original = model.forward

    def counting(*args, **kwargs):
        rows.append(kwargs["input_ids"].shape[0])
        return original(*args, **kwargs)

    model.forward = counting
    try:
        twice = loglikelihoods(model, tokenizer, requests + requests, batch_size=8)
    finally:
        del model.forward
    assert sum(rows) == 2 and twice[:2] == twice[2:]
    assert abs(twice[0][0] - independent(model, tokenizer, Request("<|endoftext|>", requests[0].continuation))) < 1e-4


def test_batch_size_auto_halves_on_out_of_memory_and_changes_no_number(tiny_gpt2):
    model, tokenizer, _ = tiny_gpt2
    requests = [r for item in toy_items(30, seed=9) for r in requests_of(item)]
    expected = loglikelihoods(model, tokenizer, requests, batch_size=1)
    seen = []
    original = model.forward

    def small_memory(*args, **kwargs):
        seen.append(kwargs["input_ids"].shape[0])
        if kwargs["input_ids"].shape[0] > 8:
            raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return original(*args, **kwargs)

    model.forward = small_memory
    try:
        got = loglikelihoods(model, tokenizer, requests, batch_size="auto")
        auto = list(seen)
        with pytest.raises(RuntimeError, match="out of memory"):
            loglikelihoods(model, tokenizer, requests, batch_size=16)  # a fixed size is the user's choice: no retry
    finally:
        del model.forward
    assert auto[:4] == [60, 32, 16, 8] and max(auto[4:]) <= 8  # 60 unique requests: 64, halved to fit
    assert all(abs(a - b) < 1e-4 for (a, _), (b, _) in zip(got, expected))


def test_portuguese_items_are_scored_with_their_associative_label(tiny_gpt2):
    """The Portuguese WSC says which items are associative; the scores carry it for the subset rows."""
    from conftest import SAMPLES

    import wino_toolkit as wt
    from wino_toolkit.eval.results import evaluate_scores

    model, tokenizer, _ = tiny_gpt2
    items = list(wt.read(SAMPLES / "portuguese.json"))
    items[0].meta["is_associative"] = True
    result = score(items, model=model, tokenizer=tokenizer, batch_size=4)
    assert [s.subset for s in result.items] == ["associative"] + ["non-associative"] * 3
    assert {r.subset: r.items for r in evaluate_scores(result, signature="s").rows} == {None: 4, "associative": 1, "non-associative": 3}


def test_library_evaluate_takes_a_model_by_path_or_loaded_and_prints_nothing(tiny_gpt2, capsys):
    import wino_toolkit.eval as we

    model, tokenizer, path = tiny_gpt2
    items = toy_items(20, seed=21)
    by_path = we.evaluate(items, model=path, device="cpu", batch_size=8, switched=True, subsets={items[0].id: "first"})
    loaded = we.evaluate(items, model=model, tokenizer=tokenizer, batch_size=8)
    assert capsys.readouterr().out == ""
    rows = {r.subset: r for r in by_path.rows}
    assert rows[None].items == 20 and rows["first"].items == 1 and rows[None].switched == 20
    assert rows[None].accuracy == loaded.rows[0].accuracy == by_path.scores.accuracy
    assert by_path.signature.startswith(f"eval|model:{path.rsplit('/', 1)[-1]}#") and f"|data:{we.items_checksum(items)}|" in by_path.signature
    again = we.score(items, model=path, device="cpu").items
    assert all(a.scores == pytest.approx(b.scores, abs=1e-4) for a, b in zip(again, loaded.scores.items))
    with pytest.raises(TypeError, match="needs its tokenizer"):
        we.score(items, model=model)
