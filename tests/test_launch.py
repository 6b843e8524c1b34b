"""Runs under ``torchrun``: several processes share one command's work and write one result, equal to one
process's (CPU processes over gloo here; the same code takes one GPU per process)."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("accelerate")

import wino_toolkit as wt  # noqa: E402
from conftest import SAMPLES  # noqa: E402
from test_eval_fewshot_cache import twinned  # noqa: E402
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from test_train_cli import FAST, toy_files  # noqa: E402,F401 (a fixture)
from test_train_finetune import tiny_encoder  # noqa: E402,F401 (a fixture)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wino() -> str:
    return shutil.which("wino") or pytest.skip("the wino command is not installed")


def torchrun(*args: str) -> list[str]:
    """``wino ARGS`` in two processes on this machine's CPUs."""
    return [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port", str(_free_port()),
            wino(), *args]


def test_torchrun_two_processes_score_as_one_and_write_one_result(tiny_gpt2, tmp_path):
    """Data parallel on CPUs (gloo): two processes split the requests; the per-item scores equal one process's
    to 1e-4, the table is printed once and the predictions file written once, by the main process. Without a GPU
    the flags are the ones a user types (``--device auto --dtype auto``): each rank's device is then ``cpu:0``,
    and the ranks picked float16 (scores 1e-3 off, ``dtype:float16`` in the signature); the dtype and the
    signature are one process's."""
    import torch

    _, _, path = tiny_gpt2
    corpus = tmp_path / "toy.jsonl"
    wt.write(twinned(30, seed=12), corpus, to="jsonl")
    device = ["--device", "cpu"] if torch.cuda.is_available() else []  # the same CPUs for both, GPU or not
    common = ["eval", "lm", str(corpus), "--model", path, *device, "--json", "--batch-size", "4"]
    one = subprocess.run([wino(), *common, "--predictions", "one.jsonl"], cwd=tmp_path, capture_output=True, text=True)
    quiet = {**os.environ, "WINO_PROGRESS_INTERVAL": "3600"}  # the final line only, however long a loaded machine takes
    two = subprocess.run(torchrun(*common, "--predictions", "two.jsonl"), cwd=tmp_path, capture_output=True, text=True,
                         env=quiet)
    assert one.returncode == 0 and two.returncode == 0, two.stderr[-2000:]
    single, launched = json.loads(one.stdout), json.loads(two.stdout)  # one JSON document: printed once
    assert launched["rows"] == single["rows"]
    assert launched["signature"] == single["signature"] and "|dtype:float32|" in single["signature"]
    a, b = ([json.loads(x) for x in (tmp_path / name).read_text().splitlines()] for name in ("one.jsonl", "two.jsonl"))
    assert [p["id"] for p in a] == [p["id"] for p in b]
    assert max(abs(x - y) for p, q in zip(a, b) for x, y in zip(p["scores"], q["scores"])) < 1e-4
    assert two.stderr.count("scoring:") <= 1  # the progress of the main process only


def test_a_cpu_is_a_cpu_whatever_its_index(tiny_gpt2):
    """``cpu:0`` (what accelerate gives a launcher's rank on CPUs) loads as ``cpu`` does: float32 under
    ``--dtype auto``; a device torch does not know is one line, not a traceback."""
    import torch

    from wino_toolkit.errors import WinoError
    from wino_toolkit.eval.models import load_lm

    _, _, path = tiny_gpt2
    for device in ("cpu", "cpu:0"):
        model, _, dtype = load_lm(path, device=device, dtype="auto")
        assert dtype == "float32" and next(model.parameters()).dtype == torch.float32, device
    with pytest.raises(WinoError, match="'gpu0' is not a torch device"):
        load_lm(path, device="gpu0")


def test_training_on_cpu_0_trains_in_fp32_on_the_cpu_beside_a_gpu(monkeypatch, tmp_path):
    """``TrainConfig(device="cpu:0")`` on a machine with a bf16 GPU: the CPU in fp32, as ``device="cpu"`` (it was
    taken for a GPU: bf16, and the GPU)."""
    import torch

    from wino_toolkit.tuning import TrainConfig
    from wino_toolkit.tuning.trainer import _arguments

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *a, **k: True)
    for device in ("cpu", "cpu:0"):
        args = _arguments(TrainConfig(device=device), tmp_path / device, False)
        assert args.use_cpu and not args.bf16 and not args.fp16, device


