"""WinoGrande JSON Lines with *-labels.lst: twins from qID, unlabeled test data, byte-exact writing."""
from __future__ import annotations

import json

import pytest
from conftest import SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt


def write_lines(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


ROW = {"qID": "ABC-1", "sentence": "Ann thanked Liz because _ got help.", "option1": "Ann", "option2": "Liz", "answer": "1"}


def test_sample_round_trips_byte_for_byte(tmp_path):
    items = roundtrip("winogrande", SAMPLES / "winogrande.jsonl", tmp_path)
    assert wt.detect_format(SAMPLES / "winogrande.jsonl").name == "winogrande"
    assert items[0].pronoun.text == "_" and items[0].text[items[0].pronoun.start] == "_"


def test_twins_come_from_the_qid_prefix(tmp_path):
    """`<HIT>-1` and `<HIT>-2` share the twin group; -1 is the special version."""
    items = list(wt.read(SAMPLES / "winogrande.jsonl"))
    first, second = items[0], items[1]
    assert first.twin == second.twin == "1A7GQ2XKT9"
    assert (first.role, second.role) == ("special", "alternate")
    report = wt.twin_report(items)
    assert report.twins == 3 and report.singletons == ["3ZZT81MNBV-2"]


def test_unlabeled_test_split_has_no_answer_and_writes_none(tmp_path):
    """The test split has no `answer` key: answer is None and the writer adds no key."""
    row = {k: v for k, v in ROW.items() if k != "answer"}
    path = write_lines(tmp_path / "test.jsonl", [row])
    items = roundtrip("winogrande", path, tmp_path)
    assert items[0].answer is None


def test_labels_file_fills_missing_answers(tmp_path):
    """`x-labels.lst` beside `x.jsonl` supplies answers; the jsonl is written back without them."""
    row = {k: v for k, v in ROW.items() if k != "answer"}
    path = write_lines(tmp_path / "x.jsonl", [row, dict(row, qID="ABC-2")])
    (tmp_path / "x-labels.lst").write_text("2\n1\n")
    items = list(wt.read(path))
    assert [it.answer for it in items] == [1, 0]
    out = tmp_path / "out" / "y.jsonl"
    out.parent.mkdir()
    wt.write(items, out, to="winogrande", options={"labels_out": str(out.with_name("y-labels.lst"))})
    assert out.read_bytes() == path.read_bytes()
    assert out.with_name("y-labels.lst").read_text() == "2\n1\n"
    assert list(wt.read(out)) == items


def test_trailing_empty_lines_in_jsonl_and_labels(tmp_path):
    """Empty lines ending the jsonl are kept on the last item (written back, not as a field); empty
    lines ending the labels file are allowed, an empty line between labels is not."""
    row = {k: v for k, v in ROW.items() if k != "answer"}
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps(row) + "\n" + json.dumps(dict(row, qID="ABC-2")) + "\n\n\n")
    (tmp_path / "x-labels.lst").write_text("2\n1\n\n")
    items = list(wt.read(path))
    assert [it.answer for it in items] == [1, 0] and items[-1].meta["trailing_empty_lines"] == 2
    out = tmp_path / "y.jsonl"
    wt.write(items, out, to="winogrande")
    assert out.read_bytes() == path.read_bytes()
    (tmp_path / "x-labels.lst").write_text("2\n\n1\n")
    with pytest.raises(wt.FormatError, match="x-labels.lst: line 2: label '' is not 1 or 2"):
        list(wt.read(path))


def test_labels_disagreeing_with_answers_is_an_error(tmp_path):
    path = write_lines(tmp_path / "dev.jsonl", [ROW])
    (tmp_path / "dev-labels.lst").write_text("2\n")
    assert_bad_input("winogrande", path, "line 1: answer '1' disagrees with dev-labels.lst line 1")


def test_labels_count_mismatch_is_an_error(tmp_path):
    path = write_lines(tmp_path / "dev.jsonl", [ROW])
    (tmp_path / "dev-labels.lst").write_text("1\n2\n")
    with pytest.raises(wt.FormatError, match="has 2 labels but dev.jsonl has 1 items"):
        list(wt.read(path))


