"""The README's Quickstart is what CI runs, and its first command's install is all `wino demo` needs.

A new user's first command once failed (the demo derived Russian forms, which need the `ru` extra the
command did not install) while CI, which ran only the test command, stayed green.
"""
from __future__ import annotations

import configparser
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

# pip name -> the module it installs, for every dependency of an extra
MODULES = {
    "scipy": "scipy", "z3-solver": "z3", "lark": "lark", "scikit-learn": "sklearn", "torch": "torch",
    "transformers": "transformers", "accelerate": "accelerate", "matplotlib": "matplotlib", "datasets": "datasets",
    "pandas": "pandas", "dask": "dask", "pymorphy3": "pymorphy3", "pymorphy3-dicts-ru": "pymorphy3_dicts_ru",
    "pytest": "pytest", "jsonschema": "jsonschema", "hypothesis": "hypothesis", "lm-eval": "lm_eval",
    "bitsandbytes": "bitsandbytes", "peft": "peft", "vllm": "vllm", "mkdocs": "mkdocs",
    "mkdocs-material": "material", "mkdocstrings": "mkdocstrings", "cvc5": "cvc5",
}


def _readme_commands() -> list[str]:
    spec = importlib.util.spec_from_file_location("readme_commands", ROOT / ".ci" / "readme_commands.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.quickstart_commands((ROOT / "README.md").read_text(encoding="utf-8"))


def _extras() -> dict[str, set[str]]:
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    return {
        name: {re.split(r"[<>=;\[ ]", line.strip(), maxsplit=1)[0] for line in value.splitlines()
               if line.strip() and not line.strip().startswith("#")}
        for name, value in cfg["options.extras_require"].items()
    }


def _installed_extras(command: str) -> set[str]:
    """The extras a `pip install ".[a,b]"` command names."""
    found = re.search(r"""pip install ["']?\.\[([\w,-]+)\]""", command)
    return set(found.group(1).split(",")) if found else set()


def _demo(blocked: set[str], tmp_path: Path) -> subprocess.CompletedProcess:
    """`wino demo` in a fresh interpreter where importing any of ``blocked`` fails, as if not installed."""
    code = (
        "import sys\n"
        f"BLOCKED = {sorted(blocked)!r}\n"
        "class NotInstalled:\n"  # a finder, not sys.modules[name] = None, which libraries probing sys.modules trip on
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in BLOCKED:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, NotInstalled())\n"
        "from wino_toolkit.cli import main\n"
        "sys.exit(main(['demo']))\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                          env={**os.environ, "TMPDIR": str(tmp_path)})  # the audit it writes without -o goes there


def test_ci_runs_both_readme_quickstart_commands_verbatim():
    commands = _readme_commands()
    assert len(commands) == 2, commands
    assert "wino demo" in commands[0] and commands[1].endswith("pytest")
    ci = (ROOT / ".ci" / "run").read_text()
    assert f"MAIN_JOB='{commands[0]}'" in ci and f"TESTS='{commands[1]}'" in ci  # written out, and equal to the README's
    first, second = ci.index("readme_commands.py 0"), ci.index("readme_commands.py 1")
    assert first < second
    # the main job runs in a virtual environment of its own, made before it and left before the tests' one
    steps = ["-m venv .venv-ci-demo", 'bash -euo pipefail -c "$MAIN_JOB"', "-m venv .venv-ci\n", 'bash -euo pipefail -c "$TESTS"']
    places = [ci.index(step) for step in steps]
    assert places == sorted(places), places


def test_demo_needs_no_extra_the_first_readme_command_does_not_install(tmp_path):
    """Every module of an extra the first command leaves out is made unimportable: the demo still runs all of it."""
    extras = _extras()
    named = _installed_extras(_readme_commands()[0])
    assert named, "the first README command installs no extra: then the demo must need none"
    installed = set().union(*(extras[name] for name in named))
    absent = {MODULES[pkg] for name, deps in extras.items() if name not in named for pkg in deps} - {
        MODULES[pkg] for pkg in installed}
    proc = _demo(absent, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "summary" in proc.stdout and "lossless: all" in proc.stdout
    assert "pip install" not in proc.stdout, "the demo skipped a part the README's command should have installed"
    assert "PMI baseline" in proc.stdout and "| ru " not in proc.stdout


def test_demo_without_an_extra_skips_that_part_in_one_line_naming_the_install(tmp_path):
    proc = _demo({"pymorphy3", "pymorphy3_dicts_ru", "scipy"}, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    ru = [line for line in lines if "pip install 'wino-toolkit[ru]'" in line]
    pmi = [line for line in lines if "pip install 'wino-toolkit[pmi]'" in line]
    assert len(ru) == 1 and "ru" in ru[0] and len(pmi) == 1 and "PMI" in pmi[0]
    assert "summary" in proc.stdout and "lossless: all" in proc.stdout
    assert "Traceback" not in proc.stderr
