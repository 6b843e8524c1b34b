"""``wino logic verify | render | stats | link`` and the shipped formalizations.

The shipped formalizations are the project's own (WSC285 schemas, both versions each); the tests
that join them to the WSC sentences or measure the real WinoLogic copy use ../shared/corpora and
skip without it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

import wino_toolkit as wt  # noqa: E402
from conftest import SAMPLES, shared_file  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.logic.corpus import check_link  # noqa: E402
from wino_toolkit.logic.files import load_formalizations, render_files, shipped_formalizations  # noqa: E402
from wino_toolkit.schema import Candidate, Item, Span  # noqa: E402

HERE = Path(__file__).parent / "fixtures" / "logic"
FOL = HERE / "lift_weak.fol"
SHIPPED_SENTENCES = Path(shipped_formalizations()[0]).parent / "sentences.tsv"
SENTENCE = "Ada could not carry Bo because she was too tired."  # invented, for the fixture's item "lift-1"


def item_corpus(path: Path, answer: int = 0) -> Path:
    item = Item(id="lift-1", corpus="lift", language="en", text=SENTENCE, answer=answer, pronoun=Span(31, 34, "she"),
                candidates=[Candidate("Ada", Span(0, 3, "Ada")), Candidate("Bo", Span(20, 22, "Bo"))])
    wt.write([item], path, to="jsonl")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# -- the shipped formalizations ------------------------------------------------------------------


def test_shipped_formalizations_cover_30_schemas_in_both_versions():
    files = shipped_formalizations()
    items = {p.stem for p in files}
    schemas = {int(i.rsplit("-", 1)[1]) // 2 for i in items}
    whole = [s for s in schemas if {f"wsc285-{2 * s}", f"wsc285-{2 * s + 1}"} <= items]
    assert len(whole) >= 30
    formalizations = load_formalizations()
    assert all(f.item == Path(f.path).stem for f in formalizations)  # each file is named for its item
    kinds = {c for f in formalizations for c in f.categories}
    assert {"physical", "social", "temporal", "spatial"} <= kinds
    assert all(f.false_knowledge for f in formalizations)


def test_every_shipped_formalization_verifies(capsys):
    code, out, _ = run(capsys, "logic", "verify", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["summary"]["files"] == len(shipped_formalizations())
    assert report["summary"]["passed"] == report["summary"]["files"]
    assert report["signature"].startswith("logic|z3:")
    first = report["results"][0]
    assert set(first["checks"]) == {"consistency", "sufficiency", "necessity", "uniqueness", "generality", "false_knowledge"}
    assert first["core"]  # the knowledge used


def test_shipped_formalizations_link_to_their_wsc285_items():
    """Entities are the item's candidates and the answer is the item's answer, for every file."""
    items = {i.id: i for i in wt.read(shared_file("wsc/WSCollection.xml"))}
    for f in load_formalizations():
        check_link(f, items[f.item])


@pytest.fixture(scope="module")
def shipped_render():
    """Every shipped formalization rendered once (about 40 s on two cores) for the tests that read it all."""
    return render_files()


def test_shipped_sentences_are_what_render_makes_to_the_byte(shipped_render, tmp_path):
    """corpora/logic/sentences.tsv is `wino logic render -o sentences.tsv` of the shipped files: Z3's resource
    limit, not the clock, decides which generated false variants are kept, so the file is the same on any machine
    and under any load; a change to a formalization or the library without regenerating it fails here."""
    from wino_toolkit.logic.files import write_sentences

    made = tmp_path / "sentences.tsv"
    write_sentences(shipped_render[1], made)
    shipped = SHIPPED_SENTENCES.read_bytes()
    assert made.read_bytes() == shipped, "regenerate: wino logic render -o corpora/logic/sentences.tsv"


def test_every_shipped_formalization_renders_in_every_variant(shipped_render):
    """Every file gives its true knowledge in all three variants, each filled from the templates (no placeholder
    or formula notation left)."""
    formalizations, sentences = shipped_render
    for variant in ("variable", "grounded", "natural"):
        assert {s.item for s in sentences if s.truth and s.variant == variant} == {f.item for f in formalizations}
    assert not [s.text for s in sentences if "{" in s.text or "∀" in s.text or "→" in s.text][:3]
    written = [s for s in sentences if s.origin == "written" and not s.truth]
    assert {(s.item, s.name) for s in written} == {(f.item, k.name) for f in formalizations for k in f.false_knowledge}


# -- verify ------------------------------------------------------------------------------------


def test_verify_fails_with_exit_1_and_says_why(tmp_path, capsys):
    bad = tmp_path / "bad.fol"
    bad.write_text(FOL.read_text().replace("→ ¬Strong(x, s)\n", "→ Heavy(y, s)\n", 1), encoding="utf-8")
    code, out, _ = run(capsys, "logic", "verify", str(bad), str(FOL))
    assert code == 1
    assert "bad.fol: sufficiency: fail: the knowledge does not entail the answer" in out
    assert "countermodel, true atoms:" in out
    assert "1 pass, 1 fail" in out


def test_verify_syntax_error_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.fol"
    bad.write_text(FOL.read_text().replace("answer: Ada", "answer Ada"), encoding="utf-8")
    code, out, err = run(capsys, "logic", "verify", str(bad))
    assert code == 1 and out == ""
    assert re.fullmatch(r"wino: error: .*bad\.fol: line 11, column 8: unexpected 'Ada'; expected ':'\n", err)


def test_verify_takes_a_folder_and_names_a_missing_file(tmp_path, capsys):
    for name in ("a.fol", "b.smt2"):
        (tmp_path / name).write_bytes((HERE / ("lift_weak" + Path(name).suffix)).read_bytes())
    (tmp_path / "notes.txt").write_text("not a formalization")
    code, out, _ = run(capsys, "logic", "verify", str(tmp_path), "--json")
    assert code == 0 and [Path(r["file"]).name for r in json.loads(out)["results"]] == ["a.fol", "b.smt2"]
    code, _, err = run(capsys, "logic", "verify", str(tmp_path / "missing.fol"))
    assert code == 1 and err == f"wino: error: {tmp_path / 'missing.fol'}: no such file\n"


def pigeons(path: Path, n: int = 12) -> Path:
    """n pigeons in n - 1 holes: unsatisfiable, and far beyond what Z3 settles in 100 ms. The knowledge (with the
    scenario's B) entails the answer at once, so the checks that need the pigeons come out unknown and none fails."""
    pigeon = [f"(or {' '.join(f'(P {i} {h})' for h in range(n - 1))})" for i in range(n)]
    apart = [f"(not (and (P {i} {h}) (P {j} {h})))" for h in range(n - 1) for i in range(n) for j in range(i + 1, n)]
    path.write_text("(declare-fun P (Int Int) Bool)\n(declare-const A Bool)\n(declare-const B Bool)\n"
                    f"(assert (! (and {' '.join(pigeon + apart)}) :named scenario_pigeons))\n(assert (! B :named scenario_b))\n"
                    "(assert (! (=> B A) :named knowledge_1))\n(assert (! (not A) :named false_knowledge_negation))\n"
                    "(define-fun answer () Bool A)\n(define-fun alternative () Bool (not A))\n", encoding="utf-8")
    return path


def test_unknown_verdict_exits_3(tmp_path, capsys):
    """Before, unknown exited 0 like a pass; a failure anywhere still wins (1)."""
    hard = pigeons(tmp_path / "pigeons.smt2")
    code, out, _ = run(capsys, "logic", "verify", str(hard), "--rlimit", "100000", "--json")
    summary = json.loads(out)["summary"]
    assert (code, summary["unknown"], summary["failed"]) == (3, 1, 0)
    code, out, _ = run(capsys, "logic", "verify", str(hard), str(FOL), "--rlimit", "100000")
    assert code == 3 and "1 pass, 0 fail, 1 unknown" in out
    bad = tmp_path / "bad.fol"
    bad.write_text(FOL.read_text().replace("→ ¬Strong(x, s)\n", "→ Heavy(y, s)\n", 1), encoding="utf-8")
    code, _, _ = run(capsys, "logic", "verify", str(hard), str(bad), "--rlimit", "100000")
    assert code == 1


def test_verify_help_documents_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["logic", "verify", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "exit codes: 0 every check passed (or n/a), 1 a check failed or an input is bad, 2 usage error, 3 no check failed but one is unknown" in help_text


def test_verdicts_are_bounded_by_z3_resources_not_by_the_clock(tmp_path, capsys):
    """Issue #32: a verdict must not depend on the machine's load. The same hard file gives the same verdict at the
    same --rlimit however long it takes, a larger limit settles it (8 pigeons in 7 holes contradict: consistency
    fails), and the signature names the limit."""
    from wino_toolkit.logic import checks

    hard = pigeons(tmp_path / "pigeons.smt2", 8)
    small = [run(capsys, "logic", "verify", str(hard), "--rlimit", "20000", "--json") for _ in range(2)]
    assert [code for code, _, _ in small] == [3, 3]
    reports = [json.loads(out) for _, out, _ in small]
    assert reports[0]["results"][0]["checks"] == reports[1]["results"][0]["checks"]
    assert "|rlimit:20000|" in reports[0]["signature"]
    code, out, _ = run(capsys, "logic", "verify", str(hard), "--json")
    report = json.loads(out)
    assert code == 1 and report["results"][0]["checks"]["consistency"] == "fail"
    assert f"|rlimit:{checks.DEFAULT_RLIMIT}|" in report["signature"]


def test_render_keeps_its_old_timeout_option_with_a_note(capsys, tmp_path):
    code, out, err = run(capsys, "logic", "render", str(FOL), "--timeout", "100", "-o", str(tmp_path / "s.tsv"))
    assert code == 0 and "--timeout is deprecated and ignored here" in err and "--rlimit" in err


def test_verify_takes_smtlib(capsys):
    code, out, _ = run(capsys, "logic", "verify", str(HERE / "lift_weak.smt2"), "--json")
    assert code == 0
    assert json.loads(out)["results"][0]["core"] == ["knowledge_1"]


# -- render ------------------------------------------------------------------------------------


def test_render_table(tmp_path, capsys):
    out = tmp_path / "s.tsv"
    code, _, err = run(capsys, "logic", "render", str(FOL), "-o", str(out))
    assert code == 0 and "wrote 15 sentences from 1 formalization(s), 2 generated false formula(s)" in err
    rows = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0] == ["item", "name", "truth", "transformation", "of", "variant", "origin", "text", "formula"]
    assert ["lift-1", "k1", "true", "", "", "grounded", "written", "If Ada cannot carry Bo, then Ada is tired.",
            "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)"] in rows


@pytest.mark.parametrize("to", ["jsonl", "winologic"])
def test_rendered_problems_are_a_corpus_in_every_knowledge_format(tmp_path, capsys, to):
    corpus = item_corpus(tmp_path / "items.jsonl")
    out = tmp_path / f"logic.{to}.jsonl"
    code, _, _ = run(capsys, "logic", "render", str(FOL), "--items", str(corpus), "--to", to, "--variant", "grounded",
                     "--corpus", "lift-logic", "-o", str(out))
    assert code == 0
    items = list(wt.read(out, options={"corpus": "lift-logic"} if to == "winologic" else None))
    assert len(items) == 5  # k1, two written false, two generated false
    first = items[0]
    assert first.text == SENTENCE and first.candidates[first.answer].text == "Ada"
    assert [(k.text, k.label, k.formula) for k in first.knowledge] == [
        ("if Ada cannot carry Bo, then Ada is tired.", True, "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)")]
    assert [i.knowledge[0].label for i in items] == [True, False, False, False, False]
    assert first.meta["schema_item"] == "lift-1" and items[1].meta["transformation"] == "negation"
    # and the evaluation-side reader takes it like any corpus: convert it on
    back = tmp_path / "back.jsonl"
    assert main(["convert", str(out), "--to", "jsonl", "-o", str(back)]) == 0
    assert [i.knowledge[0].formula for i in wt.read(back)] == [i.knowledge[0].formula for i in items]


def test_render_refuses_a_formalization_whose_answer_is_not_the_items(tmp_path, capsys):
    corpus = item_corpus(tmp_path / "items.jsonl", answer=1)
    out = tmp_path / "out.jsonl"
    out.write_text("keep me\n")
    code, _, err = run(capsys, "logic", "render", str(FOL), "--items", str(corpus), "-o", str(out))
    assert code == 1
    assert "lift_weak.fol: answer Ada ('ada') is not item 'lift-1''s answer ('Bo')" in err
    assert out.read_text() == "keep me\n"


def test_render_refuses_smtlib(capsys):
    code, _, err = run(capsys, "logic", "render", str(HERE / "lift_weak.smt2"))
    assert code == 1 and "carry no sentence templates" in err


# -- stats and link ----------------------------------------------------------------------------


def test_stats_json(capsys):
    code, out, _ = run(capsys, "logic", "stats", str(FOL), "--winologic", str(SAMPLES / "winologic.jsonl"), "--json")
    report = json.loads(out)
    assert code == 0
    assert report["summary"]["true"] == 1 and report["summary"]["false_written"] == 2 and report["summary"]["false_generated"] == 2
    rows = {(r["source"], r["group"]): r for r in report["table"]}
    replace = rows[("rendered, grounded", "replace")]
    assert replace["pairs"] == 1 and replace["edit_distance"] == 1 and replace["jaccard"] == 1.0  # Ada → Bo
    assert ("WinoLogic", "all") in rows
    # reuse: the fixture's core is its own knowledge k1, no axiom of the library, so no module or axiom is listed
    assert report["reuse"]["versions"] == [{"item": "lift-1", "schema": "lift-0", "core": ["k1"], "lifts": [], "depth": 1,
                                            "depth_without_lifts": 1}]
    assert report["reuse"]["modules"] == report["reuse"]["axioms"] == []
    assert report["summary"]["reuse"]["depth_without_lifts"]["mean"] == 1.0


def test_stats_on_the_real_winologic(capsys):
    path = shared_file("winologic/winologic.jsonl")
    code, out, _ = run(capsys, "logic", "stats", str(FOL), "--winologic", str(path), "--json")
    row = [r for r in json.loads(out)["table"] if r["source"] == "WinoLogic"][0]
    assert code == 0
    assert row["pairs"] == 281  # 281 false records, each paired with a true one of its context (README: 281/281)
    assert 0.85 < row["jaccard"] < 0.95 and 1 < row["edit_distance"] < 4


def test_link_real_winologic_to_wsc285(capsys, tmp_path):
    winologic, wsc = shared_file("winologic/winologic.jsonl"), shared_file("wsc/WSCollection.xml")
    table = tmp_path / "links.tsv"
    code, out, _ = run(capsys, "logic", "link", str(winologic), str(wsc), "--json", "-o", str(table))
    report = json.loads(out)
    assert code == 0
    assert report["records"] == 562 and report["linked"] >= 555
    assert report["answer_agrees"] >= 0.9 * report["linked"]
    assert report["formalized_items"] >= 40  # most shipped formalizations explain a WinoLogic context
    lines = table.read_text().splitlines()
    assert lines[0] == "record\titem\tmethod\tscore\tanswer_agrees" and len(lines) == 563


# -- issue #20 §5: rendered items keep their schema; sentences balanced 1:1 -------------------------


def test_rendered_items_keep_twins_link_false_to_true_and_mention_candidates_mid_sentence(tmp_path, capsys):
    """The items lost their twin group (so `wino stats` saw no schemas), false items named no true one, and a
    claim read "refer to The city councilmen" (WSC's answer spelling)."""
    text = "The man could not lift his son because he was so weak."
    item = Item(id="lift-1", corpus="lift", language="en", text=text, answer=0, pronoun=Span(39, 41, "he"), twin="s7",
                role="special", triggers=["weak"],
                candidates=[Candidate("The man", Span(0, 7, "The man")), Candidate("his son", Span(23, 30, "his son"))])
    fol = tmp_path / "lift.fol"
    fol.write_text(FOL.read_text(encoding="utf-8").replace('"Ada" person', '"the man" person').replace('"Bo" person', '"his son" person'),
                   encoding="utf-8")
    corpus = tmp_path / "items.jsonl"
    wt.write([item], corpus, to="jsonl")
    out = tmp_path / "out.jsonl"
    code, _, _ = run(capsys, "logic", "render", str(fol), "--items", str(corpus), "--variant", "grounded", "--to", "winologic",
                     "-o", str(out))
    assert code == 0
    assert "refer to the man than his son" in out.read_text(encoding="utf-8")
    code, _, _ = run(capsys, "logic", "render", str(fol), "--items", str(corpus), "--variant", "grounded", "-o", str(out))
    items = list(wt.read(out))
    assert {(i.twin, i.role, tuple(i.triggers)) for i in items} == {("s7", "special", ("weak",))}
    true_id = next(i.id for i in items if i.knowledge[0].label)
    assert all(i.meta["true_item"] == true_id for i in items if not i.knowledge[0].label)
    assert items[0].candidates[0].text == "the man"


def test_balance_makes_true_and_false_sentences_one_to_one(tmp_path, capsys, shipped_render):
    formalizations, found = shipped_render
    from wino_toolkit.logic.files import balance

    kept = balance(found)
    for variant in ("variable", "grounded", "natural"):
        chosen = [s for s in kept if s.variant == variant]
        assert sum(s.truth for s in chosen) == sum(not s.truth for s in chosen) > 0
        true = {(s.item, s.name) for s in chosen if s.truth}
        assert all((s.item, s.of) in true for s in chosen if not s.truth and s.of is not None)
    assert len({s.transformation for s in kept if not s.truth}) == 4  # every kind kept, not only the first written
    out = tmp_path / "b.tsv"
    code, _, _ = run(capsys, "logic", "render", str(FOL), "--balance", "-o", str(out))
    rows = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    assert code == 0 and sum(r[2] == "true" for r in rows) == sum(r[2] == "false" for r in rows) == 3
