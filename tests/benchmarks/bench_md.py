"""Recording benchmark figures: one section per benchmark in BENCHMARKS.md, replaced on every run."""
from __future__ import annotations

import os
import platform
import time
from pathlib import Path

MD = Path(__file__).resolve().parents[2] / "BENCHMARKS.md"
HEADER = "# Benchmarks\n\nFigures measured by the scripts in `tests/benchmarks/`; compare ratios measured in one run.\n"


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}; measured {time.strftime('%Y-%m-%d')}"


def write_section(title: str, body: str) -> None:
    """Put ``## title`` + ``body`` into BENCHMARKS.md, replacing that section if it is there."""
    section = f"## {title}\n\n{body.rstrip()}\n"
    text = MD.read_text() if MD.exists() else HEADER
    start = text.find(f"## {title}\n")
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start] + section + (text[end:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    MD.write_text(text)
