"""AFLite embedding: items → blank instances → vectors, resumable, with WinoGrande's fine-tuning recipe.

The encoder is a tiny random RoBERTa and a word-level tokenizer trained here on invented
sentences, both saved and loaded back by path, so the real ``from_pretrained`` code runs offline.
"""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from tiny_lm import roberta_config, word_tokenizer  # noqa: E402
from wino_toolkit.aflite.embed import Embeddings, FineTuneConfig, embed, instances, load_embeddings, save_embeddings  # noqa: E402
from wino_toolkit.errors import FormatError, WinoError  # noqa: E402
from wino_toolkit.schema import Candidate, Item, Span  # noqa: E402

STRONG = ["the lion", "the tiger", "the bear", "the wolf"]
WEAK = ["the mouse", "the ant", "the frog", "the snail"]
VERBS = ["chased", "thanked", "followed", "watched", "greeted", "pushed"]
ADJECTIVES = ["tired", "hungry", "happy", "angry", "small", "quick"]


def make_item(ident: str, first: str, second: str, verb: str, adjective: str, answer: int, **fields) -> Item:
    """``{first} {verb} {second} because it was {adjective}.`` with candidates and pronoun located."""
    text = f"{first[0].upper()}{first[1:]} {verb} {second} because it was {adjective}."
    start2 = text.index(f" {second} ") + 1
    candidates = [Candidate(first, Span(0, len(first), text[: len(first)])), Candidate(second, Span(start2, start2 + len(second), second))]
    pronoun = text.index(" it ") + 1
    return Item(ident, "toy", fields.pop("language", "en"), text, candidates, answer=answer, pronoun=Span(pronoun, pronoun + 2, "it"), **fields).check()


