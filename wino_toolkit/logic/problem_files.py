"""Each check of a formalization as a problem file other provers read: SMT-LIB2 and TPTP (TFF).

The encoding is written here from the parsed formulas, apart from :mod:`.encode` (Z3's), so that a
prover reading these files checks the schema, not Z3's view of it. Every check is one or more
satisfiability questions (:class:`Question`); each question becomes one file:

- SMT-LIB2: the premises as named assertions, the negated goal, ``(check-sat)``. Objects are a
  datatype of the entities (``finite`` domain) or a sort with distinct constants (``open``);
  actions and situations are datatypes (``S0 | do(a, s)``), as in the Z3 encoding. In a
  ``finite`` domain the quantifiers over objects and actions are expanded over their values, as
  for TPTP below: only situations stay quantified, which lets cvc5 answer ``sat``.
- TPTP TFF: the premises as axioms and the goal as the conjecture (none for consistency). In a
  ``finite`` domain the quantifiers over objects and actions are expanded over the entities and
  the action terms on them (what domain closure means), which leaves a prover only the situations
  to reason about, so that it can saturate and show a countermodel exists; unique names,
  distinct constructors and injectivity are axioms. A proof from these axioms is a proof in the
  datatype theory; the converse can fail (no induction over situations), so a prover may stay
  ``unknown`` where Z3 decides.

A question *passes* when its answer is the one the check needs (``sat``: a countermodel exists;
``unsat``: the goal follows); the check's verdict combines its questions as :mod:`.checks` does. A
false formula's ``.replaced`` and ``.inconsistent`` questions are alternatives (it passes when either does),
so on a passing file one of them does not get the answer that would pass it: what each question's answer
really is, the status a prover should give, is Z3's (:func:`expected_answers`, the index's ``expected``
column), which on most passing files makes an ``.inconsistent`` problem ``Satisfiable``.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Callable

from .formulas import Atom, Bin, Bool, Eq, Fn, Formula, Not, Quant, Term, Var, atoms, map_atoms, substitute
from .kinds import reached
from .syntax import Formalization, Symbol

__all__ = ["Question", "questions", "to_smt2", "to_tptp", "FORMATS", "entity_naming", "twin_clash", "twin_labels", "type_fact",
           "expected_answers", "szs_status", "index_row", "PROBLEM_COLUMNS"]

FORMATS = ("smt2", "tptp")


@dataclass(frozen=True)
class Question:
    """Is ``premises ∧ ¬goal`` satisfiable (``premises`` alone when ``goal`` is None)?"""

    check: str  # the check it decides: consistency, sufficiency, ... or false_knowledge
    name: str  # unique in the file: "sufficiency", "false_knowledge.k1_neg.false", ...
    premises: tuple[tuple[str, Formula], ...]
    goal: Formula | None
    wants: str  # "sat" or "unsat": the answer that passes
    #: the formalization whose declarations (entities, domain, symbols) the problem uses; None: the file's own.
    #: A twin-test question uses the twin's entities with both versions' symbols (as :func:`.encode.twin_problem`)
    vocabulary: Formalization | None = field(default=None, compare=False, repr=False)

    @property
    def theorem(self) -> bool:
        """Whether the question asks for a proof (goal follows), the kind a theorem prover settles."""
        return self.goal is not None and self.wants == "unsat"


def questions(f: Formalization) -> list[Question]:
    """The questions behind the six checks, as :mod:`.checks` asks them of Z3.

    Generality's structural half is decided without a prover: true knowledge naming an entity
    (:func:`entity_naming`), a vocabulary the name lint refuses (:func:`.vocabulary.name_problems`) and a twin
    declaring a name otherwise (:func:`twin_clash`). Its questions, each named ``generality...``:

    - ``generality``: the knowledge alone does not entail the answer (sat);
    - ``generality.types_only`` and ``generality.types_only.<k>``: with the scenario's type facts only
      (:func:`type_fact`), the whole knowledge, then each true formula alone, does not entail the answer (sat); the
      check fails when one formula alone does, the whole question is a shortcut (sat: every one is sat too);
      none when the scenario has no type fact;
    - ``generality.moved``: the knowledge entails ``∀s. Γ[S0:=s] → A[S0:=s]``, the scenario moved to any situation
      still gives the answer there (unsat);
    - ``generality.twin.<item>.consistent`` (sat), ``.answer`` (unsat), ``.alternative`` (sat): the twin's scenario
      with this file's true knowledge, in the twin's vocabulary (:attr:`Question.vocabulary`), is consistent, gives
      the twin's answer, and not its other candidate.

    Each question carries only the type lifts its vocabulary reaches (:func:`.kinds.reached`), as Z3's do."""
    gamma = tuple((f"scenario.{n}", g) for n, g in f.scenario) + (("scenario.ambiguity", f.ambiguity),)
    K = _knowledge(reached(f))
    out = [
        Question("consistency", "consistency", gamma + K, None, "sat"),
        Question("sufficiency", "sufficiency", gamma + K, f.answer_formula, "unsat"),
        Question("necessity", "necessity", gamma, f.answer_formula, "sat"),
        Question("uniqueness", "uniqueness", gamma + K, f.alternative_formula, "sat"),
        Question("generality", "generality", K, f.answer_formula, "sat"),
    ]
    types = tuple((f"scenario.{n}", g) for n, g in f.scenario if type_fact(f, g))
    if types:
        out.append(Question("generality", "generality.types_only", types + K, f.answer_formula, "sat"))
        out += [Question("generality", f"generality.types_only.{name[len('knowledge.'):]}", types + ((name, g),),
                         f.answer_formula, "sat") for name, g in K]
    out.append(Question("generality", "generality.moved", K, _moved_goal(f), "unsat"))
    for twin, label in zip(f.twins, twin_labels(f)):
        if label is None:
            continue
        both = replace(twin, symbols={**f.symbols, **twin.symbols}, knowledge=f.true_knowledge, twins=())
        scenario = tuple((f"scenario.{n}", g) for n, g in twin.scenario) + (("scenario.ambiguity", twin.ambiguity),)
        for part, goal, wants in (("consistent", None, "sat"), ("answer", twin.answer_formula, "unsat"),
                                  ("alternative", twin.alternative_formula, "sat")):
            out.append(Question("generality", f"generality.twin.{label}.{part}", scenario + _knowledge(reached(both)), goal,
                                wants, both))
    for k in f.false_knowledge:
        out.append(Question("false_knowledge", f"false_knowledge.{k.name}.false", gamma + K, k.formula, "sat"))
        kept = tuple((n, g) for n, g in K if n != f"knowledge.{k.of}") if k.of is not None else ()
        replaced = kept + ((f"false_knowledge.{k.name}", k.formula),)
        out.append(Question("false_knowledge", f"false_knowledge.{k.name}.replaced", gamma + replaced, f.answer_formula, "sat"))
        # the replacement also passes when it contradicts the scenario
        out.append(Question("false_knowledge", f"false_knowledge.{k.name}.inconsistent", gamma + replaced, None, "unsat"))
    return out


