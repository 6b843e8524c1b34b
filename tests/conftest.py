"""Shared fixtures: where the real corpora are, and the format contract every converter must meet."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAMPLES = ROOT / "corpora" / "samples"
SHARED = Path(os.environ.get("WINO_SHARED_CORPORA", ROOT.parent / "shared" / "corpora"))

# The toolkit's cache (downloads, the PMI tokenizer rules) goes to a directory of this test run, never to
# the user's ~/.cache; subprocesses inherit it.
os.environ["WINO_CACHE"] = tempfile.mkdtemp(prefix="wino-test-cache-")
atexit.register(shutil.rmtree, os.environ["WINO_CACHE"], True)


@pytest.fixture
def shared():
    """Path to ../shared/corpora; tests that use it skip cleanly where it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared/corpora is not present")
    return SHARED


def shared_file(rel: str) -> Path:
    """A file under ../shared/corpora, or a skip when it is absent."""
    path = SHARED / rel
    if not path.exists():
        pytest.skip(f"{path} is not present")
    return path


def cli_actions(parser=None):
    """``(command words, parser, action)`` for every argument of ``wino`` and each of its subcommands, depth first:
    what the contract tests over every command (outputs, numbers, models, reader options) walk."""
    import argparse

    from wino_toolkit.cli import build_parser

    def walk(p, words):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, f"{words} {name}".strip())
            else:
                yield words, p, action

    return walk(parser or build_parser(), "")
