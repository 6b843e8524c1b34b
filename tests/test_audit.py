"""`wino audit`: every section and verdict on the bundled samples, figures hand-computed on small invented
corpora, the HTML page's self-containment, --json, -o checked before work, and the demo's last line."""
from __future__ import annotations

import io
import json
import re

import pytest

from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.audit import AuditReport, audit
from wino_toolkit.audit.report import SECTIONS
from wino_toolkit.cli import main
from wino_toolkit.demo import sample_files
from wino_toolkit.parallel import PARALLEL, parallel_key
from wino_toolkit.schema import Candidate, Item

MODELS = ("pmi", "predictability", "zero_shot")


def item(ident: str, text: str, answer: int | None = 0, *, corpus: str = "new", language: str = "en", twin: str | None = None,
         candidates: tuple[str, str] = ("the trophy", "the suitcase"), meta: dict | None = None) -> Item:
    return Item(ident, corpus, language, text, [Candidate(c) for c in candidates], answer=answer, twin=twin, meta=meta or {})


def jsonl(tmp_path, name: str, items: list[Item]) -> str:
    path = tmp_path / name
    wt.write(items, path, to="jsonl")
    return str(path)


@pytest.fixture(scope="module")
def samples() -> AuditReport:
    return audit(sample_files())


def test_the_samples_report_holds_every_section_with_a_verdict_and_a_time(samples):
    assert [s.key for s in samples.sections] == list(SECTIONS)
    for s in samples.sections:
        assert s.verdict and s.command.startswith("wino ") and s.seconds >= 0
    ran = {s.key: s.status for s in samples.sections}
    assert all(ran[key] == "ok" for key in ("summary", "validity", "twins", "balance")), ran
    assert ran["contamination"] == "not run" and all(ran[key] == "not run" for key in MODELS)
    summary = samples.section("summary").figures
    assert (summary["items"], summary["schemas"], summary["nli_pairs"], summary["corpora"]) == (92, 52, 10, 11)  # as `wino demo` says
    assert summary["cards"]["wsc285"]["license"] == "CC-BY-4.0" and "Levesque" in summary["cards"]["wsc285"]["citation"]
    assert samples.section("validity").verdict.startswith("well formed: no problem in 102 records")
    # WinoLogic's 4 sample items all have the answer in position 1: the balance section must say so
    assert "winologic (4/4 in position 1)" in samples.section("balance").verdict
    assert re.fullmatch(r"audit\|data:[0-9a-f]{8}\|against:none\|seed:0\|v:.+", samples.signature)


def test_a_section_whose_input_is_missing_says_what_to_pass(samples):
    verdicts = {s.key: s.verdict for s in samples.sections}
    assert verdicts["contamination"] == "not run: pass --against KNOWN..."
    assert "--index" in verdicts["pmi"] and "--model" in verdicts["predictability"] and "--lm" in verdicts["zero_shot"]


def test_the_surface_artefacts_section_carries_the_three_cues(samples):
    pytest.importorskip("sklearn")
    section = samples.section("artefacts")
    assert section.status == "ok", section.verdict
    for key in ("word_label", "candidate_order", "length"):
        assert "verdict" in section.figures[key] and key.replace("_", "-") in section.verdict
    assert "<h3>candidate order</h3>" in samples.html()


def test_twins_and_balance_on_an_invented_corpus(tmp_path):
    """Two intact pairs, one pair whose versions share their answer (broken), one item given twice, one
    singleton; 5 of the 7 labeled items answer position 1."""
    items = [
        item("1a", "The trophy did not fit in the suitcase because it was too big.", 0, twin="1"),
        item("1b", "The trophy did not fit in the suitcase because it was too small.", 1, twin="1"),
        item("2a", "The ball broke the table because it was made of steel.", 0, twin="2", candidates=("the ball", "the table")),
        item("2b", "The ball broke the table because it was made of glass.", 1, twin="2", candidates=("the ball", "the table")),
        item("3a", "Ann thanked Bo because she was kind.", 0, twin="3", candidates=("Ann", "Bo")),
        item("3b", "Ann thanked Bo because she was rude.", 0, twin="3", candidates=("Ann", "Bo")),
        item("4", "Ann thanked Bo because she was kind.", 0, candidates=("Ann", "Bo")),
    ]
    report = audit([jsonl(tmp_path, "new.jsonl", items)])
    twins = report.section("twins").figures
    row = twins["corpora"]["new"]
    assert (row["pairs"], row["singletons"], row["broken_same_answer"], row["duplicated_groups"]) == (3, 1, 1, 1)
    assert row["broken_same_answer_twins"] == ["3"] and row["duplicated_ids"] == [["3a", "4"]]
    assert {t["word"]: t["count"] for t in twins["triggers"]} == {w: 1 for w in ("big", "small", "steel", "glass", "kind", "rude")}
    assert report.section("twins").verdict.startswith("damaged: 3 pairs, 1 singletons, 1 broken pair(s), 1 question(s)")
    balance = report.section("balance").figures["rows"]["new"]
    assert balance["answer_position"] == {"1": 5, "2": 2} and balance["first_position"] == 5
    assert balance["first_position_ci95"] == pytest.approx([0.359, 0.918], abs=1e-3)  # Wilson, 5 of 7
    # 5 of 7 (36%-92%) shows no skew, and no balance either: the interval allows a 40-point skew
    assert not balance["skewed"] and report.section("balance").verdict.startswith("too few items to tell")


