"""wino-toolkit: one schema, lossless converters and checks for multilingual Winograd-schema corpora.

>>> import wino_toolkit as wt
>>> items = list(wt.read("dev.jsonl"))            # doctest: +SKIP
>>> wt.write(items, "dev.wino.jsonl", to="jsonl")  # doctest: +SKIP
"""
from __future__ import annotations

from ._version import __version__
from .api import convert, read, resolve_format, validate, write
from .errors import (
    ConversionError,
    FormatError,
    MissingDependencyError,
    OutputError,
    ParameterError,
    SchemaError,
    UnknownNameError,
    WinoError,
)
from .formats import Format, detect_format, formats, register_format
from .schema import SCHEMA_VERSION, Candidate, Item, Knowledge, NLIPair, Span
from .stats import corpus_stats
from .twins import link_twins, trigger_diff, twin_report

__all__ = [
    "__version__",
    "SCHEMA_VERSION",
    "Item",
    "Candidate",
    "Span",
    "Knowledge",
    "NLIPair",
    "read",
    "write",
    "convert",
    "validate",
    "resolve_format",
    "detect_format",
    "formats",
    "register_format",
    "Format",
    "corpus_stats",
    "link_twins",
    "trigger_diff",
    "twin_report",
    "WinoError",
    "FormatError",
    "SchemaError",
    "UnknownNameError",
    "ParameterError",
    "ConversionError",
    "MissingDependencyError",
    "OutputError",
    "AFLite",
]


def __getattr__(name: str):
    """``wino_toolkit.AFLite`` without importing scikit-learn and torch until it is used."""
    if name == "AFLite":
        from .aflite.estimator import AFLite

        return AFLite
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
