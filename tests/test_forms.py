"""The forms framework: which records each form yields, labels, ids, and how skipped items are reported.

Grammar is the language modules' business (tests/test_lang_*.py); these items use a language tag
without a module ("xx"), so the forms are asked for the generic rules (``verbatim=True``): verbatim
substitution, clauses cut at punctuation. Without it such items are skipped (see the issue #8 tests).
"""
from __future__ import annotations

import json

import pytest
from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.forms import FormReport, blank, derive, disambiguated, nli, twin
from wino_toolkit.lang import get_language, languages
from wino_toolkit.lang.base import Language
from wino_toolkit.schema import Candidate, Item, Span


def item(i, text, pronoun, cands, answer, twin_id=None, role=None, language="xx"):
    spans = []
    for c in cands:
        k = text.find(c)
        spans.append(Candidate(c, Span(k, k + len(c), c) if k >= 0 else None))
    k = text.find(pronoun, max(s.span.end for s in spans if s.span) if any(s.span for s in spans) else 0)
    return Item(id=f"t-{i}", corpus="t", language=language, text=text, candidates=spans, answer=answer,
                pronoun=Span(k, k + len(pronoun), pronoun), twin=twin_id, role=role)


@pytest.fixture
def items():
    return [
        item(0, "Bo lent Al a pen, because it was spare.", "it", ["Bo", "a pen"], 1, "g", "special"),
        item(1, "Bo lent Al a pen, because it was needed.", "it", ["Bo", "a pen"], 1, "g", "alternate"),
        item(2, "Kim told Lu that she won.", "she", ["Kim", "Lu", "Mo"], None),
    ]


def test_generic_language_for_unknown_tags():
    assert type(get_language("xx")) is Language
    assert get_language("xx-Latn") is get_language("xx-Latn")


def test_nli_pairs_per_candidate_with_labels(items):
    report = FormReport()
    pairs = list(nli(items, report, verbatim=True))
    assert [p.id for p in pairs] == ["t-0-0", "t-0-1", "t-1-0", "t-1-1", "t-2-0", "t-2-1", "t-2-2"]
    assert [p.label for p in pairs[:2]] == [False, True] and pairs[4].label is None
    assert pairs[1].hypothesis == "Because a pen was spare."  # generic rules keep connectives and pairs[1].premise == items[0].text
    assert (pairs[1].item_id, pairs[1].candidate) == ("t-0", 1)
    assert report.coverage() == {"t": 1.0} and report.skipped == []


def test_items_without_reference_are_reported_not_dropped(items):
    items[1].pronoun = None
    report = FormReport()
    texts = list(disambiguated(items, report, verbatim=True))
    assert {d.item_id for d in texts} == {"t-0", "t-2"}
    assert report.skipped == [wt.forms.Skipped("t-1", "t", "no referring expression or zero-anaphora slot is marked")]
    assert report.coverage() == {"t": 2 / 3}


def test_disambiguated_texts_and_labels(items):
    texts = list(disambiguated(items[:1], FormReport(), verbatim=True))
    assert [d.text for d in texts] == ["Bo lent Al a pen, because Bo was spare.", "Bo lent Al a pen, because a pen was spare."]
    assert [d.label for d in texts] == [False, True]


def test_blank_keeps_twins_in_qids_and_skips_three_candidates(items):
    report = FormReport()
    out = list(blank(items, report, verbatim=True))
    assert [b.id for b in out] == ["g-1", "g-2"]
    assert out[0].text == "Bo lent Al a pen, because _ was spare." and out[0].pronoun.text == "_"
    assert report.skipped[0].reason == "WinoGrande holds 2 options, this item has 3"


def test_blank_passes_winogrande_items_through():
    wg = list(wt.read(SAMPLES / "winogrande.jsonl"))
    assert list(blank(wg, FormReport())) == wg


def test_twin_records_group_versions_and_report_singletons(items):
    report = FormReport()
    records = list(twin(items, report))
    assert len(records) == 1
    rec = records[0]
    assert rec.ids == ["t-0", "t-1"] and rec.triggers == [["spare"], ["needed"]] and rec.answer_texts == ["a pen", "a pen"]
    assert [s.item_id for s in report.skipped] == ["t-2"]


def test_unknown_form_name_suggests():
    with pytest.raises(wt.UnknownNameError, match="Did you mean 'twin'"):
        list(derive("twins", []))


