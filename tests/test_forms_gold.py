"""Honest measurement of the forms: the fixed tuning/test halves, gold entries stored as edits (no corpus
text in the project), and their evaluation against what the forms make."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import SAMPLES
from wino_toolkit.errors import FormatError
from wino_toolkit.forms.gold import apply_edits, encode, evaluate_gold, load_gold, main
from wino_toolkit.forms.halves import half_of, schema_key

import wino_toolkit as wt


def test_halves_are_fixed_balanced_and_keep_a_schema_together():
    assert half_of("wsc285/12") == half_of("wsc285/12")  # a hash, not a draw: the same on every run and machine
    counts = Counter(half_of(f"corpus/{n}") for n in range(2000))
    assert abs(counts["tuning"] - counts["test"]) < 150
    items = list(wt.read(SAMPLES / "winogrande.jsonl"))
    twins = {}
    for item in items:
        twins.setdefault(item.twin, set()).add(half_of(schema_key(item)))
    assert all(len(halves) == 1 for twin, halves in twins.items() if twin is not None)


@given(st.text(alphabet="ab ,.'Tc", max_size=40), st.text(alphabet="ab ,.'Tcx", max_size=40))
def test_encoded_edits_rebuild_the_expected_text(source, expected):
    assert apply_edits(source, encode(source, expected)) == expected


def test_edits_hold_only_what_changes():
    source = "When Tom came in from the rain, his coat was wet."
    edits = encode(source, "When Tom came in from the rain, Tom's coat was wet.")
    assert edits == [[32, 35, "Tom's"]]
    with pytest.raises(ValueError, match="overlaps"):
        apply_edits(source, [[0, 5, "x"], [3, 8, "y"]])


def gold_line(**fields) -> str:
    entry = {"source": "winogrande.jsonl", "options": {}, "form": "disambiguated", "candidate": 0}
    return json.dumps({**entry, **fields}) + "\n"


def test_gold_entries_are_evaluated_against_the_forms(tmp_path):
    """The shared directory is any folder of corpora: here the bundled samples."""
    items = list(wt.read(SAMPLES / "wsc-xml.xml"))
    item = next(i for i in items if i.pronoun is not None and i.answer is not None)
    from wino_toolkit.forms.gold import derive_one

    ours, _ = derive_one(item, "disambiguated", item.answer)
    sentences = tmp_path / "sentences.jsonl"
    right = {"source": "wsc-xml.xml", "id": item.id, "form": "disambiguated", "candidate": item.answer, "expected": ours}
    wrong = {**right, "expected": ours.replace(item.candidates[item.answer].text, "somebody else", 1)}
    refuse = {**right, "form": "nli", "expected": None}
    sentences.write_text("".join(json.dumps(e) + "\n" for e in (right, wrong, refuse)))
    gold = tmp_path / "gold.jsonl"
    assert main(["encode", str(sentences), str(SAMPLES), "-o", str(gold)]) == 0
    stored = gold.read_text()
    assert ours not in stored  # the item's text is not in the gold file, only edits
    report = evaluate_gold(load_gold(gold), SAMPLES)
    disambiguated, nli = report.rows["en", "disambiguated"], report.rows["en", "nli"]
    assert (disambiguated.compared, disambiguated.exact) == (2, 1) and 0 < disambiguated.mean_f1 < 1
    assert (nli.compared, nli.exact) == (1, 0)  # the form made a hypothesis where the gold expects a refusal


def test_a_malformed_gold_line_names_file_and_line(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text(gold_line(id="a", edits=[]) + '{"source": "x"}\n')
    with pytest.raises(FormatError, match=r"gold.jsonl.*2"):
        load_gold(path)
    path.write_text(gold_line(id="a", edits=[], form="summary"))
    with pytest.raises(FormatError, match="summary"):
        load_gold(path)


def test_chinese_and_japanese_edits_hold_a_character_not_the_sentence():
    """A run of CJK characters is not one word: an edit replaces the pronoun, never the whole sentence."""
    assert encode("猫追老鼠，因为它饿了。", "猫追老鼠，因为猫饿了。") == [[7, 8, "猫"]]
    assert encode("彼はケーキを食べた。", "太郎はケーキを食べた。") == [[0, 1, "太郎"]]


GOLD = Path(__file__).parent / "gold"
GOLD_FILES = sorted(GOLD.glob("*.jsonl"))
#: exact-match floors per language and form, a few points under what was measured (BENCHMARKS.md, "Derived
#: forms"): the gold items are evaluation only, so a drop below means a rule change broke unseen data
FLOORS = {"disambiguated": 0.9, "blank": 0.9, "nli": 0.8}
#: where a language measured under the common floor: Russian blanks 87.5% (case after "не хватило", a first name and
#: surname declined apart, "Мадонна" read as a common noun, the quantifier "Многие"; test-half items, left unfixed)
LANGUAGE_FLOORS = {("ru", "blank"): 0.8}


@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda p: p.stem)
def test_gold_set_has_30_items_per_form_and_stores_no_corpus_text(path):
    entries = load_gold(path)
    for form in ("disambiguated", "nli", "blank"):
        assert len({e.id for e in entries if e.form == form}) >= 30, form
    for entry in entries:
        for _, _, replacement in entry.edits or []:
            # a replacement is a candidate's noun phrase, a blank or a rewritten word, never a corpus sentence
            assert len(replacement) <= 30, (entry.line, replacement)
        if entry.form == "blank" and entry.edits is not None:
            assert entry.blank_options and len(entry.blank_options) == 2, entry.line


@pytest.mark.slow
@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda p: p.stem)
def test_gold_set_against_the_shared_corpora(shared, path):
    """Every entry names a test-half item of a shared corpus (the rules were tuned on the other half); each
    form's exact match stays above its floor."""
    entries = load_gold(path)
    items = {}
    for source in {e.source for e in entries}:
        items.update({(source, i.id): i for i in wt.read(shared / source)})
    assert all(half_of(schema_key(items[e.source, e.id])) == "test" for e in entries)
    report = evaluate_gold(entries, shared)
    assert not report.missing
    for (language, form), agreement in report.rows.items():
        assert agreement.exact_share >= LANGUAGE_FLOORS.get((language, form), FLOORS[form]), report.table()


