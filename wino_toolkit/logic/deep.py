"""Deeply nested formulas: the recursive walks run where they have room, up to a documented depth.

Formulas are trees, and parsing, encoding, rendering and the frozen dataclasses' own equality all
walk them recursively, which keeps each walk short. Python's default limit (1,000 frames, a few per
level of nesting) is below what a legitimate formula needs (1,000 nested negations, a long chain of
conjuncts, a 300-deep ``do()`` chain), so each entry point (:func:`deep`) runs on a worker thread
with a large stack and a raised recursion limit, and the parser refuses a formula nested deeper
than :data:`MAX_DEPTH` levels in one line naming the file and line: nothing after the parser can
then run out of stack. Z3 itself reads and solves deep terms without recursing (tested to a
million levels through ``.smt2``), so SMT-LIB2 input has no such limit.
"""
from __future__ import annotations

import contextvars
import functools
import sys
import threading
from typing import Any, Callable, TypeVar

from wino_toolkit.errors import WinoError

__all__ = ["MAX_DEPTH", "deep"]

#: the deepest nesting of connectives, quantifiers and terms a ``.fol`` formula may have
MAX_DEPTH = 2000
_FRAMES = 20 * MAX_DEPTH  # a level costs up to 4 counted frames (str: __str__, _wrap and two C calls)
_STACK_BYTES = 128 * 2**20  # measured: 32 MiB carries 10,000 levels

T = TypeVar("T", bound=Callable[..., Any])
_local = threading.local()
_lock = threading.Lock()
_active = 0
_saved_limit = 0


def deep(fn: T) -> T:
    """``fn`` run on a thread with room for :data:`MAX_DEPTH` levels (directly when already on one);
    a :class:`RecursionError` (a formula built in Python past the limit) becomes a :class:`WinoError`."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        if getattr(_local, "inside", False):
            return fn(*args, **kwargs)
        return _on_big_stack(fn, args, kwargs)

    return run  # type: ignore[return-value]


def _on_big_stack(fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
    outcome: dict[str, Any] = {}
    context = contextvars.copy_context()

    def work() -> None:
        _local.inside = True
        try:
            outcome["value"] = context.run(fn, *args, **kwargs)
        except BaseException as exc:  # handed to the caller's thread, whatever it is
            outcome["error"] = exc

    global _active, _saved_limit
    with _lock:
        if _active == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, _FRAMES))
        _active += 1
    try:
        with _lock:  # the stack size is process-wide: set it only while starting this thread
            previous = threading.stack_size(_STACK_BYTES)
            try:
                worker = threading.Thread(target=work, name=f"wino-logic-{fn.__name__}", daemon=True)
                worker.start()
            finally:
                threading.stack_size(previous)
        worker.join()
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                sys.setrecursionlimit(_saved_limit)
    error = outcome.get("error")
    if isinstance(error, RecursionError):
        raise WinoError(f"formula nested too deeply to process (files may nest {MAX_DEPTH} levels)") from None
    if error is not None:
        raise error
    return outcome["value"]