def _knowledge(f: Formalization) -> tuple[tuple[str, Formula], ...]:
    return tuple((f"knowledge.{k.name}", k.formula) for k in f.true_knowledge)


def twin_labels(f: Formalization) -> list[str | None]:
    """Per twin of ``f``, the name its questions go by (``generality.twin.<label>.answer``: its item, or its place
    when that will not do), or None when it has none: the vocabularies clash (:func:`twin_clash`), or the knowledge
    names an entity the twin lacks (generality fails on that before the twin test)."""
    named = {c for k in f.true_knowledge for c in _constants(k.formula)}
    out: list[str | None] = []
    for i, twin in enumerate(f.twins):
        if twin_clash(f, twin) is not None or named - {*twin.entities, *f.symbols, *twin.symbols, "S0"}:
            out.append(None)
        else:
            label = twin.item if re.fullmatch(r"[A-Za-z0-9_-]+", twin.item) and twin.item not in out else f"twin{i}"
            out.append(label)
    return out


def twin_clash(f: Formalization, twin: Formalization) -> str | None:
    """Why ``f``'s twin test cannot be asked with ``twin`` (a name of ``f`` declared otherwise there, or one of its
    entities), as :func:`.encode.twin_problem` says it; None when the two vocabularies go together."""
    clash = [n for n, s in f.symbols.items() if n in twin.entities or twin.symbols.get(n, s) != s]
    if clash:
        return f"{twin.item} ({twin.path}) declares {', '.join(clash)} otherwise: the two versions must share their vocabulary"
    return None


