"""The sanity theory: uncontroversial facts the axiom library must agree with, and statements it must not entail.

Consistency says that the axioms do not contradict each other, not that they are true: "no one serves
himself" or "whoever is remembered as an infant is an infant now" clash with no schema. The sanity theory,
written apart from the library in ``corpora/logic/sanity/``, holds two modules in the library's vocabulary:

- ``facts.fol``: true facts (``axiom fact_...``), general ones ("a father is an adult") and possibilities
  stated as existentials, which stand for a ground scenario with fresh constants ("someone serves himself":
  ``∃x, s. Serves(x, x, s)``); the library with every fact must be satisfiable;
- ``forbidden.fol``: statements (``axiom forbidden_...``) the library with the facts must NOT entail.

Objects form an open domain (any number of them, as a fresh constant needs), so a clash is a real one.
Every question is bounded by Z3's resource limit, never by time. The library's axioms fall into groups
that share no symbol (an action counts as a symbol, ``Poss`` of it with it): a group, with the facts and
the statements that use its symbols, is checked alone, which keeps the questions small and loses
nothing: theories with no symbol in common have a joint model when each has an infinite one. A group
is asked with all its facts at once; when Z3 cannot decide that within a tenth of the limit, each fact is
asked alone with the axioms. A forbidden statement undecided with every fact is asked again with the
general facts only (the possibilities, existentials, only add witnesses). Successor-state axioms
(``F(..., do(a, s)) ↔ ...``) are left out of every question and named in the report: Z3 builds no model of
such a recursive definition over an open domain.

:func:`check` runs the theory against a library (the shipped one, or a copy); :func:`entailed` says whether
the library with the facts entails a formula (a "false" knowledge formula they entail is not false).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from wino_toolkit.errors import FormatError

from .axioms import import_module, library_folder, library_modules
from .checks import DEFAULT_RLIMIT, Problem, Session
from .formulas import Atom, Bin, Bool, Fn, Formula, Quant, Term, atoms
from .syntax import (
    AxiomModule,
    Entity,
    Formalization,
    KnowledgeFormula,
    Symbol,
    parse_module,
    read_source,
)

__all__ = ["LIBRARY", "Finding", "Report", "Theory", "check", "entailed", "load_theory", "sanity_folder", "successor_state", "symbols_of"]


#: the name a clash among the axioms alone (no fact in its core) is reported under
LIBRARY = "<library>"


def sanity_folder() -> Path:
    """The shipped sanity theory (``corpora/logic/sanity``)."""
    return library_folder().parent / "sanity"


@dataclass
class Theory:
    """The library's axioms and the sanity theory, over one merged vocabulary."""

    symbols: dict[str, Symbol]
    axioms: list[KnowledgeFormula]
    facts: list[KnowledgeFormula]
    forbidden: list[KnowledgeFormula]


@dataclass
class Finding:
    """What one question found: ``status`` is ``ok``, ``clash`` (facts), ``entailed`` (forbidden) or ``unknown``."""

    name: str
    status: str
    core: list[str] = field(default_factory=list)  # the axioms and facts that clash with it, or entail it
    detail: str = ""

    def __str__(self) -> str:
        said = {"clash": "contradicts the library", "entailed": "is entailed by the library",
                "unknown": "undecided", "ok": "ok"}[self.status]
        return f"{self.name} {said}" + (f": {', '.join(self.core)}" if self.core else "") + (f" ({self.detail})" if self.detail else "")


@dataclass
class Report:
    facts: list[Finding]
    forbidden: list[Finding]
    axioms: int
    groups: int
    left_out: list[str] = field(default_factory=list)  # successor-state axioms, in no question
    library: list[Finding] = field(default_factory=list)  # axioms that contradict each other, without any fact

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.library + self.facts + self.forbidden if f.status != "ok"]

    @property
    def exposed(self) -> list[str]:
        """The library's axioms named in some clash or entailment."""
        names = {a for f in self.problems for a in f.core if not a.startswith(("fact_", "forbidden_"))}
        return sorted(names)


# -- loading ------------------------------------------------------------------------------------


