"""``wino pmi``: build an index, choose terms, run the check, query a pair. Thin wrappers over the library.

Each command checks its arguments before doing any work, calls the library, prints, and returns the
exit code (0 success; 1 bad input, or a corpus found not resistant under ``--strict``). Errors are
raised as :class:`~wino_toolkit.errors.WinoError` for ``wino``'s ``main`` to print as one line.
"""
from __future__ import annotations

import argparse
import hashlib
import math
import re
import sys
import time
import warnings
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.command_io import print_json
from wino_toolkit.console import add_reader_option, item_progress, key_values, make_console, renamed_option
from wino_toolkit.errors import FormatError, ParameterError
from wino_toolkit.io import check_output_dir, check_output_file
from wino_toolkit.paths import input_path, output_dir, output_path

__all__ = ["add_pmi_commands", "cmd_index", "cmd_terms", "cmd_check", "cmd_query"]

EPILOG = """examples:
  wino pmi index zhwiki-latest-pages-articles.xml.bz2 --lang zh --window 10 -o zhwiki.idx
  wino pmi index enwiki-*.bz2 --lang en -o enwiki.idx --scheduler tcp://10.0.0.5:8786
  wino pmi terms mandarinograd.json --auto --index zhwiki.idx -o terms.tsv
  wino pmi check mandarinograd.json --index zhwiki.idx --terms terms.tsv
  wino pmi check WSCollection.xml mandarinograd.json -O subset=wsc273 --index enwiki.idx --index zhwiki.idx
  wino pmi query zhwiki.idx 花瓶 高
"""


def _existing(paths: Sequence[str], what: str) -> list[Path]:
    out = []
    for name in paths:
        path = Path(name)
        if not path.exists():
            raise FormatError(path, None, f"no such {what}")
        out.append(path)
    return out


def read_corpora(paths: Sequence[str], source_format: str | None, options: dict[str, str]) -> list:
    """Every item of every corpus file; ``-O [FILE:]KEY=VALUE`` goes to the inputs whose format has KEY.

    (So ``-O subset=wsc273`` applies to WSCollection.xml in a run that also reads a Mandarinograd
    file.) An option no input's format knows, or an id used twice in one corpus, is an error.
    """
    import wino_toolkit as wt
    from wino_toolkit.reader_options import ReaderOptions

    shared = ReaderOptions(options)
    items = []
    seen: set[tuple[str, str]] = set()
    streams = [(path, wt.read(path, source_format=source_format, options=shared)) for path in _existing(paths, "corpus file")]
    shared.check()  # every option placed before anything is read
    for path, stream in streams:
        for item in stream:
            key = (item.corpus, item.id)
            if key in seen:
                raise FormatError(path, item.origin, f"duplicate id {item.id!r} in corpus {item.corpus!r}")
            seen.add(key)
            items.append(item)
    return items


def _open_index(path: str):
    from .query import PMIIndex

    if not Path(path).exists():
        raise FormatError(path, None, "no such index")
    return PMIIndex.open(path)


# --- index --------------------------------------------------------------------------------------


