"""Quirks: notes a reader leaves on records it kept despite an oddity, counted into one summary line."""
from __future__ import annotations

import pytest

import wino_toolkit as wt
from wino_toolkit.quirks import (
    QuirkReport,
    count_trailing_empty_lines,
    keep_trailing_empty_lines,
    note,
    quirks_of,
    trailing_empty_lines,
)


def pair(id_, meta=None):
    return wt.NLIPair(id=id_, corpus="x", language="en", premise="Ann met Bo.", hypothesis="Bo met Ann.", meta=meta or {}, origin=f"line {id_}")


def test_notes_are_counted_by_kind_with_examples():
    first, second, plain = pair("2"), pair("3"), pair("4")
    note(first.meta, "candidate-not-located", "'A and B' at token 0")
    note(second.meta, "candidate-not-located", "'C and D' at token 4")
    note(second.meta, "span-text-trimmed", "'the tape.' as 'the tape'")
    report = QuirkReport(shown=1)
    assert list(report.watch([first, second, plain], "f.tsv")) == [first, second, plain]
    assert report.line() == (
        "3 records; 2 candidates not located in the text, kept without a span; "
        "1 span text with extra characters, matched without them"
    )
    assert report.to_dict()["candidate-not-located"] == {"count": 2, "examples": ["f.tsv: line 2: 'A and B' at token 0"]}


def test_no_quirks_gives_the_bare_count():
    report = QuirkReport()
    list(report.watch([pair("1")]))
    assert not report and report.line(5, "rows") == "5 rows" and report.summary() == ""


def test_strict_turns_the_first_quirk_into_an_error_naming_file_and_record():
    quirky = pair("7")
    note(quirky.meta, "stray-separator-text", "line 9: separator row holds 'ｐ'")
    with pytest.raises(wt.FormatError, match=r"^f.txt: line 7: line 9: separator row holds 'ｐ' \(quirk 'stray-separator-text'; --strict"):
        list(QuirkReport(strict=True).watch([pair("1"), quirky], "f.txt"))


def test_unknown_kind_and_malformed_notes():
    with pytest.raises(ValueError, match="unknown quirk kind"):
        note({}, "no-such-kind", "x")
    assert quirks_of(pair("1", {"quirks": "not a list"})) == []
    assert quirks_of(pair("1", {"quirks": [{"detail": "no kind"}, {"kind": "span-text-trimmed"}]})) == [("span-text-trimmed", "")]


@pytest.mark.parametrize("data, expect", [(b"a\n", 0), (b"a", 0), (b"a\n\n", 1), (b"a\r\n\r\n\r\n", 2), (b"a\n \n", 0), (b"\n\n", 0)])
def test_count_trailing_empty_lines(tmp_path, data, expect):
    path = tmp_path / "f"
    path.write_bytes(data)
    assert count_trailing_empty_lines(path) == expect


def test_trailing_empty_lines_round_trip_through_meta():
    meta: dict = {}
    keep_trailing_empty_lines(meta, 0)
    assert meta == {} and trailing_empty_lines(meta) == 0
    keep_trailing_empty_lines(meta, 2, "line 5")
    assert trailing_empty_lines(meta) == 2 and quirks_of(pair("1", meta)) == [("trailing-empty-lines", "line 5: 2 empty line(s) end the file")]
    assert trailing_empty_lines({"trailing_empty_lines": True}) == trailing_empty_lines({"trailing_empty_lines": "2"}) == 0


def test_plugin_quirk_kinds_register_once_with_their_phrases():
    from wino_toolkit.quirks import KINDS, QuirkReport, note, register_kind

    class Record:
        meta: dict = {}
        origin = "line 3"

    register_kind("test-odd-cell", "odd cell, kept", "odd cells, kept")
    register_kind("test-odd-cell", "odd cell, kept", "odd cells, kept")  # the same phrases again: harmless
    try:
        with pytest.raises(ValueError, match="already registered"):
            register_kind("test-odd-cell", "other", "others")
        record = Record()
        record.meta = {}
        note(record.meta, "test-odd-cell", "cell 4")
        note(record.meta, "test-odd-cell", "cell 9")
        report = QuirkReport()
        report.add(record, "f.tsv")
        assert report.line() == "1 record; 2 odd cells, kept"
    finally:
        del KINDS["test-odd-cell"]
