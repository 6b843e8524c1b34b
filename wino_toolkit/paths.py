"""Which path arguments a command reads and which it writes, so that no output ever replaces an input.

Every path argument of ``wino`` says so where it is defined, through its argparse ``type=``: :data:`input_path`,
:data:`output_path`, :func:`output_dir` or :func:`input_with`. The value stays the text given. Before any work,
``wino``'s ``main`` calls :func:`output_over_input`, which compares every output named with every input named
(the same file through a symlink, another spelling or a hard link) and with the other outputs, and says in one
line which two clash. Streams (``-``, ``/dev/stdout``, ``/dev/fd/N``, a FIFO or a device) are written through,
never replaced, so they clash with nothing.
"""
from __future__ import annotations

import argparse
import os
import stat
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Iterator

from .io import _stream_fd

__all__ = ["PathRole", "NamedPath", "input_path", "input_with", "output_path", "output_dir", "path_arguments",
           "output_over_input", "derived_over_input"]

Identity = tuple[int, int]  # (st_dev, st_ino): one file, however it is spelt or linked


@dataclass(frozen=True)
class PathRole:
    """The ``type=`` of a path argument: whether the command reads or writes it (the value is kept as given).

    ``writes``: for an output directory, the names (glob patterns) the command writes or replaces directly in it;
    ``"*"`` for a directory that is wholly the command's. ``companions``: for an input file, the suffixes of the
    files read beside it (an ``embeddings.npy``'s ``embeddings.json``)."""

    kind: str  # "input" or "output"
    directory: bool = False
    writes: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()

    def __call__(self, text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError("expected a path, not an empty string")
        return text


input_path = PathRole("input")
"""A file (or directory) the command reads."""

output_path = PathRole("output")
"""A file the command writes (``-``, ``/dev/stdout`` and FIFOs are written through)."""


def output_dir(*writes: str) -> PathRole:
    """A directory the command writes in: ``writes`` are the names it writes there (default ``*``: anything)."""
    return PathRole("output", directory=True, writes=writes or ("*",))


def input_with(*companions: str) -> PathRole:
    """A file the command reads together with the files of the same stem and these suffixes."""
    return PathRole("input", companions=companions)


@dataclass(frozen=True)
class NamedPath:
    """One path as the user gave it, with the option (or positional argument) that named it."""

    flag: str
    path: str
    role: PathRole


def path_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[NamedPath]:
    """Every path ``args`` holds for the (sub)command it chose, in the order the parser defines them."""
    found = []
    for action in _chosen_actions(parser, args):
        if isinstance(action.type, PathRole):
            flag = action.option_strings[0] if action.option_strings else str(action.metavar or action.dest)
            found += [NamedPath(flag, value, action.type) for value in _flat(getattr(args, action.dest, None))]
    return found


def output_over_input(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Why the command ``args`` names would write over one of its inputs (or one output over another), in one
    line; ``None`` when it would not. Only paths as named are compared: nothing is read or made."""
    named = path_arguments(parser, args)
    inputs = [(path, label, ident) for n in named if n.role.kind == "input"
              for path, label in _read_files(n) if (ident := _identity(path, stdin=True)) is not None]
    outputs = [n for n in named if n.role.kind == "output" and not _written_through(n.path)]
    for k, out in enumerate(outputs):
        ident = _identity(out.path)
        for path, label, known in inputs:
            if ident == known:
                spelt = "" if path == out.path else f" ({path})"
                return f"{out.path}: {out.flag} and {label} name the same file{spelt}; an output never replaces an input"
        if out.role.directory and ident is not None:
            for entry in _entries(Path(out.path), out.role.writes):
                there = _identity(str(entry))
                for path, label, known in inputs:
                    if there == known or (path != "-" and entry.is_dir() and _inside(path, entry)):
                        return (f"{path}: {out.flag} {out.path} writes {entry.name} there, and {label} reads it; "
                                "an output never replaces an input")
        for other in outputs[k + 1:]:
            if os.path.realpath(other.path) == os.path.realpath(out.path) or (ident is not None and _identity(other.path) == ident):
                spelt = "" if other.path == out.path else f" ({other.path})"
                return f"{out.path}: {out.flag} and {other.flag} name the same file{spelt}; each output needs its own"
    return None


def derived_over_input(derived: dict[str, str | os.PathLike], inputs: list[str]) -> str | None:
    """Why an output a command derives itself (``flag`` → path: a default named after another output) would
    write over one of ``inputs``, in one line; ``None`` when it would not. The named paths :func:`output_over_input`
    compares; this holds the ones no option names."""
    known = [(path, ident) for path in inputs if (ident := _identity(path, stdin=True)) is not None]
    for flag, out in derived.items():
        ident = _identity(str(out))
        for path, identity in known:
            if ident == identity:
                return f"{out}: {flag}, named after -o, is the input {path}; an output never replaces an input"
    return None


def _chosen_actions(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Iterator[argparse.Action]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = getattr(args, action.dest, None)
            if chosen in action.choices:
                yield from _chosen_actions(action.choices[chosen], args)
        else:
            yield action


def _flat(value: Any) -> Iterator[str]:
    """The strings of an argument's value: one, a list (``nargs``), or a list of lists (``append`` with ``nargs``)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _flat(v)


def _read_files(n: NamedPath) -> Iterator[tuple[str, str]]:
    """The files an input argument reads, with how a message names each."""
    yield n.path, n.flag
    for suffix in n.role.companions:
        yield str(Path(n.path).with_suffix(suffix)), f"{n.flag}'s {suffix} beside it"


def _identity(path: str, stdin: bool = False) -> Identity | None:
    """An existing regular file's or directory's (device, inode), following links; ``None`` for anything else:
    missing, a FIFO, a device, a socket. ``-`` is standard input when ``stdin``, else standard output."""
    try:
        info = (os.fstat(0) if stdin else None) if path == "-" else os.stat(path)
    except (OSError, ValueError):
        return None
    if info is None or not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        return None
    return info.st_dev, info.st_ino


def _written_through(path: str) -> bool:
    """``-``, ``/dev/stdout``, ``/dev/fd/N``: an output written through its descriptor, which replaces nothing."""
    return path == "-" or _stream_fd(Path(path)) is not None


def _entries(directory: Path, patterns: tuple[str, ...]) -> Iterator[Path]:
    """What ``directory`` already holds under the names a command writes there."""
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return
    for name in names:
        if any(fnmatchcase(name, p) for p in patterns):
            yield directory / name


def _inside(path: str, directory: Path) -> bool:
    """Whether ``path``, links resolved, lies within ``directory``."""
    real, folder = os.path.realpath(path), os.path.realpath(directory)
    return os.path.commonpath([real, folder]) == folder and real != folder
