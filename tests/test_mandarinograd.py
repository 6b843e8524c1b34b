"""Mandarinograd JSON: consecutive twins, candidates by first mention, pronoun or zero-anaphora slot."""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.converters.mandarinograd import bundled_overrides, load_overrides, locate_reference

NAME = "mandarinograd"
SAMPLE = SAMPLES / "mandarinograd.json"
HERE = FIXTURES / "mandarinograd"


def one(name: str) -> wt.Item:
    (item,) = wt.read(HERE / name, source_format=NAME)
    return item


def marked(item: wt.Item) -> str:
    """The text with the referring expression in brackets, ``[]`` for a slot."""
    p = item.pronoun
    return item.text[: p.start] + f"[{p.text}]" + item.text[p.end :]


def test_sample_round_trips_byte_for_byte_and_is_detected(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert len(items) == 8
    assert wt.detect_format(SAMPLE).name == NAME
    assert not SAMPLE.read_bytes().endswith(b"\n")


def test_sample_twins_are_consecutive_pairs_with_triggers():
    items = list(wt.read(SAMPLE))
    assert wt.twin_report(items).twins == 4
    assert [it.twin for it in items[:2]] == ["mandarinograd-0", "mandarinograd-0"]
    assert [it.role for it in items[:2]] == ["special", "alternate"]
    assert items[2].triggers == ["太厚"] and items[3].triggers == ["太小"]


def test_candidates_are_ordered_by_first_mention():
    """The correct answer is listed first in the source but is not always mentioned first."""
    items = list(wt.read(SAMPLE))
    assert [c.text for c in items[0].candidates] == ["警察", "小偷"]
    assert (items[0].answer, items[1].answer) == (1, 0)
    assert items[0].candidates[0].span == wt.Span(0, 2, "警察")


def test_zero_anaphora_gets_a_slot_before_the_predicate():
    """医生给病人打了电话，但是|一直没有接: the dropped subject's place is a zero-width span."""
    item = one("mandarinograd_zero_anaphora.json")
    assert item.pronoun == wt.Span(12, 12, "") and item.pronoun.is_slot
    assert item.text[item.pronoun.start :].startswith("一直没有接")
    assert item.twin is None and item.role is None  # an unpaired last entry has no twin


def test_the_pronoun_the_question_asks_about_is_chosen_among_several():
    """当他的朋友小刚宣布他得了第一名时: the question 谁得了第一名 points at the second 他."""
    item = one("mandarinograd_pronoun_among_several.json")
    assert marked(item) == "当他的朋友小刚宣布[他]得了第一名时，小明非常高兴。"


def test_possessive_takes_de_only_when_the_candidates_do():
    """她的口袋 with candidates 王芳的/李娜的 marks 她的; with bare names it marks 她."""
    with_de, bare = wt.read(HERE / "mandarinograd_possessive_de.json")
    assert with_de.pronoun.text == "她的" and with_de.text[with_de.pronoun.end :].startswith("口袋")
    assert bare.pronoun.text == "她" and bare.text[bare.pronoun.end] == "的"


def test_place_question_marks_the_locative():
    """哪里比较暖和 is answered by 那里, not by a personal pronoun."""
    assert marked(one("mandarinograd_locative.json")).endswith("因为[那里]比较暖和。")


def test_demonstrative_phrase_question_gets_no_pronoun():
    """哪个名字 asks about 这个名字, a phrase: neither the unrelated 她 nor a slot is marked."""
    assert one("mandarinograd_demonstrative_phrase.json").pronoun is None


def test_answer_missing_from_text_keeps_no_span_and_comes_last(tmp_path):
    """戴帽子的人 is never written in the sentence: span None, listed after mentioned candidates."""
    path = HERE / "mandarinograd_answer_not_in_text.json"
    (item,) = roundtrip(NAME, path, tmp_path)
    assert [c.text for c in item.candidates] == ["小王", "戴帽子的人"]
    assert item.candidates[1].span is None and item.answer == 1


@pytest.mark.parametrize(
    "text, question, expect",
    [
        ("因为担心下雨，老王带了伞。", "谁担心下雨？", ""),
        ("小李告诉小张他赢了。", "谁赢了？", "他"),
        ("老师表扬了学生们，因为他们很努力。", "谁很努力？", "他们"),
        ("我把书放在桌子上，然后把它擦干净了。", "我把什么擦干净了？", "它"),
    ],
    ids=["slot-at-start-of-clause", "bare-pronoun", "plural", "object-pronoun"],
)
def test_locate_reference(text, question, expect):
    span = locate_reference(text, question, ["甲", "乙"])
    assert span is not None and span.text == expect and text[span.start : span.end] == expect


def test_extra_fields_are_kept_in_meta_and_written_back(tmp_path):
    path = tmp_path / "extra.json"
    path.write_text(json.dumps([{"text": "甲打了乙，因为他很生气。", "question": "谁很生气？", "correct_answer": "甲", "wrong_answer": "乙", "source": "x"}], ensure_ascii=False))
    (item,) = roundtrip(NAME, path, tmp_path)
    assert item.meta == {"source": "x"}


@pytest.mark.parametrize(
    "content, expect",
    [
        ('[{"text": "甲打了乙。", "question": "谁？", "correct_answer": "甲", "wrong_ans', "line 1: invalid JSON"),
        ('{"text": "x"}', "expected a JSON array"),
        ("[]", "the array holds no entries"),
        ('["x"]', "record 1: expected a JSON object"),
        ('[{"text": "甲打了乙。", "question": "谁？", "correct_answer": "甲"}]', "record 1: missing field 'wrong_answer'"),
        ('[{"text": "甲打了乙。", "question": 3, "correct_answer": "甲", "wrong_answer": "乙"}]', "record 1: field 'question' is not a string"),
        ('[{"text": "甲打了乙。", "question": "谁？", "correct_answer": "甲", "wrong_answer": "甲"}]', "record 1: correct and wrong answer are both '甲'"),
        ("", "file is empty"),
    ],
    ids=["truncated", "not-array", "empty-array", "not-object", "missing-field", "not-string", "same-answers", "empty-file"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert_bad_input(NAME, path, expect)


def test_wrong_encoding_is_reported(tmp_path):
    path = tmp_path / "gbk.json"
    path.write_bytes('[{"text": "甲打了乙。", "question": "谁？", "correct_answer": "甲", "wrong_answer": "乙"}]'.encode("gbk"))
    assert_bad_input(NAME, path, "is not valid utf-8")


def test_writer_needs_a_question(tmp_path):
    item = next(iter(wt.read(SAMPLE)))
    item.question = None
    with pytest.raises(wt.ConversionError, match="needs a question"):
        wt.write([item], tmp_path / "o.json", to=NAME)
    assert not (tmp_path / "o.json").exists()



def test_sample_survives_the_native_format(tmp_path):
    """sample -> native jsonl -> this format again gives the sample byte for byte."""
    wt.convert(SAMPLE, to="jsonl", output=tmp_path / "native.jsonl")
    wt.convert(tmp_path / "native.jsonl", to=NAME, output=tmp_path / "back")
    assert (tmp_path / "back").read_bytes() == SAMPLE.read_bytes()

def test_sniffer_claims_only_mandarinograd_files():
    sniff = wt.formats.get(NAME).sniff
    assert sniff(SAMPLE.read_bytes())
    others = [SAMPLES / "portuguese.json", SAMPLES / "winologic.jsonl", SAMPLES / "winogrande.jsonl"]
    assert not any(sniff(p.read_bytes()) for p in others if p.exists())


def test_real_mandarinograd(tmp_path):
    """308 entries = 154 twins (shared README); byte-identical round trip; detection."""
    path = shared_file("mandarinograd/mandarinograd.json")
    items = roundtrip(NAME, path, tmp_path)
    assert len(items) == 308
    report = wt.twin_report(items)
    assert report.twins == 154 and not report.singletons
    assert wt.detect_format(path).name == NAME
    assert all(it.language == "zh-Hans" and it.question for it in items)
    assert Counter(it.answer for it in items)[1] > 100  # first mention is not always the answer


def test_real_mandarinograd_reference_coverage():
    """Without overrides, alignment alone (measured when the converter was written): 247 pronouns,
    50 slots, 11 items neither.

    The 11 are 122, 160, 161, 168-171, 188, 189, 286, 287: 哪个 questions about a demonstrative
    phrase (这个 + noun), an epithet instead of a pronoun, and a directional verb that jieba keeps
    as one word, so no slot can split it.
    """
    items = list(wt.read(shared_file("mandarinograd/mandarinograd.json"), options={"overrides": "none"}))
    kinds = Counter("none" if it.pronoun is None else "slot" if it.pronoun.is_slot else "pronoun" for it in items)
    assert kinds == {"pronoun": 247, "slot": 50, "none": 11}
    neither = [int(it.id.rsplit("-", 1)[1]) for it in items if it.pronoun is None]
    assert neither == [122, 160, 161, 168, 169, 170, 171, 188, 189, 286, 287]
    first, third = items[0], items[2]
    assert first.pronoun.is_slot and first.text[first.pronoun.start :].startswith("担心")
    assert third.pronoun.text == "它"


def test_real_mandarinograd_bundled_overrides_mark_every_item():
    """The bundled overrides give the 11 their reference: 10 noun phrases and 1 slot; nothing else changes."""
    path = shared_file("mandarinograd/mandarinograd.json")
    plain = list(wt.read(path, options={"overrides": "none"}))
    items = list(wt.read(path))
    kinds = Counter("slot" if it.pronoun.is_slot else "pronoun" for it in items)
    assert kinds == {"pronoun": 257, "slot": 51}
    changed = [n for n, (a, b) in enumerate(zip(plain, items)) if a != b]
    assert changed == [122, 160, 161, 168, 169, 170, 171, 188, 189, 286, 287]
    slot = items[122].pronoun
    assert slot.is_slot and items[122].text[slot.start - 2 : slot.start + 1] == "搬出去"
    assert {items[n].pronoun.text[:2] for n in (160, 168, 188, 286)} == {"这两", "这个"}
    assert {items[n].pronoun.text[:2] for n in (170, 171)} == {"那个"}


OVERRIDE_HEADER = "id\tstart\tend\tsha256\treason\n"
OWN_TEXT = "甲借了乙的车，后来那个家伙没有还。"  # 那个家伙 (an epithet) at 9-13


def own_corpus(tmp_path: Path, override_rows: str) -> tuple[Path, Path]:
    """A one-entry corpus whose referent is an epithet, and an override file with ``override_rows``."""
    corpus = tmp_path / "own.json"
    entry = {"text": OWN_TEXT, "question": "谁没有还？", "correct_answer": "甲", "wrong_answer": "乙"}
    corpus.write_text(json.dumps([entry], ensure_ascii=False), encoding="utf-8")
    table = tmp_path / "fix.tsv"
    table.write_text("# my overrides\n" + OVERRIDE_HEADER + override_rows, encoding="utf-8")
    return corpus, table


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def test_override_file_marks_an_epithet_and_keeps_the_round_trip(tmp_path):
    """An override row (offsets + text hash) marks 那个家伙; writing back is unaffected."""
    corpus, table = own_corpus(tmp_path, f"mandarinograd-0\t9\t13\t{digest(OWN_TEXT)}\tepithet noun phrase\n")
    (item,) = roundtrip(NAME, corpus, tmp_path, options={"overrides": str(table)})
    assert item.pronoun == wt.Span(9, 13, "那个家伙")
    (plain,) = wt.read(corpus, options={"overrides": "none"})
    assert plain.pronoun != item.pronoun


@pytest.mark.parametrize(
    "rows, expect",
    [
        ("mandarinograd-0\t9\t13\t000000000000\tepithet\n", "line 3: entry 0's text hashes to"),
        ("mandarinograd-0\t9\t13\tDIGEST\n", "line 3: expected 5 tab-separated columns, found 4"),
        ("mandarinograd-0\t13\t9\tDIGEST\tepithet\n", "line 3: offsets '13', '9' are not whole numbers"),
        ("mandarinograd-0\t9\t99\tDIGEST\tepithet\n", "line 3: offsets 9-99 are outside entry 0's text"),
        ("item-0\t9\t13\tDIGEST\tepithet\n", "line 3: id 'item-0' is not mandarinograd-<entry number>"),
        ("mandarinograd-0\t9\t13\tDIGEST\t \n", "line 3: the reason column is empty"),
        (
            "mandarinograd-0\t9\t13\tDIGEST\ta\nmandarinograd-0\t9\t13\tDIGEST\tb\n",
            "line 4: second override for 'mandarinograd-0' (first on line 3)",
        ),
    ],
    ids=["changed-text", "short-row", "reversed-offsets", "out-of-range", "bad-id", "no-reason", "duplicate"],
)
def test_bad_override_rows_name_the_override_file_and_line(tmp_path, rows, expect):
    """A changed text or a malformed row is a FormatError naming the override file and its line."""
    corpus, table = own_corpus(tmp_path, rows.replace("DIGEST", digest(OWN_TEXT)))
    with pytest.raises(wt.FormatError) as info:
        list(wt.read(corpus, options={"overrides": str(table)}))
    assert str(info.value).startswith(f"{table}: ") and expect in str(info.value), str(info.value)


def test_override_file_needs_its_header(tmp_path):
    corpus, table = own_corpus(tmp_path, "")
    table.write_text("mandarinograd-0\t9\t13\tabcdefabcdef\tepithet\n", encoding="utf-8")
    with pytest.raises(wt.FormatError, match="line 1: expected the header id start end sha256 reason"):
        list(wt.read(corpus, options={"overrides": str(table)}))


def test_missing_override_file_is_reported(tmp_path):
    corpus, _ = own_corpus(tmp_path, "")
    with pytest.raises(wt.FormatError, match="cannot read the overrides"):
        list(wt.read(corpus, options={"overrides": str(tmp_path / "absent.tsv")}))


def test_bundled_override_file_is_well_formed():
    """Every bundled row parses; ids are unique; the file holds no corpus text (only ASCII and a reason)."""
    table = bundled_overrides()
    fixes = load_overrides("bundled")
    assert sorted(fixes) == [122, 160, 161, 168, 169, 170, 171, 188, 189, 286, 287]
    assert table.read_text(encoding="utf-8").isascii()


def test_bundled_overrides_leave_other_files_in_the_format_alone(tmp_path):
    """A user's own file in this format has other texts at the bundled ids: no override, no error."""
    entries = [{"text": f"甲和乙见面了{n}次，因为很想念。", "question": "谁很想念？", "correct_answer": "甲", "wrong_answer": "乙"} for n in range(130)]
    corpus = tmp_path / "mine.json"
    corpus.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    default = list(wt.read(corpus))
    assert default == list(wt.read(corpus, options={"overrides": "none"}))
    assert len(default) == 130


# -- found by mutation fuzzing (issue #8) ---------------------------------------------------------


def test_real_mandarinograd_alignment_unchanged_by_the_linear_rewrite():
    """The linear alignment (Z-function and suffix automaton) marks every entry exactly as the
    regex-per-substring search did: the digest is of the 308 pronoun spans read with
    ``overrides=none`` by that earlier code."""
    items = list(wt.read(shared_file("mandarinograd/mandarinograd.json"), options={"overrides": "none"}))
    spans = [None if it.pronoun is None else [it.pronoun.start, it.pronoun.end, it.pronoun.text] for it in items]
    digest = hashlib.sha256(json.dumps(spans, ensure_ascii=False).encode()).hexdigest()
    assert digest.startswith("0ebe3d4b868664bb")


@pytest.mark.parametrize(
    "question",
    [
        ("担心暴力事件很好" * 250)[:2000] + "？",  # the predicate repeated: every substring was a regex
        ("谁担心暴力事件" * 286)[:2000] + "？",  # wh-words throughout
        "谁" + "担心" * 1000 + "？",
    ],
    ids=["predicate", "many-wh", "repeated-word"],
)
def test_a_2000_character_question_is_aligned_in_linear_time(tmp_path, question):
    """A 2,000-character question took 269 s (400 characters: 4.4 s): a regex was built and run for
    every substring of the question. Linear now; the bound leaves room for a slow, shared machine."""
    import time

    path = tmp_path / "long.json"
    entry = {"text": "市政府拒绝给示威者颁发游行许可证，因为担心暴力事件。", "correct_answer": "市政府", "wrong_answer": "示威者"}
    path.write_text(json.dumps([{**entry, "question": question}], ensure_ascii=False), encoding="utf-8")
    started = time.perf_counter()
    (item,) = wt.read(path, source_format=NAME)
    assert time.perf_counter() - started < 5
    assert item.question == question


def test_a_100k_character_text_is_aligned_in_linear_time(tmp_path):
    import time

    text = "小红把伞借给了小兰，因为她忘了带伞。" * 5600
    path = tmp_path / "long.json"
    path.write_text(json.dumps([{"text": text, "question": "谁忘了带伞？", "correct_answer": "小兰", "wrong_answer": "小红"}], ensure_ascii=False), encoding="utf-8")
    started = time.perf_counter()
    (item,) = wt.read(path, source_format=NAME)
    assert time.perf_counter() - started < 5
    assert item.pronoun.text == "她"


def test_a_number_too_long_for_python_is_a_format_error(tmp_path):
    path = tmp_path / "digits.json"
    path.write_text('[{"text": "a", "question": "b", "correct_answer": "c", "wrong_answer": "d", "n": ' + "9" * 5000 + "}]")
    assert_bad_input(NAME, path, "invalid JSON: Exceeds the limit (4300 digits)")


@pytest.mark.parametrize(
    "text, question, expect",
    [
        ("哈哈哈他笑了", "谁笑了？", [(4, 6)]),  # the longest repeated fragment
        ("他们他们他们", "他们他们", [(0, 4)]),  # occurrences of one fragment do not overlap, leftmost first
        ("ababab", "bab", [(1, 4)]),
        ("abcxabc", "abc", [(0, 3), (4, 7)]),
        ("abc", "x", []),
    ],
)
def test_longest_anchors_are_the_leftmost_non_overlapping_occurrences(text, question, expect):
    from wino_toolkit.converters.mandarinograd import longest_anchors

    assert longest_anchors(text, question.rstrip("？"), 2) == expect