def test_script_hook_applies_only_where_the_language_has_one(items, monkeypatch):
    monkeypatch.setattr(Language, "to_script", lambda self, text, script: text.upper(), raising=False)
    pairs = list(nli(items[:1], FormReport(), script="hant", verbatim=True))
    assert pairs[0].premise == items[0].text.upper()


@pytest.mark.parametrize("target, fmt, per_item", [("nli", "nli-jsonl", 2), ("wnli", "wnli", 2), ("disambiguated", "disambiguated", 2), ("twin", "twin", None), ("blank", "winogrande", 1)])
def test_convert_to_every_form_writes_readable_files(tmp_path, target, fmt, per_item):
    src = SAMPLES / "dpr.txt"
    n_items = len(list(wt.read(src)))
    out = tmp_path / f"o.{target}"
    report = wt.convert(src, to=target, output=out)
    back = list(wt.read(out, source_format=fmt))
    assert len(back) == report.written
    if per_item:
        assert report.written + per_item * len(report.skipped) == per_item * n_items
    assert wt.detect_format(out).name == fmt


def test_cli_reports_skipped_items_and_strict_fails(tmp_path, capsys):
    from wino_toolkit.cli import main

    src, out, rep = SAMPLES / "superglue.jsonl", tmp_path / "o.tsv", tmp_path / "skipped.tsv"
    code = main(["convert", str(src), "--to", "blank", "-o", str(out), "--report", str(rep)])
    err = capsys.readouterr().err
    assert code == 0 and "skipped" in err and "WinoGrande holds 2 options" in err
    rows = rep.read_text().splitlines()
    assert rows[0] == "item_id\tcorpus\treason" and len(rows) > 1 and all(r.count("\t") == 2 for r in rows)
    assert main(["convert", str(src), "--to", "blank", "-o", str(out), "--strict"]) == 1


def test_disambiguated_file_round_trips(tmp_path):
    out, again = tmp_path / "d.jsonl", tmp_path / "d2.jsonl"
    wt.convert(SAMPLES / "dpr.txt", to="disambiguated", output=out)
    wt.convert(out, to="disambiguated", output=again)
    assert again.read_bytes() == out.read_bytes()
    assert json.loads(out.read_text().splitlines()[0])["label"] in ("correct", "wrong")


@pytest.mark.parametrize("code", languages.names())
def test_every_registered_language_builds_and_resolves(code):
    """Each language module registers a class whose code and aliases resolve to it (spaCy's test_initialize)."""
    cls = languages.get(code)
    lang = get_language(code)
    assert type(lang) is cls and cls.code == code
    for alias in cls.aliases:
        assert type(get_language(alias)) is cls


def test_script_option_writes_traditional_chinese(tmp_path, capsys):
    from wino_toolkit.cli import main

    out = tmp_path / "hant.jsonl"
    assert main(["convert", str(SAMPLES / "mandarinograd.json"), "--to", "disambiguated", "--script", "hant", "-o", str(out)]) == 0
    hant = [json.loads(line)["text"] for line in out.read_text(encoding="utf-8").splitlines()]
    hans = [d.text for d in wt.read(out)]  # same records
    plain = [d.text for d in derive("disambiguated", wt.read(SAMPLES / "mandarinograd.json"))]
    assert hant == hans and len(hant) == len(plain)
    assert hant != plain and all(len(a) == len(b) for a, b in zip(hant, plain))


def test_record_by_record_formats_skip_what_they_cannot_express(tmp_path):
    """DPR marks the first occurrence of the pronoun; an item whose pronoun is the second one is reported."""
    good = item(0, "Bo lent Al a pen, because it was spare.", "it", ["Bo", "a pen"], 1, language="en")
    text = "Bo saw it: Al lent Bo a pen because it was spare."
    bad = Item(id="t-1", corpus="t", language="en", text=text, candidates=[Candidate("Al", Span(11, 13, "Al")), Candidate("a pen", Span(22, 27, "a pen"))],
               answer=1, pronoun=Span(36, 38, "it"))
    native, out = tmp_path / "in.jsonl", tmp_path / "out.txt"
    wt.write([good, bad], native, to="jsonl")
    report = wt.convert(native, to="dpr", output=out)
    assert report.written == 1 and [s.item_id for s in report.skipped] == ["t-1"]
    assert "first occurrence" in report.skipped[0].reason
    assert [it.text for it in wt.read(out)] == [good.text]


# -- issue #8: defects of the derived forms, one test each -----------------------------------------
def en_item(i, text, pronoun, cands, answer, **kw):
    return item(i, text, pronoun, cands, answer, language="en", **kw)


