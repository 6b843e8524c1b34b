"""Checkpoints that can be trusted on resume: each is marked complete once the Trainer has written all of it,
with what made the run, and a resume must match that record (settings, model by content, data)."""
from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path
from typing import Any

from wino_toolkit import launch
from wino_toolkit.errors import WinoWarning
from wino_toolkit.extras import require
from wino_toolkit.io import atomic_output, text_writer

from .config import BOOKKEEPING, TrainConfig

__all__ = ["CHECKPOINT_MARK", "run_record", "record_differences", "checkpoint_marker", "resume_point"]

#: written into each checkpoint after the rest of it: what made the run, each file's size (:func:`checkpoint_marker`)
CHECKPOINT_MARK = "wino-checkpoint.json"


def run_record(model: str, identity: str, config: TrainConfig, data: str, counts: tuple[int, int]) -> dict[str, Any]:
    """What made a run, as its checkpoints record it: the model (name and identity), settings and data."""
    return {"model": model, "identity": identity, "config": dataclasses.asdict(config), "data": data,
            "items": list(counts)}


def record_differences(found: dict[str, Any], wanted: dict[str, Any]) -> list[str]:
    """``"learning_rate 2e-05, not 1e-05"``, one phrase per setting, the model or the data (its checksum) that
    differ between two :func:`run_record` s; :data:`BOOKKEEPING` is not compared."""
    old, new = found["config"], wanted["config"]
    differences = [f"{name} {old.get(name)!r}, not {new[name]!r}" for name in new
                   if name not in BOOKKEEPING and old.get(name) != new[name]]
    # a directory is named by its content (the path may be spelled otherwise); a hub name by itself
    if Path(wanted["model"]).is_dir() and wanted["identity"] != found["identity"]:
        differences.append(f"model {found['identity']}, not {wanted['identity']} ({wanted['model']})")
    elif not Path(wanted["model"]).is_dir() and wanted["model"] != found["model"]:
        differences.append(f"model {found['model']}, not {wanted['model']}")
    if wanted["data"] != found["data"]:
        train, dev = wanted["items"]
        differences.append(f"other data (checksum {found['data']}, not {wanted['data']}: {train} training and "
                           f"{dev} dev items now)")
    return differences


def checkpoint_marker(record: dict[str, Any]) -> Any:
    """A TrainerCallback that writes :data:`CHECKPOINT_MARK` into each checkpoint once the Trainer has saved all of
    it: what made the run (``record``) and the size of every file, so a checkpoint cut short (Ctrl-C while it was
    written) or damaged since is told from a complete one."""
    transformers = require("transformers", "neural", "Fine-tuning")

    class MarkComplete(transformers.TrainerCallback):
        def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            if not state.is_world_process_zero:  # the main process saves the checkpoint, and marks it
                return
            folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
            files = {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*"))
                     if p.is_file() and p.name != CHECKPOINT_MARK}
            with atomic_output(folder / CHECKPOINT_MARK) as fh, text_writer(fh) as w:
                w.write(json.dumps({"run": record, "files": files}, indent=1) + "\n")

    return MarkComplete()


def _complete(folder: Path) -> tuple[dict[str, Any] | None, str]:
    """The run record of a complete checkpoint, or None and why it is not one."""
    try:
        mark = json.loads((folder / CHECKPOINT_MARK).read_text(encoding="utf-8"))
        record, files = mark["run"], mark["files"]
    except FileNotFoundError:
        return None, "cut short while it was saved"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return None, f"its {CHECKPOINT_MARK} cannot be read: {exc}"
    for name, size in files.items():
        path = folder / name
        if not path.is_file():
            return None, f"{name} is missing"
        if path.stat().st_size != size:
            return None, f"{name} has {path.stat().st_size} bytes, not the {size} it was saved with"
    return record, ""


def resume_point(checkpoints: Path) -> tuple[Path, dict[str, Any]] | None:
    """The newest complete checkpoint and its run record; each newer incomplete one is skipped with a note."""
    steps = [p for p in checkpoints.glob("checkpoint-*") if p.is_dir() and p.name.split("-", 1)[1].isdigit()]
    for folder in sorted(steps, key=lambda p: int(p.name.split("-", 1)[1]), reverse=True):
        record, why = _complete(folder)
        if record is not None:
            return folder, record
        if launch.is_main():  # one note, not one per process of a launch
            warnings.warn(f"{folder}: not a complete checkpoint ({why}): skipped", WinoWarning, stacklevel=3)
    return None