def test_labels_out_writes_the_label_file(tmp_path):
    out, labels = tmp_path / "o.jsonl", tmp_path / "o-labels.lst"
    wt.convert(SAMPLES / "winogrande.jsonl", to="winogrande", output=out, write_options={"labels_out": str(labels)})
    assert labels.read_text().split() == [str(it.answer + 1) for it in wt.read(out)]


@pytest.mark.parametrize(
    "content, expect",
    [
        ('{"qID": "A-1", "sentence": "x _", "option1": "a", "option2": "b", "answer": "3"}\n', "line 1: answer '3' is not 1, 2 or empty"),
        ('{"qID": "A-1", "sentence": "no blank", "option1": "a", "option2": "b", "answer": "1"}\n', "line 1: sentence has no blank"),
        ('{"qID": "A-1", "sentence": "x _", "option1": "a"}\n', "line 1: missing field 'option2'"),
        ('{"qID": "A-1", "sentence": "x _", "option1": "a", "option2": "b", "answ', "line 1: invalid JSON"),
        ("[1, 2]\n", "line 1: expected a JSON object"),
        ("", "file is empty"),
        ('{"qID": "A-1", "sentence": "Tom told _ Bob that _ was late.", "option1": "Tom", "option2": "Bob", "answer": "1"}\n',
         "line 1: sentence has 2 blanks '_', WinoGrande has exactly one"),
        ('{"qID": "A-1", "sentence": "x _", "option1": null, "option2": "b", "answer": "1"}\n', "line 1: option1 must be a string, not null"),
        ('{"qID": 7, "sentence": "x _", "option1": "a", "option2": "b", "answer": "1"}\n', "line 1: qID must be a string, not 7"),
        ('{"qID": "A-1", "sentence": ["x _"], "option1": "a", "option2": "b"}\n', 'line 1: sentence must be a string, not ["x _"]'),
        ('{"qID": "A-1", "sentence": "x _", "option1": "a", "option2": {"b": 1}}\n', 'line 1: option2 must be a string, not {"b": 1}'),
        ('{"qID": "A-1", "sentence": "x _", "option1": "a", "option2": "b", "answer": 1}\n', 'line 1: answer must be a string ("1", "2" or ""), not 1'),
    ],
    ids=["answer-out-of-range", "no-blank", "missing-field", "truncated", "not-object", "empty",
         "two_blanks_in_sentence", "option_null", "qid_not_string", "sentence_not_string", "option_object", "answer_not_string"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_bad_input("winogrande", path, expect)


def test_duplicate_qid_is_an_error(tmp_path):
    path = write_lines(tmp_path / "dup.jsonl", [ROW, ROW])
    assert_bad_input("winogrande", path, "duplicate id 'ABC-1'")


def test_writer_refuses_a_text_with_two_blanks(tmp_path):
    """What the reader refuses is not written either: a second '_' would not read back."""
    item = next(iter(wt.read(SAMPLES / "winogrande.jsonl")))
    item.text = item.text + " _"
    with pytest.raises(wt.ConversionError, match="its text has 2 '_'"):
        wt.write([item], tmp_path / "o.jsonl", to="winogrande")


def test_writer_refuses_items_without_a_blank(tmp_path):
    item = next(iter(wt.read(SAMPLES / "winogrande.jsonl")))
    item.pronoun = wt.Span(0, 3, "The")
    with pytest.raises(wt.ConversionError, match="no '_' blank"):
        wt.write([item], tmp_path / "o.jsonl", to="winogrande")
    assert not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("name, n, twins, singletons", [("dev", 1267, 284, 699), ("train_xs", 160, None, None), ("train_s", 640, None, None), ("test", 1767, None, None)])
def test_real_winogrande(tmp_path, name, n, twins, singletons):
    """Counts from the WinoGrande 1.1 release (dev: 284 twins + 699 singletons, per the shared README)."""
    path = shared_file(f"winogrande/{name}.jsonl")
    items = roundtrip("winogrande", path, tmp_path)
    assert len(items) == n
    assert wt.detect_format(path).name == "winogrande"
    if twins is not None:
        report = wt.twin_report(items)
        assert (report.twins, len(report.singletons)) == (twins, singletons)
    if name == "test":
        assert all(it.answer is None for it in items)
    else:
        labels = shared_file(f"winogrande/{name}-labels.lst").read_text().split()
        assert [str(it.answer + 1) for it in items] == labels