def test_script_hant_labels_records_zh_hant():
    """Traditional-script output is labelled zh-Hant in every form; hans (or no script) keeps zh-Hans."""
    items = list(wt.read(SAMPLES / "mandarinograd.json"))
    for name in ("nli", "disambiguated", "blank", "twin"):
        hant = list(derive(name, items, script="hant"))
        assert hant and {r.language for r in hant} == {"zh-Hant"}, name
        assert {r.language for r in derive(name, items, script="hans")} == {"zh-Hans"}, name
        assert {r.language for r in derive(name, items)} == {"zh-Hans"}, name


def test_winogrande_nli_premise_never_holds_the_blank():
    """A WinoGrande item's NLI premise has a real pronoun in place of `_`, or the item is skipped with a reason."""
    wg = [
        en_item(0, "The trophy did not fit in the suitcase because _ was too big.", "_", ["The trophy", "the suitcase"], 0),
        en_item(1, "Mary thanked Susan because _ had helped with the move.", "_", ["Mary", "Susan"], 1),
        en_item(2, "The dogs chased the cats until _ were tired.", "_", ["The dogs", "the cats"], 0),
        en_item(3, "Emma lent Robert a pen because _ had two.", "_", ["Emma", "Robert"], 0),
    ]
    report = FormReport()
    pairs = list(nli(wg, report))
    premises = {p.item_id: p.premise for p in pairs}
    assert premises == {
        "t-0": "The trophy did not fit in the suitcase because it was too big.",
        "t-1": "Mary thanked Susan because she had helped with the move.",
        "t-2": "The dogs chased the cats until they were tired.",
    }
    assert [s.item_id for s in report.skipped] == ["t-3"] and "different pronouns" in report.skipped[0].reason
    assert not any("_" in p.premise or "_" in p.hypothesis for p in pairs)


def test_winogrande_wnli_from_the_sample_has_no_blank(tmp_path):
    out = tmp_path / "wg.tsv"
    report = wt.convert(SAMPLES / "winogrande.jsonl", to="wnli", output=out)
    pairs = list(wt.read(out))
    assert report.written == len(pairs)
    assert not any("_" in p.premise or "_" in p.hypothesis for p in pairs)
    assert all(s.reason for s in report.skipped)


HUNGARIAN = item(0, "A macska elkapta az egeret, mert ő éhes volt.", "ő", ["A macska", "az egeret"], 0, language="hu")


@pytest.mark.parametrize("name", ["nli", "disambiguated", "blank"])
def test_language_without_rules_is_skipped_unless_verbatim(name):
    """No rules module for hu: the grammar forms skip its items instead of substituting verbatim."""
    report = FormReport()
    assert list(derive(name, [HUNGARIAN], report)) == []
    assert [(s.item_id, s.reason) for s in report.skipped] == [("t-0", "no rules for language hu")]
    verbatim = FormReport()
    assert list(derive(name, [HUNGARIAN], verbatim, verbatim=True)) and verbatim.skipped == []


def test_verbatim_substitution_when_asked():
    texts = [d.text for d in disambiguated([HUNGARIAN], verbatim=True)]
    assert texts == ["A macska elkapta az egeret, mert A macska éhes volt.", "A macska elkapta az egeret, mert az egeret éhes volt."]


def test_twin_form_needs_no_rules():
    """The twin form copies texts as they are, so a language without rules still gets it."""
    ru = [item(i, t, "она", ["Кошка", "мышь"], a, "g", r, language="ru")
          for i, t, a, r in ((0, "Кошка поймала мышь, потому что она была голодна.", 0, "special"),
                             (1, "Кошка поймала мышь, потому что она была медленной.", 1, "alternate"))]
    assert len(list(twin(ru))) == 1


def winologic_items():
    """As the WinoLogic reader gives them: each sentence twice (a true and a false reason), the claimed answer first."""
    out = []
    for n, (text, cands) in enumerate([
        ("The cat could not get into the box because it was too big.", ["the cat", "the box"]),
        ("The cat could not get into the box because it was too small.", ["the box", "the cat"]),
    ]):
        for m in range(2):
            it = en_item(2 * n + m, text, "it", cands, 0)
            at = [text.lower().find(c) for c in cands]
            it.candidates = [Candidate(c, Span(i, i + len(c), text[i : i + len(c)])) for c, i in zip(cands, at)]
            out.append(it)
    return out


