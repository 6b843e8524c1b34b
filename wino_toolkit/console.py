"""Terminal helpers shared by the command-line modules (``wino`` and ``wino pmi``)."""
from __future__ import annotations

import sys
from typing import Sequence

from .errors import WinoError

__all__ = ["make_console", "key_values", "item_progress", "labelled_tasks"]


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


def item_progress(console, unit: str = "items"):
    """A transient rich progress bar for long work: done/total, the rate (``unit``/s) and the time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task) -> Text:
            return Text(f"{task.speed:,.0f} {unit}/s" if task.speed else "")

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(), TimeRemainingColumn(),
                    console=console, transient=True)


def labelled_tasks(bar, verb: str):
    """``progress(label, done, total)`` drawing one task of ``bar`` per label ("fine-tuning dpr seed 0")."""
    tasks: dict = {}

    def progress(label: str, done: int, total: int) -> None:
        if label not in tasks:
            tasks[label] = bar.add_task(f"{verb} {label}".rstrip(), total=total)
        bar.update(tasks[label], completed=done, total=total)

    return progress
