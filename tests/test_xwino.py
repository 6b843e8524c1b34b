"""XWINO TSV: token ranges turned into character spans, jp → ja, twins from consecutive rows, byte-exact writing."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.quirks import quirks_of
from wino_toolkit.schema import Candidate, Item, Span

NAME = "xwino"
SAMPLE = SAMPLES / "xwino.tsv"
HERE = FIXTURES / "xwino"


def read(path, **options):
    return list(wt.read(path, source_format=NAME, options=options or None))


def columns(path):
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]


def test_sample_round_trips_byte_for_byte(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert wt.detect_format(SAMPLE).name == NAME
    assert len(items) == 6
    assert Counter(it.language for it in items) == {"en": 2, "ja": 2, "zh-Hans": 2}
    assert wt.twin_report(items).twins == 3


def test_native_jsonl_in_between_loses_nothing(tmp_path):
    """XWINO → native JSONL → XWINO gives the same bytes: everything needed is in the items."""
    wt.convert(SAMPLE, to="jsonl", output=tmp_path / "x.jsonl")
    wt.convert(tmp_path / "x.jsonl", to=NAME, output=tmp_path / "back.tsv")
    assert (tmp_path / "back.tsv").read_bytes() == SAMPLE.read_bytes()


def test_every_span_is_the_text_the_tokens_cover():
    """Pronoun and candidate spans are character offsets whose text is what the token ranges name."""
    for item in read(SAMPLE):
        assert item.pronoun.text == item.text[item.pronoun.start : item.pronoun.end] != ""
        for cand in item.candidates:
            assert cand.span.text == cand.text


def test_jp_language_code_means_japanese(tmp_path):
    """XWINO writes Japanese as "jp": the item is BCP-47 "ja", its id keeps "jp", and "jp" is written back."""
    path = HERE / "xwino_jp_language_code.tsv"
    (item,) = roundtrip(NAME, path, tmp_path)
    assert item.language == "ja"
    assert item.id == "xwino-jp-0"
    assert "lang" not in item.meta


def test_cjk_tokens_align_without_spaces(tmp_path):
    """zh/ja tokens are not separated by spaces, and a zh token keeps the text's trailing space."""
    zh, ja = roundtrip(NAME, HERE / "xwino_cjk_token_alignment.tsv", tmp_path)
    assert zh.language == "zh-Hans"
    assert zh.pronoun == Span(8, 9, "它")
    assert [c.span for c in zh.candidates] == [Span(0, 2, "台灯"), Span(4, 6, "桌子")]
    assert zh.text.endswith("。 ") and zh.meta["tokens"][-1].endswith(" ")
    assert ja.pronoun == Span(9, 11, "それ")
    assert ja.candidates[1].span == Span(3, 4, "机")


def test_english_reference_question_mark_means_none(tmp_path):
    """Column 3 is "?" for English rows: no meta["reference"]; a translated row keeps its reference."""
    en, pt = roundtrip(NAME, HERE / "xwino_english_reference.tsv", tmp_path)
    assert "reference" not in en.meta
    assert pt.meta["reference"].startswith("Ann thanked Beth")
    assert [row[2] for row in columns(HERE / "xwino_english_reference.tsv")] == ["?", pt.meta["reference"]]


def test_nltk_quote_tokens_align_to_straight_quotes(tmp_path):
    """NLTK tokenises '"' as ``…''; those tokens match the quote characters and later spans stay right."""
    (item,) = roundtrip(NAME, HERE / "xwino_nltk_quotes.tsv", tmp_path)
    assert item.pronoun.text == "he" and item.text[item.pronoun.start - 8 : item.pronoun.start] == "because "
    assert "``" in item.meta["tokens"]


def test_pronoun_entry_may_cover_two_tokens(tmp_path):
    """A pronoun given as "её," over tokens ["её", ","] spans both, with no space between them."""
    (item,) = roundtrip(NAME, HERE / "xwino_pronoun_with_comma.tsv", tmp_path)
    assert item.pronoun.text == "её,"
    assert item.answer == 0 and item.candidates[0].text == "Олю"


def test_rows_with_one_text_and_other_candidates_are_not_twins(tmp_path):
    """SuperGLUE-derived rows repeat a text with another candidate pair: not twins; a real pair is."""
    items = roundtrip(NAME, HERE / "xwino_same_text_not_twins.tsv", tmp_path)
    assert [it.twin for it in items] == [None, None, "xwino-en-2", "xwino-en-2"]
    assert [it.role for it in items[2:]] == ["special", "alternate"]
    assert items[2].triggers == ["two"] and items[3].triggers == ["none"]


