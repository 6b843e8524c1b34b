"""The Japanese DPR (ku-nlp) format: sample contract, quirks, bad input, both sides of the real train.txt."""
from __future__ import annotations

import dataclasses

import pytest

import wino_toolkit as wt
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

from wino_toolkit.quirks import quirks_of

FIX = FIXTURES / "dpr-ja"
SAMPLE = SAMPLES / "dpr-ja.txt"


def read(path, **options):
    return list(wt.read(path, source_format="dpr-ja", options=options or None))


def write_bytes(items, tmp_path):
    out = tmp_path / "out.txt"
    wt.write(items, out, to="dpr-ja")
    return out.read_bytes()


# ---------------------------------------------------------------- sample (contract)


def test_sample_roundtrip_and_detection(tmp_path):
    items = roundtrip("dpr-ja", SAMPLE, tmp_path)
    assert len(items) == 6
    assert wt.detect_format(SAMPLE).name == "dpr-ja"
    assert {i.language for i in items} == {"ja"}
    assert [(i.id, i.twin, i.role) for i in items[:2]] == [
        ("japanese-wsc-0", "japanese-wsc-0", "special"),
        ("japanese-wsc-1", "japanese-wsc-0", "alternate"),
    ]
    assert [c.text for c in items[0].candidates] == ["凧", "樫の木"]
    assert items[0].meta["en"]["candidates"] == "The kite,the oak"


def test_sample_english_side_roundtrip(tmp_path):
    """side=en makes column 1 the item (language en) and keeps the Japanese cells in meta["ja"]."""
    items = roundtrip("dpr-ja", SAMPLE, tmp_path, options={"side": "en"})
    assert {i.language for i in items} == {"en"}
    assert items[2].text == "When Ken pushed Jiro, he fell over."
    assert items[2].meta["ja"]["pronoun"] == "彼"
    assert [i.answer for i in items] == [i.answer for i in read(SAMPLE)]


def test_bad_side_option():
    with pytest.raises(wt.WinoError, match="side takes 'ja' or 'en'"):
        read(SAMPLE, side="fr")


# ---------------------------------------------------------------- quirks


def test_quoted_cells(tmp_path):
    """English cells with a comma or a quote are CSV-quoted; quotes inside are doubled, and written back so."""
    path = FIX / "dpr_ja_quoted_cells.txt"
    item = read(path)[0]
    assert item.meta["en"]["sentence"] == 'When Ken pushed Jiro, he said "sorry".'
    assert item.meta["en"]["candidates"] == "Ken,Jiro"
    assert write_bytes([item], tmp_path) == path.read_bytes()


def test_zero_pronoun_alternatives_kept(tmp_path):
    """Alternative renderings (φ/Φ, （不自然） notes) stay in meta["alternatives"] cell for cell."""
    path = FIX / "dpr_ja_zero_pronoun_alternative.txt"
    first, second = read(path)
    assert first.meta["alternatives"]["sentence"][0] == ""
    assert any("φ" in cell for cell in first.meta["alternatives"]["sentence"])
    assert any("Φ" in cell for cell in first.meta["alternatives"]["sentence"])
    assert first.meta["alternatives"]["pronoun"] == ["それ → φ"]
    assert second.meta["alternatives"] == {"sentence": ["", "（不自然）"]}
    assert write_bytes([first, second], tmp_path) == path.read_bytes()


def test_pronoun_absent_is_none(tmp_path):
    """A Japanese pronoun that is not in the text (or an empty cell) gives pronoun None; the cell is kept."""
    path = FIX / "dpr_ja_pronoun_absent.txt"
    first, second = read(path)
    assert first.pronoun is None and first.meta["pronoun_line"] == "それ"
    assert second.pronoun is None and "pronoun_line" not in second.meta
    assert write_bytes([first, second], tmp_path) == path.read_bytes()


def test_pronoun_inside_candidate_is_passed_over():
    """彼 inside the candidate 彼の息子 is not the pronoun; the next 彼 is."""
    item = read(FIX / "dpr_ja_pronoun_in_candidate.txt")[0]
    at = item.text.index("。") + 1
    assert item.pronoun == wt.Span(at, at + 1, "彼")
    assert item.candidates[1].span == wt.Span(3, 7, "彼の息子")


def test_answer_fallback_to_english(tmp_path):
    """A Japanese answer naming no candidate takes the English answer's index; the cell is kept."""
    path = FIX / "dpr_ja_answer_fallback.txt"
    item = read(path)[0]
    assert item.answer == 0
    assert item.meta["answer_line"] == "たこ"
    assert write_bytes([item], tmp_path) == path.read_bytes()


