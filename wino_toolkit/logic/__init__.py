"""Formalized commonsense knowledge for Winograd schemas, checked with Z3 (WinoLogic's workflow).

A schema version is written in sorted situation calculus (:mod:`.syntax`, ``.fol`` files) or in
SMT-LIB2 (:mod:`.smtlib`); :func:`verify` runs the consistency, sufficiency, necessity,
uniqueness and false-knowledge checks (:mod:`.checks`); :mod:`.render` turns formulas into
knowledge sentences and makes false ones by transforming formulas; :mod:`.sentences` measures
true/false sentence pairs and links WinoLogic's sentences to WSC items. Needs the ``logic``
extra (z3-solver, lark); nothing heavy is imported until used.
"""
from __future__ import annotations

from typing import Any

__all__ = ["load", "parse", "load_smtlib", "load_problem", "encode", "verify", "verify_files", "shipped_formalizations"]

_WHERE = {
    "load": "syntax", "parse": "syntax", "load_smtlib": "smtlib", "encode": "encode", "verify": "checks",
    "load_problem": "files", "verify_files": "files", "shipped_formalizations": "files",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
