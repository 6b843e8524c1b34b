"""The six checks of a formalized schema, each "pass", "fail" or "unknown" (Z3 ran out of resources, said honestly).

For scenario Γ (the scenario formulas and the ambiguity), true knowledge K and answer A:

- consistency: Γ ∧ K is satisfiable (on failure: a minimal set of formulas that clash);
- sufficiency: Γ ∧ K entails A (on success: the minimal knowledge used, an unsat core shrunk
  one formula at a time; on failure: a countermodel);
- necessity: Γ alone does not entail A (on failure: the scenario formulas that already do);
- uniqueness: Γ ∧ K does not entail the alternative;
- generality: K is general knowledge, not the answer in disguise (:func:`_generality`): no true formula
  names an entity of the schema, another constant (which a finite domain pins to one object) or the initial
  situation; K alone does not entail A, nor K with the scenario's type facts only (``Child(Son)``: what
  things are, not what happened); Γ moved to an arbitrary situation with K still entails A moved there; and
  K with the twin's scenario gives the twin's answer (:mod:`.twins`), for knowledge written to restate one
  version's answer does not;
- false_knowledge: each false formula K' is not true (not valid, not entailed by K, not entailed
  by Γ ∧ K) and, in place of the true one it transforms (if it names one), does not entail A or
  is inconsistent with Γ.

Two statuses say that a check cannot mean anything, rather than pass: sufficiency is
``vacuous`` when Γ ∧ K is inconsistent (everything follows; consistency already fails, so the
schema fails), and false_knowledge is ``n/a`` when there is no false formula (it fails nothing).

Every question is bounded by Z3's resource limit (``rlimit``, counted in Z3's own units of work), never by
wall-clock time: a verdict, and so every sentence rendered from it, is the same on a busy machine and an idle
one. :data:`DEFAULT_RLIMIT` is ten times what the hardest question of the shipped formalizations needs.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from wino_toolkit.extras import require

__all__ = ["Problem", "CheckResult", "Verdict", "Session", "verify", "false_summary", "CHECKS", "STATUSES", "DEFAULT_RLIMIT"]

CHECKS = ("consistency", "sufficiency", "necessity", "uniqueness", "generality", "false_knowledge")
#: every status a check can have; ``vacuous`` and ``n/a`` are explained in the module docstring
STATUSES = ("pass", "fail", "unknown", "vacuous", "n/a")
#: Z3 resource units per question: the hardest question of the 283 shipped formalizations takes 1.9 million
#: (wsc285-236, about 0.5 s on a 2-core machine); ten times that leaves room for new files without a wall clock
DEFAULT_RLIMIT = 20_000_000


@dataclass
class Problem:
    """A schema version as Z3 formulas, however it was written (``.fol`` or SMT-LIB2)."""

    source: str
    item: str | None
    scenario: list[tuple[str, Any]]
    knowledge: list[tuple[str, Any]]
    false_knowledge: list[tuple[str, Any, str | None, str | None]]  # name, formula, transformation, of
    answer: Any
    alternative: Any
    #: what a countermodel lists, or a function making it (only a failing check needs it: made on demand)
    ground_atoms: list[tuple[str, Any]] | Callable[[], list[tuple[str, Any]]] = field(default_factory=list)
    domain: str = "finite"
    #: the candidates' constants; ``None``: those in the answer or the alternative but not both
    entities: list[Any] | None = None
    #: the initial situation (``S0``) the scenario happens in; None: no situations (SMT-LIB2 input)
    initial: Any = None
    #: per twin found, what makes the twin test's problem (the twin's scenario and answer with this knowledge) or
    #: says why it cannot be asked (the two versions declare a name differently)
    twins: list[Callable[[], Problem | str]] = field(default_factory=list)
    #: the names of the vocabulary that fuse concepts or name one situation (:func:`.vocabulary.name_problems`)
    badly_named: list[str] = field(default_factory=list)


@dataclass
class CheckResult:
    status: str  # one of STATUSES
    detail: str = ""
    core: list[str] | None = None
    countermodel: dict[str, str] | None = None
    name: str | None = None  # for one false knowledge formula

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status}
        if self.name is not None:
            out["name"] = self.name
        if self.detail:
            out["detail"] = self.detail
        if self.core is not None:
            out["core"] = self.core
        if self.countermodel is not None:
            out["countermodel"] = self.countermodel
        return out


@dataclass
class Verdict:
    """The checks of one problem; ``checks["false_knowledge"]`` sums up ``false_results``."""

    source: str
    item: str | None
    checks: dict[str, CheckResult]
    false_results: list[CheckResult]
    seconds: float

    @property
    def status(self) -> str:
        return _combine([c.status for c in self.checks.values()])

    def to_dict(self) -> dict[str, Any]:
        sufficiency = self.checks["sufficiency"]
        return {
            "file": self.source,
            "item": self.item,
            "status": self.status,
            "checks": {name: c.status for name, c in self.checks.items()},
            "details": {name: c.to_dict() for name, c in self.checks.items()},
            "false_knowledge": [c.to_dict() for c in self.false_results],
            "core": sufficiency.core if sufficiency.status == "pass" else None,  # the knowledge used
            "countermodel": next((c.countermodel for c in self.checks.values() if c.countermodel), None),
            "seconds": round(self.seconds, 4),
        }


def _combine(statuses: list[str]) -> str:
    """``vacuous`` and ``n/a`` fail nothing by themselves (a vacuous sufficiency comes with a failed consistency)."""
    return "fail" if "fail" in statuses else "unknown" if "unknown" in statuses else "pass"


class Session:
    """Satisfiability questions about one problem, each bounded by Z3's resource limit ``rlimit``."""

    def __init__(self, problem: Problem, rlimit: int = DEFAULT_RLIMIT):
        self.z3 = require("z3", "logic", "Checking formalized knowledge")
        self.p = problem
        self.rlimit = rlimit
        self.ctx = problem.answer.ctx

    def check(self, fixed: list[Any], tracked: list[tuple[str, Any]]) -> tuple[str, Any]:
        """("sat", model), ("unsat", core names) or ("unknown", reason) for fixed ∧ tracked."""
        z3 = self.z3
        solver = z3.SolverFor("ALL", ctx=self.ctx)  # faster than z3.Solver() on these problems (BENCHMARKS.md)
        solver.set("rlimit", self.rlimit)  # relative to what this context has already spent: per question
        solver.add(*fixed)
        literals = {}  # the tracking literal's name -> the formula's (names read from the C API: printing is slow)
        assumptions = []
        for name, formula in tracked:
            literal = z3.Bool(f"track!{name}", self.ctx)
            literals[f"track!{name}"] = name
            assumptions.append(literal)
            solver.add(z3.Implies(literal, formula))
        result = solver.check(*assumptions)
        if result == z3.sat:
            return "sat", solver.model()
        if result == z3.unsat:
            return "unsat", [literals[c.decl().name()] for c in solver.unsat_core()]
        reason = solver.reason_unknown()
        if reason in ("canceled", "max. resource limit exceeded"):  # what Z3 says when the rlimit is reached
            reason = f"Z3 reached its resource limit (rlimit {self.rlimit:,})"
        return "unknown", reason

    def minimal_core(self, fixed: list[Any], tracked: list[tuple[str, Any]], core: list[str]) -> list[str]:
        """Shrink an unsat core by dropping each formula that is not needed (deletion-based)."""
        keep = list(core)
        for name in list(core):
            trial = [(n, f) for n, f in tracked if n in keep and n != name]
            outcome, _ = self.check(fixed, trial)
            if outcome == "unsat":
                keep.remove(name)
        return [n for n, _ in tracked if n in keep]

    def countermodel(self, model: Any) -> dict[str, str]:
        if callable(self.p.ground_atoms):
            self.p.ground_atoms = self.p.ground_atoms()
        if self.p.ground_atoms:
            return {text: str(model.eval(atom, model_completion=True)) for text, atom in self.p.ground_atoms}
        return {d.name(): str(model[d]) for d in sorted(model.decls(), key=lambda d: d.name()) if not d.name().startswith("track!")}


