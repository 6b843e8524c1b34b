"""The native JSON Lines format: lossless for every field, versioned, byte-exact."""
from __future__ import annotations

import json

import pytest
from conftest import SAMPLES
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt


def test_native_round_trip_is_byte_exact(tmp_path):
    native = tmp_path / "w.jsonl"
    wt.convert(SAMPLES / "winogrande.jsonl", to="jsonl", output=native)
    items = roundtrip("jsonl", native, tmp_path)
    assert wt.detect_format(native).name == "jsonl"
    assert items == list(wt.read(SAMPLES / "winogrande.jsonl"))


def test_unsupported_schema_version(tmp_path):
    native = tmp_path / "w.jsonl"
    wt.convert(SAMPLES / "winogrande.jsonl", to="jsonl", output=native)
    obj = json.loads(native.read_text().splitlines()[0])
    obj["schema_version"] = "2.0"
    native.write_text(json.dumps(obj) + "\n")
    assert_bad_input("jsonl", native, "line 1: schema_version '2.0' is not supported")


def test_span_not_matching_text_names_line_and_field(tmp_path):
    native = tmp_path / "w.jsonl"
    wt.convert(SAMPLES / "winogrande.jsonl", to="jsonl", output=native)
    lines = native.read_text().splitlines()
    obj = json.loads(lines[2])
    obj["pronoun"] = [0, 5, "Hello"]
    lines[2] = json.dumps(obj)
    native.write_text("\n".join(lines) + "\n")
    assert_bad_input("jsonl", native, "line 3 (id '2K9DD0PWQL-1'): pronoun: says 'Hello' but the text has 'Priya'")


def test_missing_field_is_a_format_error(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text('{"schema_version": "1.0", "id": "a", "candidates": []}\n')
    assert_bad_input("jsonl", path, "line 1: malformed schema item (KeyError: 'corpus')")


# -- found by mutation fuzzing (issue #8) ---------------------------------------------------------


@pytest.mark.parametrize(
    "field, value, expect",
    [
        ("id", [], "line 1: id [] is not a string"),
        ("corpus", ["a"], "line 1: corpus ['a'] is not a string"),
        ("text", 0, "text: must be a string"),
        ("candidates", {"a": 1}, "line 1: malformed schema item"),
    ],
)
def test_wrong_json_types_are_format_errors(tmp_path, field, value, expect):
    """A value of the wrong JSON type crashed the checks (TypeError: unhashable type, no len())."""
    native = tmp_path / "w.jsonl"
    wt.convert(SAMPLES / "winogrande.jsonl", to="jsonl", output=native)
    obj = json.loads(native.read_text().splitlines()[0])
    obj[field] = value
    native.write_text(json.dumps(obj) + "\n")
    assert_bad_input("jsonl", native, expect)


@pytest.mark.parametrize("name", ["jsonl", "nli-jsonl"])
def test_a_number_too_long_for_python_is_a_format_error(tmp_path, name):
    path = tmp_path / "digits.jsonl"
    path.write_text('{"schema_version": "1.0", "n": ' + "9" * 5000 + "}\n")
    assert_bad_input(name, path, "line 1: invalid JSON: Exceeds the limit (4300 digits)")