def test_winologic_blank_one_item_per_schema_version_with_right_answer():
    """Repeated readings of one sentence give one blank item; options in the order the text names them."""
    report = FormReport()
    out = list(blank(winologic_items(), report))
    assert [b.text for b in out] == ["The cat could not get into the box because _ was too big.",
                                     "The cat could not get into the box because _ was too small."]
    # "The cat" starts the sentence, but fills the blank mid-sentence: "because the cat was too big"
    assert [[c.text for c in b.candidates] for b in out] == [["the cat", "the box"]] * 2
    assert [b.answer for b in out] == [0, 1]
    assert [s.item_id for s in report.skipped] == ["t-1", "t-3"]
    assert all("same schema version as t-" in s.reason for s in report.skipped)


def test_winologic_sample_blank_answers_are_not_all_the_first(tmp_path):
    out = tmp_path / "wl.jsonl"
    wt.convert(SAMPLES / "winologic.jsonl", to="blank", output=out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len({r["sentence"] for r in rows}) == len(rows) and {r["answer"] for r in rows} == {"1", "2"}


@pytest.mark.parametrize("name", ["nli", "disambiguated"])
def test_repeated_schema_version_is_reported_in_every_form(name):
    report = FormReport()
    records = list(derive(name, winologic_items(), report))
    assert {r.item_id for r in records} == {"t-0", "t-2"} and len(report.skipped) == 2


def test_derive_report_is_optional_and_documented(items):
    """`derive` and each form take the report as an optional argument, and say what it collects."""
    assert len(list(derive("nli", items, verbatim=True))) == 7
    for form in (nli, disambiguated, blank, twin):
        list(form(items, verbatim=True) if form is not twin else form(items))
    for text in ("report : FormReport, optional", "skipped", "Examples"):
        assert text in wt.forms.derive.__doc__
    assert "seen" in FormReport.__doc__ and "skipped" in FormReport.__doc__


TWO_BLANKS = item(0, "Bo told Al that _ would call _ later.", "_", ["Bo", "Al"], 0, language="en")


@pytest.mark.parametrize("name", ["nli", "disambiguated", "blank", "twin"])
def test_item_with_two_blanks_is_skipped_by_every_form(name):
    report = FormReport()
    assert list(derive(name, [TWO_BLANKS], report)) == []
    assert report.skipped and "2 blanks" in report.skipped[0].reason


def test_blank_is_never_doubled():
    """A text that already holds a `_` elsewhere cannot be blanked: the output would hold two. Inside a word
    ("my_notes") it is no blank for the other forms, which keep it as written."""
    it = en_item(0, "Bo sent Al my_notes because he was away.", "he", ["Bo", "Al"], 1)
    report = FormReport()
    assert list(blank([it], report)) == [] and "_" in report.skipped[0].reason
    assert [d.text for d in disambiguated([it])] == ["Bo sent Al my_notes because Bo was away.",
                                                     "Bo sent Al my_notes because Al was away."]


def test_same_sentence_in_two_splits_is_not_a_repeat():
    """A repeat is within one corpus and split; each derived record keeps its item's split."""
    first, second = winologic_items()[:2]
    first.split, second.split = "train", "dev"
    records = list(disambiguated([first, second]))
    assert [(r.item_id, r.split) for r in records] == [("t-0", "train"), ("t-0", "train"), ("t-1", "dev"), ("t-1", "dev")]


BLANK_CORPORA = ["wsc/WSCollection.xml", "dpr/train.c.txt", "mandarinograd/mandarinograd.json", "xwino/dataset.selected.tsv",
                 "french/French_Wino_Schemas.xml", "japanese/train.txt", "portuguese/portuguese_wsc.json", "pws/pws.tsv"]


@pytest.mark.slow
@pytest.mark.parametrize("rel", BLANK_CORPORA)
def test_blank_span_points_at_the_blank_in_every_shared_corpus(rel):
    """Contract over every language's rules on real data: the blank item's span covers its ``_``, even where edits
    before it (a Russian possessive taken out) moved it, and every option is a non-empty string."""
    from conftest import shared_file

    items = list(wt.read(shared_file(rel)))
    made = list(blank(items, FormReport()))
    assert len(made) > len(items) // 3
    for out in made:
        assert out.text[out.pronoun.start : out.pronoun.end] == "_" == out.pronoun.text, (out.id, out.text)
        assert all(c.text.strip() for c in out.candidates), out.id
