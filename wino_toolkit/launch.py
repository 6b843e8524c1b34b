"""Data parallel runs: the processes ``torchrun`` or ``accelerate launch`` starts share the work. Scoring splits the
requests, and every process ends with all the scores, so each computes the same result; fine-tuning trains one
model with DDP (the Trainer). Only the main process writes and prints.

The launchers say how many processes there are in the environment (``WORLD_SIZE``, ``RANK``, ``LOCAL_RANK``);
accelerate's :class:`~accelerate.PartialState` reads it and sets up ``torch.distributed`` (gloo on CPUs, NCCL on
GPUs), and gives each process its own device. Requests are dealt out round-robin in order of length, so the
processes get equal work, and the scores come back by ``all_gather_object``: a request's score does not depend on
which process computed it (each row of a batch sees only its own tokens), so the table and the predictions are
those of one process.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, Callable, Sequence, TypeVar

from wino_toolkit.extras import require

__all__ = ["launched", "state", "is_main", "device", "split", "gather", "shared", "barrier", "rank"]

T = TypeVar("T")


def launched() -> bool:
    """Whether a launcher started this process as one of several."""
    return int(os.environ.get("WORLD_SIZE", "1")) > 1


@lru_cache(maxsize=1)
def state() -> Any:
    """accelerate's process state (sets up ``torch.distributed`` once, on the first call); without a GPU it must
    be told to use the CPUs, or it takes a multi-process launch for one process."""
    torch = require("torch", "neural", "Data parallel runs")
    return require("accelerate", "neural", "Data parallel runs").PartialState(cpu=not torch.cuda.is_available())


def is_main() -> bool:
    """Whether this process writes the outputs: always, unless launched as one of several and not the first.

    Read from the launcher's ``RANK`` (what accelerate's process index is) without setting up
    ``torch.distributed``: a command that runs in one process (``wino pmi index``) lets the others exit, and
    the main one must not then wait for them to join a process group."""
    if not launched():
        return True
    rank = os.environ.get("RANK", "").strip()
    return int(rank) == 0 if rank.isdigit() else state().is_main_process


def device(requested: str) -> str:
    """The device this process scores on: its own GPU under a launcher (``auto``), else ``requested``. A CPU is
    named ``cpu`` whatever index the launcher gave it (``cpu:0``), as one process names it."""
    if launched() and requested == "auto":
        chosen = state().device
        return "cpu" if chosen.type == "cpu" else str(chosen)
    return requested


def split(indices: Sequence[int], lengths: Callable[[int], int]) -> list[int]:
    """This process's share of ``indices``: every world-size-th one in order of length (longest first)."""
    if not launched():
        return list(indices)
    me, processes = rank()
    return sorted(indices, key=lambda i: -lengths(i))[me::processes]


def gather(found: dict[int, T]) -> dict[int, T]:
    """Every process's results, merged, on every process."""
    if not launched():
        return found
    torch = require("torch", "neural", "Data parallel runs")
    state()  # the process group
    parts: list[Any] = [None] * torch.distributed.get_world_size()
    torch.distributed.all_gather_object(parts, found)
    merged: dict[int, T] = {}
    for part in parts:
        merged.update(part)
    return merged


def shared(n: int, lengths: Callable[[int], int], compute: Callable[[list[int]], list[T]]) -> list[T]:
    """``compute(indices)`` over ``range(n)``, each process taking its :func:`split` share; every process gets
    all ``n`` results, in order."""
    mine = split(range(n), lengths)
    found = gather(dict(zip(mine, compute(mine) if mine else [])))  # every process gathers, with work or not
    return [found[i] for i in range(n)]


def rank() -> tuple[int, int]:
    """``(this process's index, number of processes)``: ``(0, 1)`` unless launched as one of several."""
    if not launched():
        return 0, 1
    s = state()
    return s.process_index, s.num_processes


def barrier() -> None:
    """Wait until every process gets here (nothing to wait for alone)."""
    if launched():
        state().wait_for_everyone()
