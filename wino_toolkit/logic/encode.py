"""A parsed formalization as Z3 terms: sorts, unique names, and the named formulas the checks use.

Actions are a Z3 datatype with one constructor per declared action, and situations the datatype
``S0 | do(action, situation)``: that gives situation calculus's unique-names and domain-closure
axioms for actions and situations for free. Objects are an enumeration of the entities in a
``finite`` domain (every quantifier ranges over them, so checks are decidable), or an
uninterpreted sort with the entities pairwise distinct in an ``open`` one.
"""
from __future__ import annotations

import itertools
from dataclasses import replace
from functools import partial
from typing import Any

from wino_toolkit.extras import require

from .checks import Problem
from .deep import deep
from .formulas import Atom, Bin, Bool, Eq, Fn, Formula, Not, Quant, Term, Var, atoms, term_vars
from .kinds import reached
from .syntax import Formalization, Symbol
from .vocabulary import name_problems

__all__ = ["encode", "Encoder"]

#: the most ground atoms a countermodel lists
MAX_ATOMS = 400


@deep
def encode(f: Formalization) -> Problem:
    """The Z3 problem of ``f``, in a context of its own (so problems can be checked side by side)."""
    return Encoder(f).problem()


def twin_problem(f: Formalization, twin: Formalization) -> Problem | str:
    """The twin test's problem: the scenario, answer and alternative of ``twin`` with ``f``'s true knowledge, in
    the two vocabularies together; or why they cannot be put together."""
    clash = [n for n, s in f.symbols.items() if n in twin.entities or twin.symbols.get(n, s) != s]
    if clash:
        return f"{twin.item} ({twin.path}) declares {', '.join(clash)} otherwise: the two versions must share their vocabulary"
    both = replace(twin, symbols={**f.symbols, **twin.symbols}, knowledge=f.true_knowledge, twins=())
    return Encoder(both).problem()


