"""Formalization files (``.fol``): one Winograd schema version in sorted situation calculus.

A file declares the entities and the vocabulary, states the scenario Γ and the ambiguity, names
the expected answer, and lists knowledge formulas, each true or false (a false one says which
transformation of which true formula it is). Everything after ``#`` on a line is a comment;
newlines are not significant. An example, written for this documentation::

    item "wsc285-14"                 # the schema version this formalizes (corpus item id)
    category: physical               # kind(s) of knowledge: physical, social, temporal, spatial, ...
    domain finite                    # objects are exactly the entities (default); "open" for any number

    entity Man "the man" person      # constant, mention in the sentence, kind (person, thing, ...)
    entity Son "his son" person      # "plural" after the kind for a plural mention ("the police" group plural)

    action lift(object, object)  says "{0} can lift {1}"  denies "{0} cannot lift {1}"  does "{0} lifts {1}"
    fluent Strong(object)        says "{0} is strong"     denies "{0} is weak"
    predicate Heavier(object, object) says "{0} is heavier than {1}"

    scenario: ¬Poss(lift(Man, Son), S0)
    ambiguity: ∃x. ¬Strong(x, S0) ∧ (x = Man ⊕ x = Son)
    answer: Man

    knowledge k1 true: ∀x, y, s. ¬Poss(lift(x, y), s) ∧ ¬Heavier(y, x) → ¬Strong(x, s)
    knowledge k1_swap false swap of k1: ∀x, y, s. ¬Poss(lift(y, x), s) ∧ ¬Heavier(y, x) → ¬Strong(x, s)

Sorts are ``object``, ``action`` and ``situation``. Built in: the situation ``S0``, ``do(a, s)``
(the situation after action ``a`` in ``s``) and ``Poss(a, s)``. A ``fluent`` takes its situation
as an extra last argument (``Strong(x, s)``); a ``predicate`` is rigid; an ``action`` or
``function`` is a term (``function owner(object): object``). Templates give the English of an
atom (``says``), of its negation (``denies``) and, for actions, of the event (``does``, used for
``do(a, s)``); ``{0}``, ``{1}`` are the arguments.

Quantified variables take a sort after a colon (``∀x: object, s: situation. ...``); without one,
``s``, ``s1``, ``s'`` are situations, ``a``, ``a1`` actions and any other name an object.
Connectives, tightest first: ``¬`` (``not``, ``~``, ``!``), ``∧`` (``and``, ``&``), ``⊕``
(``xor``), ``∨`` (``or``, ``|``), ``→`` (``implies``, ``->``, right-associative), ``↔``
(``iff``, ``<->``); ``=`` and ``≠`` (``!=``) between terms of one sort. A quantifier's body
reaches as far right as it can. Connectives, quantifiers and terms may nest 2,000 levels
(:data:`~.deep.MAX_DEPTH`); a deeper formula is refused, naming its line.

The ambiguity must read ``∃x. φ(x) ∧ (x = A ⊕ x = B)`` (``∨`` also accepted): the answer
formula is ``φ(answer)`` and the alternative ``φ(other candidate)``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from wino_toolkit.errors import FormatError
from wino_toolkit.extras import require
from wino_toolkit.io import read_text

from .deep import MAX_DEPTH, deep
from .formulas import Atom, Bin, Bool, Eq, Fn, Formula, Not, Quant, Term, Var, substitute

__all__ = ["Entity", "Symbol", "KnowledgeFormula", "Formalization", "AxiomModule", "parse", "parse_module", "load", "read_source",
           "TRANSFORMATIONS"]

SORTS = ("object", "action", "situation")
#: how a false knowledge formula was made from a true one (WinoLogic's four kinds)
TRANSFORMATIONS = ("negation", "swap", "replace", "change")
OPERATORS = {"∧": "and", "and": "and", "&": "and", "∨": "or", "or": "or", "|": "or", "⊕": "xor", "xor": "xor",
             "→": "implies", "->": "implies", "implies": "implies", "↔": "iff", "<->": "iff", "iff": "iff"}


@dataclass(frozen=True)
class Entity:
    name: str
    mention: str  # as the sentence mentions it, e.g. "the man"
    kind: str = "thing"  # what a variable standing for it is called: "person X", "the first thing"
    plural: bool = False  # the mention is plural ("the city councilmen"): verbs after it agree


@dataclass(frozen=True)
class Symbol:
    """A declared predicate, fluent, action or function (or a built-in)."""

    kind: str
    name: str
    args: tuple[str, ...]  # sorts, the situation included for a fluent
    result: str  # "bool" for predicates and fluents
    templates: dict[str, str] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class KnowledgeFormula:
    name: str
    truth: bool
    formula: Formula
    transformation: str | None = None  # for a false formula: negation, swap, replace or change
    of: str | None = None  # the true formula it transforms
    line: int = 0
    origin: str | None = None  # the axiom module it comes from ("physical/support"); None: written in the file


@dataclass
class Formalization:
    """One parsed ``.fol`` file."""

    path: str
    item: str
    domain: str
    entities: dict[str, Entity]
    symbols: dict[str, Symbol]
    scenario: list[tuple[str, Formula]]
    ambiguity: Formula
    answer: str
    knowledge: list[KnowledgeFormula]
    categories: tuple[str, ...]
    candidates: tuple[str, str]  # the two entities the ambiguity chooses between
    answer_formula: Formula
    alternative_formula: Formula
    imports: tuple[str, ...] = ()  # the axiom modules imported, directly or through another module
    #: the schema's other versions formalized (:mod:`.twins`), read with their imports, for the twin test
    twins: tuple[Formalization, ...] = field(default=(), compare=False, repr=False)

    @property
    def true_knowledge(self) -> list[KnowledgeFormula]:
        return [k for k in self.knowledge if k.truth]

    @property
    def false_knowledge(self) -> list[KnowledgeFormula]:
        return [k for k in self.knowledge if not k.truth]

    @property
    def axioms(self) -> list[KnowledgeFormula]:
        """The true knowledge imported from the axiom library (shared with every file importing its module)."""
        return [k for k in self.knowledge if k.origin is not None]


@dataclass(frozen=True)
class AxiomModule:
    """One file of the axiom library: vocabulary and general axioms that schema files import.

    ``symbols`` and ``axioms`` include what the module itself imports, so importing it is enough."""

    name: str  # as imported: "physical/support"
    path: str
    symbols: dict[str, Symbol]
    axioms: tuple[KnowledgeFormula, ...]
    imports: tuple[str, ...]


BUILTINS = {
    "S0": Symbol("builtin", "S0", (), "situation"),
    "do": Symbol("builtin", "do", ("action", "situation"), "situation"),
    "Poss": Symbol("builtin", "Poss", ("action", "situation"), "bool"),
}


@lru_cache(maxsize=1)
def _parser() -> Any:
    lark = require("lark", "logic", "Reading formalization files")
    grammar = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True)


#: the modules being imported, as (name, file) pairs, outermost first: a cycle is named file by file
Importing = tuple[tuple[str, str], ...]
#: how an ``import "area/topic"`` is resolved: ``(module name, importing file, modules being imported) -> module``;
#: :func:`wino_toolkit.logic.axioms.import_module` looks in the axiom library and refuses a cycle. Handed in, so
#: that the grammar knows nothing of where modules live.
ModuleLoader = Callable[[str, str, Importing], "AxiomModule"]


def load(path: str | Path, modules: ModuleLoader | None = None) -> Formalization:
    """Parse a ``.fol`` file; a :class:`FormatError` names the file, line and column of any problem."""
    return parse(read_source(path), str(path), modules)


def read_source(path: str | Path) -> str:
    """The text of a formalization; a missing or unreadable file is a :class:`FormatError` like bad content."""
    try:
        return read_text(path)
    except FileNotFoundError:
        raise FormatError(path, None, "no such file") from None
    except IsADirectoryError:
        raise FormatError(path, None, "is a directory, not a file") from None
    except OSError as exc:
        raise FormatError(path, None, f"cannot read: {exc.strerror or exc}") from None


@deep
def parse(text: str, path: str = "<string>", modules: ModuleLoader | None = None) -> Formalization:
    """Parse the text of a ``.fol`` file (``path`` names it in errors); ``modules`` resolves its imports
    (without one, an import is refused: :func:`wino_toolkit.logic.parse` hands in the axiom library's)."""
    return _Builder(path, modules=modules).build(_tree(text, path))


def _tree(text: str, path: str) -> Any:
    lark = require("lark", "logic", "Reading formalization files")
    try:
        return _parser().parse(text)
    except lark.exceptions.UnexpectedInput as exc:
        raise FormatError(path, f"line {exc.line}, column {exc.column}", _syntax_problem(exc, text)) from None


@deep
def parse_module(text: str, name: str, path: str = "<string>", importing: Importing = (),
                 modules: ModuleLoader | None = None) -> AxiomModule:
    """Parse an axiom module (declarations, imports and ``axiom NAME: formula`` statements only)."""
    builder = _Builder(path, module=name, importing=importing, modules=modules)
    return builder.build_module(_tree(text, path))


def _syntax_problem(exc: Any, text: str) -> str:
    token = getattr(exc, "token", None)
    if token is not None and token.type == "$END":
        return "unexpected end of file"
    if token is not None:
        found = repr(str(token))
    else:
        pos = getattr(exc, "pos_in_stream", None)
        found = repr(text[pos]) if pos is not None and pos < len(text) else "this"
    expected = sorted({_SPELLED.get(t, t.lower()) for t in getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()})
    hint = f"; expected {', '.join(expected[:10])}{' ...' if len(expected) > 10 else ''}" if expected else ""
    return f"unexpected {found}{hint}"


#: grammar terminals as an error message names them
_SPELLED = {
    "NAME": "a name", "STRING": "a quoted string", "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "COLON": "':'", "DOT": "'.'",
    "NOT": "'¬'", "AND": "'∧'", "OR": "'∨'", "XOR": "'⊕'", "IMPLIES": "'→'", "IFF": "'↔'", "COMPARE": "'=' or '≠'",
    "QUANTIFIER": "'∀' or '∃'", "BOOLEAN": "True or False", "TRUTH": "true or false", "DECL_KIND": "a declaration",
    "TEMPLATE_KEY": "says, denies or does", "PLURAL": "plural", "$END": "end of input",
}


#: connectives whose chains the parser gives as one node of operands and operators
_CHAINS = ("iff", "implies", "disjunction", "xor", "conjunction")


class _Builder:
    """Turns the parse tree into a :class:`Formalization`, checking names, arities and sorts."""

    def __init__(self, path: str, module: str | None = None, importing: Importing = (),
                 modules: ModuleLoader | None = None):
        self.path = path
        self.modules = modules
        self.module = module  # the module's name when building an axiom module, else None
        self.importing = importing  # the chain of modules being imported (name, file), to refuse a cycle
        self.entities: dict[str, Entity] = {}
        self.symbols: dict[str, Symbol] = dict(BUILTINS)
        self.imported_from: dict[str, str] = {}  # symbol -> the module that declared it
        self.axioms: dict[str, KnowledgeFormula] = {}
        self.imports: list[str] = []

    def load_imports(self, statements: list[Any]) -> None:
        """Import every module named (transitively), merging its vocabulary and axioms."""
        for st in statements:
            if st.data != "imports":
                continue
            name = _string(st.children[0])
            if self.modules is None:
                raise self.fail(st.children[0], "imports need a module loader: read the file with wino_toolkit.logic.load")
            try:  # the loader refuses a cycle: it is handed the modules being imported, this one last
                module = self.modules(name, self.path, (*self.importing, *([(self.module, self.path)] if self.module else [])))
            except FormatError as exc:
                if exc.path == self.path and exc.where is None:  # not found: say where the import is
                    raise self.fail(st.children[0], exc.problem) from None
                raise
            for symbol in module.symbols.values():
                self.merge_symbol(symbol, module.name, st.children[0])
            for axiom in module.axioms:
                known = self.axioms.get(axiom.name)
                if known is not None and (known.origin, known.formula) != (axiom.origin, axiom.formula):
                    raise self.fail(st.children[0], f"axiom {axiom.name!r} of {axiom.origin} has the name of one in {known.origin}")
                self.axioms[axiom.name] = axiom
            self.imports += [m for m in (*module.imports, module.name) if m not in self.imports]

    def merge_symbol(self, symbol: Symbol, module: str, node: Any) -> None:
        known = self.symbols.get(symbol.name)
        if known is None:
            self.symbols[symbol.name] = symbol
            self.imported_from[symbol.name] = module
            return
        same = (known.kind, known.args, known.result, known.templates) == (symbol.kind, symbol.args, symbol.result, symbol.templates)
        if not same:
            raise self.fail(node, f"{symbol.name!r} is declared differently in {self.imported_from.get(symbol.name, 'this file')} "
                                  f"and {module}")

    def build_module(self, tree: Any) -> AxiomModule:
        allowed = ("imports", "declaration", "axiom")
        for st in tree.children:
            if st.data not in allowed:
                raise self.fail(st, f"an axiom module holds declarations, imports and axioms only, not {st.data!r} "
                                    "(entities, scenarios and answers belong in a schema file)")
        self.load_imports(tree.children)
        for st in tree.children:
            if st.data == "declaration":
                self.declaration(st)
        own: list[KnowledgeFormula] = []
        for st in tree.children:
            if st.data == "axiom":
                name, body = st.children
                if str(name) in self.axioms or any(a.name == str(name) for a in own):
                    raise self.fail(name, f"a second axiom named {str(name)!r}")
                own.append(KnowledgeFormula(str(name), True, self.closed(body), line=name.line, origin=self.module))
        return AxiomModule(self.module or "", self.path, {n: s for n, s in self.symbols.items() if s.kind != "builtin"},
                           (*self.axioms.values(), *own), tuple(self.imports))

    def fail(self, node: Any, problem: str) -> FormatError:
        line, column = getattr(node, "line", None), getattr(node, "column", None)
        if line is None and hasattr(node, "meta") and not node.meta.empty:
            line, column = node.meta.line, node.meta.column
        return FormatError(self.path, f"line {line}, column {column}" if line else None, problem)

    def build(self, tree: Any) -> Formalization:
        item = domain = answer = ambiguity = None
        categories: tuple[str, ...] = ()
        scenario: dict[str, Formula] = {}
        knowledge: dict[str, KnowledgeFormula] = {}
        statements = tree.children
        self.load_imports(statements)
        for st in statements:  # declarations first, so formulas may come in any order
            if st.data == "entity":
                self.entity(st)
            elif st.data == "declaration":
                self.declaration(st)
        for st in statements:
            kind = st.data
            if kind == "item":
                if item is not None:
                    raise self.fail(st, "a second 'item' statement")
                item = _string(st.children[0])
            elif kind == "category":
                categories += tuple(str(c) for c in st.children)
            elif kind == "domain":
                domain = str(st.children[0])
                if domain not in ("finite", "open"):
                    raise self.fail(st.children[0], f"domain {domain!r} is not 'finite' or 'open'")
            elif kind == "scenario":
                name = str(st.children[0]) if st.children[0] is not None else f"scenario_{len(scenario) + 1}"
                if name in scenario:
                    raise self.fail(st, f"a second scenario formula named {name!r}")
                scenario[name] = self.closed(st.children[1])
            elif kind == "ambiguity":
                if ambiguity is not None:
                    raise self.fail(st, "a second 'ambiguity' statement")
                ambiguity = (st, self.closed(st.children[0]))
            elif kind == "answer":
                answer = st.children[0]
            elif kind == "knowledge":
                k = self.knowledge(st, knowledge)
                knowledge[k.name] = k
            elif kind == "axiom":
                raise self.fail(st, "an axiom belongs in a module of the axiom library (import it); "
                                    "a schema file states knowledge")
        if item is None:
            raise FormatError(self.path, None, "no 'item' statement naming the schema version it formalizes")
        if ambiguity is None:
            raise FormatError(self.path, None, "no 'ambiguity' statement")
        if answer is None:
            raise FormatError(self.path, None, "no 'answer' statement")
        for name, axiom in self.axioms.items():
            if name in knowledge:
                raise FormatError(self.path, f"line {knowledge[name].line}",
                                  f"knowledge {name!r} has the name of an axiom imported from {axiom.origin}")
        knowledge.update(self.axioms)
        if not any(k.truth for k in knowledge.values()):
            raise FormatError(self.path, None, "no true knowledge formula (written here or imported)")
        candidates, body, var = self.candidates(*ambiguity)
        if str(answer) not in candidates:
            raise self.fail(answer, f"answer {str(answer)!r} is not one of the ambiguity's candidates {candidates[0]!r}, {candidates[1]!r}")
        other = candidates[1] if str(answer) == candidates[0] else candidates[0]
        for k in knowledge.values():
            if k.of is not None and not (k.of in knowledge and knowledge[k.of].truth):
                raise FormatError(self.path, f"line {k.line}", f"{k.name!r} transforms {k.of!r}, which is not a true knowledge formula here")
        return Formalization(
            path=self.path,
            item=item,
            domain=domain or "finite",
            entities=self.entities,
            symbols={n: s for n, s in self.symbols.items() if s.kind != "builtin"},
            scenario=list(scenario.items()),
            ambiguity=ambiguity[1],
            answer=str(answer),
            knowledge=list(knowledge.values()),
            categories=categories,
            candidates=candidates,
            answer_formula=substitute(body, {var: Fn(str(answer))}),
            alternative_formula=substitute(body, {var: Fn(other)}),
            imports=tuple(self.imports),
        )

    # -- statements -------------------------------------------------------------------------

    def entity(self, st: Any) -> None:
        name, mention, kind, plural = st.children
        self.declare_name(name)
        self.entities[str(name)] = Entity(str(name), _string(mention), str(kind) if kind is not None else "thing", plural is not None)

    def declaration(self, st: Any) -> None:
        kind, name, sorts, result, *templates = st.children
        self.declare_name(name)
        args = [str(s) for s in sorts.children] if sorts is not None else []
        for s in sorts.children if sorts is not None else ():
            if str(s) not in SORTS:
                raise self.fail(s, f"unknown sort {str(s)!r} (sorts: {', '.join(SORTS)})")
        kind = str(kind)
        if kind == "action" and any(a != "object" for a in args):
            raise self.fail(name, "an action's arguments are objects")
        if kind == "fluent":
            args.append("situation")
        if result is not None and kind != "function":
            raise self.fail(result, f"only a function declares a result sort; a {kind} is {'an action' if kind == 'action' else 'true or false'}")
        if kind == "function":
            if result is None or str(result) not in SORTS:
                raise self.fail(name, "a function needs a result sort: function owner(object): object")
        out = {"fluent": "bool", "predicate": "bool", "action": "action"}.get(kind, str(result))
        shown = len(args) - (1 if kind == "fluent" else 0)
        table: dict[str, str] = {}
        for t in templates:
            key, value = str(t.children[0]), _string(t.children[1])
            if key == "does" and kind != "action":
                raise self.fail(t.children[0], "only an action has a 'does' template")
            for index in re.findall(r"\{(\d+)\}", value):
                if int(index) >= shown:
                    raise self.fail(t.children[1], f"template uses {{{index}}} but {name} has {shown} argument(s)")
            table[key] = value
        self.symbols[str(name)] = Symbol(kind, str(name), tuple(args), out, table)

    def declare_name(self, name: Any) -> None:
        if str(name) in self.imported_from:
            raise self.fail(name, f"{str(name)!r} is declared by the imported module {self.imported_from[str(name)]}")
        if str(name) in self.symbols or str(name) in self.entities:
            raise self.fail(name, f"{str(name)!r} is declared twice (or is built in)")

    def knowledge(self, st: Any, earlier: dict[str, KnowledgeFormula]) -> KnowledgeFormula:
        name, truth, transformation, of, body = st.children
        if str(name) in earlier:
            raise self.fail(name, f"a second knowledge formula named {str(name)!r}")
        truth = str(truth) == "true"
        if transformation is not None:
            if truth:
                raise self.fail(transformation, "a true knowledge formula is not a transformation of another")
            if str(transformation) not in TRANSFORMATIONS:
                raise self.fail(transformation, f"unknown transformation {str(transformation)!r} (one of {', '.join(TRANSFORMATIONS)})")
        return KnowledgeFormula(str(name), truth, self.closed(body), str(transformation) if transformation else None,
                                str(of) if of else None, name.line)

    def candidates(self, st: Any, f: Formula) -> tuple[tuple[str, str], Formula, Var]:
        shape = "the ambiguity must read ∃x. φ(x) ∧ (x = A ⊕ x = B)"
        if not (isinstance(f, Quant) and f.kind == "exists" and len(f.variables) == 1):
            raise self.fail(st, shape)
        var = f.variables[0]
        parts = _conjuncts(f.body)
        for i, part in enumerate(parts):
            if isinstance(part, Bin) and part.op in ("xor", "or"):
                names = [_equated(side, var) for side in (part.left, part.right)]
                if None not in names and names[0] != names[1] and all(n in self.entities for n in names):
                    rest = parts[:i] + parts[i + 1 :]
                    if not rest:
                        break
                    body = rest[0]
                    for r in rest[1:]:
                        body = Bin("and", body, r)
                    return (names[0], names[1]), body, var  # type: ignore[return-value]
        raise self.fail(st, shape)

    # -- formulas ---------------------------------------------------------------------------

    def closed(self, node: Any) -> Formula:
        self.check_depth(node)
        return self.formula(node, {})

    def check_depth(self, node: Any) -> None:
        """Refuse a formula nested deeper than :data:`MAX_DEPTH` (walked without recursing, before building it).

        A chain ``a ∧ b ∧ c`` is one node here but nests left in the formula: its operands count as
        deep as they will be."""
        todo = [(node, 1)]
        while todo:
            current, depth = todo.pop()
            if depth > MAX_DEPTH:
                raise self.fail(current, f"formula nested deeper than {MAX_DEPTH} levels")
            if current.data in _CHAINS:
                operands = current.children[::2]
                todo += [(c, depth + len(operands) - max(i, 1)) for i, c in enumerate(operands) if hasattr(c, "data")]
            else:
                todo += [(c, depth + 1) for c in current.children if hasattr(c, "data")]

    def formula(self, node: Any, scope: dict[str, Var]) -> Formula:
        kind = node.data
        if kind == "quantified":
            quantifier, variables, body = node.children
            bound = [self.variable(v) for v in variables.children]
            inner = dict(scope)
            inner.update((v.name, v) for v in bound)
            return Quant("forall" if str(quantifier) in ("forall", "∀") else "exists", tuple(bound), self.formula(body, inner))
        if kind == "negation":
            return Not(self.formula(node.children[1], scope))
        if kind in _CHAINS:
            children = node.children
            f = self.formula(children[0], scope)
            for op, right in zip(children[1::2], children[2::2]):
                f = Bin(OPERATORS[str(op)], f, self.formula(right, scope))
            return f
        if kind == "boolean":
            return Bool(str(node.children[0]) == "True")
        if kind == "comparison":
            left, op, right = node.children
            if op is None:
                return self.atom(left, scope)
            a, b = self.term(left, scope), self.term(right, scope)
            sa, sb = self.sort_of(a), self.sort_of(b)
            if sa != sb:
                raise self.fail(op, f"'{a}' is {_a(sa)} and '{b}' {_a(sb)}: only terms of one sort can be equal")
            return Eq(a, b, negated=str(op) != "=")
        raise self.fail(node, f"unexpected {kind}")

    def variable(self, node: Any) -> Var:
        name, sort = node.children
        if sort is not None:
            if str(sort) not in SORTS:
                raise self.fail(sort, f"unknown sort {str(sort)!r} (sorts: {', '.join(SORTS)})")
            return Var(str(name), str(sort))
        if str(name) in self.symbols or str(name) in self.entities:
            raise self.fail(name, f"{str(name)!r} is declared; a variable needs another name")
        return Var(str(name), _default_sort(str(name)))

    def atom(self, node: Any, scope: dict[str, Var]) -> Formula:
        applied = getattr(node, "data", None) == "application"  # else a bare name, a token
        token = node.children[0] if applied else node
        name = str(token)
        args = node.children[1:] if applied else []
        args = [a for a in args if a is not None]
        symbol = self.symbols.get(name)
        if symbol is None or symbol.result != "bool":
            what = "an unknown name" if symbol is None and name not in self.entities and name not in scope else "not a predicate or fluent"
            raise self.fail(token, f"{name!r} is {what}; a formula needs a predicate, fluent or Poss here")
        terms = self.arguments(token, symbol, args, scope)
        return Atom(name, terms, token.line, token.column)

    def term(self, node: Any, scope: dict[str, Var]) -> Term:
        if not hasattr(node, "data"):  # a bare name
            name = str(node)
            if name in scope:
                return scope[name]
            if name in self.entities:
                return Fn(name)
            symbol = self.symbols.get(name)
            if symbol is not None and symbol.result != "bool" and not symbol.args:
                return Fn(name)
            raise self.fail(node, f"unknown name {name!r}" if symbol is None else f"{name!r} needs arguments")
        token, args = node.children[0], [a for a in node.children[1:] if a is not None]
        symbol = self.symbols.get(str(token))
        if symbol is None or symbol.result == "bool":
            raise self.fail(token, f"{str(token)!r} is {'unknown' if symbol is None else 'a predicate, not a term'}")
        return Fn(str(token), self.arguments(token, symbol, args, scope))

    def arguments(self, token: Any, symbol: Symbol, args: list[Any], scope: dict[str, Var]) -> tuple[Term, ...]:
        if len(args) != len(symbol.args):
            extra = " (a fluent takes its situation last)" if symbol.kind == "fluent" else ""
            raise self.fail(token, f"{symbol.name} takes {len(symbol.args)} argument(s), given {len(args)}{extra}")
        terms = tuple(self.term(a, scope) for a in args)
        for i, (t, want) in enumerate(zip(terms, symbol.args)):
            if self.sort_of(t) != want:
                raise self.fail(token, f"argument {i + 1} of {symbol.name} must be {_a(want)}, and '{t}' is {_a(self.sort_of(t))}")
        return terms

    def sort_of(self, t: Term) -> str:
        if isinstance(t, Var):
            return t.sort
        if t.name in self.entities:
            return "object"
        return self.symbols[t.name].result


def _default_sort(name: str) -> str:
    if re.fullmatch(r"s\d*'*", name):
        return "situation"
    if re.fullmatch(r"a\d*'*", name):
        return "action"
    return "object"


def _a(word: str) -> str:
    """``word`` with its indefinite article: "an object", "an action", "a situation"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _string(token: Any) -> str:
    return re.sub(r"\\(.)", r"\1", str(token)[1:-1])


def _conjuncts(f: Formula) -> list[Formula]:
    if isinstance(f, Bin) and f.op == "and":
        return _conjuncts(f.left) + _conjuncts(f.right)
    return [f]


def _equated(f: Formula, var: Var) -> str | None:
    """The entity ``e`` when ``f`` is ``var = e`` or ``e = var``."""
    if isinstance(f, Eq) and not f.negated:
        for a, b in ((f.left, f.right), (f.right, f.left)):
            if a == var and isinstance(b, Fn) and not b.args:
                return b.name
    return None
