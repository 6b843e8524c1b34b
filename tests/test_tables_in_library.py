"""The CLI's tables are library functions next to their data, and ``wino stats`` streams its input."""
from __future__ import annotations

import io

import pytest
from conftest import SAMPLES
from rich.console import Console


def _text(table) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(table)
    return out.getvalue()


def test_iter_inputs_is_read_inputs_as_a_stream_and_refuses_a_missing_file_at_the_call(tmp_path):
    from wino_toolkit.command_io import iter_inputs, read_inputs
    from wino_toolkit.errors import FormatError

    stream = iter_inputs([SAMPLES / "dpr.txt"], None, ["split=dev"])
    assert not isinstance(stream, list)
    items = list(stream)
    assert items and [i.id for i in items] == [i.id for i in read_inputs([SAMPLES / "dpr.txt"], options=["split=dev"])]
    with pytest.raises(FormatError, match="no such file"):
        iter_inputs(tmp_path / "missing.jsonl")  # before anything is iterated


def test_stats_does_not_hold_the_items(monkeypatch, tmp_path, capsys):
    """``wino stats`` hands corpus_stats the stream itself, not a list of every item."""
    from wino_toolkit import stats
    from wino_toolkit.cli import main

    seen = []
    real = stats.corpus_stats
    monkeypatch.setattr(stats, "corpus_stats", lambda items: seen.append(type(items)) or real(items))
    assert main(["stats", str(SAMPLES / "winogrande.jsonl"), "--json"]) == 0
    assert seen and seen[0] is not list


def test_pmi_query_table_is_built_from_the_json_row():
    from wino_toolkit.baselines.pmi.tables import query_table

    row = {"index": "x.idx", "signature": "sig-1", "windows": 4, "w1": "Kettle", "term1": "kettle", "count1": 2, "p1": 0.5,
           "w2": "water", "term2": "water", "count2": 1, "p2": 0.25, "count_both": 0, "p_both": 0.0, "pmi": "-inf"}
    text = _text(query_table(row))
    assert "PMI(kettle, water) in x.idx" in text
    assert "windows with Kettle → kettle" in text and "2  P = 0.5" in text
    assert "windows with water " in text and "1  P = 0.25" in text
    assert "-inf (never together)" in text and "sig-1" in text
    assert "absent from the index" in _text(query_table({**row, "pmi": None}))
    assert "1.2500" in _text(query_table({**row, "pmi": 1.25}))


def test_logic_coverage_and_pair_stats_tables_live_in_the_library():
    from wino_toolkit.logic.coverage import coverage_table
    from wino_toolkit.logic.sentences import pair_stats, pair_stats_table

    cover = {"formalized": 3, "versions": 285, "skipped": 1, "missing": 281, "core_2_or_more": 2, "core_2_or_more_share": 2 / 3,
             "core_sizes": {1: 1, 2: 2}, "categories": {"physical": {"formalized": 3, "skipped": 1, "core_2_or_more": 2}}}
    text = _text(coverage_table(cover))
    assert "3 of 285 WSC285 versions formalized, 1 skipped" in text and "(67%)" in text and "1: 1, 2: 2" in text
    assert "physical" in text
    rows = [("rendered, plain", r) for r in pair_stats([("a cup is small", "a cup is big", "antonym")])]
    text = _text(pair_stats_table(rows, "z3-sig"))
    assert "rendered, plain" in text and "antonym" in text and "z3-sig" in text and "+0.00" in text
