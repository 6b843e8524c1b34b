"""Reuse of the axiom library: which schemas each module and axiom serves, and how deep the knowledge goes.

An axiom *serves* a schema when it is in the knowledge core of one of the schema's versions: the minimal
knowledge the sufficiency check uses (``Verdict.checks["sufficiency"].core``, where an imported axiom appears
by its name). Importing is not using: a module imported for one axiom serves no schema through the others. A
module serves the schemas its own axioms serve. Both versions of a WSC285 schema count once (:func:`.twins.schema_of`).

Depth is the number of formulas in a version's core. A *type lift* (``∀x. Chair(x) → Seat(x)``, or
``∀x. Child(x) → ¬Adult(x)``: one unary predicate implying others, or their negations, of the same variable)
places a kind in a hierarchy of kinds rather than taking a step of reasoning, so depth is also counted without
lifts (:func:`.kinds.is_type_lift`).

Nothing here prints: :func:`reuse` returns a :class:`Reuse` record (``to_dict`` for JSON), and the
``*_table`` functions make rich tables of it for ``wino logic stats``.
"""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .checks import DEFAULT_RLIMIT, Verdict
from .formulas import Bool, Formula
from .kinds import is_type_lift
from .syntax import AxiomModule, Formalization, KnowledgeFormula, Symbol
from .twins import schema_of

__all__ = ["AxiomReuse", "ModuleReuse", "Depth", "Reuse", "reuse", "measure",
           "axiom_sentence", "reuse_summary_table", "modules_table", "axioms_table"]

#: how the schemas a module or axiom serves are grouped in the summary: 0, 1, 2, 3 or more
MODULE_BINS = ("0", "1", "2", "3+")
AXIOM_BINS = ("0", "1", "2+")


@dataclass(frozen=True)
class AxiomReuse:
    """One axiom of the library: what it says and the schemas whose core uses it."""

    module: str
    name: str
    formula: str
    sentence: str  # in English (the ``variable`` rendering: "If thing X is a chair, then X is a seat.")
    lift: bool  # a type lift (:func:`is_type_lift`)
    schemas: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"module": self.module, "name": self.name, "formula": self.formula, "sentence": self.sentence,
                "lift": self.lift, "schemas": list(self.schemas)}


@dataclass(frozen=True)
class ModuleReuse:
    """One module: its own axioms, the schemas importing it and the schemas its axioms serve."""

    name: str
    axioms: tuple[str, ...]  # its own axioms' names, not those it imports
    imported_by: tuple[str, ...]  # schemas with a version importing it, directly or through another module
    schemas: tuple[str, ...]  # schemas whose core uses one of its own axioms

    def to_dict(self) -> dict[str, Any]:
        return {"module": self.name, "axioms": list(self.axioms), "imported_by": list(self.imported_by),
                "schemas": list(self.schemas)}


@dataclass(frozen=True)
class Depth:
    """The knowledge core of one version, and which of its formulas are type lifts."""

    item: str
    schema: str
    core: tuple[str, ...]
    lifts: tuple[str, ...]

    @property
    def depth(self) -> int:
        return len(self.core)

    @property
    def without_lifts(self) -> int:
        return len(self.core) - len(self.lifts)

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "schema": self.schema, "core": list(self.core), "lifts": list(self.lifts),
                "depth": self.depth, "depth_without_lifts": self.without_lifts}


@dataclass(frozen=True)
class Reuse:
    """Per module, per axiom and per version, with :meth:`summary`'s figures."""

    modules: tuple[ModuleReuse, ...]
    axioms: tuple[AxiomReuse, ...]
    depths: tuple[Depth, ...]  # the versions whose sufficiency passed (only they have a core)

    def summary(self) -> dict[str, Any]:
        """Modules serving 0/1/2/3+ schemas, axioms in the core of 0/1/2+ schemas, and depth with and without lifts."""
        modules = Counter(_bin(len(m.schemas), MODULE_BINS) for m in self.modules)
        axioms = Counter(_bin(len(a.schemas), AXIOM_BINS) for a in self.axioms)
        return {
            "modules": len(self.modules),
            "modules_serving": {b: modules[b] for b in MODULE_BINS},
            "axioms": len(self.axioms),
            "axioms_in_cores_of": {b: axioms[b] for b in AXIOM_BINS},
            "axioms_2_or_more_share": _share(axioms["2+"], len(self.axioms)),
            "type_lifts": sum(a.lift for a in self.axioms),
            "schemas": len({d.schema for d in self.depths}),
            "versions": len(self.depths),
            "depth": _depth([d.depth for d in self.depths]),
            "depth_without_lifts": _depth([d.without_lifts for d in self.depths]),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "modules": [m.to_dict() for m in self.modules],
                "axioms": [a.to_dict() for a in self.axioms], "versions": [d.to_dict() for d in self.depths]}