def verify(problem: Problem, *, rlimit: int = DEFAULT_RLIMIT) -> Verdict:
    """Run every check on ``problem``, each question within ``rlimit`` Z3 resource units; no check's failure
    stops the others."""
    start = time.perf_counter()
    s = Session(problem, rlimit)
    z3 = s.z3
    gamma = [f for _, f in problem.scenario]
    K = problem.knowledge
    checks: dict[str, CheckResult] = {}

    outcome, info = s.check(gamma, K)
    if outcome == "sat":
        checks["consistency"] = CheckResult("pass")
    elif outcome == "unsat":
        everything = problem.scenario + K
        outcome, core = s.check([], everything)
        core = s.minimal_core([], everything, core) if outcome == "unsat" else None
        checks["consistency"] = CheckResult("fail", "the scenario and the knowledge contradict each other", core=core)
    else:
        checks["consistency"] = CheckResult("unknown", str(info))

    outcome, info = s.check(gamma + [z3.Not(problem.answer)], K)
    if outcome == "unsat":
        checks["sufficiency"] = CheckResult("pass", core=s.minimal_core(gamma + [z3.Not(problem.answer)], K, info))
    elif outcome == "sat":
        checks["sufficiency"] = CheckResult("fail", "the knowledge does not entail the answer", countermodel=s.countermodel(info))
    else:
        checks["sufficiency"] = CheckResult("unknown", str(info))

    outcome, info = s.check([z3.Not(problem.answer)], problem.scenario)
    if outcome == "sat":
        checks["necessity"] = CheckResult("pass")
    elif outcome == "unsat":
        core = s.minimal_core([z3.Not(problem.answer)], problem.scenario, info)
        checks["necessity"] = CheckResult("fail", "the scenario alone entails the answer: the knowledge is not needed", core=core)
    else:
        checks["necessity"] = CheckResult("unknown", str(info))

    outcome, info = s.check(gamma + [z3.Not(problem.alternative)], K)
    if outcome == "sat":
        checks["uniqueness"] = CheckResult("pass")
    elif outcome == "unsat":
        core = s.minimal_core(gamma + [z3.Not(problem.alternative)], K, info)
        checks["uniqueness"] = CheckResult("fail", "the knowledge also entails the other candidate", core=core)
    else:
        checks["uniqueness"] = CheckResult("unknown", str(info))

    if checks["consistency"].status == "fail" and checks["sufficiency"].status == "pass":
        checks["sufficiency"] = CheckResult("vacuous", "the knowledge is inconsistent with the scenario, so it entails anything "
                                                       "(see consistency)", core=checks["sufficiency"].core)
    elif checks["consistency"].status == "unknown" and checks["sufficiency"].status == "pass":
        checks["sufficiency"].detail = "holds vacuously if the knowledge is inconsistent (consistency is unknown)"
    checks["generality"] = _generality(s, K)
    false_results = [_false_knowledge(s, gamma, K, entry) for entry in problem.false_knowledge]
    checks["false_knowledge"] = false_summary(false_results)
    return Verdict(problem.source, problem.item, checks, false_results, time.perf_counter() - start)


