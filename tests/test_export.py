"""Exports: flat pandas-friendly records and a Hugging Face Dataset that keeps the structure."""
from __future__ import annotations

import json

import pytest
from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.export import to_hf_dataset, to_pandas, to_records


@pytest.fixture
def items():
    return list(wt.read(SAMPLES / "winogrande.jsonl"))


def test_records_are_flat_and_complete(items):
    rows = to_records(items)
    assert len(rows) == len(items)
    for row, item in zip(rows, items):
        assert all(not isinstance(v, (list, dict)) for v in row.values())
        assert row["candidate_1"] == item.candidates[0].text and row["candidate_3"] is None
        assert row["answer_text"] == item.candidates[item.answer].text
        assert row["text"][row["pronoun_start"] : row["pronoun_end"]] == "_"
        assert json.loads(row["meta"]) == item.meta


def test_pandas_frame(items):
    pytest.importorskip("pandas")
    frame = to_pandas(items)
    assert frame.shape[0] == 7 and frame["twin"].nunique() == 4


def test_hf_dataset_keeps_nested_structure(items):
    pytest.importorskip("datasets")
    ds = to_hf_dataset(items)
    assert len(ds) == 7
    row = ds[2]
    assert row["candidates"][1]["text"] == items[2].candidates[1].text
    assert row["pronoun"] == {"start": items[2].pronoun.start, "end": items[2].pronoun.end, "text": "_"}
    assert row["answer"] == items[2].answer
