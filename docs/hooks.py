"""MkDocs hooks (registered in mkdocs.yml): pages generated at build time, so they cannot drift.

- ``reference/cli.md``: the CLI reference, walked from :func:`wino_toolkit.cli.build_parser` (every command,
  its usage, description, arguments and examples), as the contract tests walk it (tests/conftest.py).
- ``benchmarks.md``: BENCHMARKS.md as it stands in the repository, so the pages link figures instead of
  repeating them.
- ``reference/axioms.md``: every axiom of the shipped library, per module, with its formula, its English and
  the schemas whose knowledge core uses it (:func:`wino_toolkit.logic.reuse.measure`, which verifies the shipped
  formalizations: about half a minute), so that a reader can review the library as it is.

None of these files is written into ``docs/``: they exist only in the build.
"""
from __future__ import annotations

import argparse
import html
import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from mkdocs.structure.files import File

if TYPE_CHECKING:
    from wino_toolkit.logic.reuse import Reuse

ROOT = Path(__file__).resolve().parent.parent
CLI_PAGE = "reference/cli.md"
BENCHMARKS_PAGE = "benchmarks.md"
AXIOMS_PAGE = "reference/axioms.md"


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


def axioms_markdown(reuse: Reuse | None = None) -> str:
    """The axiom library page from a :class:`~wino_toolkit.logic.reuse.Reuse` (measured on the shipped files when
    ``None``); without the ``logic`` extra, a page saying how to build it."""
    missing = [m for m in ("z3", "lark") if importlib.util.find_spec(m) is None]
    out = ["# The axiom library", ""]
    if reuse is None and missing:
        note = (f"This build had no {' or '.join(missing)}: the page is generated from the shipped library when the site "
                "is built with the `logic` extra (`pip install '.[docs,logic]'`).")
        return "\n".join([*out, note, ""])
    if reuse is None:
        from wino_toolkit.logic.reuse import measure

        reuse = measure()
    s = reuse.summary()
    serving, cores = s["modules_serving"], s["axioms_in_cores_of"]
    out += [
        "Generated from `corpora/logic/axioms/` when the site is built, so it is the library as it stands: per module,",
        "each axiom's name, formula and English (the `variable` rendering of `wino logic render`), and the WSC285 schemas",
        "whose knowledge core uses it (the minimal knowledge the sufficiency check needs, measured by verifying every",
        "shipped formalization). A schema is both its versions: `wsc285-7` is items `wsc285-14` and `wsc285-15`. An axiom",
        "in no core is imported but never needed; `wino logic stats` gives the same figures (`--axioms`, `--json`).",
        "",
        (f"{s['modules']} modules serve 0 / 1 / 2 / 3+ schemas: {' / '.join(str(serving[b]) for b in ('0', '1', '2', '3+'))}. "
         f"{s['axioms']} axioms are in the core of 0 / 1 / 2+ schemas: {' / '.join(str(cores[b]) for b in ('0', '1', '2+'))} "
         f"({s['axioms_2_or_more_share']:.0%} in two or more); {s['type_lifts']} are type lifts "
         "(∀x. A(x) → B(x) or ¬B(x): a kind placed under or apart from another)."),
        "",
        "| module | axioms | in a core | schemas served |",
        "|---|---:|---:|---:|",
    ]
    used = {(a.module, a.name) for a in reuse.axioms if a.schemas}
    out += [f"| [`{m.name}`](#{_module_anchor(m.name)}) | {len(m.axioms)} | {sum((m.name, a) in used for a in m.axioms)} "
            f"| {len(m.schemas)} |" for m in reuse.modules]
    out.append("")
    for m in reuse.modules:
        out += [f"## {m.name} {{ #{_module_anchor(m.name)} }}", "",
                f"Imported by {len(m.imported_by)} schema(s); its axioms serve {len(m.schemas)}.", ""]
        axioms = [a for a in reuse.axioms if a.module == m.name]
        if not axioms:
            out += ["No axiom of its own (it declares vocabulary or gathers other modules).", ""]
            continue
        out += ["| axiom | formula | in English | schemas whose core uses it |", "|---|---|---|---|"]
        out += [f"| `{a.name}`{' (type lift)' if a.lift else ''} | `{_cell(a.formula)}` | {_cell(html.escape(a.sentence))} "
                f"| {', '.join(a.schemas) or 'none'} |" for a in axioms]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _module_anchor(name: str) -> str:
    return "module-" + name.replace("/", "-").replace("_", "-")


def on_files(files, config):
    """Add the generated pages to the build (in memory, never into docs/)."""
    for uri, content in ((CLI_PAGE, cli_markdown()),
                         (BENCHMARKS_PAGE, (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")),
                         (AXIOMS_PAGE, axioms_markdown())):
        old = files.get_file_from_path(uri)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, uri, content=content))
    return files
