"""Usage errors exit 2 in one line wherever they are found (issue #29, section 5).

An impossible value was exit 1 when a command body refused it (``--window 0``, ``--threshold 1.5``,
``-W bogus=1``, few-shot with ``--method mlm``) and a traceback when the library did
(``wino aflite filter -m 5 -k 35 --threshold 0``). The contract walks the parser: every numeric option of
every command, given a value it cannot take, is one ``wino`` line on stderr, exit 2, nothing written.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from conftest import SAMPLES, cli_actions
from wino_toolkit.cli import main
from wino_toolkit.errors import ParameterError, WinoError

WG = str(SAMPLES / "winogrande.jsonl")

#: the arguments each command needs besides the option under test, so that the run reaches the check of that
#: option and nothing else stops it; a command with a numeric option and no entry here fails the contract
MINIMAL: dict[str, Callable[[Path], list[str]]] = {
    "pmi index": lambda tmp: [WG, "--lang", "en", "-o", str(tmp / "index")],
    "pmi check": lambda tmp: [WG, "--index", str(tmp / "no-index")],
    "logic verify": lambda tmp: [],
    "logic render": lambda tmp: [],
    "logic stats": lambda tmp: [],
    "logic heldout": lambda tmp: [],
    "logic link": lambda tmp: [str(SAMPLES / "winologic.jsonl"), WG],
    "aflite embed": lambda tmp: [WG, "--model", str(tmp / "no-model"), "-o", str(tmp / "work")],
    "aflite filter": lambda tmp: [str(tmp / "embeddings.npy")],
    "aflite run": lambda tmp: [WG, "--model", str(tmp / "no-model"), "-o", str(tmp / "kept.jsonl")],
    "eval lm": lambda tmp: [WG, "--model", str(tmp / "no-model")],
    "eval winologic": lambda tmp: [str(SAMPLES / "winologic.jsonl"), "--model", str(tmp / "no-model")],
    "eval transfer": lambda tmp: ["--train", WG, "--eval", WG, "--model", str(tmp / "no-model"), "-o", str(tmp / "transfer")],
    "eval compare": lambda tmp: [str(tmp / "a.jsonl"), str(tmp / "b.jsonl")],
    "data export": lambda tmp: ["lm-eval", WG, "-o", str(tmp / "tasks")],
    "train": lambda tmp: [WG, "--model", str(tmp / "no-model"), "-o", str(tmp / "run")],
    "data split": lambda tmp: [WG, "-o", str(tmp / "splits")],
    "data overlap": lambda tmp: [WG, "--against", WG],
    "audit": lambda tmp: [WG, "-o", str(tmp / "report.html")],
    "forms sample": lambda tmp: [WG, "--form", "nli", "-o", str(tmp / "review.tsv")],
}

#: options typed plain ``int`` or ``float`` declare no bounds, so their impossible values are listed here
#: (their commands refuse them); the values the type itself rejects (``nan`` for an int) are tried as well.
#: A seed of Python's random may be any whole number.
RAW_IMPOSSIBLE: dict[tuple[str, str], tuple[str, ...]] = {
    ("pmi index", "--window"): ("0", "-1"),
    ("pmi index", "--jobs"): ("0",),
    ("pmi index", "--batch-docs"): ("0",),
    ("pmi check", "--margin"): ("-1", "nan", "inf"),
    ("pmi check", "--alpha"): ("0", "1", "1.5", "nan"),
    ("pmi check", "--seed"): (),
    **{(command, option): values for command in ("aflite filter", "aflite run") for option, values in (
        ("-n", ("0", "-1")), ("-m", ("0",)), ("-k", ("0",)), ("--tau", ("-0.5", "1.5", "nan")))},
    ("data split", "--dev"): ("0", "1", "1.5", "nan"),
    ("data split", "--test"): ("0", "1", "nan"),
    ("data split", "--seed"): (),
    ("data overlap", "--threshold"): ("0", "1.5", "nan"),
}

#: tried on every numeric option: not a number, below a count's or a rate's bound, above a fraction's;
#: those its type rejects must be refused by the parser in one line
CANDIDATES = ("nan", "-1", "0", "1.5")


def is_numeric(action: argparse.Action) -> bool:
    """An option whose type turns text into a number: ``int``, ``float``, an argtypes converter or a wrapper."""
    if action.type in (None, str) or not action.option_strings:
        return False
    for text in ("1000", "1", "0.5"):
        try:
            value = action.type(text)
        except (argparse.ArgumentTypeError, ValueError, TypeError):
            continue
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return False


def rejected_by_type(action: argparse.Action) -> list[str]:
    out = []
    for text in CANDIDATES:
        try:
            action.type(text)
        except (argparse.ArgumentTypeError, ValueError, TypeError):
            out.append(text)
    return out


ACTIONS = {(command, action.option_strings[0]): action for command, _, action in cli_actions() if action.option_strings}


def cases() -> list[tuple[str, str, str | None]]:
    """``(command, option, impossible value)`` for every numeric option; value None: the table lacks the option."""
    out = []
    for (command, _), action in ACTIONS.items():
        if not is_numeric(action):
            continue
        option = action.option_strings[0]
        values = rejected_by_type(action)
        if action.type in (int, float):
            if (command, option) not in RAW_IMPOSSIBLE:
                out.append((command, option, None))
                continue
            values += [v for v in RAW_IMPOSSIBLE[command, option] if v not in values]
        out.extend((command, option, value) for value in values)
    return out


CASES = cases()


def files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def wino(argv: list[str], capsys) -> tuple[int, str]:
    """``main``'s exit code (argparse's included) and stderr."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command, option, value", CASES, ids=[" ".join(map(str, case)) for case in CASES])