def load_theory(library: Path | None = None, sanity: Path | None = None) -> Theory:
    """Every module of ``library`` (the shipped one by default) and the sanity theory in ``sanity``."""
    modules = library_modules(library)
    folder = sanity or sanity_folder()
    facts = _sanity_module(folder / "facts.fol", "sanity/facts")
    forbidden = _sanity_module(folder / "forbidden.fol", "sanity/forbidden")
    symbols = _merged_symbols([*modules, facts, forbidden])
    axioms: dict[str, KnowledgeFormula] = {}
    for m in modules:
        for a in m.axioms:
            axioms.setdefault(a.name, a)
    return Theory(symbols, list(axioms.values()), _own(facts, "fact_"), _own(forbidden, "forbidden_"))


def _sanity_module(path: Path, name: str) -> AxiomModule:
    return parse_module(read_source(path), name, str(path), (), import_module)


def _own(module: AxiomModule, prefix: str) -> list[KnowledgeFormula]:
    """The statements written in the module itself, not those it imports; each named ``prefix...``, so that a
    core tells the library's axioms from the sanity theory's statements."""
    own = [a for a in module.axioms if a.origin == module.name]
    for a in own:
        if not a.name.startswith(prefix):
            raise FormatError(module.path, f"line {a.line}", f"{a.name!r}: a statement here is named {prefix}...")
    return own


def _merged_symbols(modules: Iterable[AxiomModule]) -> dict[str, Symbol]:
    """One vocabulary for every module; a name declared with two shapes is refused, naming both modules."""
    out: dict[str, Symbol] = {}
    where: dict[str, str] = {}
    for m in modules:
        for s in m.symbols.values():
            known = out.get(s.name)
            if known is None:
                out[s.name], where[s.name] = s, m.path
            elif (known.kind, known.args, known.result) != (s.kind, s.args, s.result):
                raise FormatError(m.path, None, f"{s.name!r} is declared as {s.kind}{s.args} here and as "
                                                f"{known.kind}{known.args} in {where[s.name]}")
    return out


def successor_state(axiom: KnowledgeFormula) -> bool:
    """``∀... F(..., do(a, s)) ↔ φ``: a definition of a fluent in every situation from the one before, of which
    Z3 builds no model over an open domain (a question with one is undecided within any resource limit)."""
    body = axiom.formula
    while isinstance(body, Quant) and body.kind == "forall":
        body = body.body
    return (isinstance(body, Bin) and body.op == "iff" and isinstance(body.left, Atom) and bool(body.left.args)
            and isinstance(body.left.args[-1], Fn) and body.left.args[-1].name == "do")


# -- groups of axioms that share symbols ------------------------------------------------------------


def symbols_of(f: Formula, symbols: dict[str, Symbol]) -> set[str]:
    """The symbols a formula says something about: predicates, fluents, functions and actions (``Poss`` of
    an action counts as the action; ``Poss`` of a variable action as ``Poss``, which joins every action)."""
    out: set[str] = set()
    for a in atoms(f):
        terms = a.args if isinstance(a, Atom) else (a.left, a.right)
        if isinstance(a, Atom) and a.name != "Poss":
            out.add(a.name)
        elif isinstance(a, Atom) and not isinstance(a.args[0], Fn):  # Poss(a, s): any action
            out.update(n for n, s in symbols.items() if s.kind == "action")
        for t in terms:
            out.update(_term_symbols(t))
    return out


def _term_symbols(t: Term) -> Iterator[str]:
    if isinstance(t, Fn):
        if t.name not in ("S0", "do"):
            yield t.name
        for a in t.args:
            yield from _term_symbols(a)