def toy_items(n: int, seed: int = 0) -> list[Item]:
    """Distinct invented items whose right answer is always the strong animal: a pattern a model can learn.

    Distinct, because the blank form derives a repeated schema version once and reports the repeat."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        strong, weak = rng.choice(STRONG), rng.choice(WEAK)
        first, second = (strong, weak) if rng.random() < 0.5 else (weak, strong)
        item = make_item(f"toy-{len(out)}", first, second, rng.choice(VERBS), rng.choice(ADJECTIVES), [first, second].index(strong))
        if item.text not in seen:
            seen.add(item.text)
            out.append(item)
    return out


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> str:
    """A 2-layer RoBERTa (hidden size 32) and a word-level tokenizer, saved and given by path."""
    from transformers import RobertaModel
    import torch

    sentences = [item.text for item in toy_items(300, seed=1)] + [f"{w} {v} _ {a}" for w in STRONG + WEAK for v in VERBS for a in ADJECTIVES]
    fast = word_tokenizer(sentences)
    torch.manual_seed(0)
    config = roberta_config(fast)
    path = tmp_path_factory.mktemp("tiny-roberta")
    RobertaModel(config).save_pretrained(path)
    fast.save_pretrained(path)
    return str(path)


def run(items, tiny_model, **options) -> Embeddings:
    """Embed on the CPU in float32 (also on a GPU machine), so tolerances and the metadata are fixed."""
    return embed(items, model=tiny_model, max_length=64, **{"batch_size": 4, "chunk_size": 8, "device": "cpu", **options})


def test_instances_keep_item_ids_and_label_the_option_order():
    """Twins keep their own ids (not the blank form's ``<twin>-<n>``); y indexes the options as the text mentions them."""
    a = make_item("s-1", "the lion", "the mouse", "chased", "hungry", 0, twin="g")
    b = make_item("s-2", "the lion", "the mouse", "chased", "small", 1, twin="g")
    found = instances([a, b])
    assert found.ids == ["s-1", "s-2"]
    assert [c.text for c in found.items[0].candidates] == ["the lion", "the mouse"]  # the blank form lowers a sentence-initial "The"
    assert found.y.tolist() == [0, 1]
    assert found.items[0].text == "The lion chased the mouse because _ was hungry."


def test_item_without_an_answer_is_skipped_by_id():
    """An unlabeled item has no AFLite label: it is reported with the reason; the labeled ones stay."""
    item = make_item("u-7", "the lion", "the mouse", "chased", "hungry", 0)
    item.answer = None
    found = instances([*toy_items(2), item])
    assert found.ids == ["toy-0", "toy-1"]
    assert [(s.item_id, s.reason) for s in found.skipped] == [("u-7", "no answer, so no AFLite label")]


def test_skipped_items_are_reported_not_dropped(tiny_model):
    """Three candidates and a language without rules: both skipped, with the reason, in the result's meta."""
    three = make_item("three", "the lion", "the mouse", "chased", "hungry", 0)
    three.candidates.append(Candidate("the ant"))
    hungarian = make_item("hu-1", "the lion", "the mouse", "chased", "hungry", 0, language="hu")
    emb = run([*toy_items(5), three, hungarian], tiny_model)
    assert emb.ids == [f"toy-{i}" for i in range(5)]
    reasons = {s["item_id"]: s["reason"] for s in emb.meta["skipped"]}
    assert set(reasons) == {"three", "hu-1"}
    assert emb.meta["skipped"][0] == {"item_id": "three", "corpus": "toy", "reason": reasons["three"]}
    assert "2 options" in reasons["three"] and "no rules" in reasons["hu-1"]


def test_shapes_ids_and_labels_follow_the_input(tiny_model):
    items = toy_items(20)
    emb = run(items, tiny_model)
    assert emb.X.shape == (20, 32) and emb.X.dtype == np.float32
    assert emb.ids == [it.id for it in items]
    assert emb.y.tolist() == instances(items).y.tolist()
    assert len({row.tobytes() for row in emb.X}) == 20


@pytest.mark.parametrize("pooling", ["cls", "mean"])
def test_length_sorted_batches_match_one_at_a_time(tiny_model, pooling):
    """Padding and reordering change nothing: rows come back in input order, equal to batch size 1."""
    items = toy_items(13)
    items[3] = make_item("long", "the lion", "the mouse", "chased", "hungry and tired and quick and happy", 0)
    batched = run(items, tiny_model, batch_size=5, pooling=pooling)
    single = run(items, tiny_model, batch_size=1, pooling=pooling)
    np.testing.assert_allclose(batched.X, single.X, atol=1e-5)
    for i in (0, 3, 12):
        np.testing.assert_allclose(batched.X[i], run([items[i]], tiny_model, pooling=pooling).X[0], atol=1e-5)


def test_embeddings_depend_on_the_text(tiny_model):
    """Changing one word of one item changes that item's row and no other."""
    items = toy_items(6)
    changed = list(items)
    changed[2] = make_item("toy-2", "the wolf", "the snail", "greeted", "quick", 1)
    before, after = run(items, tiny_model).X, run(changed, tiny_model).X
    assert not np.allclose(before[2], after[2], atol=1e-4)
    np.testing.assert_allclose(np.delete(before, 2, 0), np.delete(after, 2, 0), atol=1e-5)


class Interrupted(Exception):
    pass


def test_resume_reuses_finished_chunks(tiny_model, tmp_path):
    """Interrupted after 2 chunks of 8, a rerun reuses them untouched and gives the uninterrupted result."""
    items = toy_items(30)
    calls = []

    def stop_at_16(done, total):
        calls.append((done, total))
        if done >= 16:
            raise Interrupted

    with pytest.raises(Interrupted):
        run(items, tiny_model, output_dir=tmp_path, progress=stop_at_16)
    chunks = sorted((tmp_path / "chunks").glob("chunk-*.npy"))
    assert [p.name for p in chunks] == ["chunk-00000.npy", "chunk-00001.npy"]
    stamps = [p.stat().st_mtime_ns for p in chunks]
    resumed = run(items, tiny_model, output_dir=tmp_path, progress=lambda done, total: calls.append((done, total)))
    assert resumed.reused_chunks == 2 and not resumed.started_over
    assert [p.stat().st_mtime_ns for p in chunks] == stamps
    assert calls[-1] == (30, 30)
    np.testing.assert_array_equal(resumed.X, run(items, tiny_model).X)
    assert (tmp_path / "embeddings.npy").exists()


def test_changed_settings_start_over(tiny_model, tmp_path):
    items = toy_items(20)
    run(items, tiny_model, output_dir=tmp_path)
    with pytest.warns(UserWarning, match="starting over"):
        mean = run(items, tiny_model, output_dir=tmp_path, pooling="mean")
    assert mean.started_over and mean.reused_chunks == 0
    np.testing.assert_allclose(mean.X, run(items, tiny_model, pooling="mean").X, atol=1e-6)
    again = run(items, tiny_model, output_dir=tmp_path, pooling="mean")
    assert again.reused_chunks == 3 and not again.started_over
    with pytest.warns(UserWarning, match="starting over"):
        other_texts = run(toy_items(20, seed=5), tiny_model, output_dir=tmp_path, pooling="mean")
    assert other_texts.started_over and other_texts.ids == [f"toy-{i}" for i in range(20)]


def test_sidecar_records_what_produced_the_vectors(tiny_model, tmp_path):
    items = toy_items(9)
    emb = run(items, tiny_model, output_dir=tmp_path, seed=3)
    loaded = load_embeddings(tmp_path / "embeddings.npy")
    np.testing.assert_array_equal(loaded.X, emb.X)
    assert loaded.ids == emb.ids and loaded.y.tolist() == emb.y.tolist()
    meta = json.loads((tmp_path / "embeddings.json").read_text())
    assert meta["model_config"] == {"_name_or_path": tiny_model, "model_type": "roberta", "hidden_size": 32}
    assert (meta["pooling"], meta["max_length"], meta["dtype"], meta["device"], meta["seed"]) == ("cls", 64, "float32", "cpu", 3)
    assert len(meta["texts_sha256"]) == 64 and meta["version"] and meta["fine_tune"] is None
    assert meta["signature"].startswith("embed|model:") and "|seed:3|" in meta["signature"]
    assert run(toy_items(9, seed=4), tiny_model).meta["texts_sha256"] != meta["texts_sha256"]


def test_load_refuses_a_sidecar_that_does_not_match(tiny_model, tmp_path):
    emb = run(toy_items(4), tiny_model)
    emb.ids = emb.ids[:3]
    save_embeddings(emb, tmp_path / "bad.npy")
    with pytest.raises(FormatError, match="bad.json"):
        load_embeddings(tmp_path / "bad.npy")


def test_bad_settings_are_refused(tiny_model):
    with pytest.raises(WinoError, match="pooling 'max'"):
        run(toy_items(3), tiny_model, pooling="max")
    with pytest.raises(WinoError, match="dtype 'int8'"):
        run(toy_items(3), tiny_model, dtype="int8")
    with pytest.raises(WinoError, match="no-such-model"):
        run(toy_items(3), str(tiny_model) + "/no-such-model")
    with pytest.raises(WinoError, match="only 3 are given"):
        run(toy_items(3), tiny_model, fine_tune=FineTuneConfig(train_size=2, val_size=1))


def test_fine_tune_recipe_learns_and_leaves_its_subset_out(tiny_model, tmp_path):
    """On data whose answer is always the strong animal, a few steps beat chance on held-out instances;
    the fine-tuning subset is recorded and left out of the output."""
    items = toy_items(260)
    config = FineTuneConfig(train_size=160, val_size=60, epochs=4, learning_rate=2e-3, batch_size=16, warmup_ratio=0.0)
    emb = run(items, tiny_model, fine_tune=config, output_dir=tmp_path, seed=1)
    tuned = emb.meta["fine_tune"]
    assert tuned["val_accuracy"] >= 0.8
    held_out = set(tuned["train_ids"]) | set(tuned["val_ids"])
    assert len(held_out) == 220 and not held_out & set(emb.ids)
    assert emb.ids == [it.id for it in items if it.id not in held_out] and emb.meta["skipped"] == []
    untuned = run([it for it in items if it.id not in held_out], tiny_model)
    assert not np.allclose(emb.X, untuned.X, atol=1e-3)
    resumed = run(items, tiny_model, fine_tune=config, output_dir=tmp_path, seed=1)
    assert resumed.reused_chunks == 5 and resumed.meta["fine_tune"] == tuned
    np.testing.assert_array_equal(resumed.X, emb.X)


def test_fine_tuning_is_wino_trains_run_and_is_redone_when_its_settings_change(tiny_model, tmp_path):
    """AFLite's encoder is trained by the one training path (issue #30): its work directory holds the run as
    ``wino train`` writes it, with the validation instances as the development split; other settings train anew."""
    from wino_toolkit.tuning import Run

    items = toy_items(120)
    config = FineTuneConfig(train_size=60, val_size=20, epochs=1, learning_rate=2e-3, batch_size=16, warmup_ratio=0.0)
    emb = run(items, tiny_model, fine_tune=config, output_dir=tmp_path, seed=1)
    saved = Run.load(tmp_path / "finetuned")
    assert saved.signature.startswith("train|") and saved.config.form == "mc" and saved.config.patience is None
    assert (saved.train_items, saved.dev_items) == (60, 20) and saved.dev_accuracy == emb.meta["fine_tune"]["val_accuracy"]
    assert not (tmp_path / "finetuned" / "checkpoints").exists()
    faster = FineTuneConfig(train_size=60, val_size=20, epochs=1, learning_rate=5e-3, batch_size=16, warmup_ratio=0.0)
    run(items, tiny_model, fine_tune=faster, output_dir=tmp_path, seed=1)
    assert Run.load(tmp_path / "finetuned").config.learning_rate == 5e-3