def false_summary(false_results: list[CheckResult]) -> CheckResult:
    """The false-knowledge check of a file from the result of each false formula."""
    if not false_results:
        return CheckResult("n/a", "no false formula to check")
    failed = [r.name for r in false_results if r.status == "fail"]
    return CheckResult(_combine([r.status for r in false_results]), f"{len(false_results)} false formula(s)"
                       + (f"; true or still entail the answer: {', '.join(map(str, failed))}" if failed else ""))


def entity_constants(problem: Problem) -> list[Any]:
    """The candidates' constants: declared ones, else those in exactly one of answer and alternative."""
    if problem.entities is not None:
        return list(problem.entities)
    a, b = _constants(problem.answer), _constants(problem.alternative)
    return [c for c in a if not any(c.eq(d) for d in b)] + [d for d in b if not any(d.eq(c) for c in a)]


def _constants(formula: Any) -> list[Any]:
    """The 0-ary applications (constants, enumeration values) in a Z3 formula, each once."""
    z3 = require("z3", "logic", "Checking formalized knowledge")
    out: list[Any] = []
    seen: set[int] = set()
    todo = [formula]
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_app(e):
            if e.num_args() == 0 and not z3.is_bool(e) and e.decl().kind() in (z3.Z3_OP_UNINTERPRETED, z3.Z3_OP_DT_CONSTRUCTOR):
                out.append(e)
            todo.extend(e.children())
        elif z3.is_quantifier(e):
            todo.append(e.body())
    return out


#: why generality fails, in the words of every prover's verdict (:mod:`.provers` asks cvc5 and E the same parts)
BADLY_NAMED = "the vocabulary has names that fuse concepts or name one situation: "
CIRCULAR = ("circular knowledge: with the scenario's type facts only, without what happened, one formula alone entails "
            "the answer: it is the answer restated")
ONLY_AT_S0 = ("the knowledge gives the answer only in the initial situation S0: moved to any other situation, the "
              "scenario no longer gives it, so the knowledge is about S0, not general")
#: the twin test's three parts (``{where}``: the twin named with its file), in the order they are asked
TWIN_PARTS = (
    ("consistent", "the knowledge contradicts the scenario of {where}"),
    ("answer", "the knowledge does not give the answer of {where} from its scenario: it fits one version, not the schema"),
    ("alternative", "the knowledge gives both candidates of {where}"),
)


