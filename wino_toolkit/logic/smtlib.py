"""SMT-LIB2 input: a schema version for people who already write Z3 formulas.

Ordinary declarations (``declare-sort``, ``declare-fun``, ``declare-const``, ``define-fun``), then
assertions named with ``(! ... :named NAME)``: NAME starts with ``scenario``, ``knowledge`` or
``false_knowledge`` (an unnamed assertion is part of the scenario). Two zero-argument Boolean
functions say what is asked: ``answer`` (the correct reading) and ``alternative``::

    (declare-sort Obj 0)
    (declare-const Man Obj) (declare-const Son Obj)
    (declare-fun Weak (Obj) Bool)
    (assert (! (distinct Man Son) :named scenario_names))
    (assert (! (or (Weak Man) (Weak Son)) :named scenario_ambiguity))
    (assert (! (not (Weak Son)) :named knowledge_1))
    (assert (! (not (Weak Man)) :named false_knowledge_swap))
    (define-fun answer () Bool (Weak Man))
    (define-fun alternative () Bool (Weak Son))

Z3's own parser reads the file; the names are taken from a scan of its top-level commands, since
Z3 returns the assertions without them. A false knowledge formula is checked on its own with the
scenario (there is no way to say which true formula it replaces).
"""
from __future__ import annotations

import re
from pathlib import Path

from wino_toolkit.errors import FormatError
from wino_toolkit.extras import require

from .checks import Problem
from .syntax import read_source

__all__ = ["load_smtlib", "KINDS"]

KINDS = ("false_knowledge", "knowledge", "scenario")  # longest prefix first
_TOKEN = re.compile(r'\s+|;[^\n]*|"(?:[^"]|"")*"|\|[^|]*\||[()]|[^\s()";|]+')


def load_smtlib(path: str | Path) -> Problem:
    """Read ``path`` into a :class:`Problem`; errors name the file and line."""
    return parse_smtlib(read_source(path), str(path))


def parse_smtlib(text: str, path: str = "<string>") -> Problem:
    z3 = require("z3", "logic", "Checking formalized knowledge")
    names, defined = _scan(text, path)
    for needed in ("answer", "alternative"):
        if needed not in defined:
            raise FormatError(path, None, f"no (define-fun {needed} () Bool ...): say which reading is the answer and which the alternative")
        line, signature = defined[needed]
        if signature != "() Bool":
            raise FormatError(path, f"line {line}", f"{needed} must be a Boolean constant, (define-fun {needed} () Bool ...); "
                                                    f"it is defined with {signature}")
    ctx = z3.Context()
    try:
        # the two lines after the file ask Z3 for the definitions as formulas
        formulas = list(z3.parse_smt2_string(text + "\n(assert answer)\n(assert alternative)\n", ctx=ctx))
    except z3.Z3Exception as exc:
        message = exc.value.decode() if isinstance(exc.value, bytes) else str(exc.value)
        found = re.search(r"line (\d+) column (\d+): ([^\"]*)", message)
        problem = (found.group(3) if found else message).strip()
        where = f"line {found.group(1)}, column {found.group(2)}" if found else None
        beyond = int(found.group(1)) - text.count("\n") - 2 if found else -1
        if beyond in (0, 1):  # in a line after the file: the definition it asks for is to blame
            name = ("answer", "alternative")[beyond]
            where, problem = f"line {defined[name][0]}", f"{name}: {problem}"
        raise FormatError(path, where, problem) from None
    if len(formulas) != len(names) + 2:
        raise FormatError(path, None, f"Z3 read {len(formulas) - 2} assertions where {len(names)} (assert ...) commands were found")
    *asserted, answer, alternative = formulas
    problem = Problem(source=path, item=None, scenario=[], knowledge=[], false_knowledge=[], answer=answer,
                      alternative=alternative, domain="smtlib")
    for (name, line), formula in zip(names, asserted):
        if name is None:
            problem.scenario.append((f"scenario_line_{line}", formula))
        elif name.startswith("false_knowledge"):
            problem.false_knowledge.append((name, formula, _transformation(name), None))
        elif name.startswith("knowledge"):
            problem.knowledge.append((name, formula))
        elif name.startswith("scenario"):
            problem.scenario.append((name, formula))
        else:
            raise FormatError(path, f"line {line}", f"assertion name {name!r} does not start with {', '.join(reversed(KINDS))}")
    if not problem.knowledge:
        raise FormatError(path, None, "no assertion named knowledge...")
    return problem


def _transformation(name: str) -> str | None:
    for kind in ("negation", "swap", "replace", "change"):
        if kind in name:
            return kind
    return None


def _scan(text: str, path: str) -> tuple[list[tuple[str | None, int]], dict[str, tuple[int, str]]]:
    """The name (or None) and line of each top-level ``assert``, and the line and signature
    (``"() Bool"``) of each name ``define-fun`` defines."""
    depth, line = 0, 1
    command: list[tuple[str, int]] = []
    names: list[tuple[str | None, int]] = []
    defined: dict[str, tuple[int, str]] = {}
    for match in _TOKEN.finditer(text):
        token = match.group()
        start_line = line
        line += token.count("\n")
        if token.isspace() or token.startswith(";"):
            continue
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
            if depth < 0:
                raise FormatError(path, f"line {start_line}", "unbalanced ')'")
        command.append((token, start_line))
        if depth == 0 and token == ")":
            _command(command, names, defined)
            command = []
    if depth:
        raise FormatError(path, None, "unexpected end of file: a '(' is never closed")
    return names, defined


def _command(tokens: list[tuple[str, int]], names: list[tuple[str | None, int]], defined: dict[str, tuple[int, str]]) -> None:
    head = tokens[1][0] if len(tokens) > 1 else ""
    if head == "assert":
        words = [t for t, _ in tokens]
        name = None
        if len(words) > 3 and words[2] == "(" and words[3] == "!":
            depth = 0
            for i, w in enumerate(words[2:], 2):  # :named at the top of the annotation, not inside the formula
                depth += w == "("
                depth -= w == ")"
                if depth == 1 and w == ":named" and i + 1 < len(words):
                    name = words[i + 1].strip("|")
        names.append((name, tokens[0][1]))
    elif head == "define-fun" and len(tokens) > 2:
        defined[tokens[2][0].strip("|")] = (tokens[0][1], _signature([t for t, _ in tokens[3:]]))


def _signature(words: list[str]) -> str:
    """The parameter list and result sort a ``define-fun`` starts with, as written: ``() Bool``."""
    params, rest = _first(words)
    sort, _ = _first(rest)
    return " ".join(params + sort).replace("( ", "(").replace(" )", ")")


def _first(words: list[str]) -> tuple[list[str], list[str]]:
    """The first token or balanced ``( ... )`` group of ``words``, and what follows it."""
    depth = 0
    for i, w in enumerate(words):
        depth += (w == "(") - (w == ")")
        if depth <= 0:
            return words[: i + 1], words[i + 1 :]
    return words, []
