"""SuperGLUE WSC: rows grouped into schemas, whitespace-token spans as characters, byte-exact writing."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.export import to_records
from wino_toolkit.quirks import QuirkReport, quirks_of

HERE = FIXTURES / "superglue"


def rows_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_rows(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_sample_round_trips_byte_for_byte(tmp_path):
    items = roundtrip("superglue", SAMPLES / "superglue.jsonl", tmp_path)
    assert wt.detect_format(SAMPLES / "superglue.jsonl").name == "superglue"
    assert len(items) == 5 and sum(len(it.meta["rows"]) for it in items) == 9
    assert [it.id for it in items] == ["superglue-wsc-0", "superglue-wsc-1", "superglue-wsc-2", "superglue-wsc-5", "superglue-wsc-6"]
    assert all(it.twin is None and it.role is None for it in items)


def test_alias_names_the_same_format():
    assert wt.formats.get("superglue-wsc") is wt.formats.get("superglue")


def test_pretokenised_text_is_kept_as_is(tmp_path):
    """Val texts put spaces before punctuation ("toaster , and"): the text is not detokenised and
    the spans point into it."""
    (item,) = roundtrip("superglue", HERE / "superglue_pretokenised_text.jsonl", tmp_path)
    assert " , and it whistled loudly ." in item.text
    assert item.pronoun.text == "it" and item.text[item.pronoun.start : item.pronoun.end] == "it"
    assert [c.span.text for c in item.candidates] == ["The kettle", "the toaster"]
    assert item.answer == 0


def test_multi_token_span_covers_all_its_tokens(tmp_path):
    """`span1_text` "Mrs. Ellis" at token 5 covers tokens 5-6 as one character span."""
    (item,) = roundtrip("superglue", HERE / "superglue_multi_token_span.jsonl", tmp_path)
    first = item.candidates[0]
    assert first.text == "Mrs. Ellis" and item.text[first.span.start : first.span.end] == "Mrs. Ellis"
    assert first.span.start == item.text.index("Mrs.")
    assert item.answer == 0


def test_rows_spread_over_the_file_become_one_item_per_schema(tmp_path):
    """Rows 0 and 2 share text and pronoun, as do rows 1 and 3: two items, in order of first row,
    candidates in row order, and the file written back in idx order."""
    items = roundtrip("superglue", HERE / "superglue_rows_spread_over_schema.jsonl", tmp_path)
    assert [it.id for it in items] == ["superglue-wsc-0", "superglue-wsc-1"]
    assert [[c.text for c in it.candidates] for it in items] == [["Lena", "Priya"], ["Priya", "Lena"]]
    assert [it.answer for it in items] == [1, 1]
    assert [[r["idx"] for r in it.meta["rows"]] for it in items] == [[0, 2], [1, 3]]
    assert [it.origin for it in items] == ["line 1", "line 2"]


def test_single_candidate_group_has_no_answer(tmp_path):
    """A schema with one row is a bare yes/no judgement: one candidate, answer None, label in meta."""
    items = roundtrip("superglue", HERE / "superglue_single_candidate_group.jsonl", tmp_path)
    assert [len(it.candidates) for it in items] == [1, 1]
    assert [it.answer for it in items] == [None, None]
    assert [it.meta["rows"][0]["label"] for it in items] == [True, False]


def test_same_mention_twice_is_one_candidate(tmp_path):
    """Duplicate rows (same mention, same label, new idx) name one candidate; the answer stands."""
    (item,) = roundtrip("superglue", HERE / "superglue_same_mention_twice.jsonl", tmp_path)
    assert [c.text for c in item.candidates] == ["The dog", "the cat"]
    assert item.answer == 0
    assert [r["candidate"] for r in item.meta["rows"]] == [0, 1, 0, 1]


def test_case_and_trailing_punctuation_in_span_texts(tmp_path):
    """"The boy" names "the boy," and "him" names "him.": candidate text keeps the source's
    spelling, the span is what the text says, stopping before the punctuation."""
    first, second = roundtrip("superglue", HERE / "superglue_case_and_punctuation.jsonl", tmp_path)
    boy = first.candidates[0]
    assert (boy.text, boy.span.text) == ("The boy", "the boy")
    assert first.candidates[1].span.text == "A gull"
    assert second.pronoun.text == "him" and second.text[second.pronoun.end] == "."


def test_index_off_by_one_is_read_and_kept(tmp_path):
    """A pronoun index that points at the neighbouring token (as in a real val row) resolves to the
    mention, and the source's index is kept so the file is written back unchanged."""
    (item,) = roundtrip("superglue", HERE / "superglue_index_off_by_one.jsonl", tmp_path)
    assert item.pronoun.text == "it" and item.text[: item.pronoun.start].endswith("lost ")
    assert [r["span2_index"] for r in item.meta["rows"]] == [10, 10]