def test_a_corpus_always_answered_by_option_1_is_skewed(tmp_path):
    items = [item(str(k), f"Sentence number {k} where it was the trophy.", 0) for k in range(10)]
    report = audit([jsonl(tmp_path, "always-first.jsonl", items)])
    row = report.section("balance").figures["rows"]["new"]
    assert row["skewed"] and row["first_position_ci95"][0] > 0.5
    assert report.section("balance").verdict == "skewed: the answer position gives it away in new (10/10 in position 1)"


def test_contamination_finds_an_overlap_by_text_and_one_by_parallel_key(tmp_path):
    known_text = "The city councilmen refused the demonstrators a permit because they feared violence."
    other = "The lawyer asked the witness a question, but he was reluctant to repeat it."
    known = [item("k1", known_text, candidates=("the city councilmen", "the demonstrators"), corpus="known"),
             item("k2", other, candidates=("the lawyer", "the witness"), corpus="known")]
    new = [item("n1", "the city councilmen refused the demonstrators a permit, because they feared violence!",
                candidates=("the city councilmen", "the demonstrators")),  # the same text, spelt otherwise
           item("n2", "Les conseillers municipaux ont refusé un permis aux manifestants.", language="fr",
                candidates=("les conseillers", "les manifestants"), meta={PARALLEL: parallel_key(other)}),  # a translation of k2
           item("n3", "Kim gave Lu a book because she had finished it.", candidates=("Kim", "Lu"))]
    report = audit([jsonl(tmp_path, "new.jsonl", new)], against=[jsonl(tmp_path, "known.jsonl", known)])
    section = report.section("contamination")
    assert section.status == "ok" and section.figures["found"] == {"exact": 1, "parallel": 1, "near": 0}
    assert {(p["target"], p["source"], p["route"]) for p in section.figures["pairs"]} == {
        ("n1", "k1", "text"), ("n2", "k2", "parallel key")}
    assert section.verdict == "2 of 3 items (66.7%) overlap known: 1 exact, 1 by parallel key, 0 near"
    assert section.command.startswith("wino audit ") and "--against" in section.command
    assert section.command.endswith("--section contamination -o contamination.html")
    assert "Les conseillers municipaux" in report.html()


def _references(page: str) -> list[str]:
    """Every URL-like value of the page: attributes that load or link, and ``url(...)`` / ``@import`` in CSS."""
    from lxml import html as lxml_html

    tree = lxml_html.fromstring(page)
    found = []
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            if name.split("}")[-1] in ("src", "href", "srcset", "action", "formaction", "poster", "data", "background",
                                       "xlink:href", "manifest", "cite", "ping"):
                found.append(value)
            found.extend(re.findall(r"url\(\s*['\"]?([^'\")]*)", value))
    for style in tree.iter("style"):
        found.extend(re.findall(r"url\(\s*['\"]?([^'\")]*)", style.text or ""))
        found.extend(re.findall(r"@import\s+['\"]?([^'\";\s]+)", style.text or ""))
    return found


def test_the_html_page_is_self_contained(tmp_path):
    known = [item("k1", "Kim gave Lu a book because she had finished reading it.", candidates=("Kim", "Lu"), corpus="known")]
    report = audit(sample_files(), against=[jsonl(tmp_path, "known.jsonl", known)])
    page = report.html()
    from lxml import html as lxml_html

    tree = lxml_html.fromstring(page)
    references = _references(page)
    assert references and all(ref.startswith("#") for ref in references), [r for r in references if not r.startswith("#")]
    assert not tree.xpath("//script | //link | //iframe | //img | //object | //embed")
    assert tree.xpath("//style") and "@media print" in tree.xpath("//style")[0].text
    assert [s.get("id") for s in tree.xpath("//section")] == list(SECTIONS)
    assert len(tree.xpath("//section//svg")) >= 4  # languages, balance, artefacts, contamination
    for s in report.sections:  # the verdict and the command that reproduces it, in every section
        node = tree.xpath(f"//section[@id='{s.key}']")[0]
        assert node.xpath(".//p[@class='verdict']")[0].text_content() == s.verdict
        assert s.command in node.text_content()


def test_references_are_caught():
    """The check above fails on what a careless page would hold."""
    page = ('<html><head><style>@import "https://x.org/a.css"; b{background:url(https://x.org/i.png)}</style></head>'
            '<body><a href="https://x.org">x</a><svg><image href="//x.org/i.png"/></svg></body></html>')
    assert {"https://x.org/a.css", "https://x.org/i.png", "https://x.org", "//x.org/i.png"} <= set(_references(page))


