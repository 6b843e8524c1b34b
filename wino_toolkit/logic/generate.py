"""False knowledge made by transforming formulas, kept only when Z3 confirms it fails, and the
sentences of a formalization (true, written-false and generated-false, in every variant).

Transformations of a true formula ``∀x, y. P(x, y) → C(x)``, WinoLogic's four kinds:

- ``negation``: the conclusion negated, ``P(x, y) → ¬C(x)``;
- ``swap``: the two parties exchanged in the premise, ``P(y, x) → C(x)``;
- ``replace``: one party put in place of the other in the conclusion, ``P(x, y) → C(y)``;
- ``change``: the conclusion's predicate changed to another of the same signature, ``P(x, y) → D(x)``.

A candidate is kept when Z3 shows it is really false (not valid, not entailed by the true
knowledge, not entailed by the scenario and the true knowledge: "P → P", which ``change`` makes
when it picks the premise's own predicate, is dropped), and it is consistent with the scenario
and, in place of the true formula, does not entail the answer; a candidate written the same as a formula already there (one in the
file, say; equations compared either way round) is dropped. Two parties make ``swap`` and
``replace`` logically equivalent (rename x and y), but they read differently, so both stay.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterator

from .checks import DEFAULT_RLIMIT, Problem, Session, truth
from .deep import deep
from .encode import Encoder
from .formulas import Atom, Bin, Eq, Formula, Not, Quant, Var, atoms, conclusion, free_vars, map_atoms, strip_quantifiers, substitute, with_conclusion
from .render import VARIANTS, grounding, render, universal_objects
from .kinds import is_type_lift, reached
from .syntax import Formalization, KnowledgeFormula

__all__ = ["Checker", "transformations", "false_variants", "KnowledgeSentence", "knowledge_sentences"]


class Checker:
    """Z3 questions about formulas of one formalization (its own Z3 context)."""

    def __init__(self, f: Formalization, rlimit: int = DEFAULT_RLIMIT):
        self.f = f
        self.encoder = Encoder(f)
        self.problem: Problem = self.encoder.problem()
        self.session = Session(self.problem, rlimit)
        self.gamma = [g for _, g in self.problem.scenario]

    def _others(self, without: str | None) -> list[tuple[str, Any]]:
        return [(n, g) for n, g in self.problem.knowledge if n != without]

    def entails_answer(self, formula: Formula, without: str | None = None) -> bool:
        """Γ ∧ (true knowledge but ``without``) ∧ formula ⊨ answer (definitely: unknown is no)."""
        z3 = self.session.z3
        tracked = self._others(without) + [("candidate", self.encoder.formula(formula, {}))]
        outcome, _ = self.session.check(self.gamma + [z3.Not(self.problem.answer)], tracked)
        return outcome == "unsat"

    def truth(self, formula: Formula) -> str | None:
        """Why ``formula`` is true in this schema (valid, or entailed), None when Z3 shows it can be false."""
        return truth(self.session, self.gamma, self.problem.knowledge, self.encoder.formula(formula, {}))

    def consistent(self, formula: Formula, without: str | None = None) -> bool:
        tracked = self._others(without) + [("candidate", self.encoder.formula(formula, {}))]
        outcome, _ = self.session.check(self.gamma, tracked)
        return outcome == "sat"


def transformations(k: KnowledgeFormula, f: Formalization) -> Iterator[tuple[str, Formula]]:
    """Candidate false formulas made from the true formula ``k``, with their kind."""
    formula = k.formula
    yield "negation", with_conclusion(formula, lambda c: c.body if isinstance(c, Not) else Not(c))
    parties = universal_objects(formula)
    if len(parties) >= 2:
        x, y = parties[0], parties[1]
        swapped = _swap_premise(formula, x, y)
        if swapped is not None:
            yield "swap", swapped
        in_conclusion = [v for v in (x, y) if v in _vars(conclusion(formula))]
        if in_conclusion:
            v = in_conclusion[0]
            other = y if v == x else x
            yield "replace", with_conclusion(formula, lambda c: substitute(c, {v: other}))
    target = _positive(conclusion(formula))
    if isinstance(target, Atom) and target.name != "Poss":
        signature = f.symbols[target.name].args
        used = _vocabulary(f)
        for symbol in f.symbols.values():
            if symbol.name != target.name and symbol.name in used and symbol.result == "bool" and symbol.args == signature:
                yield "change", with_conclusion(formula, lambda c, s=symbol.name: _rename(c, target, s))


def _vocabulary(f: Formalization) -> set[str]:
    """The words a ``change`` may put in a conclusion: every declared one but the kinds of the type hierarchy the
    schema's problem never mentions (importing the hierarchy declares every kind; a tide is no distractor for a
    schema about chairs)."""
    g = reached(f)
    formulas = [h for _, h in g.scenario] + [g.ambiguity] + [k.formula for k in g.knowledge]
    used = {a.name for h in formulas for a in atoms(h) if isinstance(a, Atom)}
    kinds = {a.name for k in f.knowledge if k.truth and is_type_lift(k.formula) for a in atoms(k.formula) if isinstance(a, Atom)}
    return set(f.symbols) - (kinds - used)


def _positive(g: Formula) -> Formula:
    return g.body if isinstance(g, Not) else g


def _rename(g: Formula, target: Atom, name: str) -> Formula:
    if isinstance(g, Not):
        return Not(_rename(g.body, target, name))
    return Atom(name, target.args) if g == target else g


def _vars(g: Formula) -> set[Var]:
    return set(free_vars(g))


def _swap_premise(formula: Formula, x: Var, y: Var) -> Formula | None:
    _, body = strip_quantifiers(formula)
    if not (isinstance(body, Bin) and body.op == "implies"):
        return None
    swapped = Bin("implies", substitute(body.left, {x: y, y: x}), body.right)
    out: Formula = swapped
    for q in reversed(_prefix(formula)):
        out = Quant(q.kind, q.variables, out)
    return out


def _prefix(formula: Formula) -> list[Quant]:
    out = []
    while isinstance(formula, Quant) and formula.kind == "forall":
        out.append(formula)
        formula = formula.body
    return out


def canonical(formula: Formula) -> str:
    """The formula printed with each equation's sides in a fixed order (``y ≠ x`` reads ``x ≠ y``):
    two candidates with the same canonical form would render alike."""
    def ordered(a: Atom | Eq) -> Formula:
        if isinstance(a, Eq) and str(a.right) < str(a.left):
            return Eq(a.right, a.left, a.negated)
        return a

    return str(map_atoms(formula, ordered))


def false_variants(k: KnowledgeFormula, f: Formalization, checker: Checker) -> list[KnowledgeFormula]:
    """The transformations of ``k`` that Z3 confirms are false, consistent and do not entail the answer."""
    seen = {canonical(g.formula) for g in f.knowledge}
    out = []
    for kind, candidate in transformations(k, f):
        if canonical(candidate) in seen:
            continue
        seen.add(canonical(candidate))
        if (checker.truth(candidate) is None and checker.consistent(candidate, without=k.name)
                and not checker.entails_answer(candidate, without=k.name)):
            out.append(KnowledgeFormula(f"{k.name}~{kind}{sum(o.transformation == kind for o in out) or ''}", False,
                                        candidate, kind, k.name, k.line))
    return out


@dataclass(frozen=True)
class KnowledgeSentence:
    """One rendered knowledge sentence of a formalization."""

    item: str
    name: str
    truth: bool
    transformation: str | None
    of: str | None
    variant: str
    text: str
    formula: str
    origin: str  # "written" (in the file) or "generated" (a transformation Z3 confirmed)
    reason: str = ""  # the text as the end of a claim: first letter not capitalized (WinoLogic's "because ...")

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@deep
def knowledge_sentences(f: Formalization, *, variants: tuple[str, ...] = VARIANTS, generate: bool = True,
                        rlimit: int = DEFAULT_RLIMIT) -> list[KnowledgeSentence]:
    """The knowledge of ``f`` (of its imported axioms, those its answer needs: :func:`_used`) and, with ``generate``,
    its confirmed false variants, in each variant. Which variants are kept depends on Z3's answers within
    ``rlimit`` resource units, never on the machine's load."""
    checker = Checker(f, rlimit)
    used = _used(f, checker)
    formulas: list[tuple[KnowledgeFormula, str]] = [(k, "written") for k in f.knowledge if k.name in used]
    if generate:
        for k in f.true_knowledge:
            if k.name not in used:
                continue
            formulas += [(g, "generated") for g in false_variants(k, f, checker)]
    out = []
    extended = _extended(f, [k for k, _ in formulas])
    for k, origin in formulas:
        ground = grounding(extended, k, checker)
        for variant in variants:
            out.append(KnowledgeSentence(f.item, k.name, k.truth, k.transformation, k.of, variant,
                                         render(k.formula, f, variant, ground), str(k.formula), origin,
                                         render(k.formula, f, variant, ground, capitalize=False)))
    return out


def _used(f: Formalization, checker: Checker) -> set[str]:
    """The knowledge a version's sentences speak of: what the file writes, and of the axioms it imports
    those in the minimal core that entails the answer or that a written false formula transforms (all of
    them when Z3 finds no core)."""
    names = {k.name for k in f.knowledge if k.origin is None}
    names |= {k.of for k in f.false_knowledge if k.of is not None}  # the axioms written false formulas transform
    if not f.axioms:
        return names
    s, z3 = checker.session, checker.session.z3
    fixed = checker.gamma + [z3.Not(checker.problem.answer)]
    outcome, core = s.check(fixed, checker.problem.knowledge)
    if outcome != "unsat":
        return names | {k.name for k in f.axioms}
    return names | set(s.minimal_core(fixed, checker.problem.knowledge, core))


def _extended(f: Formalization, knowledge: list[KnowledgeFormula]) -> Formalization:
    """``f`` listing generated formulas too (so a generated one finds the formula it transforms)."""
    return replace(f, knowledge=knowledge)

