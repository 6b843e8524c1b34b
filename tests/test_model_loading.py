"""Issue #19, models: a model that cannot load fails fast in one line that says what to do; loading is quiet
unless ``--verbose``; progress is written as plain lines where there is no terminal.

Every hub name here is made up and the hub is a closed or fake port on localhost, so nothing is downloaded."""
from __future__ import annotations

import argparse
import http.server
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

import wino_toolkit as wt  # noqa: E402
from conftest import SAMPLES, cli_actions  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from wino_toolkit import hub  # noqa: E402
from wino_toolkit.cli import build_parser, main  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402
from wino_toolkit.progress import LineProgress  # noqa: E402

NAME = "wino-test/no-such-model"
CORPUS = SAMPLES / "winogrande.jsonl"
HINT = "HF_HUB_OFFLINE=1"


@pytest.fixture(scope="module")
def toy_corpus(tmp_path_factory) -> Path:
    """40 items: enough for train's and transfer's dev split, so only the model can stop them early."""
    path = tmp_path_factory.mktemp("toy") / "toy.jsonl"
    wt.write(toy_items(40, seed=3), path, to="jsonl")
    return path


def closed_port() -> int:
    """A localhost port nothing listens on: connecting is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def fake_hub(monkeypatch, tmp_path):
    """The hub at ``endpoint(url)``, an empty Hugging Face cache, not offline; the reachability verdict forgotten."""
    from huggingface_hub import constants

    def endpoint(url: str) -> None:
        monkeypatch.setattr(constants, "ENDPOINT", url)
        hub._VERDICTS.clear()

    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    endpoint(f"http://127.0.0.1:{closed_port()}")
    yield endpoint
    hub._VERDICTS.clear()


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return [i.text for i in wt.read(CORPUS)] + [r.text for r in wt.read(SAMPLES / "winologic.jsonl")]


@pytest.fixture(scope="module")
def tiny_gpt2(tmp_path_factory, texts) -> str:
    from tiny_lm import saved_gpt2, word_tokenizer

    return saved_gpt2(word_tokenizer(texts), tmp_path_factory.mktemp("tiny-gpt2"))[2]


@pytest.fixture(scope="module")
def bare_encoder(tmp_path_factory, texts) -> str:
    """A RoBERTa without any head: loading it as a masked LM makes transformers print its LOAD REPORT."""
    import torch
    from tiny_lm import roberta_config, word_tokenizer
    from transformers import RobertaModel

    tokenizer = word_tokenizer(texts)
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("tiny-encoder")
    RobertaModel(roberta_config(tokenizer)).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


def commands(corpus: Path, out: Path) -> dict[str, list[str]]:
    """Every command that takes ``--model``, with arguments that would otherwise run (the model comes last)."""
    return {
        "eval lm": ["eval", "lm", str(corpus), "--device", "cpu"],
        "eval winologic": ["eval", "winologic", str(SAMPLES / "winologic.jsonl"), "--device", "cpu"],
        "eval transfer": ["eval", "transfer", "--train", str(corpus), "--eval", str(corpus), "-o", str(out), "--device", "cpu"],
        "aflite embed": ["aflite", "embed", str(corpus), "-o", str(out), "--device", "cpu"],
        "aflite run": ["aflite", "run", str(corpus), "-o", str(out.with_name("kept.jsonl")), "--device", "cpu"],
        "train": ["train", str(corpus), "-o", str(out), "--device", "cpu"],
        "audit": ["audit", str(corpus), "-o", str(out.with_name("report.html"))],
    }


def error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", list(commands(Path("corpus"), Path("out"))))
def test_unreachable_hub_name_fails_in_one_line_within_seconds(command, fake_hub, toy_corpus, tmp_path, capsys):
    """Was: 51 s of huggingface_hub retry lines, then a reason cut after its first line."""
    start = time.monotonic()
    code = main([*commands(toy_corpus, tmp_path / "out")[command], "--model", NAME])
    seconds = time.monotonic() - start
    err = error_line(capsys)
    assert code == 1 and seconds < 10, (seconds, err)
    assert NAME in err and "could not be downloaded" in err and "local model directory" in err and HINT in err
    assert "Retrying" not in err


def test_unreachable_hf_endpoint_fails_fast_from_the_shell(tmp_path, tiny_gpt2):
    """The same through ``HF_ENDPOINT``, as a user sets it, in a fresh process (imports included)."""
    env = {**os.environ, "HF_ENDPOINT": f"http://127.0.0.1:{closed_port()}", "HF_HUB_CACHE": str(tmp_path / "cache")}
    env.pop("HF_HUB_OFFLINE", None)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "eval", "lm", str(CORPUS), "--model", NAME],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 1 and time.monotonic() - start < 30  # 51 s of retries before; a loaded CI machine's imports
    assert done.stderr.count("\n") == 1 and NAME in done.stderr and HINT in done.stderr, done.stderr


def cache_model(folder: Path, cache: Path, name: str) -> None:
    """``folder``'s files as the Hugging Face cache holds a downloaded ``name``."""
    repo = cache / f"models--{name.replace('/', '--')}"
    commit = "0" * 40
    shutil.copytree(folder, repo / "snapshots" / commit)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit)