def test_short_row_keeps_its_width(tmp_path):
    """A row with fewer than the table's 6 cells records its width, so it is written back as short."""
    path = FIX / "dpr_ja_short_row.txt"
    items = read(path)
    assert items[1].meta["columns"] == {"answer": 2}
    assert "columns" not in items[0].meta
    assert write_bytes(items, tmp_path) == path.read_bytes()


def test_candidate_separators(tmp_path):
    """Candidates split at 、 (with or without an ideographic space), else at ，; unusual spelling is kept."""
    path = FIX / "dpr_ja_separators.txt"
    items = read(path)
    assert [[c.text for c in i.candidates] for i in items] == [["凧", "樫の木"]] * 2
    assert [i.meta["candidate_line"] for i in items] == ["凧、樫の木", "凧，樫の木"]
    assert write_bytes(items, tmp_path) == path.read_bytes()


def test_stray_separator_text(tmp_path):
    """A separator row with stray full-width letters before its tabs (as in the ku-nlp test split)
    still ends the block: the row is kept in meta, noted as a quirk, and written back verbatim."""
    path = FIX / "dpr_ja_stray_separator_text.txt"
    first, second = roundtrip("dpr-ja", path, tmp_path)
    assert first.meta["separator"] == "ｐｑ\t\t\t\t\t" and "separator" not in second.meta
    assert quirks_of(first) == [("stray-separator-text", "line 5: separator row holds 'ｐｑ'")]
    assert (first.twin, second.twin) == ("japanese-wsc-0", "japanese-wsc-0")
    assert [i.answer for i in (first, second)] == [0, 1]


def test_stray_text_after_a_block_that_looks_like_a_sentence_is_still_an_error(tmp_path):
    """Only characters no sentence is made of pass as stray: a fifth row with words is refused."""
    path = tmp_path / "five.txt"
    text = (FIX / "dpr_ja_stray_separator_text.txt").read_text(encoding="utf-8")
    path.write_text(text.replace("ｐｑ\t", "ねこ\t"), encoding="utf-8")
    assert_bad_input("dpr-ja", path, "line 5: a block has more than 4 lines")


def test_writer_refuses_a_separator_that_would_not_read_back(tmp_path):
    item = ja_item(meta={"separator": "猫\t\t\t\t\t"})
    with pytest.raises(wt.ConversionError, match="would not read back as a separator row"):
        write_bytes([item], tmp_path)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "fixture, expect",
    [
        ("dpr_ja_truncated.txt", "line 6: block has 3 of 4 lines"),
        ("dpr_ja_missing_blank.txt", "line 5: a block has more than 4 lines"),
        ("dpr_ja_answer_not_candidate.txt", "line 4: answer '風' is not one of the candidates '凧', '樫の木'"),
        ("dpr_ja_empty.txt", "file is empty"),
        ("dpr_ja_shift_jis.txt", "line 1: byte 0x91 is not valid utf-8"),
        ("dpr_ja_bad_quote.txt", "line 3: cell '\"The kite,the oak' is badly quoted"),
        ("dpr_ja_one_column.txt", "line 1: has 1 column"),
    ],
)
def test_bad_input(fixture, expect):
    assert_bad_input("dpr-ja", FIX / fixture, expect)


def test_dpr_file_is_not_dpr_ja():
    assert_bad_input("dpr-ja", SAMPLES / "dpr.txt", "line 1: has 1 column")


def test_english_side_checks_english_answer():
    assert_bad_input("dpr-ja", FIX / "dpr_ja_answer_not_candidate.txt", "answer 'the wind'", options={"side": "en"})


# ---------------------------------------------------------------- writing items from other sources


def ja_item(**changes) -> wt.Item:
    text = "猫がネズミを追いかけた。それはお腹が空いていたからだ。"
    fields = dict(
        id="x-3",
        corpus="other-ja",
        language="ja",
        text=text,
        pronoun=wt.Span(12, 14, "それ"),
        candidates=[wt.Candidate("猫", wt.Span(0, 1, "猫")), wt.Candidate("ネズミ", wt.Span(2, 5, "ネズミ"))],
        answer=0,
    )
    fields.update(changes)
    return wt.Item(**fields).check()


def test_writes_japanese_items_without_english(tmp_path):
    """Items from other Japanese sources get empty English cells and read back with the same fields."""
    item = ja_item()
    data = write_bytes([item], tmp_path).decode()
    assert data.splitlines()[2] == "\t猫、\u3000ネズミ\t\t\t\t"
    back = read(tmp_path / "out.txt")[0]
    assert (back.text, back.pronoun, back.candidates, back.answer, back.meta) == (
        item.text, item.pronoun, item.candidates, item.answer, {}
    )


