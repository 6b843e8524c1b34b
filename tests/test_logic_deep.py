"""Deeply nested input, generated for every nesting construct: handled up to the documented depth, refused
past it in one line, never a RecursionError, through ``.fol`` and ``.smt2`` and through verify and render.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402
from wino_toolkit.logic import MAX_DEPTH, load, render  # noqa: E402
from wino_toolkit.logic.formulas import Not  # noqa: E402

HEAD = """item "deep-1"
entity Ada "Ada" person
entity Bo "Bo" person
fluent Tired(object) says "{0} is tired"
action call(object, object) does "{0} calls {1}"
function next(object): object
ambiguity: ∃x. Tired(x, S0) ∧ (x = Ada ⊕ x = Bo)
answer: Ada
"""
A = "Tired(Ada, S0)"

#: each nesting construct of the .fol syntax, ``n`` levels deep; none says anything of Bo, so every check passes
FOL = {
    "negation": lambda n: "¬" * n + A,
    "negated parentheses": lambda n: "¬(" * n + A + ")" * n,
    "quantifier": lambda n: "".join(f"∀x{i}. " for i in range(n)) + A,
    "conjunction": lambda n: " ∧ ".join([A] * n),
    "disjunction": lambda n: " ∨ ".join([A] * n),
    "exclusive or": lambda n: " ⊕ ".join([A] * (n | 1)),  # an odd number of equal terms is the term
    "implication": lambda n: " → ".join([A] * n),
    "equivalence": lambda n: "(" * (n - 1) + A + "".join(f" ↔ {A})" for _ in range(n - 1)),
    "right-nested conjunction": lambda n: f"({A} ∧ " * (n - 1) + A + ")" * (n - 1),
    "do chain": lambda n: "Tired(Ada, " + "do(call(Ada, Bo), " * n + "S0" + ")" * n + ")",
    "function chain": lambda n: "Tired(" + "next(" * n + "Ada" + ")" * n + ", S0)",
}
#: the issue's sizes: 1,000 nested negations, quantifiers or conjuncts; a 300-deep do() chain
HANDLED = {name: (300 if name == "do chain" else 1000) for name in FOL}

SMT_HEAD = """(declare-datatypes () ((Obj Ada Bo)))
(declare-fun Tired (Obj) Bool)
(declare-fun next (Obj) Obj)
(assert (! (or (Tired Ada) (Tired Bo)) :named scenario_ambiguity))
"""
S = "(Tired Ada)"
SMT = {
    "not": lambda n: "(not " * n + S + ")" * n,
    "forall": lambda n: "".join(f"(forall ((x{i} Obj)) " for i in range(n)) + S + ")" * n,
    "and": lambda n: f"(and {S} " * n + S + ")" * n,
    "=>": lambda n: f"(=> {S} " * n + S + ")" * n,
    "term": lambda n: "(Tired " + "(next " * n + "Ada" + ")" * n + ")",
}


def fol(tmp_path: Path, name: str, n: int) -> Path:
    body = FOL[name](n)
    if name == "negation" and n % 2:
        body = "¬" + body  # an even number, so the formula says Ada is tired
    path = tmp_path / f"{name.replace(' ', '_')}.fol"
    path.write_text(HEAD + f"knowledge k1 true: {A} ∧ ({body})\n", encoding="utf-8")
    return path


def smt2(tmp_path: Path, name: str, n: int) -> Path:
    body = SMT[name](n)
    if name == "not" and n % 2:
        body = f"(not {body})"
    path = tmp_path / f"{name.replace('=>', 'implies')}.smt2"
    path.write_text(SMT_HEAD + f"(assert (! (and {S} {body}) :named knowledge_1))\n"
                    f"(define-fun answer () Bool {S})\n(define-fun alternative () Bool (Tired Bo))\n", encoding="utf-8")
    return path


def only_generality_fails(out: str) -> bool:
    """The fixtures' knowledge names Ada and entails the answer by itself (it is the deep formula that
    matters here): generality fails, as it should, false knowledge is n/a (there is none), the rest pass."""
    (result,) = json.loads(out)["results"]
    checks = result["checks"]
    return checks.pop("generality") == "fail" and checks.pop("false_knowledge") == "n/a" and set(checks.values()) == {"pass"}


#: a progress line of a long command in a log ("checking: 1/1 files (100%), done in 0s"): not noise
PROGRESS = re.compile(r"^[a-z ]+: [\d,]+/[\d,]+ \w+ \(\d+%\)")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``wino`` in-process: exit code, stdout, and stderr without its progress lines (what else it says)."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, "".join(line for line in out.err.splitlines(True) if not PROGRESS.match(line))


@pytest.mark.parametrize("name", list(FOL))
def test_deep_fol_verifies_and_renders(tmp_path, capsys, name):
    path = fol(tmp_path, name, HANDLED[name])
    code, out, err = run(capsys, "logic", "verify", str(path), "--json")
    assert (code, err) == (1, ""), err
    assert only_generality_fails(out)
    code, _, err = run(capsys, "logic", "render", str(path), "--variant", "grounded", "-o", str(tmp_path / "s.tsv"))
    assert code == 0 and err.startswith("wrote "), err


@pytest.mark.parametrize("name", list(FOL))
def test_fol_nested_past_the_limit_is_refused_in_one_line(tmp_path, capsys, name):
    path = fol(tmp_path, name, MAX_DEPTH + 1)
    for command in ("verify", "render"):
        code, out, err = run(capsys, "logic", command, str(path))
        assert code == 1 and out == ""
        assert err.startswith(f"wino: error: {path}: line 9, column ")
        assert err.endswith(f": formula nested deeper than {MAX_DEPTH} levels\n") and err.count("\n") == 1


@pytest.mark.parametrize("name", ["negation", "right-nested conjunction", "function chain"])
def test_fol_just_inside_the_limit_verifies_and_renders(tmp_path, capsys, name):
    """The parser's limit and the room the later steps get agree (printing a formula costs the most frames)."""
    path = fol(tmp_path, name, MAX_DEPTH - 10)
    code, out, err = run(capsys, "logic", "verify", str(path), "--json")
    assert (code, err) == (1, "") and only_generality_fails(out)
    code, _, err = run(capsys, "logic", "render", str(path), "--variant", "variable", "--no-generate", "-o", str(tmp_path / "s.tsv"))
    assert code == 0 and err.startswith("wrote 1 sentences"), err


@pytest.mark.parametrize("name", list(SMT))
def test_deep_smtlib_verifies(tmp_path, capsys, name):
    """Z3 reads and checks SMT-LIB2 without recursing, so there is no limit: well past the .fol one."""
    for n in (1000, 5 * MAX_DEPTH):
        code, out, err = run(capsys, "logic", "verify", str(smt2(tmp_path, name, n)), "--json")
        assert (code, err) == (1, "") and only_generality_fails(out)


def test_deep_formula_built_in_python_is_a_wino_error_not_a_recursion_error(tmp_path):
    f = load(fol(tmp_path, "negation", 2))
    formula = f.knowledge[0].formula
    for _ in range(40 * MAX_DEPTH):
        formula = Not(formula)
    with pytest.raises(WinoError, match=f"formula nested too deeply to process .files may nest {MAX_DEPTH} levels"):
        render(formula, f, "grounded")


def test_deep_work_leaves_the_recursion_limit_as_it_was(tmp_path):
    before = sys.getrecursionlimit()
    load(fol(tmp_path, "negation", 1000))
    assert sys.getrecursionlimit() == before
