"""Kinds: the type hierarchy, and the part of it a problem needs.

A *type lift* (``∀x. Chair(x) → Seat(x)``, or ``∀x. Child(x) → ¬Adult(x)``: one rigid unary predicate implying
others, or their negations, of the same variable) places a kind in a hierarchy of kinds rather than taking a step
of reasoning. The library keeps its lifts in one module, ``kinds``, so that a kind is placed once for every
schema; but a module is imported whole, and a problem of four entities should not carry a hundred lifts about
chairs and tides. :func:`reached` keeps the lifts a formalization's own vocabulary reaches, and that loses
nothing: start from the predicates of its scenario, ambiguity and every formula that is not a true lift, and
add the positive consequents of each lift whose antecedent is reached, until nothing grows. Every lift left out
has an antecedent that no kept formula mentions, so interpreting each predicate not reached as empty turns any
model of the kept problem into one of the whole (a left-out lift holds vacuously; a kept lift only denies an
unreached predicate, which holds of nothing): the checks get the same answers from the smaller problem.
"""
from __future__ import annotations

from dataclasses import replace

from .formulas import Atom, Bin, Formula, Not, Quant, Var, atoms
from .syntax import Formalization, KnowledgeFormula

__all__ = ["is_type_lift", "reached"]


def is_type_lift(formula: Formula) -> bool:
    """Whether ``formula`` is ``∀x. A(x) → B(x)`` (``¬B(x)``, ``B(x) ∧ ¬C(x)`` ...) with rigid unary predicates of
    one object variable only: a kind placed under a more general one (a chair is a seat) or apart from another
    (a child is not an adult). A fluent (``Strong(x, s)``) is a state, not a kind: never a lift."""
    if not (isinstance(formula, Quant) and formula.kind == "forall" and len(formula.variables) == 1):
        return False
    x, body = formula.variables[0], formula.body
    if x.sort != "object" or not (isinstance(body, Bin) and body.op == "implies"):
        return False
    return _unary(body.left, x) and all(_unary(c.body if isinstance(c, Not) else c, x) for c in _conjuncts(body.right))


def _unary(f: Formula, x: Var) -> bool:
    return isinstance(f, Atom) and f.args == (x,)


def _conjuncts(f: Formula) -> list[Formula]:
    if isinstance(f, Bin) and f.op == "and":
        return _conjuncts(f.left) + _conjuncts(f.right)
    return [f]


def _names(f: Formula) -> set[str]:
    return {a.name for a in atoms(f) if isinstance(a, Atom)}


def reached(f: Formalization) -> Formalization:
    """``f`` without the true type lifts its vocabulary does not reach (see the module's docstring)."""
    lifts = [k for k in f.knowledge if k.truth and is_type_lift(k.formula)]
    if not lifts:
        return f
    seen = _names(f.ambiguity) | _names(f.answer_formula) | _names(f.alternative_formula)
    for _, g in f.scenario:
        seen |= _names(g)
    for k in f.knowledge:
        if not (k.truth and is_type_lift(k.formula)):
            seen |= _names(k.formula)
    kept: list[KnowledgeFormula] = []
    waiting = list(lifts)
    grew = True
    while grew:
        grew = False
        for k in list(waiting):
            body = k.formula.body  # type: ignore[union-attr]
            if body.left.name in seen:  # type: ignore[union-attr]
                kept.append(k)
                waiting.remove(k)
                seen |= {c.name for c in _conjuncts(body.right) if isinstance(c, Atom)}  # type: ignore[union-attr]
                grew = True
    if not waiting:
        return f
    dropped = {id(k) for k in waiting}
    return replace(f, knowledge=[k for k in f.knowledge if id(k) not in dropped])
