"""Running the batches: in this process, in a pool of worker processes, or on a Dask cluster.

Every runner takes the batches in input order, skips those the manifest already records (resume),
and records each finished one (``manifest.jsonl``), so an interrupted build loses at most the
batches in flight. After an error the batches still running are collected before the error is
raised; Ctrl-C and SIGTERM stop at once.

Ctrl-C reaches every process of the terminal's process group. Worker processes (and the forkserver
they are forked from) start with SIGINT blocked, so only this process sees it: it stops the pool
and raises ``KeyboardInterrupt`` once, with no traceback from a worker and none lost while the
workers start. On Ctrl-C or SIGTERM (to this process or to the whole group) the workers are killed
without ``Pool.terminate()``, which can wait forever for a queue lock that a killed worker held.
"""
from __future__ import annotations

import json
import os
import pickle
import signal
import warnings
from collections import deque
from contextlib import ExitStack, contextmanager
from pathlib import Path

from wino_toolkit.errors import MissingDependencyError, WinoError

from . import batch as _batch  # index_batch looked up at call time (tests replace it)
from .batch import Spec, Tally
from .partials import write_partial
from .segment import SegmenterWarning, segmenter_from_spec

__all__ = ["run_inline", "run_pool", "run_dask"]


def _record(partial: Path, done: dict[int, dict], k: int, stats: dict, nbytes: int, tally: Tally) -> None:
    entry = {"batch": k, **stats, "bytes": nbytes}
    with open(partial / "manifest.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    done[k] = entry
    tally.add(entry["docs"], entry["tokens"], nbytes)


def _skip(k: int, texts: list[str], nbytes: int, done: dict[int, dict], tally: Tally) -> bool:
    entry = done.get(k)
    if entry is None:
        return False
    if entry["docs"] != len(texts):
        raise WinoError(f"batch {k} had {entry['docs']} documents when it was indexed, now {len(texts)}; "
                        "rebuild with resume=False")
    tally.add(entry["docs"], entry["tokens"], nbytes, resumed=True)
    return True


def run_inline(spec: Spec, batches, partial: Path, done: dict, tally: Tally) -> None:
    for k, first, texts, nbytes in batches:
        if not _skip(k, texts, nbytes, done, tally):
            stats = write_partial(partial, k, _batch.index_batch(spec, first, texts))
            _record(partial, done, k, stats, nbytes, tally)


def _warm(spec: Spec) -> None:
    """Worker start: SIGINT stays with the main process (spawn start method: it was not blocked), the
    main process already warned about the segmenter, and the dictionaries load while it reads ahead."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warnings.simplefilter("ignore", SegmenterWarning)
    segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator).encode(["预热 warm"])


def _pool_task(spec: Spec, partial: Path, k: int, first: int, texts_file: Path) -> dict:
    with open(texts_file, "rb") as fh:
        texts = pickle.load(fh)
    os.unlink(texts_file)
    return write_partial(partial, k, _batch.index_batch(spec, first, texts))


def _texts_file(partial: Path, k: int, texts: list[str]) -> Path:
    """A batch's texts go to the worker through a file, its task through the pool's pipe stays a few
    hundred bytes: multiprocessing's Pool.terminate() can hang forever when its task thread is blocked
    writing a megabyte-sized task to workers that it has just killed (seen on Ctrl-C)."""
    path = partial / f".texts-{k:08d}.tmp"
    with open(path, "wb") as fh:
        pickle.dump(texts, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return path


@contextmanager
def _sigint_deferred():
    """Ctrl-C waits until the block ends (then raises as usual), and the processes started meanwhile
    inherit a mask with SIGINT blocked (fork and exec keep it), so they never see Ctrl-C. Both are
    needed: other threads (numpy's BLAS pool) do not block the signal, and Python raises it in the
    main thread whichever thread received it."""
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    except ValueError:  # not the main thread: Ctrl-C is not ours to handle
        previous = None
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hasattr(signal, "pthread_sigmask") else None
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a blocked Ctrl-C is delivered now, to the deferral
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
    elif caught and previous == signal.SIG_DFL:
        raise KeyboardInterrupt


def run_pool(processes: int, spec: Spec, batches, partial: Path, done: dict, tally: Tally) -> None:
    import multiprocessing as mp

    # forkserver: workers start from a clean process, not a fork of a caller that may run threads;
    # the server imports the heavy third-party modules once and every worker inherits them. Not this
    # package: before Python 3.12 the server imports with the caller's working directory first on
    # sys.path, so from a source checkout it would import the checkout instead of the installed package
    method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    if hasattr(signal, "pthread_sigmask"):
        from multiprocessing import resource_tracker

        # started first: starting it unblocks SIGINT, which would undo the block below
        resource_tracker.ensure_running()
    if method == "forkserver":
        ctx.set_forkserver_preload(["numpy", "jieba", "opencc"] if spec.language == "zh" else ["numpy"])
    with ExitStack() as stack:
        # the server (so every worker it forks) starts with SIGINT blocked; a Ctrl-C meanwhile is raised
        # once the pool is complete and entered, so that leaving the block terminates it
        with _sigint_deferred():
            if method == "forkserver":
                from multiprocessing import forkserver

                forkserver.ensure_running()
            pool = stack.enter_context(ctx.Pool(processes, initializer=_warm, initargs=(spec,)))
            stack.push(_stop_on_interrupt(pool))
        pending: deque = deque()
        try:
            for k, first, texts, nbytes in batches:
                if _skip(k, texts, nbytes, done, tally):
                    continue
                task = (spec, partial, k, first, _texts_file(partial, k, texts))
                pending.append((k, nbytes, pool.apply_async(_pool_task, task)))
                while len(pending) >= 2 * processes:
                    k_done, n_done, result = pending.popleft()
                    _record(partial, done, k_done, result.get(), n_done, tally)
            while pending:
                k_done, n_done, result = pending.popleft()
                _record(partial, done, k_done, result.get(), n_done, tally)
        except Exception:  # Ctrl-C and SIGTERM skip this: the pool is terminated at once
            _drain(pending, lambda k, n, r: _record(partial, done, k, r.get(), n, tally))
            raise


def _stop_on_interrupt(pool):
    """On Ctrl-C or SIGTERM, kill the workers and skip ``Pool.terminate()``: it takes the task queue's
    lock first, and waits forever when a worker killed meanwhile (a SIGTERM to the process group) or
    one stopped in the middle of a read holds it. An error (Exception) takes the ordinary way out."""

    def on_exit(exc_type, exc, tb) -> bool:
        if exc_type is not None and not issubclass(exc_type, Exception):
            from multiprocessing.pool import TERMINATE

            handler = getattr(pool, "_worker_handler", None)
            if handler is not None:  # no replacement for the workers killed below
                handler._state = TERMINATE
                pool._change_notifier.put(None)
                handler.join(5)
            workers = list(getattr(pool, "_pool", ()))
            for worker in workers:
                worker.kill()
            for worker in workers:
                worker.join(5)
            finalizer = getattr(pool, "_terminate", None)
            if finalizer is not None and workers:
                finalizer.cancel()  # Pool.__exit__ and the interpreter's exit then do nothing more
        return False

    return on_exit


def _drain(pending: deque, finish) -> None:
    """After a failure, keep the batches that still finish, so a rerun does not redo them."""
    while pending:
        k, nbytes, task = pending.popleft()
        try:
            finish(k, nbytes, task)
        except Exception:  # the first error is the one reported
            continue


def run_dask(scheduler, spec: Spec, batches, partial: Path, done: dict, tally: Tally) -> None:
    try:
        from distributed import Client, wait
    except ImportError as exc:
        raise MissingDependencyError("a Dask scheduler needs dask.distributed: "
                                     "pip install 'wino-toolkit[distributed]'") from exc
    own = not hasattr(scheduler, "submit")
    client = Client(scheduler) if own else scheduler
    try:
        slots = 2 * max(1, sum(client.nthreads().values()))
        pending: dict = {}

        def finish(future) -> None:
            k, nbytes = pending.pop(future)
            _record(partial, done, k, write_partial(partial, k, future.result()), nbytes, tally)

        try:
            for k, first, texts, nbytes in batches:
                if _skip(k, texts, nbytes, done, tally):
                    continue
                pending[client.submit(_batch.index_batch, spec, first, texts, pure=False)] = (k, nbytes)
                if len(pending) >= slots:
                    for future in wait(list(pending), return_when="FIRST_COMPLETED").done:
                        finish(future)
            for future in list(pending):
                finish(future)
        except Exception:
            for future in list(pending):
                try:
                    finish(future)
                except Exception:
                    pending.pop(future, None)
            raise
    finally:
        if own:
            client.close()
