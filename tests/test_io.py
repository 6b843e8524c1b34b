"""Atomic output, decoding errors with line numbers, and line splitting."""
from __future__ import annotations

import pytest

import wino_toolkit as wt
from wino_toolkit.io import atomic_output, iter_lines, read_text


def test_atomic_output_leaves_nothing_on_failure(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_output(target) as fh:
            fh.write(b"partial")
            raise RuntimeError("boom")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_atomic_output_replaces_on_success(tmp_path):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")
    with atomic_output(target) as fh:
        fh.write(b"new")
    assert target.read_bytes() == b"new"


def test_decode_error_names_line_and_byte(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes("ok\nCaf\xe9\n".encode("latin-1"))
    with pytest.raises(wt.FormatError, match=r"latin.txt: line 2: byte 0xe9 is not valid utf-8"):
        list(iter_lines(path))
    with pytest.raises(wt.FormatError, match=r"line 2: byte 0xe9"):
        read_text(path)


def test_empty_file_is_an_error(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"\n  \n")
    with pytest.raises(wt.FormatError, match="empty.jsonl: file is empty"):
        list(iter_lines(path))


def test_lines_split_on_newline_only(tmp_path):
    """U+2028 inside a JSON string is not a line break for JSON Lines."""
    path = tmp_path / "a.txt"
    path.write_text("one\u2028still one\ntwo\n", encoding="utf-8")
    assert [line for _, line in iter_lines(path)] == ["one\u2028still one", "two"]


def test_integer_past_pythons_digit_limit_is_a_format_error(tmp_path):
    """Found by mutation fuzzing: a 5,000-digit number raised a bare ValueError."""
    from wino_toolkit.io import iter_jsonl, load_json_array

    path = tmp_path / "big.jsonl"
    path.write_text('{"a": 1}\n{"a": ' + "9" * 5000 + "}\n")
    with pytest.raises(wt.FormatError, match=r"big.jsonl: line 2: invalid JSON"):
        list(iter_jsonl(path))
    array = tmp_path / "big.json"
    array.write_text("[" + "9" * 5000 + "]")
    with pytest.raises(wt.FormatError, match=r"big.json: invalid JSON"):
        load_json_array(array)
