"""The review loop of issue #31 that any user can run: `wino forms sample` draws items (not pairs) with every
sentence a form derives from each, or the reason it refuses it, into a TSV that round-trips; `wino forms score`
turns the judgements into silently-wrong and needless-refusal rates with Wilson intervals."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.cli import main
from wino_toolkit.errors import FormatError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.intervals import wilson
from wino_toolkit.review import (ReviewRow, ReviewSheet, parse_sheet, read_sheet, render, sample_items, score_sheets,
                                 to_tsv)
from wino_toolkit.schema import Candidate, Item, Span

PWS = SAMPLES / "pws.tsv"  # 28 items in 7 languages, Hungarian among them: every form refuses some


def pws() -> list[Item]:
    return list(wt.read(PWS))


def item(id_: str, text: str, first: str, second: str, pronoun: str, answer: int = 0) -> Item:
    """An English item whose candidates and pronoun are located in ``text`` (the pronoun's last occurrence)."""
    at = text.rindex(f" {pronoun} ") + 1
    a, b = text.index(first), text.index(second)
    return Item(id_, "invented", "en", text, [Candidate(first, Span(a, a + len(first), first)),
                                              Candidate(second, Span(b, b + len(second), second))],
                answer=answer, pronoun=Span(at, at + len(pronoun), pronoun))


AWKWARD = [  # tabs, quotes, line breaks (\n, \r\n and a lone \r) and markup, in the text the sheet carries
    item("tab", 'Kim bought Lu a "big"\tcake because she was hungry.', "Kim", "Lu", "she", 1),
    item("lines", "Kim thanked Lu.\nThen she left,\r\nsaying 'bye'\rloudly.", "Kim", "Lu", "she"),
    item("markup", "Kim told Lu <b>that</b> & more because she was sure.", "Kim", "Lu", "she"),
]


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# --- sampling --------------------------------------------------------------------------------------

def test_the_draw_is_fixed_by_the_seed_and_differs_across_seeds():
    items = pws()
    first = [row.id for row in sample_items(items, "nli", 10, seed=3).rows]
    assert first == [row.id for row in sample_items(items, "nli", 10, seed=3).rows]
    assert first != [row.id for row in sample_items(items, "nli", 10, seed=4).rows]
    assert len(set(first)) == 10
    order = [i.id for i in items]
    assert first == sorted(first, key=order.index)  # in input order, numbered from 1
    assert [row.n for row in sample_items(items, "nli", 10, seed=3).rows] == list(range(1, 11))


def test_every_item_when_the_corpus_is_smaller_than_n_and_n_of_each_language_on_request():
    items = pws()
    assert len(sample_items(items, "nli", 500, seed=0).rows) == len(items)
    rows = sample_items(items, "nli", 2, seed=0, per_language=True).rows
    languages = sorted({i.language for i in items})
    assert sorted(r.language for r in rows) == sorted(languages * 2)  # two of each
    assert "|per:language|" in sample_items(items, "nli", 2, seed=0, per_language=True).signature


@pytest.mark.parametrize("form", ["nli", "disambiguated", "blank"])
def test_every_derived_sentence_of_a_sampled_item_is_in_its_row(form):
    items = {(i.corpus, i.id): i for i in pws()}
    sheet = sample_items(list(items.values()), form, 500, seed=0)
    derived = [row for row in sheet.rows if row.status == "derived"]
    assert derived
    for row in derived:
        records = list(derive(form, [items[row.corpus, row.id]]))
        if form == "blank":
            sentences = [records[0].text, *(c.text for c in records[0].candidates)]
        else:
            sentences = [r.hypothesis if form == "nli" else r.text for r in records]
            assert len(records) == len(items[row.corpus, row.id].candidates)
        for sentence in sentences:
            assert sentence in row.derived, (row.id, sentence)


@pytest.mark.parametrize("form", ["nli", "disambiguated", "blank"])
def test_refused_items_are_sampled_with_the_reason_the_form_gives(form):
    items = pws()
    report = FormReport()
    for it in items:
        list(derive(form, [it], report))
    reasons = {(s.corpus, s.item_id): s.reason for s in report.skipped}
    sheet = sample_items(items, form, 500, seed=0)
    refused = {(r.corpus, r.id): r.derived for r in sheet.rows if r.status == "refused"}
    assert refused and set(refused) == set(reasons)
    assert all(refused[key] == f"refused: {reason}" for key, reason in reasons.items())
    assert any("no rules for language hu" in text for text in refused.values())


def test_the_row_holds_the_source_with_the_pronoun_marked():
    row = sample_items([AWKWARD[0]], "disambiguated", 1, seed=0).rows[0]
    assert row.text == 'Kim bought Lu a "big"\tcake because ⟦she⟧ was hungry.'
    assert (row.corpus, row.id, row.language, row.form) == ("invented", "tab", "en", "disambiguated")
    assert (row.candidates, row.answer) == ("1. Kim | 2. Lu", "2. Lu")
    assert row.derived.splitlines() == ['1. wrong: Kim bought Lu a "big"\tcake because Kim was hungry.',
                                        '2. correct: Kim bought Lu a "big"\tcake because Lu was hungry.']
    assert (row.judgement, row.error_class, row.note) == ("", "", "")


def test_an_nli_premise_other_than_the_text_is_shown_with_the_hypotheses():
    """WinoGrande's premise holds a pronoun where the text has `_`: the reviewer judges against the premise."""
    items = list(wt.read(SAMPLES / "winogrande.jsonl"))
    row = next(r for r in sample_items(items, "nli", 50, seed=0).rows if r.status == "derived")
    pairs = list(derive("nli", [next(i for i in items if i.id == row.id)]))
    assert "⟦_⟧" in row.text
    assert row.derived.splitlines()[0] == f"premise: {pairs[0].premise}" and "_" not in pairs[0].premise
    assert row.derived.splitlines()[1:] == [f"{p.candidate + 1}. {'entailment' if p.label else 'not_entailment'}: "
                                            f"{p.hypothesis}" for p in pairs]


def test_a_zero_anaphora_slot_is_marked_too():
    it = Item("slot", "invented", "ja", "太郎は次郎を呼んだが、来なかった。", [Candidate("太郎"), Candidate("次郎")], answer=1,
              pronoun=Span(11, 11, ""))
    from wino_toolkit.review.sample import marked_text

    assert marked_text(it) == "太郎は次郎を呼んだが、⟦∅⟧来なかった。"


def test_the_signature_names_form_size_seed_data_and_version():
    items = pws()
    from wino_toolkit import __version__
    from wino_toolkit.fingerprint import items_checksum

    sheet = sample_items(items, "blank", 5, seed=7)
    assert sheet.signature == f"forms-sample|form:blank|n:5|of:28|seed:7|data:{items_checksum(items)}|v:{__version__}"
    assert to_tsv(sheet).splitlines()[0] == f"# {sheet.signature}"


def test_a_form_that_is_not_reviewed_or_a_corpus_without_items_is_refused():
    from wino_toolkit.errors import ParameterError, WinoError

    with pytest.raises(ParameterError, match="nli, disambiguated, blank"):
        sample_items(pws(), "twin", 5, seed=0)
    with pytest.raises(WinoError, match="no schema items"):
        sample_items(list(wt.read(SAMPLES / "wnli.tsv")), "nli", 5, seed=0)


# --- the sheet ------------------------------------------------------------------------------------

@pytest.mark.parametrize("form", ["nli", "disambiguated", "blank"])
def test_the_sheet_round_trips_tabs_quotes_and_line_breaks(form, tmp_path):
    sheet = sample_items([*AWKWARD, *pws()], form, 500, seed=0)
    sheet.rows[0].judgement, sheet.rows[0].note = "wrong", 'a "quoted"\tnote\nover two lines'
    text = to_tsv(sheet)
    assert parse_sheet(text) == sheet
    path = tmp_path / "review.tsv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # a spreadsheet's byte-order mark
    back = read_sheet(path)
    assert back == sheet and back.path == str(path)
    assert [r.text for r in back.rows[:3]] == [r.text for r in sheet.rows[:3]]
    assert "\r" in back.rows[1].text and "\t" in back.rows[0].text


def test_a_spreadsheet_that_moved_columns_and_dropped_the_comments_still_reads(tmp_path):
    sheet = sample_items(pws(), "nli", 4, seed=0)
    rows = [cells for cells in csv.reader(io.StringIO(to_tsv(sheet), newline=""), delimiter="\t") if not cells[0].startswith("#")]
    out = io.StringIO()
    csv.writer(out, delimiter="\t").writerows([*cells[1:], cells[0], ""] for cells in rows)  # n last, an extra cell
    back = parse_sheet(out.getvalue(), "moved.tsv")
    assert back.signature is None and back.rows == sheet.rows and "\n" in back.rows[0].derived


def test_a_bad_judgement_is_refused_naming_the_file_and_the_line(tmp_path):
    sheet = sample_items([*AWKWARD, *pws()], "nli", 500, seed=0)
    bad = next(r for r in sheet.rows if r.status == "derived" and r.n > 2)
    bad.judgement = "okay"
    path = tmp_path / "review.tsv"
    path.write_text(to_tsv(sheet), encoding="utf-8")
    line = 1 + next(k for k, text in enumerate(path.read_text(encoding="utf-8").split("\n")) if text.startswith(f"{bad.n}\t"))
    with pytest.raises(FormatError) as caught:
        read_sheet(path)
    assert str(caught.value) == (f"{path}: line {line}: judgement 'okay' is not one of ok, wrong for a derived item "
                                 "(empty: not judged yet)")


def test_a_refusal_cannot_be_judged_ok_nor_a_derived_item_a_needless_refusal():
    row = ReviewRow(1, "c", "i", "en", "nli", "refused", "t", "a | b", "", "refused: why", judgement="ok")
    assert "right-refusal, needless-refusal for a refused item" in row.problem()
    row = ReviewRow(1, "c", "i", "en", "nli", "derived", "t", "a | b", "", "x", judgement=" Needless-Refusal ")
    assert "ok, wrong for a derived item" in row.problem()
    assert ReviewRow(1, "c", "i", "en", "nli", "derived", "t", "", "", "x", judgement=" WRONG ").problem() is None
    with pytest.raises(FormatError, match="row 1: status 'maybe'"):
        score_sheets([ReviewSheet(None, [ReviewRow(1, "c", "i", "en", "nli", "maybe", "t", "", "", "x")])])


def test_a_file_that_is_not_a_sheet_is_refused(tmp_path):
    with pytest.raises(FormatError, match="no column .*not a review sheet"):
        read_sheet(PWS)
    path = tmp_path / "comments.tsv"
    path.write_text("# only a comment\n", encoding="utf-8")
    with pytest.raises(FormatError, match="no header line"):
        read_sheet(path)


# --- scoring --------------------------------------------------------------------------------------

def judged(language: str, form: str, verdicts: list[tuple[str, str, str]]) -> list[ReviewRow]:
    """Rows of one language and form: (status, judgement, error class) each."""
    return [ReviewRow(k, "c", f"{language}-{k}", language, form, status, "t", "a | b", "", "x", judgement=j, error_class=e)
            for k, (status, j, e) in enumerate(verdicts, 1)]


def test_rates_and_intervals_of_a_hand_judged_sheet(tmp_path):
    en = judged("en", "nli", [("derived", "ok", "")] * 8 + [("derived", "wrong", "fragment"),
                                                            ("derived", "wrong", "fragment, determiner")]
                + [("refused", "needless-refusal", "marked-span"), ("refused", "right-refusal", "")]
                + [("derived", "", ""), ("refused", "", "fragment")] * 1 + [("derived", " ", "")])
    fr = judged("fr", "nli", [("derived", "OK", "")] * 4)
    path = tmp_path / "judged.tsv"
    path.write_text(to_tsv(ReviewSheet("forms-sample|form:nli|test", en + fr)), encoding="utf-8")
    scored = score_sheets([read_sheet(path)]).to_dict()
    assert scored["sheets"] == [{"path": str(path), "signature": "forms-sample|form:nli|test", "rows": 19}]
    assert (scored["judged"], scored["unjudged"]) == (16, 3)
    g_en, g_fr = scored["groups"]
    assert (g_en["language"], g_en["judged"], g_en["derived"], g_en["refused"], g_en["unjudged"]) == ("en", 12, 10, 2, 3)
    low, high = wilson(2, 12)
    assert g_en["silently_wrong"] == {"count": 2, "rate": 2 / 12, "low": low, "high": high}
    low, high = wilson(1, 12)
    assert g_en["needless_refusals"] == {"count": 1, "rate": 1 / 12, "low": low, "high": high}
    assert g_en["error_classes"] == {"fragment": 2, "determiner": 1, "marked-span": 1}  # unjudged rows not counted
    assert g_fr["silently_wrong"] == {"count": 0, "rate": 0.0, "low": 0.0, "high": wilson(0, 4)[1]}
    assert scored["error_classes"] == {"fragment": 2, "determiner": 1, "marked-span": 1}


def test_a_group_with_nothing_judged_has_no_rate():
    scored = score_sheets([ReviewSheet(None, judged("ja", "blank", [("derived", "", "")]))]).to_dict()
    group = scored["groups"][0]
    assert group["judged"] == 0 and group["unjudged"] == 1
    assert group["silently_wrong"] == {"count": 0, "rate": None, "low": 0.0, "high": 1.0}


def test_the_library_prints_nothing(capsys):
    sheet = sample_items(pws(), "nli", 5, seed=0)
    score_sheets([parse_sheet(to_tsv(sheet))])
    render(sheet)
    assert capsys.readouterr() == ("", "")


def test_the_page_escapes_the_text_and_marks_the_pronoun():
    sheet = sample_items(AWKWARD, "nli", 3, seed=0)
    sheet.rows[0].note = "<script>alert(1)</script>"
    page = render(sheet)
    assert "<b>that</b>" not in page and "&lt;b&gt;that&lt;/b&gt; &amp; more because <mark>⟦she⟧</mark>" in page
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.startswith("<!DOCTYPE html>") and sheet.signature in page
    assert "needless-refusal" in page  # the legend


# --- the commands ---------------------------------------------------------------------------------

def test_sample_writes_the_sheet_and_the_page_and_score_reads_it_back(tmp_path, capsys):
    tsv, page = tmp_path / "review.tsv", tmp_path / "review.html"
    code, out, err = run(capsys, "forms", "sample", PWS, "--form", "nli", "-n", "12", "--seed", "2", "-o", tsv, "--html", page)
    assert code == 0 and out == "", err
    assert err.startswith("sampled 12 items (") and "forms-sample|form:nli|n:12|of:28|seed:2|" in err
    sheet = read_sheet(tsv)
    assert sheet == sample_items(pws(), "nli", 12, seed=2)
    assert page.read_text(encoding="utf-8") == render(sheet)
    code, out, err = run(capsys, "forms", "score", tsv, "--json")
    scored = json.loads(out)
    assert code == 0 and scored["unjudged"] == 12 and scored["judged"] == 0


def test_sample_writes_the_page_when_o_names_an_html_file_and_the_tsv_to_stdout_otherwise(tmp_path, capsys):
    page = tmp_path / "review.html"
    assert run(capsys, "forms", "sample", PWS, "--form", "blank", "-n", "3", "-o", page)[0] == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, out, _ = run(capsys, "forms", "sample", PWS, "--form", "blank", "-n", "3")
    assert code == 0 and parse_sheet(out) == sample_items(pws(), "blank", 3, seed=0)


def test_score_prints_a_table_with_rates_intervals_and_classes(tmp_path, capsys):
    rows = judged("pt", "blank", [("derived", "wrong", "inflection")] + [("derived", "ok", "")] * 3 + [("derived", "", "")])
    path = tmp_path / "judged.tsv"
    path.write_text(to_tsv(ReviewSheet("forms-sample|form:blank|x", rows)), encoding="utf-8")
    code, out, err = run(capsys, "forms", "score", path)
    assert code == 0 and err == "", err
    low, high = wilson(1, 4)
    assert "1 (25.0%)" in out and f"{low:.0%}-{high:.0%}" in out and "forms-sample|form:blank|x" in out
    assert "inflection" in out and "1 item(s) not judged yet: counted, not scored" in out


def test_score_refuses_a_bad_judgement_in_one_line_exit_1(tmp_path, capsys):
    rows = judged("en", "nli", [("derived", "ok", ""), ("refused", "ok", "")])
    path = tmp_path / "judged.tsv"
    path.write_text(to_tsv(ReviewSheet(None, rows)), encoding="utf-8")
    code, out, err = run(capsys, "forms", "score", path)
    assert code == 1 and out == ""
    header = 1 + len([line for line in to_tsv(ReviewSheet(None, [])).splitlines() if line.startswith("#")])
    assert err == (f"wino: error: {path}: line {header + 2}: judgement 'ok' is not one of right-refusal, "
                   "needless-refusal for a refused item (empty: not judged yet)\n")


@pytest.mark.parametrize("argv", [["--form", "twin"], ["--form", "nli", "-n", "0"], ["--form", "nli", "--seed", "-1"], []],
                         ids=["twin", "n 0", "seed -1", "no form"])
def test_sample_usage_errors_exit_2_in_one_line(argv, tmp_path, capsys):
    code, _, err = run(capsys, "forms", "sample", PWS, *argv, "-o", tmp_path / "r.tsv")
    assert code == 2 and err.count("\n") == 1 and err.startswith("wino forms sample: error:"), err
    assert not (tmp_path / "r.tsv").exists()


def test_missing_input_is_exit_1_and_writes_nothing(tmp_path, capsys):
    code, _, err = run(capsys, "forms", "sample", tmp_path / "missing.jsonl", "--form", "nli", "-o", tmp_path / "r.tsv")
    assert code == 1 and err.startswith("wino: error: ") and not (tmp_path / "r.tsv").exists()
    code, _, err = run(capsys, "forms", "score", tmp_path / "missing.tsv")
    assert code == 1 and err.startswith("wino: error: ") and err.count("\n") == 1


def test_the_sheet_over_its_corpus_is_refused(tmp_path, capsys):
    corpus = tmp_path / "c.tsv"
    corpus.write_bytes(PWS.read_bytes())
    code, _, err = run(capsys, "forms", "sample", corpus, "--form", "nli", "--html", corpus)
    assert code == 2 and "--html and CORPUS name the same file" in err
    assert corpus.read_bytes() == PWS.read_bytes()


def test_the_installed_command_pipes_a_sheet_to_score(tmp_path):
    """`wino forms sample ... | tee review.tsv`: the stream on standard output is the sheet, notes go to stderr."""
    done = subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "forms", "sample", str(PWS), "--form", "disambiguated",
                           "-n", "6", "--seed", "5"], capture_output=True, timeout=120, cwd="/")  # not the source folder
    assert done.returncode == 0, done.stderr
    path = tmp_path / "review.tsv"
    path.write_bytes(done.stdout)
    assert read_sheet(path) == sample_items(pws(), "disambiguated", 6, seed=5)
    assert b"sampled 6 items" in done.stderr