def test_impossible_number_is_one_line_exit_2(command, option, value, tmp_path, monkeypatch, capsys):
    assert value is not None, (f"wino {command} {option} is a plain {ACTIONS[command, option].type.__name__}: give it a "
                               "type from wino_toolkit.argtypes, or list its impossible values in RAW_IMPOSSIBLE")
    assert command in MINIMAL, f"wino {command} has numeric options: add the arguments it needs to MINIMAL"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")  # nothing is looked up on the hub
    argv = [*command.split(), *MINIMAL[command](tmp_path), option, value]
    before = files(tmp_path)
    code, err = wino(argv, capsys)
    lines = err.splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("wino") and "Traceback" not in err, err
    action = ACTIONS[command, option]
    assert any(o in lines[0] for o in action.option_strings) or action.dest.replace("_", " ") in lines[0], lines[0]
    assert files(tmp_path) == before


# --- the cases of the issue ------------------------------------------------------------------------

def invented_corpus(path: Path, schemas: int) -> None:
    """WinoGrande lines: ``schemas`` twin pairs of invented sentences, one answer per version."""
    nouns = ["crate", "barrel", "trunk", "sack", "chest", "basket", "bucket", "cart", "drum", "parcel"]
    rows = []
    for n in range(schemas):
        a, b = nouns[n % len(nouns)], nouns[(n + 3) % len(nouns)]
        for k, word in enumerate(("heavy", "light"), 1):
            rows.append({"qID": f"INV{n:03d}-{k}", "sentence": f"Robot {n} could not lift the {a} onto the {b} because _ "
                         f"was too {word}.", "option1": f"the {a}", "option2": f"the {b}", "answer": str(k)})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_aflite_filter_that_leaves_too_few_items_to_assess_is_one_line_exit_2(tmp_path, capsys):
    """-m 5 -k 35 --tau 0 on 40 instances keeps 5: the assessment cannot cross-validate them, and the
    library's ValueError ended in a traceback."""
    pytest.importorskip("sklearn")
    pytest.importorskip("torch")  # the assessment's classifiers
    import wino_toolkit as wt
    from wino_toolkit.aflite.embed import Embeddings, instances, save_embeddings

    corpus = tmp_path / "invented.jsonl"
    invented_corpus(corpus, 20)
    found = instances(list(wt.read(corpus)))
    X = np.random.default_rng(0).normal(size=(len(found.ids), 8)).astype(np.float32)
    save_embeddings(Embeddings(found.ids, X, found.y, {"signature": "embed|invented"}), tmp_path / "embeddings.npy")
    report = tmp_path / "report.json"
    code, err = wino(["aflite", "filter", tmp_path / "embeddings.npy", "--corpus", corpus, "-m", "5", "-k", "35",
                      "--tau", "0", "-n", "4", "--backend", "sklearn", "--device", "cpu", "-o", report], capsys)
    assert code == 2, err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if "error" in line]
    assert errors == [err.splitlines()[-1]] and errors[0].startswith("wino: error: "), err
    assert "at least 3 of each" in errors[0]
    assert not report.exists()


def test_unknown_writer_option_is_exit_2_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    code, err = wino(["convert", WG, "--to", "jsonl", "-W", "bogus=1", "-o", out], capsys)
    assert code == 2 and err.startswith("wino: error: ") and err.count("\n") == 1, err
    assert "has no option 'bogus'" in err and not out.exists()


@pytest.mark.parametrize("command", [["validate"], ["stats"], ["convert", "--to", "jsonl"]])
def test_a_reader_option_value_that_cannot_work_is_exit_2_in_every_reading_command(command, capsys):
    """`validate` counted it as a problem of the file (exit 1); the others said exit 1 too."""
    code, err = wino([command[0], SAMPLES / "wsc-xml.xml", *command[1:], "-O", "subset=bogus"], capsys)
    assert code == 2 and err == "wino: error: option subset: 'bogus' is not one of wsc273\n", err


def test_fewshot_with_mlm_is_exit_2_before_the_model_is_looked_up(tmp_path, capsys, monkeypatch):
    """Exit 1 before; and only after the model was resolved (a download, for a hub name)."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    code, err = wino(["eval", "lm", WG, "--model", tmp_path / "no-model", "--method", "mlm", "--num-fewshot", "1"], capsys)
    assert code == 2 and err.count("\n") == 1 and "--num-fewshot" in err and "mlm" in err, err


def test_parameter_error_is_a_value_error_for_the_estimator_contract():
    """scikit-learn's contract: a bad parameter is a ValueError at fit; the CLI knows it as a usage error."""
    pytest.importorskip("sklearn")
    import wino_toolkit as wt

    X, y = np.zeros((8, 2), dtype=np.float32), np.array([0, 1] * 4)
    with pytest.raises(ParameterError, match="threshold must be within") as caught:
        wt.AFLite(threshold=1.5).fit(X, y)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, WinoError)
    assert wt.ParameterError is ParameterError
