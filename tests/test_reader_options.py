"""One spelling of reader options for every command: `-O [FILE:]KEY=VALUE` (issue #19).

It was spelled three ways (`-O FILE:key=value` in `eval transfer`, `-A` in `overlap`, `-T` for training corpora);
the old per-role flags still work, with a deprecation note naming the new spelling.
"""
from __future__ import annotations

import json

import pytest

import wino_toolkit as wt
from conftest import SAMPLES, cli_actions
from wino_toolkit.cli import main

WSC, DPR, XWINO = SAMPLES / "wsc-xml.xml", SAMPLES / "dpr.txt", SAMPLES / "xwino.tsv"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_unprefixed_option_goes_to_every_input_whose_format_takes_it():
    items = list(wt.read([WSC, XWINO], options={"corpus": "mine", "language": "ja"}))
    assert {it.corpus for it in items} == {"mine"}  # both formats take corpus, and language: the tag of wsc-xml's
    assert {it.language for it in items} == {"ja"}  # items, the one language read of multilingual XWINO (issue 29)
    assert len(items) == len(list(wt.read(WSC))) + sum(it.language == "ja" for it in wt.read(XWINO))


def test_file_prefixed_option_goes_to_that_file_only():
    items = list(wt.read([WSC, DPR], options={"dpr.txt:corpus": "mine", f"{WSC}:split": "dev"}))
    by_file = {it.corpus for it in items if it.split == "dev"}, {it.corpus for it in items if it.split != "dev"}
    assert by_file == ({"wsc285"}, {"mine"})


def test_option_no_input_takes_is_refused_naming_each_format():
    with pytest.raises(wt.WinoError, match=r"no input's format takes option 'labels' \(options of wsc-xml: .*; dpr: "):
        wt.read([WSC, DPR], options={"labels": "x"})
    with pytest.raises(wt.WinoError, match="format 'dpr' has no option 'subset'"):
        wt.read([DPR], options={"subset": "wsc273"})


def test_file_prefix_naming_no_input_is_refused():
    with pytest.raises(wt.WinoError, match="-O nope.xml:corpus: no input is named 'nope.xml'"):
        wt.read([WSC, DPR], options={"nope.xml:corpus": "x"})


def test_validate_takes_file_prefixed_options():
    count, problems = wt.validate([WSC, DPR], options={"dpr.txt:corpus": "mine"})
    assert count > 0 and not problems
    with pytest.raises(wt.WinoError, match="no input is named"):
        wt.validate([WSC, DPR], options={"other.txt:corpus": "mine"})


def test_every_command_spells_reader_options_one_way():
    """Every subcommand that reads corpora has `-O [FILE:]KEY=VALUE`, with one help text, and no other spelling
    except the deprecated `-A`/`-T`, whose help says so."""
    found: dict = {}
    for name, _, action in cli_actions():
        if action.dest.endswith("_option") and action.dest != "write_option":
            found.setdefault(name, []).append(action)
    assert {"convert", "stats", "validate", "train", "data overlap", "eval transfer", "eval lm", "aflite embed",
            "pmi check", "data export"} <= set(found)
    helps = set()
    for name, actions in found.items():
        for action in actions:
            if action.option_strings == ["-O"]:
                assert action.metavar == "[FILE:]KEY=VALUE", name
                helps.add(action.help)
            else:
                assert action.option_strings in (["-A"], ["-T"]) and action.help.startswith("deprecated: -O "), (name, action)
    assert len(helps) == 1


def test_deprecated_against_option_still_applies_to_the_sources_only_with_a_note(capsys):
    code, out, err = run(capsys, "data", "overlap", XWINO, "--against", WSC, "-A", "corpus=mine", "--json")
    assert code == 0 and json.loads(out)["against"] == {"mine": 8}
    assert err.strip() == ("wino: note: -A is deprecated; reader options are -O [FILE:]KEY=VALUE for every input "
                           "(here: -O wsc-xml.xml:corpus=mine)")
    code, out, err = run(capsys, "data", "overlap", XWINO, "--against", WSC, "-O", "wsc-xml.xml:corpus=mine", "--json")
    assert code == 0 and json.loads(out)["against"] == {"mine": 8} and not err


def test_a_per_role_option_is_placed_on_that_role_s_files():
    """What `-T`/`-A KEY=VALUE` become: `-O FILE:KEY=VALUE` for each file of the role, checked against those only."""
    from wino_toolkit.reader_options import ReaderOptions

    options = ReaderOptions({"split": "dev"})
    options.add_to_each([str(DPR)], {"subset": "wsc273"})
    wt.read([WSC], options=options), wt.read([DPR], options=options)
    with pytest.raises(wt.WinoError, match="format 'dpr' has no option 'subset'"):
        options.check()
    options = ReaderOptions()
    options.add_to_each([str(DPR), str(WSC)], {"corpus": "mine", f"{WSC}:split": "dev"})
    items = list(wt.read([WSC], options=options)) + list(wt.read([DPR], options=options))
    options.check()
    assert {it.corpus for it in items} == {"mine"}
    assert {it.split for it in items if it.corpus == "mine" and it.language == "en"} == {"dev", None}
    assert all(it.split == "dev" for it in items[:8]) and not any(it.split for it in items[8:])
