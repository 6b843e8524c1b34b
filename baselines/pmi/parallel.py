"""Running the batches: in this process, in a pool of worker processes, or on a Dask cluster.

Every runner takes the batches in input order, skips those the manifest already records (resume),
and records each finished one (``manifest.jsonl``), so an interrupted build loses at most the
batches in flight. After an error the batches still running are collected before the error is
raised; Ctrl-C stops at once.
"""
from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Callable

from wino_toolkit.errors import MissingDependencyError, WinoError

from . import index as _index  # index_batch looked up at call time (tests replace it)
from .index import Spec
from .partials import write_partial
from .segment import segmenter_from_spec

__all__ = ["run_inline", "run_pool", "run_dask"]

Progress = Callable[[int, int], None]


def _record(partial: Path, done: dict[int, dict], k: int, stats: dict, progress: Progress | None,
            total: list[int]) -> None:
    entry = {"batch": k, **stats}
    with open(partial / "manifest.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    done[k] = entry
    _tick(entry, progress, total)


def _tick(entry: dict, progress: Progress | None, total: list[int]) -> None:
    total[0] += entry["docs"]
    total[1] += entry["tokens"]
    if progress is not None:
        progress(total[0], total[1])


def _skip(k: int, texts: list[str], done: dict[int, dict], progress, total) -> bool:
    entry = done.get(k)
    if entry is None:
        return False
    if entry["docs"] != len(texts):
        raise WinoError(f"batch {k} had {entry['docs']} documents when it was indexed, now {len(texts)}; "
                        "rebuild with resume=False")
    _tick(entry, progress, total)
    return True


def run_inline(spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    total = [0, 0]
    for k, first, texts in batches:
        if not _skip(k, texts, done, progress, total):
            stats = write_partial(partial, k, _index.index_batch(spec, first, texts))
            _record(partial, done, k, stats, progress, total)


def _warm(spec: Spec) -> None:
    """Load the segmenter's dictionaries when a worker starts, while the main process reads ahead."""
    segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator).encode(["预热 warm"])


def _pool_task(spec: Spec, partial: Path, k: int, first: int, texts: list[str]) -> dict:
    return write_partial(partial, k, _index.index_batch(spec, first, texts))


def run_pool(processes: int, spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    import multiprocessing as mp

    # forkserver: workers start from a clean process, not a fork of a caller that may run threads;
    # the server imports the heavy third-party modules once and every worker inherits them. Not this
    # package: before Python 3.12 the server imports with the caller's working directory first on
    # sys.path, so from a source checkout it would import the checkout instead of the installed package
    method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["numpy", "jieba" if spec.language == "zh" else "spacy"])
    total = [0, 0]
    with ctx.Pool(processes, initializer=_warm, initargs=(spec,)) as pool:
        pending: deque = deque()
        try:
            for k, first, texts in batches:
                if _skip(k, texts, done, progress, total):
                    continue
                pending.append((k, pool.apply_async(_pool_task, (spec, partial, k, first, texts))))
                while len(pending) >= 2 * processes:
                    k_done, result = pending.popleft()
                    _record(partial, done, k_done, result.get(), progress, total)
            while pending:
                k_done, result = pending.popleft()
                _record(partial, done, k_done, result.get(), progress, total)
        except Exception:  # Ctrl-C skips this: the pool is terminated at once
            _drain(pending, lambda k, r: _record(partial, done, k, r.get(), progress, total))
            raise


def _drain(pending: deque, finish) -> None:
    """After a failure, keep the batches that still finish, so a rerun does not redo them."""
    while pending:
        k, task = pending.popleft()
        try:
            finish(k, task)
        except Exception:  # the first error is the one reported
            continue


def run_dask(scheduler, spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    try:
        from distributed import Client, wait
    except ImportError as exc:
        raise MissingDependencyError("a Dask scheduler needs dask.distributed: "
                                     "pip install 'wino-toolkit[distributed]'") from exc
    own = not hasattr(scheduler, "submit")
    client = Client(scheduler) if own else scheduler
    try:
        slots = 2 * max(1, sum(client.nthreads().values()))
        total = [0, 0]
        pending: dict = {}

        def finish(future) -> None:
            k = pending.pop(future)
            _record(partial, done, k, write_partial(partial, k, future.result()), progress, total)

        try:
            for k, first, texts in batches:
                if _skip(k, texts, done, progress, total):
                    continue
                pending[client.submit(_index.index_batch, spec, first, texts, pure=False)] = k
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
