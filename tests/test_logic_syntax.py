"""The ``.fol`` formalization syntax: what it reads, how formulas print back, and its errors (file, line, column)."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("lark")

from wino_toolkit.errors import FormatError  # noqa: E402
from wino_toolkit.logic.formulas import Atom, Bin, Fn, Not, Quant, Var  # noqa: E402
from wino_toolkit.logic.syntax import load, parse  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "logic" / "lift_weak.fol"
HEAD = """item "t-1"
entity Ada "Ada" person
entity Bo "Bo" person
fluent Tired(object) says "{0} is tired"
predicate Likes(object, object)
action call(object, object)
"""
TAIL = """
ambiguity: ∃x. Tired(x, S0) ∧ (x = Ada ⊕ x = Bo)
answer: Ada
knowledge k1 true: ∀x. Tired(x, S0)
"""


def formula(text: str):
    """The first knowledge formula of a file whose knowledge is ``text``."""
    return parse(HEAD + TAIL.replace("∀x. Tired(x, S0)", text)).knowledge[0].formula


def error(source: str) -> str:
    with pytest.raises(FormatError) as caught:
        parse(source, "bad.fol")
    return str(caught.value)


def test_fixture_reads_with_its_parts():
    f = load(FIXTURE)
    assert f.item == "lift-1" and f.domain == "finite" and f.categories == ("physical",)
    assert list(f.entities) == ["Ada", "Bo"] and f.entities["Ada"].kind == "person"
    assert f.symbols["Strong"].args == ("object", "situation")  # a fluent takes its situation last
    assert f.symbols["carry"].templates["does"] == "{0} carries {1}"
    assert f.candidates == ("Ada", "Bo") and f.answer == "Ada"
    assert str(f.answer_formula) == "¬Strong(Ada, S0)" and str(f.alternative_formula) == "¬Strong(Bo, S0)"
    assert [k.name for k in f.true_knowledge] == ["k1"]
    assert [(k.transformation, k.of) for k in f.false_knowledge] == [("negation", "k1"), ("replace", "k1")]


def test_ascii_and_unicode_operators_read_alike():
    unicode = formula("∀x, y. Tired(x, S0) ∧ ¬Likes(x, y) → Tired(y, S0) ∨ x = y")
    ascii_ = formula("forall x, y. Tired(x, S0) and not Likes(x, y) -> Tired(y, S0) or x = y")
    assert unicode == ascii_


def test_precedence_and_right_associative_implication():
    f = formula("∀x. Tired(x, S0) ∨ Tired(x, S0) ∧ ¬Tired(x, S0) → Tired(x, S0) → Tired(x, S0)")
    assert isinstance(f, Quant)
    body = f.body
    assert isinstance(body, Bin) and body.op == "implies"
    assert isinstance(body.left, Bin) and body.left.op == "or" and body.left.right.op == "and"
    assert isinstance(body.right, Bin) and body.right.op == "implies"  # a → (b → c)


def test_a_quantifier_reaches_as_far_right_as_it_can():
    f = formula("∀x. Tired(x, S0) ∧ ∃y. Likes(x, y) ∧ Tired(y, S0)")
    inner = f.body.right
    assert isinstance(inner, Quant) and inner.kind == "exists"
    assert isinstance(inner.body, Bin) and inner.body.op == "and"


def test_sorts_inferred_from_names_or_given():
    f = formula("∀x, s, a. Poss(a, s) → Tired(x, do(a, s))")
    assert [v.sort for v in f.variables] == ["object", "situation", "action"]
    g = formula("∀p: object, t: situation. Tired(p, t)")
    assert [v.sort for v in g.variables] == ["object", "situation"]


def test_formulas_print_back_in_the_syntax_they_were_read_from():
    cases = [
        "∀x, y. Tired(x, S0) ∧ ¬Likes(x, y) → Tired(y, S0) ∨ x = y",
        "∀x, s, a. Poss(call(x, x), s) → (Tired(x, do(a, s)) ↔ ¬Tired(x, s))",
        "∀x. ¬(Tired(x, S0) ⊕ Likes(x, x)) → ∃y. Likes(y, x) ∧ y ≠ x",
        "∀x. (Tired(x, S0) → Likes(x, x)) → Tired(x, S0)",
    ]
    for text in cases:
        f = formula(text)
        assert str(f) == text
        assert formula(str(f)) == f


@pytest.mark.parametrize(
    "source, where, words",
    [
        (HEAD + "scenario: Sleepy(Ada, S0)" + TAIL, "line 7, column 11", "'Sleepy' is an unknown name"),
        (HEAD + "scenario: Tired(Ada)" + TAIL, "line 7, column 11", "Tired takes 2 argument(s), given 1 (a fluent takes its situation last)"),
        (HEAD + "scenario: Likes(Ada, S0)" + TAIL, "line 7, column 11", "argument 2 of Likes must be a object, and 'S0' is a situation"),
        (HEAD + "scenario: Ada = S0" + TAIL, "line 7, column 15", "only terms of one sort can be equal"),
        (HEAD + "scenario: Tired(Ada, S0) ∧" + TAIL, "line 8, column 10", "unexpected ':'; expected '(', ')', ','"),
        (HEAD + "scenario: call(Ada, Bo)" + TAIL, "line 7, column 11", "'call' is not a predicate or fluent"),
        (HEAD + "entity Ada \"her\" person" + TAIL, "line 7, column 8", "'Ada' is declared twice"),
        (HEAD + "predicate P(person)" + TAIL, "line 7, column 13", "unknown sort 'person'"),
        (HEAD + "fluent Q(object) says \"{0} likes {1}\"" + TAIL, "line 7, column 23", "template uses {1} but Q has 1 argument(s)"),
        (HEAD.replace('item "t-1"\n', "") + TAIL, None, "no 'item' statement"),
        (HEAD + TAIL.replace("answer: Ada", "answer: Cy"), "line 9, column 9", "answer 'Cy' is not one of the ambiguity's candidates"),
        (HEAD + TAIL.replace("∃x. Tired(x, S0) ∧ (x = Ada ⊕ x = Bo)", "Tired(Ada, S0)"), "line 8, column 1", "the ambiguity must read"),
        (HEAD + TAIL + "knowledge k2 false swap of k9: ∀x. Tired(x, S0)", "line 11", "'k2' transforms 'k9', which is not a true knowledge"),
        (HEAD + TAIL + "knowledge k2 false twist of k1: ∀x. Tired(x, S0)", "line 11, column 20", "unknown transformation 'twist'"),
        (HEAD + TAIL + "knowledge k1 true: ∀x. Tired(x, S0)", "line 11, column 11", "a second knowledge formula named 'k1'"),
        (HEAD + "scenario: Tired(Ada, S0) @" + TAIL, "line 7, column 26", "unexpected '@'"),
    ],
)
def test_errors_name_file_line_column_and_problem(source, where, words):
    message = error(source)
    assert message.startswith("bad.fol: " + (f"{where}: " if where else ""))
    assert words in message
    assert "\n" not in message


def test_keywords_end_at_a_word_boundary():
    """``notable`` is a name, not ``not`` + ``able``; ``orange`` not ``or`` + ``ange``."""
    head = HEAD + "predicate notable(object)\npredicate orange(object)\n"
    f = parse(head + TAIL.replace("∀x. Tired(x, S0)", "∀x. notable(x) ∨ orange(x)"))
    assert str(f.knowledge[0].formula) == "∀x. notable(x) ∨ orange(x)"


def test_unreadable_file_is_one_line(tmp_path):
    path = tmp_path / "latin1.fol"
    path.write_bytes("item \"é\"".encode("latin-1"))
    with pytest.raises(FormatError, match=r"latin1.fol: line 1: byte 0xe9 is not valid utf-8"):
        load(path)


def test_ambiguity_with_or_and_answer_second():
    f = parse(HEAD + TAIL.replace("(x = Ada ⊕ x = Bo)", "(x = Bo ∨ x = Ada)").replace("answer: Ada", "answer: Bo"))
    assert f.candidates == ("Bo", "Ada")
    assert f.answer_formula == Atom("Tired", (Fn("Bo"), Fn("S0")))
    assert f.alternative_formula == Atom("Tired", (Fn("Ada"), Fn("S0")))


def test_negation_prints_tight():
    x = Var("x", "object")
    assert str(Not(Bin("and", Atom("P", (x,)), Atom("Q", (x,))))) == "¬(P(x) ∧ Q(x))"