def _generality(s: Session, K: list[tuple[str, Any]]) -> CheckResult:
    """General knowledge, not the answer in disguise: the first finding of :func:`_specific`, then of each
    question, fails the check; an unsettled question leaves it unknown, never passed."""
    found = _specific(s.p, K)
    if found is not None:
        return found
    unknown: CheckResult | None = None
    for question in (_without_scenario, _types_only, _moved, _twins):
        result = question(s, K)
        if result.status == "fail":
            return result
        if result.status == "unknown" and unknown is None:
            unknown = result
    return unknown or CheckResult("pass")


def _specific(p: Problem, K: list[tuple[str, Any]]) -> CheckResult | None:
    """A vocabulary the name lint refuses, or true knowledge naming an entity, another constant (a zero-argument
    function: the finite domain makes it one of the candidates, a disguised name) or the initial situation: about
    this schema."""
    if p.badly_named:
        return CheckResult("fail", BADLY_NAMED + "; ".join(p.badly_named))
    z3 = require("z3", "logic", "Checking formalized knowledge")
    entities = entity_constants(p)
    kinds = {
        "names an entity of the schema": lambda c: any(c.eq(e) for e in entities),
        "names a constant, one fixed thing that the domain pins to a candidate or a situation":
            lambda c: c.decl().kind() == z3.Z3_OP_UNINTERPRETED and not any(c.eq(e) for e in entities),
        "is about the initial situation, the scenario's own, not every situation":
            lambda c: p.initial is not None and c.eq(p.initial),
    }
    reasons, core = [], []
    for what, named in kinds.items():
        found = {name: sorted({str(c) for c in _constants(formula) if named(c)}) for name, formula in K}
        names = [name for name, constants in found.items() if constants]
        if names:
            reasons.append(f"true knowledge {what} ({', '.join(sorted({c for n in names for c in found[n]}))}): {', '.join(names)}")
            core += [n for n in names if n not in core]
    return CheckResult("fail", "; ".join(reasons), core=core) if reasons else None


def _without_scenario(s: Session, K: list[tuple[str, Any]]) -> CheckResult:
    question = [s.z3.Not(s.p.answer)]
    outcome, info = s.check(question, K)
    if outcome == "sat":
        return CheckResult("pass")
    if outcome == "unsat":
        return CheckResult("fail", "the knowledge entails the answer without the scenario: it restates the answer",
                           core=s.minimal_core(question, K, info))
    return CheckResult("unknown", str(info))


def _types_only(s: Session, K: list[tuple[str, Any]]) -> CheckResult:
    """No single true formula may give the answer from the scenario's type facts only (what the candidates are,
    not what happened): such a formula is the answer itself, whatever its name. The whole knowledge is asked
    first, so that a file passes with one question when the events are needed."""
    question = [f for name, f in s.p.scenario if name != "ambiguity" and _type_fact(f)] + [s.z3.Not(s.p.answer)]
    if len(question) == 1:
        return CheckResult("pass")
    outcome, info = s.check(question, K)
    if outcome == "sat":
        return CheckResult("pass")
    if outcome == "unknown":
        return CheckResult("unknown", str(info))
    alone = {name: s.check(question, [(name, f)]) for name, f in K}
    whole = [name for name, (outcome, _) in alone.items() if outcome == "unsat"]
    if whole:
        return CheckResult("fail", CIRCULAR, core=whole)
    undecided = [str(info) for outcome, info in alone.values() if outcome == "unknown"]
    return CheckResult("unknown", undecided[0]) if undecided else CheckResult("pass")


def _type_fact(formula: Any) -> bool:
    """A conjunction of rigid unary facts about candidates, negated or not: ``Child(Son)``, ``¬Adult(Son)``."""
    z3 = require("z3", "logic", "Checking formalized knowledge")
    parts = formula.children() if z3.is_and(formula) else [formula]
    atoms = [p.arg(0) if z3.is_not(p) else p for p in parts]
    return all(z3.is_app(a) and a.num_args() == 1 and z3.is_bool(a) and a.decl().kind() == z3.Z3_OP_UNINTERPRETED
               and a.arg(0).num_args() == 0 for a in atoms)


