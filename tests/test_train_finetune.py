"""Fine-tuning with the Trainer: a learnable toy corpus is learned (multiple choice and NLI), padding choices
change nothing, a resumed run ends with the uninterrupted run's weights, and the run records what made it."""
from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("datasets")

from test_aflite_embed import ADJECTIVES, STRONG, VERBS, WEAK, make_item, toy_items  # noqa: E402
from tiny_lm import roberta_config, word_tokenizer  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402
from wino_toolkit.schema import Candidate, Span  # noqa: E402
from wino_toolkit.tuning import ChoiceCollator, Run, TrainConfig, fine_tune  # noqa: E402
from wino_toolkit.train.predict import predict  # noqa: E402

#: fast settings for a 2-layer, 32-wide encoder on a CPU
FAST = dict(learning_rate=3e-3, epochs=3, batch_size=16, device="cpu", patience=None)


@pytest.fixture(scope="module")
def tiny_encoder(tmp_path_factory) -> str:
    """A 2-layer RoBERTa with a word-level tokenizer trained here, saved to a directory and given by path."""
    words = [f"{w} {v} {a} because was ." for w in STRONG + WEAK for v in VERBS for a in ADJECTIVES]
    fast = word_tokenizer([i.text for i in toy_items(300, seed=1)] + words + ["the a an"])
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-encoder")
    transformers.RobertaModel(roberta_config(fast)).save_pretrained(path)
    fast.save_pretrained(path)
    return str(path)


def flipped(items):
    """The same items with the other (weak) animal as the answer."""
    return [replace(i, answer=1 - i.answer) for i in items]


@pytest.mark.parametrize("form, flip", [("mc", False), ("mc", True), ("nli", False)])
def test_fine_tuning_learns_a_learnable_corpus(tiny_encoder, tmp_path, form, flip):
    """The right answer is always the strong animal (or, flipped, always the weak one): reaching 0.9 on
    both labelings needs a trainer that learns from the labels, not a lucky random head."""
    items = toy_items(260, seed=2)
    items = flipped(items) if flip else items
    train, dev = items[:200], items[200:]
    run = fine_tune(train, dev=dev, model=tiny_encoder, output_dir=tmp_path / "run", form=form, **FAST)
    losses = [h["loss"] for h in run.history if "loss" in h]
    assert losses[-1] < 0.5 * losses[0]
    assert run.dev_accuracy >= 0.9
    model, tokenizer = Run.load(tmp_path / "run").load_model("cpu")
    scores = predict(model, tokenizer, dev, form=form)
    assert scores.accuracy == pytest.approx(run.dev_accuracy)
    if form == "nli":  # a pair per candidate: the premise is the sentence, the hypothesis names the candidate
        first = scores.items[0].requests
        assert first[0].context == dev[0].text and first[0].continuation.startswith(dev[0].candidates[0].text.capitalize())


def three_candidates(item):
    """The item with a third candidate (the pronoun's own word as a distractor), answer unchanged."""
    extra = Candidate("it", Span(item.pronoun.start, item.pronoun.end, "it"))
    return replace(item, candidates=[*item.candidates, extra])


def test_padding_choices_are_masked_and_change_no_score(tiny_encoder):
    transformers.set_seed(0)
    model = transformers.AutoModelForMultipleChoice.from_pretrained(tiny_encoder).eval()
    tokenizer = transformers.AutoTokenizer.from_pretrained(tiny_encoder)
    two = make_item("t-1", "the lion", "the mouse", "chased", "hungry", 0)
    alone = predict(model, tokenizer, [two]).items[0].scores
    mixed = predict(model, tokenizer, [two, replace(three_candidates(two), id="t-2")]).items[0].scores
    assert alone == pytest.approx(mixed, abs=1e-5)
    batch = ChoiceCollator(pad_id=1)([{"input_ids": [[0, 5, 2], [0, 6, 7, 2]], "label": 1},
                                      {"input_ids": [[0, 5, 2], [0, 6, 2], [0, 8, 2]], "label": 2}])
    assert batch["input_ids"].shape == (2, 3, 4) and batch["choice_mask"].tolist() == [[True, True, False], [True] * 3]
    assert batch["attention_mask"][0, 0].tolist() == [1, 1, 1, 0] and batch["labels"].tolist() == [1, 2]


def test_resumed_run_ends_with_the_uninterrupted_runs_weights(tiny_encoder, tmp_path):
    """Crash after the first epoch (its checkpoint kept, the rest gone), resume: the same final weights."""
    items = toy_items(64, seed=3)
    settings = dict(FAST, epochs=2, keep_checkpoints=None, remove_checkpoints=False)  # the crash is simulated after
    whole = fine_tune(items, dev=[], model=tiny_encoder, output_dir=tmp_path / "whole", **settings)
    crashed = tmp_path / "crashed"
    fine_tune(items, dev=[], model=tiny_encoder, output_dir=crashed, **settings)
    steps = sorted(crashed.glob("checkpoints/checkpoint-*"), key=lambda p: int(p.name.split("-")[1]))
    assert len(steps) == 2
    for gone in (steps[-1], crashed / "model", crashed / "run.json"):
        shutil.rmtree(gone) if gone.is_dir() else gone.unlink()
    with pytest.raises(WinoError, match="already holds checkpoints"):
        fine_tune(items, dev=[], model=tiny_encoder, output_dir=crashed, **settings)
    resumed = fine_tune(items, dev=[], model=tiny_encoder, output_dir=crashed, resume=True, **settings)
    a = transformers.AutoModelForMultipleChoice.from_pretrained(whole.model_dir).state_dict()
    b = transformers.AutoModelForMultipleChoice.from_pretrained(resumed.model_dir).state_dict()
    assert a.keys() == b.keys() and all(torch.allclose(a[k], b[k], atol=1e-6) for k in a)
    untouched = transformers.AutoModelForMultipleChoice.from_pretrained(tiny_encoder).state_dict()
    assert not torch.allclose(a["roberta.embeddings.word_embeddings.weight"], untouched["roberta.embeddings.word_embeddings.weight"])


