"""MkDocs hooks (registered in mkdocs.yml): pages generated at build time, so they cannot drift.

- ``reference/cli.md``: the CLI reference, walked from :func:`wino_toolkit.cli.build_parser` (every command,
  its usage, description, arguments and examples), as the contract tests walk it (tests/conftest.py).
- ``benchmarks.md``: BENCHMARKS.md as it stands in the repository, so the pages link figures instead of
  repeating them.

Neither file is written into ``docs/``: they exist only in the build.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Iterator

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
CLI_PAGE = "reference/cli.md"
BENCHMARKS_PAGE = "benchmarks.md"


def commands(parser: argparse.ArgumentParser | None = None) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """``(command words, one-line help, parser)`` for ``wino`` and every subcommand, depth first."""
    from wino_toolkit.cli import build_parser

    def walk(p: argparse.ArgumentParser, words: str, summary: str):
        yield words, summary, p
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps = {a.dest: a.help or "" for a in action._choices_actions}
                for name, sub in action.choices.items():
                    yield from walk(sub, f"{words} {name}", helps.get(name, ""))

    parser = parser or build_parser()
    yield from walk(parser, parser.prog, parser.description or "")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _flags(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{s}`" for s in action.option_strings)
        if action.nargs != 0:
            metavar = action.metavar or (action.dest.upper() if not action.choices else None)
            if isinstance(metavar, tuple):
                metavar = " ".join(metavar)
            if metavar:
                names += f" `{metavar}`"
        return names
    metavar = action.metavar or action.dest
    if isinstance(metavar, tuple):
        metavar = " ".join(metavar)
    return f"`{metavar}`"


def _arguments(p: argparse.ArgumentParser) -> list[str]:
    formatter = p._get_formatter()
    rows = []
    for action in p._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, (argparse._SubParsersAction, argparse._HelpAction)):
            continue
        help_text = formatter._expand_help(action) if action.help else ""
        if action.choices and not isinstance(action, argparse._SubParsersAction):
            help_text += " Choices: " + ", ".join(f"`{c}`" for c in action.choices) + "."
        rows.append(f"| {_flags(action)} | {_cell(help_text)} |")
    if not rows:
        return []
    return ["| argument | what it does |", "|---|---|", *rows, ""]


def _anchor(words: str) -> str:
    return words.replace(" ", "-")


def cli_markdown() -> str:
    """The CLI reference page, from the parsers."""
    found = list(commands())
    out = [
        "# CLI reference",
        "",
        "Generated from `wino_toolkit.cli.build_parser()` when the site is built, so it is always the installed",
        "`wino`'s own help. Every command exits 0 on success, 1 when a check failed or the data is bad, 2 on a",
        "usage error (and `wino logic verify` 3 when Z3 left a check `unknown`); every error is one line on stderr.",
        "",
        "| command | what it does |",
        "|---|---|",
    ]
    out += [f"| [`{words}`](#{_anchor(words)}) | {_cell(summary)} |" for words, summary, _ in found[1:]]
    out.append("")
    for words, summary, p in found:
        out += [f"## {words} {{ #{_anchor(words)} }}", ""]
        if summary:
            out += [_cell(summary), ""]
        if p.description and p.description != summary:
            out += [p.description.strip(), ""]
        out += ["```text", p.format_usage().strip(), "```", ""]
        out += _arguments(p)
        if p.epilog:
            out += ["```text", p.epilog.strip("\n"), "```", ""]
    return "\n".join(out).rstrip() + "\n"


def on_files(files, config):
    """Add the generated pages to the build (in memory, never into docs/)."""
    for uri, content in ((CLI_PAGE, cli_markdown()),
                         (BENCHMARKS_PAGE, (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8"))):
        old = files.get_file_from_path(uri)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, uri, content=content))
    return files
