"""Runs on disk (issue #19, section 4): what a finished run keeps, one writer per run or work directory,
every output path checked before the work, and impossible settings refused.

The commands run in this process (``main``) on a tiny encoder built here, or as real ``wino``
subprocesses where a signal or a second process is the point.
"""
from __future__ import annotations

import ast
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, SAMPLES, cli_actions
from wino_toolkit.cli import main
from wino_toolkit.errors import FormatError, OutputError, WinoError, WinoWarning
from wino_toolkit.locks import LOCK_FILE, directory_lock

WG = SAMPLES / "winogrande.jsonl"
WINO = [sys.executable, "-m", "wino_toolkit.cli"]
FAST = ["--lr", "3e-3", "--epochs", "1", "--batch-size", "16", "--device", "cpu", "--patience", "0"]


# --- fixtures -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    """A 2-layer RoBERTa (hidden 32) and a word-level tokenizer, saved to a directory: seconds to train on a CPU."""
    for name in ("torch", "transformers", "datasets", "tokenizers", "matplotlib"):
        pytest.importorskip(name)
    import torch
    import transformers

    from test_aflite_embed import toy_items
    from tiny_lm import roberta_config, word_tokenizer

    fast = word_tokenizer([i.text for i in toy_items(300, seed=1)] + ["the a an _"])
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-encoder")
    transformers.RobertaModel(roberta_config(fast)).save_pretrained(path)
    fast.save_pretrained(path)
    return str(path)


@pytest.fixture(scope="module")
def toy(encoder, tmp_path_factory) -> Path:
    """64 invented items whose answer a tiny model learns (the strong animal)."""
    import wino_toolkit as wt
    from test_aflite_embed import toy_items

    path = tmp_path_factory.mktemp("toy") / "toy.jsonl"
    wt.write(toy_items(64, seed=8), path, to="jsonl")
    return path


def toy_items(n: int, seed: int) -> list:
    from test_aflite_embed import toy_items as make

    return make(n, seed=seed)


def tiny_settings(**changes):
    return dict(dict(learning_rate=3e-3, epochs=1, batch_size=16, device="cpu", patience=None), **changes)


