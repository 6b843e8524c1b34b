"""GLUE WNLI TSV and the native NLI JSON Lines: NLI pairs, label 1 = entailment, byte-exact writing."""
from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.quirks import quirks_of

HERE = FIXTURES / "wnli"
HEADER = "index\tsentence1\tsentence2\tlabel\n"


def pair(id_, label, **kw):
    return wt.NLIPair(id=id_, corpus="x", language="en", premise="Ann met Bo.", hypothesis="Bo met Ann.", label=label, **kw)


def test_sample_round_trips_byte_for_byte(tmp_path):
    pairs = roundtrip("wnli", SAMPLES / "wnli.tsv", tmp_path)
    assert wt.detect_format(SAMPLES / "wnli.tsv").name == "wnli"
    assert [p.id for p in pairs] == ["0", "1", "2", "3", "4", "5"]
    assert all(isinstance(p, wt.NLIPair) and p.corpus == "wnli" and p.language == "en" for p in pairs)


def test_label_one_is_entailment():
    """Label 1 = entailment → True; 0 = not entailment → False."""
    first, second = list(wt.read(SAMPLES / "wnli.tsv"))[:2]
    assert (first.hypothesis, first.label) == ("The shelf was wobbly.", True)
    assert (second.hypothesis, second.label) == ("The jar was wobbly.", False)


def test_test_split_without_label_column(tmp_path):
    """The test split's header has no label column: labels are None and none are written."""
    pairs = roundtrip("wnli", HERE / "wnli_test_split_no_label.tsv", tmp_path)
    assert [p.label for p in pairs] == [None, None]
    assert wt.detect_format(HERE / "wnli_test_split_no_label.tsv").name == "wnli"


def test_double_quotes_are_text_not_quoting(tmp_path):
    """WNLI does not quote fields: a field that starts with `"` keeps its quotes verbatim."""
    pairs = roundtrip("wnli", HERE / "wnli_unquoted_double_quotes.tsv", tmp_path)
    assert pairs[0].premise.startswith('"Wait," said Ada')
    assert pairs[1].hypothesis == '"It is raining," Kim said.'


def test_trailing_empty_line(tmp_path):
    """A file ending in an empty line used to be refused; it reads, the last pair counts the empty
    lines (a quirk), and the file is written back byte for byte."""
    path = HERE / "wnli_trailing_empty_line.tsv"
    pairs = roundtrip("wnli", path, tmp_path)
    assert [p.id for p in pairs] == ["0", "1"] and pairs[-1].meta["trailing_empty_lines"] == 1
    assert [kind for kind, _ in quirks_of(pairs[-1])] == ["trailing-empty-lines"] and not pairs[0].meta


def test_empty_line_between_rows_is_an_error(tmp_path):
    path = tmp_path / "gap.tsv"
    path.write_text(HEADER + "0\tAnn met Bo.\tBo met Ann.\t1\n\n1\tAnn met Bo.\tBo met Ann.\t0\n")
    assert_bad_input("wnli", path, "line 3: empty line between rows")


def test_windows_line_endings_are_read(tmp_path):
    path = tmp_path / "crlf.tsv"
    path.write_bytes((SAMPLES / "wnli.tsv").read_bytes().replace(b"\n", b"\r\n"))
    crlf = list(wt.read(path, source_format="wnli"))
    assert crlf[0].meta.pop("line_ending") == "\r\n"  # noted on the first pair, for the writer
    assert crlf == list(wt.read(SAMPLES / "wnli.tsv"))


def test_writer_uses_integer_ids_and_numbers_the_rest(tmp_path):
    """An id that is a whole number is the index; any other id is replaced by the output position."""
    out = tmp_path / "o.tsv"
    wt.write([pair("7", True), pair("wsc-1-c0", False), pair("wsc-1-c1", True)], out, to="wnli")
    assert out.read_text().splitlines()[1:] == [
        "7\tAnn met Bo.\tBo met Ann.\t1", "1\tAnn met Bo.\tBo met Ann.\t0", "2\tAnn met Bo.\tBo met Ann.\t1",
    ]