def _moved(s: Session, K: list[tuple[str, Any]]) -> CheckResult:
    """Knowledge true in every situation gives the answer wherever the scenario happens: moved from S0 to an
    arbitrary situation, the scenario with the knowledge must still entail the answer moved there. Knowledge
    that holds only of the initial situation, however it describes it, does not."""
    z3 = s.z3
    if s.p.initial is None:
        return CheckResult("pass")
    elsewhere = z3.Const("moved!", s.p.initial.sort())
    move = [z3.substitute(f, (s.p.initial, elsewhere)) for _, f in s.p.scenario]
    outcome, info = s.check(move + [z3.Not(z3.substitute(s.p.answer, (s.p.initial, elsewhere)))], K)
    if outcome == "unsat":
        return CheckResult("pass")
    if outcome == "sat":
        return CheckResult("fail", ONLY_AT_S0)
    return CheckResult("unknown", str(info))


def _twins(s: Session, K: list[tuple[str, Any]]) -> CheckResult:
    """The same knowledge with each twin's scenario must give the twin's answer, and only it."""
    results = [_twin(s, make()) for make in s.p.twins]
    for status in ("fail", "unknown"):
        found = [r for r in results if r.status == status]
        if found:
            return found[0]
    return CheckResult("pass")


def _twin(s: Session, twin: Problem | str) -> CheckResult:
    """Consistent with the twin's scenario, giving its answer, not its other candidate."""
    if isinstance(twin, str):
        return CheckResult("fail", f"twin test: {twin}")
    t = Session(twin, s.rlimit)
    gamma = [f for _, f in twin.scenario]
    where = f"the twin {twin.item} ({twin.source})"
    details = [detail.format(where=where) for _, detail in TWIN_PARTS]
    questions = (
        (gamma, "sat", details[0]),
        (gamma + [t.z3.Not(twin.answer)], "unsat", details[1]),
        (gamma + [t.z3.Not(twin.alternative)], "sat", details[2]),
    )
    for fixed, wanted, detail in questions:
        outcome, info = t.check(fixed, twin.knowledge)
        if outcome == "unknown":
            return CheckResult("unknown", f"twin test on {twin.item}: {info}")
        if outcome != wanted:
            core = t.minimal_core(fixed, twin.knowledge, info) if outcome == "unsat" else None
            return CheckResult("fail", f"twin test: {detail}", core=core)
    return CheckResult("pass")


#: what :func:`truth` says when Z3 could not settle whether a formula meant to be false is true
UNDECIDED = "undecided: Z3 could not show it false within its resource limit"


def truth(s: Session, gamma: list[Any], K: list[tuple[str, Any]], formula: Any) -> str | None:
    """Why a formula meant to be false is in fact true ("valid", "entailed by the true knowledge",
    "entailed by the scenario and the true knowledge"), None when Z3 finds a model where it is false,
    and :data:`UNDECIDED` when Z3 reaches its resource limit: an unknown never counts as shown false."""
    z3 = s.z3
    outcome, _ = s.check(gamma + [z3.Not(formula)], K)  # the widest question first: one call when false
    if outcome == "sat":
        return None
    if outcome == "unknown":
        return UNDECIDED
    for reason, tracked in (("valid", []), ("entailed by the true knowledge", K)):
        if s.check([z3.Not(formula)], tracked)[0] == "unsat":
            return reason
    return "entailed by the scenario and the true knowledge"


def _false_knowledge(s: Session, gamma: list[Any], K: list[tuple[str, Any]], entry: tuple) -> CheckResult:
    name, formula, transformation, of = entry
    z3 = s.z3
    true = truth(s, gamma, K, formula)
    if true == UNDECIDED:
        return CheckResult("unknown", f"{transformation or 'false'}: {true}", name=name)
    if true is not None:
        return CheckResult("fail", f"{transformation or 'false'}: not false: {true}", name=name)
    # in place of the true formula it transforms (the rest of K kept); alone when it names none
    tracked = ([(n, f) for n, f in K if n != of] if of is not None else []) + [(name, formula)]
    outcome, info = s.check(gamma + [z3.Not(s.p.answer)], tracked)
    if outcome == "sat":
        return CheckResult("pass", f"{transformation or 'false'}: does not entail the answer", name=name)
    if outcome == "unknown":
        return CheckResult("unknown", str(info), name=name)
    consistent, _ = s.check(gamma, tracked)
    if consistent == "unsat":
        return CheckResult("pass", f"{transformation or 'false'}: inconsistent with the scenario", name=name)
    core = s.minimal_core(gamma + [z3.Not(s.p.answer)], tracked, info)
    return CheckResult("fail", "still entails the answer", core=core, name=name)