def test_writes_english_items(tmp_path):
    """English items fill column 1; the file reads back with side=en."""
    english = read(SAMPLE, side="en")
    for item in english:
        item.meta = {}
    write_bytes(english, tmp_path)
    back = read(tmp_path / "out.txt", side="en")
    assert [(i.text, i.candidates, i.answer, i.pronoun) for i in back] == [
        (i.text, i.candidates, i.answer, i.pronoun) for i in english
    ]


@pytest.mark.parametrize(
    "changes, expect",
    [
        (dict(language="zh-Hans"), "not 'zh-Hans'"),
        (dict(pronoun=wt.Span(12, 12, "")), "zero-pronoun slot"),
        (dict(pronoun=None), "its pronoun row would be empty"),
        (dict(answer=None), "needs an answer"),
        (dict(candidates=[wt.Candidate("猫"), wt.Candidate("ネズミ"), wt.Candidate("犬")], answer=0), "holds 2 candidates"),
        (dict(text="猫がネズミを追いかけた。\tそれはお腹が空いていたからだ。", pronoun=wt.Span(13, 15, "それ")), "tab or line break"),
    ],
)
def test_write_refuses_what_dpr_ja_cannot_hold(tmp_path, changes, expect):
    item = dataclasses.replace(ja_item(), **changes)
    with pytest.raises(wt.ConversionError, match=expect) as info:
        write_bytes([item], tmp_path)
    assert "x-3" in str(info.value)


# ---------------------------------------------------------------- detection


@pytest.mark.parametrize(
    "head",
    [
        (SAMPLES / "dpr.txt").read_bytes(),
        b'{"schema_version": "1.0", "candidates": []}\n',
        b'<?xml version="1.0"?>\n<root>\t\n</root>\n\t\n',
        b"index\tsentence1\tsentence2\tlabel\n0\ta,b\tb\t1\n1\tc\td\t0\n2\te\tf\t1\n\t\n",
        b'ja\t1\t?\ta, b\t[]\t["x"]\t[]\n' * 4 + b"\n",
    ],
)
def test_sniff_rejects_other_formats(head):
    assert not wt.formats.get("dpr-ja").sniff(head)


def test_sniff_accepts_japanese_only_blocks():
    assert wt.formats.get("dpr-ja").sniff("\t猫が来た。それは眠い。\n\tそれ\n\t猫、\u3000犬\n\t猫\n\t\n".encode())


# ---------------------------------------------------------------- the real train.txt


@pytest.mark.parametrize("side", ["ja", "en"])
def test_real_train_counts_and_roundtrip(tmp_path, side):
    path = shared_file("japanese/train.txt")
    items = roundtrip("dpr-ja", path, tmp_path, options={"side": side})
    assert len(items) == 1322
    report = wt.twin_report(items)
    assert report.twins == 661 and not report.singletons
    assert sum(i.pronoun is None for i in items) == 0
    assert sum("alternatives" in i.meta for i in items) == 109
    assert sum("columns" in i.meta for i in items) == 2


def test_real_train_detection_and_spot_checks():
    path = shared_file("japanese/train.txt")
    assert wt.detect_format(path).name == "dpr-ja"
    items = read(path)
    first = items[0]
    assert [c.text for c in first.candidates] == ["ハチ", "花"]
    assert (first.answer, first.pronoun.text, first.meta["en"]["answer"]) == (1, "それ", "the flower")
    assert sum("candidate_line" in i.meta for i in items) == 118  # 、 without the ideographic space
    assert sum("answer_line" in i.meta for i in items) == 0  # no answer needed the English fallback
    inside = [i for i in items if any(i.pronoun.text in c.text for c in i.candidates)]
    assert len(inside) == 26
    assert all(not any(c.span.start <= i.pronoun.start < c.span.end for c in i.candidates) for i in inside)


def test_real_train_sides_agree_with_dpr():
    """The English side is DPR train.c.txt: same sentences, pronoun spans and answers, item for item."""
    english = read(shared_file("japanese/train.txt"), side="en")
    japanese = read(shared_file("japanese/train.txt"))
    dpr = list(wt.read(shared_file("dpr/train.c.txt"), source_format="dpr"))
    assert [(i.text, i.pronoun, i.answer) for i in english] == [(i.text, i.pronoun, i.answer) for i in dpr]
    assert [i.answer for i in japanese] == [i.answer for i in dpr]
    differ = [i.id for i, d in zip(english, dpr) if [c.text for c in i.candidates] != [c.text for c in d.candidates]]
    assert len(differ) == 2  # "Pizza hut, Papa John" where train.c.txt has "Pizza,Papa John"
