"""Knowledge formulas as English sentences, in WinoLogic's three variants.

Each predicate, fluent and action carries its own templates (``says``, ``denies``, ``does``);
a sentence is built from the formula's shape: leading ∀ are left implicit (a generic reading),
``A → B`` reads "If A, then B.", ``∧`` "and", ``∨`` "or", ``⊕`` "either ... or ..., but not
both", an atom in ``do(a, s)`` "after <a>, ...". Distinctness guards between variables (``x ≠ y``)
are left unsaid: "X cannot lift Y" already speaks of two parties.

The variants differ in how a variable is named:

- ``variable``: "person X" at its first mention, then "X";
- ``grounded``: the mention of the entity it stands for in the schema ("the man");
- ``natural``: "the person", or "the first person" / "the second person" when two of a kind.

A variable stands for the entity that makes the formula do its job (:func:`grounding`).

>>> from wino_toolkit.logic import parse
>>> f = parse('''item "x" entity Man "the man" person  entity Son "his son" person
... action lift(object, object) says "{0} can lift {1}" denies "{0} cannot lift {1}"
... fluent Strong(object) says "{0} is strong" denies "{0} is weak"
... scenario: ¬Poss(lift(Man, Son), S0)  ambiguity: ∃x. ¬Strong(x, S0) ∧ (x = Man ⊕ x = Son)  answer: Man
... knowledge k1 true: ∀x, y, s. ¬Poss(lift(x, y), s) ∧ x ≠ y → ¬Strong(x, s)''')
>>> [render(f.knowledge[0].formula, f, v, grounding(f, f.knowledge[0])) for v in VARIANTS]  # doctest: +SKIP
['If person X cannot lift person Y, then X is weak.', 'If the man cannot lift his son, then the man is weak.', \
'If the first person cannot lift the second person, then the first person is weak.']
"""
from __future__ import annotations

import itertools
import re
from typing import Any

from wino_toolkit.errors import ParameterError

from .deep import deep
from .formulas import Atom, Bin, Bool, Eq, Fn, Formula, Not, Quant, Term, Var, substitute
from .syntax import Formalization, KnowledgeFormula

__all__ = ["VARIANTS", "render", "grounding", "ORDINALS"]

VARIANTS = ("variable", "grounded", "natural")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
#: the most assignments :func:`grounding` tries (there are n^k for k variables over n entities)
MAX_GROUNDINGS = 64


@deep
def render(formula: Formula, f: Formalization, variant: str, ground: dict[Var, str] | None = None, *,
           capitalize: bool = True) -> str:
    """``formula`` as one English sentence; ``ground`` maps object variables to entity names.

    ``capitalize=False`` leaves the first letter as the words have it, for a sentence that
    continues a claim ("... because if the man cannot lift his son, then the man is weak.").
    """
    if variant not in VARIANTS:
        raise ParameterError(f"unknown variant {variant!r} (one of {', '.join(VARIANTS)})")
    return _Sentence(f, variant, ground or {}).sentence(formula, capitalize)


def universal_objects(formula: Formula) -> list[Var]:
    """The object variables bound by ∀ anywhere in ``formula``, in order."""
    out: list[Var] = []

    def visit(g: Formula) -> None:
        if isinstance(g, Quant):
            if g.kind == "forall":
                out.extend(v for v in g.variables if v.sort == "object" and v not in out)
            visit(g.body)
        elif isinstance(g, Not):
            visit(g.body)
        elif isinstance(g, Bin):
            visit(g.left)
            visit(g.right)

    visit(formula)
    return out


def instantiate(formula: Formula, mapping: dict[Var, Fn]) -> Formula:
    """``formula`` with the mapped ∀-variables replaced by entities (their quantifiers dropped)."""
    if isinstance(formula, Quant):
        kept = tuple(v for v in formula.variables if v not in mapping)
        body = instantiate(formula.body, mapping)
        return Quant(formula.kind, kept, body) if kept else body
    if isinstance(formula, Bin):
        return Bin(formula.op, instantiate(formula.left, mapping), instantiate(formula.right, mapping))
    if isinstance(formula, Not):
        return Not(instantiate(formula.body, mapping))
    return substitute(formula, dict(mapping))