def test_unlabeled_test_split_writes_no_label(tmp_path):
    """The test split has no `label` key: answer None and the rows are written without one."""
    (item,) = roundtrip("superglue", HERE / "superglue_unlabeled_test_split.jsonl", tmp_path)
    assert item.answer is None and all("label" not in r for r in item.meta["rows"])


def test_true_rows_naming_different_candidates_give_no_answer(tmp_path):
    rows = rows_of(HERE / "superglue_rows_spread_over_schema.jsonl")
    rows[0]["label"] = True
    path = write_rows(tmp_path / "two_true.jsonl", rows)
    items = roundtrip("superglue", path, tmp_path)
    assert items[0].answer is None and [r["label"] for r in items[0].meta["rows"]] == [True, True]


def test_items_from_other_corpora_get_one_row_per_candidate(tmp_path):
    """A schema item becomes one row per candidate, label = is the answer, idx after the highest."""
    text = "Mr. Lee met the baker , and he smiled."
    item = wt.Item(
        id="x-1", corpus="x", language="en", text=text,
        candidates=[wt.Candidate("Mr. Lee", wt.Span(0, 7, "Mr. Lee")), wt.Candidate("The baker", wt.Span(12, 21, "the baker"))],
        answer=1, pronoun=wt.Span(28, 30, "he"),
    ).check()
    sample = list(wt.read(SAMPLES / "superglue.jsonl"))
    out = tmp_path / "mixed.jsonl"
    assert wt.write([item, *sample], out, to="superglue") == 6
    written = rows_of(out)
    assert [r["idx"] for r in written] == list(range(11))
    assert written[9:] == [
        {"text": text, "target": {"span2_index": 7, "span1_index": 0, "span1_text": "Mr. Lee", "span2_text": "he"}, "idx": 9, "label": False},
        {"text": text, "target": {"span2_index": 7, "span1_index": 3, "span1_text": "The baker", "span2_text": "he"}, "idx": 10, "label": True},
    ]
    back = list(wt.read(out))[-1]
    assert (back.id, back.answer, back.candidates, back.pronoun) == ("superglue-wsc-9", 1, item.candidates, item.pronoun)


@pytest.mark.parametrize(
    "candidate, pronoun, expect",
    [
        (wt.Candidate("ee", wt.Span(5, 7, "ee")), wt.Span(28, 30, "he"), "does not start at a whitespace token"),
        (wt.Candidate("Mr. Le", wt.Span(0, 6, "Mr. Le")), wt.Span(28, 30, "he"), "does not end on a whitespace-token boundary"),
        (wt.Candidate("Mr. Lee", None), wt.Span(28, 30, "he"), "candidate 0 has no span"),
        (wt.Candidate("Mr. Lee", wt.Span(0, 7, "Mr. Lee")), wt.Span(28, 28, ""), "pronoun has no span"),
    ],
    ids=["start-inside-token", "end-inside-word", "no-candidate-span", "zero-slot-pronoun"],
)
def test_writer_refuses_spans_off_token_boundaries(tmp_path, candidate, pronoun, expect):
    item = wt.Item(
        id="x-1", corpus="x", language="en", text="Mr. Lee met the baker , and he smiled.",
        candidates=[candidate, wt.Candidate("the baker", wt.Span(12, 21, "the baker"))], answer=0, pronoun=pronoun,
    )
    with pytest.raises(wt.ConversionError, match=expect):
        wt.write([item], tmp_path / "o.jsonl", to="superglue")
    assert not (tmp_path / "o.jsonl").exists()


def test_writer_refuses_an_idx_used_twice(tmp_path):
    items = list(wt.read(SAMPLES / "superglue.jsonl"))
    with pytest.raises(wt.ConversionError, match="idx 0 is already used by item 'superglue-wsc-0'"):
        wt.write(items + items[:1], tmp_path / "o.jsonl", to="superglue")