def cmd_index(args: argparse.Namespace) -> int:
    from wino_toolkit import launch

    from .segment import check_language

    if not launch.is_main():  # under torchrun / accelerate launch one process builds; the others have nothing to do
        return 0
    check_language(args.lang)
    check_output_dir(args.output, "-o", "wino pmi index")
    inputs = _existing(args.inputs, "input file")
    if args.window < 1:
        raise ParameterError(f"--window must be at least 1, not {args.window}")
    if args.batch_docs < 1:
        raise ParameterError(f"--batch-docs must be at least 1, not {args.batch_docs}")
    if args.processes is not None and args.processes < 1:
        raise ParameterError(f"--jobs must be at least 1, not {args.processes}")
    if args.scheduler is not None and not re.match(r"^[a-z][a-z0-9+.-]*://\S+$", args.scheduler):
        raise ParameterError(f"--scheduler takes an address like tcp://HOST:PORT, not {args.scheduler!r}")
    if (args.user_dict or args.accelerator) and not args.lang.lower().startswith("zh"):
        raise ParameterError("--user-dict and --accelerator apply to Chinese (--lang zh) only")
    if args.user_dict is not None:
        _existing([args.user_dict], "user dictionary")
    from .index import build_index

    console = make_console(stderr=True)
    if launch.launched():
        print("wino: note: pmi index builds in this one process (--jobs workers share the work); the launcher's "
              "other processes exit", file=sys.stderr)
    with warnings.catch_warnings(), _IndexProgress(console) as progress:
        # a library warning (no lemma table for the language) is one line, not Python's two
        warnings.showwarning = lambda message, *rest, **kw: progress.print(f"wino: warning: {message}")
        try:
            out = build_index(
                inputs, args.output, language=args.lang, window=args.window, processes=args.processes,
                scheduler=args.scheduler, source=args.source, user_dict=args.user_dict, accelerator=args.accelerator,
                batch_docs=args.batch_docs, progress=progress, resume=not args.no_resume, notify=lambda note: progress.print(f"wino: {note}"),
            )
        except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM: the workers are stopped, the batches done kept
            progress.stop(finished=False)
            terminated = type(exc).__name__ == "Terminated"  # wino_toolkit.cli's SIGTERM
            kept = (Path(args.output) / "partial").is_dir()
            again = "the same command without --no-resume" if args.no_resume else "the same command"
            hint = f"; rerun {again} to resume" if kept else ""
            print(f"wino: {'terminated' if terminated else 'interrupted'}{hint}", file=sys.stderr)
            return 143 if terminated else 130
    console.print(f"index written to {out}", markup=False)
    return 0


class _IndexProgress:
    """Progress of ``build_index``, fed after every batch: input bytes read of the inputs' size (compressed bytes
    for .bz2), documents and tokens, on :func:`~wino_toolkit.console.item_progress` (a bar on a terminal, a line
    every few seconds in a log). ``line`` (:meth:`describe`) holds the rates and the time left from the start of
    the run (batches an earlier, interrupted run did are left out of them)."""

    def __init__(self, console, clock=time.monotonic):
        self._console = console
        self._clock = clock
        self._bar = None
        self._start = clock()
        self._resumed_bytes = self._resumed_tokens = 0
        self._total: float | None = None
        self.line = "starting"

    def __enter__(self):
        self._bar = item_progress(self._console, "kB")
        self._bar.__enter__()
        self._task = self._bar.add_task("indexing", total=None, note="")
        return self

    def __call__(self, state) -> None:
        if state.resumed:
            self._resumed_bytes, self._resumed_tokens = state.bytes_done, state.tokens
        self.line = self.describe(state)
        if self._bar is not None:  # every byte read is not a finished index (merging is left): done only at stop()
            self._total = state.bytes_total / 1e3 or None
            self._bar.update(self._task, completed=min(state.bytes_done, max(state.bytes_total - 1, 0)) / 1e3,
                             total=self._total, note=f"{state.docs:,} docs, {state.tokens:,} tokens")

    def describe(self, state) -> str:
        """``12.3/49.0 MB, 7,000 docs, 1,234,567 tokens, 0.45 M tokens/s, ETA 0:01:22``."""
        elapsed = max(self._clock() - self._start, 1e-9)
        new_bytes, new_tokens = state.bytes_done - self._resumed_bytes, state.tokens - self._resumed_tokens
        parts = [f"{state.bytes_done / 1e6:,.1f}/{state.bytes_total / 1e6:,.1f} MB", f"{state.docs:,} docs",
                 f"{state.tokens:,} tokens"]
        if new_bytes > 0:
            parts.append(f"{new_tokens / elapsed / 1e6:.2f} M tokens/s")
            left = (state.bytes_total - state.bytes_done) * elapsed / new_bytes
            parts.append(f"ETA {int(left) // 3600}:{int(left) // 60 % 60:02d}:{int(left) % 60:02d}")
        return ", ".join(parts)

    def print(self, line: str) -> None:
        self._console.print(line, markup=False, highlight=False)

    def stop(self, finished: bool = True) -> None:
        """End the bar; an interrupted build (``finished`` false) leaves its last state unprinted in a log, so that
        the one line saying it was interrupted is the last."""
        if self._bar is not None:
            if finished and self._total:
                self._bar.update(self._task, completed=self._total)
            self._bar.__exit__(*((None, None, None) if finished else (KeyboardInterrupt, KeyboardInterrupt(), None)))
            self._bar = None

    def __exit__(self, kind: Any, *rest: Any) -> None:
        self.stop(finished=kind is None)


