"""Reuse only what matches, identified by content (issue #29, section 2): the request cache and signatures name a
local model by its files' content, a resumed training run is the run it continues, a checkpoint cut short by Ctrl-C
is skipped, and a damaged AFLite chunk is computed again."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("tokenizers")
pytest.importorskip("datasets")

import wino_toolkit as wt  # noqa: E402
from test_aflite_embed import tiny_model, toy_items  # noqa: E402,F401 (a fixture)
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from test_train_finetune import FAST, tiny_encoder  # noqa: E402,F401 (a fixture)
from wino_toolkit import fingerprint  # noqa: E402
from wino_toolkit.aflite.embed import embed  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import WinoError, WinoWarning  # noqa: E402
from wino_toolkit.eval import score as evaluated_score  # noqa: E402
from wino_toolkit.tuning import CHECKPOINT_MARK, fine_tune  # noqa: E402


@pytest.fixture
def settled(monkeypatch):
    """Files written moments ago count as settled, so a test need not wait for the memo to remember them."""
    monkeypatch.setattr(fingerprint, "SETTLE_NS", 0)


@pytest.fixture
def counted_reads(monkeypatch) -> list[str]:
    """The names of the files whose bytes the fingerprint reads, in order."""
    reads: list[str] = []
    real = fingerprint._hash_file

    def counting(path: Path) -> str:
        reads.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(fingerprint, "_hash_file", counting)
    return reads


def new_weights(folder: Path, seed: int) -> None:
    """Another GPT-2 with the same config saved over the one in ``folder`` (its config and tokenizer stay)."""
    config = transformers.AutoConfig.from_pretrained(folder)
    torch.manual_seed(seed)
    transformers.GPT2LMHeadModel(config).save_pretrained(folder)


# --- the request cache and the signature name the weights ---------------------------------------------

def test_new_weights_in_the_same_directory_are_another_model_for_the_cache_and_the_signature(tiny_gpt2, tmp_path, capsys):
    _, _, path = tiny_gpt2
    folder = tmp_path / "model"
    shutil.copytree(path, folder)
    corpus = tmp_path / "toy.jsonl"
    wt.write(toy_items(12, seed=21), corpus, to="jsonl")
    config_before = (folder / "config.json").read_bytes()

    def eval_lm(predictions: str) -> dict:
        assert main(["eval", "lm", str(corpus), "--model", str(folder), "--device", "cpu", "--cache", str(tmp_path / "cache"),
                     "--json", "--predictions", str(tmp_path / predictions)]) == 0
        return json.loads(capsys.readouterr().out)

    first = eval_lm("old.jsonl")
    new_weights(folder, seed=99)
    assert (folder / "config.json").read_bytes() == config_before  # only the weights changed
    second = eval_lm("new.jsonl")
    assert first["signature"] != second["signature"]
    old, new = ([json.loads(x)["scores"] for x in (tmp_path / n).read_text().splitlines()] for n in ("old.jsonl", "new.jsonl"))
    fresh = [s.scores for s in evaluated_score(list(wt.read(corpus)), model=str(folder), device="cpu").items]
    assert new == fresh and new != old  # scored by the new weights, not handed back from the cache


def test_the_cache_key_names_tokenizer_files_dtype_and_placement(tiny_gpt2, tmp_path):
    from wino_toolkit.eval.cache import model_key
    from wino_toolkit.eval.models import loading_identity, model_identity

    _, tokenizer, path = tiny_gpt2
    folder = tmp_path / "model"
    shutil.copytree(path, folder)
    before = model_identity(str(folder), None)
    tokenizer_key = model_key(before, dtype="float32", kind="causal", tokenizer=transformers.AutoTokenizer.from_pretrained(folder))
    data = json.loads((folder / "tokenizer.json").read_text())
    data["normalizer"] = {"type": "Lowercase"}  # same vocabulary and length, other tokens for "The"
    (folder / "tokenizer.json").write_text(json.dumps(data))
    assert model_identity(str(folder), None) != before
    retokenized = transformers.AutoTokenizer.from_pretrained(folder)
    assert len(retokenized) == len(tokenizer)
    assert model_key(before, dtype="float32", kind="causal", tokenizer=retokenized) != tokenizer_key
    keys = {model_key(before, dtype=dtype, kind="causal", tokenizer=tokenizer) for dtype in ("float32", "bfloat16")}
    keys |= {model_key(before + loading_identity(**placement), dtype="float32", kind="causal", tokenizer=tokenizer)
             for placement in ({"device_map": "auto"}, {"quantize": "8bit"})}
    assert len(keys) == 4


def test_a_peft_adapter_is_named_by_its_weights_not_only_its_config(tiny_gpt2, tmp_path):
    peft = pytest.importorskip("peft")
    from wino_toolkit.eval.models import loading_identity

    _, _, path = tiny_gpt2
    adapter = tmp_path / "lora"
    identities = []
    for seed in (1, 2):
        torch.manual_seed(seed)
        lora = peft.get_peft_model(transformers.AutoModelForCausalLM.from_pretrained(path),
                                   peft.LoraConfig(r=4, target_modules=["c_attn"], init_lora_weights=False))
        lora.save_pretrained(adapter)
        identities.append(loading_identity(peft=str(adapter)))
    assert identities[0].startswith("|peft:lora#") and identities[0] != identities[1]


def test_a_model_changed_in_memory_is_not_answered_from_the_cache(tiny_gpt2, tmp_path):
    """A model passed loaded is named by its parameters: trained on after loading, it is scored again."""
    from wino_toolkit.eval.api import evaluate

    _, tokenizer, path = tiny_gpt2
    model = transformers.AutoModelForCausalLM.from_pretrained(path).eval()
    items = toy_items(8, seed=22)
    first = evaluate(items, model=model, tokenizer=tokenizer, cache=str(tmp_path / "cache"))
    with torch.no_grad():
        model.transformer.wte.weight.mul_(3.0)
    second = evaluate(items, model=model, tokenizer=tokenizer, cache=str(tmp_path / "cache"))
    fresh = evaluate(items, model=model, tokenizer=tokenizer)
    assert [s.scores for s in second.scores.items] == [s.scores for s in fresh.scores.items]
    assert [s.scores for s in second.scores.items] != [s.scores for s in first.scores.items]


# --- the fingerprint reads a file once ------------------------------------------------------------------

def test_an_unchanged_file_is_read_once_and_a_rewritten_one_again(tiny_gpt2, tmp_path, settled, counted_reads):
    _, _, path = tiny_gpt2
    folder = tmp_path / "model"
    shutil.copytree(path, folder)
    names = [p.name for p in fingerprint.model_files(folder)]
    assert "model.safetensors" in names and "config.json" in names and "tokenizer.json" in names
    first = fingerprint.identify(folder)
    assert sorted(counted_reads) == sorted(names)
    counted_reads.clear()
    (tmp_path / "link").symlink_to(folder)
    assert fingerprint.identify(tmp_path / "link") == first and counted_reads == []  # remembered, however spelled
    weights = folder / "model.safetensors"
    info = weights.stat()
    data = bytearray(weights.read_bytes())
    data[-1] ^= 0xFF  # the same size, one byte else
    weights.write_bytes(bytes(data))
    os.utime(weights, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    assert fingerprint.identify(folder) != first
    assert counted_reads == ["model.safetensors"]


def test_a_file_written_moments_ago_is_not_remembered(tiny_gpt2, tmp_path, counted_reads):
    """Within the timestamp granularity a second write could leave size and times as they were: such a file is
    read each time until it has settled."""
    _, _, path = tiny_gpt2
    folder = tmp_path / "model"
    shutil.copytree(path, folder)
    fingerprint.identify(folder)
    fingerprint.identify(folder)
    assert counted_reads.count("model.safetensors") == 2


def test_an_unwritable_cache_only_means_nothing_is_remembered(tiny_gpt2, tmp_path, monkeypatch, settled, counted_reads):
    _, _, path = tiny_gpt2
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory\n")
    monkeypatch.setenv("WINO_CACHE", str(blocker / "cache"))
    assert fingerprint.identify(path) == fingerprint.identify(path)
    assert counted_reads.count("model.safetensors") == 2
    monkeypatch.setenv("WINO_CACHE", str(tmp_path / "cache"))
    fingerprint.memo_path().parent.mkdir()
    fingerprint.memo_path().write_text("{half a memo")  # unreadable: started afresh
    counted_reads.clear()
    assert fingerprint.identify(path) == fingerprint.identify(path)
    assert counted_reads.count("model.safetensors") == 1


# --- a resumed training run is the run it continues --------------------------------------------------------

#: the same settings as the library's below, spelled as options
TRAIN_OPTIONS = ["--lr", "3e-3", "--epochs", "1", "--batch-size", "8", "--device", "cpu", "--patience", "0",
                 "--eval-steps", "2"]


def interrupted_run(corpus: Path, encoder: str, out: Path) -> None:
    """A run of ``wino train CORPUS TRAIN_OPTIONS`` stopped by Ctrl-C after step 3: checkpoint-2 is on disk."""
    def interrupt(step: int, total: int) -> None:
        if step == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fine_tune(list(wt.read(corpus)), model=encoder, output_dir=out, progress=interrupt,
                  **dict(FAST, epochs=1, batch_size=8, eval_steps=2))
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["checkpoint-2"]


def test_resume_with_other_settings_or_another_model_is_refused_in_one_line(tiny_encoder, tmp_path, capsys):
    """The optimizer, scheduler and dev split resumed are the checkpoint's: another --lr, --seed or --model would
    be recorded in run.json and the signature while the old ones trained on."""
    corpus, out = tmp_path / "toy.jsonl", tmp_path / "run"
    wt.write(toy_items(40, seed=23), corpus, to="jsonl")
    interrupted_run(corpus, tiny_encoder, out)
    capsys.readouterr()
    train = ["train", str(corpus), "-o", str(out), "--resume"]
    assert main([*train, "--model", tiny_encoder, *TRAIN_OPTIONS, "--lr", "1e-3", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"wino: error: {out} holds an unfinished run trained with ")
    assert "learning_rate 0.003, not 0.001" in err and "seed 0, not 1" in err and "other data" in err  # another dev split
    other = tmp_path / "other-encoder"
    shutil.copytree(tiny_encoder, other)
    new_vocabulary = json.loads((other / "tokenizer.json").read_text())
    new_vocabulary["model"]["vocab"]["zebra"] = len(new_vocabulary["model"]["vocab"]) + 10
    (other / "tokenizer.json").write_text(json.dumps(new_vocabulary))
    assert main([*train, "--model", str(other), *TRAIN_OPTIONS]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "model tiny-encoder" in err and ", not other-encoder#" in err
    assert "learning_rate" not in err and "data" not in err
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["checkpoint-2"]  # nothing touched
    assert main([*train, "--model", tiny_encoder, *TRAIN_OPTIONS, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["config"]["learning_rate"] == 3e-3 and record["history"][-1]["step"] == 5


def final_weights(run) -> dict:
    return transformers.AutoModelForMultipleChoice.from_pretrained(run.model_dir).state_dict()


def same_weights(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.allclose(a[k], b[k], atol=1e-6) for k in a)


@pytest.fixture(scope="module")
def uninterrupted(tiny_encoder, tmp_path_factory):
    """3 epochs of 2 steps, a checkpoint after each: the weights a resumed run must end with."""
    items = toy_items(32, seed=3)
    run = fine_tune(items, dev=[], model=tiny_encoder, output_dir=tmp_path_factory.mktemp("whole") / "run", **FAST)
    return items, final_weights(run)


def cut_short_at(monkeypatch, step: int) -> None:
    """Ctrl-C while the Trainer saves the checkpoint of ``step``: its weights, optimizer and scheduler are written,
    its RNG and trainer states are not."""
    real = transformers.Trainer._save_rng_state

    def save_rng_state(self, output_dir):
        if self.state.global_step == step:
            raise KeyboardInterrupt
        return real(self, output_dir)

    monkeypatch.setattr(transformers.Trainer, "_save_rng_state", save_rng_state)


def test_a_checkpoint_cut_short_by_ctrl_c_is_skipped_for_the_last_complete_one(tiny_encoder, uninterrupted, tmp_path,
                                                                                 monkeypatch):
    items, whole = uninterrupted
    out = tmp_path / "run"
    with monkeypatch.context() as patched:
        cut_short_at(patched, 4)
        with pytest.raises(KeyboardInterrupt):
            fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, **FAST)
    assert (out / "checkpoints" / "checkpoint-4" / "optimizer.pt").is_file()
    assert not (out / "checkpoints" / "checkpoint-4" / CHECKPOINT_MARK).exists()
    with pytest.raises(WinoError, match="continue it with --resume"):  # a plain rerun still says so
        fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, **FAST)
    with pytest.warns(WinoWarning, match=r"checkpoint-4: not a complete checkpoint \(cut short while it was saved\): skipped"):
        resumed = fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, resume=True, **FAST)
    assert same_weights(final_weights(resumed), whole)


def test_a_checkpoint_damaged_since_it_was_saved_is_skipped(tiny_encoder, uninterrupted, tmp_path):
    items, whole = uninterrupted
    out = tmp_path / "run"
    fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, **dict(FAST, remove_checkpoints=False, keep_checkpoints=None))
    for finished in (out / "model", out / "run.json"):  # as if stopped after its last checkpoint
        shutil.rmtree(finished) if finished.is_dir() else finished.unlink()
    newest = out / "checkpoints" / "checkpoint-6"
    size = (newest / "optimizer.pt").stat().st_size
    with open(newest / "optimizer.pt", "r+b") as fh:
        fh.truncate(size // 2)
    (out / "checkpoints" / "checkpoint-4" / "scheduler.pt").unlink()
    with pytest.warns(WinoWarning) as notes:
        resumed = fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, resume=True, **FAST)
    said = [str(n.message) for n in notes if issubclass(n.category, WinoWarning)]
    assert said == [f"{newest}: not a complete checkpoint (optimizer.pt has {size // 2} bytes, not the {size} it was "
                    "saved with): skipped",
                    f"{out / 'checkpoints' / 'checkpoint-4'}: not a complete checkpoint (scheduler.pt is missing): skipped"]
    assert same_weights(final_weights(resumed), whole)


def test_without_a_complete_checkpoint_resume_starts_over_with_a_note(tiny_encoder, uninterrupted, tmp_path, monkeypatch):
    items, whole = uninterrupted
    out = tmp_path / "run"
    with monkeypatch.context() as patched:
        cut_short_at(patched, 2)
        with pytest.raises(KeyboardInterrupt):
            fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, **FAST)
    with pytest.warns(WinoWarning) as notes:
        resumed = fine_tune(items, dev=[], model=tiny_encoder, output_dir=out, resume=True, **FAST)
    checkpoints = out / "checkpoints"
    assert [str(n.message) for n in notes if issubclass(n.category, WinoWarning)] == [
        f"{checkpoints / 'checkpoint-2'}: not a complete checkpoint (cut short while it was saved): skipped",
        f"{checkpoints}: no complete checkpoint to resume from: training from the start"]
    assert same_weights(final_weights(resumed), whole)


# --- a damaged AFLite chunk is computed again ----------------------------------------------------------------

CHUNK = "chunks/chunk-00001.npy"
DAMAGE = {
    "truncated": lambda path: path.write_bytes(path.read_bytes()[:100]),
    "empty": lambda path: path.write_bytes(b""),
    "not an array": lambda path: path.write_bytes(b"garbage, not a NumPy file\n" * 8),
    "pickled objects": lambda path: np.save(path, np.array([{"a": 1}], dtype=object), allow_pickle=True),
    "another width": lambda path: np.save(path, np.zeros((8, 7), dtype=np.float32)),
    "float64": lambda path: np.save(path, np.load(path).astype(np.float64)),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_chunk_is_computed_again_with_a_note(tiny_model, tmp_path, capsys, damage):
    corpus, work = tmp_path / "toy.jsonl", tmp_path / "work"
    wt.write(toy_items(20, seed=24), corpus, to="jsonl")
    embed_command = ["aflite", "embed", str(corpus), "--model", tiny_model, "-o", str(work), "--device", "cpu",
                     "--chunk-size", "8", "--batch-size", "4"]
    assert main(embed_command) == 0
    first = np.load(work / "embeddings.npy")
    DAMAGE[damage](work / CHUNK)
    capsys.readouterr()
    assert main(embed_command) == 0
    out, err = capsys.readouterr()
    assert err.count("wino: warning:") == 1 and f"{work / CHUNK}: damaged chunk (" in err and "computing it again" in err
    assert "2 chunk(s) reused" in out + err
    np.testing.assert_array_equal(np.load(work / "embeddings.npy"), first)
    assert np.load(work / CHUNK).shape == (8, 32)  # saved again, whole


def test_new_weights_in_the_same_directory_make_other_embeddings(tiny_model, tmp_path):
    folder = tmp_path / "encoder"
    shutil.copytree(tiny_model, folder)
    items = toy_items(12, seed=25)
    options = dict(max_length=64, batch_size=4, chunk_size=8, device="cpu", output_dir=tmp_path / "work")
    before = embed(items, model=str(folder), **options)
    torch.manual_seed(7)
    transformers.RobertaModel(transformers.AutoConfig.from_pretrained(folder)).save_pretrained(folder)
    with pytest.warns(WinoWarning, match="saved chunks were made from other inputs, model or settings; starting over"):
        after = embed(items, model=str(folder), **options)
    assert after.started_over and after.reused_chunks == 0 and after.signature != before.signature
    np.testing.assert_allclose(after.X, embed(items, model=str(folder), **{**options, "output_dir": None}).X, atol=1e-6)
    assert not np.allclose(after.X, before.X)
