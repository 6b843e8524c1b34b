"""WinoLogic JSON Lines: the claim parsed into pronoun, candidates and a labelled knowledge sentence."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.converters.winologic import PATTERN, pick

NAME = "winologic"
SAMPLE = SAMPLES / "winologic.jsonl"
HERE = FIXTURES / "winologic"

RECORD = json.loads(SAMPLE.read_text().split("\n")[0])


def write_records(path, records):
    path.write_text("\n".join(json.dumps(r, separators=(",", ":")) for r in records))
    return path


def test_sample_round_trips_byte_for_byte_and_is_detected(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert len(items) == 4
    assert wt.detect_format(SAMPLE).name == NAME


def test_no_trailing_newline_is_kept(tmp_path):
    """The published file ends without a newline; the writer does too unless asked."""
    assert not SAMPLE.read_bytes().endswith(b"\n")
    items = list(wt.read(SAMPLE))
    wt.write(items, tmp_path / "nl.jsonl", to=NAME, options={"final_newline": "true"})
    assert (tmp_path / "nl.jsonl").read_bytes() == SAMPLE.read_bytes() + b"\n"
    assert list(wt.read(tmp_path / "nl.jsonl")) == items


def test_claim_is_parsed_into_the_item():
    item = next(iter(wt.read(SAMPLE)))
    assert item.pronoun == wt.Span(63, 65, "it")
    assert [c.text for c in item.candidates] == ["the dog", "the gap"] and item.answer == 0
    assert item.candidates[0].span == wt.Span(0, 7, "The dog")
    assert item.knowledge == [wt.Knowledge("if an animal is wider than an opening, then the animal cannot pass through the opening.", True)]
    assert item.meta == {} and item.twin is None and item.question is None


def test_false_records_keep_the_claim_and_falsify_the_knowledge():
    """answer stays on the claimed candidate; only the knowledge label says False."""
    items = list(wt.read(SAMPLE))
    assert [it.knowledge[0].label for it in items] == [True, False, True, False]
    assert [it.answer for it in items] == [0, 0, 0, 0]
    assert items[0].text == items[1].text and items[0].candidates == items[1].candidates


def test_no_break_space_is_read_and_written_escaped():
    """U+00A0 sits in a knowledge sentence; the file spells it \\u00a0 (ASCII-only JSON)."""
    assert b"\\u00a0" in SAMPLE.read_bytes()
    assert "\u00a0" in list(wt.read(SAMPLE))[1].knowledge[0].text


def test_pattern_parse_takes_the_first_than_and_because():
    parts = PATTERN.fullmatch("The it is more likely to refer to the cup than the jug because it is smaller than the jug because of its size.")
    assert parts.group("pronoun", "a", "b") == ("it", "the cup", "the jug")
    assert parts["reason"] == "it is smaller than the jug because of its size."


def test_repeated_pronoun_is_found_next_to_the_twin_difference():
    """"she had two, and ... she was glad": the twin context differs at "two"/"none", so the
    first she is meant; a context without a twin falls back to the last occurrence."""
    first, second = wt.read(HERE / "winologic_repeated_pronoun.jsonl")
    assert first.pronoun.start == first.text.index("she had")
    assert second.pronoun.start == second.text.index("she had")
    assert pick(first.text, "she", None).start == first.text.rindex("she")


def test_pronoun_spelled_with_a_capital_is_matched_exactly():
    """"The He is ..." means the sentence-initial He, not the earlier lower-case he."""
    (item,) = wt.read(HERE / "winologic_pronoun_case.jsonl")
    assert item.pronoun.text == "He" and item.text[item.pronoun.start :].startswith("He was late")


def test_pronoun_spelled_otherwise_or_absent_keeps_the_question(tmp_path):
    """"The he" matching only "He", or "The they" absent from the context: the question is
    kept in meta so that it is written back as it was."""
    respelled, absent = roundtrip(NAME, HERE / "winologic_pronoun_respelled.jsonl", tmp_path)
    assert respelled.pronoun == wt.Span(0, 2, "He") and respelled.meta["question"].startswith("The he is")
    assert absent.pronoun is None and absent.meta["question"].startswith("The they is")
    assert respelled.candidates[1].span is None  # "the waiter" is not in the context


def test_other_choices_are_kept_in_meta(tmp_path):
    """choices ["True", "False"] cannot be rebuilt from the default, so they and answer_choice
    are stored; the input prompt, listing them in that order, is rebuilt."""
    (item,) = roundtrip(NAME, HERE / "winologic_other_choices.jsonl", tmp_path)
    assert item.meta == {"choices": ["True", "False"], "answer_choice": 0}
    assert item.knowledge[0].label is True


def test_changed_constant_and_extra_field_are_kept(tmp_path):
    path = write_records(tmp_path / "x.jsonl", [dict(RECORD, category="other", note="hand-checked")])
    (item,) = roundtrip(NAME, path, tmp_path)
    assert item.meta == {"category": "other", "note": "hand-checked"}


def test_writer_needs_one_labelled_knowledge_sentence(tmp_path):
    item = next(iter(wt.read(SAMPLE)))
    item.knowledge = []
    with pytest.raises(wt.ConversionError, match="exactly one knowledge sentence"):
        wt.write([item], tmp_path / "o.jsonl", to=NAME)
    assert not (tmp_path / "o.jsonl").exists()


def test_writer_accepts_an_item_of_another_corpus(tmp_path):
    item = wt.Item(
        id="wsc-7", corpus="wsc", language="en", text="Ann thanked Liz because she helped.",
        candidates=[wt.Candidate("Ann"), wt.Candidate("Liz")], answer=1, pronoun=wt.Span(24, 27, "she"),
        knowledge=[wt.Knowledge("helpers get thanked.", True)],
    )
    wt.write([item], tmp_path / "o.jsonl", to=NAME)
    record = json.loads((tmp_path / "o.jsonl").read_text())
    assert record["question"] == "The she is more likely to refer to Liz than Ann because helpers get thanked."
    assert (record["id_"], record["answer_choice"], record["answer_text"]) == (7, 1, "True")
    assert record["input"].startswith("Context: Ann thanked Liz because she helped.\nQuestion: The she")


@pytest.mark.parametrize(
    "change, expect",
    [
        ({"question": "Who does she refer to?"}, "line 1: question does not read 'The <pronoun> is more likely"),
        ({"answer_text": "Maybe"}, "line 1: answer_text 'Maybe' is not 'True' or 'False'"),
        ({"answer_choice": 0}, "line 1: answer_choice 0 does not pick 'True'"),
        ({"id_": "1"}, "line 1: id_ '1' is not a whole number"),
        ({"context": ""}, "line 1: context is empty"),
    ],
    ids=["question-pattern", "answer-text", "answer-choice", "id-not-int", "empty-context"],
)
def test_bad_fields(tmp_path, change, expect):
    path = write_records(tmp_path / "bad.jsonl", [dict(RECORD, **change)])
    assert_bad_input(NAME, path, expect)


def test_missing_field(tmp_path):
    record = {k: v for k, v in RECORD.items() if k != "input"}
    assert_bad_input(NAME, write_records(tmp_path / "bad.jsonl", [record]), "line 1: missing field 'input'")


@pytest.mark.parametrize(
    "content, expect",
    [
        (json.dumps(RECORD) + '\n{"context":"x","quest', "line 2: invalid JSON"),
        ("[1, 2]", "line 1: expected a JSON object"),
        ("", "file is empty"),
    ],
    ids=["truncated", "not-object", "empty"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_bad_input(NAME, path, expect)



def test_sample_survives_the_native_format(tmp_path):
    """sample -> native jsonl -> this format again gives the sample byte for byte."""
    wt.convert(SAMPLE, to="jsonl", output=tmp_path / "native.jsonl")
    wt.convert(tmp_path / "native.jsonl", to=NAME, output=tmp_path / "back")
    assert (tmp_path / "back").read_bytes() == SAMPLE.read_bytes()

def test_sniffer_claims_only_winologic_files():
    sniff = wt.formats.get(NAME).sniff
    assert sniff(SAMPLE.read_bytes())
    others = [SAMPLES / "mandarinograd.json", SAMPLES / "portuguese.json", SAMPLES / "winogrande.jsonl", SAMPLES / "nli-jsonl.jsonl"]
    assert not any(sniff(p.read_bytes()) for p in others if p.exists())


def test_native_jsonl_is_not_taken_for_winologic(tmp_path):
    items = list(wt.read(SAMPLE))
    wt.write(items, tmp_path / "native.jsonl", to="jsonl")
    assert wt.detect_format(tmp_path / "native.jsonl").name == "jsonl"
    assert list(wt.read(tmp_path / "native.jsonl")) == items


def test_real_winologic(tmp_path):
    """562 records, 281 true / 281 false (shared README); byte-identical round trip; detection."""
    path = shared_file("winologic/winologic.jsonl")
    items = roundtrip(NAME, path, tmp_path)
    assert len(items) == 562
    assert Counter(it.knowledge[0].label for it in items) == {True: 281, False: 281}
    assert wt.detect_format(path).name == NAME
    assert not path.read_bytes().endswith(b"\n")
    assert all(it.meta == {} for it in items)  # every derivable field is rebuilt exactly
    assert all(it.answer == 0 and it.pronoun is not None for it in items)
    assert sum("\u00a0" in it.knowledge[0].text for it in items) == 9
    assert len({it.text for it in items}) == 270


def test_real_winologic_pronoun_choices():
    """Spot checks where the pronoun occurs more than once in the context."""
    items = {it.id: it for it in wt.read(shared_file("winologic/winologic.jsonl"))}
    dog = items["winologic-181"]  # "it" three times (once capitalised); the third is meant
    assert dog.pronoun.start == dog.text.rindex(" it ") + 1
    john = items["winologic-225"]  # "he", then "He": the claim spells "He"
    assert john.pronoun.text == "He" and john.pronoun.start > john.text.index(" he ")
    madonna = items["winologic-555"]  # "her" twice; the second is meant
    assert madonna.pronoun.start == madonna.text.rindex("her")


# -- found by mutation fuzzing (issue #8) ---------------------------------------------------------


@pytest.mark.parametrize("filler", ["x than ", "y because ", "word "])
def test_a_long_claim_is_parsed_in_linear_time(tmp_path, filler):
    """``PATTERN`` backtracked quadratically on a long claim (64,000 characters: 4 s); the claim is
    parsed with three searches now, with the same parts."""
    import time

    from wino_toolkit.converters.winologic import parse_claim

    question = "The it is more likely to refer to the dog than " + filler * 20_000 + "the gap because it is big."
    started = time.perf_counter()
    parts = parse_claim(question)
    assert time.perf_counter() - started < 1
    assert parts == PATTERN.fullmatch(question).groupdict()
    record = dict(RECORD, question=question)
    record["input"] = record["input"].replace(RECORD["question"], question)
    (item,) = wt.read(write_records(tmp_path / "long.jsonl", [record]), source_format=NAME)
    assert item.candidates[0].text == "the dog"


def test_a_number_too_long_for_python_is_a_format_error(tmp_path):
    path = tmp_path / "digits.jsonl"
    path.write_text('{"context": "a", "n": ' + "9" * 5000 + "}")
    assert_bad_input(NAME, path, "line 1: invalid JSON: Exceeds the limit (4300 digits)")


def test_formula_field_becomes_the_knowledge_formula_and_is_written_back(tmp_path):
    """Rendered problems (``wino logic render``) add ``formula``; it is the knowledge's, not meta."""
    record = dict(RECORD, formula="∀x, y. Wider(x, y) → ¬Fits(x, y)")
    path = write_records(tmp_path / "f.jsonl", [record])
    item = next(iter(wt.read(path)))
    assert item.knowledge[0].formula == "∀x, y. Wider(x, y) → ¬Fits(x, y)" and "formula" not in item.meta
    out = tmp_path / "out.jsonl"
    wt.write([item], out, to=NAME)
    assert out.read_bytes() == path.read_bytes()


def test_formula_that_is_not_a_string_is_refused(tmp_path):
    path = write_records(tmp_path / "f.jsonl", [dict(RECORD, formula=3)])
    with pytest.raises(wt.FormatError, match=r"f.jsonl: line 1: formula 3 is not a string"):
        list(wt.read(path))
