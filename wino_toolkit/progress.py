"""Progress for logs. Without a terminal (a log file, CI, a batch job) a transient bar shows nothing at all, so
long work writes a plain line every few seconds instead: done/total, the rate and the time left."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import WinoError

__all__ = ["LineProgress", "progress_interval", "INTERVAL_VARIABLE"]

INTERVAL_VARIABLE = "WINO_PROGRESS_INTERVAL"
DEFAULT_INTERVAL = 10.0


def progress_interval() -> float:
    """Seconds between progress lines: ``$WINO_PROGRESS_INTERVAL``, else 10."""
    raw = os.environ.get(INTERVAL_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_INTERVAL
    try:
        seconds = float(raw)
    except ValueError:
        seconds = float("nan")
    if not seconds >= 0:
        raise WinoError(f"{INTERVAL_VARIABLE}={raw!r}: give the seconds between progress lines, e.g. 10")
    return seconds


@dataclass
class _Task:
    description: str
    total: float | None
    completed: float
    fields: dict[str, Any]
    started: float
    printed_at: float
    first: tuple[float, float] | None = None  # (time, done) at the first update: a resumed run's jump is no rate
    printed: float | None = None  # done, as the last line showed it


@dataclass
class LineProgress:
    """rich ``Progress`` as the commands use it (``with``, ``add_task``, ``update``, ``advance``; the fields
    ``unit`` and ``note``), writing a line per task to ``console`` at most every ``interval`` seconds, when the
    task completes, and at the end of the ``with`` block for what is not shown yet."""

    console: Any
    unit: str = "items"
    interval: float = DEFAULT_INTERVAL
    clock: Callable[[], float] = time.monotonic
    _tasks: list[_Task] = field(default_factory=list)

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is None:
            for task in self._tasks:
                if task.first is not None and task.printed != task.completed:
                    self._print(task, self.clock())

    def add_task(self, description: str, total: float | None = None, completed: float = 0, **fields: Any) -> int:
        now = self.clock()
        self._tasks.append(_Task(description, total, completed, fields, now, now))
        return len(self._tasks) - 1

    def update(self, task_id: int, *, total: float | None = None, completed: float | None = None,
               advance: float | None = None, description: str | None = None, **fields: Any) -> None:
        task, now = self._tasks[task_id], self.clock()
        task.total = task.total if total is None else total
        task.completed = (task.completed if completed is None else completed) + (advance or 0)
        task.description = task.description if description is None else description
        task.fields.update(fields)
        if task.first is None:
            task.first = (now, task.completed)
        finished = task.total is not None and task.completed >= task.total
        if now - task.printed_at >= self.interval or (finished and task.printed != task.completed):
            self._print(task, now)

    def advance(self, task_id: int, advance: float = 1) -> None:
        self.update(task_id, advance=advance)

    def _print(self, task: _Task, now: float) -> None:
        task.printed_at, task.printed = now, task.completed
        self.console.print(self._line(task, now), markup=False, highlight=False, soft_wrap=True)

    def _line(self, task: _Task, now: float) -> str:
        unit, total, done = task.fields.get("unit", self.unit), task.total, task.completed
        parts = [f"{task.description}: {done:,.0f}" + (f"/{total:,.0f} {unit} ({done / total:.0%})" if total else f" {unit}")]
        since, before = task.first or (now, done)
        rate = (done - before) / (now - since) if now > since and done > before else None
        if rate:
            parts.append(f"{rate:,.0f} {unit}/s" if rate >= 10 else f"{rate:.2g} {unit}/s")
        if total is not None and done >= total:
            parts.append(f"done in {_duration(now - task.started)}")
        elif rate and total:
            parts.append(f"{_duration((total - done) / rate)} left")
        if task.fields.get("note"):
            parts.append(str(task.fields["note"]))
        return ", ".join(parts)


def _duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``1h02m``."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