def _bin(n: int, bins: tuple[str, ...]) -> str:
    """``n`` as one of ``bins``, the last of which (``"2+"``, ``"3+"``) takes every larger number."""
    return str(n) if n < len(bins) - 1 else bins[-1]


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _depth(sizes: list[int]) -> dict[str, Any]:
    return {"mean": round(statistics.fmean(sizes), 3) if sizes else 0.0,
            "median": statistics.median(sizes) if sizes else 0,
            "2_or_more": sum(n >= 2 for n in sizes), "2_or_more_share": _share(sum(n >= 2 for n in sizes), len(sizes))}


def reuse(formalizations: Sequence[Formalization], verdicts: Sequence[Verdict],
          modules: Sequence[AxiomModule] = ()) -> Reuse:
    """Join the verdicts' knowledge cores to the axioms they use.

    The axioms are those of ``modules`` (e.g. :func:`~.axioms.library_modules`, so that an axiom no file
    imports is counted, in no core) and every axiom the formalizations import. A verdict whose sufficiency
    did not pass has no core and is left out, as is one without a formalization (SMT-LIB2 input)."""
    by_item = {f.item: f for f in formalizations}
    depths: list[Depth] = []
    used: dict[tuple[str, str], set[str]] = {}  # (module, axiom) -> schemas
    for v in verdicts:
        f = by_item.get(v.item or "")
        sufficiency = v.checks["sufficiency"]
        if f is None or sufficiency.status != "pass" or sufficiency.core is None:
            continue
        depths.append(_version_depth(f, sufficiency.core))
        knowledge = {k.name: k for k in f.knowledge}
        for name in sufficiency.core:
            k = knowledge.get(name)
            if k is not None and k.origin is not None:
                used.setdefault((k.origin, k.name), set()).add(schema_of(f.item))
    axioms = [_axiom(k, symbols, used.get((k.origin or "", k.name), set())) for k, symbols in _library(formalizations, modules)]
    return Reuse(tuple(_modules(axioms, formalizations, modules)), tuple(axioms), tuple(depths))


def _version_depth(f: Formalization, core: Sequence[str]) -> Depth:
    formulas = {k.name: k.formula for k in f.knowledge}
    lifts = tuple(n for n in core if n in formulas and is_type_lift(formulas[n]))
    return Depth(f.item, schema_of(f.item), tuple(core), lifts)


def _library(formalizations: Sequence[Formalization],
             modules: Sequence[AxiomModule]) -> list[tuple[KnowledgeFormula, dict[str, Symbol]]]:
    """Every axiom once, with the vocabulary to render it: the modules' own, then those only the files import."""
    out: dict[tuple[str, str], tuple[KnowledgeFormula, dict[str, Symbol]]] = {}
    for m in modules:
        for k in m.axioms:
            if k.origin == m.name:
                out.setdefault((m.name, k.name), (k, m.symbols))
    for f in formalizations:
        for k in f.axioms:
            out.setdefault((k.origin or "", k.name), (k, f.symbols))
    return sorted(out.values(), key=lambda pair: (pair[0].origin or "", pair[0].line, pair[0].name))


def _axiom(k: KnowledgeFormula, symbols: dict[str, Symbol], schemas: Iterable[str]) -> AxiomReuse:
    return AxiomReuse(k.origin or "", k.name, str(k.formula), axiom_sentence(k.formula, symbols), is_type_lift(k.formula),
                      _ordered(schemas))


def _modules(axioms: Sequence[AxiomReuse], formalizations: Sequence[Formalization],
             modules: Sequence[AxiomModule]) -> list[ModuleReuse]:
    names = sorted({m.name for m in modules} | {a.module for a in axioms} | {n for f in formalizations for n in f.imports})
    out = []
    for name in names:
        own = [a for a in axioms if a.module == name]
        importers = {schema_of(f.item) for f in formalizations if name in f.imports}
        out.append(ModuleReuse(name, tuple(a.name for a in own), _ordered(importers),
                               _ordered({s for a in own for s in a.schemas})))
    return out


