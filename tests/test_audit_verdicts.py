"""`wino audit` verdicts that follow from the figures (issue 29, section 4): a verdict word only where the 95%
interval supports it, a below-chance accuracy called a leak, corpora without twin ids grouped by near-duplicate
text, balance, cues and duplicates broken down per language and source, duplicates found whatever their character
offsets (and flagged when their answers differ), PMI and predictability worded as their statistics allow, and a
section's command that recomputes that section alone. Every corpus here is invented."""
from __future__ import annotations

import json
import random
import re
import shlex
from types import SimpleNamespace

import pytest

import wino_toolkit as wt
from wino_toolkit.audit import audit
from wino_toolkit.cli import main
from wino_toolkit.schema import Candidate, Item, Span

NAMES = ["Ann", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Oda", "Pim"]
RU_NAMES = ["Аня", "Боря", "Вера", "Гоша", "Даша", "Егор", "Женя", "Зоя"]


def item(ident: str, text: str, answer: int | None, candidates: tuple[str, str], *, language: str = "en",
         twin: str | None = None, source: str | None = None, pronoun: str | None = None, corpus: str = "new") -> Item:
    """An item whose candidates (and pronoun, when named) get their spans where they first occur in the text."""
    def span(word: str) -> Span | None:
        at = text.find(word)
        return Span(at, at + len(word), word) if at >= 0 else None

    return Item(ident, corpus, language, text, [Candidate(c, span(c)) for c in candidates], answer,
                pronoun=span(pronoun) if pronoun else None, twin=twin, meta={"source": source} if source else {})


def jsonl(tmp_path, name: str, items: list[Item]) -> str:
    path = tmp_path / name
    wt.write(items, path, to="jsonl")
    return str(path)


def pair_names(k: int) -> tuple[str, str]:
    """A different pair of names for each k below 240."""
    a = k % len(NAMES)
    return NAMES[a], NAMES[(a + 1 + k // len(NAMES)) % len(NAMES)]


def schemas(n: int, *, twin_ids: bool) -> list[Item]:
    """``n`` schemas of two versions that differ only in their trigger word and have opposite answers. Each
    schema has a word of its own ("sK"), so a classifier that saw one version learns the other's label backwards."""
    items = []
    for k in range(n):
        a, b = pair_names(k)
        for version, trigger in enumerate(("early", "late")):
            text = f"{a} thanked {b} because _ found s{k} t{k}{trigger}."
            items.append(item(f"q{2 * k + version}", text, version, (a, b), twin=f"s{k}" if twin_ids else None, pronoun="_"))
    return items


# -- one item: no verdict word ------------------------------------------------------------------------------------------


def test_one_item_is_too_few_to_tell(tmp_path):
    """Old wording: "balanced" and "position gives nothing away: 100% against chance 50%" from one item."""
    pytest.importorskip("sklearn")
    report = audit([jsonl(tmp_path, "one.jsonl", [item("1", "Ann thanked Bea because _ was kind.", 0, ("Ann", "Bea"))])])
    balance, artefacts = report.section("balance"), report.section("artefacts")
    assert balance.verdict.startswith("too few items to tell") and "balanced" not in balance.verdict
    assert balance.figures["rows"]["new"]["state"] == "too few items to tell"
    order = artefacts.figures["candidate_order"]
    assert order["state"] == "too few items" and "gives nothing away" not in artefacts.verdict
    assert order["verdict"].startswith("position: too few items to tell: 100% against chance 50% (95% CI 21%-100%, n=1")
    assert report.section("twins").verdict.startswith("no twin information") and "intact" not in report.section("twins").verdict


def test_balanced_only_when_the_interval_is_narrow(tmp_path):
    """100 of 200 answers in position 1: 43%-57% lies within 40%-60%, so "balanced" is said; 6 of 10 is not enough."""
    many = [item(str(k), f"{a} met {b} and _ smiled {k}.", k % 2, (a, b)) for k, (a, b) in enumerate(map(pair_names, range(200)))]
    verdict = audit([jsonl(tmp_path, "many.jsonl", many)], sections=["balance"]).section("balance").verdict
    assert verdict.startswith("balanced: in every corpus and split the 95% interval of the answers in position 1 lies within 40%-60%")
    few = [item(str(k), f"{a} met {b} and _ smiled {k}.", int(k >= 6), (a, b)) for k, (a, b) in enumerate(map(pair_names, range(10)))]
    verdict = audit([jsonl(tmp_path, "few.jsonl", few)], sections=["balance"]).section("balance").verdict
    assert verdict.startswith("too few items to tell: no skew shown") and "new (10)" in verdict


# -- a corpus without twin information ----------------------------------------------------------------------------------


def test_a_corpus_without_twin_ids_is_grouped_by_near_duplicate_text(tmp_path):
    """The versions of one schema, without twin ids, used to fall in different folds: the cue-word classifier
    learnt each schema's own word from the other version and scored far below chance, reported as "gives nothing
    away"; the twins section said "intact". Grouped by near-duplicate text they score as with twin ids."""
    pytest.importorskip("sklearn")
    bare = audit([jsonl(tmp_path, "bare.jsonl", schemas(30, twin_ids=False))], sections=["twins", "artefacts"])
    twinned = audit([jsonl(tmp_path, "twinned.jsonl", schemas(30, twin_ids=True))], sections=["artefacts"])
    words = bare.section("artefacts").figures["word_label"]
    assert bare.section("artefacts").figures["grouping"] == {"twin_ids": 0, "near_links": 30, "groups": 30,
                                                             "method": "no twin information: near-duplicate text"}
    assert words["accuracy"] == twinned.section("artefacts").figures["word_label"]["accuracy"]
    assert words["state"] != "leak" and words["accuracy"] >= 0.4
    twins = bare.section("twins")
    assert twins.verdict.startswith("no twin information: no item of 60 has a twin id (near-duplicate text suggests 30 schemas)")
    assert twins.figures["corpora"]["new"]["twin_information"] is False


def test_an_accuracy_below_chance_is_called_a_leak(monkeypatch):
    """The same schemas with every version made its own group (as without grouping): far below chance, which the
    verdict calls a leak in the method, never "gives nothing away"."""
    pytest.importorskip("sklearn")
    from wino_toolkit.audit import artefacts

    items = schemas(30, twin_ids=False)
    monkeypatch.setattr(artefacts, "schema_groups", lambda given: (list(range(len(given))), {"method": "one per item"}))
    words = artefacts.surface_artefacts(items)["word_label"]
    assert words["accuracy"] < 0.3 and words["state"] == "leak"
    assert words["verdict"].startswith("word choice: below chance: a leak in the method")
    assert "gives nothing away" not in words["verdict"]


# -- per language and source --------------------------------------------------------------------------------------------


def multilingual() -> list[Item]:
    """200 English items, 90 answered in position 1; 60 Russian ones, 50 in position 1. Together 140 of 260
    (48%-60%): no skew for the corpus as a whole, a clear one in Russian. Each source (book, web) has half of
    each language: 70 of 130 in position 1, no skew."""
    rng = random.Random(3)
    out = []
    for k in range(200):
        a, b = pair_names(k)
        out.append(item(f"en{k}", f"{a} met {b} and _ waved {k}.", 0 if k < 90 else 1, (a, b), source="book" if k % 2 else "web"))
    for k in range(60):
        a, b = rng.sample(RU_NAMES, 2)
        out.append(item(f"ru{k}", f"{a} встретила {b}, и _ помахала {k}.", 0 if k < 50 else 1, (a, b), language="ru",
                        source="book" if k % 2 else "web"))
    return out


def test_a_skew_in_one_language_of_a_multilingual_corpus_is_seen(tmp_path):
    pytest.importorskip("sklearn")
    report = audit([jsonl(tmp_path, "multi.jsonl", multilingual())], sections=["balance", "artefacts"])
    balance = report.section("balance")
    rows = balance.figures["rows"]
    assert not rows["new"]["skewed"] and rows["new"]["first_position"] == 140
    assert rows["new [language=ru]"]["skewed"] and rows["new [language=ru]"]["kind"] == "language"
    assert rows["new [source=web]"]["items"] == rows["new [source=book]"]["items"] == 130
    assert balance.verdict == "skewed: the answer position gives it away in new [language=ru] (50/60 in position 1)"
    artefacts = report.section("artefacts")
    assert artefacts.figures["candidate_order"]["state"] != "gives the answer away"  # 54% for the corpus as a whole
    ru = artefacts.figures["rows"]["new [language=ru]"]["candidate_order"]
    assert ru["state"] == "gives the answer away" and ru["first"] == pytest.approx(50 / 60)
    assert "per row: " in artefacts.verdict
    assert "new [language=ru]: position gives the answer away: 83% against chance 50% (95% CI 72%-91%, n=60" in artefacts.verdict


# -- duplicated questions -----------------------------------------------------------------------------------------------


def it(text: str, nth: int = 0) -> Span:
    """The ``nth`` word "it" of ``text``."""
    match = list(re.finditer(r"\bit\b", text))[nth]
    return Span(match.start(), match.end(), "it")


def test_duplicates_that_differ_only_in_offsets_are_found(tmp_path):
    """The second copy has a double space and a comma, so every offset after them moves: the same question.
    Two questions about the two "it"s of one sentence are not the same question."""
    trophy = ("The trophy did not fit in the suitcase because it was too big.",
              "The  trophy did not fit in the suitcase, because it was too big.")
    cup = "The cup hit the plate and it broke, so it was thrown away."
    items = [Item(ident, "new", "en", text, [Candidate("the trophy"), Candidate("the suitcase")], 0, pronoun=it(text), twin=ident)
             for ident, text in zip("ab", trophy)]
    items += [Item(ident, "new", "en", cup, [Candidate("the cup"), Candidate("the plate")], nth, pronoun=it(cup, nth), twin=ident)
              for ident, nth in (("c", 0), ("d", 1))]
    assert items[0].pronoun.start != items[1].pronoun.start
    twins = audit([jsonl(tmp_path, "offsets.jsonl", items)], sections=["twins"]).section("twins")
    row = twins.figures["corpora"]["new"]
    assert row["duplicated_ids"] == [["a", "b"]] and row["duplicated_by_language"] == {"en": 1}
    assert row["contradicting_groups"] == 0
    assert "1 question(s) asked twice or more" in twins.verdict


def test_duplicates_with_opposite_answers_are_flagged(tmp_path):
    """Two copies of one question whose right answers differ contradict each other; a third pair lists the
    candidates the other way round with the same right answer, which is no contradiction."""
    text = "Ann gave Bea a book because she had finished reading it."
    other = "Kim told Lou that he had won the race."
    items = [item("1", text, 0, ("Ann", "Bea"), source="s1"), item("2", text, 1, ("Ann", "Bea"), source="s2"),
             item("3", other, 0, ("Kim", "Lou")), item("4", other, 1, ("Lou", "Kim"))]
    twins = audit([jsonl(tmp_path, "opposite.jsonl", items)], sections=["twins"]).section("twins")
    row = twins.figures["corpora"]["new"]
    assert row["duplicated_groups"] == 2 and row["contradicting_ids"] == [["1", "2"]]
    assert row["duplicated_by_source"] == {"s1 + s2": 1, "(none)": 1}
    assert "2 question(s) asked twice or more, 1 of them with different right answers" in twins.verdict
    assert twins.figures["contradicting"] == 1


# -- PMI and predictability wording -------------------------------------------------------------------------------------


def test_pmi_at_low_coverage_is_no_evidence_of_association(monkeypatch):
    """p = 0.133 at 31% coverage used to read "resistant"; it is no evidence of association, with n and coverage."""
    from contextlib import contextmanager

    import wino_toolkit.baselines.pmi.check as check_module
    import wino_toolkit.baselines.pmi.query as query_module
    from wino_toolkit.audit.models import pmi_resistance

    summary = {"corpus": "new", "language": "en", "items": 300, "covered": 93, "coverage": 0.31, "correct_covered": 53,
               "precision": 53 / 93, "expected_accuracy": 0.52, "expected_accuracy_ci95": [0.49, 0.55], "chance": 0.5,
               "binomial_test": {"successes": 53, "trials": 93, "null_rate": 0.5, "p_value": 0.133}, "verdict": "resistant"}

    @contextmanager
    def opened(path):
        yield SimpleNamespace(language="en")

    monkeypatch.setattr(query_module.PMIIndex, "open", staticmethod(opened))
    monkeypatch.setattr(check_module, "check", lambda items, index, seed: SimpleNamespace(
        to_dict=lambda: {"signature": "pmi|test", "summaries": [dict(summary)]}))
    items = [item("1", "Ann met Bea and _ left.", 0, ("Ann", "Bea"))]
    verdict, figures = pmi_resistance(items, ["en.idx"], seed=0)
    assert "resistant" not in verdict
    assert verdict == ("no evidence of association: new/en: no evidence of association (precision 57.0% against 50.0%, "
                       "n=93 answered of 300, coverage 31%, p = 0.133); too few items to tell whether there is none")
    assert figures["results"][0]["summaries"][0]["verdict"].startswith("no evidence of association")
    from wino_toolkit.audit.html import RENDERERS

    page = RENDERERS["pmi"](figures)
    assert "no evidence of association" in page and "resistant" not in page and "<title>chance 50.0%</title>" in page


def test_predictability_figures_sit_beside_a_shuffled_label_baseline():
    """On embeddings that know nothing of the labels, the KL along the probe's direction is large all the same
    (the direction is fitted to the labels): the shuffled-label baseline shows it, and the probe is not called
    predictable. A real signal beats every shuffle."""
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    import numpy as np

    from wino_toolkit.audit.models import probe_figures

    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(240, 16)).astype(np.float32), np.tile([0, 1], 120)
    groups = np.repeat(np.arange(120), 2)
    verdict, figures = probe_figures(X, y, groups, seed=0, shuffles=2)
    assert figures["shuffles"] == 2 and set(figures["shuffled"]) == {"kl_pc1", "kl_direction", "cv_accuracy"}
    assert figures["kl_direction"] > 0.05 and figures["shuffled"]["kl_direction"]["mean"] > 0.5 * figures["kl_direction"]
    assert not verdict.startswith("predictable") and "along the probe's direction" in verdict
    assert re.search(r"KL along PC1 [0-9.]+ against [0-9.]+ with shuffled labels \((not )?above all 2 shuffles\)", verdict)
    X[:, 0] += np.where(y == 1, 3.0, -3.0)
    verdict, figures = probe_figures(X, y, groups, seed=0, shuffles=2)
    assert verdict.startswith("predictable: ") and figures["state"] == "above"
    assert all(figures["above_shuffled"].values())


def test_zero_shot_accuracies_are_drawn_beside_their_chance():
    from wino_toolkit.audit.html import RENDERERS

    rows = [{"corpus": "new", "language": "en", "items": 40, "accuracy": 0.6, "low": 0.45, "high": 0.75, "chance": 0.5,
             "twin_accuracy": None}, {"corpus": "pdp", "language": "en", "items": 60, "accuracy": 0.4, "low": 0.3,
                                      "high": 0.5, "chance": 0.3, "twin_accuracy": None}]
    page = RENDERERS["zero_shot"]({"rows": rows, "signature": "eval|test"})
    assert "<th>chance</th>" in page and "<title>chance 50.0%</title>" in page and "<title>chance 30.0%</title>" in page


# -- each section alone, with progress ----------------------------------------------------------------------------------


def test_each_section_command_recomputes_that_section_alone(tmp_path, capsys):
    pytest.importorskip("sklearn")
    path = jsonl(tmp_path, "new.jsonl", schemas(6, twin_ids=True))
    full = audit([path], seed=3)
    for s in full.sections:
        words = shlex.split(s.command)
        assert words[:3] == ["wino", "audit", path] and words[-4:] == ["--section", s.key, "-o", f"{s.key}.html"]
        assert ("--seed" in words) == (s.key in ("artefacts", "pmi", "predictability", "zero_shot")), s.command
    out = tmp_path / "balance.html"
    words = shlex.split(full.section("balance").command)[1:-1] + [str(out), "--json"]
    assert main(words) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["sections"]) == ["balance"] and data["sections"]["balance"]["figures"] == full.section("balance").figures
    assert out.read_text(encoding="utf-8").count("<section ") == 1
    assert [s.key for s in audit([path], sections=["twins", "summary"]).sections] == ["summary", "twins"]


def test_a_section_asked_for_without_its_input_is_refused(tmp_path, capsys):
    path = jsonl(tmp_path, "new.jsonl", schemas(2, twin_ids=True))
    code = main(["audit", path, "--section", "pmi", "-o", str(tmp_path / "r.html")])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == "wino: error: --section pmi needs --index PMI_IDX (built by wino pmi index)"
    assert not (tmp_path / "r.html").exists()
    with pytest.raises(SystemExit) as exc:
        main(["audit", path, "--section", "bogus", "-o", str(tmp_path / "r.html")])
    assert exc.value.code == 2


def test_progress_counts_each_sections_items(tmp_path, capsys):
    """The library reports items done per section; the CLI turns that into a line per section on stderr."""
    path = jsonl(tmp_path, "new.jsonl", schemas(4, twin_ids=True))
    calls = []
    audit([path], sections=["twins", "balance"], progress=lambda *call: calls.append(call))
    assert calls == [("twins", 0, 8), ("twins", 8, 8), ("balance", 0, 8), ("balance", 8, 8)]
    assert main(["audit", path, "--section", "twins", "-o", str(tmp_path / "r.html")]) == 0
    err = capsys.readouterr().err
    assert re.search(r"^audit twins: 8/8 items \(100%\), .*done in \d+s$", err, re.M), err


def test_a_model_section_reports_progress_while_it_runs(tmp_path):
    """The encoder's batches reach the progress callback between the section's start and end."""
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    from tiny_lm import saved_byte_encoder

    items = schemas(12, twin_ids=True)
    encoder = saved_byte_encoder([it.text for it in items], tmp_path / "encoder")
    calls = []
    report = audit([jsonl(tmp_path, "new.jsonl", items)], model=encoder, sections=["predictability"],
                   progress=lambda *call: calls.append(call))
    section = report.section("predictability")
    assert section.status == "ok", section.verdict
    assert calls[0] == ("predictability", 0, 24) and calls[-1] == ("predictability", 24, 24) and len(calls) > 2
    assert section.figures["shuffles"] == 5 and "with shuffled labels" in section.verdict
    assert [s.key for s in report.sections] == ["predictability"]
    assert "with shuffled labels (mean of 5)" in report.html()
