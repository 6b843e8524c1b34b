"""Few-shot scoring (lm-eval's WinoGrande format, shots never from the item's own schema) and the request cache
(a killed run resumes, a repeated run scores nothing and writes the same predictions byte for byte)."""
from __future__ import annotations

import importlib
import json
import random
from dataclasses import replace

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

import wino_toolkit as wt  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402
from wino_toolkit.eval.cache import RequestCache  # noqa: E402
from wino_toolkit.eval.fewshot import FewShot  # noqa: E402
from wino_toolkit.eval.score import partial_requests, score, shot_pool  # noqa: E402
from wino_toolkit.forms import disambiguated  # noqa: E402


def twinned(n: int, seed: int) -> list:
    """Toy items in twin pairs (g-0, g-0, g-1, ...), as a schema's two versions."""
    return [replace(item, twin=f"g-{k // 2}") for k, item in enumerate(toy_items(n, seed=seed))]


def test_a_shot_is_never_the_item_or_a_version_of_its_schema():
    """Drawn over every item of a small corpus, where the item's twin is among the draws often: never chosen."""
    items = twinned(24, seed=3)
    shots = FewShot(shot_pool(items, "partial"), k=5, seed=0)
    twin_of = {i.id: i.twin for i in items}
    for item in items:
        _, ids = shots.for_item(item)
        assert len(ids) == len(set(ids)) == 5
        assert item.id not in ids and all(twin_of[i] != item.twin for i in ids)


def test_shots_are_seeded_per_item_not_by_order():
    """The same item gets the same shots in any order and in any process; another seed gives others."""
    items = twinned(40, seed=4)
    pool = shot_pool(items, "partial")
    first = [FewShot(pool, k=3, seed=7).for_item(i) for i in items]
    shuffled = items[:]
    random.Random(1).shuffle(shuffled)
    again = {i.id: FewShot(pool, k=3, seed=7).for_item(i) for i in shuffled}
    assert first == [again[i.id] for i in items]
    assert [FewShot(pool, k=3, seed=8).for_item(i)[1] for i in items] != [ids for _, ids in first]


def test_too_few_shots_outside_the_schema_is_refused_in_one_line():
    items = twinned(4, seed=5)
    with pytest.raises(WinoError, match="too few"):
        FewShot(shot_pool(items[:3], "partial"), k=2)
    shots = FewShot(shot_pool(items, "partial"), k=2)  # 4 items = 2 schemas: each item's own is 2 of them
    assert len(shots.for_item(items[0])[1]) == 2
    triple = twinned(6, seed=5)[:5]
    triple[2] = replace(triple[2], twin="g-0")  # a schema of three versions (WSC has one) and two others
    with pytest.raises(WinoError, match="only 2 shots that are not versions of its own schema"):
        FewShot(shot_pool(triple, "partial"), k=3).for_item(triple[0])


def test_the_context_is_lm_evals_winogrande_few_shot_prompt(tiny_gpt2):
    """shot = sentence[:blank] + right option + " " + rest; shots joined and followed by a blank line, then the
    item's own context; the continuation is unchanged."""
    model, tokenizer, _ = tiny_gpt2
    items = twinned(20, seed=6)
    shots = FewShot(shot_pool(items, "partial"), k=2, seed=0)
    item = items[0]
    scored = score([item], model=model, tokenizer=tokenizer, fewshot=shots).items[0]
    zero_shot = partial_requests(item, list(disambiguated([item])))
    by_id = {i.id: i for i in items}

    def lm_eval_shot(shot) -> str:
        right = next(r for r, d in zip(partial_requests(shot, list(disambiguated([shot]))), range(2)) if d == shot.answer)
        return right.context + right.continuation

    prefix = "".join(lm_eval_shot(by_id[i]) + "\n\n" for i in scored.fewshot_ids)
    assert [r.context for r in scored.requests] == [prefix + r.context for r in zero_shot]
    assert [r.continuation for r in scored.requests] == [r.continuation for r in zero_shot]
    assert scored.to_dict()["fewshot_ids"] == scored.fewshot_ids


