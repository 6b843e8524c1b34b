"""The expected status of each exported problem (``problems.tsv``, issue #32 section 5): as it really is on
the file, Z3's answer, not the answer that would pass the question alone.

A false formula passes when, in place of its true one, it does not give the answer (``.replaced`` is
satisfiable) or contradicts the scenario (``.inconsistent`` is unsatisfiable): on a passing file one of the two
does not get its passing answer, and the index once said it did.
"""
from __future__ import annotations

from pathlib import Path

import pytest

z3 = pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.logic import parse, verify  # noqa: E402
from wino_toolkit.logic.files import shipped_formalizations  # noqa: E402
from wino_toolkit.logic.problem_files import (PROBLEM_COLUMNS, expected_answers, index_row, questions,  # noqa: E402
                                              szs_status, to_smt2)
from wino_toolkit.logic import load  # noqa: E402

FOL = Path(__file__).parent / "fixtures" / "logic" / "lift_weak.fol"

#: invented: a false formula that contradicts the scenario (everyone is strong, yet one of them is tired), so it
#: passes by its ``.inconsistent`` question, and one that passes by ``.replaced``
BOTH_WAYS = FOL.read_text(encoding="utf-8") + "knowledge k1_wild false change of k1: ∀x, s. Strong(x, s)\n"


def z3_answer(text: str) -> str:
    """The answer of Z3 reading an exported SMT-LIB2 problem itself: another road to the same question."""
    solver = z3.Solver()
    solver.from_string(text)
    return str(solver.check())


def test_the_expected_answers_are_z3s_answers_to_the_exported_problems(tmp_path):
    f = parse(BOTH_WAYS, str(tmp_path / "lift-1.fol"))
    assert verify(f).status == "pass"
    answers = expected_answers(f)
    assert answers == {q.name: z3_answer(to_smt2(f, q)) for q in questions(f)}
    # k1_neg passes because it does not give the answer: its replacement is consistent, so .inconsistent is sat
    assert answers["false_knowledge.k1_neg.replaced"] == "sat" and answers["false_knowledge.k1_neg.inconsistent"] == "sat"
    # k1_wild contradicts the scenario: the answer follows vacuously, and .inconsistent is unsat
    assert answers["false_knowledge.k1_wild.replaced"] == "unsat" and answers["false_knowledge.k1_wild.inconsistent"] == "unsat"


def test_the_index_row_says_what_passes_and_what_is(tmp_path):
    f = parse(BOTH_WAYS, str(tmp_path / "lift-1.fol"))
    answers = expected_answers(f)
    rows = {q.name: dict(zip(PROBLEM_COLUMNS, index_row(f, q, f"lift-1.{q.name}.p", answers[q.name]))) for q in questions(f)}
    neg = rows["false_knowledge.k1_neg.inconsistent"]
    assert (neg["passes_when"], neg["szs_pass"], neg["expected"], neg["szs_expected"]) == ("unsat", "Unsatisfiable", "sat", "Satisfiable")
    wild = rows["false_knowledge.k1_wild.replaced"]
    assert (wild["passes_when"], wild["expected"], wild["szs_expected"]) == ("sat", "unsat", "Theorem")
    assert rows["sufficiency"]["szs_expected"] == "Theorem" and rows["necessity"]["szs_expected"] == "CounterSatisfiable"
    assert rows["consistency"]["szs_expected"] == "Satisfiable"
    assert all(r["item"] == "lift-1" and r["problem"].startswith("lift-1.") for r in rows.values())


def test_a_passing_file_expects_the_passing_answer_everywhere_but_one_of_the_alternatives():
    f = load(FOL)
    answers = expected_answers(f)
    differ = {q.name for q in questions(f) if answers[q.name] != q.wants}
    assert differ == {f"false_knowledge.{k.name}.inconsistent" for k in f.false_knowledge}


def test_a_shipped_files_expected_answers_match_z3_reading_the_problems():
    f = load(next(p for p in shipped_formalizations() if p.stem == "wsc285-14"))
    assert expected_answers(f) == {q.name: z3_answer(to_smt2(f, q)) for q in questions(f)}


def test_the_hardest_shipped_file_is_settled_within_the_default_limit():
    """wsc285-236's questions, asked as the checks ask them (the knowledge tracked), are all settled; read as
    plain assertions one of them is not, so the answers are asked the checks' way."""
    f = load(next(p for p in shipped_formalizations() if p.stem == "wsc285-236"))
    assert "unknown" not in expected_answers(f).values()


def test_an_unsettled_question_is_unknown_not_a_status():
    q = questions(load(FOL))[0]
    assert szs_status(q, "unknown") == "Unknown" and szs_status(q, "sat") == "Satisfiable"
    f = load(FOL)
    assert set(expected_answers(f, rlimit=1).values()) == {"unknown"}


# -- generality's questions (issue #32 section 3) ---------------------------------------------------------------------

from test_logic_probes import ENTITIES, HEAD, HEAVY, KIN, TAILORED_HEAVY, TAILORED_TIRED, TIRED, probe, write  # noqa: E402
from wino_toolkit.logic.files import export_files  # noqa: E402


def test_generality_questions_are_exported_with_z3s_answers(tmp_path):
    """The types-only, moved and twin questions are problem files too: the index counts them, and each expected answer
    is what Z3 answers reading the file (a twin's question declares the twin's entities and both vocabularies)."""
    a = probe(tmp_path, HEAD + TIRED + TAILORED_TIRED, "carry-0.fol")
    probe(tmp_path, HEAD + HEAVY + TAILORED_HEAVY, "carry-1.fol")
    write(tmp_path / "lib", "axioms/home/kin.fol", KIN)
    kin = probe(tmp_path / "lib", 'import "home/kin"\n' + ENTITIES + TIRED + "scenario child: Child(Bo)\n")
    for path in (a, kin):
        f = load(path)
        assert expected_answers(f) == {q.name: z3_answer(to_smt2(f, q)) for q in questions(f)}
    # what fails generality is the one question whose answer is not the passing one
    twin = {q.name: q for q in questions(load(a))}
    assert expected_answers(load(a))["generality.twin.carry-1.answer"] == "sat" != twin["generality.twin.carry-1.answer"].wants
    types = expected_answers(load(kin))
    assert types["generality.types_only.kin_child_tires_others"] == "unsat" and types["generality.types_only.carry_strong_light"] == "sat"
    summary = export_files([a, kin], to="tptp", output=tmp_path / "out")
    rows = [line.split("\t") for line in (tmp_path / "out" / "problems.tsv").read_text(encoding="utf-8").splitlines()[1:]]
    assert summary["problems"] == len(rows) == len(questions(load(a))) + len(questions(load(kin)))
    assert {r[4] for r in rows if r[3] == "generality"} == {
        "generality", "generality.moved", "generality.twin.carry-1.consistent", "generality.twin.carry-1.answer",
        "generality.twin.carry-1.alternative", "generality.types_only", "generality.types_only.carry_strong_light",
        "generality.types_only.kin_child_tires_others"}
    szs = {(r[2], r[4]): r[8] for r in rows}
    assert szs["carry-0", "generality.moved"] == "Theorem" and szs["probe", "generality.types_only.kin_child_tires_others"] == "Theorem"
