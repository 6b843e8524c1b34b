"""`wino stats`, `wino validate` and the library calls behind them, on every kind of record."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.cli import main

WG = SAMPLES / "winogrande.jsonl"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("sample", ["wnli.tsv", "nli-jsonl.jsonl"])
def test_stats_on_nli_pairs(capsys, sample):
    """`wino stats` on an NLI file used to crash: 'NLIPair' object has no attribute 'twin'."""
    path = SAMPLES / sample
    pairs = list(wt.read(path))
    code, out, err = run(capsys, "stats", str(path), "--json")
    assert code == 0, err
    stats = json.loads(out)
    assert stats["corpora"] == {}
    total = stats["nli_total"]
    assert total["pairs"] == len(pairs)
    assert total["premises"] == len({p.premise for p in pairs})
    labels = {"entailment": sum(p.label is True for p in pairs), "not_entailment": sum(p.label is False for p in pairs)}
    assert {k: v for k, v in total["labels"].items() if k != "unlabeled"} == {k: v for k, v in labels.items() if v}
    assert 0 < total["hypothesis_tokens_min"] <= total["avg_hypothesis_tokens"] <= total["hypothesis_tokens_max"]
    code, out, _ = run(capsys, "stats", str(path))
    assert code == 0 and "NLI pair statistics" in out and "premises" in out


def test_stats_count_superglue_labels_as_given(capsys):
    """Items whose rows carry `label: true` were counted as unlabeled."""
    rows = [json.loads(line) for line in (SAMPLES / "superglue.jsonl").read_text().splitlines()]
    code, out, _ = run(capsys, "stats", str(SAMPLES / "superglue.jsonl"), "--json")
    labels = json.loads(out)["total"]["labels"]
    assert labels == {"false": sum(r["label"] is False for r in rows), "true": sum(r["label"] is True for r in rows)}


def test_winogrande_triggers_on_every_path(tmp_path):
    """`item.triggers` was [] for WinoGrande read with wt.read and in native JSON Lines."""
    items = list(wt.read(WG))
    twins = [it for it in items if sum(o.twin == it.twin for o in items) == 2]
    assert twins and all(it.triggers for it in twins)
    first, second = twins[0], twins[1]
    assert first.triggers != second.triggers and first.triggers[0] in first.text and first.triggers[0] not in second.text
    native = tmp_path / "wg.jsonl"
    wt.write(items, native, to="jsonl")
    assert [it.triggers for it in wt.read(native)] == [it.triggers for it in items]


def test_read_raises_at_the_call(tmp_path):
    """`wt.read` with a missing file or a bad format name raised only at the first iteration."""
    with pytest.raises(wt.FormatError, match="no such file"):
        wt.read(tmp_path / "missing.jsonl")
    with pytest.raises(wt.UnknownNameError, match="Did you mean 'winogrande'"):
        wt.read(WG, source_format="winogrand")
    with pytest.raises(wt.WinoError, match="has no option 'nonsense'"):
        wt.read(WG, options={"nonsense": 1})


def test_validate_lists_every_bad_line(tmp_path, capsys):
    """A file whose records cannot be built stopped at the first problem ("1 problem(s) in 0 records")."""
    good = WG.read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    wrong_answer = good[3].replace('"answer": "1"', '"answer": "3"').replace('"answer": "2"', '"answer": "3"')
    two_blanks = good[4].replace(" _ ", " _ _ ")
    bad.write_text("\n".join([good[0], "{not json", good[1], "[1, 2]", good[2], "{\"qID\": ", wrong_answer, "oops", two_blanks, good[5]]) + "\n")
    code, out, err = run(capsys, "validate", str(bad), "--from", "winogrande")
    lines = err.splitlines()
    assert code == 1
    assert [line.split(": ")[1] for line in lines[:-1]] == ["line 2", "line 4", "line 6", "line 7", "line 8", "line 9"]
    assert "answer '3' is not 1, 2 or empty" in lines[3] and "2 blanks" in lines[5]
    assert lines[-1] == "6 problem(s) in 4 records"
    code, out, _ = run(capsys, "validate", str(bad), "--from", "winogrande", "--json")
    report = json.loads(out)
    assert code == 1 and report["records"] == 4 and report["valid"] is False
    assert [p["where"] for p in report["problems"]] == ["line 2", "line 4", "line 6", "line 7", "line 8", "line 9"]
    assert all(p["file"] == str(bad) for p in report["problems"])
    code, out, _ = run(capsys, "validate", str(WG), "--json")
    assert code == 0 and json.loads(out) == {"records": 7, "valid": True, "problems": [], "quirks": {}}


def test_to_pandas_offsets_are_integers():
    pd = pytest.importorskip("pandas")
    from wino_toolkit.export import to_pandas

    frame = to_pandas(wt.read(SAMPLES / "mandarinograd.json"))
    for column in ("pronoun_start", "pronoun_end", "candidate_1_start", "answer"):
        assert str(frame[column].dtype) == "Int64", column
    assert frame["pronoun_start"].notna().all()
    assert isinstance(frame["pronoun_start"].iloc[0], (int, pd.Int64Dtype().type))


def test_cli_verbatim_derives_forms_for_a_language_without_rules(tmp_path, capsys):
    """Without --verbatim a Hungarian item is skipped with "no rules for language hu"; with it, derived."""
    from conftest import FIXTURES

    # XWINO has no Hungarian: the fixture's rows relabelled, as a language without a rules folder
    rows = (FIXTURES / "xwino" / "xwino_pronoun_with_comma.tsv").read_text(encoding="utf-8").splitlines(keepends=True)
    source = tmp_path / "xwino_hu.tsv"
    source.write_text("".join("hu" + line[2:] if line.startswith("ru\t") else line for line in rows), encoding="utf-8")
    hungarian = [it for it in wt.read(source) if it.language == "hu"]
    assert hungarian
    report = tmp_path / "skipped.tsv"
    out = tmp_path / "dis.jsonl"
    assert main(["convert", str(source), "--to", "disambiguated", "-o", str(out), "--report", str(report)]) == 0
    skipped = report.read_text().splitlines()[1:]
    assert sum("no rules for language hu" in line for line in skipped) == len(hungarian)
    capsys.readouterr()
    assert main(["convert", str(source), "--to", "disambiguated", "-o", str(out), "--report", str(report), "--verbatim"]) == 0
    assert not any("no rules" in line for line in report.read_text().splitlines())
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["item_id"] for r in rows if r["language"] == "hu"} == {it.id for it in hungarian}


QUIRKY = Path(__file__).resolve().parent / "fixtures" / "superglue" / "superglue_unlabeled_all_quirks.jsonl"


def test_convert_summarises_quirks_and_strict_refuses_them(tmp_path, capsys):
    """An official release with quirks reads whole, with one summary line; --strict turns them into an error."""
    out = tmp_path / "o.jsonl"
    code, _, err = run(capsys, "convert", str(QUIRKY), "--to", "jsonl", "-o", str(out))
    assert code == 0 and out.exists()
    assert "read 7 records; 1 candidate not located in the text, kept without a span; 3 span texts" in err
    strict = tmp_path / "strict.jsonl"
    code, _, err = run(capsys, "convert", str(QUIRKY), "--to", "jsonl", "-o", str(strict), "--strict")
    assert code == 1 and not strict.exists() and err.count("\n") == 1
    assert f"{QUIRKY}: line 5: " in err and "--strict refuses quirks" in err


def test_validate_reports_quirks_and_strict_lists_each(capsys):
    code, out, _ = run(capsys, "validate", str(QUIRKY))
    assert code == 0 and out.startswith("ok: 7 records valid; tolerated: 1 candidate not located")
    code, _, err = run(capsys, "validate", str(QUIRKY), "--strict")
    assert code == 1 and err.splitlines()[-1] == "4 problem(s) in 7 records"
    code, out, _ = run(capsys, "validate", str(QUIRKY), "--json")
    quirks = json.loads(out)["quirks"]
    assert quirks["candidate-not-located"]["count"] == 1 and quirks["span-text-trimmed"]["count"] == 3


def test_every_item_writer_skips_what_it_cannot_hold_instead_of_failing(tmp_path):
    """With no limit on candidates, every writer takes an item of 2 to 5 candidates or skips it with a reason."""
    from conftest import FIXTURES

    source = FIXTURES / "wsc-xml" / "pdp_two_to_five_answers.xml"
    items = list(wt.read(source))
    assert sorted(len(it.candidates) for it in items) == [2, 3, 4, 5]
    for name, fmt in wt.formats.items():
        if fmt.write is None or fmt.read is None or fmt.record != "item" or fmt.derive:
            continue
        report = wt.convert(source, to=name, output=tmp_path / f"out.{name}")
        assert report.written + len({s.item_id for s in report.skipped}) >= len(items), name
        assert all(s.reason for s in report.skipped), name


def test_validate_lists_every_bad_row_of_tsv_and_winologic_files(tmp_path, capsys):
    """WNLI, XWINO and WinoLogic rows are checked one by one too: every bad row is listed."""
    wnli = (SAMPLES / "wnli.tsv").read_text().splitlines()
    bad = tmp_path / "bad.tsv"
    bad.write_text("\n".join([wnli[0], wnli[1], "x\tonly two", wnli[2], "7\ta\tb\t9"] + wnli[3:]) + "\n")
    code, _, err = run(capsys, "validate", str(bad), "--from", "wnli")
    assert code == 1 and [line.split(": ")[1] for line in err.splitlines()[:-1]] == ["line 3", "line 5"]
    logic = (SAMPLES / "winologic.jsonl").read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([logic[0], "{oops", logic[1], '{"context": 1}'] + logic[2:]) + "\n")
    code, _, err = run(capsys, "validate", str(bad), "--from", "winologic")
    assert code == 1 and [line.split(": ")[1] for line in err.splitlines()[:-1]] == ["line 2", "line 4"]


def test_validate_lists_every_malformed_superglue_row(tmp_path, capsys):
    rows = (SAMPLES / "superglue.jsonl").read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([rows[0], '{"text": 3}', rows[1], '{"idx": "x"}'] + rows[2:]) + "\n")
    code, _, err = run(capsys, "validate", str(bad), "--from", "superglue")
    assert code == 1 and [line.split(": ")[1] for line in err.splitlines()[:-1]] == ["line 2", "line 4"]
