"""Sorted first-order formulas as plain values: parsed once, then checked (Z3), rendered and transformed.

The tree is independent of Z3 so that rendering and the false-knowledge transformations work on
what the author wrote, and so that a formula prints back in the file syntax (``str(formula)``)
for the ``formula`` field of a knowledge sentence.

>>> x = Var("x", "object")
>>> str(Quant("forall", (x,), Bin("implies", Atom("Weak", (x, Fn("S0"))), Not(Atom("Strong", (x, Fn("S0")))))))
'∀x. Weak(x, S0) → ¬Strong(x, S0)'
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, Union

__all__ = ["Var", "Fn", "Term", "Atom", "Eq", "Bool", "Not", "Bin", "Quant", "Formula", "substitute", "atoms", "free_vars", "conclusion", "with_conclusion", "map_atoms", "strip_quantifiers"]

#: binary connectives, loosest first, with how they print
CONNECTIVES = {"iff": "↔", "implies": "→", "or": "∨", "xor": "⊕", "and": "∧"}
PRECEDENCE = {"quant": 0, "iff": 1, "implies": 2, "or": 3, "xor": 4, "and": 5, "not": 6, "atom": 7}


@dataclass(frozen=True)
class Var:
    """A variable with its sort (``object``, ``action`` or ``situation``)."""

    name: str
    sort: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Fn:
    """A function application: an entity (no arguments), ``S0``, an action, ``do(a, s)``."""

    name: str
    args: tuple[Term, ...] = ()

    def __str__(self) -> str:
        return self.name if not self.args else f"{self.name}({', '.join(map(str, self.args))})"


Term = Union[Var, Fn]


@dataclass(frozen=True)
class Atom:
    """A predicate, fluent or ``Poss`` applied to terms; ``line`` and ``column`` say where it was written."""

    name: str
    args: tuple[Term, ...]
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


@dataclass(frozen=True)
class Eq:
    left: Term
    right: Term
    negated: bool = False

    def __str__(self) -> str:
        return f"{self.left} {'≠' if self.negated else '='} {self.right}"


@dataclass(frozen=True)
class Bool:
    value: bool

    def __str__(self) -> str:
        return "True" if self.value else "False"


@dataclass(frozen=True)
class Not:
    body: Formula

    def __str__(self) -> str:
        return "¬" + _wrap(self.body, PRECEDENCE["not"])


@dataclass(frozen=True)
class Bin:
    """A binary connective: ``and``, ``or``, ``xor``, ``implies`` or ``iff``."""

    op: str
    left: Formula
    right: Formula

    def __str__(self) -> str:
        level = PRECEDENCE[self.op]
        # chains of and/or/xor print without parentheses on the left; implication associates right
        left = _wrap(self.left, level + (1 if self.op in ("implies", "iff") else 0))
        right = _wrap(self.right, level + (0 if self.op == "implies" else 1), quantifier_ok=True)
        return f"{left} {CONNECTIVES[self.op]} {right}"


@dataclass(frozen=True)
class Quant:
    """``forall`` or ``exists`` over one or more variables."""

    kind: str
    variables: tuple[Var, ...]
    body: Formula

    def __str__(self) -> str:
        symbol = "∀" if self.kind == "forall" else "∃"
        return f"{symbol}{', '.join(v.name for v in self.variables)}. {self.body}"


Formula = Union[Atom, Eq, Bool, Not, Bin, Quant]


def _level(f: Formula) -> int:
    if isinstance(f, Quant):
        return PRECEDENCE["quant"]
    if isinstance(f, Bin):
        return PRECEDENCE[f.op]
    return PRECEDENCE["not"] if isinstance(f, Not) else PRECEDENCE["atom"]


def _wrap(f: Formula, level: int, quantifier_ok: bool = False) -> str:
    if isinstance(f, Quant) and quantifier_ok:
        return str(f)  # a quantifier on the right reaches to the end anyway
    return str(f) if _level(f) >= level and not isinstance(f, Quant) else f"({f})"


# -- traversals ----------------------------------------------------------------------------------


def substitute_term(t: Term, mapping: dict[Var, Term]) -> Term:
    if isinstance(t, Var):
        return mapping.get(t, t)
    return replace(t, args=tuple(substitute_term(a, mapping) for a in t.args))


def substitute(f: Formula, mapping: dict[Var, Term]) -> Formula:
    """``f`` with free occurrences of the mapped variables replaced (bound ones are left alone)."""
    if isinstance(f, Atom):
        return replace(f, args=tuple(substitute_term(a, mapping) for a in f.args))
    if isinstance(f, Eq):
        return replace(f, left=substitute_term(f.left, mapping), right=substitute_term(f.right, mapping))
    if isinstance(f, Not):
        return Not(substitute(f.body, mapping))
    if isinstance(f, Bin):
        return Bin(f.op, substitute(f.left, mapping), substitute(f.right, mapping))
    if isinstance(f, Quant):
        inner = {k: v for k, v in mapping.items() if k not in f.variables}
        return Quant(f.kind, f.variables, substitute(f.body, inner))
    return f


def map_atoms(f: Formula, change: Callable[[Atom | Eq], Formula]) -> Formula:
    """``f`` with every atom and equation replaced by ``change(atom)``."""
    if isinstance(f, (Atom, Eq)):
        return change(f)
    if isinstance(f, Not):
        return Not(map_atoms(f.body, change))
    if isinstance(f, Bin):
        return Bin(f.op, map_atoms(f.left, change), map_atoms(f.right, change))
    if isinstance(f, Quant):
        return Quant(f.kind, f.variables, map_atoms(f.body, change))
    return f


def atoms(f: Formula) -> Iterator[Atom | Eq]:
    if isinstance(f, (Atom, Eq)):
        yield f
    elif isinstance(f, Not):
        yield from atoms(f.body)
    elif isinstance(f, Bin):
        yield from atoms(f.left)
        yield from atoms(f.right)
    elif isinstance(f, Quant):
        yield from atoms(f.body)


def term_vars(t: Term) -> Iterator[Var]:
    if isinstance(t, Var):
        yield t
    else:
        for a in t.args:
            yield from term_vars(a)


def free_vars(f: Formula) -> list[Var]:
    """Free variables in order of first occurrence."""
    out: list[Var] = []

    def visit(g: Formula, bound: frozenset[Var]) -> None:
        if isinstance(g, Atom):
            terms: tuple[Term, ...] = g.args
        elif isinstance(g, Eq):
            terms = (g.left, g.right)
        elif isinstance(g, Not):
            return visit(g.body, bound)
        elif isinstance(g, Bin):
            visit(g.left, bound)
            return visit(g.right, bound)
        elif isinstance(g, Quant):
            return visit(g.body, bound | set(g.variables))
        else:
            return None
        for t in terms:
            out.extend(v for v in term_vars(t) if v not in bound and v not in out)
        return None

    visit(f, frozenset())
    return out


def strip_quantifiers(f: Formula) -> tuple[list[Var], Formula]:
    """The leading universally quantified variables and the matrix under them."""
    variables: list[Var] = []
    while isinstance(f, Quant) and f.kind == "forall":
        variables.extend(f.variables)
        f = f.body
    return variables, f


def conclusion(f: Formula) -> Formula:
    """What a knowledge formula concludes: the consequent under leading ∀ and →, else the matrix."""
    _, body = strip_quantifiers(f)
    while isinstance(body, Bin) and body.op == "implies":
        body = body.right
        _, body = strip_quantifiers(body)
    return body


def with_conclusion(f: Formula, change: Callable[[Formula], Formula]) -> Formula:
    """``f`` with its :func:`conclusion` replaced by ``change(conclusion)``."""
    if isinstance(f, Quant) and f.kind == "forall":
        return Quant(f.kind, f.variables, with_conclusion(f.body, change))
    if isinstance(f, Bin) and f.op == "implies":
        return Bin("implies", f.left, with_conclusion(f.right, change))
    return change(f)