def test_run_json_records_everything_that_made_the_run(tiny_encoder, tmp_path):
    items = toy_items(80, seed=4)
    run = fine_tune(items, model=tiny_encoder, output_dir=tmp_path / "run", **dict(FAST, epochs=1), seed=7)
    record = json.loads((tmp_path / "run" / "run.json").read_text())
    assert record["config"]["seed"] == 7 and record["config"]["learning_rate"] == 3e-3
    assert record["train_items"] + record["dev_items"] == 80 and record["dev_items"] == 8  # a twin-safe tenth held out
    assert record["dev_split"] == {"fraction": 0.1, "seed": 7}
    assert record["device"] == "cpu" and record["seconds"] > 0 and "torch" in record["versions"]
    assert record["signature"] == run.signature and "|form:mc|lr:0.003|" in run.signature and "|seed:7|" in run.signature
    assert Run.load(tmp_path / "run").signature == run.signature


def test_bad_settings_and_models_are_one_line_errors(tiny_encoder, tmp_path):
    items = toy_items(20, seed=5)
    with pytest.raises(WinoError, match="unknown training setting"):
        fine_tune(items, model=tiny_encoder, output_dir=tmp_path / "a", learning_rat=1e-5)
    with pytest.raises(WinoError, match="learning_rate must be positive"):
        TrainConfig(learning_rate=0)
    with pytest.raises(WinoError, match="cannot load"):
        fine_tune(items, dev=[], model=str(tmp_path / "missing"), output_dir=tmp_path / "b", **FAST)
    unlabeled = [replace(i, answer=None) for i in items]
    with pytest.raises(WinoError, match="nothing to train on"):
        fine_tune(unlabeled, dev=[], model=tiny_encoder, output_dir=tmp_path / "c", **FAST)


def test_a_finished_run_is_reused_only_for_the_same_settings_model_and_data(tiny_encoder, tmp_path):
    """A grid, curve or transfer finding run.json in a run's directory loads it instead of training: only when
    the run was trained as asked. Another learning rate, seed, model or corpus is refused in one line naming
    each difference; what only changes the bookkeeping (checkpoints kept) is not compared."""
    from wino_toolkit.train.experiments import run_or_load

    items, where = toy_items(40, seed=6), tmp_path / "runs" / "x" / "seed-0"
    config = TrainConfig(**dict(FAST, epochs=1, max_steps=1))
    first = run_or_load(where, items, model=tiny_encoder, config=config)
    assert not first.reused
    again = run_or_load(where, items, model=tiny_encoder, config=config.replace(keep_checkpoints=None))
    assert again.reused and again.signature == first.signature
    with pytest.raises(WinoError) as refused:
        run_or_load(where, items, model=tiny_encoder, config=config.replace(learning_rate=1e-5, epochs=2))
    message = str(refused.value)
    assert message.startswith(f"{where} was trained with ") and "\n" not in message and message.endswith("use another -o, or remove it to train again")
    assert "learning_rate 0.003, not 1e-05" in message and "epochs 1, not 2" in message and "data" not in message
    # another seed draws another dev split from the same corpus: other data, and another seed
    assert "seed 0, not 1; other data" in str(pytest.raises(WinoError, run_or_load, where, items, model=tiny_encoder,
                                                             config=config.replace(seed=1)).value)
    with pytest.raises(WinoError, match=r"trained with other data \(checksum \w+, not \w+: \d+ training and \d+ dev items now\)"):
        run_or_load(where, flipped(items)[:37], model=tiny_encoder, config=config)
    other = tmp_path / "other-encoder"
    shutil.copytree(tiny_encoder, other)
    (other / "config.json").write_text((other / "config.json").read_text().replace("}", ', "note": "changed"}', 1))
    with pytest.raises(WinoError, match=r"trained with model [^;]+, not other-encoder#\w+ "):
        run_or_load(where, items, model=str(other), config=config)
    # the same model directory spelled another way is the same model
    assert run_or_load(where, items, model=os.path.relpath(tiny_encoder), config=config).reused


def test_a_run_whose_model_lost_its_trained_head_is_refused_not_scored_with_a_random_one(tiny_encoder, tmp_path):
    """A run directory whose model/ holds only the encoder (copied over by hand, a partial save) was loaded with a
    new random multiple-choice head and predicted at chance, silently."""
    run = fine_tune(toy_items(40, seed=2), dev=[], model=tiny_encoder, output_dir=tmp_path / "run",
                    **{**FAST, "epochs": 1})
    shutil.rmtree(run.model_dir)
    shutil.copytree(tiny_encoder, run.model_dir)
    with pytest.raises(WinoError, match=r"fine-tuned model .*classifier"):
        Run.load(tmp_path / "run").load_model("cpu")
