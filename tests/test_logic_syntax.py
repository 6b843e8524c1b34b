"""The ``.fol`` formalization syntax: what it reads, how formulas print back, and its errors (file, line, column)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("lark")

from wino_toolkit.errors import FormatError  # noqa: E402
from wino_toolkit.logic.formulas import Atom, Bin, Fn, Not, Quant, Var  # noqa: E402
from wino_toolkit.logic import load, parse  # noqa: E402

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
        (HEAD + "scenario: Likes(Ada, S0)" + TAIL, "line 7, column 11", "argument 2 of Likes must be an object, and 'S0' is a situation"),
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
        (HEAD + "scenario: Tired" + TAIL, "line 7, column 11", "Tired takes 2 argument(s), given 0"),  # a bare name crashed
        (HEAD + "scenario: ¬Ada" + TAIL, "line 7, column 12", "'Ada' is not a predicate or fluent"),
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


# -- large files and every message -----------------------------------------------------------------


def many(n: int, extra: str = "") -> str:
    """A file with ``n`` true knowledge formulas, each with a false one transforming it."""
    lines = [f"knowledge k{i} true: Tired(Ada, S0)\nknowledge k{i}_neg false negation of k{i}: ¬Tired(Ada, S0)\n" for i in range(n)]
    return HEAD + TAIL.replace("knowledge k1 true: ∀x. Tired(x, S0)\n", "") + "".join(lines) + extra


def test_duplicate_names_are_found_in_a_large_file():
    n = 2000
    f = parse(many(n))
    assert len(f.knowledge) == 2 * n and f.knowledge[-1].of == f"k{n - 1}"
    last = 10 + 2 * n  # the line after the file's last formula
    assert error(many(n, "knowledge k0_neg false negation of k1: Tired(Bo, S0)\n")).startswith(
        f"bad.fol: line {last}, column 11: a second knowledge formula named 'k0_neg'")
    assert error(many(n, "knowledge k0_x false negation of k0_neg: Tired(Bo, S0)\n")).startswith(
        f"bad.fol: line {last}: 'k0_x' transforms 'k0_neg', which is not a true knowledge formula here")
    assert "a second scenario formula named 'scenario_1'" in error(many(n, "scenario: Tired(Bo, S0)\nscenario scenario_1: Tired(Bo, S0)\n"))


def test_duplicate_name_check_is_linear():
    """Building twice as many formulas makes (about) twice as many Python calls, not four times:
    each name was compared with every earlier one (a 5 MB file of 43,000 formulas took 257 s)."""
    from wino_toolkit.logic.syntax import _Builder, _parser

    def calls(n: int) -> int:
        tree = _parser().parse(many(n))
        count = 0

        def profile(frame, event, arg):
            nonlocal count
            count += event == "call"

        sys.setprofile(profile)
        try:
            _Builder("big.fol").build(tree)
        finally:
            sys.setprofile(None)
        return count

    assert calls(400) < 2.2 * calls(200)


SORTED_TERMS = {"object": "Ada", "action": "call(Ada, Bo)", "situation": "S0"}


@pytest.mark.parametrize("want", SORTED_TERMS)
@pytest.mark.parametrize("given", SORTED_TERMS)
def test_sort_errors_say_an_object_and_an_action(want, given):
    if want == given:
        return
    head = HEAD + f"predicate Takes({want})\n"
    message = error(head + f"scenario: Takes({SORTED_TERMS[given]})" + TAIL)
    article = {"object": "an", "action": "an", "situation": "a"}
    assert f"must be {article[want]} {want}, and '{SORTED_TERMS[given]}' is {article[given]} {given}" in message
    message = error(HEAD + f"scenario: {SORTED_TERMS[want]} = {SORTED_TERMS[given]}" + TAIL)
    assert f"is {article[want]} {want} and '{SORTED_TERMS[given]}' {article[given]} {given}" in message


def test_syntax_errors_never_show_lark_terminal_names():
    """Every truncation of a sound file, and a stray ')' after each of its words: the message names what was
    expected in the file's own words ("end of input", "a name"), never Lark's ($END, RPAR, __ANON_0)."""
    text = FIXTURE.read_text(encoding="utf-8")
    cuts = [i for i, c in enumerate(text) if c in " \n("]
    sources = [text[:i] for i in cuts] + [text[:i] + ")" + text[i:] for i in cuts]
    messages = []
    for source in sources:
        try:
            parse(source, "cut.fol")
        except FormatError as exc:
            messages.append(str(exc))
    assert len(messages) > len(cuts)
    assert any("end of input" in m for m in messages)
    for message in messages:
        assert "$" not in message and not re.search(r"\b[A-Z][A-Z0-9_]{2,}\b|__", message), message
        assert message.startswith("cut.fol: ") and "\n" not in message
