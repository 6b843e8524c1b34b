"""The six checks pass on a sound formalization and fail, each for its reason, on broken ones.

Every broken case is the fixture ``lift_weak.fol`` with one thing changed, so a failure can only
come from that change.
"""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.errors import FormatError  # noqa: E402
from wino_toolkit.logic.checks import verify  # noqa: E402
from wino_toolkit.logic.encode import encode  # noqa: E402
from wino_toolkit.logic.smtlib import load_smtlib, parse_smtlib  # noqa: E402
from wino_toolkit.logic import parse  # noqa: E402

HERE = Path(__file__).parent / "fixtures" / "logic"
SOUND = (HERE / "lift_weak.fol").read_text(encoding="utf-8")
K1 = "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)"


def checked(text: str, **kw):
    return verify(encode(parse(text, "case.fol")), **kw)


def test_sound_formalization_passes_everything_and_reports_the_knowledge_used():
    v = checked(SOUND)
    assert {n: c.status for n, c in v.checks.items()} == dict.fromkeys(
        ("consistency", "sufficiency", "necessity", "uniqueness", "generality", "false_knowledge"), "pass")
    assert v.checks["sufficiency"].core == ["k1"]
    assert [(r.name, r.status) for r in v.false_results] == [("k1_neg", "pass"), ("k1_replace", "pass")]
    assert v.status == "pass"


def test_inconsistent_knowledge_base_fails_consistency_with_the_clashing_formulas():
    text = SOUND.replace(K1, K1 + "\nknowledge k2 true: ∀x, s. Strong(x, s)")
    v = checked(text)
    c = v.checks["consistency"]
    assert c.status == "fail"
    assert set(c.core) == {"k2", "ambiguity"}  # everyone strong contradicts "one of them is not strong"
    assert v.status == "fail"


def test_knowledge_not_needed_fails_necessity():
    """The scenario already says Ada is tired: the knowledge adds nothing."""
    text = SOUND.replace("scenario: ¬Poss(carry(Ada, Bo), S0)", "scenario: ¬Poss(carry(Ada, Bo), S0)\nscenario told: ¬Strong(Ada, S0)")
    v = checked(text)
    assert v.checks["necessity"].status == "fail"
    assert v.checks["necessity"].core == ["told"]
    assert "not needed" in v.checks["necessity"].detail


def test_false_knowledge_that_still_supports_the_answer_fails():
    """A "false" formula that only restates the true one (with the guard reordered) is true, and still entails the answer."""
    text = SOUND + "\nknowledge k1_bad false swap of k1: ∀x, y, s. y ≠ x ∧ ¬Poss(carry(x, y), s) → ¬Strong(x, s)"
    v = checked(text)
    assert v.checks["false_knowledge"].status == "fail"
    bad = [r for r in v.false_results if r.name == "k1_bad"][0]
    assert bad.status == "fail" and "not false: entailed by the true knowledge" in bad.detail
    assert "k1_bad" in v.checks["false_knowledge"].detail
    assert [r.status for r in v.false_results if r.name != "k1_bad"] == ["pass", "pass"]


def test_false_knowledge_inconsistent_with_the_scenario_passes():
    text = SOUND + "\nknowledge k1_wild false change of k1: ∀x, y, s. Poss(carry(x, y), s)"
    v = checked(text)
    wild = [r for r in v.false_results if r.name == "k1_wild"][0]
    assert wild.status == "pass" and "inconsistent" in wild.detail


def test_irrelevant_knowledge_fails_sufficiency_with_a_countermodel():
    text = SOUND.replace(K1, "knowledge k1 true: ∀x, s. Heavy(x, s) → Strong(x, s)")
    v = checked(text)
    c = v.checks["sufficiency"]
    assert c.status == "fail"
    model = c.countermodel
    assert model["Strong(Ada, S0)"] == "True" and model["Strong(Bo, S0)"] == "False"  # Bo is the tired one there
    assert model["Poss(carry(Ada, Bo), S0)"] == "False"  # the scenario holds in it


def test_knowledge_entailing_both_readings_fails_uniqueness():
    text = SOUND.replace("scenario: ¬Poss(carry(Ada, Bo), S0)", "scenario: ¬Poss(carry(Ada, Bo), S0)\nscenario: ¬Poss(carry(Bo, Ada), S0)")
    v = checked(text)
    assert v.checks["uniqueness"].status == "fail"
    assert v.checks["uniqueness"].core == ["k1"]
    assert v.checks["sufficiency"].status == "pass"


