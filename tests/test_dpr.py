"""The DPR / WSCR format: sample contract, one fixture per quirk, bad input, the real train.c.txt."""
from __future__ import annotations

import dataclasses
import re

import pytest

import wino_toolkit as wt
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

FIX = FIXTURES / "dpr"


def read(path, **options):
    return list(wt.read(path, source_format="dpr", options=options or None))


def write_bytes(items, tmp_path, name="dpr"):
    out = tmp_path / "out.txt"
    wt.write(items, out, to=name)
    return out.read_bytes()


# ---------------------------------------------------------------- sample (contract)


def test_sample_roundtrip_and_detection(tmp_path):
    items = roundtrip("dpr", SAMPLES / "dpr.txt", tmp_path)
    assert len(items) == 8
    assert wt.detect_format(SAMPLES / "dpr.txt").name == "dpr"
    assert [i.id for i in items[:2]] == ["dpr-0", "dpr-1"]
    assert [(i.twin, i.role) for i in items[:2]] == [("dpr-0", "special"), ("dpr-0", "alternate")]
    assert wt.twin_report(items).twins == 4


def test_alias_wscr():
    assert wt.formats.get("wscr") is wt.formats.get("dpr")


# ---------------------------------------------------------------- quirks


def test_comma_inside_candidate():
    """An unquoted candidate holding a comma is split at the only comma whose parts occur in the sentence."""
    items = read(FIX / "dpr_comma_candidate.txt")
    assert [c.text for c in items[0].candidates] == ["Brown, Green and Co", "the tax office"]
    assert [i.answer for i in items] == [0, 1]
    assert items[0].candidates[0].span.start == 0
    assert items[0].meta == {}


@pytest.mark.parametrize("fixture, fits", [("dpr_comma_ambiguous.txt", 2), ("dpr_comma_unsplittable.txt", 0)])
def test_comma_split_must_be_unique(fixture, fits):
    """When two comma splits fit the sentence and the answer, or none does, the block is rejected at line 3."""
    error = assert_bad_input("dpr", FIX / fixture, f"has 2 ',' and {fits} ways to split")
    assert error.where == "line 3"


def test_candidate_line_without_comma():
    assert_bad_input("dpr", FIX / "dpr_no_comma.txt", "line 3: candidate line")


def test_pronoun_twice_first_is_the_target():
    """A pronoun occurring twice is marked at its first whole-word occurrence."""
    item = read(FIX / "dpr_pronoun_twice.txt")[0]
    first = item.text.index(" she ") + 1
    assert item.pronoun == wt.Span(first, first + 3, "she")
    assert item.text.count(" she ") == 2


def test_pronoun_case_sensitive():
    """'he' skips an earlier 'He' (same capitalisation first); 'it' matches 'It' when no 'it' exists."""
    first, second = read(FIX / "dpr_pronoun_case.txt")
    at = first.text.index("he was")
    assert first.pronoun == wt.Span(at, at + 2, "he")
    assert second.pronoun == wt.Span(0, 2, "It")
    assert second.meta == {"pronoun_line": "it"}


def test_sentence_final_pronoun():
    """A pronoun ending the sentence ('her.') gets the span before the full stop."""
    items = read(FIX / "dpr_sentence_final_pronoun.txt")
    for item in items:
        assert item.pronoun.text == "her"
        assert item.text[item.pronoun.end :] == "."


def test_answer_differs_in_case(tmp_path):
    """An answer equal to a candidate ignoring case selects it; its spelling is kept for writing back."""
    path = FIX / "dpr_answer_case.txt"
    item = read(path)[0]
    assert item.answer == 0
    assert item.candidates[0].text == "The bee"
    assert item.meta == {"answer_line": "the bee"}
    assert write_bytes([item], tmp_path) == path.read_bytes()


def test_pronoun_inside_candidate_is_passed_over():
    """'his' inside the candidate 'his son' is not the pronoun; the next 'his' is."""
    item = read(FIX / "dpr_pronoun_in_candidate.txt")[0]
    at = item.text.index("his eyes")
    assert item.pronoun == wt.Span(at, at + 3, "his")


def test_crlf_reads_like_lf():
    """\\r\\n line ends are read as \\n (and written as \\n, the original's line end)."""
    crlf = read(FIX / "dpr_crlf.txt")
    assert [i.text for i in crlf] == [i.text for i in read(SAMPLES / "dpr.txt")[4:6]]
    assert all("\r" not in c.text for i in crlf for c in i.candidates)


