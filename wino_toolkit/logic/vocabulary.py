"""Which schemas use each word of the vocabulary: a predicate, fluent or action that one schema alone uses is
named for that schema's situation (``IsRemarkable``, an action named for one event), not a word of a general
vocabulary. That is a warning, not a failure: :func:`one_schema_words` lists them, for ``wino logic stats`` to
count.

A version *uses* a word when its own statements do (the scenario, the ambiguity, the knowledge written in the
file, true or false) or, given the versions' knowledge cores, an imported axiom its reasoning uses does.
Importing a module is not using its words. Both versions of a schema count once (:func:`.twins.schema_of`).
A name is also linted (:func:`name_problems`), and that is a failure of the generality check: a word of a
general vocabulary names one concept. A name fuses several when it has more than two content words
(``OwnsEmptyGlass``) or when two of its words are each a word of the same vocabulary (``SeesOpen`` beside ``Sees``
and ``Open``: write ``Sees(x, d) ∧ Open(d, s)``); it names one situation when it holds a count (``CountsToTen``)
or a time of day or date (``CoveredAllMorning``). Words that only join others (``To``, ``Of``, ``By``) do not count.

Nothing here needs Z3.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .formulas import Atom, Fn, Formula, Term, atoms
from .syntax import Formalization, Symbol
from .twins import schema_of

__all__ = ["WORD_KINDS", "used_words", "word_schemas", "WordUse", "one_schema_words", "name_words", "NameProblem",
           "name_problems"]

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


# -- the lint on names ------------------------------------------------------------------------------

#: words that join concepts in a name without being one (``To`` in ``TriesToStop``, ``Of`` in ``TakesPieceOf``)
GLUE = frozenset("a an the to of by at in on into onto with without within for from as than about against around "
                 "across along among behind beside between beyond near toward towards is are be been being not no all "
                 "each own up out off down over under through until after before can cant must would whether".split())
#: counts: a name holding one fits the situation that has that number
COUNTS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty hundred thousand".split())
#: times of day and dates: a name holding one fits the situation that happens then
TIMES = frozenset("morning afternoon evening night tonight today yesterday tomorrow noon midnight lately ago monday tuesday "
                  "wednesday thursday friday saturday sunday weekend".split())
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z][a-z]*|[a-z]+|[0-9]+")


def name_words(name: str) -> list[str]:
    """The words of a name, lowered: ``WatchesTV`` -> ``watches``, ``tv``; ``giveLift`` -> ``give``, ``lift``."""
    return [w.lower() for w in _WORD.findall(name)]


def _content(name: str) -> list[str]:
    return [w for w in name_words(name) if w not in GLUE]


@dataclass(frozen=True)
class NameProblem:
    """A predicate, fluent or action whose name fuses concepts or names one situation, and why."""

    name: str
    kind: str
    why: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name} {self.why}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "why": self.why}


def name_problems(symbols: Mapping[str, Symbol]) -> list[NameProblem]:
    """The names of ``symbols`` (one vocabulary: a file's with its imports, or the whole library's) that the lint
    refuses, by name."""
    words = {n.lower(): n for n, s in symbols.items() if s.kind in WORD_KINDS and len(_content(n)) == 1}
    out = []
    for name, symbol in sorted(symbols.items()):
        if symbol.kind not in WORD_KINDS:
            continue
        every, content = name_words(name), _content(name)
        counts = [w for w in every if w in COUNTS or w.isdigit()]
        times = [w for w in every if w in TIMES]
        parts = [words[w] for w in dict.fromkeys(content) if w in words and words[w] != name]
        if counts:
            out.append(NameProblem(name, symbol.kind, f"names a count ({', '.join(counts)}): one situation's number"))
        elif times:
            out.append(NameProblem(name, symbol.kind, f"names a time ({', '.join(times)}): one situation's"))
        elif len(content) > 2:
            out.append(NameProblem(name, symbol.kind, f"fuses {len(content)} concepts ({', '.join(content)}): write each as a word of its own"))
        elif len(parts) >= 2:
            out.append(NameProblem(name, symbol.kind, f"fuses {' and '.join(parts)}, each a word of the vocabulary: compose them"))
    return out
