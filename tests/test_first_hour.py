"""A new user's everyday mistakes, across every command: one line on stderr naming the problem, the documented
exit code (1 bad input, 2 usage), nothing on stdout, no traceback, and nothing written (issue #19).

The sections' own tests go deeper; this table is the contract a new command joins.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SAMPLES
from wino_toolkit.cli import main

WG = str(SAMPLES / "winogrande.jsonl")


def _inputs(d: Path) -> None:
    """What the scenarios refer to, made in the test's directory."""
    (d / "config-only").mkdir()
    (d / "config-only" / "config.json").write_text(json.dumps({"model_type": "gpt2"}))
    (d / "not-embeddings.npy").write_text("id\ttext\n")
    (d / "a-file.jsonl").write_text("x\n")
    (d / "unlabeled.jsonl").write_text("".join(
        json.dumps({"qID": f"Q{n}-1", "sentence": f"Anna thanked Maria because _ had helped {n} times.",
                    "option1": "Anna", "option2": "Maria"}) + "\n" for n in range(3)))
    (d / "unclosed.fol").write_text('item "x"\nentity A "the man"\nscenario: (Tired(A)\n')
    (d / "deep.fol").write_text('item "x"\nentity Ada "Ada" person\nentity Bo "Bo" person\n'
                                'fluent Tired(object) says "{0} is tired"\nanswer: Ada\n'
                                "knowledge k1 true: " + "¬" * 3000 + "Tired(Ada, S0)\n", encoding="utf-8")


# argv (relative paths live in the test's directory), exit code, words the line must hold
SCENARIOS = [
    (["convert", "missing.jsonl", "--to", "jsonl"], 1, "missing.jsonl: no such file"),
    (["convert", WG, "--to", "jsonl2"], 2, "Did you mean"),
    (["stats", WG, "-O", "nonsense=1"], 2, "has no option 'nonsense'"),
    (["stats", WG, "-O", "other.xml:corpus=x"], 2, "no input is named 'other.xml'"),
    (["eval", "lm", WG], 2, "--model"),
    (["eval", "lm", WG, "--model", "./no_such_dir"], 1, "./no_such_dir does not exist"),
    (["eval", "lm", WG, "--model", "config-only"], 1, "no weights"),
    (["eval", "lm", WG, "--model", "./no_such_dir", "--batch-size", "0"], 2, "--batch-size"),
    (["eval", "lm", WG, "--model", "./no_such_dir", "--predictions", "no-dir/p.jsonl"], 1, "does not exist"),
    (["train", WG, "--model", "./no_such_dir", "-o", "run", "--max-steps", "-3"], 2, "--max-steps"),
    (["train", WG, "--model", "./no_such_dir", "-o", "a-file.jsonl"], 1, "a-file.jsonl"),
    (["aflite", "embed", WG, "--model", "./no_such_dir", "-o", "a-file.jsonl"], 1, "a-file.jsonl"),
    (["aflite", "filter", "not-embeddings.npy"], 1, "not-embeddings.npy"),
    (["data", "export", "lm-eval", "unlabeled.jsonl", "-o", "tasks"], 1, "no answer"),
    (["logic", "verify", "unclosed.fol"], 1, "unclosed.fol"),
    (["logic", "verify", "deep.fol"], 1, "nested deeper than"),
    (["logic", "verify", "--timeout", "0"], 2, "--timeout"),
    (["pmi", "check", WG, "--index", "no-index"], 1, "no-index"),
    (["eval", "compare", "missing.jsonl", "a-file.jsonl"], 1, "missing.jsonl"),
    (["eval", "compare", "a-file.jsonl", "a-file.jsonl"], 1, "a-file.jsonl: line 1"),
    (["data", "overlap", WG, "--against", WG, "--threshold", "1.5"], 2, "--threshold 1.5"),
    (["corpora", "info", "winogrand"], 2, "Did you mean 'winogrande'"),
    (["eval"], 2, "COMMAND"),
    ([], 2, "COMMAND"),
]


@pytest.mark.parametrize("argv, code, words", SCENARIOS, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_everyday_mistake_is_one_line_with_the_documented_exit_code(argv, code, words, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # no hub look-up from a test
    _inputs(tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    try:
        got = main(argv)
    except SystemExit as exc:  # argparse's usage errors end there, as the `wino` script's exit status
        got = exc.code
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert got == code, err
    assert out == "" and len(lines) == 1 and lines[0].startswith("wino") and words in lines[0], err
    assert "Traceback" not in err and "$end" not in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