@deep
def grounding(f: Formalization, k: KnowledgeFormula, checker: Any = None) -> dict[Var, str]:
    """Which entity each ∀-bound object variable of ``k`` stands for in this schema.

    The first assignment (distinct entities where there are enough, the answer first) whose
    instance, with the scenario and the other true knowledge, entails the answer; when none of
    the first :data:`MAX_GROUNDINGS` does (a false formula, or knowledge that only works jointly),
    the first assignment. A false formula that transforms a true one takes that one's grounding,
    so the true and false sentences differ only where the formulas do; a variable the true one
    lacks gets an entity not used yet, so no sentence is left naming "thing Y". ``checker`` is a
    :class:`~.generate.Checker`.
    """
    variables = universal_objects(k.formula)
    names = [f.answer] + [n for n in f.entities if n != f.answer]
    if k.of is not None:
        source = next(t for t in f.knowledge if t.name == k.of)
        inherited = {v: e for v, e in grounding(f, source, checker).items() if v in variables}
        for v in variables:  # one the true formula lacks ("replace" may bring in y): an entity not used yet
            if v not in inherited:
                free = [n for n in names if n not in inherited.values()]
                inherited[v] = (free or names)[0]
        return inherited
    if not variables:
        return {}
    if len(variables) <= len(names):
        every = itertools.permutations(names, len(variables))
    else:
        every = itertools.product(names, repeat=len(variables))
    options = list(itertools.islice(every, MAX_GROUNDINGS))
    if checker is not None:
        for option in options:
            instance = instantiate(k.formula, {v: Fn(e) for v, e in zip(variables, option)})
            if checker.entails_answer(instance, without=k.name):
                return dict(zip(variables, option))
    return dict(zip(variables, options[0]))