def test_cached_hub_model_loads_from_the_cache_without_retries_when_the_hub_is_unreachable(fake_hub, tiny_gpt2, tmp_path, capsys):
    from huggingface_hub import constants

    cache_model(Path(tiny_gpt2), Path(constants.HF_HUB_CACHE), "wino-test/tiny-gpt2")
    start = time.monotonic()
    code = main(["eval", "lm", str(CORPUS), "--model", "wino-test/tiny-gpt2", "--device", "cpu", "--json"])
    captured = capsys.readouterr()
    assert code == 0 and time.monotonic() - start < 10, captured.err
    assert json.loads(captured.out)["signature"].startswith("eval|model:wino-test/tiny-gpt2")


def test_offline_hub_name_not_in_the_cache_says_so(fake_hub, monkeypatch, capsys):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    assert main(["eval", "lm", str(CORPUS), "--model", NAME]) == 1
    err = error_line(capsys)
    assert NAME in err and "not in the Hugging Face cache" in err and "HF_HUB_OFFLINE is set" in err


class RepoNotFound(http.server.BaseHTTPRequestHandler):
    """The hub's answer for a repository it does not have."""

    def do_HEAD(self) -> None:
        self.send_response(404)
        self.send_header("X-Error-Code", "RepoNotFound")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_HEAD

    def log_message(self, *args) -> None:
        pass


def test_hub_name_the_hub_does_not_have_is_called_a_possible_typo(fake_hub, capsys):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RepoNotFound)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        fake_hub(f"http://127.0.0.1:{server.server_address[1]}")
        assert main(["eval", "lm", str(CORPUS), "--model", NAME]) == 1
    finally:
        server.shutdown()
    err = error_line(capsys)
    assert NAME in err and "no model of that name" in err and "typo" in err


def test_missing_model_directory_says_it_does_not_exist(tmp_path, monkeypatch, capsys):
    """Was: "Repo id must use alphanumeric chars..." (a path taken for a malformed hub name)."""
    monkeypatch.chdir(tmp_path)
    assert main(["eval", "lm", str(CORPUS), "--model", "./no_such_dir"]) == 1
    err = error_line(capsys)
    assert "model directory ./no_such_dir does not exist" in err and "Repo id" not in err


def test_config_only_directory_lists_everything_it_lacks_in_one_line(tiny_gpt2, tmp_path, capsys):
    """Was: "Couldn't instantiate the backend tokenizer from one of:" and nothing after it."""
    folder = tmp_path / "config-only"
    folder.mkdir()
    shutil.copy(Path(tiny_gpt2) / "config.json", folder)
    assert main(["aflite", "embed", str(CORPUS), "--model", str(folder), "-o", str(tmp_path / "out")]) == 1
    err = error_line(capsys)
    assert "not a model directory" in err and "no weights" in err and "no tokenizer" in err and "no config.json" not in err