def _groups(formulas: list[tuple[str, set[str]]]) -> list[set[str]]:
    """The formula names in each group of formulas linked by shared symbols (union-find on symbols)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, used in formulas:
        first = next(iter(used), None)
        for other in used:
            parent[find(other)] = find(first)  # type: ignore[arg-type]
    groups: dict[str, set[str]] = {}
    for name, used in formulas:
        root = find(next(iter(used))) if used else f"#{name}"
        groups.setdefault(root, set()).add(name)
    return list(groups.values())


# -- questions ----------------------------------------------------------------------------------------


class _Encoded(dict):  # type: ignore[type-arg]
    """Z3 terms of the theory's formulas, each encoded when a question first needs it: a question about one
    formula reaches a few dozen axioms, and encoding all 700 for it cost more than asking."""

    def __init__(self, encoder: Any, formulas: dict[str, Formula]):
        super().__init__()
        self.encoder, self.sources = encoder, formulas

    def __missing__(self, name: str) -> Any:
        self[name] = term = self.encoder.formula(self.sources[name], {})
        return term


class _Z3:
    """The theory as Z3 formulas over an open domain, with one session for every question."""

    def __init__(self, theory: Theory, rlimit: int, entities: dict[str, Entity] | None = None):
        from .encode import Encoder

        f = Formalization(path="<sanity>", item="sanity", domain="open", entities=dict(entities or {}),
                          symbols=theory.symbols, scenario=[], ambiguity=Bool(True), answer="", knowledge=[],
                          categories=(), candidates=("", ""), answer_formula=Bool(True), alternative_formula=Bool(True))
        self.encoder = encoder = Encoder(f)
        self.z3 = encoder.z3
        true = encoder.z3.BoolVal(True, encoder.ctx)
        self.unique = list(encoder.unique)
        self.formulas = _Encoded(encoder, {k.name: k.formula for k in [*theory.axioms, *theory.facts, *theory.forbidden]})
        self.session = Session(Problem("<sanity>", None, [], [], [], true, true), rlimit)
        self.model: Any = None  # of the last satisfiable question
        #: the resource limit of a question that has a narrower one to fall back on (a tenth of the full one)
        self.first_try = max(rlimit // 10, 1)
        #: the facts that state a possibility (an existential: a ground scenario), not a general truth
        self.possibilities = {k.name for k in theory.facts if isinstance(k.formula, Quant) and k.formula.kind == "exists"}

    def ask(self, fixed: list[Any], names: list[str], rlimit: int | None = None) -> tuple[str, list[str]]:
        """("sat", []), ("unsat", a minimal core of ``names``) or ("unknown", [the reason]) for fixed ∧ names.

        Asked first of a plain solver without tracking literals (Z3 finds the models of these theories far
        sooner so); only an unsat answer is asked again, tracked, for its core."""
        z3 = self.z3
        solver = z3.Solver(ctx=self.encoder.ctx)
        solver.set("rlimit", rlimit or self.session.rlimit)
        solver.add(*self.unique, *fixed, *[self.formulas[n] for n in names])
        result = solver.check()
        if result == z3.sat:
            self.model = solver.model()
            return "sat", []
        if result != z3.unsat:
            return "unknown", [f"Z3 reached its resource limit (rlimit {rlimit or self.session.rlimit:,})"]
        tracked = [(n, self.formulas[n]) for n in names]
        outcome, info = self.session.check(self.unique + fixed, tracked)
        if outcome != "unsat":
            return "unsat", list(names)
        return "unsat", self.session.minimal_core(self.unique + fixed, tracked, info)


def check(library: Path | None = None, sanity: Path | None = None, *, rlimit: int = DEFAULT_RLIMIT) -> Report:
    """Check ``library`` against the sanity theory: each group of axioms consistent with its facts (on a clash,
    each fact that clashes, with its minimal core), and each forbidden statement not entailed by the axioms and
    the facts that do not clash. Successor-state axioms are left out of every question (:func:`successor_state`)
    and named in the report. The shipped library's check is run once per process (:func:`entailed` reuses it)."""
    if library is None and sanity is None and rlimit == DEFAULT_RLIMIT:
        return _shipped_run().report
    return _run(load_theory(library, sanity), rlimit).report


@dataclass
class _Run:
    """A finished check, kept so that later questions reuse its models and the facts found sound."""

    report: Report
    z: _Z3
    used: dict[str, set[str]]  # the symbols of each axiom, fact and statement
    sound: list[tuple[str, set[str]]]  # the axioms and the facts that do not clash, with their symbols
    models: list[tuple[set[str], Any]]  # the symbols of each group, and a model of it with its sound facts