def test_odd_last_block_without_blank_line(tmp_path):
    """A last block with no twin and no final blank line reads; it is written with the blank line."""
    path = FIX / "dpr_odd_last_block.txt"
    items = read(path)
    assert len(items) == 3
    assert (items[2].twin, items[2].role) == (None, None)
    assert write_bytes(items, tmp_path) == path.read_bytes() + b"\n\n"


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "fixture, expect",
    [
        ("dpr_truncated.txt", "line 6: block has 3 of 4 lines"),
        ("dpr_missing_blank.txt", "line 5: a block has more than 4 lines"),
        ("dpr_answer_not_candidate.txt", "line 4: answer 'the wind' is not one of the candidates"),
        ("dpr_pronoun_absent.txt", "line 2: pronoun 'she' does not occur"),
        ("dpr_empty.txt", "file is empty"),
        ("dpr_latin1.txt", "line 1: byte 0xe9 is not valid utf-8"),
        ("dpr_tab.txt", "line 1: contains a tab"),
    ],
)
def test_bad_input(fixture, expect):
    assert_bad_input("dpr", FIX / fixture, expect)


def test_latin1_reads_with_encoding_option():
    item = read(FIX / "dpr_latin1.txt", encoding="latin-1")[0]
    assert item.candidates[0].text == "The café"


# ---------------------------------------------------------------- writing items from other corpora


def wsc_item(**changes) -> wt.Item:
    text = "The trophy didn't fit in the case because it was too big."
    at = text.index(" it ") + 1
    fields = dict(
        id="wsc-7",
        corpus="wsc285",
        language="en",
        text=text,
        pronoun=wt.Span(at, at + 2, "it"),
        candidates=[
            wt.Candidate("The trophy", wt.Span(0, 10, "The trophy")),
            wt.Candidate("the case", wt.Span(25, 33, "the case")),
        ],
        answer=0,
        meta={"source": "invented"},
    )
    fields.update(changes)
    return wt.Item(**fields).check()


def test_writes_items_from_other_corpora(tmp_path):
    item = wsc_item()
    data = write_bytes([item], tmp_path)
    assert data == (item.text + "\nit\nThe trophy,the case\nThe trophy\n\n").encode()
    back = read(tmp_path / "out.txt")[0]
    assert (back.text, back.pronoun, back.candidates, back.answer) == (item.text, item.pronoun, item.candidates, item.answer)


TWO_ITS = "The trophy didn't fit in it because it was too big."


@pytest.mark.parametrize(
    "changes, expect",
    [
        (dict(candidates=[wt.Candidate("The trophy"), wt.Candidate("the case"), wt.Candidate("the shop")]), "holds 2 candidates"),
        (dict(pronoun=None), "needs a pronoun"),
        (dict(pronoun=wt.Span(42, 42, "")), "needs a pronoun"),
        (dict(answer=None), "needs an answer"),
        (dict(text=TWO_ITS, pronoun=wt.Span(36, 38, "it"), candidates=[wt.Candidate("The trophy"), wt.Candidate("the case")]),
         "'it' at [36, 38) would be read 'it' at [25, 27)"),
        (dict(text="The trophy didn't fit in the case because it\nwas too big."), "contains a line break"),
    ],
)
def test_write_refuses_what_dpr_cannot_hold(tmp_path, changes, expect):
    """Items a DPR block cannot express raise ConversionError naming the item; nothing is written."""
    item = dataclasses.replace(wsc_item(), **changes)
    with pytest.raises(wt.ConversionError, match=re.escape(expect)) as info:
        write_bytes([item], tmp_path)
    assert "wsc-7" in str(info.value)
    assert not (tmp_path / "out.txt").exists()


def _item(text: str, pronoun: str, candidates: list[str], answer: int) -> wt.Item:
    at = text.index(f" {pronoun} ") + 1
    spans = [wt.Span(text.index(c), text.index(c) + len(c), c) for c in candidates]
    return wt.Item(
        id="x-1", corpus="x", language="en", text=text, pronoun=wt.Span(at, at + len(pronoun), pronoun),
        candidates=[wt.Candidate(c, s) for c, s in zip(candidates, spans)], answer=answer,
    ).check()


def test_write_refuses_candidate_that_would_split_differently(tmp_path):
    """A candidate with a comma is written only when the reading rule splits the line back the same way."""
    item = _item("Ann met Bo, Cy because she was lost.", "she", ["Ann", "Bo, Cy"], 0)
    assert read(_written(item, tmp_path))[0].candidates == item.candidates
    ambiguous = _item("The band Lee,Kim beat the band Kim,Lee because they cheated.", "they", ["Lee,Kim", "Lee"], 1)
    with pytest.raises(wt.ConversionError, match="x-1.*2 ways to split"):
        write_bytes([ambiguous], tmp_path)