def test_json_has_every_figure_and_the_page_is_written(tmp_path, capsys):
    out = tmp_path / "report.html"
    code = main(["audit", str(SAMPLES / "wsc-xml.xml"), str(SAMPLES / "winogrande.jsonl"), "-o", str(out), "--json"])
    captured = capsys.readouterr()
    assert code == 0 and out.exists()
    data = json.loads(captured.out)
    expected = audit([SAMPLES / "wsc-xml.xml", SAMPLES / "winogrande.jsonl"]).to_json()
    assert list(data["sections"]) == list(SECTIONS)
    for key, section in data["sections"].items():
        assert {"verdict", "figures", "seconds", "command", "status", "question"} <= set(section)
        if key != "artefacts":  # its own timings differ between runs
            assert section["figures"] == expected["sections"][key]["figures"], key
    assert data["sections"]["summary"]["figures"]["items"] == 15 and data["signature"] == expected["signature"]
    assert "report written to" in captured.err and str(out) in captured.err


def test_output_checked_before_any_work_in_one_line(tmp_path, capsys, monkeypatch):
    import wino_toolkit.audit.report as report

    monkeypatch.setattr(report, "audit", lambda *a, **k: pytest.fail("the audit ran before -o was checked"))
    sample = str(SAMPLES / "dpr.txt")
    for bad in (tmp_path / "missing" / "r.html", tmp_path):
        code = main(["audit", sample, "-o", str(bad)])
        err = capsys.readouterr().err
        assert code == 1 and err.count("\n") == 1 and err.startswith("wino: error: ") and str(bad) in err
    code = main(["audit", sample, "-o", sample])
    assert code == 2 and "-o and CORPUS name the same file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["audit", sample])
    assert exc.value.code == 2 and "-o" in capsys.readouterr().err


def test_a_missing_corpus_is_one_line_before_work(tmp_path, capsys):
    code = main(["audit", str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "r.html")])
    err = capsys.readouterr().err
    assert code == 1 and err.strip() == f"wino: error: {tmp_path / 'nope.jsonl'}: no such file or directory"
    assert not (tmp_path / "r.html").exists()


def test_pmi_section_with_an_index(tmp_path):
    pytest.importorskip("scipy")
    from importlib import resources
    from pathlib import Path

    from wino_toolkit.baselines.pmi.index import build_index

    wiki = Path(str(resources.files("wino_toolkit.corpora") / "samples" / "wiki" / "enwiki-sample.xml"))
    index = build_index(wiki, tmp_path / "en.idx", language="en", processes=1)
    report = audit([SAMPLES / "wsc-xml.xml", SAMPLES / "mandarinograd.json"], index=index)
    section = report.section("pmi")
    assert section.status == "ok", section.verdict
    summaries = [s for r in section.figures["results"] for s in r["summaries"]]
    assert [(s["corpus"], s["language"], s["items"]) for s in summaries] == [("wsc285", "en", 8)]
    assert section.figures["unchecked_languages"] == ["zh-Hans"] and "no index for zh-Hans" in section.verdict
    assert "wsc285/en: " in section.verdict and "seed:0" in section.figures["results"][0]["signature"]


def test_the_demo_ends_by_writing_the_audit(tmp_path):
    from rich.console import Console

    from wino_toolkit.demo import run_demo

    buffer = io.StringIO()
    assert run_demo(str(tmp_path), console=Console(file=buffer, width=200)) == 0
    last = buffer.getvalue().strip().splitlines()[-1]
    assert last.startswith("audit of the bundled samples") and last.endswith(str(tmp_path / "audit.html"))
    assert "<section id=\"summary\"" in (tmp_path / "audit.html").read_text(encoding="utf-8")


def test_model_sections_with_tiny_models(tmp_path):
    """The predictability and zero-shot sections run their wrappers end to end on tiny random models."""
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    from tiny_lm import saved_byte_encoder, saved_gpt2, word_tokenizer

    corpora = [SAMPLES / "wsc-xml.xml", SAMPLES / "dpr.txt", SAMPLES / "winogrande.jsonl"]
    texts = [it.text for path in corpora for it in wt.read(path)]
    encoder = saved_byte_encoder(texts, tmp_path / "encoder")
    _, _, lm = saved_gpt2(word_tokenizer(texts + [c.text for p in corpora for it in wt.read(p) for c in it.candidates]),
                          tmp_path / "gpt2")
    report = audit(corpora, model=encoder, lm=lm)
    probe, zero = report.section("predictability"), report.section("zero_shot")
    assert probe.status == "ok" and zero.status == "ok", (probe.verdict, zero.verdict)
    assert probe.figures["n"] == len(probe.figures["points"]) > 0 and "linear probe" in probe.verdict
    assert {(r["corpus"], r["items"]) for r in zero.figures["rows"] if not r.get("subset")} >= {("wsc285", 8), ("dpr", 8)}
    assert all(r["low"] <= r["accuracy"] <= r["high"] for r in zero.figures["rows"])
    page = report.html()
    assert page.count("<circle") >= probe.figures["n"] and "zero-shot accuracy" in page