GOOD = {"text": "Ann met Bo and she left .", "target": {"span2_index": 4, "span1_index": 0, "span1_text": "Ann", "span2_text": "she"}, "idx": 0, "label": True}


def bad(**target):
    return json.dumps(dict(GOOD, target=dict(GOOD["target"], **target))) + "\n"


@pytest.mark.parametrize(
    "content, expect",
    [
        (bad(span1_index=9), "line 1: span1_index 9 is outside the text (7 tokens)"),
        (bad(span2_index=-1), "line 1: span2_index -1 is outside the text"),
        (bad(span1_text="Bob"), "line 1: span1_text 'Bob' does not match token 0 ('Ann')"),
        (bad(span2_text="he"), "line 1: span2_text 'he' does not match token 4 ('she')"),
        (bad(span1_index="0"), "line 1: target.span1_index must be an integer, not '0'"),
        (json.dumps(GOOD) + "\n" + bad(span2_text="and").replace('"idx": 0', '"idx": 1'), "line 2: span2_text 'and' differs from line 1's 'she'"),
        (json.dumps(dict(GOOD, label="yes")) + "\n", "line 1: label must be true or false, not 'yes'"),
        ('{"text": "Ann met Bo.", "idx": 0}\n', "line 1: missing field 'target'"),
        (json.dumps(GOOD) + "\n" + json.dumps(GOOD)[:40], "line 2: invalid JSON"),
        ("", "file is empty"),
    ],
    ids=["index-out-of-range", "negative-index", "span-text-mismatch", "pronoun-mismatch", "index-not-int",
         "pronoun-differs-in-group", "label-not-bool", "missing-target", "truncated", "empty"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_bad_input("superglue", path, expect)


def test_sniff_does_not_claim_other_jsonl():
    assert not wt.formats.get("superglue").sniff(b'{"qID": "A-1", "sentence": "x _", "option1": "a", "option2": "b"}\n')
    assert not wt.formats.get("winogrande").sniff((SAMPLES / "superglue.jsonl").read_bytes())


@pytest.mark.parametrize(
    "name, rows, sizes, answered, candidates",
    [
        # group sizes and true labels per group as measured by the lead on the jiant copy
        ("train", 554, {2: 214, 1: 79, 3: 9, 4: 5}, 227, {1: 79, 2: 215, 3: 9, 4: 4}),
        ("val", 104, {2: 27, 1: 15, 3: 9, 4: 2}, 36, {1: 15, 2: 29, 3: 8, 4: 1}),
    ],
)
def test_real_superglue_wsc(tmp_path, name, rows, sizes, answered, candidates):
    path = shared_file(f"superglue_wsc/{name}.jsonl")
    items = roundtrip("superglue", path, tmp_path)
    assert wt.detect_format(path).name == "superglue"
    assert sum(len(it.meta["rows"]) for it in items) == rows
    assert Counter(len(it.meta["rows"]) for it in items) == sizes
    assert Counter(len(it.candidates) for it in items) == candidates
    assert sum(it.answer is not None for it in items) == answered
    firsts = [it.meta["rows"][0]["idx"] for it in items]
    assert firsts == sorted(firsts) and items[0].id == "superglue-wsc-0"


def test_real_train_true_labels_per_group():
    """{1: 257, 0: 49, 2: 1}; the group with 2 true rows repeats the same mention (answer kept)."""
    items = list(wt.read(shared_file("superglue_wsc/train.jsonl")))
    trues = Counter(sum(r["label"] for r in it.meta["rows"]) for it in items)
    assert trues == {1: 257, 0: 49, 2: 1}
    (double,) = [it for it in items if sum(r["label"] for r in it.meta["rows"]) == 2]
    assert len(double.candidates) == 2 and double.correct.text == "Nelly"


def test_real_spans_that_share_a_start():
    """Train idx 433/524: "Emma" and "Emma's mother" both start at token 0: two candidates."""
    items = list(wt.read(shared_file("superglue_wsc/train.jsonl")))
    (item,) = [it for it in items if any(r["idx"] == 524 for r in it.meta["rows"])]
    assert [c.span.start for c in item.candidates] == [0, 0]
    assert [c.text for c in item.candidates] == ["Emma", "Emma's mother"]
    assert item.correct.text == "Emma's mother"


def test_real_val_off_by_one_row():
    """Val idx 42 gives the pronoun's index as the token before it; the source index is kept."""
    items = list(wt.read(shared_file("superglue_wsc/val.jsonl")))
    (item,) = [it for it in items if any(r["idx"] == 42 for r in it.meta["rows"])]
    assert item.pronoun.text == "it" and item.meta["rows"][0]["span2_index"] == 30
    overridden = [r for it in items for r in it.meta["rows"] if set(r) - {"idx", "label", "candidate"}]
    assert [r["idx"] for r in overridden] == [42]


def test_row_spelling_that_differs_from_the_span_is_kept(tmp_path):
    """A second row spelling the pronoun "She" for the text's "she" reads into the same item and
    keeps its spelling, so the row is written back unchanged."""
    other = dict(GOOD, idx=1, label=False, target=dict(GOOD["target"], span1_index=2, span1_text="Bo", span2_text="She"))
    path = write_rows(tmp_path / "spelling.jsonl", [GOOD, other])
    (item,) = roundtrip("superglue", path, tmp_path)
    assert item.pronoun.text == "she" and item.meta["rows"][1]["span2_text"] == "She"


def test_train_and_val_read_together_as_two_splits(shared):
    """Both splits number rows from 0: the file names give the splits, and ids are unique per split."""
    train, val = shared / "superglue_wsc" / "train.jsonl", shared / "superglue_wsc" / "val.jsonl"
    items = list(wt.read([train, val]))
    assert {it.split for it in items} == {"train", "val"}
    assert sum(it.id == "superglue-wsc-0" for it in items) == 2
    items = list(wt.read(val, options={"split": "validation"}))
    assert items[0].id == "superglue-wsc-0" and items[0].split == "validation"


# ---------------------------------------------------------------- the unlabeled test split (issue #8)


def quirk_kinds(item):
    return [kind for kind, _ in quirks_of(item)]


def test_candidate_names_apart_is_kept_without_a_span(tmp_path):
    """A candidate "Mira Kell and Tomas Vane" whose two names stand apart in the text cannot be one
    span: it is kept without one, the quirk noted in meta, and the row written back unchanged."""
    (item,) = roundtrip("superglue", HERE / "superglue_candidate_names_apart.jsonl", tmp_path)
    pair, other = item.candidates
    assert (pair.text, pair.span) == ("Mira Kell and Tomas Vane", None)
    assert other.span.text == "Ilse Ro"
    assert quirk_kinds(item) == ["candidate-not-located"]
    assert item.meta["rows"][0]["span1_index"] == 0


def test_span_text_with_a_final_period_or_following_word(tmp_path):
    """"the tape." names "the tape," and "Oren's poems." names "Oren's poems"; "the tape recorder"
    names "the tape" where the text has no recorder. Spans are what the text says, the rows keep
    their spelling, each trimmed row is noted."""
    first, second = roundtrip("superglue", HERE / "superglue_span_text_with_extra.jsonl", tmp_path)
    assert [(c.text, c.span.text) for c in first.candidates] == [("the tape", "the tape"), ("Oren's poems", "Oren's poems")]
    assert [r["span1_text"] for r in first.meta["rows"]] == ["the tape.", "Oren's poems."]
    assert [c.span.text for c in second.candidates] == ["the tape", "the rug"]
    assert quirk_kinds(first) == ["span-text-trimmed"] * 2 and quirk_kinds(second) == ["span-text-trimmed"]


def test_six_or_more_candidates_for_one_pronoun(tmp_path):
    """Seven rows share one text and pronoun: one item with seven candidates (no limit of 5)."""
    (item,) = roundtrip("superglue", HERE / "superglue_six_candidates_one_pronoun.jsonl", tmp_path)
    assert [c.text for c in item.candidates] == ["Ann", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus"]
    assert item.answer is None and quirk_kinds(item) == []
    assert to_records([item])[0]["candidate_7"] == "Gus"


def test_unlabeled_release_with_every_quirk_reads_completely(tmp_path):
    """An invented test-split file (19 unlabeled rows: ordinary schemas, rows of a schema spread over
    the file, and quirks a, b, c) reads as 7 items, byte for byte back, with a one-line summary."""
    path = HERE / "superglue_unlabeled_all_quirks.jsonl"
    report = QuirkReport()
    items = list(report.watch(wt.read(path), path))
    assert wt.detect_format(path).name == "superglue"
    assert len(items) == 7 and sum(len(it.meta["rows"]) for it in items) == 19
    assert [len(it.candidates) for it in items] == [2, 2, 2, 2, 2, 2, 7]
    assert all(it.answer is None for it in items)
    assert report.line(19, "rows") == (
        "19 rows; 1 candidate not located in the text, kept without a span; "
        "3 span texts with extra characters, matched without them"
    )
    assert roundtrip("superglue", path, tmp_path) == items
    with pytest.raises(wt.FormatError, match=r"line 5: idx 4: span1_text 'Mira Kell and Tomas Vane' .* --strict"):
        list(QuirkReport(strict=True).watch(wt.read(path), path))


def test_quirky_items_convert_to_native_jsonl_and_back(tmp_path):
    """The quirks travel in meta: SuperGLUE → jsonl → SuperGLUE gives the same bytes."""
    path = HERE / "superglue_unlabeled_all_quirks.jsonl"
    wt.convert(path, to="jsonl", output=tmp_path / "n.jsonl")
    wt.convert(tmp_path / "n.jsonl", to="superglue", output=tmp_path / "back.jsonl")
    assert (tmp_path / "back.jsonl").read_bytes() == path.read_bytes()


def test_many_candidates_are_written_or_skipped_with_a_reason(tmp_path):
    """Every writer handles 7 candidates or skips the item saying why (WinoGrande and DPR hold 2)."""
    path = HERE / "superglue_six_candidates_one_pronoun.jsonl"
    for name in ("jsonl", "superglue", "xwino", "nli-jsonl", "disambiguated"):
        assert wt.convert(path, to=name, output=tmp_path / f"o.{name}").written >= 1, name
    for name, reason in [("winogrande", "holds 2 options"), ("dpr", "holds 2 candidates"), ("dpr-ja", "holds 2 candidates"), ("wsc-xml", "2 to 5 answers")]:
        report = wt.convert(path, to=name, output=tmp_path / f"o.{name}")
        assert report.written == 0 and reason in report.skipped[0].reason, name


def test_duplicated_idx_is_an_error_naming_both_lines(tmp_path):
    """A repeated idx used to read and then fail when written back; it is refused at read time."""
    rows = rows_of(HERE / "superglue_rows_spread_over_schema.jsonl")
    path = write_rows(tmp_path / "dup.jsonl", [*rows, dict(rows[1])])
    assert_bad_input("superglue", path, "line 5: idx 1 is already used on line 2")
    count, problems = wt.validate(path)
    assert [str(p).split(": ", 1)[1] for p in problems] == ["line 5: idx 1 is already used on line 2"]


def test_rows_out_of_idx_order_keep_item_order_and_ids(tmp_path):
    """Rows not in idx order: a round trip keeps the items, their order and their ids."""
    rows = rows_of(HERE / "superglue_rows_spread_over_schema.jsonl")
    path = write_rows(tmp_path / "shuffled.jsonl", [rows[3], rows[0], rows[1], rows[2]])
    items = list(wt.read(path))
    assert [it.id for it in items] == ["superglue-wsc-3", "superglue-wsc-0"]
    out = tmp_path / "out.jsonl"
    wt.write(items, out, to="superglue")
    assert list(wt.read(out)) == items


def test_mention_not_in_the_text_at_all_is_still_an_error(tmp_path):
    """Only a candidate whose words the text has is kept without a span; a stray name is refused."""
    path = tmp_path / "bad.jsonl"
    path.write_text(bad(span1_text="Cleo Dunn"))
    assert_bad_input("superglue", path, "line 1: span1_text 'Cleo Dunn' does not match token 0 ('Ann')")


def test_trailing_empty_line_is_written_back(tmp_path):
    """Blank lines were skipped and lost: empty lines ending the file are kept on the last item."""
    path = tmp_path / "blank_end.jsonl"
    path.write_text((HERE / "superglue_rows_spread_over_schema.jsonl").read_text() + "\n")
    items = roundtrip("superglue", path, tmp_path)
    assert items[-1].meta["trailing_empty_lines"] == 1 and "trailing_empty_lines" not in items[0].meta
