"""One writer per run or work directory: ``with directory_lock(path, what="wino train"):``.

Two commands writing one directory at once (``wino train -o run/`` started twice, ``wino eval
transfer`` rerun while the first one still trains) would interleave checkpoints, embedding chunks or
partial indexes and leave a result neither run made. The first holds ``DIR/.wino.lock`` (created
atomically, holding its pid, host, command and start time); the second is refused in one line naming
the owner. A lock whose owner is dead (same host, no such pid: a ``kill -9``, a lost machine) is taken
over, with a :class:`~wino_toolkit.errors.WinoWarning` saying so. The lock goes when the block ends,
also on an error, Ctrl-C or SIGTERM (``wino`` turns SIGTERM into ``KeyboardInterrupt``).

Nested entry points share the lock: ``wino eval transfer`` holds its directory while each run under it
holds its own, and a command may hold the directory a library function it calls locks again.
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import json
import os
import socket
import sys
import time
import uuid
import warnings
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from .errors import OutputError, WinoError, WinoWarning
from .io import check_output_dir

__all__ = ["LOCK_FILE", "directory_lock", "locks_directory", "command_label"]

LOCK_FILE = ".wino.lock"
FRESH_SECONDS = 10  # an unreadable lock younger than this is being written by its owner right now
_HELD: set[str] = set()  # the directories this process holds, by real path
_LABEL: contextvars.ContextVar[str | None] = contextvars.ContextVar("wino_lock_label", default=None)
F = TypeVar("F", bound=Callable[..., Any])


@contextlib.contextmanager
def command_label(label: str) -> Iterator[None]:
    """Within it, locks name their holder ``label`` (``wino eval transfer``) rather than the library function."""
    token = _LABEL.set(label)
    try:
        yield
    finally:
        _LABEL.reset(token)


def locks_directory(parameter: str, *, what: str) -> Callable[[F], F]:
    """Make a function hold the directory its argument ``parameter`` names (when not ``None``) while it runs."""

    def decorate(function: F) -> F:
        signature = inspect.signature(function)

        @functools.wraps(function)
        def locked(*args: Any, **kwargs: Any) -> Any:
            path = signature.bind(*args, **kwargs).arguments.get(parameter)
            if path is None or not _writes():
                return function(*args, **kwargs)
            with directory_lock(path, what=what):
                return function(*args, **kwargs)

        return locked  # type: ignore[return-value]

    return decorate


def _writes() -> bool:
    """Whether this process holds the directories it writes: under torchrun or accelerate launch the main process
    holds them for all (the others write nothing there)."""
    from .launch import is_main, launched

    return not launched() or is_main()


@contextlib.contextmanager
def directory_lock(path: str | os.PathLike, *, what: str) -> Iterator[Path]:
    """Hold ``path`` (made if missing) for this process while the block runs; ``what`` names the holder
    unless a :func:`command_label` does.

    Raises
    ------
    WinoError
        The directory is held by a running process (named with its pid and start time).
    OutputError
        ``path`` is a file, or cannot be made or written in.
    """
    directory = Path(path)
    key = os.path.realpath(directory)
    if key in _HELD:  # an outer block of this process holds it
        yield directory
        return
    check_output_dir(directory)
    made = _make(directory)
    lock = directory / LOCK_FILE
    try:
        token = _acquire(directory, lock, _LABEL.get() or what)
    except BaseException:
        _remove_empty(made)
        raise
    _HELD.add(key)
    try:
        yield directory
    finally:
        _HELD.discard(key)
        _release(lock, token)
        _remove_empty(made)


def _make(directory: Path) -> list[Path]:
    """Make ``directory`` and its missing parents; return those made, deepest first."""
    missing = []
    for folder in (directory, *directory.parents):
        if folder.exists():
            break
        missing.append(folder)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(directory, f"cannot make the directory: {exc.strerror or exc}") from None
    return missing


def _remove_empty(made: list[Path]) -> None:
    """A run that failed before writing anything leaves no empty directory behind."""
    for folder in made:
        try:
            folder.rmdir()
        except OSError:  # not empty: the run wrote there
            return


def _acquire(directory: Path, lock: Path, what: str) -> str:
    """Create the lock file, taking over a dead owner's; return this holder's token."""
    token = uuid.uuid4().hex
    record = {"pid": os.getpid(), "host": socket.gethostname(), "what": what, "command": " ".join(sys.argv),
              "started": time.strftime("%Y-%m-%d %H:%M:%S"), "token": token}
    for _ in range(3):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            owner = _owner(lock)
            if owner is None:  # released meanwhile: try again
                continue
            if _alive(owner):
                raise WinoError(_in_use(directory, lock, owner)) from None
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()
            warnings.warn(f"{directory}: took over the lock of {_describe(owner)}, which is no longer running",
                          WinoWarning, stacklevel=4)
            continue
        except OSError as exc:
            raise OutputError(lock, f"cannot create the lock file: {exc.strerror or exc}") from None
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
        return token
    raise WinoError(f"{directory}: cannot take {lock.name}: other commands keep taking it; run one at a time")


def _owner(lock: Path) -> dict[str, Any] | None:
    """The lock's record; for one that cannot be read (being written now, or a crash while writing it) only
    whether it is ``fresh``; ``None`` if it is gone."""
    try:
        text = lock.read_text(encoding="utf-8")
        age = time.time() - lock.stat().st_mtime
    except FileNotFoundError:
        return None
    try:
        record = json.loads(text)
    except ValueError:
        record = None
    if not isinstance(record, dict) or not isinstance(record.get("pid"), int):
        return {"fresh": age < FRESH_SECONDS}
    return record


def _alive(owner: dict[str, Any]) -> bool:
    """Whether the owner may still run: a process of this host with its pid, or any other host's."""
    if "pid" not in owner:
        return owner["fresh"]
    if owner.get("host") != socket.gethostname():
        return True  # no way to tell from here
    if owner["pid"] <= 0:
        return False
    try:
        os.kill(owner["pid"], 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _describe(owner: dict[str, Any]) -> str:
    if "pid" not in owner:
        return "an unknown command"
    host = f" on {owner.get('host')}" if owner.get("host") != socket.gethostname() else ""
    return f"{owner.get('what', 'a wino command')} (pid {owner['pid']}{host}, started {owner.get('started', '?')})"


def _in_use(directory: Path, lock: Path, owner: dict[str, Any]) -> str:
    hint = "wait for it or use another directory"
    if "pid" in owner and owner.get("host") != socket.gethostname():
        hint += f" (if it is gone, remove {lock})"
    return f"{directory} is in use by {_describe(owner)}; {hint}"


def _release(lock: Path, token: str) -> None:
    """Remove the lock file if it is still this holder's."""
    with contextlib.suppress(OSError):
        owner = _owner(lock)
        if owner is not None and owner.get("token") == token:
            lock.unlink()
