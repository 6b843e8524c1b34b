"""The files an experiment leaves beside its runs: ``STEM.json`` (the record) and ``STEM.md`` (its table), written
the same way by a grid, a learning curve and a transfer matrix, each atomically (never half a file)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wino_toolkit.io import atomic_output, text_writer

__all__ = ["write_outputs"]


def write_outputs(directory: str | Path, stem: str, record: dict[str, Any], markdown: str) -> list[Path]:
    """``directory/stem.json`` (``record``) and ``directory/stem.md`` (``markdown``): the paths written."""
    out = Path(directory)
    files = [out / f"{stem}.json", out / f"{stem}.md"]
    for path, text in zip(files, (json.dumps(record, ensure_ascii=False, indent=1) + "\n", markdown)):
        with atomic_output(path) as fh, text_writer(fh) as w:
            w.write(text)
    return files
