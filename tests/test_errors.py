"""Every error the toolkit raises crosses a process boundary intact: a worker's FormatError (a library module
that does not parse, met while checking files in parallel) reached the caller as BrokenProcessPool instead of
the one line naming the file."""
from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from wino_toolkit.errors import (ConversionError, FormatError, FormError, MissingDependencyError, OutputError,
                                 ParameterError, SchemaError, UnknownNameError)
from wino_toolkit.fetch import ChecksumError

RAISED = [
    FormatError("axioms/physical/body.fol", "line 9, column 8", "'Closed' is declared by the imported module physical/containment"),
    FormatError(None, None, "no formalization files to check"),
    OutputError("out/report.html", "its folder does not exist"),
    SchemaError(["answer 2 is not a candidate", "no candidates"], "wsc-3"),
    UnknownNameError("no format 'jsonx'; did you mean 'jsonl'?"),
    ParameterError("--window must be at least 1"),
    ConversionError("3 candidates cannot be written as WinoGrande"),
    MissingDependencyError("needs z3: pip install 'wino-toolkit[logic]'"),
    FormError("no pronoun span"),
    ChecksumError("dev.jsonl", "ab" * 32, "cd" * 32),
]


@pytest.mark.parametrize("error", RAISED, ids=lambda e: type(e).__name__)
def test_error_survives_pickling(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and vars(again) == vars(error)


def _fail(_: int) -> None:
    raise FormatError("axioms/physical/body.fol", "line 9", "'Closed' is declared twice")


def test_format_error_in_a_worker_reaches_the_caller():
    with ProcessPoolExecutor(1) as pool, pytest.raises(FormatError, match=r"^axioms/physical/body.fol: line 9: 'Closed'"):
        list(pool.map(_fail, [0]))