class _Sentence:
    def __init__(self, f: Formalization, variant: str, ground: dict[Var, str]):
        self.f = f
        self.variant = variant
        self.ground = ground
        self.mentioned: set[Var] = set()
        self.labels = self._labels()

    def _labels(self) -> dict[Var, str]:
        """How each grounded variable is named in this variant."""
        out: dict[Var, str] = {}
        for v, entity in self.ground.items():
            e = self.f.entities[entity]
            if self.variant == "grounded":
                out[v] = e.mention
            elif self.variant == "natural":
                same = [w for w, other in self.ground.items() if self.f.entities[other].kind == e.kind]
                out[v] = f"the {e.kind}" if len(same) == 1 else f"the {ORDINALS[min(same.index(v), len(ORDINALS) - 1)]} {e.kind}"
            else:
                out[v] = f"{e.kind} {v.name.upper()}"
        return out

    def sentence(self, formula: Formula, capitalize: bool) -> str:
        body = formula
        while isinstance(body, Quant) and body.kind == "forall":
            body = body.body
        text = self.clause(body)
        return (text[:1].upper() + text[1:] if capitalize else text) + "."

    def clause(self, g: Formula) -> str:
        if isinstance(g, Bin) and g.op == "implies":
            premise = _drop_guards(g.left)
            if premise is None:
                return self.clause(g.right)
            return f"if {self.clause(premise)}, then {self.clause(g.right)}"
        if isinstance(g, Bin):
            left, right = self.clause(g.left), self.clause(g.right)
            if g.op == "and":
                return f"{left} and {right}"
            if g.op == "or":
                return f"{left} or {right}"
            if g.op == "xor":
                return f"either {left} or {right}, but not both"
            return f"{left} if and only if {right}"
        if isinstance(g, Not):
            if isinstance(g.body, Atom):
                return self.atom(g.body, positive=False)
            if isinstance(g.body, Eq):
                return self.clause(Eq(g.body.left, g.body.right, not g.body.negated))
            return f"it is not the case that {self.clause(g.body)}"
        if isinstance(g, Atom):
            return self.atom(g, positive=True)
        if isinstance(g, Eq):
            if self.sort(g.left) == "action":  # a = tell(x, y, z): which event the action is
                return f"{self.event(g.left)} is {'not ' if g.negated else ''}the event where {self.event(g.right)}"
            return f"{self.term(g.left)} is {'not ' if g.negated else ''}{self.term(g.right)}"
        if isinstance(g, Bool):
            return "this always holds" if g.value else "this never holds"
        if isinstance(g, Quant):
            names = ", ".join(self.introduce(v) for v in g.variables if v.sort == "object")
            inner = self.clause(g.body)
            if not names:
                return inner
            return f"{'for every' if g.kind == 'forall' else 'there is'} {names}{',' if g.kind == 'forall' else ' such that'} {inner}"
        raise TypeError(f"not a formula: {g!r}")

    def introduce(self, v: Var) -> str:
        self.mentioned.add(v)
        return self.labels.get(v) or f"thing {v.name.upper()}"

    def atom(self, a: Atom, positive: bool) -> str:
        if a.name == "Poss":
            action, situation = a.args
            after = self.after(situation)  # first: it mentions the variables first
            if isinstance(action, Var):  # a successor-state or frame axiom: any action
                return after + f"{self.term(action)} is {'' if positive else 'not '}possible"
            return after + self.template(action.name, list(action.args), "says" if positive else "denies")
        symbol = self.f.symbols[a.name]
        situation = a.args[-1] if symbol.kind == "fluent" else None
        shown = a.args[:-1] if symbol.kind == "fluent" else a.args
        after = self.after(situation)
        return after + self.template(a.name, list(shown), "says" if positive else "denies")

    def after(self, situation: Term | None) -> str:
        """"after X lifts Y, " for a fluent or Poss evaluated in ``do(lift(X, Y), s)``."""
        events: list[str] = []
        while isinstance(situation, Fn) and situation.name == "do":
            action, situation = situation.args
            events.append(self.event(action))
        return f"after {' and then '.join(reversed(events))}, " if events else ""

    def event(self, action: Term) -> str:
        """An action as an event: its ``does`` template, or "action A" for a variable."""
        if isinstance(action, Var):
            return self.term(action)
        return self.template(action.name, list(action.args), "does")

    def sort(self, t: Term) -> str:
        if isinstance(t, Var):
            return t.sort
        symbol = self.f.symbols.get(t.name)
        return symbol.result if symbol is not None and symbol.kind != "action" else "action" if symbol is not None else "object"

    def template(self, name: str, args: list[Term], key: str) -> str:
        templates = self.f.symbols[name].templates
        if key in templates:
            pattern = templates[key]
        elif key == "denies" and "says" in templates:
            return "it is not the case that " + self.template(name, args, "says")
        else:  # no English given: the formula's own notation
            listed = ", ".join(self.term(a) for a in args)
            return f"{'not ' if key == 'denies' else ''}{name}({listed})"
        pieces = re.split(r"(\{\d+\})", pattern)
        out = []
        for i, piece in enumerate(pieces):
            found = re.fullmatch(r"\{(\d+)\}", piece)
            if found:
                out.append(self.term(args[int(found.group(1))]))
            elif i and re.fullmatch(r"\{(\d+)\}", pieces[i - 1]) and self.plural(args[int(pieces[i - 1][1:-1])]):
                out.append(re.sub(r"^(\s+)([\w']+)", lambda m: m.group(1) + agree(m.group(2)), piece))
            else:
                out.append(piece)
        return "".join(out)

    def plural(self, t: Term) -> bool:
        """Whether ``t`` is named by a plural mention (verbs after it take the plural)."""
        entity = None
        if isinstance(t, Var) and self.variant == "grounded":
            entity = self.ground.get(t)
        elif isinstance(t, Fn) and not t.args:
            entity = t.name
        return entity in self.f.entities and self.f.entities[entity].plural

    def term(self, t: Term) -> str:
        if isinstance(t, Var):
            if t.sort == "action":
                return f"action {t.name.upper()}"
            if t.sort != "object":
                return t.name
            label = self.labels.get(t) or f"thing {t.name.upper()}"
            if self.variant == "variable" and t in self.mentioned:
                return t.name.upper()
            self.mentioned.add(t)
            return label
        if t.name in self.f.entities:
            return self.f.entities[t.name].mention
        symbol = self.f.symbols.get(t.name)
        if symbol is not None and symbol.kind == "function":
            return self.template(t.name, list(t.args), "says")
        return str(t)


#: third-person singular forms whose plural is not the form without -s
IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't", "wasn't": "weren't",
             "hasn't": "haven't", "doesn't": "don't"}


def agree(verb: str) -> str:
    """The plural of a present-tense verb after a plural subject ("fears" → "fear", "is" → "are");
    modals and words that are not -s forms stay as they are."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if len(verb) > 4 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", verb):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "'s")) and len(verb) > 2:
        return verb[:-1]
    return verb


def _drop_guards(g: Formula) -> Formula | None:
    """``g`` without conjuncts saying two variables differ (None when nothing else is left)."""
    if isinstance(g, Eq) and g.negated and isinstance(g.left, Var) and isinstance(g.right, Var):
        return None
    if isinstance(g, Bin) and g.op == "and":
        left, right = _drop_guards(g.left), _drop_guards(g.right)
        if left is None or right is None:
            return right if left is None else left
        return Bin("and", left, right)
    return g
