"""Print a command of the README's Quickstart, verbatim: `python3 .ci/readme_commands.py N` (0: the main job, 1: the tests).

CI runs what this prints, so what the README tells a new user is what CI proves.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def quickstart_commands(text: str) -> list[str]:
    """The ```bash blocks of the README's "## Quickstart" section, in order."""
    section = text.split("\n## Quickstart\n", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)]


if __name__ == "__main__":
    print(quickstart_commands(README.read_text(encoding="utf-8"))[int(sys.argv[1])])