def test_no_candidate_marked_correct_is_unlabeled(tmp_path):
    """All is_correct false → answer None, written back as all false."""
    (item,) = roundtrip(NAME, HERE / "xwino_no_correct_candidate.tsv", tmp_path)
    assert item.answer is None


def test_token_missing_from_the_text_is_an_error_naming_the_line():
    """A token the text does not contain cannot be aligned: strict reading stops at that line."""
    error = assert_bad_input(NAME, HERE / "xwino_misaligned_token.tsv", "line 1: token 3 '--' does not match")
    assert "strict=false" in error.problem


def test_non_strict_reading_keeps_a_misaligned_row_without_spans(tmp_path):
    """With strict=false the row reads with no spans, and its columns are kept so it writes back exactly."""
    path = HERE / "xwino_misaligned_token.tsv"
    (item,) = roundtrip(NAME, path, tmp_path, options={"strict": "false"})
    assert item.pronoun is None and all(c.span is None for c in item.candidates)
    assert item.answer == 0
    assert item.meta["pronoun"] == ["she", [4, 5], ["she"]]
    assert quirks_of(item) == [("tokens-not-aligned", "token 3 '--' does not match the text at character 12")]


def test_json_spelling_other_than_json_dumps_is_kept(tmp_path):
    """Columns written with other JSON spacing or raw UTF-8 are written back as they were."""
    row = columns(SAMPLE)[2]
    row[4] = json.dumps(json.loads(row[4]), ensure_ascii=False, separators=(",", ":"))
    path = tmp_path / "spelled.tsv"
    path.write_text("\t".join(row) + "\n", encoding="utf-8")
    (item,) = roundtrip(NAME, path, tmp_path)
    assert item.meta["tokens_json"] == row[4]
    assert "final_newline" not in item.meta


def test_trailing_empty_line(tmp_path):
    """A file ending in an empty line used to be refused; it reads and is written back byte for byte."""
    (item,) = roundtrip(NAME, HERE / "xwino_trailing_empty_line.tsv", tmp_path)
    assert item.meta["trailing_empty_lines"] == 1 and "final_newline" not in item.meta
    assert [kind for kind, _ in quirks_of(item)] == ["trailing-empty-lines"]


def test_duplicated_row_is_an_error_naming_both_lines():
    """A repeated row used to become a new item with a new id; it is refused, naming both lines."""
    path = HERE / "xwino_duplicated_row.tsv"
    assert_bad_input(NAME, path, "line 3: repeats line 1 (a duplicated row)")
    count, problems = wt.validate(path)
    assert count == 2 and [p.where for p in problems] == ["line 3"]


def test_empty_line_between_rows_is_an_error(tmp_path):
    rows = (HERE / "xwino_english_reference.tsv").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "gap.tsv"
    path.write_text(rows[0] + "\n\n" + rows[1] + "\n", encoding="utf-8")
    assert_bad_input(NAME, path, "line 2: empty line between rows")


def test_missing_final_newline_is_kept():
    """The release has no newline after its last row; the last item says so and nothing else does."""
    items = read(SAMPLE)
    assert not SAMPLE.read_bytes().endswith(b"\n")
    assert items[-1].meta["final_newline"] is False
    assert all("final_newline" not in it.meta for it in items[:-1])


def test_writes_items_from_other_corpora(tmp_path):
    """Other corpora's items get fresh tokens; spans become token ranges; ja is written "jp", reference "?"."""
    text = "Ann lent Liz a pen because she had two."
    item = Item(
        id="toy-1", corpus="toy", language="en", text=text, answer=0, pronoun=Span(27, 30, "she"),
        candidates=[Candidate("Ann", Span(0, 3, "Ann")), Candidate("Liz", Span(9, 12, "Liz"))],
    )
    ja_text = "花子は母に花を贈った。彼女は嬉しかった。"
    ja = Item(
        id="toy-2", corpus="toy", language="ja", text=ja_text, answer=1, pronoun=Span(11, 13, "彼女"),
        candidates=[Candidate("花子", Span(0, 2, "花子")), Candidate("母", Span(3, 4, "母"))],
    )
    out = tmp_path / "toy.tsv"
    wt.write([item, ja], out, to=NAME)
    en_row, ja_row = columns(out)
    assert en_row[:4] == ["en", "toy", "?", text]
    assert json.loads(en_row[5]) == ["she", [6, 7], ["she"]]
    assert json.loads(en_row[6])[0] == ["Ann", [0, 1], ["Ann"], True]
    assert ja_row[0] == "jp"
    back = read(out)
    assert [b.pronoun for b in back] == [item.pronoun, ja.pronoun]
    assert [[c.span for c in b.candidates] for b in back] == [[c.span for c in it.candidates] for it in (item, ja)]
    assert [b.language for b in back] == ["en", "ja"]