def type_fact(f: Formalization, g: Formula) -> bool:
    """A scenario formula saying what candidates are, not what happened: a rigid one-place predicate of a constant,
    negated or not, or a conjunction of two such (``Child(Son)``, ``¬Adult(Son) ∧ Child(Son)``), as
    :func:`.checks._type_fact` reads the Z3 formula (one level of conjunction)."""
    parts = [g.left, g.right] if isinstance(g, Bin) and g.op == "and" else [g]
    for part in parts:
        atom = part.body if isinstance(part, Not) else part
        if not (isinstance(atom, Atom) and len(atom.args) == 1 and atom.name in f.symbols
                and f.symbols[atom.name].result == "bool" and isinstance(atom.args[0], Fn) and not atom.args[0].args):
            return False
    return True


def _moved_goal(f: Formalization) -> Formula:
    """``∀s. Γ[S0:=s] → A[S0:=s]``: the scenario (and ambiguity) moved from ``S0`` to an arbitrary situation gives
    the answer moved there (``s`` a name no formula uses, so no quantifier captures it)."""
    formulas = [g for _, g in f.scenario] + [f.ambiguity, f.answer_formula]
    used = {v.name for g in formulas for v in _variables(g)}
    name = next(n for n in (f"moved{i or ''}" for i in itertools.count()) if n not in used)
    s = Var(name, "situation")
    gamma = [_replace_s0(g, s) for g in [g for _, g in f.scenario] + [f.ambiguity]]
    body = gamma[0]
    for g in gamma[1:]:
        body = Bin("and", body, g)
    return Quant("forall", (s,), Bin("implies", body, _replace_s0(f.answer_formula, s)))


def _variables(g: Formula) -> set[Var]:
    out: set[Var] = set()
    if isinstance(g, Quant):
        out.update(g.variables)
        out |= _variables(g.body)
    elif isinstance(g, Not):
        out |= _variables(g.body)
    elif isinstance(g, Bin):
        out |= _variables(g.left) | _variables(g.right)
    elif isinstance(g, (Atom, Eq)):
        todo: list[Term] = list(g.args if isinstance(g, Atom) else (g.left, g.right))
        while todo:
            t = todo.pop()
            if isinstance(t, Var):
                out.add(t)
            else:
                todo.extend(t.args)
    return out


def _replace_s0(g: Formula, s: Var) -> Formula:
    """``g`` with the initial situation ``S0`` replaced by the situation variable ``s``."""
    def term(t: Term) -> Term:
        if isinstance(t, Var):
            return t
        if t.name == "S0" and not t.args:
            return s
        return Fn(t.name, tuple(term(a) for a in t.args))

    def change(a: Atom | Eq) -> Formula:
        if isinstance(a, Atom):
            return Atom(a.name, tuple(term(x) for x in a.args), a.line, a.column)
        return Eq(term(a.left), term(a.right), a.negated)

    return map_atoms(g, change)


def entity_naming(f: Formalization) -> list[str]:
    """The true knowledge formulas that name something of the schema: an entity, a constant (a zero-argument
    function, which the finite domain pins to one object) or the initial situation ``S0`` (generality fails on any)."""
    specific = {*f.entities, "S0", *(n for n, s in f.symbols.items() if s.kind == "function" and not s.args)}
    return [k.name for k in f.true_knowledge if _constants(k.formula) & specific]


def expected_answers(f: Formalization, *, rlimit: int | None = None) -> dict[str, str]:
    """Z3's answer to each question of ``f`` (``sat``, ``unsat``, or ``unknown`` past ``rlimit`` resource units):
    the status each problem file really has, which another prover should give."""
    from .checks import DEFAULT_RLIMIT, Session
    from .encode import Encoder

    sessions: dict[tuple[int, bool], tuple[Encoder, Session]] = {}
    out = {}
    asked = questions(f)
    # generality's probes (types only, moved, twins) last, each kind of question in a context of its own: what Z3
    # asked before can change whether a later question is settled within the limit (wsc285-236's k2_neg.false is
    # not when a probe comes first)
    for q in sorted(asked, key=lambda q: q.name.startswith("generality.")):  # asked as the checks ask them
        vocabulary = q.vocabulary or f  # a twin question is asked in the twin's vocabulary
        key = (id(vocabulary), q.name.startswith("generality."))
        if key not in sessions:
            encoder = Encoder(vocabulary)
            sessions[key] = encoder, Session(encoder.problem(), rlimit or DEFAULT_RLIMIT)
        encoder, session = sessions[key]
        z3 = session.z3
        fixed = [encoder.formula(g, {}) for name, g in q.premises if name.startswith("scenario.")]
        tracked = [(name, encoder.formula(g, {})) for name, g in q.premises if not name.startswith("scenario.")]
        if q.goal is not None:
            fixed.append(z3.Not(encoder.formula(q.goal, {})))
        out[q.name] = session.check(fixed, tracked)[0]
    return {q.name: out[q.name] for q in asked}