def test_wino_eval_lm_few_shot_records_its_shots_and_signature(tiny_gpt2, tmp_path, capsys):
    _, _, path = tiny_gpt2
    items, pool = twinned(16, seed=7), twinned(30, seed=8)
    corpus, shots = tmp_path / "toy.jsonl", tmp_path / "train.jsonl"
    wt.write(items, corpus, to="jsonl")
    wt.write([replace(i, corpus="train") for i in pool], shots, to="jsonl")
    predictions = tmp_path / "pred.jsonl"
    assert main(["eval", "lm", str(corpus), "--model", path, "--device", "cpu", "--num-fewshot", "3", "--fewshot-from",
                 str(shots), "--predictions", str(predictions), "--json", "--seed", "2"]) == 0
    signature = json.loads(capsys.readouterr().out)["signature"]
    assert "|fewshot:3|fewshot-from:" in signature and "|fewshot-seed:2|" in signature
    lines = [json.loads(x) for x in predictions.read_text().splitlines()]
    assert all(len(p["fewshot_ids"]) == 3 and set(p["fewshot_ids"]) <= {i.id for i in pool} for p in lines)
    assert main(["eval", "lm", str(corpus), "--model", path, "--method", "mlm", "--num-fewshot", "2"]) == 2
    assert "needs a causal LM method" in capsys.readouterr().err


def test_a_repeated_run_scores_nothing_and_writes_the_same_predictions(tiny_gpt2, tmp_path, capsys, monkeypatch):
    _, _, path = tiny_gpt2
    corpus = tmp_path / "toy.jsonl"
    wt.write(twinned(24, seed=9), corpus, to="jsonl")
    args = ["eval", "lm", str(corpus), "--model", path, "--device", "cpu", "--cache", str(tmp_path / "cache"), "--batch-size", "4"]
    assert main([*args, "--predictions", str(tmp_path / "a.jsonl")]) == 0
    capsys.readouterr()

    def no_model(*_, **__):
        raise AssertionError("a cached request was scored again")

    monkeypatch.setattr(importlib.import_module("wino_toolkit.eval.score"), "_each_once", no_model)
    assert main([*args, "--predictions", str(tmp_path / "b.jsonl")]) == 0
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_a_killed_run_resumes_where_it_stopped_with_the_same_scores(tiny_gpt2, tmp_path):
    model, tokenizer, _ = tiny_gpt2
    items = twinned(20, seed=10)
    fresh = score(items, model=model, tokenizer=tokenizer, batch_size=4)
    cache = RequestCache(tmp_path, "tiny")
    real_store, calls = cache.store, []

    def killed_after_two_batches(pairs):
        calls.append(len(pairs))
        real_store(pairs)
        if len(calls) == 2:
            raise KeyboardInterrupt

    cache.store = killed_after_two_batches
    with pytest.raises(KeyboardInterrupt):
        score(items, model=model, tokenizer=tokenizer, batch_size=4, cache=cache)
    cache.store = real_store
    seen = []
    resumed = score(items, model=model, tokenizer=tokenizer, batch_size=4, cache=cache,
                    progress=lambda done, total: seen.append(total))
    assert seen[-1] == 2 * len(items) - sum(calls)  # only what the killed run had not finished
    assert [s.to_dict() for s in resumed.items] == [s.to_dict() for s in fresh.items]


def test_the_cache_is_kept_apart_per_model(tiny_gpt2, tmp_path):
    model, tokenizer, _ = tiny_gpt2
    items = twinned(8, seed=11)
    score(items, model=model, tokenizer=tokenizer, cache=RequestCache(tmp_path, "model-a"))
    other = RequestCache(tmp_path, "model-b")
    requests = [r for s in score(items, model=model, tokenizer=tokenizer).items for r in s.requests]
    assert other.lookup(requests) == {} and len(RequestCache(tmp_path, "model-a").lookup(requests)) == len(requests)


def test_device_map_loads_through_accelerate_scores_the_same_and_is_signed(tiny_gpt2, tmp_path, capsys):
    """accelerate's big-model loading (here every layer fits the CPU): the same scores, the placement in the signature."""
    _, _, path = tiny_gpt2
    corpus = tmp_path / "toy.jsonl"
    wt.write(twinned(12, seed=13), corpus, to="jsonl")
    common = ["eval", "lm", str(corpus), "--model", path, "--json"]
    assert main([*common, "--device", "cpu", "--predictions", str(tmp_path / "plain.jsonl")]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*common, "--device-map", "auto", "--predictions", str(tmp_path / "mapped.jsonl")]) == 0
    mapped = json.loads(capsys.readouterr().out)
    assert "|device-map:auto|" in mapped["signature"] and "device-map" not in plain["signature"]
    a, b = ([json.loads(x) for x in (tmp_path / n).read_text().splitlines()] for n in ("plain.jsonl", "mapped.jsonl"))
    assert max(abs(x - y) for p, q in zip(a, b) for x, y in zip(p["scores"], q["scores"])) < 1e-4


