"""The ``mlm`` method: a masked LM scores the candidate's own tokens, masked in its filled sentence."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from test_aflite_embed import STRONG, WEAK, make_item, toy_items  # noqa: E402
from tiny_lm import roberta_config, train, word_tokenizer  # noqa: E402
from test_eval_score import filled  # noqa: E402
from wino_toolkit.eval.score import masked_loglikelihoods, mlm_requests, score  # noqa: E402
from wino_toolkit.forms import disambiguated  # noqa: E402


@pytest.fixture(scope="module")
def tiny_mlm(tmp_path_factory):
    """A 2-layer RoBERTa masked LM (hidden 32) and a word-level tokenizer trained here, saved and loaded by path."""
    from transformers import AutoModelForMaskedLM, AutoTokenizer, RobertaForMaskedLM

    sentences = [filled(item) for item in toy_items(300, seed=21)]
    fast = word_tokenizer(sentences + [w for a in STRONG + WEAK for w in a.split()])
    torch.manual_seed(0)
    config = roberta_config(fast)
    path = tmp_path_factory.mktemp("tiny-mlm")
    RobertaForMaskedLM(config).save_pretrained(path)
    fast.save_pretrained(path)
    return AutoModelForMaskedLM.from_pretrained(path).eval(), AutoTokenizer.from_pretrained(path), str(path)


def test_mlm_requests_mark_the_candidate_in_its_filled_sentence():
    item = make_item("w-1", "the wolf", "the mouse", "chased", "hungry", 0)
    requests = mlm_requests(item, list(disambiguated([item])))
    assert [(r.continuation, r.context[r.span[0]:r.span[1]]) for r in requests] == [("the wolf", "the wolf"), ("the mouse", "the mouse")]
    assert requests[1].context == "The wolf chased the mouse because the mouse was hungry."


def test_masked_scores_do_not_depend_on_batching_and_count_the_candidate_tokens(tiny_mlm):
    model, tokenizer, _ = tiny_mlm
    requests = [r for item in toy_items(12, seed=22) for r in mlm_requests(item, list(disambiguated([item])))]
    one = masked_loglikelihoods(model, tokenizer, requests, batch_size=1)
    many = masked_loglikelihoods(model, tokenizer, requests, batch_size=5)
    assert all(n == m == 2 for (_, n), (_, m) in zip(one, many))  # "the" + animal
    assert all(abs(a - b) < 1e-4 for (a, _), (b, _) in zip(one, many))
    # independently: mask the two words by hand
    r = requests[0]
    enc = tokenizer(r.context)
    words = tokenizer.convert_ids_to_tokens(enc["input_ids"])
    at = [i for i, w in enumerate(words) if i > 5 and w in r.continuation.split()][:2]
    ids = torch.tensor([enc["input_ids"]])
    ids[0, at] = tokenizer.mask_token_id
    with torch.no_grad():
        logprobs = torch.log_softmax(model(ids).logits[0], -1)
    assert abs(one[0][0] - float(sum(logprobs[p, enc["input_ids"][p]] for p in at))) < 1e-4


def test_a_trained_masked_lm_scores_the_learnable_corpus_above_chance(tiny_mlm):
    model, tokenizer, path = tiny_mlm
    from transformers import AutoModelForMaskedLM

    held_out = toy_items(120, seed=23)
    before = score(held_out, model=model, tokenizer=tokenizer, method="mlm", batch_size=32).accuracy
    texts = [filled(item) for item in toy_items(300, seed=21)]
    trained = train(AutoModelForMaskedLM.from_pretrained(path), tokenizer, texts, steps=300, mask_rate=0.25)
    after = score(held_out, model=trained, tokenizer=tokenizer, method="mlm", batch_size=32).accuracy
    assert after >= 0.8 and before < 0.75, (before, after)


def test_wino_eval_lm_mlm_loads_a_masked_lm(tiny_mlm, tmp_path, capsys):
    import json

    import wino_toolkit as wt
    from wino_toolkit.cli import main

    _, _, path = tiny_mlm
    corpus = tmp_path / "toy.jsonl"
    wt.write(toy_items(10, seed=24), corpus, to="jsonl")
    predictions = tmp_path / "p.jsonl"
    assert main(["eval", "lm", str(corpus), "--model", path, "--method", "mlm", "--device", "cpu", "--json",
                 "--predictions", str(predictions)]) == 0
    assert "|method:mlm|" in json.loads(capsys.readouterr().out)["signature"]
    first = json.loads(predictions.read_text().splitlines()[0])
    context, span = first["scored"][0]["context"], first["scored"][0]["span"]
    assert context[span[0]:span[1]] == first["scored"][0]["continuation"]
