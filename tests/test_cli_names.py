"""One name, one meaning (issue #30, 4): commands in groups, one meaning per flag, no module name with two meanings.

Old spellings (`wino split`, `wino convert --report`, `wino pmi index --processes`, ...) keep working: they run
the same command with the same values and print one note on stderr naming the new spelling.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from conftest import SAMPLES

from wino_toolkit.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent

#: (old argv, new argv, the option renamed): each pair parses to the same values
RENAMED_FLAGS = [
    (["convert", "c.jsonl", "--to", "jsonl", "--report", "s.tsv"], ["convert", "c.jsonl", "--to", "jsonl", "--skipped", "s.tsv"],
     "--report", "--skipped"),
    (["corpora", "fetch", "xwino", "--cache", "d"], ["corpora", "fetch", "xwino", "-o", "d"], "--cache", "-o"),
    (["pmi", "index", "dump.txt", "--lang", "en", "-o", "idx", "--processes", "3"],
     ["pmi", "index", "dump.txt", "--lang", "en", "-o", "idx", "--jobs", "3"], "--processes", "--jobs"),
    (["pmi", "check", "c.jsonl", "--index", "idx", "--threshold", "0.5"],
     ["pmi", "check", "c.jsonl", "--index", "idx", "--margin", "0.5"], "--threshold", "--margin"),
    (["aflite", "filter", "e.npy", "--threshold", "0.6"], ["aflite", "filter", "e.npy", "--tau", "0.6"], "--threshold", "--tau"),
    (["aflite", "run", "c.jsonl", "--model", "m", "-o", "k.jsonl", "--threshold", "0.6"],
     ["aflite", "run", "c.jsonl", "--model", "m", "-o", "k.jsonl", "--tau", "0.6"], "--threshold", "--tau"),
]


@pytest.mark.parametrize("old, new, was, now", RENAMED_FLAGS, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_an_old_flag_spelling_parses_as_the_new_one_with_a_note(old, new, was, now, capsys):
    parser = build_parser()
    assert vars(parser.parse_args(old)) == vars(parser.parse_args(new))
    err = capsys.readouterr().err
    assert err == f"wino: note: {was} is deprecated; it is spelled {now} now\n"


@pytest.mark.parametrize("old, new, was, now", RENAMED_FLAGS, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_help_shows_only_the_new_spelling(old, new, was, now, capsys):
    words = new[:1] if new[0] == "convert" else new[:2]
    with pytest.raises(SystemExit):
        build_parser().parse_args([*words, "-h"])
    flags = set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", capsys.readouterr().out))
    assert now in flags and was not in flags


def test_an_output_clash_names_the_new_flag_whatever_the_spelling(tmp_path, capsys):
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes((SAMPLES / "winogrande.jsonl").read_bytes())
    before = corpus.read_bytes()
    assert main(["convert", str(corpus), "--to", "jsonl", "--report", str(corpus)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "wino: note: --report is deprecated; it is spelled --skipped now"
    assert err[1].endswith("--skipped and INPUT name the same file; an output never replaces an input")
    assert corpus.read_bytes() == before


def test_wino_help_lists_the_data_group_and_not_the_moved_commands(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["-h"])
    commands = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.startswith("    ") and line.split()]
    assert "data" in commands
    assert not {"split", "overlap", "export"} & set(commands)
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    data = next(a for a in sub.choices["data"]._actions if isinstance(a, argparse._SubParsersAction))
    assert list(data.choices) == ["split", "overlap", "export"]


def test_an_old_command_spelling_runs_the_new_command_with_a_note(tmp_path, capsys):
    dpr = str(SAMPLES / "dpr.txt")
    assert main(["split", dpr, "--dev", "0.25", "--seed", "1", "-o", str(tmp_path / "old"), "--json"]) == 0
    old_out, old_err = capsys.readouterr()
    assert main(["data", "split", dpr, "--dev", "0.25", "--seed", "1", "-o", str(tmp_path / "new"), "--json"]) == 0
    new_out, new_err = capsys.readouterr()
    assert old_err == "wino: note: wino split is deprecated; it is spelled wino data split now\n" and new_err == ""
    assert json.loads(old_out) == json.loads(new_out)
    for name in ("train.jsonl", "dev.jsonl"):
        assert (tmp_path / "old" / name).read_bytes() == (tmp_path / "new" / name).read_bytes()


@pytest.mark.parametrize("old, new", [
    (["overlap", "x.jsonl", "--against", "y.jsonl"], ["data", "overlap", "x.jsonl", "--against", "y.jsonl"]),
    (["export", "hf", "x.jsonl", "-o", "d"], ["data", "export", "hf", "x.jsonl", "-o", "d"]),
    (["-h"], ["-h"]),  # no command: nothing to rewrite
    (["convert", "split", "--to", "jsonl"], ["convert", "split", "--to", "jsonl"]),  # a file named split
])
def test_the_old_command_spellings_are_rewritten_only_in_the_command_position(old, new, capsys):
    from wino_toolkit.cli import _new_spelling

    assert _new_spelling(old) == new
    assert (capsys.readouterr().err != "") == (old != new)


def test_no_module_name_means_two_things():
    """`parallel` (the parallel-corpus key vs process pools), `export` (corpora vs prover problems) and `baselines`
    (the PMI package vs AFLite's comparison reductions) each named two unrelated modules."""
    found: dict[str, list[str]] = {}
    for package in ("wino_toolkit", "baselines"):
        for path in (ROOT / package).rglob("*.py"):
            found.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    found.setdefault("baselines", []).append("baselines/")  # the PMI package, installed as wino_toolkit.baselines
    for name in ("parallel", "export", "baselines"):
        assert len(found.get(name, [])) == 1, (name, found.get(name))