# --- terms --------------------------------------------------------------------------------------


def cmd_terms(args: argparse.Namespace) -> int:
    from .terms import Terms, select_terms, write_terms

    check_output_file(args.output, "-o")
    items = read_corpora(args.inputs, args.source_format, key_values(args.read_option, "-O"))
    index = _open_index(args.index) if args.index else None
    if args.auto:
        rows = select_terms(items, index=index)
    else:  # a template to fill by hand: the context, no terms
        rows = [
            Terms(i.id, i.corpus, i.language, None, [None] * len(i.candidates), "file", None,
                  "trigger: " + " ".join(i.triggers) if i.triggers else "no trigger")
            for i in items
        ]
    n = write_terms(rows, args.output)
    if args.output:
        usable = sum(t.reason is None for t in rows)
        make_console(stderr=True).print(f"wrote {n} items to {args.output} ({usable} with usable terms)")
    return 0


# --- check --------------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace) -> int:
    from .check import NOT_RESISTANT, check
    from .report import report_json, report_table
    from .segment import base_language
    from .terms import read_terms

    if not (math.isfinite(args.threshold) and args.threshold >= 0):
        raise ParameterError(f"--margin must be a number >= 0, not {args.threshold}")
    if not 0 < args.alpha < 1:
        raise ParameterError(f"--alpha must be between 0 and 1, not {args.alpha}")
    if args.terms:
        _existing([args.terms], "terms file")
    indexes = {}
    for path in args.index:
        index = _open_index(path)
        lang = base_language(index.language)
        if lang in indexes:
            raise ParameterError(f"two indexes for language {lang!r}: {indexes[lang][0]} and {path}")
        indexes[lang] = (path, index)
    items = read_corpora(args.inputs, args.source_format, key_values(args.read_option, "-O"))
    terms, label = None, "auto"
    if args.terms:
        terms = read_terms(args.terms, items)
        label = "file-" + hashlib.sha256(Path(args.terms).read_bytes()).hexdigest()[:8]
    by_language: dict[str, list] = {}
    for item in items:
        by_language.setdefault(base_language(item.language), []).append(item)
    missing = sorted(set(by_language) - set(indexes))
    if missing:
        raise ParameterError(f"no index for language(s) {', '.join(missing)} (give one --index per language)")
    results = [
        check(group, indexes[lang][1], terms=terms, threshold=args.threshold, seed=args.seed, alpha=args.alpha, terms_label=label)
        for lang, group in by_language.items()
    ]
    if args.json:
        print_json(report_json(results, details=args.details), allow_nan=False)
    else:
        make_console().print(report_table(results))
    failed = any(s.verdict == NOT_RESISTANT for r in results for s in r.summaries)
    return 1 if failed and args.strict else 0


# --- query --------------------------------------------------------------------------------------


def cmd_query(args: argparse.Namespace) -> int:
    index = _open_index(args.index)
    a, b = index.normalize(args.w1), index.normalize(args.w2)
    n = index.n_windows
    na, nb, nab = index.windows_with(a), index.windows_with(b), index.windows_with_both(a, b)
    pmi = index.pmi(a, b)
    row = {
        "index": str(args.index),
        "signature": index.signature,
        "windows": n,
        "w1": args.w1, "term1": a, "count1": na, "p1": na / n if n else 0.0,
        "w2": args.w2, "term2": b, "count2": nb, "p2": nb / n if n else 0.0,
        "count_both": nab, "p_both": nab / n if n else 0.0,
        "pmi": None if pmi != pmi else ("-inf" if pmi == float("-inf") else pmi),
    }
    if args.json:
        print_json(row)
        return 0
    from .tables import query_table

    make_console().print(query_table(row))
    return 0


