"""Terminal helpers shared by the command-line modules (``wino`` and ``wino pmi``)."""
from __future__ import annotations

import sys
from typing import Sequence

from .errors import WinoError

__all__ = ["make_console", "key_values"]


def key_values(pairs: Sequence[str] | None, flag: str) -> dict[str, str]:
    """``["a=1", "b=x"]`` → ``{"a": "1", "b": "x"}``; a pair without ``=`` is an error naming ``flag``."""
    out = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise WinoError(f"{flag} takes KEY=VALUE, not {pair!r}")
        out[key] = value
    return out


def make_console(stderr: bool = False):
    """A rich console; piped output (files, CI logs) gets a wide table rather than rich's 80 columns."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else 160
    return Console(stderr=stderr, highlight=False, width=width)