def test_torchrun_builds_a_pmi_index_once(tmp_path):
    """``wino pmi index`` under torchrun: the main process builds (its own workers share the work), the other exits;
    the index equals one process's (the second process wrote the same partial/ and crashed)."""
    import random

    from test_pmi_index import assert_same_index, random_docs, write_corpus
    from wino_toolkit.baselines.pmi.index import build_index

    src = write_corpus(tmp_path / "c.txt", random_docs(random.Random(4), 40, 12))
    done = subprocess.run(torchrun("pmi", "index", str(src), "--lang", "en", "-o", str(tmp_path / "two"), "--window", "3",
                                   "--jobs", "1"), cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.count("index written to") == 1
    assert_same_index(build_index(src, tmp_path / "one", language="en", window=3, processes=1), tmp_path / "two")


@pytest.fixture(scope="module")
def wide_gpt2(tiny_gpt2, tmp_path_factory) -> str:
    """The tiny GPT-2's tokenizer with a window of 256 positions: WinoLogic's sentences are long."""
    from tiny_lm import saved_gpt2

    return saved_gpt2(tiny_gpt2[1], tmp_path_factory.mktemp("wide-gpt2"), positions=256)[2]


def test_torchrun_two_processes_judge_winologic_as_one(wide_gpt2, tmp_path):
    """WinoLogic's baseline 1 under torchrun: each process scores its share, the main one prints the same table."""
    path = wide_gpt2
    args = ["eval", "winologic", str(SAMPLES / "winologic.jsonl"), "--model", path, "--device", "cpu", "--json"]
    one = subprocess.run([wino(), *args], cwd=tmp_path, capture_output=True, text=True)
    two = subprocess.run(torchrun(*args), cwd=tmp_path, capture_output=True, text=True)
    assert one.returncode == 0 and two.returncode == 0, two.stderr[-2000:]
    assert json.loads(two.stdout) == json.loads(one.stdout)  # printed once, the same rows


def test_torchrun_two_processes_embed_as_one(tmp_path):
    """aflite embed under torchrun: each process embeds every other chunk (saved as it goes), the main one writes
    embeddings.npy, equal to one process's; a rerun reuses every chunk."""
    import numpy as np

    from test_aflite_embed import toy_items
    from tiny_lm import roberta_config, word_tokenizer
    from transformers import RobertaModel

    model = tmp_path / "encoder"
    items = toy_items(90, seed=21)
    RobertaModel(roberta_config(word_tokenizer([i.text for i in items] + ["_ </s>"]))).save_pretrained(model)
    word_tokenizer([i.text for i in items] + ["_ </s>"]).save_pretrained(model)
    corpus = tmp_path / "toy.jsonl"
    wt.write(items, corpus, to="jsonl")
    common = ["aflite", "embed", str(corpus), "--model", str(model), "--device", "cpu", "--chunk-size", "20"]
    one = subprocess.run([wino(), *common, "-o", "one"], cwd=tmp_path, capture_output=True, text=True)
    two = subprocess.run(torchrun(*common, "-o", "two"), cwd=tmp_path, capture_output=True, text=True)
    assert one.returncode == 0 and two.returncode == 0, two.stderr[-2000:]
    assert two.stderr.count("embedded 90 instances") == 1  # reported once
    assert np.allclose(np.load(tmp_path / "one" / "embeddings.npy"), np.load(tmp_path / "two" / "embeddings.npy"), atol=1e-5)
    assert len(list((tmp_path / "two" / "chunks").glob("chunk-*.npy"))) == 5
    again = subprocess.run(torchrun(*common, "-o", "two"), cwd=tmp_path, capture_output=True, text=True)
    assert again.returncode == 0 and "5 chunk(s) reused" in again.stderr, again.stderr[-2000:]


def test_torchrun_two_processes_train_one_run_with_ddp(tiny_encoder, toy_files, tmp_path):
    """``torchrun --nproc_per_node 2 wino train`` on CPUs: the Trainer trains one model with DDP (gloo); the run
    directory is written once (model/ and run.json), the record printed once, and the dev accuracy it states is
    the one its model gives."""
    from wino_toolkit.train import Run
    from wino_toolkit.train.predict import predict

    train, dev = toy_files
    out = tmp_path / "run"
    done = subprocess.run(torchrun("train", str(train), "--dev", str(dev), "--model", tiny_encoder, "-o", str(out), "--json",
                                   *FAST), cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    record = json.loads(done.stdout)  # one JSON document: the other process printed nothing
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["model", "run.json"]
    model, tokenizer = Run.load(out).load_model("cpu")
    assert predict(model, tokenizer, list(wt.read(dev))).accuracy == pytest.approx(record["dev_accuracy"])
    assert record["dev_accuracy"] >= 0.9  # it learned: two processes trained one model, not two halves


def test_torchrun_two_processes_run_a_transfer_matrix_once(tiny_encoder, toy_files, tmp_path):
    """``eval transfer`` under torchrun: the source's run is trained once with DDP, every process scores alike,
    and transfer.json, the predictions and the printed record come from the main process only."""
    train, dev = toy_files
    out = tmp_path / "t"
    args = ["eval", "transfer", "--train", str(train), "--eval", str(dev), "--model", tiny_encoder, "-o", str(out),
            "--max-steps", "2", "--device", "cpu", "--json"]
    done = subprocess.run(torchrun(*args), cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    record = json.loads(done.stdout)
    assert record == json.loads((out / "transfer.json").read_text())
    assert [r["directory"] for r in record["runs"]] == ["runs/toy/seed-0"] and (out / "runs/toy/seed-0/run.json").is_file()
    cell = record["matrix"]["cells"][0]
    assert len((out / cell["predictions"][0]).read_text().splitlines()) == cell["items"] == 60