def test_core_is_minimal():
    """A redundant second formula is not reported as used."""
    text = SOUND.replace(K1, K1 + "\nknowledge k2 true: ∀x, s. Heavy(x, s) → Strong(x, s)")
    assert checked(text).checks["sufficiency"].core == ["k1"]


def test_open_domain_needs_unique_names_and_still_decides():
    v = checked(SOUND.replace('item "lift-1"', 'item "lift-1"\ndomain open'))
    assert v.status == "pass"
    assert v.checks["sufficiency"].core == ["k1"]


def test_running_out_of_resources_is_unknown_never_pass(tmp_path):
    """Nonlinear integer arithmetic that Z3 cannot settle within a small resource limit is reported as unknown,
    with the limit named."""
    hard = """
(declare-const x Int) (declare-const y Int) (declare-const z Int)
(assert (! (and (> x 0) (> y 0) (> z 0)) :named scenario_positive))
(assert (! (= (+ (* x x x) (* y y y)) (* z z z)) :named knowledge_fermat))
(define-fun answer () Bool (> z 1000000))
(define-fun alternative () Bool (< z 0))
"""
    v = verify(parse_smtlib(hard, "hard.smt2"), rlimit=50_000)
    assert v.checks["consistency"].status == "unknown"
    assert v.checks["consistency"].detail == "Z3 reached its resource limit (rlimit 50,000)"
    assert v.checks["sufficiency"].status == "unknown"
    assert v.status in ("unknown", "fail")
    assert v.status != "pass"


# -- SMT-LIB2 input ----------------------------------------------------------------------------


def test_smtlib_file_runs_the_same_checks():
    problem = load_smtlib(HERE / "lift_weak.smt2")
    assert [n for n, _ in problem.scenario] == ["scenario_cannot_carry", "scenario_ambiguity"]
    assert [n for n, _ in problem.knowledge] == ["knowledge_1"]
    assert [(e[0], e[2]) for e in problem.false_knowledge] == [("false_knowledge_replace", "replace")]
    v = verify(problem)
    assert v.status == "pass"
    assert v.checks["sufficiency"].core == ["knowledge_1"]


def test_smtlib_failing_check_gives_a_countermodel():
    original = (HERE / "lift_weak.smt2").read_text()
    text = original.replace("(not (Strong x)))) :named knowledge_1", "(not (Strong y)))) :named knowledge_1")
    assert text != original
    v = verify(parse_smtlib(text, "swapped.smt2"))
    assert v.checks["sufficiency"].status == "fail"
    assert v.checks["sufficiency"].countermodel  # the interpretation of Strong and CanCarry


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda t: t.replace("(define-fun answer () Bool (not (Strong Ada)))", ""), "no (define-fun answer () Bool ...)"),
        (lambda t: t.replace(":named knowledge_1", ":named background_1"), "line 7: assertion name 'background_1' does not start with"),
        (lambda t: t.replace("(declare-fun Strong (Obj) Bool)", ""), "line 6, column"),
        (lambda t: t + "(assert (Strong Ada)", "a '(' is never closed"),
    ],
)
def test_smtlib_errors_are_one_line_with_file_and_line(change, words):
    text = change((HERE / "lift_weak.smt2").read_text())
    with pytest.raises(FormatError) as caught:
        parse_smtlib(text, "x.smt2")
    assert str(caught.value).startswith("x.smt2: ")
    assert words in str(caught.value)