def szs_status(q: Question, answer: str) -> str:
    """The SZS status of a question's answer: a goal that follows is a ``Theorem``, one that does not
    ``CounterSatisfiable``; without a goal, ``Unsatisfiable`` or ``Satisfiable``; ``Unknown`` undecided."""
    if answer not in ("sat", "unsat"):
        return "Unknown"
    if q.goal is not None:
        return "Theorem" if answer == "unsat" else "CounterSatisfiable"
    return "Unsatisfiable" if answer == "unsat" else "Satisfiable"


def _constants(g: Formula) -> set[str]:
    """The names of the constants (entities, zero-argument functions) ``g`` mentions."""
    out: set[str] = set()
    todo: list[Term] = [t for a in atoms(g) for t in (a.args if isinstance(a, Atom) else (a.left, a.right))]
    while todo:
        t = todo.pop()
        if isinstance(t, Fn):
            if not t.args:
                out.add(t.name)
            todo.extend(t.args)
    return out


def _actions(f: Formalization) -> list[Symbol]:
    return [s for s in f.symbols.values() if s.kind == "action"]


# -- SMT-LIB2 ----------------------------------------------------------------------------------

def _q(name: str) -> str:
    """An SMT-LIB symbol, quoted so no declared name can clash with a reserved word."""
    return f"|{name}|"


