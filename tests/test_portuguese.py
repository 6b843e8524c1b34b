"""Portuguese WSC JSON: candidates from the sentence diff, a zero-width slot, WSC285 twins, exact writing."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.converters.portuguese import analyse, twin_group
from wino_toolkit.twins import trigger_diff

NAME = "portuguese-wsc"
SAMPLE = SAMPLES / "portuguese.json"
HERE = FIXTURES / "portuguese"

OBJECT = {
    "question_id": 0,
    "correct_sentence": "Ana ligou para Rita porque Ana estava com saudade.",
    "incorrect_sentence": "Ana ligou para Rita porque Rita estava com saudade.",
    "manually_fixed_correct_sentence": "Ana ligou para Rita porque Ana estava com saudade.",
    "manually_fixed_incorrect_sentence": "Ana ligou para Rita porque Rita estava com saudade.",
    "correct_switched": "",
    "incorrect_switched": "",
    "is_associative": False,
    "is_switchable": False,
    "translated": True,
}


def write_objects(path, objects):
    path.write_text(json.dumps(objects, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def test_sample_round_trips_byte_for_byte_and_is_detected(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert len(items) == 4
    assert wt.detect_format(SAMPLE).name == NAME
    assert wt.twin_report(items).twins == 2


def test_slot_replaces_the_substituted_candidate():
    """The correct sentence minus its candidate reads as Portuguese with a dropped subject."""
    first = next(iter(wt.read(SAMPLE)))
    assert first.text == "O professor elogiou a aluna porque tirou a nota máxima."
    assert first.pronoun == wt.Span(35, 35, "")
    assert [c.text for c in first.candidates] == ["o professor", "a aluna"]
    assert first.candidates[0].span.text == "O professor" and first.answer == 1
    assert first.triggers == ["tirou a nota máxima"]


def test_meta_keeps_only_what_cannot_be_rebuilt():
    """Sentences rebuilt by inserting the candidates are not stored; hand fixes and flags are."""
    plain, _, fixed, _ = wt.read(SAMPLE)
    assert set(plain.meta) == {"correct_switched", "incorrect_switched", "is_associative", "is_switchable", "translated"}
    assert fixed.meta["manually_fixed_correct_sentence"].endswith("o carro do Paulo estava na oficina.")
    assert fixed.meta["is_switchable"] is True and fixed.meta["correct_switched"].startswith("Paulo emprestou")


def test_noun_phrase_is_widened_to_its_earlier_mention():
    """"arroz" / "feijão" grow to "o saco de arroz" / "o saco de feijão"."""
    (item,) = wt.read(HERE / "portuguese_noun_phrase_widening.json")
    assert [c.text for c in item.candidates] == ["o saco de arroz", "o saco de feijão"]
    assert item.text.endswith("então tinha que sair primeiro.")


def test_two_differences_fall_back_to_the_whole_sentence(tmp_path):
    """o professor ficou impressionado / a aluna ficou impressionada differ twice (gender
    agreement): text is the correct sentence, no pronoun, the other sentence in meta."""
    path = HERE / "portuguese_two_differences.json"
    (item,) = roundtrip(NAME, path, tmp_path)
    assert item.pronoun is None
    assert item.text == json.loads(path.read_text())[0]["correct_sentence"]
    assert [c.text for c in item.candidates] == ["o professor", "a aluna"] and item.answer == 0
    assert item.meta["incorrect_sentence"].endswith("a aluna ficou impressionada.")


def test_sentences_that_cannot_be_rebuilt_are_kept(tmp_path):
    """"porque (Rui) sentia": re-inserting at the slot would add a space, so both are stored."""
    (item,) = roundtrip(NAME, HERE / "portuguese_unrebuildable_spacing.json", tmp_path)
    assert item.pronoun.is_slot
    assert item.meta["correct_sentence"].endswith("(Rui) sentia saudade.")
    assert "incorrect_sentence" in item.meta


@pytest.mark.parametrize(
    "correct, incorrect, right, wrong",
    [
        ("O irmão do Rui venceu ele, apesar de Rui ser jovem.", "O irmão do Rui venceu ele, apesar de o irmão do Rui ser jovem.", "Rui", "o irmão do Rui"),
        ("Ana e Rui brigaram com os pais da Ana porque Ana e Rui mentiram.", "Ana e Rui brigaram com os pais da Ana porque os pais da Ana mentiram.", "Ana e Rui", "os pais da Ana"),
        ("Lia inveja Eva apesar de Lia ser rica.", "Lia inveja Eva apesar de Eva ser rica.", "Lia", "Eva"),
    ],
    ids=["give-back-shared-word", "phrase-cannot-end-in-da", "no-widening-over-a-preposition"],
)
def test_analyse(correct, incorrect, right, wrong):
    found = analyse(correct, incorrect)
    assert found.single
    assert (correct[found.c_start : found.c_end], incorrect[found.i_start : found.i_end]) == (right, wrong)


@pytest.mark.parametrize("qid, first, role", [(0, 0, "special"), (1, 0, "alternate"), (251, 250, "alternate"), (252, 252, "special"), (254, 252, "alternate"), (255, 255, "special"), (256, 255, "alternate"), (284, 283, "alternate")])
def test_twin_groups_are_pairs_around_the_triplet(qid, first, role):
    """question_ids 252-254 are WSC285's triplet; pairs before it start even, after it odd."""
    assert twin_group(qid) == (first, role)