def test_unnamed_assertion_is_scenario():
    original = (HERE / "lift_weak.smt2").read_text()
    text = original.replace("(assert (! (not (CanCarry Ada Bo)) :named scenario_cannot_carry))", "(assert (not (CanCarry Ada Bo)))")
    assert text != original
    problem = parse_smtlib(text, "x.smt2")
    assert problem.scenario[0][0] == "scenario_line_5"
    assert verify(problem).status == "pass"


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("(define-fun answer () Bool (not (Strong Ada)))", "(define-fun answer () Obj Ada)", 9,
         "answer must be a Boolean constant, (define-fun answer () Bool ...); it is defined with () Obj"),
        ("(define-fun alternative () Bool (not (Strong Bo)))", "(define-fun alternative () Int 1)", 10,
         "alternative must be a Boolean constant"),
        ("(define-fun answer () Bool (not (Strong Ada)))", "(define-fun answer ((x Obj)) Bool (Strong x))", 9,
         "it is defined with ((x Obj)) Bool"),
        # defined, then forgotten: Z3 objects only where the file has ended, at the definition's expense
        ("(define-fun answer () Bool (not (Strong Ada)))", "(push)\n(define-fun answer () Bool (not (Strong Ada)))\n(pop)", 10,
         "answer: unknown constant answer"),
        ("(define-fun alternative () Bool (not (Strong Bo)))", "(push) (define-fun alternative () Bool (not (Strong Bo))) (pop)", 10,
         "alternative: unknown constant alternative"),
    ],
)
def test_smtlib_answer_errors_name_the_definitions_line_inside_the_file(old, new, line, words):
    """A non-Bool answer was reported at line 13 of an 11-line file (the line Z3 was asked about after it)."""
    original = (HERE / "lift_weak.smt2").read_text()
    text = original.replace(old, new)
    assert text != original
    with pytest.raises(FormatError) as caught:
        parse_smtlib(text, "x.smt2")
    assert caught.value.where.startswith(f"line {line}")
    assert int(caught.value.where.split()[1].rstrip(",")) <= len(text.splitlines())
    assert words in caught.value.problem


# -- issue #20 §5: a check that cannot mean anything says so; circular knowledge fails -------------


def test_inconsistent_knowledge_makes_sufficiency_vacuous_not_pass():
    v = checked(SOUND.replace(K1, K1 + "\nknowledge k2 true: ∀x, s. Strong(x, s)"))
    assert v.checks["consistency"].status == "fail"
    assert v.checks["sufficiency"].status == "vacuous" and v.to_dict()["checks"]["sufficiency"] == "vacuous"
    assert v.status == "fail"  # the inconsistency itself is the failure


def test_false_knowledge_with_no_false_formula_is_n_a_not_pass():
    text = "\n".join(line for line in SOUND.splitlines() if " false " not in line)
    v = checked(text)
    assert v.checks["false_knowledge"].status == "n/a" and v.to_dict()["checks"]["false_knowledge"] == "n/a"
    assert v.status == "pass"  # n/a fails nothing


def test_ground_restatement_of_the_answer_fails_generality():
    """Knowledge "k2: Ada is tired" passed all five old checks: it names an entity and entails the answer by itself."""
    v = checked(SOUND.replace(K1, "knowledge k2 true: ¬Strong(Ada, S0)\n" + K1))
    assert v.checks["generality"].status == "fail" and v.checks["generality"].core == ["k2"]
    assert "names an entity" in v.checks["generality"].detail
    assert v.status == "fail"


def test_knowledge_singling_out_an_entity_fails_generality():
    v = checked(SOUND.replace(K1, "knowledge k1 true: ∀x, s. x = Ada → ¬Strong(x, s)"))
    assert [v.checks[n].status for n in ("sufficiency", "necessity", "uniqueness")] == ["pass"] * 3
    assert v.checks["generality"].status == "fail"


def test_knowledge_entailing_the_answer_without_the_scenario_fails_generality():
    """SMT-LIB input names no entities: the knowledge alone entailing the answer is what shows it circular."""
    text = ("(declare-const A Bool)\n(declare-const B Bool)\n(assert (! B :named scenario_b))\n"
            "(assert (! A :named knowledge_1))\n(define-fun answer () Bool A)\n(define-fun alternative () Bool (not A))\n")
    g = verify(parse_smtlib(text)).checks["generality"]
    assert g.status == "fail" and g.core == ["knowledge_1"] and "without the scenario" in g.detail
    general = text.replace("(! A :named knowledge_1)", "(! (=> B A) :named knowledge_1)")
    assert verify(parse_smtlib(general)).checks["generality"].status == "pass"


def test_written_false_knowledge_that_is_valid_fails():
    v = checked(SOUND + "\nknowledge k1_same false change of k1: ∀x, y, s. ¬Strong(x, s) → ¬Strong(x, s)")
    bad = [r for r in v.false_results if r.name == "k1_same"][0]
    assert bad.status == "fail" and "not false: valid" in bad.detail
