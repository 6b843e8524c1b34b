"""The schema's invariants, the native JSON round trip and the published JSON Schema."""
from __future__ import annotations

import json
from importlib import resources

import pytest

import wino_toolkit as wt
from wino_toolkit.schema import Candidate, Item, Knowledge, Span


def make(**kw) -> Item:
    base = dict(
        id="x-0",
        corpus="x",
        language="en",
        text="The cat chased the mouse because it was hungry.",
        candidates=[Candidate("The cat", Span(0, 7, "The cat")), Candidate("the mouse", Span(15, 24, "the mouse"))],
        answer=0,
        pronoun=Span(33, 35, "it"),
    )
    base.update(kw)
    return Item(**base)


def test_valid_item_has_no_problems():
    item = make(triggers=["hungry"], knowledge=[Knowledge("Hungry animals chase prey.", True)])
    assert item.problems() == []
    assert item.check() is item
    assert item.correct.text == "The cat"


@pytest.mark.parametrize(
    "change, expected",
    [
        (dict(pronoun=Span(33, 35, "he")), "pronoun: says 'he' but the text has 'it'"),
        (dict(pronoun=Span(40, 90, "x")), "pronoun: [40, 90) is outside the text"),
        (dict(answer=2), "answer: 2 is not an index into 2 candidates"),
        (dict(answer=True), "answer: True is not an index"),
        (dict(candidates=[Candidate("The cat")]), "candidates: 1 given, need at least 2"),
        (dict(candidates=[]), "candidates: 0 given"),
        (dict(candidates=[Candidate("the cat"), Candidate("The Cat")]), "candidates[1]: 'The Cat' is listed twice"),
        (dict(candidates=[Candidate("The cat", Span(0, 3, "Dog")), Candidate("x")]), "candidates[0].span: says 'Dog'"),
        (dict(role="main"), "role: 'main' is not one of special, alternate"),
        (dict(text=""), "text: is empty"),
        (dict(id=""), "id: must be a non-empty string"),
    ],
)
def test_each_broken_rule_is_named(change, expected):
    item = make(**change)
    problems = item.problems()
    assert any(expected in p for p in problems), problems
    with pytest.raises(wt.SchemaError) as info:
        item.check()
    assert "item 'x-0'" in str(info.value) or change.get("id") == ""


def test_single_candidate_allowed_only_without_answer():
    """SuperGLUE-style yes/no rows carry one candidate and no answer; with an answer it is an error."""
    assert make(candidates=[Candidate("The cat")], answer=None).problems() == []
    assert make(candidates=[Candidate("The cat")], answer=0).problems()


def test_six_or_more_candidates_are_allowed():
    """The old limit of 5 was a WSC-ism: SuperGLUE-WSC test rows give one pronoun 6 and more candidates."""
    many = [Candidate(f"c{i}") for i in range(7)]
    assert make(candidates=many, answer=6).problems() == []
    assert make(candidates=many, answer=7).problems() == ["answer: 7 is not an index into 7 candidates"]
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((resources.files("wino_toolkit") / "data" / "item.schema.json").read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(make(candidates=many, answer=6).to_dict())) == []


def test_zero_width_span_is_a_slot():
    item = make(text="因为担心暴力事件。", candidates=[Candidate("市政府"), Candidate("示威者")], pronoun=Span(2, 2, ""), language="zh-Hans")
    assert item.pronoun.is_slot and item.problems() == []


def test_dict_round_trip_keeps_every_field():
    item = make(question="Who was hungry?", twin="g1", role="special", triggers=["hungry"],
                knowledge=[Knowledge("k", False, "(assert true)")], meta={"source": "me", "n": [1, 2]})
    again = Item.from_dict(json.loads(json.dumps(item.to_dict())))
    assert again == item
    assert again.to_dict()["schema_version"] == wt.SCHEMA_VERSION


def test_published_json_schema_accepts_items_and_rejects_broken_ones():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((resources.files("wino_toolkit") / "data" / "item.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    good = make(meta={"a": 1}, role="alternate", twin="t").to_dict()
    assert list(validator.iter_errors(good)) == []
    for key, bad in [("pronoun", [1, "2", "x"]), ("role", "main"), ("language", "English"), ("extra", 1)]:
        broken = dict(good, **{key: bad})
        assert list(validator.iter_errors(broken)), key


def test_native_jsonl_lines_validate_against_json_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    from conftest import SAMPLES

    schema = json.loads((resources.files("wino_toolkit") / "data" / "item.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    out = tmp_path / "s.jsonl"
    wt.convert(SAMPLES / "winogrande.jsonl", to="jsonl", output=out)
    for line in out.read_text().splitlines():
        assert list(validator.iter_errors(json.loads(line))) == []


def test_problems_of_wrongly_typed_fields_are_sentences_not_type_errors():
    """Found by mutation fuzzing: a non-string text or id made the full check raise TypeError."""
    from wino_toolkit.schema import Candidate, Item

    item = Item(id=3, corpus="c", language="en", text=0, candidates=[Candidate("a"), Candidate("b")])
    assert item.problems() == ["id: must be a string", "text: must be a string"]
    item = Item(id="x", corpus="c", language="en", text="a b", candidates=["a", "b"])
    assert item.problems() == ["candidates: must be a list of candidates with text"]
