"""The type hierarchy (``kinds``): a problem carries only the type lifts its vocabulary reaches, and gets the
same verdicts as with every lift. Schemas and modules here are invented for the tests."""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.logic import kinds, load, verify  # noqa: E402
from wino_toolkit.logic.checks import verify as verify_problem  # noqa: E402
from wino_toolkit.logic.encode import Encoder  # noqa: E402
from wino_toolkit.logic.files import shipped_formalizations  # noqa: E402
from wino_toolkit.logic.problem_files import questions  # noqa: E402

#: a hierarchy: a stool is a chair, a chair is a seat, a seat is furniture; a child is not an adult; and lifts
#: about tides and boats that the schemas below never reach
KINDS = """
predicate Stool(object)      says "{0} is a stool"      denies "{0} is not a stool"
predicate Chair(object)      says "{0} is a chair"      denies "{0} is not a chair"
predicate Seat(object)       says "{0} is a seat"       denies "{0} is not a seat"
predicate Furniture(object)  says "{0} is furniture"    denies "{0} is not furniture"
predicate Child(object)      says "{0} is a child"      denies "{0} is not a child"
predicate Adult(object)      says "{0} is an adult"     denies "{0} is not an adult"
predicate Tide(object)       says "{0} is a tide"       denies "{0} is not a tide"
predicate Water(object)      says "{0} is water"        denies "{0} is not water"
predicate Boat(object)       says "{0} is a boat"       denies "{0} is not a boat"
predicate Vessel(object)     says "{0} is a vessel"     denies "{0} is not a vessel"
axiom kinds_stool_chair: ∀x. Stool(x) → Chair(x)
axiom kinds_chair_seat: ∀x. Chair(x) → Seat(x)
axiom kinds_seat_furniture: ∀x. Seat(x) → Furniture(x)
axiom kinds_child_not_adult: ∀x. Child(x) → ¬Adult(x)
axiom kinds_tide_water: ∀x. Tide(x) → Water(x)
axiom kinds_boat_vessel: ∀x. Boat(x) → Vessel(x) ∧ ¬Water(x)
"""

#: what one sits on is a seat; furniture is moved by an adult
HOME = """
import "hierarchy"
fluent SitsOn(object, object)  says "{0} sits on {1}"  denies "{0} does not sit on {1}"
fluent Moves(object, object)   says "{0} moves {1}"    denies "{0} does not move {1}"
axiom home_furniture_moved_by_adult: ∀x, y, s. Furniture(y) ∧ Moves(x, y, s) ∧ x ≠ y → Adult(x)
"""

#: Ann moved the stool (a seat, through two lifts, so furniture); who is the adult?
SCHEMA = """
item "stool-1"
import "home"
entity Ann "Ann" person
entity Stool1 "the stool" thing
scenario: Moves(Ann, Stool1, S0)
scenario kind: Stool(Stool1)
ambiguity: ∃x. Adult(x) ∧ (x = Ann ⊕ x = Stool1)
answer: Ann
knowledge f1 false negation of home_furniture_moved_by_adult: ∀x, y, s. Furniture(y) ∧ Moves(x, y, s) ∧ x ≠ y → ¬Adult(x)
"""


#: the module itself (``wino_toolkit.logic.encode`` as an attribute is the function of that name)
ENCODE = sys.modules["wino_toolkit.logic.encode"]


def _write(tmp_path: Path, text: str = SCHEMA, **modules: str) -> Path:
    for name, body in {"hierarchy": KINDS, "home": HOME, **modules}.items():
        path = tmp_path / "axioms" / f"{name}.fol"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    target = tmp_path / "stool-1.fol"
    target.write_text(text, encoding="utf-8")
    return target


def _kept(f) -> set[str]:
    return {k.name for k in kinds.reached(f).knowledge}


def test_only_the_lifts_the_vocabulary_reaches_are_kept(tmp_path):
    f = load(_write(tmp_path))
    kept = _kept(f)
    assert {"kinds_stool_chair", "kinds_chair_seat", "kinds_seat_furniture"} <= kept  # a chain through Chair and Seat
    assert not {"kinds_tide_water", "kinds_boat_vessel", "kinds_child_not_adult"} & kept  # Tide, Boat, Child unused
    assert {"home_furniture_moved_by_adult", "f1"} <= kept  # never a formula that is not a true lift