def invented_line(text: str, pronoun: str, candidates: list[str], answer: int, expected: dict, kind: str = "demo") -> str:
    start = text.index(pronoun)
    item = {"id": f"inv-{abs(hash(text)) % 10**6}", "corpus": "invented", "language": "en", "text": text,
            "pronoun": [start, start + len(pronoun), pronoun],
            "candidates": [{"text": c, "span": [text.index(c), text.index(c) + len(c), c]} for c in candidates],
            "answer": answer}
    return json.dumps({"item": item, "class": kind, "expected": expected}) + "\n"


def test_invented_gold_counts_silent_errors_apart_from_refusals(tmp_path):
    """An invented item carries its own text; a wrong derived sentence is a silent error, a refusal is not."""
    from wino_toolkit.forms.gold import evaluate_invented, load_invented

    text = "The cup fell off the shelf because it was too close to the edge."
    ours = [derive_one_text(text, k) for k in (0, 1)]
    path = tmp_path / "en.jsonl"
    path.write_text(invented_line(text, "it", ["The cup", "the shelf"], 0,
                                  {"disambiguated": [ours[0], "The cup fell off the shelf because the wall was too close."]},
                                  kind="right and wrong")
                    + invented_line("It rained on Ann and Bea, so they got wet.", "they", ["Ann", "Bea"], 0,
                                    {"disambiguated": [None, None]}, kind="refusal expected"))
    entries = load_invented(path)
    report = evaluate_invented(entries)
    row = report.rows["en", "disambiguated"]
    assert (row.compared, row.exact) == (4, 1)
    assert report.silent["en", "disambiguated"] == 3  # the second sentence, and two derived where a refusal was due
    assert "silently wrong" in report.table()[0] and "| 3 (75.0%) |" in report.table()[2]
    by_class = evaluate_invented(entries, by_class=True)
    assert by_class.silent["right and wrong", "disambiguated"] == 1


def test_a_refusal_where_the_gold_derives_the_item_is_counted_as_needless():
    """Issue #31: refusals a reader would not make are measured apart (at most 3% is the target), refusals the gold
    expects are not, and neither is a silent error."""
    from wino_toolkit.forms.gold import REFUSED, GoldReport

    report = GoldReport()
    report.add("en", "nli", "a/0", REFUSED, "Ann was tired.", "en")
    report.add("en", "nli", "a/1", REFUSED, REFUSED, "en")
    report.add("en", "nli", "b/0", "Bea was tired.", "Bea was tired.", "en")
    report.add("en", "nli", "b/1", "Ann tired.", "Ann was tired.", "en")
    assert report.needless["en", "nli"] == 1 and report.silent["en", "nli"] == 1
    assert "needlessly refused" in report.table()[0] and report.table()[2].endswith("| 1 (25.0%) | 5%-70% |")


def derive_one_text(text: str, k: int) -> str:
    from wino_toolkit.forms.gold import derive_one
    from wino_toolkit.schema import Candidate, Item, Span

    start = text.index(" it ") + 1
    item = Item("x", "invented", "en", text, [Candidate("The cup", Span(0, 7, "The cup")),
                                             Candidate("the shelf", Span(text.index("the shelf"), text.index("the shelf") + 9, "the shelf"))],
                answer=0, pronoun=Span(start, start + 2, "it"))
    return derive_one(item, "disambiguated", k)[0]


def test_a_malformed_invented_line_names_file_and_line(tmp_path):
    from wino_toolkit.forms.gold import load_invented

    path = tmp_path / "fr.jsonl"
    path.write_text(invented_line("Ann saw Bea when she left.", "she", ["Ann", "Bea"], 0, {"disambiguated": ["x"]}))
    with pytest.raises(FormatError, match=r"fr.jsonl: line 1: .*1 sentences for 2 candidates"):
        load_invented(path)


UNSEEN = sorted((GOLD / "unseen").glob("*.jsonl"))
#: the target of issue #21: at most 5% of derived items silently wrong, per language and form, on unseen data
SILENT_TARGET = 0.05


@pytest.mark.parametrize("path", UNSEEN, ids=lambda p: p.stem)
def test_invented_gold_set_is_large_enough_and_silently_wrong_at_most_five_percent(path):
    """Each language's invented gold set (sentences written for its error classes, no rule tuned on them):
    40 items or more, every form checked, and at most 5% of each form's outputs derived and wrong."""
    from wino_toolkit.forms.gold import evaluate_invented, load_invented

    entries = load_invented(path)
    assert len(entries) >= 40 and len({e.kind for e in entries}) >= 3
    report = evaluate_invented(entries)
    for (language, form), agreement in report.rows.items():
        assert report.silent[language, form] <= SILENT_TARGET * agreement.compared, "\n".join(
            report.table() + [f"{key}\n  ours: {ours}\n  gold: {gold}" for key, ours, gold in agreement.mismatches])