def _ordered(schemas: Iterable[str]) -> tuple[str, ...]:
    """Schema ids in corpus order (``wsc285-2`` before ``wsc285-10``)."""
    def key(schema: str) -> tuple[str, int, str]:
        stem, _, number = schema.rpartition("-")
        return (stem, int(number), "") if number.isdigit() else (schema, -1, schema)

    return tuple(sorted(set(schemas), key=key))


def axiom_sentence(formula: Formula, symbols: dict[str, Symbol]) -> str:
    """``formula`` in English with the templates of ``symbols``, its variables named "thing X", "person Y"
    being unknown to a module: the ``variable`` rendering of :mod:`.render`, for a formula of no schema."""
    from .render import render

    vocabulary = Formalization(path="<library>", item="", domain="open", entities={}, symbols=dict(symbols), scenario=[],
                               ambiguity=Bool(True), answer="", knowledge=[], categories=(), candidates=("", ""),
                               answer_formula=Bool(True), alternative_formula=Bool(True))
    return render(formula, vocabulary, "variable")


def measure(paths: Sequence[str | Path] | None = None, *, rlimit: int = DEFAULT_RLIMIT, jobs: int | None = None) -> Reuse:
    """Load and verify the formalizations (every shipped one for none, against the whole shipped library)
    and measure their reuse: what the docs' axiom page and ``wino logic stats`` report."""
    from .axioms import library_modules
    from .files import load_formalizations, verify_files

    formalizations = load_formalizations(paths)
    verdicts = verify_files(paths, rlimit=rlimit, jobs=jobs)
    return reuse(formalizations, verdicts, library_modules() if not paths else ())


# -- tables ---------------------------------------------------------------------------------------


def reuse_summary_table(summary: dict[str, Any]) -> Any:
    """The reuse summary (:meth:`Reuse.summary`) as a rich table of figure and value."""
    from rich.table import Table

    s = summary
    serving, cores = s["modules_serving"], s["axioms_in_cores_of"]
    table = Table(title="reuse of the axiom library",
                  caption="a schema counts once for both its versions; an axiom serves a schema when the knowledge core "
                          "of one of its versions uses it; a type lift is ∀x. A(x) → B(x) or ¬B(x)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("modules serving 0 / 1 / 2 / 3+ schemas", f"{s['modules']}: " + " / ".join(str(serving[b]) for b in MODULE_BINS)),
        ("axioms in the core of 0 / 1 / 2+ schemas", f"{s['axioms']}: " + " / ".join(str(cores[b]) for b in AXIOM_BINS)),
        ("axioms in the core of 2+ schemas", f"{s['axioms_2_or_more_share']:.0%}"),
        ("type lifts among the axioms", str(s["type_lifts"])),
    ]
    for label, key in (("depth", "depth"), ("depth without type lifts", "depth_without_lifts")):
        d = s[key]
        rows.append((f"{label}: mean / median", f"{d['mean']:.2f} / {d['median']:g}"))
        rows.append((f"{label}: versions needing 2+ formulas", f"{d['2_or_more']} of {s['versions']} ({d['2_or_more_share']:.0%})"))
    for label, value in rows:
        table.add_row(label, value)
    return table


def modules_table(result: Reuse, shown: int = 4) -> Any:
    """One row per module: its axioms, how many of them some core uses, the schemas importing it and served
    (the first ``shown`` named)."""
    from rich.table import Table

    used = {(a.module, a.name) for a in result.axioms if a.schemas}
    table = Table(title="reuse by module")
    for column in ("module", "axioms", "used", "imported by", "serves", "schemas served"):
        table.add_column(column, justify="left" if column in ("module", "schemas served") else "right")
    for m in result.modules:
        table.add_row(m.name, str(len(m.axioms)), str(sum((m.name, a) in used for a in m.axioms)), str(len(m.imported_by)),
                      str(len(m.schemas)), _names(m.schemas, shown))
    return table


def axioms_table(result: Reuse, shown: int = 4) -> Any:
    """One row per axiom: its module, whether it is a type lift, and the schemas whose core uses it."""
    from rich.table import Table

    table = Table(title="reuse by axiom")
    for column in ("module", "axiom", "lift", "serves", "schemas served"):
        table.add_column(column, justify="right" if column == "serves" else "left")
    for a in result.axioms:
        table.add_row(a.module, a.name, "lift" if a.lift else "", str(len(a.schemas)), _names(a.schemas, shown))
    return table


def _names(schemas: Sequence[str], shown: int) -> str:
    more = len(schemas) - shown
    return ", ".join(schemas[:shown]) + (f" (+{more})" if more > 0 else "")