class Encoder:
    def __init__(self, f: Formalization):
        self.z3 = z3 = require("z3", "logic", "Checking formalized knowledge")
        self.source = f  # whole: a twin's problem reaches lifts of its own
        self.f = f = reached(f)
        self.ctx = ctx = z3.Context()
        names = list(f.entities)
        self.unique: list[Any] = []
        self.ground: dict[Fn, Any] = {}  # ground terms already made, by term
        if f.domain == "finite":
            self.object, consts = z3.EnumSort("object", names, ctx=ctx)
        else:
            self.object = z3.DeclareSort("object", ctx)
            consts = [z3.Const(n, self.object) for n in names]
            if len(consts) > 1:
                self.unique.append(z3.Distinct(*consts))
        self.entities = dict(zip(names, consts))
        actions = [s for s in f.symbols.values() if s.kind == "action"]
        action = z3.Datatype("action", ctx=ctx)
        for s in actions:
            action.declare(s.name, *[(f"{s.name}_{i}", self.object) for i in range(len(s.args))])
        if not actions:
            action.declare("no_action")
        self.action = action.create()
        situation = z3.Datatype("situation", ctx=ctx)
        situation.declare("S0")
        situation.declare("do", ("do_action", self.action), ("do_situation", situation))
        self.situation = situation.create()
        self.functions: dict[str, Any] = {"Poss": z3.Function("Poss", self.action, self.situation, z3.BoolSort(ctx))}
        for s in f.symbols.values():
            if s.kind in ("predicate", "fluent", "function"):
                result = z3.BoolSort(ctx) if s.result == "bool" else self.sort(s.result)
                self.functions[s.name] = z3.Function(s.name, *[self.sort(a) for a in s.args], result)

    def sort(self, name: str) -> Any:
        return {"object": self.object, "action": self.action, "situation": self.situation}[name]

    def problem(self) -> Problem:
        f = self.f
        scenario = [("unique_names", self.z3.And(*self.unique))] if self.unique else []
        scenario += [(name, self.formula(g, {})) for name, g in f.scenario]
        scenario.append(("ambiguity", self.formula(f.ambiguity, {})))
        true = [(k.name, self.formula(k.formula, {})) for k in f.true_knowledge]
        false = [(k.name, self.formula(k.formula, {}), k.transformation, k.of) for k in f.false_knowledge]
        return Problem(
            source=f.path,
            item=f.item,
            scenario=scenario,
            knowledge=true,
            false_knowledge=false,
            answer=self.formula(f.answer_formula, {}),
            alternative=self.formula(f.alternative_formula, {}),
            ground_atoms=self.ground_atoms,
            domain=f.domain,
            entities=list(self.entities.values()),
            initial=self.situation.S0,
            twins=[partial(twin_problem, self.source, twin) for twin in f.twins],
            badly_named=[str(n) for n in name_problems(f.symbols)],
        )

    # -- terms and formulas -----------------------------------------------------------------

    def term(self, t: Term, env: dict[Var, Any]) -> Any:
        if isinstance(t, Var):
            return env[t]
        if not env and t in self.ground:  # the named situations of a do() chain nest: each inner one is made once
            return self.ground[t]
        value = self.application(t, [self.term(a, env) for a in t.args])
        if not env:  # no variables in scope: the term is ground
            self.ground[t] = value
        return value

    def application(self, t: Fn, args: list[Any]) -> Any:
        if t.name in self.entities:
            return self.entities[t.name]
        if t.name == "S0":
            return self.situation.S0
        if t.name == "do":
            return self.situation.do(*args)
        symbol: Symbol = self.f.symbols[t.name]
        if symbol.kind == "action":
            constructor = getattr(self.action, t.name)
            return constructor(*args) if args else constructor
        return self.functions[t.name](*args)

    def formula(self, g: Formula, env: dict[Var, Any]) -> Any:
        z3 = self.z3
        if isinstance(g, Atom):
            return self.functions[g.name](*[self.term(a, env) for a in g.args])
        if isinstance(g, Eq):
            a, b = self.term(g.left, env), self.term(g.right, env)
            return a != b if g.negated else a == b
        if isinstance(g, Bool):
            return z3.BoolVal(g.value, self.ctx)
        if isinstance(g, Not):
            return z3.Not(self.formula(g.body, env))
        if isinstance(g, Bin):
            a, b = self.formula(g.left, env), self.formula(g.right, env)
            return {"and": z3.And, "or": z3.Or, "xor": z3.Xor, "implies": z3.Implies}.get(g.op, lambda p, q: p == q)(a, b)
        if isinstance(g, Quant):
            inner = dict(env)
            bound = []
            for v in g.variables:
                inner[v] = z3.Const(v.name, self.sort(v.sort))
                bound.append(inner[v])
            body = self.formula(g.body, inner)
            return (z3.ForAll if g.kind == "forall" else z3.Exists)(bound, body)
        raise TypeError(f"not a formula: {g!r}")

    # -- what a countermodel shows ----------------------------------------------------------

    def ground_atoms(self) -> list[tuple[str, Any]]:
        """Every predicate, fluent and Poss atom over the entities, actions on them and the
        situations the file names, with its printed form; a countermodel gives each its value."""
        if self.f.domain != "finite":
            return []
        objects = [(n, c) for n, c in self.entities.items()]
        actions: list[tuple[str, Any]] = []
        for s in self.f.symbols.values():
            if s.kind == "action":
                constructor = getattr(self.action, s.name)
                for combo in itertools.product(objects, repeat=len(s.args)) if all(a == "object" for a in s.args) else ():
                    actions.append((f"{s.name}({', '.join(n for n, _ in combo)})" if combo else s.name,
                                    constructor(*[c for _, c in combo]) if combo else constructor))
        situations = [("S0", self.situation.S0)] + [(str(t), self.term(t, {})) for t in self.named_situations()]
        domain = {"object": objects, "action": actions, "situation": situations}
        out: list[tuple[str, Any]] = []
        symbols = [s for s in self.f.symbols.values() if s.result == "bool"] + [Symbol("builtin", "Poss", ("action", "situation"), "bool")]
        for s in symbols:
            for combo in itertools.product(*[domain[a] for a in s.args]):
                out.append((f"{s.name}({', '.join(n for n, _ in combo)})", self.functions[s.name](*[c for _, c in combo])))
                if len(out) >= MAX_ATOMS:
                    return out
        return out

    def named_situations(self) -> list[Fn]:
        """Ground ``do(...)`` terms written anywhere in the file."""
        found: dict[Fn, None] = {}  # an ordered set: many situations stay linear

        def visit(t: Term) -> None:
            if isinstance(t, Fn):
                if t.name == "do" and t not in found and not list(term_vars(t)):
                    found[t] = None
                for a in t.args:
                    visit(a)

        formulas = [g for _, g in self.f.scenario] + [self.f.ambiguity] + [k.formula for k in self.f.knowledge]
        for g in formulas:
            for a in atoms(g):
                for t in a.args if isinstance(a, Atom) else (a.left, a.right):
                    visit(t)
        return list(found)
