"""No output ever replaces an input (issue #29, 1): `wino eval lm C --predictions C`, `wino convert C --report C`
and `wino pmi terms C -o C` overwrote their own input and exited 0.

Every path argument of every command says whether the command reads or writes it (its argparse ``type=``, from
:mod:`wino_toolkit.paths`), and ``wino`` compares every output named with every input before any work. The contract
tests walk the parser: a new path option must be declared, and a new command joins the table of arguments below.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SAMPLES, cli_actions
from wino_toolkit.cli import build_parser, main
from wino_toolkit.paths import PathRole, output_over_input

WG = SAMPLES / "winogrande.jsonl"
NO_MODEL = "./no-such-model"  # the refusal comes before any model is looked for

# what looks like a path: a metavar naming a file, or an option without a metavar named for one
PATH_METAVAR = re.compile(r"FILE|DIR|OUT|INPUT|PATH|CORPUS|IDX|KNOWN|TARGET|SOURCE|JSON|PNG|TSV|EMBEDDINGS|WINOLOGIC|"
                          r"ENCODER|^LM$|\.\w+$")
PATH_DESTS = {"inputs", "files", "output", "report", "plot", "work", "predictions", "cache", "model", "lm", "peft", "index"}

NEITHER = {  # options that look like paths but are not one, and why
    "-O": "a reader option [FILE:]KEY=VALUE: its FILE names an input given as an argument of its own",
    "-T": "the deprecated spelling of -O for the --train corpora",
}

# the arguments each command needs, {dest} where a path goes: the input or output under test, else a file of its own
ARGS = {
    "convert": ["{inputs}", "--to", "jsonl"],
    "pmi index": ["{inputs}", "--lang", "en", "-o", "{output}"],
    "pmi terms": ["{inputs}"],
    "logic export": ["{files}", "--to", "tptp", "-o", "{output}"],
    "logic render": ["{files}"],
    "logic link": ["{winologic}", "{items}"],
    "aflite embed": ["{inputs}", "--model", "{model}", "-o", "{output}"],
    "aflite filter": ["{embeddings}"],
    "aflite run": ["{inputs}", "--model", "{model}", "-o", "{output}"],
    "eval lm": ["{inputs}", "--model", "{model}"],
    "eval transfer": ["--train", "{train}", "--eval", "{eval}", "--model", "{model}", "-o", "{output}"],
    "data export": ["lm-eval", "{inputs}", "-o", "{output}"],
    "train": ["{inputs}", "--model", "{model}", "-o", "{output}"],
    "data split": ["{inputs}", "-o", "{output}"],
    "audit": ["{inputs}", "-o", "{output}"],
    "forms sample": ["{inputs}", "--form", "nli"],
}


def flag(action) -> str:
    return action.option_strings[0] if action.option_strings else action.metavar


def looks_like_path(action) -> bool:
    if action.nargs == 0 or action.dest == "help":
        return False
    return bool(PATH_METAVAR.search(action.metavar)) if action.metavar else action.dest in PATH_DESTS


def path_actions() -> dict[str, dict[str, list]]:
    """command -> {"input": [actions], "output": [actions]}, for every command with a declared path argument."""
    found: dict[str, dict[str, list]] = {}
    for words, _, action in cli_actions():
        if isinstance(action.type, PathRole):
            found.setdefault(words, {"input": [], "output": []})[action.type.kind].append(action)
    return found


def pairs() -> list[tuple[str, object, object]]:
    return [(words, out, inp) for words, roles in path_actions().items() for out in roles["output"] for inp in roles["input"]]


def test_every_path_argument_says_whether_it_is_read_or_written():
    """A new option naming a file declares it (type=input_path, output_path, output_dir(...)), or this fails."""
    undeclared = {(words, flag(a) or a.dest) for words, _, a in cli_actions()
                  if looks_like_path(a) and not isinstance(a.type, PathRole) and flag(a) not in NEITHER}
    assert not undeclared, f"declare these as read or written (wino_toolkit.paths): {sorted(undeclared)}"
    used = {flag(a) for _, _, a in cli_actions() if not isinstance(a.type, PathRole)}
    assert set(NEITHER) <= used, "NEITHER lists an option no command has any more"


def test_every_command_with_an_output_and_an_input_has_its_arguments_here():
    assert set(ARGS) == {words for words, _, _ in pairs()}


SPELLINGS = ("as given", "through a symlink", "./ and ..", "a hard link")


def spelt(target: Path, how: str, tmp_path: Path) -> str:
    """``target`` named otherwise: what an output that is the input may look like on a command line."""
    if how == "through a symlink":
        (tmp_path / "alias.jsonl").symlink_to(target)
        return str(tmp_path / "alias.jsonl")
    if how == "./ and ..":
        (tmp_path / "sub").mkdir()
        return f"./sub/../{target.name}"
    if how == "a hard link":
        os.link(target, tmp_path / "linked.jsonl")
        return str(tmp_path / "linked.jsonl")
    return str(target)


@pytest.mark.parametrize("case", [(w, o, i, SPELLINGS[k % len(SPELLINGS)]) for k, (w, o, i) in enumerate(pairs())],
                         ids=lambda c: f"{c[0]} {flag(c[1])} over {flag(c[2])}, {c[3]}")
def test_an_output_naming_an_input_is_refused_before_any_work(case, tmp_path, capsys, monkeypatch):
    """Each output option of each command, given a file that one of its inputs names (however spelt): exit 2 in
    one line naming both options and the path, the input byte-identical and nothing written."""
    words, out, inp, how = case
    monkeypatch.chdir(tmp_path)
    shared = tmp_path / "shared.jsonl"
    shared.write_bytes(WG.read_bytes())
    output = spelt(shared, how, tmp_path)
    roles = path_actions()[words]
    given = {out.dest: output, inp.dest: str(shared)}
    for action in roles["input"]:
        given.setdefault(action.dest, NO_MODEL if action.dest == "model" else str(SAMPLES / "dpr.txt"))
    for action in roles["output"]:
        given.setdefault(action.dest, str(tmp_path / f"out-{action.dest}"))
    argv = [a.format(**given) if a.startswith("{") else a for a in ARGS[words]]
    for action in (inp, out):
        if "{" + action.dest + "}" not in ARGS[words]:
            assert action.option_strings, f"{words}: the positional {action.metavar} belongs in ARGS"
            argv += [action.option_strings[0], given[action.dest]]
    before = sorted(tmp_path.rglob("*"))
    code = main([*words.split(), *argv])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith(f"wino: error: {output}: ")
    assert flag(out) in err and flag(inp) in err, err
    assert shared.read_bytes() == WG.read_bytes()
    assert sorted(tmp_path.rglob("*")) == before


@pytest.mark.parametrize("argv, message", [
    (["eval", "lm", "{C}", "--model", NO_MODEL, "--predictions", "{C}"], "--predictions and CORPUS name the same file"),
    (["eval", "lm", "{D}", "--model", NO_MODEL, "--fewshot-from", "{C}", "--predictions", "{C}"],
     "--predictions and --fewshot-from name the same file"),
    (["eval", "lm", "{D}", "--model", NO_MODEL, "--subsets", "{C}", "--predictions", "{C}"],
     "--predictions and --subsets name the same file"),
    (["convert", "{C}", "--to", "jsonl", "--skipped", "{C}"], "--skipped and INPUT name the same file"),
    (["pmi", "terms", "{C}", "-o", "{C}"], "-o and CORPUS name the same file"),
], ids=["eval lm --predictions", "--fewshot-from", "--subsets", "convert --skipped", "pmi terms -o"])
def test_the_reported_overwrites_are_refused(argv, message, tmp_path, capsys):
    """The three commands the issue found overwriting their input with exit 0."""
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(WG.read_bytes())
    code = main([a.replace("{C}", str(corpus)).replace("{D}", str(SAMPLES / "dpr.txt")) for a in argv])
    assert (code, capsys.readouterr().err) == (2, f"wino: error: {corpus}: {message}; an output never replaces an input\n")
    assert corpus.read_bytes() == WG.read_bytes()


def test_the_refusal_comes_before_the_command_runs(tmp_path, capsys, monkeypatch):
    import wino_toolkit.eval.cli as eval_cli

    monkeypatch.setattr(eval_cli, "cmd_lm", lambda args: pytest.fail("wino eval lm ran"))
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(WG.read_bytes())
    assert main(["eval", "lm", str(corpus), "--model", NO_MODEL, "--predictions", str(corpus)]) == 2


def test_an_output_directory_refuses_to_write_over_an_input_in_it(tmp_path, capsys):
    """`wino data split d/train.jsonl -o d` writes d/train.jsonl; training from a run's model/ into that run replaces it."""
    (tmp_path / "d").mkdir()
    corpus = tmp_path / "d" / "train.jsonl"
    corpus.write_bytes(WG.read_bytes())
    assert main(["data", "split", str(corpus), "-o", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == (f"wino: error: {corpus}: -o {tmp_path / 'd'} writes train.jsonl there, and CORPUS "
                                       "reads it; an output never replaces an input\n")
    model = tmp_path / "run" / "model"
    model.mkdir(parents=True)
    (model / "config.json").write_text("{}\n")
    assert main(["train", str(WG), "--model", str(model), "-o", str(tmp_path / "run")]) == 2
    assert "writes model there, and --model reads it" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["config.json", "d", "model", "run", "train.jsonl"]


def check(argv: list[str]) -> str | None:
    parser = build_parser()
    return output_over_input(parser, parser.parse_args(argv))


def test_what_an_output_does_not_replace_is_not_refused(tmp_path):
    """An input beside the files an output directory gets, another file of the same name elsewhere, and the
    outputs that are written through (`-`, /dev/stdout, a FIFO) all pass."""
    (tmp_path / "d").mkdir()
    corpus = tmp_path / "d" / "all.jsonl"
    corpus.write_bytes(WG.read_bytes())
    (tmp_path / "d" / "train.jsonl").write_bytes(WG.read_bytes())  # a copy, not the input: it may be replaced
    assert check(["data", "split", str(corpus), "-o", str(tmp_path / "d")]) is None
    assert check(["eval", "lm", str(corpus), "--model", NO_MODEL, "--cache", str(tmp_path / "d")]) is None
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for output in ("-", "/dev/stdout", str(fifo)):
        assert check(["convert", str(corpus), "--to", "jsonl", "-o", output]) is None, output


def test_an_input_read_beside_another_is_an_input_too(tmp_path, capsys):
    """`wino aflite filter work/embeddings.npy -o work/embeddings.json` replaced the metadata of the embeddings."""
    npy, sidecar = tmp_path / "embeddings.npy", tmp_path / "embeddings.json"
    npy.write_bytes(b"npy")
    sidecar.write_text('{"ids": []}\n')
    assert main(["aflite", "filter", str(npy), "-o", str(sidecar)]) == 2
    assert "-o and EMBEDDINGS's .json beside it name the same file" in capsys.readouterr().err
    assert sidecar.read_text() == '{"ids": []}\n'


def test_two_outputs_naming_one_file_are_refused(tmp_path, capsys):
    target = tmp_path / "out.jsonl"
    assert main(["convert", str(WG), "--to", "jsonl", "-o", str(target), "--skipped", f"{tmp_path}/./out.jsonl"]) == 2
    assert "-o and --skipped name the same file" in capsys.readouterr().err and not target.exists()


def test_an_empty_path_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["convert", str(WG), "--to", "jsonl", "-o", ""])
    assert exc.value.code == 2 and "expected a path, not an empty string" in capsys.readouterr().err


def test_standard_input_redirected_from_the_output_is_refused(tmp_path):
    """`wino convert /dev/stdin -o C < C`: the input is C, whatever it is called."""
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(WG.read_bytes())
    for name in ("/dev/stdin", "-"):
        with open(corpus, "rb") as stdin:
            done = subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "convert", name, "--to", "jsonl", "-o",
                                   str(corpus)], stdin=stdin, capture_output=True, text=True, timeout=120,
                                  cwd="/")  # outside the checkout, whose source folder would shadow the package
        assert done.returncode == 2 and "-o and INPUT name the same file" in done.stderr, done.stderr
        assert corpus.read_bytes() == WG.read_bytes()


@pytest.mark.parametrize("named, derived", [("c", "c.aflite.json"), ("c.jsonl", "c.aflite.png")])
def test_an_output_named_after_minus_o_never_replaces_an_input(named, derived, tmp_path, capsys):
    """`aflite run` names its report, plot and work directory after -o when they are not given: a corpus that
    happens to bear such a name was once overwritten by the report."""
    corpus = tmp_path / derived
    corpus.write_bytes(WG.read_bytes())
    code = main(["aflite", "run", str(corpus), "--model", str(tmp_path / "no-model"), "-o", str(tmp_path / named)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert f"named after -o, is the input {corpus}; an output never replaces an input" in err
    assert corpus.read_bytes() == WG.read_bytes() and not (tmp_path / named).exists()