def test_transformers_reason_is_given_whole_not_cut_after_its_first_line(tiny_gpt2, monkeypatch, capsys):
    """Was: "cannot load causal LM ...: Couldn't instantiate the backend tokenizer from one of:" and nothing after."""
    import transformers

    def broken(*args, **options):
        raise ValueError("Couldn't instantiate the backend tokenizer from one of: \n(1) a serialization file, \n"
                         "(2) a slow tokenizer instance to convert or \n(3) an equivalent slow tokenizer class")

    monkeypatch.setattr(transformers.AutoTokenizer, "from_pretrained", broken)
    assert main(["eval", "lm", str(CORPUS), "--model", tiny_gpt2, "--device", "cpu"]) == 1
    err = error_line(capsys)
    assert "from one of: (1) a serialization file, (2) a slow" in err and err.endswith("slow tokenizer class\n")


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``wino ARGS`` in a fresh process whose stderr is a pipe (no terminal), as in a log file or CI."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", **(env or {})}
    # outside the checkout, so the installed package is imported, not the source folder (whose converters/ lies beside it)
    return subprocess.run([sys.executable, "-m", "wino_toolkit.cli", *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir(), timeout=300)


def test_transformers_load_report_and_loading_bars_are_hidden_unless_verbose(bare_encoder):
    args = ["eval", "lm", str(CORPUS), "--model", bare_encoder, "--method", "mlm", "--device", "cpu", "--json"]
    quiet = run_cli(*args)
    # refused (no masked-LM head in the checkpoint: test_eval_model_heads) in our one line, transformers' report hidden
    assert quiet.returncode == 1 and quiet.stderr.count("\n") == 1 and "lm_head" in quiet.stderr, quiet.stderr
    assert "LOAD REPORT" not in quiet.stderr + quiet.stdout and "Loading weights" not in quiet.stderr + quiet.stdout
    assert "[transformers]" not in quiet.stderr
    verbose = run_cli(*args, "--verbose")
    assert verbose.returncode == 1 and "LOAD REPORT" in verbose.stderr, verbose.stderr


def test_progress_without_a_terminal_is_plain_lines_with_rate_and_time_left(tiny_gpt2, monkeypatch, capsys):
    """Was: a transient rich bar, which writes nothing at all where stderr is no terminal."""
    for forcing in ("FORCE_COLOR", "TTY_INTERACTIVE", "TTY_COMPATIBLE"):
        monkeypatch.delenv(forcing, raising=False)
    monkeypatch.setenv("WINO_PROGRESS_INTERVAL", "0")
    assert main(["eval", "lm", str(CORPUS), "--model", tiny_gpt2, "--device", "cpu", "--batch-size", "2", "--json"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("scoring: ")]
    assert len(lines) >= 3, lines
    middle = re.compile(r"^scoring: \d+/(\d+) sequences \(\d+%\), [\d.,]+ sequences/s, \d+s left$")
    assert any(middle.match(line) for line in lines[:-1]), lines
    total = re.match(r"^scoring: (\d+)/\1 sequences \(100%\), .*done in \d+s$", lines[-1])
    assert total, lines[-1]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_line_progress_writes_a_line_every_interval_and_when_done():
    from rich.console import Console

    console, clock = Console(file=io.StringIO(), width=200), Clock()
    with LineProgress(console, "items", interval=10, clock=clock) as bar:
        task = bar.add_task("embedding", total=1000)
        bar.update(task, completed=100)  # the first update: the rate counts from here
        for done in range(200, 1001, 100):
            clock.now += 4
            bar.update(task, completed=done)
        phases = bar.add_task("filtering", total=None, unit="phases")
        bar.update(phases, completed=1, note="removed 10")
        clock.now += 20
        bar.update(phases, completed=3, note="removed 30")
        bar.advance(phases)
    assert console.file.getvalue().splitlines() == [
        "embedding: 400/1,000 items (40%), 25 items/s, 24s left",
        "embedding: 700/1,000 items (70%), 25 items/s, 12s left",
        "embedding: 1,000/1,000 items (100%), 25 items/s, done in 36s",
        "filtering: 3 phases, 0.1 phases/s, removed 30",
        "filtering: 4 phases, 0.15 phases/s, removed 30",
    ]


@pytest.mark.parametrize("value", ["soon", "-1", "nan"])
def test_bad_progress_interval_is_refused(value, monkeypatch):
    from wino_toolkit.progress import progress_interval

    monkeypatch.setenv("WINO_PROGRESS_INTERVAL", value)
    with pytest.raises(WinoError, match="WINO_PROGRESS_INTERVAL"):
        progress_interval()


def model_commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every (sub-)command of ``parser`` that takes ``--model``, by its words."""
    return {words: sub for words, sub, action in cli_actions(parser) if "--model" in action.option_strings}


def test_every_command_taking_a_model_has_verbose_and_is_checked_for_fast_failure():
    """A new command with ``--model`` must join the fast-failure test above and take ``--verbose``."""
    found = model_commands(build_parser())
    assert set(found) == set(commands(Path("corpus"), Path("out")))
    assert all(any("--verbose" in a.option_strings for a in p._actions) for p in found.values())


def test_every_model_load_goes_through_the_hub_module():
    """A ``from_pretrained`` call anywhere else would bring back the retries, the noise and the cut reasons."""
    package = Path(wt.__file__).parent
    calls = [f"{path.relative_to(package)}:{n}" for path in package.rglob("*.py") if path.name != "hub.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ".from_pretrained(" in line]
    assert calls == []
