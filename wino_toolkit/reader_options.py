"""Reader options per file, spelled one way for every command: ``-O [FILE:]KEY=VALUE``.

``KEY=VALUE`` goes to every input whose format takes ``KEY`` (``split`` to every input), so one
``-O subset=wsc273`` serves a command that also reads a WinoGrande file; ``FILE:KEY=VALUE`` goes only to
the input named ``FILE`` (as given, or its base name), for two inputs of one format that need different
values. ``language`` reads one language of a multilingual corpus (``-O language=fr``: XWINO's and PWS's French
items) and is the tag a one-language format gives its items. An option that no input takes is an error. A command reading corpora in several roles
(``--train``, ``--eval``, ``--against``) shares one :class:`ReaderOptions` among its reads and calls
:meth:`ReaderOptions.check` once all of them have taken theirs.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any, Mapping, Sequence

from .errors import ParameterError

__all__ = ["ReaderOptions", "language_matches"]


def language_matches(wanted: str, tag: str) -> bool:
    """Whether the reader option ``language=wanted`` of a multilingual format (XWINO, PWS: one language of the
    corpus is read) picks an item tagged ``tag``: the same BCP-47 tag ignoring case, or its language subtag
    (``zh`` picks ``zh-Hans``). For a format of one language, ``language`` is the tag its items get."""
    wanted, tag = wanted.casefold(), tag.casefold()
    return wanted == tag or wanted == tag.split("-")[0]


class ReaderOptions:
    """``[FILE:]KEY`` → value, handed out per input by :meth:`take`; remembers which were taken."""

    def __init__(self, options: Mapping[str, Any] | None = None, *, flag: str = "-O") -> None:
        self.options = dict(options or {})
        self.flag = flag
        self._taken: set[str] = set()
        self._inputs: dict[str, tuple[str, list[str]]] = {}  # input -> its format and that format's options

    def add_to_each(self, paths: Sequence[str | os.PathLike], options: Mapping[str, Any]) -> None:
        """``KEY=VALUE`` for each of ``paths`` only (an option of an older, per-role flag such as ``-A``);
        a ``FILE:KEY`` is kept as it is."""
        for raw, value in options.items():
            if ":" in raw:
                self.options[raw] = value
            else:
                self.options.update({f"{path}:{raw}": value for path in paths})

    def take(self, name: str | os.PathLike, fmt: Any) -> dict[str, Any]:
        """The options for the input ``name`` read in format ``fmt`` (a :class:`~wino_toolkit.formats.Format`)."""
        fields = {f.name for f in dataclasses.fields(fmt.config)} | {"split"}
        self._inputs[str(name)] = (fmt.name, [f.name for f in dataclasses.fields(fmt.config)])
        mine = {}
        for raw, value in self.options.items():
            where, _, key = raw.rpartition(":")
            if where and where not in (str(name), Path(name).name):
                continue
            if key.replace("-", "_") in fields:
                mine[key.replace("-", "_")] = value
                self._taken.add(raw)
        return mine

    def check(self) -> None:
        """Raise for the first option that no input took, naming what the inputs' formats take."""
        for raw in self.options:
            if raw in self._taken:
                continue
            where, _, key = raw.rpartition(":")
            named = {n: f for n, f in self._inputs.items() if not where or where in (n, Path(n).name)}
            if not named:
                raise ParameterError(f"{self.flag} {raw}: no input is named {where!r} (inputs: {', '.join(self._inputs)})")
            formats = dict(named.values())
            if len(formats) == 1:
                (name, known), = formats.items()
                raise ParameterError(f"format {name!r} has no option {key!r} (options: {', '.join(known) or 'none'})")
            takes = "; ".join(f"{name}: {', '.join(known) or 'none'}" for name, known in formats.items())
            raise ParameterError(f"{self.flag} {raw}: no input's format takes option {key!r} (options of {takes})")