def test_writer_puts_candidates_into_a_pronoun_of_another_corpus(tmp_path):
    """An item with an explicit pronoun span is written with the candidates substituted."""
    item = wt.Item(
        id="x-3", corpus="x", language="pt", text="Ana ligou para Rita porque ela estava com saudade.",
        candidates=[wt.Candidate("Ana"), wt.Candidate("Rita")], answer=0, pronoun=wt.Span(27, 30, "ela"),
    )
    wt.write([item], tmp_path / "o.json", to=NAME)
    (obj,) = json.loads((tmp_path / "o.json").read_text())
    assert obj["question_id"] == 3
    assert obj["correct_sentence"] == "Ana ligou para Rita porque Ana estava com saudade."
    assert obj["manually_fixed_incorrect_sentence"] == obj["incorrect_sentence"] == "Ana ligou para Rita porque Rita estava com saudade."


def test_writer_refuses_an_item_without_a_referring_position(tmp_path):
    item = wt.Item(id="x-0", corpus="x", language="pt", text="Ana ligou.", candidates=[wt.Candidate("Ana"), wt.Candidate("Rita")], answer=0)
    with pytest.raises(wt.ConversionError, match="no pronoun or slot"):
        wt.write([item], tmp_path / "o.json", to=NAME)


@pytest.mark.parametrize(
    "change, expect",
    [
        ({"question_id": "0"}, "record 1: question_id '0' is not a whole number"),
        ({"question_id": -1}, "record 1: question_id -1 is not a whole number >= 0"),
        ({"is_switchable": "no"}, "record 1: field 'is_switchable' is not true or false"),
        ({"incorrect_sentence": OBJECT["correct_sentence"]}, "record 1: correct and incorrect sentence are the same"),
        ({"correct_sentence": " "}, "record 1: correct or incorrect sentence is empty"),
        ({"translated": None}, "record 1: field 'translated' is not true or false"),
    ],
    ids=["id-not-int", "id-negative", "flag-not-bool", "same-sentences", "empty-sentence", "flag-null"],
)
def test_bad_fields(tmp_path, change, expect):
    path = write_objects(tmp_path / "bad.json", [dict(OBJECT, **change)])
    assert_bad_input(NAME, path, expect)


@pytest.mark.parametrize(
    "content, expect",
    [
        ('[\n  {\n    "question_id": 0,\n    "correct_sentence": "Ana', "line 4: invalid JSON"),
        ('{"question_id": 0}', "expected a JSON array"),
        ("[]", "the array holds no entries"),
        ('[{"question_id": 0, "correct_sentence": "a", "incorrect_sentence": "b"}]', "record 1: missing field 'manually_fixed_correct_sentence'"),
        ("", "file is empty"),
    ],
    ids=["truncated", "not-list", "empty-list", "missing-field", "empty-file"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert_bad_input(NAME, path, expect)


def test_wrong_encoding_is_reported(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps([OBJECT], ensure_ascii=False).replace("saudade", "saudação").encode("latin-1"))
    assert_bad_input(NAME, path, "is not valid utf-8")



def test_sample_survives_the_native_format(tmp_path):
    """sample -> native jsonl -> this format again gives the sample byte for byte."""
    wt.convert(SAMPLE, to="jsonl", output=tmp_path / "native.jsonl")
    wt.convert(tmp_path / "native.jsonl", to=NAME, output=tmp_path / "back")
    assert (tmp_path / "back").read_bytes() == SAMPLE.read_bytes()

def test_sniffer_claims_only_portuguese_files():
    sniff = wt.formats.get(NAME).sniff
    assert sniff(SAMPLE.read_bytes())
    others = [SAMPLES / "mandarinograd.json", SAMPLES / "winologic.jsonl", SAMPLES / "winogrande.jsonl"]
    assert not any(sniff(p.read_bytes()) for p in others if p.exists())


def test_real_portuguese_wsc(tmp_path):
    """285 schemas in WSC285 order (shared README); byte-identical round trip; detection."""
    path = shared_file("portuguese/portuguese_wsc.json")
    items = roundtrip(NAME, path, tmp_path)
    assert len(items) == 285
    assert wt.detect_format(path).name == NAME
    assert all(it.pronoun is not None and it.pronoun.is_slot for it in items)  # no fallback needed
    assert sum("manually_fixed_correct_sentence" in it.meta for it in items) == 40
    assert not any("correct_sentence" in it.meta or "incorrect_sentence" in it.meta for it in items)
    assert Counter(it.meta["translated"] for it in items) == {True: 277, False: 8}
    first = items[0]
    assert [c.text for c in first.candidates] == ["os vereadores", "os manifestantes"] and first.answer == 0


def test_real_portuguese_wsc_twins_are_verified_by_trigger_diff():
    """Pairs and the 252-254 triplet: versions of one schema differ in at most six words."""
    items = list(wt.read(shared_file("portuguese/portuguese_wsc.json")))
    report = wt.twin_report(items)
    assert report.groups == {2: 141, 3: 1}
    assert list(report.larger.values()) == [["portuguese-wsc-252", "portuguese-wsc-253", "portuguese-wsc-254"]]
    groups: dict[str, list[wt.Item]] = {}
    for it in items:
        groups.setdefault(it.twin, []).append(it)
    for members in groups.values():
        for other in members[1:]:
            mine, theirs = trigger_diff(members[0].text, other.text, "pt")
            assert 0 < max(len(mine.split()), len(theirs.split())) <= 6, (members[0].id, other.id)