def test_the_chain_is_needed_and_found(tmp_path):
    v = verify(load(_write(tmp_path)))
    assert v.status == "pass", v.to_dict()
    assert v.checks["sufficiency"].core == ["kinds_stool_chair", "kinds_chair_seat", "kinds_seat_furniture",
                                            "home_furniture_moved_by_adult"]


def test_a_negative_consequent_is_kept_when_its_antecedent_is_reached(tmp_path):
    """A child is not an adult: with the child in the scenario, the lift is what rules the child out."""
    text = SCHEMA.replace("scenario kind: Stool(Stool1)", "scenario kind: Stool(Stool1)\nscenario young: Child(Stool1)")
    f = load(_write(tmp_path, text))
    assert "kinds_child_not_adult" in _kept(f)


def test_a_false_lift_is_a_question_never_dropped(tmp_path):
    text = SCHEMA + "knowledge f2 false: ∀x. Tide(x) → Boat(x)\n"
    f = load(_write(tmp_path, text))
    assert "f2" in _kept(f)
    # and Tide, reached through the false formula, brings its true lift along
    assert "kinds_tide_water" in _kept(f)


def test_verdicts_are_the_same_with_every_lift(tmp_path, monkeypatch):
    """The soundness argument, checked: each check's status and core, with and without pruning."""
    for text in (SCHEMA, SCHEMA.replace("Stool(Stool1)", "Chair(Stool1)"),
                 SCHEMA.replace("scenario kind: Stool(Stool1)", "scenario kind: Boat(Stool1)")):
        f = load(_write(tmp_path, text))
        pruned = verify(f)
        monkeypatch.setattr(ENCODE, "reached", lambda g: g)
        whole = verify(f)
        monkeypatch.undo()
        assert {k: (c.status, c.core) for k, c in pruned.checks.items()} == \
               {k: (c.status, c.core) for k, c in whole.checks.items()}


def test_the_twin_reaches_lifts_of_its_own(tmp_path):
    """The twin test builds the twin's problem from the whole knowledge: a lift only the twin's scenario reaches
    must be there, though this version's own problem drops it."""
    f = load(_write(tmp_path))
    twin = replace(f, item="stool-2", scenario=[("kind", next(g for n, g in f.scenario if n == "kind"))])
    both = replace(f, twins=(twin,))
    problem = Encoder(both).problem()
    twin_problem = problem.twins[0]()
    assert {n for n, _ in twin_problem.knowledge} >= {"kinds_stool_chair", "kinds_chair_seat", "kinds_seat_furniture"}
    assert verify_problem(problem).checks["consistency"].status == "pass"


def test_exported_questions_carry_the_same_lifts(tmp_path):
    f = load(_write(tmp_path))
    q = next(q for q in questions(f) if q.name == "sufficiency")
    names = {n for n, _ in q.premises}
    assert "knowledge.kinds_seat_furniture" in names and "knowledge.kinds_tide_water" not in names


def test_shipped_files_with_lifts_keep_their_verdicts(monkeypatch):
    """Over shipped files whose knowledge holds a lift: the same verdict with and without pruning."""
    files = [p for p in shipped_formalizations() if any(kinds.is_type_lift(k.formula) for k in load(p).knowledge)][:6]
    if not files:
        pytest.skip("no shipped file imports a lift")
    for path in files:
        f = load(path)
        pruned = verify(f)
        monkeypatch.setattr(ENCODE, "reached", lambda g: g)
        whole = verify(f)
        monkeypatch.undo()
        assert pruned.to_dict()["checks"] == whole.to_dict()["checks"], path


def test_a_changed_conclusion_comes_from_the_schemas_own_vocabulary(tmp_path):
    """Importing the hierarchy declares every kind; a ``change`` false variant still draws only on the words the
    schema's problem mentions, not on tides and boats."""
    from wino_toolkit.logic.generate import transformations

    f = load(_write(tmp_path))
    k = next(k for k in f.knowledge if k.name == "home_furniture_moved_by_adult")
    changed = {str(g).split("→")[-1].strip().split("(")[0] for kind, g in transformations(k, f) if kind == "change"}
    assert changed and changed <= {"Stool", "Chair", "Seat", "Furniture"}
    assert not changed & {"Tide", "Water", "Boat", "Vessel", "Child"}