def to_smt2(f: Formalization, q: Question) -> str:
    """One question as an SMT-LIB2 script ending in ``(check-sat)``."""
    lines = [f"; {f.item}: {q.name} (passes when {q.wants}) from {f.path}", "(set-logic ALL)"]
    v = q.vocabulary or f  # the declarations the problem uses
    entities = list(v.entities)
    if v.domain == "finite":
        lines.append(f"(declare-datatypes ((object 0)) (({' '.join(f'({_q(e)})' for e in entities)})))")
    else:
        lines.append("(declare-sort object 0)")
        lines += [f"(declare-const {_q(e)} object)" for e in entities]
        if len(entities) > 1:
            lines.append(f"(assert (! (distinct {' '.join(map(_q, entities))}) :named unique_names))")
    constructors = [f"({_q(s.name)} {_selectors(s)})" for s in _actions(v)] or ["(|no_action|)"]
    lines.append(f"(declare-datatypes ((action 0)) (({' '.join(constructors)})))")
    lines.append("(declare-datatypes ((situation 0)) (((|S0|) (|do| (|do.action| action) (|do.situation| situation)))))")
    lines.append("(declare-fun |Poss| (action situation) Bool)")
    for s in v.symbols.values():
        if s.kind in ("predicate", "fluent", "function"):
            lines.append(f"(declare-fun {_q(s.name)} ({' '.join(s.args)}) {'Bool' if s.result == 'bool' else s.result})")
    expand = _expander(v) if v.domain == "finite" else (lambda g: g)
    for name, g in q.premises:
        lines.append(f"(assert (! {_smt(expand(g))} :named {_q(name)}))")
    if q.goal is not None:
        lines.append(f"(assert (! (not {_smt(expand(q.goal))}) :named |goal|))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


def _selectors(s: Symbol) -> str:
    return " ".join(f"({_q(f'{s.name}.{i}')} object)" for i in range(len(s.args)))


def _smt_term(t: Term) -> str:
    if isinstance(t, Var):
        return _q("?" + t.name)
    if not t.args:
        return _q(t.name)
    return f"({_q(t.name)} {' '.join(_smt_term(a) for a in t.args)})"


def _smt(g: Formula) -> str:
    if isinstance(g, Atom):
        return _q(g.name) if not g.args else f"({_q(g.name)} {' '.join(_smt_term(a) for a in g.args)})"
    if isinstance(g, Eq):
        eq = f"(= {_smt_term(g.left)} {_smt_term(g.right)})"
        return f"(not {eq})" if g.negated else eq
    if isinstance(g, Bool):
        return "true" if g.value else "false"
    if isinstance(g, Not):
        return f"(not {_smt(g.body)})"
    if isinstance(g, Bin):
        op = {"and": "and", "or": "or", "xor": "xor", "implies": "=>", "iff": "="}[g.op]
        return f"({op} {_smt(g.left)} {_smt(g.right)})"
    if isinstance(g, Quant):
        bound = " ".join(f"({_q('?' + v.name)} {v.sort})" for v in g.variables)
        return f"({'forall' if g.kind == 'forall' else 'exists'} ({bound}) {_smt(g.body)})"
    raise TypeError(f"not a formula: {g!r}")


# -- TPTP TFF -----------------------------------------------------------------------------------

def _functor(name: str) -> str:
    """A TPTP functor (lower word): every declared name gets a prefix, so none clashes or starts uppercase."""
    return "w_" + re.sub(r"[^A-Za-z0-9_]", "_", name)


def _variable(name: str) -> str:
    return "V_" + name.replace("'", "_p")


def to_tptp(f: Formalization, q: Question) -> str:
    """One question as a TPTP TFF problem: the premises as axioms, the goal as the conjecture."""
    out = [f"% {f.item}: {q.name} (passes when {q.wants}: "
           f"{'CounterSatisfiable' if q.goal is not None and q.wants == 'sat' else 'Theorem' if q.goal is not None else 'Satisfiable' if q.wants == 'sat' else 'Unsatisfiable'})",
           f"% from {f.path}"]
    types = [("object", "$tType"), ("action", "$tType"), ("situation", "$tType")]
    v = q.vocabulary or f  # the declarations the problem uses
    entities = list(v.entities)
    actions = _actions(v)
    for e in entities:
        types.append((_functor(e), "object"))
    for s in actions:
        types.append((_functor(s.name), _signature(s.args, "action")))
    if not actions:
        types.append(("w_no_action", "action"))
    types += [("w_S0", "situation"), ("w_do", "(action * situation) > situation"), ("w_Poss", "(action * situation) > $o")]
    for s in v.symbols.values():
        if s.kind in ("predicate", "fluent", "function"):
            types.append((_functor(s.name), _signature(s.args, "$o" if s.result == "bool" else s.result)))
    for i, (name, sort) in enumerate(types):
        out.append(f"tff(type_{i}, type, {name}: {sort}).")
    axioms = _theory_axioms(v, entities, actions)
    expand = _expander(v) if v.domain == "finite" else (lambda g: g)
    axioms += [(f"premise_{name}", _tptp(expand(g))) for name, g in q.premises]
    for i, (name, text) in enumerate(axioms):
        out.append(f"tff({_label(name, i)}, axiom, {text}).")
    if q.goal is not None:
        out.append(f"tff(goal, conjecture, {_tptp(expand(q.goal))}).")
    return "\n".join(out) + "\n"


def _expander(f: Formalization) -> Callable[[Formula], Formula]:
    """Expand quantifiers over objects and actions into conjunctions and disjunctions over their values."""
    objects = [Fn(e) for e in f.entities]
    actions = [Fn(s.name, combo) for s in _actions(f) for combo in itertools.product(objects, repeat=len(s.args))]
    values = {"object": objects, "action": actions or [Fn("no_action")]}

    def expand(g: Formula) -> Formula:
        if isinstance(g, Not):
            return Not(expand(g.body))
        if isinstance(g, Bin):
            return Bin(g.op, expand(g.left), expand(g.right))
        if not isinstance(g, Quant):
            return g
        kept = tuple(v for v in g.variables if v.sort == "situation")
        finite = [v for v in g.variables if v.sort != "situation"]
        body = expand(g.body)
        if finite:
            cases = [substitute(body, dict(zip(finite, combo))) for combo in itertools.product(*(values[v.sort] for v in finite))]
            joined = cases[0]
            for case in cases[1:]:
                joined = Bin("and" if g.kind == "forall" else "or", joined, case)
            body = joined
        return Quant(g.kind, kept, body) if kept else body

    return expand


def _label(name: str, i: int) -> str:
    return f"a{i}_" + re.sub(r"[^A-Za-z0-9_]", "_", name)


def _signature(args: tuple[str, ...], result: str) -> str:
    if not args:
        return result
    domain = args[0] if len(args) == 1 else "(" + " * ".join(args) + ")"
    return f"{domain} > {result}"


def _theory_axioms(f: Formalization, entities: list[str], actions: list[Symbol]) -> list[tuple[str, str]]:
    """What the SMT datatypes give for free: unique names, injectivity, domain closure."""
    out: list[tuple[str, str]] = []
    for a, b in ((a, b) for i, a in enumerate(entities) for b in entities[i + 1:]):
        out.append(("unique_names", f"{_functor(a)} != {_functor(b)}"))
    terms = []
    for s in actions:
        xs = [f"X{i}" for i in range(len(s.args))]
        ys = [f"Y{i}" for i in range(len(s.args))]
        terms.append((s, xs))
        if xs:
            typed = ", ".join(f"{v}: object" for v in xs + ys)
            same = " & ".join(f"{x} = {y}" for x, y in zip(xs, ys))
            out.append((f"injective_{s.name}", f"![{typed}]: ({_app(s.name, xs)} = {_app(s.name, ys)} => ({same}))"))
    for i, (s, xs) in enumerate(terms):
        for t, ys in terms[i + 1:]:
            ys = [y.replace("X", "Y") for y in ys]
            bound = [f"{v}: object" for v in xs + ys]
            body = f"{_app(s.name, xs)} != {_app(t.name, ys)}"
            out.append((f"distinct_{s.name}_{t.name}", f"![{', '.join(bound)}]: ({body})" if bound else body))
    if terms and f.domain != "finite":  # a finite domain expands the action quantifiers instead
        cases = []
        for s, xs in terms:
            eq = f"A = {_app(s.name, xs)}"
            cases.append(f"?[{', '.join(f'{x}: object' for x in xs)}]: ({eq})" if xs else eq)
        out.append(("action_closure", f"![A: action]: ({' | '.join(cases)})"))
    if f.domain == "finite":  # a function's value is an object, so one of the entities (the datatype's closure)
        for s in f.symbols.values():
            if s.kind == "function" and s.result == "object" and entities:
                xs = [f"X{i}" for i in range(len(s.args))]
                value = _app(s.name, xs)
                body = " | ".join(f"{value} = {_functor(e)}" for e in entities)
                bound = ", ".join(f"{x}: {sort}" for x, sort in zip(xs, s.args))
                out.append((f"closure_{s.name}", f"![{bound}]: ({body})" if xs else f"({body})"))
    out.append(("situation_distinct", "![A: action, S: situation]: w_S0 != w_do(A, S)"))
    out.append(("situation_injective", "![A: action, B: action, S: situation, T: situation]: "
                                       "(w_do(A, S) = w_do(B, T) => (A = B & S = T))"))
    return out


def _app(name: str, args: list[str]) -> str:
    return f"{_functor(name)}({', '.join(args)})" if args else _functor(name)


def _tptp_term(t: Term) -> str:
    if isinstance(t, Var):
        return _variable(t.name)
    return _app(t.name, [_tptp_term(a) for a in t.args])


def _tptp(g: Formula) -> str:
    if isinstance(g, Atom):
        return _app(g.name, [_tptp_term(a) for a in g.args])
    if isinstance(g, Eq):
        return f"({_tptp_term(g.left)} {'!=' if g.negated else '='} {_tptp_term(g.right)})"
    if isinstance(g, Bool):
        return "$true" if g.value else "$false"
    if isinstance(g, Not):
        return f"~({_tptp(g.body)})"
    if isinstance(g, Bin):
        op = {"and": "&", "or": "|", "xor": "<~>", "implies": "=>", "iff": "<=>"}[g.op]
        return f"({_tptp(g.left)} {op} {_tptp(g.right)})"
    if isinstance(g, Quant):
        bound = ", ".join(f"{_variable(v.name)}: {v.sort}" for v in g.variables)
        return f"({'!' if g.kind == 'forall' else '?'}[{bound}]: {_tptp(g.body)})"
    raise TypeError(f"not a formula: {g!r}")


WRITERS: dict[str, Callable[[Formalization, Question], str]] = {"smt2": to_smt2, "tptp": to_tptp}

#: the file suffix of each format
SUFFIX = {"smt2": ".smt2", "tptp": ".p"}
INDEX_COLUMNS = ("problem", "file", "item", "check", "question", "passes_when", "szs_pass")
#: the index of the problem files (``problems.tsv``): what passes each question, and its answer on this file
PROBLEM_COLUMNS = (*INDEX_COLUMNS, "expected", "szs_expected")


def index_row(f: Formalization, q: Question, problem: str, answer: str) -> tuple[str, ...]:
    """One line of ``problems.tsv`` (:data:`PROBLEM_COLUMNS`): ``answer`` is the question's real answer on ``f``
    (:func:`expected_answers`)."""
    return (problem, f.path, f.item, q.check, q.name, q.wants, szs_status(q, q.wants), answer, szs_status(q, answer))