def test_writer_omits_the_label_column_for_unlabeled_pairs(tmp_path):
    out = tmp_path / "o.tsv"
    wt.write([pair("0", None), pair("1", None)], out, to="wnli")
    assert out.read_text() == "index\tsentence1\tsentence2\n0\tAnn met Bo.\tBo met Ann.\n1\tAnn met Bo.\tBo met Ann.\n"


@pytest.mark.parametrize(
    "pairs, expect",
    [
        ([pair("0", True), pair("1", None)], "pair '1': has no label unlike the first pair"),
        ([pair("0", None), pair("1", False)], "pair '1': has a label unlike the first pair"),
        ([pair("1", True), pair("a", True)], "pair 'a': index 1 is already used by pair '1'"),
        ([wt.NLIPair("0", "x", "en", "Ann\tmet Bo.", "Bo met Ann.", True)], "premise contains a tab or line break"),
    ],
    ids=["labelled-then-not", "unlabelled-then-labelled", "index-clash", "tab-in-text"],
)
def test_writer_refuses_what_wnli_cannot_hold(tmp_path, pairs, expect):
    with pytest.raises(wt.ConversionError, match=expect):
        wt.write(pairs, tmp_path / "o.tsv", to="wnli")
    assert not (tmp_path / "o.tsv").exists()