def run_wino(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("wino: error: "), err
    return err


# --- a finished run keeps the model, run.json and the log, not the optimizer checkpoints -------------

def test_finished_run_keeps_model_and_run_json_but_not_checkpoints(encoder, toy, tmp_path, capsys):
    """A finished run used to keep checkpoints/ (608 MB for a 22 M-parameter model): only model/ and
    run.json (with the training log) stay, and run.json says the checkpoints were removed."""
    out = tmp_path / "run"
    code, _, err = run_wino(capsys, "train", toy, "--dev", WG, "--model", encoder, "-o", out, *FAST)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["model", "run.json"]
    record = json.loads((out / "run.json").read_text())
    assert record["config"]["remove_checkpoints"] is True and any("loss" in h for h in record["history"])
    from wino_toolkit.tuning import Run

    model, _ = Run.load(out).load_model("cpu")
    assert model is not None


def test_keep_checkpoints_keeps_them_and_run_json_says_so(encoder, toy, tmp_path, capsys):
    out = tmp_path / "run"
    code, _, err = run_wino(capsys, "train", toy, "--dev", WG, "--model", encoder, "-o", out, "--keep-checkpoints", *FAST)
    assert code == 0, err
    assert any((out / "checkpoints").glob("checkpoint-*/optimizer.pt"))
    assert json.loads((out / "run.json").read_text())["config"]["remove_checkpoints"] is False


def test_interrupted_run_keeps_its_checkpoints_and_resumes_with_resume(encoder, tmp_path):
    """Checkpoints go only when a run finishes: an interrupted one keeps them, --resume finishes it."""
    from wino_toolkit.tuning import fine_tune

    items, out = toy_items(64, seed=3), tmp_path / "run"

    def interrupt(step: int, total: int) -> None:
        if step == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fine_tune(items, dev=[], model=encoder, output_dir=out, progress=interrupt, **tiny_settings(batch_size=8, eval_steps=2))
    assert [p.name for p in (out / "checkpoints").iterdir()] == ["checkpoint-2"]
    assert not (out / "run.json").exists() and not (out / LOCK_FILE).exists()
    with pytest.raises(WinoError, match=r"already holds checkpoints of an unfinished run: continue it with --resume"):
        fine_tune(items, dev=[], model=encoder, output_dir=out, **tiny_settings(batch_size=8, eval_steps=2))
    run = fine_tune(items, dev=[], model=encoder, output_dir=out, resume=True, **tiny_settings(batch_size=8, eval_steps=2))
    assert run.history[-1]["step"] == 8 and sorted(p.name for p in out.iterdir()) == ["model", "run.json"]


def test_training_again_over_a_finished_run_is_refused(encoder, tmp_path):
    """With its checkpoints gone, nothing else would stop a second run from silently replacing a finished one."""
    from wino_toolkit.tuning import fine_tune

    items, out = toy_items(32, seed=4), tmp_path / "run"
    fine_tune(items, dev=[], model=encoder, output_dir=out, **tiny_settings())
    before = (out / "run.json").read_bytes()
    with pytest.raises(WinoError, match=r"holds a finished run \(run.json\): choose another directory"):
        fine_tune(items, dev=[], model=encoder, output_dir=out, **tiny_settings(learning_rate=1e-4))
    assert (out / "run.json").read_bytes() == before


def test_docs_say_what_a_run_directory_holds():
    page = (ROOT / "docs" / "fine-tuning-and-transfer.md").read_text(encoding="utf-8")
    section = page[page.index("## What a run directory holds"):]
    section = section[len("## "):]
    section = section[: section.index("\n## ") if "\n## " in section else None]
    for needed in ("model/", "run.json", "checkpoints/", "--keep-checkpoints", "--resume", LOCK_FILE):
        assert needed in section, needed


# --- one writer per run or work directory ------------------------------------------------------------

def hold(directory: Path, pid: int, host: str | None = None, what: str = "wino train") -> Path:
    """A lock file as another process writes it."""
    directory.mkdir(parents=True, exist_ok=True)
    lock = directory / LOCK_FILE
    lock.write_text(json.dumps({"pid": pid, "host": host or socket.gethostname(), "what": what,
                                "started": "2024-05-01 12:00:00", "token": "theirs"}) + "\n")
    return lock


@pytest.fixture
def live_pid():
    proc = subprocess.Popen(["sleep", "120"])
    yield proc.pid
    proc.kill()
    proc.wait()


@pytest.fixture
def dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def held_commands(encoder: str, toy: Path, tmp_path: Path, held: Path) -> dict[str, list]:
    pmi_text = tmp_path / "text.txt"
    pmi_text.write_text("the cat sat on the mat\n\nthe dog ran\n", encoding="utf-8")
    return {
        "train": ["train", toy, "--model", encoder, "-o", held, *FAST],
        "eval transfer": ["eval", "transfer", "--train", toy, "--eval", WG, "--model", encoder, "-o", held, *FAST],
        "aflite embed": ["aflite", "embed", toy, "--model", encoder, "-o", held, "--device", "cpu"],
        "aflite run": ["aflite", "run", toy, "--model", encoder, "-o", tmp_path / "kept.jsonl", "--work", held,
                       "--device", "cpu", "-m", "8"],
        "pmi index": ["pmi", "index", pmi_text, "--lang", "en", "-o", held, "--jobs", "1"],
    }


@pytest.mark.parametrize("command", ["train", "eval transfer", "aflite embed", "aflite run", "pmi index"])
def test_second_command_writing_a_held_directory_is_refused(command, encoder, toy, tmp_path, capsys, live_pid):
    """Two commands writing one run or work directory at once interleaved their files: the second is refused."""
    held = tmp_path / "held"
    lock = hold(held, live_pid)
    code, _, err = run_wino(capsys, *held_commands(encoder, toy, tmp_path, held)[command])
    assert code == 1 and one_line(err) == (f"wino: error: {held} is in use by wino train (pid {live_pid}, started "
                                           "2024-05-01 12:00:00); wait for it or use another directory\n")
    assert os.listdir(held) == [LOCK_FILE] and json.loads(lock.read_text())["token"] == "theirs"


def test_second_train_on_same_run_dir_is_refused(encoder, toy, tmp_path):
    """Two real `wino train` processes on one RUN_DIR: the second exits 1 in one line naming the first."""
    out = tmp_path / "run"
    first = subprocess.Popen([*WINO, "train", str(toy), "--model", encoder, "-o", str(out), *FAST, "--epochs", "100"],
                             stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while not (out / LOCK_FILE).exists():
            assert first.poll() is None and time.monotonic() < deadline, "the first run never took the lock"
            time.sleep(0.05)
        second = subprocess.run([*WINO, "train", str(toy), "--model", encoder, "-o", str(out), *FAST],
                                capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert second.returncode == 1
        assert re.fullmatch(rf"wino: error: {re.escape(str(out))} is in use by wino train \(pid {first.pid}, started "
                            r"[-0-9: ]+\); wait for it or use another directory\n", second.stderr), second.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        _, err = first.communicate(timeout=120)
    assert first.returncode == 143 and err.endswith("wino: terminated\n")
    assert not (out / LOCK_FILE).exists()  # SIGTERM released it


def test_stale_lock_from_a_dead_process_is_taken_over_with_a_note(tmp_path, dead_pid):
    held = tmp_path / "work"
    hold(held, dead_pid)
    with pytest.warns(WinoWarning, match=rf"took over the lock of wino train \(pid {dead_pid}, started 2024-05-01 "
                                         r"12:00:00\), which is no longer running"):
        with directory_lock(held, what="embedding"):
            mine = json.loads((held / LOCK_FILE).read_text())
    assert mine["pid"] == os.getpid() and mine["what"] == "embedding"
    assert not (held / LOCK_FILE).exists()


def test_stale_lock_note_is_one_line_on_stderr(encoder, toy, tmp_path, capsys, dead_pid):
    out = tmp_path / "work"
    hold(out, dead_pid)
    code, _, err = run_wino(capsys, "aflite", "embed", toy, "--model", encoder, "-o", out, "--device", "cpu")
    assert code == 0, err
    assert err.splitlines()[0] == (f"wino: warning: {out}: took over the lock of wino train (pid {dead_pid}, started "
                                   "2024-05-01 12:00:00), which is no longer running")
    assert not (out / LOCK_FILE).exists() and (out / "embeddings.npy").is_file()


def test_lock_with_this_pid_but_another_owner_is_refused(tmp_path):
    """This very process's pid in a lock it does not hold (a reused pid, or a lock copied along): refused."""
    held = tmp_path / "run"
    hold(held, os.getpid())
    with pytest.raises(WinoError, match=rf"is in use by wino train \(pid {os.getpid()}, started"):
        with directory_lock(held, what="fine-tuning"):
            pass


def test_lock_of_another_host_is_refused_with_how_to_clear_it(tmp_path):
    held = tmp_path / "run"
    lock = hold(held, 1, host="elsewhere.example")
    with pytest.raises(WinoError, match=rf"on elsewhere.example, .*if it is gone, remove {re.escape(str(lock))}"):
        with directory_lock(held, what="fine-tuning"):
            pass


def test_nested_entry_points_share_the_lock_and_release_it_with_no_empty_directory_left(tmp_path):
    out = tmp_path / "new" / "run"
    with pytest.raises(RuntimeError):
        with directory_lock(out, what="a transfer matrix"):
            with directory_lock(out, what="fine-tuning"):  # this process holds it already
                assert (out / LOCK_FILE).is_file()
            assert (out / LOCK_FILE).is_file()
            raise RuntimeError("the work failed")
    assert not (tmp_path / "new").exists()  # made for the run, empty after it: removed
    with directory_lock(tmp_path / "kept", what="fine-tuning"):
        (tmp_path / "kept" / "result.txt").write_text("done")
    assert os.listdir(tmp_path / "kept") == ["result.txt"]


def test_file_where_the_locked_directory_should_be_is_one_line(tmp_path):
    (tmp_path / "one.jsonl").write_text("{}\n")
    with pytest.raises(OutputError, match="one.jsonl: exists and is not a directory"):
        with directory_lock(tmp_path / "one.jsonl", what="embedding"):
            pass


# --- every output path checked before the work -------------------------------------------------------

MISSING = "missing-input.jsonl"  # never read: a command that reads before checking its outputs fails on it
NO_MODEL = "./no-such-model"


def output_cases() -> list[tuple[str, str, str, list[str]]]:
    """(command, option, file or dir, argv with {OUT} where the bad path goes) for every output option."""
    return [
        ("convert", "-o", "file", ["convert", MISSING, "--to", "jsonl", "-o", "{OUT}"]),
        ("convert", "--skipped", "file", ["convert", MISSING, "--to", "jsonl", "--skipped", "{OUT}"]),
        ("demo", "-o", "dir", ["demo", "-o", "{OUT}"]),
        ("data split", "-o", "dir", ["data", "split", MISSING, "-o", "{OUT}"]),
        ("forms sample", "-o", "file", ["forms", "sample", MISSING, "--form", "nli", "-o", "{OUT}"]),
        ("train", "-o", "dir", ["train", MISSING, "--model", NO_MODEL, "-o", "{OUT}"]),
        ("data export", "-o", "dir", ["data", "export", "lm-eval", MISSING, "-o", "{OUT}"]),
        ("eval lm", "--predictions", "file", ["eval", "lm", MISSING, "--model", NO_MODEL, "--predictions", "{OUT}"]),
        ("eval transfer", "-o", "dir", ["eval", "transfer", "--train", MISSING, "--eval", MISSING, "--model", NO_MODEL,
                                        "-o", "{OUT}"]),
        ("aflite embed", "-o", "dir", ["aflite", "embed", MISSING, "--model", NO_MODEL, "-o", "{OUT}"]),
        ("aflite filter", "-o", "file", ["aflite", "filter", "missing.npy", "-o", "{OUT}"]),
        ("aflite filter", "--plot", "file", ["aflite", "filter", "missing.npy", "--plot", "{OUT}"]),
        ("aflite run", "-o", "file", ["aflite", "run", MISSING, "--model", NO_MODEL, "-o", "{OUT}", "--report", "{OK}.json"]),
        ("aflite run", "--report", "stem", ["aflite", "run", MISSING, "--model", NO_MODEL, "-o", "{OK}.jsonl", "--report",
                                            "{OUT}"]),
        ("aflite run", "--work", "dir", ["aflite", "run", MISSING, "--model", NO_MODEL, "-o", "{OK}.jsonl", "--work", "{OUT}"]),
        ("pmi index", "-o", "dir", ["pmi", "index", MISSING, "--lang", "en", "-o", "{OUT}"]),
        ("pmi terms", "-o", "file", ["pmi", "terms", MISSING, "-o", "{OUT}"]),
        ("logic render", "-o", "file", ["logic", "render", "--items", MISSING, "-o", "{OUT}"]),
        ("logic link", "-o", "file", ["logic", "link", MISSING, MISSING, "-o", "{OUT}"]),
        ("logic export", "-o", "dir", ["logic", "export", MISSING, "--to", "tptp", "-o", "{OUT}"]),
        ("audit", "-o", "file", ["audit", MISSING, "-o", "{OUT}"]),
    ]


BAD_PATHS = {  # what goes wrong -> (how to make the path under tmp, what the message says)
    "file": [(lambda d: d / "no-such-dir" / "out.json", "does not exist"), (lambda d: d / "a-dir", "is a directory")],
    "dir": [(lambda d: d / "a-file.txt", "exists and is not a directory"),
            (lambda d: d / "a-file.txt" / "sub", "is not a directory")],
    "stem": [(lambda d: d / "no-such-dir" / "out.json", "does not exist")],  # a directory names REPORT.json beside it
}


@pytest.mark.parametrize("case", [(c, o, k, a, n) for c, o, k, a in output_cases() for n in range(len(BAD_PATHS[k]))],
                         ids=lambda case: f"{case[0]} {case[1]} {BAD_PATHS[case[2]][case[4]][1]}")
def test_every_output_path_is_checked_before_the_work(case, tmp_path, capsys, monkeypatch):
    """An output that cannot be written was found after the work (17 s of filtering, a whole run), and a
    --plot into a missing directory lost the report written before it: now one line before anything."""
    command, option, kind, argv, n = case
    monkeypatch.chdir(tmp_path)  # the missing inputs, and nothing the test does not make
    (tmp_path / "a-dir").mkdir()
    (tmp_path / "a-file.txt").write_text("x\n")
    make, problem = BAD_PATHS[kind][n]
    bad = make(tmp_path)
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    code, out, err = run_wino(capsys, *(a.replace("{OUT}", str(bad)).replace("{OK}", str(tmp_path / "ok")) for a in argv))
    assert code == 1 and out == "" and str(bad) in one_line(err) and problem in err
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_every_output_option_of_every_command_is_checked():
    """A new command or output option joins the table above (and its early check), or this fails."""
    found = {(words, action.option_strings[0]) for words, _, action in cli_actions()
             if action.dest in ("output", "plot", "report", "predictions", "work")}
    assert found == {(c, o) for c, o, _, _ in output_cases()}


def test_file_given_where_a_directory_is_expected_says_so(tmp_path, capsys):
    """`-o one.jsonl` for aflite embed's work directory used to end in `one.jsonl/chunks: Not a directory`."""
    one = tmp_path / "one.jsonl"
    one.write_text("{}\n")
    code, _, err = run_wino(capsys, "aflite", "embed", WG, "--model", NO_MODEL, "-o", one)
    assert code == 1 and one_line(err) == f"wino: error: {one}: exists and is not a directory; wino aflite embed -o takes a directory\n"


def saved_embeddings(path: Path, n: int) -> Path:
    from wino_toolkit.aflite.embed import Embeddings, save_embeddings

    rng = np.random.default_rng(0)
    save_embeddings(Embeddings([f"i{k}" for k in range(n)], rng.random((n, 4), dtype=np.float32), np.arange(n) % 2,
                               {"signature": "embed|test"}), path)
    return path


def test_plot_into_a_missing_directory_is_refused_before_filtering(tmp_path, capsys, monkeypatch):
    from wino_toolkit.aflite import pipeline

    monkeypatch.setattr(pipeline, "filter_embeddings", lambda *a, **k: pytest.fail("filtered before checking --plot"))
    emb = saved_embeddings(tmp_path / "embeddings.npy", 40)
    code, _, err = run_wino(capsys, "aflite", "filter", emb, "-o", tmp_path / "report.json", "--plot",
                            tmp_path / "missing" / "plot.png")
    assert code == 1 and "missing/plot.png: cannot write: the directory" in one_line(err)
    assert not (tmp_path / "report.json").exists()


# --- aflite filter says what it expected --------------------------------------------------------------

def not_embeddings(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "embeddings.npy"
    if kind == "a corpus":
        path.write_bytes(WG.read_bytes())
        return path
    saved_embeddings(path, 3)
    if kind == "integers":
        np.save(path, np.arange(12).reshape(3, 4))
    elif kind == "a vector":
        np.save(path, np.zeros(3, dtype=np.float32))
    elif kind == "objects":
        np.save(path, np.array([{"a": 1}] * 3, dtype=object), allow_pickle=True)
    elif kind == "no sidecar":
        path.with_suffix(".json").unlink()
    elif kind == "a bad sidecar":
        path.with_suffix(".json").write_text("[1, 2")
    return path


@pytest.mark.parametrize("kind, says", [
    ("a corpus", "not a NumPy .npy file; expected embeddings.npy as `wino aflite embed` writes it"),
    ("integers", "holds a 2-D array of int64; expected embeddings.npy"),
    ("a vector", "holds a 1-D array of float32; expected embeddings.npy"),
    ("objects", "it holds Python objects, not numbers; expected embeddings.npy"),
    ("no sidecar", "embeddings.json: no such file: embeddings.npy needs the embeddings.json written beside it"),
    ("a bad sidecar", "embeddings.json: cannot read the embeddings' sidecar JSON"),
])
def test_non_embeddings_file_given_to_aflite_filter_says_what_was_expected(kind, says, tmp_path, capsys):
    """A corpus given to `aflite filter` used to fail with numpy's message about pickled data."""
    path = not_embeddings(tmp_path, kind)
    from wino_toolkit.aflite.embed import load_embeddings

    code, _, err = run_wino(capsys, "aflite", "filter", path)
    assert code == 1 and says in one_line(err) and "pickle" not in err
    with pytest.raises(FormatError):
        load_embeddings(path)


def test_one_instance_embeddings_file_is_one_line(tmp_path, capsys):
    """A 1-instance embeddings file ended in scikit-learn's traceback."""
    path = saved_embeddings(tmp_path / "one.npy", 1)
    code, _, err = run_wino(capsys, "aflite", "filter", path)
    assert code == 1 and one_line(err) == f"wino: error: {path}: holds 1 instance(s); AFLite needs at least 2 to filter\n"
    from wino_toolkit.aflite.embed import load_embeddings
    from wino_toolkit.aflite.pipeline import filter_embeddings

    with pytest.raises(WinoError, match="AFLite needs at least 2"):
        filter_embeddings(load_embeddings(path))


# --- impossible values, the signature, and messages ----------------------------------------------------

IMPOSSIBLE = [("--max-steps", "-3"), ("--max-steps", "0"), ("--lr", "0"), ("--lr", "-1e-5"), ("--lr", "nan"),
              ("--epochs", "0"), ("--epochs", "inf"), ("--batch-size", "0"), ("--accumulation", "0"), ("--warmup", "1"),
              ("--weight-decay", "-0.1"), ("--max-length", "0"), ("--patience", "-1"), ("--eval-steps", "0"),
              ("--seed", "-1"), ("--seeds", "0"), ("--batch-size", "two")]


@pytest.mark.parametrize("command", [["train", MISSING], ["eval", "transfer", "--train", MISSING, "--eval", MISSING]],
                         ids=["train", "eval transfer"])
@pytest.mark.parametrize("option, value", IMPOSSIBLE)
def test_impossible_training_values_are_refused_at_parsing(command, option, value, tmp_path, capsys):
    """`--max-steps -3` trained for the epochs as if unset, `--lr 0` trained nothing: now a usage error."""
    with pytest.raises(SystemExit) as exited:
        main([*command, "--model", NO_MODEL, "-o", str(tmp_path / "o"), f"{option}={value}"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1 and f"argument {option}: " in err and value in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("setting", [dict(max_steps=-3), dict(max_steps=0), dict(learning_rate=float("nan")),
                                     dict(epochs=float("inf")), dict(weight_decay=-1.0), dict(patience=-1),
                                     dict(eval_steps=0), dict(keep_checkpoints=0), dict(seed=-1)])
def test_impossible_training_values_are_refused_by_the_library(setting):
    from wino_toolkit.tuning import TrainConfig

    with pytest.raises(WinoError, match=f"{next(iter(setting))} must be"):
        TrainConfig(**setting)


def test_grid_with_an_impossible_value_is_refused_before_any_run():
    from wino_toolkit.train.experiments import parse_grid

    with pytest.raises(WinoError, match=r"--grid 'lr=1e-5,-1': learning_rate must be positive"):
        parse_grid(["lr=1e-5,-1"])
    with pytest.raises(WinoError, match="numeric training setting"):
        parse_grid(["remove_checkpoints=0,1"])


#: numeric options checked in their command's body instead (one line, exit 2, before any work: test_usage_errors); a seed
#: of Python's random may be any integer
CHECKED_IN_THE_COMMAND = {
    *((command, option) for command in ("aflite filter", "aflite run") for option in ("-n", "-m", "-k", "--tau")),
    ("data overlap", "--threshold"), ("data split", "--dev"), ("data split", "--test"), ("data split", "--seed"),
    ("pmi index", "--window"), ("pmi index", "--jobs"), ("pmi index", "--batch-docs"),
    ("pmi check", "--margin"), ("pmi check", "--alpha"), ("pmi check", "--seed"),
}


def test_every_numeric_option_is_bounded():
    """A new numeric option takes a type from wino_toolkit.argtypes (or a check in its command), or this fails."""
    raw = {(words, action.option_strings[0]) for words, _, action in cli_actions() if action.type in (int, float)}
    assert raw <= CHECKED_IN_THE_COMMAND, raw - CHECKED_IN_THE_COMMAND


def test_signature_records_max_steps_when_it_capped_training(encoder, tmp_path):
    """`--max-steps 3` trained 3 steps under a signature that said only `ep:1`, like a whole epoch."""
    from wino_toolkit.tuning import fine_tune

    items = toy_items(64, seed=5)
    capped = fine_tune(items, dev=[], model=encoder, output_dir=tmp_path / "capped", **tiny_settings(batch_size=8, max_steps=3))
    assert "|ep:1|max_steps:3|" in capped.signature and capped.history[-1]["step"] == 3
    assert json.loads((tmp_path / "capped" / "run.json").read_text())["signature"] == capped.signature
    whole = fine_tune(items, dev=[], model=encoder, output_dir=tmp_path / "whole", **tiny_settings(batch_size=8))
    assert "max_steps" not in whole.signature and whole.history[-1]["step"] == 8


def string_constants(root: Path):
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield path, node.value


#: options of other tools that messages or commands name (lm_eval, WikiExtractor, the E prover)
OTHER_TOOLS = {"--include", "--tasks", "--html-safe", "--auto", "--silent", "--cpu-limit"}


def test_messages_name_only_real_options():
    """"pass resume" named a Python argument where the option is --resume: every `--option` a message
    names is one of wino's own, and no message tells the user to pass a bare Python argument."""
    # every spelling a parser takes, deprecated old spellings (hidden from -h) included
    options = {option for _, parser, _ in cli_actions() for option in parser._option_string_actions}
    unknown, bare = set(), set()
    for root in (ROOT / "wino_toolkit", ROOT / "baselines"):
        for path, text in string_constants(root):
            unknown.update(f"{path.name}: {m}" for m in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*[a-z0-9]", text)
                           if m not in options | OTHER_TOOLS)
            bare.update(f"{path.name}: pass {m}" for m in re.findall(r"\bpass ([a-z_]+)\b(?!=)", text)
                        if m in {"resume", "remove_checkpoints", "keep_checkpoints", "max_steps"})
    assert not unknown and not bare


def test_rerun_of_eval_transfer_says_which_finished_runs_it_reused(encoder, toy, tmp_path, capsys):
    out = tmp_path / "transfer"
    argv = ["eval", "transfer", "--train", toy, "--eval", WG, "--model", encoder, "-o", out, "--json", *FAST]
    code, first, err = run_wino(capsys, *argv)
    assert code == 0, err
    assert json.loads(first)["reused"] == [] and "reused" not in err
    runs = [r["directory"] for r in json.loads(first)["runs"]]
    assert runs and not any((out / r / "checkpoints").exists() for r in runs)
    code, again, err = run_wino(capsys, *argv)
    assert code == 0, err
    assert json.loads(again)["reused"] == runs
    assert f"reused 1 finished run(s), not trained again: {runs[0]}\n" in err
