"""Formalized commonsense knowledge for Winograd schemas, checked with Z3 (WinoLogic's workflow).

A schema version is written in sorted situation calculus (:mod:`.syntax`, ``.fol`` files) or in
SMT-LIB2 (:mod:`.smtlib`); :func:`verify` runs the consistency, sufficiency, necessity,
uniqueness and false-knowledge checks (:mod:`.checks`) on a file, a parsed formalization or a
problem, and raises a :class:`~wino_toolkit.errors.FormatError` naming the file and line for bad
input; :mod:`.render` turns formulas into knowledge sentences and makes false ones by
transforming formulas; :mod:`.sentences` measures true/false sentence pairs and links
WinoLogic's sentences to WSC items. Needs the ``logic`` extra (z3-solver, lark); nothing heavy is
imported until used.

>>> from wino_toolkit import logic
>>> verdict = logic.verify("corpora/logic/wsc285-14.fol")  # doctest: +SKIP
>>> verdict.status, verdict.checks["sufficiency"].core  # doctest: +SKIP
('pass', ['k1'])
"""
from __future__ import annotations

# the submodules import z3 and lark only when a function needs them, so these imports stay light;
# importing the functions here (not lazily) also keeps ``logic.render`` and ``logic.encode`` the
# functions once the submodules of the same names are loaded
from .checks import CheckResult, Problem, Verdict
from .deep import MAX_DEPTH
from .encode import encode
from .files import load_problem, render_files, shipped_formalizations, verify, verify_files
from .generate import knowledge_sentences
from .render import grounding, render
from .smtlib import load_smtlib
from .axioms import load, parse
from .syntax import Formalization

__all__ = ["load", "parse", "load_smtlib", "load_problem", "encode", "verify", "verify_files", "shipped_formalizations",
           "render", "grounding", "knowledge_sentences", "render_files", "Formalization", "Problem", "Verdict", "CheckResult",
           "MAX_DEPTH"]