def _run(theory: Theory, rlimit: int) -> _Run:
    left_out = [a.name for a in theory.axioms if successor_state(a)]
    theory.axioms = [a for a in theory.axioms if a.name not in left_out]
    z = _Z3(theory, rlimit)
    used = {k.name: symbols_of(k.formula, theory.symbols) for k in [*theory.axioms, *theory.facts, *theory.forbidden]}
    base = [(k.name, used[k.name]) for k in [*theory.axioms, *theory.facts]]
    facts = [f.name for f in theory.facts]
    found: dict[str, Finding] = {}
    models: list[tuple[set[str], Any]] = []
    groups = _groups(base)
    for group in groups:
        findings, model = _consistency(z, [n for n, _ in base if n in group], [n for n in facts if n in group])
        found.update(findings)
        if model is not None:
            models.append((set().union(*(used[n] for n in group)), model))
    sound = [(n, u) for n, u in base if n not in found or found[n].status == "ok"]  # a clashing fact entails anything
    forbidden = [_not_entailed(z, k.name, z.formulas[k.name], used[k.name], sound, used, models) for k in theory.forbidden]
    report = Report([found[n] for n in facts], forbidden, len(theory.axioms), len(groups), left_out,
                    [f for n, f in found.items() if n == LIBRARY])
    return _Run(report, z, used, sound, models)


def _relevant(symbols: set[str], base: list[tuple[str, set[str]]], used: dict[str, set[str]]) -> list[str]:
    """The axioms and facts linked to ``symbols`` through shared symbols."""
    reach, names, grew = set(symbols), [], True
    while grew:
        grew = False
        for name, s in base:
            if name not in names and s & reach:
                names.append(name)
                reach |= s
                grew = True
    return [n for n, _ in base if n in names]


def _consistency(z: _Z3, group: list[str], facts: list[str]) -> tuple[dict[str, Finding], Any]:
    """Findings for the facts of one group, and a model of the group without the facts that clash: while the
    group is unsatisfiable, the facts of its minimal core are reported with it and set aside."""
    out: dict[str, Finding] = {}
    left = list(group)
    while True:
        outcome, info = z.ask([], left, z.first_try)
        if outcome == "sat":
            out.update((n, Finding(n, "ok")) for n in facts if n not in out)
            return out, z.model
        if outcome == "unknown":
            return _one_by_one(z, [n for n in left if n not in facts], [n for n in facts if n in left], out), None
        clashing = [n for n in info if n in facts]
        if not clashing:  # the axioms of the group contradict each other: reported under the library's name
            out.update((n, Finding(n, "clash", info, "the axioms of its group contradict each other")) for n in facts)
            out[LIBRARY] = Finding(LIBRARY, "clash", info, "the axioms contradict each other")
            return out, None
        for n in clashing:
            out[n] = Finding(n, "clash", info)
        left = [n for n in left if n not in clashing]


def _one_by_one(z: _Z3, axioms: list[str], facts: list[str], out: dict[str, Finding]) -> dict[str, Finding]:
    """When Z3 cannot decide a group with all its facts together: each fact alone with the axioms."""
    for n in facts:
        outcome, info = z.ask([], axioms + [n])
        status = {"sat": "ok", "unsat": "clash"}.get(outcome, "unknown")
        out[n] = Finding(n, status, info if outcome == "unsat" else [], info[0] if outcome == "unknown" else "")
    return out


def _not_entailed(z: _Z3, name: str, formula: Any, symbols: set[str], sound: list[tuple[str, set[str]]],
                  used: dict[str, set[str]], models: list[tuple[set[str], Any]]) -> Finding:
    """Not entailed when false in the model of its group; else asked of the axioms and facts it reaches."""
    for group_symbols, model in models:
        if symbols <= group_symbols and z.z3.is_false(model.eval(formula, model_completion=True)):
            return Finding(name, "ok")
    return _entailment(z, name, formula, _relevant(symbols, sound, used))


def _entailment(z: _Z3, name: str, formula: Any, premises: list[str]) -> Finding:
    """Whether ``premises`` entail ``formula``: asked first with a tenth of the resource limit, then, if undecided,
    with the general facts only (the possibilities only add witnesses) and the full limit."""
    goal = [z.z3.Not(formula)]
    outcome, info = z.ask(goal, premises, z.first_try)
    if outcome == "unknown":
        outcome, info = z.ask(goal, [n for n in premises if n not in z.possibilities])
        if outcome == "sat":
            return Finding(name, "ok", detail="shown without the possibility facts")
    if outcome == "sat":
        return Finding(name, "ok")
    if outcome == "unsat":
        return Finding(name, "entailed", info)
    return Finding(name, "unknown", detail=info[0])