def test_a_peft_adapter_changes_the_scores_as_peft_itself_does(tiny_gpt2, tmp_path, capsys):
    """A LoRA adapter with non-zero weights: scored through --peft exactly as PeftModel scores it, unlike the base."""
    peft = pytest.importorskip("peft")
    model, tokenizer, path = tiny_gpt2
    from transformers import AutoModelForCausalLM

    adapter = tmp_path / "lora"
    lora = peft.get_peft_model(AutoModelForCausalLM.from_pretrained(path),
                               peft.LoraConfig(r=4, target_modules=["c_attn"], init_lora_weights=False))
    lora.save_pretrained(adapter)
    items = twinned(10, seed=14)
    corpus = tmp_path / "toy.jsonl"
    wt.write(items, corpus, to="jsonl")
    assert main(["eval", "lm", str(corpus), "--model", path, "--device", "cpu", "--peft", str(adapter), "--json",
                 "--predictions", str(tmp_path / "p.jsonl")]) == 0
    assert "|peft:lora#" in json.loads(capsys.readouterr().out)["signature"]
    ours = [json.loads(x)["scores"] for x in (tmp_path / "p.jsonl").read_text().splitlines()]
    expected = [s.scores for s in score(items, model=lora.eval(), tokenizer=tokenizer).items]
    base = [s.scores for s in score(items, model=model, tokenizer=tokenizer).items]
    assert max(abs(x - y) for p, q in zip(ours, expected) for x, y in zip(p, q)) < 1e-4
    assert max(abs(x - y) for p, q in zip(ours, base) for x, y in zip(p, q)) > 1e-3


def test_placement_options_that_cannot_work_are_refused_in_one_line(tiny_gpt2, tmp_path, capsys, monkeypatch):
    _, _, path = tiny_gpt2
    corpus = tmp_path / "toy.jsonl"
    wt.write(twinned(4, seed=15), corpus, to="jsonl")
    common = ["eval", "lm", str(corpus), "--model", path, "--device", "cpu"]
    assert main([*common, "--peft", str(tmp_path)]) == 1
    assert "not a PEFT adapter directory (no adapter_config.json)" in capsys.readouterr().err
    if not torch.cuda.is_available():
        assert main([*common, "--load-in", "8bit"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "needs a CUDA GPU" in err
    with pytest.raises(SystemExit) as usage:
        main([*common, "--device-map", "everywhere"])
    assert usage.value.code == 2
    from wino_toolkit.eval.api import evaluate

    monkeypatch.setenv("WORLD_SIZE", "2")  # as torchrun sets it
    with pytest.raises(WinoError, match="--device-map shards one model"):
        evaluate(list(wt.read(corpus)), model=path, device="cpu", device_map="auto")


def test_the_lm_eval_export_carries_the_same_shots_as_eval_lm(tiny_gpt2, tmp_path, capsys):
    """lm-eval's own sampler cannot keep a twin out of the shots, so the export writes our shots into each context:
    the exported contexts are eval lm's few-shot requests, and each row names its shots."""
    model, tokenizer, _ = tiny_gpt2
    items, pool = twinned(12, seed=16), [replace(i, corpus="train") for i in twinned(20, seed=17)]
    corpus, train = tmp_path / "toy.jsonl", tmp_path / "train.jsonl"
    wt.write(items, corpus, to="jsonl")
    wt.write(pool, train, to="jsonl")
    out = tmp_path / "tasks"
    assert main(["export", "lm-eval", str(corpus), "-o", str(out), "--num-fewshot", "2", "--fewshot-from", str(train),
                 "--seed", "3"]) == 0
    rows = {r["id"]: r for r in (json.loads(x) for x in (out / "wino_toy_en.jsonl").read_text().splitlines())}
    ours = score(items, model=model, tokenizer=tokenizer, fewshot=FewShot(shot_pool(pool, "partial"), k=2, seed=3)).items
    assert {s.id: [r.context for r in s.requests] for s in ours} == {i: r["contexts"] for i, r in rows.items()}
    assert {s.id: s.fewshot_ids for s in ours} == {i: r["fewshot_ids"] for i, r in rows.items()}
    assert "2 shots (seed 3) in the contexts" in (out / "wino_toy_en.yaml").read_text()
    capsys.readouterr()
    assert main(["export", "hf", str(corpus), "-o", str(tmp_path / "hf"), "--num-fewshot", "2"]) == 2
    assert "for lm-eval exports" in capsys.readouterr().err