def test_span_not_on_token_boundaries_is_a_conversion_error(tmp_path):
    text = "Ann lent Liz a pen because she had two."
    item = Item(
        id="toy-3", corpus="toy", language="en", text=text, pronoun=Span(27, 30, "she"),
        candidates=[Candidate("nn", Span(1, 3, "nn")), Candidate("Liz", Span(9, 12, "Liz"))],
    )
    with pytest.raises(wt.ConversionError, match="toy-3.*token boundaries"):
        wt.write([item], tmp_path / "out.tsv", to=NAME)
    assert not (tmp_path / "out.tsv").exists()


def test_item_without_pronoun_span_cannot_be_written(tmp_path):
    item = Item(id="toy-4", corpus="toy", language="en", text="Ann met Liz.", candidates=[Candidate("Ann"), Candidate("Liz")])
    with pytest.raises(wt.ConversionError, match="toy-4.*pronoun"):
        wt.write([item], tmp_path / "out.tsv", to=NAME)


@pytest.mark.parametrize(
    "name, expect",
    [
        ("bad_column_count.tsv", "line 2: has 6 tab-separated columns, expected 7"),
        ("bad_json.tsv", "line 2: column 'pronoun' is not valid JSON"),
        ("bad_token_range.tsv", "line 1: pronoun: token range [9, 40] is not within the 14 tokens"),
        ("bad_two_correct.tsv", "line 1: 2 candidates are marked correct"),
        ("truncated.tsv", "line 2: has 5 tab-separated columns"),
        ("empty.tsv", "file is empty"),
        ("wrong_encoding.tsv", "line 1: byte 0xf4 is not valid utf-8"),
    ],
)
def test_bad_input_names_file_line_and_problem(name, expect):
    assert_bad_input(NAME, HERE / name, expect)


@pytest.mark.parametrize(
    "head",
    [
        b"index\tsentence1\tsentence2\tlabel\n0\tAnn came.\tShe came.\t1\n",
        b'<?xml version="1.0"?>\n<collection><schema><text><txt1>A</txt1><pron>it</pron></text></schema>',
        b"a\tb\tc\td\te\tf\tg\n",
    ],
    ids=["wnli-tsv", "nyu-xml", "plain-7-column-tsv"],
)
def test_sniff_leaves_other_formats_alone(head):
    assert wt.formats.get(NAME).sniff(head) is False


def test_real_selected_rows():
    """dataset.selected.tsv: 12 rows, two (one twin pair) per language, written back byte for byte."""
    path = shared_file("xwino/dataset.selected.tsv")
    items = read(path)
    assert len(items) == 12
    assert Counter(it.language for it in items) == {lang: 2 for lang in ("en", "fr", "ja", "ru", "zh-Hans", "pt")}
    assert wt.twin_report(items).twins == 6
    assert all(it.answer is not None and it.pronoun is not None for it in items)
    assert all(c.span.text == c.text for it in items for c in it.candidates)
    assert wt.detect_format(path).name == NAME
    ja = next(it for it in items if it.language == "ja")
    assert ja.id == "xwino-jp-0" and ja.pronoun.text == "彼"
    assert sum("reference" in it.meta for it in items) == 10


def test_real_selected_round_trips_byte_for_byte(tmp_path):
    roundtrip(NAME, shared_file("xwino/dataset.selected.tsv"), tmp_path)


def test_real_chinese_rows_are_simplified():
    """XWINO's zh rows are Simplified Chinese, hence zh-Hans: converting to Simplified changes nothing."""
    opencc = pytest.importorskip("opencc")
    to_simplified = opencc.OpenCC("t2s")
    zh = [it for it in read(shared_file("xwino/dataset.selected.tsv")) if it.language == "zh-Hans"]
    assert zh and all(to_simplified.convert(it.text) == it.text for it in zh)


def test_chinese_items_from_other_corpora_get_tokens_cut_at_mentions(tmp_path):
    """jieba may glue a name to its neighbour (给丽华); written XWINO tokens are split at every mention edge."""
    text = "金丽给丽华糖果，因为她饿了。"
    item = Item(
        id="zh-1", corpus="toy", language="zh-Hans", text=text, pronoun=Span(10, 11, "她"), answer=1,
        candidates=[Candidate("金丽", Span(0, 2, "金丽")), Candidate("丽华", Span(3, 5, "丽华"))],
    )
    out = tmp_path / "zh.tsv"
    wt.write([item], out, to="xwino")
    (back,) = wt.read(out)
    assert (back.text, back.pronoun, back.candidates, back.answer) == (text, item.pronoun, item.candidates, 1)
    assert "丽华" in back.meta["tokens"]
