"""Splits: named by `-O split=` or the file name, ids unique per corpus and split, duplicate-id
messages naming both files, a DatasetDict per split, one stats row per corpus and split."""
from __future__ import annotations

import json
import shutil

import pytest

from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.api import split_from_name
from wino_toolkit.cli import main

SG = SAMPLES / "superglue.jsonl"
WG = SAMPLES / "winogrande.jsonl"


@pytest.mark.parametrize(
    "name, split",
    [("train.jsonl", "train"), ("dev.jsonl", "dev"), ("val.jsonl", "val"), ("wnli-validation.tsv", "validation"),
     ("test.jsonl", "test"), ("train.c.txt", "train"), ("train_xs.jsonl", "train"), ("WSCollection.xml", None),
     ("contest.jsonl", None), ("mandarinograd.json", None)],
)
def test_split_from_file_name(name, split):
    assert split_from_name(name) == split


def two_splits(tmp_path):
    train, val = tmp_path / "train.jsonl", tmp_path / "val.jsonl"
    shutil.copy(SG, train)
    shutil.copy(SG, val)
    return train, val


def test_two_files_numbering_rows_from_zero_read_as_two_splits(tmp_path, capsys):
    """`wino stats train.jsonl val.jsonl` used to fail with "duplicate id"."""
    train, val = two_splits(tmp_path)
    items = list(wt.read([train, val]))
    assert [it.split for it in items] == ["train"] * (len(items) // 2) + ["val"] * (len(items) // 2)
    assert main(["stats", str(train), str(val), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["corpora"]
    assert set(rows) == {"superglue-wsc/train", "superglue-wsc/val"}
    assert rows["superglue-wsc/train"]["split"] == "train" and rows["superglue-wsc/val"]["items"] == len(items) // 2


def test_split_option_overrides_the_file_name(tmp_path):
    train, val = two_splits(tmp_path)
    assert {it.split for it in wt.read(train, options={"split": "dev"})} == {"dev"}


def test_duplicate_id_message_names_both_files(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    shutil.copy(WG, first)
    shutil.copy(WG, second)
    with pytest.raises(wt.FormatError) as caught:
        list(wt.read([first, second]))
    message = str(caught.value)
    assert message.startswith(f"{second}: line 1") and f"(first at {first}: line 1" in message
    assert "\n" not in message


def test_same_split_given_twice_is_a_duplicate(tmp_path):
    train, val = two_splits(tmp_path)
    with pytest.raises(wt.FormatError, match=r"duplicate id 'superglue-wsc-0' in corpus 'superglue-wsc', split 'x'"):
        list(wt.read([train, val], options={"split": "x"}))


def test_no_id_check_still_catches_a_repeated_row(tmp_path):
    """--no-id-check skips the full check but never passes a duplicate next to its original."""
    lines = WG.read_text().splitlines(keepends=True)
    path = tmp_path / "repeated.jsonl"
    path.write_text("".join(lines[:3] + lines[2:3] + lines[3:]))
    with pytest.raises(wt.FormatError, match=r"line 4 .*duplicate id .*first at .*line 3"):
        list(wt.read(path, unique_ids=False, source_format="winogrande"))


def test_split_survives_native_round_trip(tmp_path):
    train, _ = two_splits(tmp_path)
    native = tmp_path / "all.jsonl"
    wt.write(wt.read(train), native, to="jsonl")
    assert {it.split for it in wt.read(native)} == {"train"}
    assert json.loads(native.read_text().splitlines()[0])["split"] == "train"


def test_native_lines_of_schema_1_0_still_read(tmp_path):
    item = next(iter(wt.read(WG)))
    row = item.to_dict()
    row["schema_version"] = "1.0"
    del row["split"]
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(row) + "\n")
    (back,) = wt.read(path)
    assert back.split is None and back.text == item.text


def test_hf_export_is_a_dataset_dict_keyed_by_split(tmp_path):
    pytest.importorskip("datasets")
    from wino_toolkit.export import to_hf_dataset

    train, val = two_splits(tmp_path)
    data = to_hf_dataset(wt.read([train, val]))
    assert sorted(data) == ["train", "val"]
    assert data["train"].num_rows == data["val"].num_rows > 0
    assert set(data["val"]["split"]) == {"val"}
    plain = to_hf_dataset(wt.read(WG))
    assert plain.num_rows == 7 and "split" in plain.column_names
