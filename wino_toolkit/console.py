"""Terminal helpers shared by the command-line modules (``wino`` and ``wino pmi``)."""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .errors import ParameterError

__all__ = ["stats_table", "nli_stats_table", "make_console", "key_values", "add_reader_option", "deprecated_options", "renamed_option", "deprecated_spelling", "item_progress", "add_verbose_option",
           "labelled_tasks", "counted_task", "skip_summary",
           "format_rows", "formats_table", "cards_table"]


def key_values(pairs: Sequence[str] | None, flag: str) -> dict[str, str]:
    """``["a=1", "b=x"]`` → ``{"a": "1", "b": "x"}``; a pair without ``=`` is an error naming ``flag``."""
    out = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ParameterError(f"{flag} takes KEY=VALUE, not {pair!r}")
        out[key] = value
    return out


def add_reader_option(parser: Any) -> None:
    """The one reader-option flag of every command that reads corpora (:mod:`wino_toolkit.reader_options`)."""
    parser.add_argument("-O", dest="read_option", action="append", metavar="[FILE:]KEY=VALUE",
                        help="reader option for every input whose format takes KEY, or for FILE only "
                             "(-O subset=wsc273, -O WSCollection.xml:subset=wsc273)")


def deprecated_options(pairs: Sequence[str] | None, flag: str, paths: Sequence[str]) -> dict[str, str]:
    """``key_values`` of an older per-role reader-option flag (``-A``, ``-T``) whose inputs are ``paths``, with a
    note on stderr naming the one spelling that replaces it, ``-O FILE:KEY=VALUE``."""
    if pairs:
        first = pairs[0] if ":" in pairs[0].partition("=")[0] else f"{os.path.basename(paths[0])}:{pairs[0]}"
        print(f"wino: note: {flag} is deprecated; reader options are -O [FILE:]KEY=VALUE for every input "
              f"(here: -O {first})", file=sys.stderr)
    return key_values(pairs, flag)


def renamed_option(parser: Any, *names: str, old: Sequence[str], **kwargs: Any) -> Any:
    """``parser.add_argument(*names, **kwargs)`` (a value option) that still takes its ``old`` spellings, so that
    one flag means one thing in every command without breaking scripts: ``-h`` shows only ``names``, and each use
    of an old spelling prints a one-line note naming the one that replaces it (``names[0]``)."""
    action = parser.add_argument(*names, *old, action=_OldSpellingNoted, **kwargs)
    action.option_strings = [s for s in action.option_strings if s not in old]  # the parser still knows them
    return action


class _OldSpellingNoted(argparse.Action):
    """Store the value; an option string the action no longer lists is an old spelling (:func:`renamed_option`)."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        if option_string is not None and option_string not in self.option_strings:
            print(deprecated_spelling(option_string, self.option_strings[0]), file=sys.stderr)
        setattr(namespace, self.dest, values)


def deprecated_spelling(old: str, new: str) -> str:
    """The one-line note an old spelling of an option or a command prints on stderr."""
    return f"wino: note: {old} is deprecated; it is spelled {new} now"


def make_console(stderr: bool = False):
    """A rich console; piped output (files, CI logs) gets a wide table rather than rich's 80 columns, and no
    line of its is ever broken or cut: a signature (a table's caption, or a line of its own) is copied from a log
    into a paper or a script and must stay one token, whatever the table's width or ``$COLUMNS``."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    piped = not stream.isatty()
    return Console(stderr=stderr, highlight=False, width=160 if piped else None, soft_wrap=piped)


def item_progress(console, unit: str = "items", interval: float | None = None):
    """Progress of long work: done/total, the rate (``unit``/s, or a task's own ``unit`` field), the time left and
    a task's ``note`` field. On a terminal a transient rich bar; without one (a log file, CI) a plain line every
    ``interval`` seconds (default ``$WINO_PROGRESS_INTERVAL`` or 10), which a bar would not show at all."""
    if not console.is_terminal:
        from .progress import LineProgress, progress_interval

        return LineProgress(console, unit, progress_interval() if interval is None else interval)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task) -> Text:
            speed, per = task.speed, task.fields.get("unit", unit)
            return Text("" if not speed else f"{speed:,.0f} {per}/s" if speed >= 10 else f"{speed:.2g} {per}/s")

    class Note(ProgressColumn):
        def render(self, task) -> Text:
            return Text(str(task.fields.get("note", "")))

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(), TimeRemainingColumn(),
                    Note(), console=console, transient=True)


def add_verbose_option(parser: Any) -> None:
    """``--verbose``: the libraries' own output while a model loads, which the commands hide by default."""
    parser.add_argument("--verbose", action="store_true", help="show transformers' and huggingface_hub's own output "
                        "while loading the model (LOAD REPORT tables, progress bars, warnings)")


def labelled_tasks(bar, verb: str):
    """``progress(label, done, total)`` drawing one task of ``bar`` per label ("fine-tuning dpr seed 0")."""
    tasks: dict = {}

    def progress(label: str, done: int, total: int) -> None:
        if label not in tasks:
            tasks[label] = bar.add_task(f"{verb} {label}".rstrip(), total=total)
        bar.update(tasks[label], completed=done, total=total)

    return progress


