"""The documentation site builds strictly (``mkdocs build --strict``) and its generated references are complete.

The build runs on a temporary copy of ``docs/`` (the tutorials get a placeholder page where one is missing, so
this test does not depend on them being written; their own test checks their commands). Skipped when MkDocs is
not installed, except in CI (the ``CI`` environment variable), where a missing ``[docs]`` extra is a failure.
"""
from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["index.md", "getting-started.md", "corpora-and-formats.md", "derived-forms.md", "pmi.md", "logic.md",
         "aflite.md", "zero-shot-evaluation.md", "fine-tuning-and-transfer.md", "audit.md", "python-api.md",
         "reference/api.md", "reference/cli.md", "benchmarks.md"]
TUTORIALS = ["pmi-across-languages.md", "debias-with-aflite.md", "evaluate-an-lm.md", "transfer-matrix.md",
             "formalize-a-schema.md"]

BUILD = """
import logging, sys
logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
from mkdocs.config import load_config
from mkdocs.commands.build import build
from mkdocs.exceptions import Abort
try:
    build(load_config(sys.argv[1], docs_dir=sys.argv[2], site_dir=sys.argv[3], strict=True))
except Abort as e:
    sys.exit(f"mkdocs: {e}")
"""


def _need_mkdocs() -> None:
    missing = [m for m in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")
               if importlib.util.find_spec(m.split(".")[0]) is None
               or (m == "mkdocstrings_handlers.python" and importlib.util.find_spec(m) is None)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the docs extra ({', '.join(missing)} missing): pip install '.[docs]'")
        pytest.skip(f"{', '.join(missing)} not installed: pip install '.[docs]'")


def _hooks():
    spec = importlib.util.spec_from_file_location("wino_docs_hooks", ROOT / "docs" / "hooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built strictly from a copy of docs/ (placeholder tutorials where the real ones are missing)."""
    _need_mkdocs()
    tmp = tmp_path_factory.mktemp("docs-build")
    docs = tmp / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("__pycache__"))
    for name in TUTORIALS:
        page = docs / "tutorials" / name
        if not page.exists():
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(f"# {name[:-3]}\n\nPlaceholder for the build test.\n", encoding="utf-8")
    out = tmp / "site"
    # run outside the checkout: there `import wino_toolkit` would find the source folder, not the installed package
    # (converters/ and baselines/ install as its subpackages)
    done = subprocess.run([sys.executable, "-c", BUILD, str(ROOT / "mkdocs.yml"), str(docs), str(out)],
                          cwd=tmp, capture_output=True, text=True, timeout=600)
    warnings = [line for line in done.stderr.splitlines() if line.startswith(("WARNING", "ERROR", "mkdocs:"))]
    assert done.returncode == 0, "mkdocs build --strict failed:\n" + "\n".join(warnings or [done.stderr[-3000:]])
    assert not warnings, "\n".join(warnings)
    return out


def _page(site: Path, name: str) -> str:
    path = site / ("index.html" if name == "index.md" else name[:-3] + "/index.html")
    assert path.is_file(), f"{name} was not built"
    return path.read_text(encoding="utf-8")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


@pytest.mark.parametrize("name", PAGES + [f"tutorials/{t}" for t in TUTORIALS])
def test_site_has_page(site, name):
    assert "<h1" in _page(site, name)


def test_generated_pages_are_not_in_the_repository():
    """The CLI reference and the benchmarks page exist only in the build, so they cannot go stale."""
    assert not (ROOT / "docs" / "reference" / "cli.md").exists()
    assert not (ROOT / "docs" / "benchmarks.md").exists()


def test_cli_reference_lists_every_command_and_option(site):
    """One section per command the parser has (as the contract tests walk it), holding each of its options."""
    import argparse

    from conftest import cli_actions

    page = _page(site, "reference/cli.md")
    sections = {m.group(1): _text(m.group(2))
                for m in re.finditer(r'<h2 id="([^"]+)".*?</h2>(.*?)(?=<h2 id=|</article>)', page, re.S)}
    expected = {"wino"}
    for words, parser, action in cli_actions():
        expected.add(f"wino {words}".strip())
        if action.option_strings and not isinstance(action, argparse._HelpAction):
            section = sections.get(f"wino {words}".strip().replace(" ", "-"))
            assert section is not None, f"wino {words} has no section in the CLI reference"
            assert any(o in section for o in action.option_strings), \
                f"wino {words} {'/'.join(action.option_strings)} missing from the CLI reference"
    assert len(expected) > 20
    assert {e.replace(" ", "-") for e in expected} == set(sections), "the CLI reference's commands differ from the parser's"
    # the summary table links every command, and a section shows its usage line and examples
    assert all(f'href="#{e.replace(" ", "-")}"' in page for e in expected - {"wino"})
    assert "usage: wino audit" in sections["wino-audit"]
    assert "Audit corpora" in sections["wino-audit"]


def test_api_reference_shows_docstrings(site):
    from wino_toolkit.audit import audit
    from wino_toolkit.api import read

    text = " ".join(_text(_page(site, "reference/api.md")).split())
    for function in (audit, read):
        first_line = " ".join(function.__doc__.strip().splitlines()[0].replace("``", "").split())
        assert first_line in text, f"{function.__module__}.{function.__name__}'s docstring is not in the API page"
    for name in ("wino_toolkit.api.convert", "wino_toolkit.forms.derive", "wino_toolkit.eval.api.evaluate",
                 "wino_toolkit.train.fine_tune", "wino_toolkit.aflite.estimator.AFLite", "wino_toolkit.logic.verify"):
        assert f'id="{name}"' in _page(site, "reference/api.md"), f"{name} is not documented"


def test_quickstart_commands_match_the_readme():
    """The front page gives the README's two Quickstart commands word for word."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    commands = re.findall(r"```bash\n(pip install [^\n]+)\n```", readme)
    assert len(commands) >= 2
    for command in commands[:2]:
        assert f"```bash\n{command}\n```" in index, command


def test_capability_table_links_every_page():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for name in PAGES[2:11]:
        assert f"]({name})" in index, f"the front page's table does not link {name}"