# --- parser -------------------------------------------------------------------------------------


def add_pmi_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``pmi`` and its sub-commands to ``wino``'s sub-parsers; returns the ``pmi`` parser."""
    from wino_toolkit.formats import formats

    from .sources import SOURCES

    names = ", ".join(formats.names())
    pmi = subparsers.add_parser(
        "pmi", help="PMI word-association baseline: is a corpus Google-proof?",
        description="PMI word-association baseline over Wikipedia: a cross-lingual resistance check.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = pmi.add_subparsers(dest="pmi_command", required=True, metavar="COMMAND")

    def corpora(p: argparse.ArgumentParser) -> None:
        p.add_argument("inputs", nargs="+", metavar="CORPUS", type=input_path, help="corpus file(s); the format is detected from content")
        p.add_argument("--from", dest="source_format", metavar="FORMAT", help=f"corpus format ({names})")
        add_reader_option(p)

    p = sub.add_parser("index", help="build a co-occurrence index from a dump (once per dump)")
    p.add_argument("inputs", nargs="+", metavar="INPUT", type=input_path, help="pages-articles XML (.xml/.bz2, shards), WikiExtractor output or text")
    p.add_argument("--lang", required=True, help="language of the text (BCP-47), e.g. zh, en; xx: spaCy's multi-language tokenizer "
                   "(an unknown code is an error listing the supported ones)")
    p.add_argument("--window", type=int, default=10, help="window size in tokens (default 10)")
    p.add_argument("-o", "--output", required=True, metavar="OUT", type=output_dir(), help="index directory to write (resumed if interrupted)")
    renamed_option(p, "--jobs", dest="processes", old=["--processes"], type=int, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="build on a Dask cluster instead")
    p.add_argument("--user-dict", metavar="FILE", type=input_path, help="jieba user dictionary (Chinese)")
    p.add_argument("--source", choices=SOURCES, help="input kind (default: detected from content)")
    p.add_argument("--accelerator", choices=("jieba_fast",), help="Chinese: jieba_fast, about 2x faster, splits ~0.1%% of lines differently")
    p.add_argument("--batch-docs", type=int, default=1000, metavar="N",
                   help="documents per batch, the unit of work and of resuming (default 1000)")
    p.add_argument("--no-resume", action="store_true", help="start over instead of resuming an interrupted build")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("terms", help="choose reference and answer terms, to review and edit (TSV)")
    corpora(p)
    p.add_argument("--auto", action="store_true", help="select terms automatically (default: an empty template)")
    p.add_argument("--index", metavar="IDX", type=input_path, help="normalise terms with this index's segmenter")
    p.add_argument("-o", "--output", metavar="FILE", type=output_path, help="terms file to write (default: stdout)")
    p.set_defaults(func=cmd_terms)

    p = sub.add_parser("check", help="run the baseline: coverage, accuracy, interval, test and verdict")
    corpora(p)
    p.add_argument("--index", action="append", required=True, metavar="IDX", type=input_path, help="index to query; one per language")
    p.add_argument("--terms", metavar="FILE", type=input_path, help="reviewed terms file (items it lacks get automatic terms)")
    renamed_option(p, "--margin", dest="threshold", old=["--threshold"], type=float, default=0.0, metavar="T",
                   help="PMI difference needed to decide (default 0)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random fallback (default 0)")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level of the verdict (default 0.05)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--details", action="store_true", help="with --json: every item's terms, PMI values and answer")
    p.add_argument("--strict", action="store_true", help="exit 1 when a corpus is not resistant")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("query", help="counts, probabilities and PMI of one pair of words")
    p.add_argument("index", metavar="IDX", type=input_path)
    p.add_argument("w1")
    p.add_argument("w2")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=cmd_query)
    return pmi