def counted_task(bar, description: str):
    """``progress(done, total)`` drawing one task of ``bar`` (an :func:`item_progress`), added at the first call:
    the callback a library function that counts its work (files checked, bytes fetched) takes."""
    task = None

    def progress(done: int, total: int | None) -> None:
        nonlocal task
        if task is None:
            task = bar.add_task(description, total=total)
        bar.update(task, completed=done, total=total)

    return progress


#: the most reasons a skip summary lists (an error line: the first three); the others are only counted
SHOWN_REASONS = 8


def skip_summary(reasons: Iterable[str] | Mapping[str, int], headline: str, *, one_line: bool = False,
                 width: int = 110) -> str:
    """``headline`` (its ``{n}``: the number skipped) and the reasons grouped with their counts, most common
    first: every command that skips items says why, the same way, since a bare count says nothing.

    ``reasons`` holds one reason per skipped item, or reason → count. The summary is a line per reason
    (for stderr), or with ``one_line`` a single line naming the three most common (for an error). A reason
    longer than ``width`` is cut; a ``--report`` file keeps it whole.

    >>> print(skip_summary(["no rules for language hu"] * 2 + ["no twin"], "skipped {n} item(s)", one_line=True))
    skipped 3 item(s) (2 no rules for language hu; 1 no twin)
    """
    counts: Counter = Counter()
    for reason, n in Counter(reasons).items():
        counts[reason if len(reason) <= width else reason[: width - 1] + "…"] += n
    head = headline.replace("{n}", f"{sum(counts.values()):,}")
    shown = 3 if one_line else SHOWN_REASONS
    top = counts.most_common(shown)
    more = len(counts) - len(top)
    if one_line:
        listed = [f"{n:,} {reason}" for reason, n in top] + ([f"and {more} more reasons"] if more else [])
        return f"{head} ({'; '.join(listed)})" if listed else head
    lines = [f"{head}:" if top else head] + [f"  {n:>5,}  {reason}" for reason, n in top]
    return "\n".join(lines + ([f"         ... and {more} more reasons"] if more else []))


def stats_table(stats: dict[str, Any]):
    """The schema items' rows, one per corpus and split."""
    from rich.table import Table

    table = Table(title="corpus statistics", title_justify="left")
    columns = ["corpus", "items", "schemas", "twins", "singletons", "languages", "labels", "avg tokens", "vocabulary"]
    for col in columns:
        table.add_column(col, justify="left" if col in ("corpus", "languages", "labels") else "right")
    rows = list(stats["corpora"].items())
    if len(rows) > 1:
        rows.append(("total", stats["total"]))
    for name, s in rows:
        larger = "".join(f" +{n}×{size}" for size, n in s["larger_groups"].items())
        table.add_row(
            name,
            str(s["items"]),
            str(s["schemas"]),
            f"{s['twins']}{larger}",
            str(s["singletons"]),
            ", ".join(s["languages"]),
            ", ".join(f"{k}: {v}" for k, v in s["labels"].items()),
            f"{s['avg_tokens']:.1f}",
            str(s["vocabulary"]),
        )
    return table


def nli_stats_table(stats: dict[str, Any]):
    """The NLI pairs' rows, one per corpus and split."""
    from rich.table import Table

    table = Table(title="NLI pair statistics", title_justify="left")
    for col in ("corpus", "pairs", "premises", "languages", "labels", "avg premise tokens", "hypothesis tokens"):
        table.add_column(col, justify="left" if col in ("corpus", "languages", "labels") else "right")
    rows = list(stats["nli"].items())
    if len(rows) > 1:
        rows.append(("total", stats["nli_total"]))
    for name, s in rows:
        table.add_row(
            name,
            str(s["pairs"]),
            str(s["premises"]),
            ", ".join(s["languages"]),
            ", ".join(f"{k}: {v}" for k, v in s["labels"].items()),
            f"{s['avg_premise_tokens']:.1f}",
            f"{s['avg_hypothesis_tokens']:.1f} ({s['hypothesis_tokens_min']}-{s['hypothesis_tokens_max']})",
        )
    return table


def format_rows(formats: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per registered format (``wino formats``, and its ``--json``): what it reads and writes."""
    return [{"name": name, "aliases": list(fmt.aliases), "record": fmt.record, "read": fmt.read is not None,
             "write": fmt.write is not None, "canonical": fmt.canonical, "extensions": list(fmt.extensions),
             "description": fmt.description} for name, fmt in formats.items()]


def formats_table(rows: Iterable[Mapping[str, Any]]):
    """:func:`format_rows` as a table: name, record, read/write, byte-exact, description."""
    from rich.table import Table

    table = Table(title="registered formats", title_justify="left")
    for col in ("name", "record", "read/write", "byte-exact", "description"):
        table.add_column(col)
    for r in rows:
        rw = ("r" if r["read"] else "-") + ("w" if r["write"] else "-")
        table.add_row(r["name"], r["record"], rw, "yes" if r["canonical"] else "", r["description"])
    return table


def cards_table(cards: Iterable[Any]):
    """The corpus cards (``wino corpora list``): name, languages, format, license, title."""
    from rich.table import Table

    table = Table(title="corpus cards", title_justify="left")
    for col in ("name", "languages", "format", "license", "title"):
        table.add_column(col)
    for c in cards:
        table.add_row(c.name, ", ".join(c.languages), c.format, c.license, c.title)
    return table
