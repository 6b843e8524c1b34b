"""Which schemas use each word of the vocabulary: a predicate, fluent or action that one schema alone uses is
named for that schema's situation (``IsRemarkable``, an action named for one event), not a word of a general
vocabulary. That is a warning, not a failure: :func:`one_schema_words` lists them, for ``wino logic stats`` to
count.

A version *uses* a word when its own statements do (the scenario, the ambiguity, the knowledge written in the
file, true or false) or, given the versions' knowledge cores, an imported axiom its reasoning uses does.
Importing a module is not using its words. Both versions of a schema count once (:func:`.twins.schema_of`).
Nothing here needs Z3.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .formulas import Atom, Fn, Formula, Term, atoms
from .syntax import Formalization
from .twins import schema_of

__all__ = ["WORD_KINDS", "used_words", "word_schemas", "WordUse", "one_schema_words"]

#: the kinds of symbol that make the vocabulary (functions are terms, constants or not: not words here)
WORD_KINDS = ("predicate", "fluent", "action")


def used_words(f: Formalization, core: Iterable[str] = ()) -> set[str]:
    """The predicates, fluents and actions that ``f``'s own statements use, and the knowledge named in ``core``
    (the minimal knowledge of its sufficiency check, imported axioms by their names)."""
    wanted = set(core)
    formulas = [g for _, g in f.scenario] + [f.ambiguity]
    formulas += [k.formula for k in f.knowledge if k.origin is None or k.name in wanted]
    return {name for g in formulas for name in _names(g) if name in f.symbols and f.symbols[name].kind in WORD_KINDS}


def _names(g: Formula) -> Iterator[str]:
    """Every predicate, fluent, action and function named in ``g``."""
    for a in atoms(g):
        if isinstance(a, Atom):
            yield a.name
        terms: list[Term] = list(a.args if isinstance(a, Atom) else (a.left, a.right))
        while terms:
            t = terms.pop()
            if isinstance(t, Fn):
                yield t.name
                terms.extend(t.args)


def word_schemas(formalizations: Sequence[Formalization], cores: Mapping[str, Sequence[str]] | None = None) -> dict[str, tuple[str, ...]]:
    """Per predicate, fluent and action that any of ``formalizations`` declares (imported ones included), the
    schemas using it, sorted; ``()`` for a word none uses. ``cores`` maps an item to its knowledge core
    (``Verdict.checks["sufficiency"].core``), so that imported axioms count where the reasoning uses them."""
    out: dict[str, set[str]] = {}
    for f in formalizations:
        for name, symbol in f.symbols.items():
            if symbol.kind in WORD_KINDS:
                out.setdefault(name, set())
        for name in used_words(f, (cores or {}).get(f.item, ())):
            out[name].add(schema_of(f.item))
    return {name: tuple(sorted(schemas)) for name, schemas in sorted(out.items())}


@dataclass(frozen=True)
class WordUse:
    """A word of the vocabulary that one schema alone uses: named for that schema, not general."""

    name: str
    kind: str  # predicate, fluent or action
    schema: str
    items: tuple[str, ...]  # the versions using it

    def __str__(self) -> str:
        return f"{self.kind} {self.name} is used by one schema only, {self.schema} ({', '.join(self.items)})"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "schema": self.schema, "items": list(self.items)}


def one_schema_words(formalizations: Sequence[Formalization], cores: Mapping[str, Sequence[str]] | None = None) -> list[WordUse]:
    """The warnings: each word that exactly one schema uses, with the versions using it, by name."""
    kinds = {name: s.kind for f in formalizations for name, s in f.symbols.items()}
    items: dict[str, list[str]] = {}
    for f in formalizations:
        for name in used_words(f, (cores or {}).get(f.item, ())):
            items.setdefault(name, []).append(f.item)
    return [WordUse(name, kinds[name], schemas[0], tuple(items[name]))
            for name, schemas in word_schemas(formalizations, cores).items() if len(schemas) == 1]
