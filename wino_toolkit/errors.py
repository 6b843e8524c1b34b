"""One error hierarchy, so the CLI can turn any failure into a single line and an exit code."""
from __future__ import annotations

from os import PathLike

__all__ = ["WinoError", "FormatError", "SchemaError", "UnknownNameError", "ParameterError", "ConversionError", "MissingDependencyError",
           "FormError", "OutputError", "WinoWarning"]


class WinoError(Exception):
    """Base class: everything the toolkit raises on purpose."""


class FormatError(WinoError):
    """Input that cannot be read (or output that cannot be written) in a given format.

    The message always names the file, the line or record, and the problem, e.g.
    ``dev.jsonl: line 12: answer '3' is not 1 or 2``.
    """

    def __init__(self, path: str | PathLike | None, where: str | None, problem: str):
        self.path = None if path is None else str(path)
        self.where = where
        self.problem = problem
        super().__init__(": ".join(p for p in (self.path, where, problem) if p))

    def __reduce__(self):  # rebuilt from its parts, so it crosses processes (a worker's error reaches the caller)
        return type(self), (self.path, self.where, self.problem)


class OutputError(WinoError):
    """An output path that cannot be written: a missing directory, a directory, a read-only file system.

    Raised before anything is written, or instead of replacing the path, never after damaging it.
    """

    def __init__(self, path: str | PathLike, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")

    def __reduce__(self):
        return type(self), (self.path, self.problem)


class SchemaError(WinoError):
    """A record that breaks the schema's invariants; ``problems`` lists every broken rule."""

    def __init__(self, problems: list[str], item_id: str | None = None):
        self.problems = problems
        self.item_id = item_id
        prefix = f"item {item_id!r}: " if item_id is not None else ""
        super().__init__(prefix + "; ".join(problems))

    def __reduce__(self):
        return type(self), (self.problems, self.item_id)


class UnknownNameError(WinoError, KeyError):
    """A registry lookup for a name nobody registered; the message lists near matches."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class ParameterError(WinoError, ValueError):
    """A parameter or option whose value cannot work (``threshold=1.5``, ``--window 0``, few-shot with ``mlm``,
    an option the format does not have): the caller's mistake, not the data's, so ``wino`` exits 2 (usage).

    Also a :class:`ValueError`, so the estimators keep scikit-learn's contract (``fit`` with a bad
    parameter raises ``ValueError``) and ``except ValueError`` in callers still holds.
    """


class ConversionError(WinoError):
    """A record that the target format has no way to express (e.g. 3 candidates into WinoGrande)."""


class MissingDependencyError(WinoError, ImportError):
    """An optional dependency is needed; the message gives the install command."""


class FormError(WinoError):
    """A derived form (NLI, disambiguated, blank, twin) cannot be built for one item; the message says why.

    Forms skip such items and report them with this reason instead of dropping or mangling them.
    """


class WinoWarning(UserWarning):
    """A note the library passes up for the user (a stale lock taken over); ``wino`` prints it as one line."""