def _written(item: wt.Item, tmp_path):
    out = tmp_path / "one.txt"
    wt.write([item], out, to="dpr")
    return out


def test_stale_meta_spelling_is_not_written(tmp_path):
    """An edited item whose meta spelling no longer fits is written from its fields."""
    item = read(FIX / "dpr_answer_case.txt")[0]
    item.answer = 1
    data = write_bytes([item], tmp_path).decode()
    assert data.splitlines()[3] == "the rose"


# ---------------------------------------------------------------- detection


@pytest.mark.parametrize(
    "head",
    [
        b'{"qID": "1", "sentence": "a _", "option1": "x", "option2": "y", "answer": "1"}\n',
        b'<?xml version="1.0"?>\n<collection>\n<schema>\n</schema>\n\n',
        b"index\tsentence1\tsentence2\tlabel\n0\ta,b\tb\t1\n1\tc\td\t0\n2\te\tf\t1\n\n",
        b"The kite snagged on the oak because it was flying low.\tx\nit\ty\nThe kite,the oak\tz\nThe kite\tw\n\t\n",
        b"A paragraph of prose.\nAnother line, with a comma.\nA third line.\nA fourth.\n\n",
    ],
)
def test_sniff_rejects_other_formats(head):
    assert not wt.formats.get("dpr").sniff(head)


def test_sniff_accepts_a_block():
    assert wt.formats.get("dpr").sniff((FIX / "dpr_crlf.txt").read_bytes())


# ---------------------------------------------------------------- the real train.c.txt


def test_real_train_counts_and_roundtrip(tmp_path):
    path = shared_file("dpr/train.c.txt")
    items = roundtrip("dpr", path, tmp_path)
    assert len(items) == 1322
    report = wt.twin_report(items)
    assert report.twins == 661 and not report.singletons
    assert wt.detect_format(path).name == "dpr"
    assert all(not i.meta for i in items)  # every line rebuilds from the fields
    assert sum(i.answer == 0 for i in items) == 661


def test_real_train_quirks():
    items = read(shared_file("dpr/train.c.txt"))
    first = items[0]
    assert [c.text for c in first.candidates] == ["The bee", "the flower"]
    assert (first.answer, first.pronoun.text, first.triggers) == (1, "it", ["had"])
    twice = [i for i in items if len(re.findall(rf"\b{i.pronoun.text}\b", i.text)) > 1]
    assert len(twice) == 37
    ending = [i for i in items if re.search(rf"\b{i.pronoun.text}[.!?]$", i.text)]
    assert len(ending) == 17  # "him." and the like; in one of them the target is an earlier "it"
    assert sum(i.text[i.pronoun.end :] == "." for i in ending) == 16
    assert {i.pronoun.text for i in items} >= {"the man", "him", "its"}


def test_japanese_items_round_trip_through_dpr(tmp_path):
    """Japanese items (dpr-ja) are written as DPR blocks and read back with language=ja, mentions found."""
    japanese = list(wt.read(SAMPLES / "dpr-ja.txt", source_format="dpr-ja"))
    out = tmp_path / "ja.txt"
    wt.write(japanese, out, to="dpr")
    back = read(out, language="ja", corpus="dpr-ja")
    assert [(i.text, i.pronoun, i.candidates, i.answer) for i in back] == [
        (i.text, i.pronoun, i.candidates, i.answer) for i in japanese
    ]
    assert out.read_text(encoding="utf-8").split("\n")[2] == "凧,樫の木"


# ---------------------------------------------------------------- found by mutation fuzzing (issue #8)


def test_carriage_return_inside_a_line_is_an_error(tmp_path):
    """A CRLF file saved with CRLF again ends lines in ``\\r\\r\\n``: the text kept a ``\\r`` the writer
    cannot write back. One ``\\r`` before the line end is a line end; another is an error."""
    path = tmp_path / "crcrlf.txt"
    path.write_bytes((FIX / "dpr_crlf.txt").read_bytes().replace(b"\r\n", b"\r\r\n"))
    assert_bad_input("dpr", path, "line 1: holds a carriage return inside the line")


def test_second_byte_order_mark_is_an_error(tmp_path):
    """One BOM is the encoding's; a second would become part of the first sentence, and be lost
    (read as a BOM again) after writing it back."""
    path = tmp_path / "two-boms.txt"
    path.write_bytes(b"\xef\xbb\xbf" * 2 + (SAMPLES / "dpr.txt").read_bytes())
    assert_bad_input("dpr", path, "line 1: starts with a second byte-order mark")
    path.write_bytes(b"\xef\xbb\xbf" + (SAMPLES / "dpr.txt").read_bytes())
    assert read(path) == read(SAMPLES / "dpr.txt")