# -- for the false-knowledge check -----------------------------------------------------------------------


def _same_shape(known: Symbol, other: Symbol | None) -> bool:
    return other is None or (known.kind, known.args, known.result) == (other.kind, other.args, other.result)


@lru_cache(maxsize=1)
def _shipped_theory() -> Theory:
    return load_theory()


@lru_cache(maxsize=1)
def _shipped_run() -> _Run:
    """The check of the shipped library, run once: a formula in its vocabulary is asked of its models first."""
    return _run(load_theory(), DEFAULT_RLIMIT)


def entailed(formula: Formula, symbols: dict[str, Symbol] | None = None, entities: dict[str, Entity] | None = None,
             *, rlimit: int = DEFAULT_RLIMIT, models: bool = False) -> Finding:
    """Whether the shipped library with the sanity facts entails ``formula`` (a knowledge formula of a schema,
    whose ``symbols`` and ``entities`` it may use): ``entailed`` with the axioms and facts that do, ``ok`` when
    a model of them falsifies it, ``unknown`` when Z3 reached its resource limit (never counted as not entailed).

    Asked directly, a formula reaches only the axioms and facts that share a symbol with it, each encoded when
    first needed: a quarter of a second a formula. With ``models``, a formula in the library's vocabulary is
    first evaluated in the models of the library's own check (:func:`check`, about 25 s, run once per process):
    worth it only where that check has run anyway, as in the sanity tests."""
    key = (str(formula), repr(sorted((n, s) for n, s in (symbols or {}).items() if n in str(formula))),
           repr(sorted((n, e) for n, e in (entities or {}).items() if n in str(formula))), rlimit, models)
    if key not in _ASKED:  # twin versions write the same false formulas: each is asked once per process
        _ASKED[key] = _entailed(formula, symbols, entities, rlimit=rlimit, models=models)
    return _ASKED[key]


#: the answers of :func:`entailed` in this process, by formula, the declarations it uses and the settings
_ASKED: dict[tuple[Any, ...], Finding] = {}


def _entailed(formula: Formula, symbols: dict[str, Symbol] | None, entities: dict[str, Entity] | None,
              *, rlimit: int, models: bool) -> Finding:
    shipped = _shipped_theory()
    names = symbols_of(formula, shipped.symbols)
    if models and rlimit == DEFAULT_RLIMIT and names <= set(shipped.symbols) and all(_same_shape(shipped.symbols[n], (symbols or {}).get(n))
                                                                          for n in names):
        run = _shipped_run()  # no entity, the library's own vocabulary: its models and sound facts answer most questions
        return _not_entailed(run.z, str(formula), run.z.encoder.formula(formula, {}), names, run.sound, run.used, run.models)
    merged = {**(symbols or {}), **shipped.symbols}
    for name, s in (symbols or {}).items():
        if name in shipped.symbols and not _same_shape(shipped.symbols[name], s):
            return Finding(str(formula), "ok", detail=f"{name} differs from the library's: not comparable")
    theory = Theory(merged, [a for a in shipped.axioms if not successor_state(a)], shipped.facts, [])
    z = _Z3(theory, rlimit, entities)
    goal = z.encoder.formula(formula, {})
    used = {k.name: symbols_of(k.formula, merged) for k in [*theory.axioms, *theory.facts]}
    base = [(k.name, used[k.name]) for k in [*theory.axioms, *theory.facts]]
    premises = _relevant(symbols_of(formula, merged), base, used)
    facts = {k.name for k in theory.facts}
    while True:
        finding = _entailment(z, str(formula), goal, premises)
        if finding.status != "entailed" or z.ask([], finding.core)[0] != "unsat":
            return finding
        clashing = [n for n in finding.core if n in facts]  # a fact the library refutes entails anything
        if not clashing:
            return finding
        premises = [n for n in premises if n not in clashing]