@pytest.mark.parametrize(
    "content, expect",
    [
        (HEADER + "0\tAnn met Bo.\tBo met Ann.\n", "line 2: has 3 tab-separated columns, expected 4"),
        (HEADER + "0\tAnn met Bo.\tBo met Ann.\t1\textra\n", "line 2: has 5 tab-separated columns, expected 4"),
        (HEADER + "0\tAnn met Bo.\tBo met Ann.\tentailment\n", "line 2: label 'entailment' is not 0 or 1"),
        (HEADER + "0\tAnn met Bo.\tBo met Ann.\t\n", "line 2: label '' is not 0 or 1"),
        (HEADER + "x\tAnn met Bo.\tBo met Ann.\t1\n", "line 2: index 'x' is not a whole number"),
        ("0\tAnn met Bo.\tBo met Ann.\t1\n", "line 1: expected the header"),
        (HEADER, "has a header but no rows"),
        ("", "file is empty"),
        (HEADER + "0\tAnn met Bo.\tBo met Ann.\t1\n0\tAnn met Bo.\tBo met Ann.\t0\n", "duplicate id '0'"),
    ],
    ids=["short-row", "long-row", "text-label", "empty-label", "bad-index", "no-header", "header-only", "empty", "duplicate-index"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.tsv"
    path.write_text(content)
    assert_bad_input("wnli", path, expect)


def test_wrong_encoding_names_the_line(tmp_path):
    path = tmp_path / "latin1.tsv"
    path.write_bytes(HEADER.encode() + "0\tZoë met Bo.\tBo met Zoë.\t1\n".encode("latin-1"))
    assert_bad_input("wnli", path, "line 2: byte 0xeb is not valid utf-8")


def test_sniff_rejects_rte_labels_and_headerless_tsv():
    sniff = wt.formats.get("wnli").sniff
    assert not sniff(HEADER.encode() + b"0\tA dog ran.\tAn animal ran.\tentailment\n")
    assert not sniff(b"0\tAnn met Bo.\tBo met Ann.\t1\n")
    assert sniff(HEADER.encode())


def test_real_wnli_dev(tmp_path):
    """71 pairs in the GLUE WNLI dev copy (31 entailment, 40 not), written back byte for byte."""
    path = shared_file("wnli/dev.tsv")
    pairs = roundtrip("wnli", path, tmp_path)
    assert wt.detect_format(path).name == "wnli"
    assert len(pairs) == 71
    assert [p.id for p in pairs] == [str(n) for n in range(71)]
    assert sum(p.label for p in pairs) == 31
    assert pairs[1].hypothesis.startswith("Susan")


def test_wnli_to_nli_jsonl_and_back_gives_equal_records(tmp_path):
    path = shared_file("wnli/dev.tsv")
    native, back = tmp_path / "wnli.nli.jsonl", tmp_path / "dev.tsv"  # the same name: the same split
    assert wt.convert(path, to="nli-jsonl", output=native).written == 71
    assert wt.detect_format(native).name == "nli-jsonl"
    assert wt.convert(native, to="wnli", output=back).written == 71
    assert list(wt.read(back)) == list(wt.read(path))
    assert back.read_bytes() == path.read_bytes()


def test_sample_converts_through_nli_jsonl(tmp_path):
    native, back = tmp_path / "s.jsonl", tmp_path / "s.tsv"
    wt.convert(SAMPLES / "wnli.tsv", to="nli-jsonl", output=native)
    wt.convert(native, to="wnli", output=back)
    assert list(wt.read(back)) == list(wt.read(SAMPLES / "wnli.tsv"))


def test_items_are_written_as_wnli_through_the_nli_form(tmp_path):
    """Schema items become NLI pairs on the way; unlabeled items cannot join a labelled WNLI file and are reported."""
    out = tmp_path / "o.tsv"
    report = wt.convert(SAMPLES / "superglue.jsonl", to="wnli", output=out)
    pairs = list(wt.read(out))
    assert report.form == "nli" and report.written == len(pairs) > 0
    assert all(p.label is not None for p in pairs)
    assert [s.reason.split(";")[0] for s in report.skipped] and all("unlabeled pair" in s.reason for s in report.skipped)


def test_schema_records_cannot_be_read_back_from_nli_targets(tmp_path):
    native = tmp_path / "pairs.nli.jsonl"
    wt.convert(SAMPLES / "wnli.tsv", to="nli-jsonl", output=native)
    with pytest.raises(wt.ConversionError, match=r"pairs.nli.jsonl: holds nli records \(nli-jsonl\) but format 'jsonl' holds item records"):
        wt.convert(native, to="jsonl", output=tmp_path / "o.jsonl")
    assert not (tmp_path / "o.jsonl").exists()


# --- nli-jsonl, the native NLI format ---


def test_nli_jsonl_sample_round_trips_byte_for_byte(tmp_path):
    pairs = roundtrip("nli-jsonl", SAMPLES / "nli-jsonl.jsonl", tmp_path)
    assert wt.detect_format(SAMPLES / "nli-jsonl.jsonl").name == "nli-jsonl"
    assert [p.label for p in pairs] == [True, False, True, None]
    assert (pairs[1].item_id, pairs[1].candidate, pairs[1].meta) == ("demo-3", 0, {"form": "substitution"})
    assert pairs[3].language == "fr" and "é" in pairs[3].premise


def test_nli_jsonl_ensure_ascii_option(tmp_path):
    out = tmp_path / "a.jsonl"
    wt.write(list(wt.read(SAMPLES / "nli-jsonl.jsonl")), out, to="nli-jsonl", options={"ensure_ascii": "true"})
    assert out.read_bytes().isascii()
    assert list(wt.read(out)) == list(wt.read(SAMPLES / "nli-jsonl.jsonl"))


def test_nli_jsonl_and_item_jsonl_are_told_apart(tmp_path):
    native_items = tmp_path / "items.jsonl"
    wt.convert(SAMPLES / "superglue.jsonl", to="jsonl", output=native_items)
    assert wt.detect_format(native_items).name == "jsonl"
    assert_bad_input("nli-jsonl", native_items, "line 1: is not an NLI pair (no 'premise' field)")


def nli_line(**changes):
    obj = json.loads((SAMPLES / "nli-jsonl.jsonl").read_text().splitlines()[0])
    obj.update(changes)
    return json.dumps({k: v for k, v in obj.items() if v is not ...}) + "\n"


@pytest.mark.parametrize(
    "content, expect",
    [
        (nli_line(schema_version="2.0"), "line 1: schema_version '2.0' is not supported"),
        (nli_line(schema_version=...), "line 1: schema_version None is not supported"),
        (nli_line(hypothesis=...), "line 1: malformed NLI pair (KeyError: 'hypothesis')"),
        (nli_line(label="yes"), "line 1 (id '0'): label: 'yes' is not true, false or null"),
        (nli_line(premise=""), "line 1 (id '0'): premise: is empty"),
        (nli_line()[:50], "line 1: invalid JSON"),
        ("", "file is empty"),
    ],
    ids=["future-version", "no-version", "missing-field", "bad-label", "empty-premise", "truncated", "empty"],
)
def test_nli_jsonl_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_bad_input("nli-jsonl", path, expect)
