"""Which formalizations exist and how each file becomes a :class:`~.checks.Problem`."""
from __future__ import annotations

import os
import shutil
import tempfile
from functools import partial
from os import PathLike
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from wino_toolkit.errors import FormatError, OutputError, WinoError
from wino_toolkit.io import check_output_dir

from . import checks
from .checks import DEFAULT_RLIMIT, Problem, Verdict
from .problem_files import FORMATS, PROBLEM_COLUMNS, SUFFIX, WRITERS, expected_answers, index_row, questions
from .generate import KnowledgeSentence, knowledge_sentences
from .provers import PROVERS, Comparison, available, compare, decide
from .render import VARIANTS
from .smtlib import load_smtlib
from .syntax import Formalization

__all__ = ["shipped_formalizations", "load_problem", "verify", "verify_files", "against_library", "compare_files", "load_formalizations", "render_files", "balance",
           "write_sentences", "SENTENCE_COLUMNS", "export_files", "verdicts_table", "comparisons_table"]


def shipped_formalizations() -> list[Path]:
    """Every shipped ``.fol`` file, in WSC285 order."""
    from wino_toolkit import corpora

    folder = Path(corpora.__file__).parent / "logic"
    return sorted(folder.glob("*.fol"), key=_item_order)


def expand(paths: Sequence[str | Path] | None) -> list[Path]:
    """The files named, a folder standing for its ``.fol`` and ``.smt2`` files; every shipped one for none."""
    if not paths:
        return shipped_formalizations()
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted([*p.glob("*.fol"), *p.glob("*.smt2")], key=_item_order)
            if not found:
                raise FormatError(p, None, "folder has no .fol or .smt2 files")
            out += found
        else:
            out.append(p)
    return out


def _item_order(path: Path) -> tuple[str, int, str]:
    stem, _, number = path.stem.rpartition("-")
    return (stem, int(number), "") if number.isdigit() else (path.stem, 0, "")


def load_problem(path: str | Path) -> Problem:
    """A ``.smt2`` file through :func:`~.smtlib.load_smtlib`, anything else as a ``.fol`` formalization."""
    path = Path(path)
    if path.suffix.lower() in (".smt2", ".smt", ".smtlib"):
        return load_smtlib(path)
    from .encode import encode
    from .axioms import load

    return encode(load(path))


def verify(source: str | PathLike | Formalization | Problem, *, rlimit: int = DEFAULT_RLIMIT) -> Verdict:
    """Run every check on one schema version: a ``.fol`` or ``.smt2`` path, a parsed
    :class:`~.syntax.Formalization` (:func:`~.syntax.load`) or an encoded :class:`~.checks.Problem`.

    Bad input raises a :class:`~wino_toolkit.errors.FormatError` naming the file, line and problem.
    """
    if isinstance(source, (str, PathLike)):
        problem = load_problem(source)
    elif isinstance(source, Formalization):
        from .encode import encode

        problem = encode(source)
    elif isinstance(source, Problem):
        problem = source
    else:
        raise TypeError(f"verify() takes a path, a Formalization or a Problem, not {type(source).__name__}")
    return checks.verify(problem, rlimit=rlimit)


def verify_files(paths: Sequence[str | Path] | None = None, *, prover: str = "z3", rlimit: int = DEFAULT_RLIMIT,
                 timeout_ms: int = 5000, progress: Callable[[int, int], None] | None = None,
                 jobs: int | None = None, library: bool = False) -> list[Verdict]:
    """Load and check each file (a folder: its files; every shipped formalization when ``paths`` is empty)
    with ``prover``: Z3 (the reference, with cores and countermodels; each question within ``rlimit`` resource
    units), cvc5 or eprover (:mod:`.provers`; each question within ``timeout_ms``). With ``library`` (Z3 only),
    each false formula of a ``.fol`` file is also asked of the axiom library and the sanity theory
    (:func:`against_library`), as ``wino logic verify`` does unless told not to.

    All files are parsed before any is checked, so a syntax error stops the run at once; the checks
    then run in ``jobs`` processes (default: one per CPU), verdicts in the files' order.
    """
    available(prover)
    sources = _sources(paths)
    if prover == "z3":
        return _run(sources, partial(_verify_one, rlimit=rlimit, library=library), progress, jobs)
    _only_fol(sources)
    return _run(sources, partial(decide, prover=prover, timeout_ms=timeout_ms), progress, jobs)


def _only_fol(sources: list[Formalization | Path]) -> None:
    for s in sources:
        if not isinstance(s, Formalization):
            raise FormatError(s, None, "only .fol formalizations can be checked by cvc5 or eprover (SMT-LIB2 input is Z3's)")


def compare_files(paths: Sequence[str | Path] | None = None, *, provers: Sequence[str] = PROVERS,
                  rlimit: int = DEFAULT_RLIMIT, timeout_ms: int = 5000,
                  progress: Callable[[int, int], None] | None = None, jobs: int | None = None) -> list[Comparison]:
    """Each ``.fol`` file checked by every prover named (Z3 always among them), side by side."""
    for prover in provers:
        available(prover)
    sources = _sources(paths)
    _only_fol(sources)
    return _run(sources, partial(_compare_one, provers=tuple(provers), rlimit=rlimit, timeout_ms=timeout_ms), progress, jobs)


def _sources(paths: Sequence[str | Path] | None) -> list[Formalization | Path]:
    """Every file parsed (``.fol``) or loaded (``.smt2``, kept as its path: Z3 terms do not cross processes)."""
    from .axioms import load

    files = expand(paths)
    if not files:
        raise FormatError(None, None, "no formalization files to check")
    out: list[Formalization | Path] = []
    for path in files:
        if path.suffix.lower() in (".smt2", ".smt", ".smtlib"):
            load_smtlib(path)
            out.append(path)
        else:
            out.append(load(path))
    return out



def against_library(f: Formalization, verdict: Verdict, *, rlimit: int = DEFAULT_RLIMIT, models: bool = False) -> Verdict:
    """``verdict`` with each false formula that passed also asked of the shipped axiom library and the sanity
    theory: one they entail is true commonsense, however the schema's own knowledge leaves it open, and fails
    (naming the axioms and facts that entail it). A question Z3 cannot settle leaves the formula as it was, said
    in its detail: the schema's own check already showed it false. ``models``: see :func:`sanity.entailed`."""
    from dataclasses import replace

    from . import sanity

    formulas = {k.name: k for k in f.false_knowledge}
    results = []
    for r in verdict.false_results:
        k = formulas.get(r.name or "")
        if r.status == "pass" and k is not None:
            found = sanity.entailed(k.formula, f.symbols, f.entities, rlimit=rlimit, models=models)
            if found.status == "entailed":
                r = checks.CheckResult("fail", f"{k.transformation or 'false'}: not false: entailed by the axiom library and "
                                               "the sanity theory", core=list(found.core), name=r.name)
            elif found.status == "unknown":
                r = replace(r, detail=f"{r.detail}; not settled against the axiom library within the resource limit")
        results.append(r)
    return replace(verdict, checks={**verdict.checks, "false_knowledge": checks.false_summary(results)}, false_results=results)


def _verify_one(source: Formalization | Path, rlimit: int, library: bool = False) -> Verdict:
    verdict = verify(source, rlimit=rlimit)
    if library and isinstance(source, Formalization):
        return against_library(source, verdict, rlimit=rlimit)
    return verdict


def _compare_one(f: Formalization, provers: tuple[str, ...], rlimit: int, timeout_ms: int) -> Comparison:
    return compare(f, verify(f, rlimit=rlimit), provers, timeout_ms=timeout_ms)


def _run(sources: list[Any], work: Callable[[Any], Any], progress: Callable[[int, int], None] | None,
         jobs: int | None) -> list[Any]:
    jobs = min(jobs or os.cpu_count() or 1, len(sources))
    out: list[Any] = []
    if jobs <= 1:
        results: Iterator[Any] = map(work, sources)
        for n, result in enumerate(results, 1):
            out.append(result)
            if progress is not None:
                progress(n, len(sources))
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        for n, result in enumerate(pool.map(work, sources, chunksize=max(1, len(sources) // (jobs * 8))), 1):
            out.append(result)
            if progress is not None:
                progress(n, len(sources))
    return out


def load_formalizations(paths: Sequence[str | Path] | None = None) -> list[Formalization]:
    """Parse ``.fol`` files (every shipped one when ``paths`` is empty); SMT-LIB2 has no templates to render."""
    from .axioms import load

    files = expand(paths)
    for p in files:
        if p.suffix.lower() in (".smt2", ".smt", ".smtlib"):
            raise FormatError(p, None, "SMT-LIB2 files carry no sentence templates: render .fol formalizations")
    return [load(p) for p in files]


def render_files(paths: Sequence[str | Path] | None = None, *, variants: Sequence[str] = VARIANTS, generate: bool = True,
                 rlimit: int = DEFAULT_RLIMIT, progress: Callable[[int, int], None] | None = None,
                 jobs: int | None = None) -> tuple[list[Formalization], list[KnowledgeSentence]]:
    """The formalizations and their knowledge sentences (with confirmed false variants when ``generate``),
    made in ``jobs`` processes (default: one per CPU), in the files' order."""
    formalizations = load_formalizations(paths)
    work = partial(knowledge_sentences, variants=tuple(variants), generate=generate, rlimit=rlimit)
    sentences = [s for found in _run(formalizations, work, progress, jobs) for s in found]
    return formalizations, sentences


def balance(sentences: Sequence[KnowledgeSentence]) -> list[KnowledgeSentence]:
    """True and false sentences 1:1, as in WinoLogic: each true formula with one false formula that
    transforms it (one naming no true formula counts for its item's first), in every variant; a
    true formula with none is left out. The n-th true formula takes its false ones' n-th (cyclically),
    so every transformation is represented without a random draw; the order is kept."""
    true: list[tuple[str, str]] = []
    false: dict[tuple[str, str], list[str]] = {}
    first: dict[str, str] = {}
    for s in sentences:
        if s.truth and (s.item, s.name) not in false:
            true.append((s.item, s.name))
            false[(s.item, s.name)] = []
            first.setdefault(s.item, s.name)
    for s in sentences:
        if not s.truth:
            options = false.get((s.item, s.of if s.of is not None else first.get(s.item, "")))
            if options is not None and s.name not in options:
                options.append(s.name)
    keep: set[tuple[str, str]] = set()
    paired = [(key, false[key]) for key in true if false[key]]
    for n, (key, options) in enumerate(paired):
        keep |= {key, (key[0], options[n % len(options)])}
    return [s for s in sentences if (s.item, s.name) in keep]


#: columns of the sentences table (``wino logic render`` without ``--items``)
SENTENCE_COLUMNS = ("item", "name", "truth", "transformation", "of", "variant", "origin", "text", "formula")


def write_sentences(sentences: Sequence[KnowledgeSentence], output: str | Path | None) -> None:
    """The sentences as TSV with a header, atomically (``None``: standard output)."""
    from wino_toolkit.io import atomic_output, text_writer

    with atomic_output(output) as fh, text_writer(fh) as out:
        out.write("\t".join(SENTENCE_COLUMNS) + "\n")
        for s in sentences:
            row = s.to_dict()
            out.write("\t".join("" if row[c] is None else str(row[c]).lower() if isinstance(row[c], bool) else str(row[c])
                                for c in SENTENCE_COLUMNS) + "\n")


def export_files(paths: Sequence[str | Path] | None, *, to: str, output: str | Path,
                 rlimit: int = DEFAULT_RLIMIT) -> dict[str, int]:
    """Write every question of every formalization (every shipped one for none) as a ``to`` problem file
    in the new directory ``output``, with an index ``problems.tsv`` saying what passes each question and what Z3
    answers on this file (within ``rlimit``), which another prover should answer too; all or nothing."""
    if to not in WRITERS:
        raise WinoError(f"unknown export format {to!r} (one of {', '.join(FORMATS)})")
    out = Path(output)
    check_output_dir(out, "-o", "wino logic export")
    if out.is_dir() and any(out.iterdir()):
        raise OutputError(out, "exists and is not empty; wino logic export -o takes a new or empty directory")
    out.parent.mkdir(parents=True, exist_ok=True)
    formalizations = load_formalizations(paths)
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for f in formalizations:
            stem = Path(f.path).stem
            answers = expected_answers(f, rlimit=rlimit)
            for q in questions(f):
                name = f"{stem}.{q.name}{SUFFIX[to]}"
                (tmp / name).write_text(WRITERS[to](f, q), encoding="utf-8")
                rows.append(index_row(f, q, name, answers[q.name]))
        with open(tmp / "problems.tsv", "w", encoding="utf-8") as index:
            index.write("\t".join(PROBLEM_COLUMNS) + "\n")
            index.writelines("\t".join(row) + "\n" for row in rows)
        if out.exists():
            out.rmdir()
        tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return {"files": len(formalizations), "problems": len(rows)}


def _mark(status: str) -> str:
    """A check's status as rich markup: failures red, undecided yellow."""
    return {"pass": "[green]pass[/]", "fail": "[red]FAIL[/]", "vacuous": "[red]vacuous[/]", "n/a": "n/a"}.get(status, "[yellow]unknown[/]")


def verdicts_table(verdicts: Sequence[Verdict], signature: str) -> Any:
    """A rich table of :func:`verify_files`' verdicts, one row a file, the prover signature as its caption."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="knowledge checks", caption=signature)
    table.add_column("file")
    table.add_column("item")
    for name in checks.CHECKS:
        table.add_column(name.replace("_", " "))
    table.add_column("knowledge used")
    for v in verdicts:
        core = v.checks["sufficiency"].core
        table.add_row(escape(v.source.rsplit("/", 1)[-1]), escape(v.item or "-"),
                      *[_mark(v.checks[n].status) for n in checks.CHECKS], escape(", ".join(core or ())))
    return table


def _agreement(c: Comparison, check: str) -> str:
    statuses = c.statuses(check)
    agreement = c.agreement(check)
    if agreement == "agree":
        return _mark(next(iter(statuses.values())))
    shown = ", ".join(f"{p} {s}" for p, s in statuses.items())
    return f"[red]disagree: {shown}[/red]" if agreement == "disagree" else f"[yellow]unconfirmed: {shown}[/yellow]"


def comparisons_table(comparisons: Sequence[Comparison], signature: str) -> Any:
    """A rich table of :func:`compare_files`' comparisons: per check, the agreed status or who said what."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="knowledge checks by every prover", caption=signature)
    table.add_column("file")
    for name in checks.CHECKS:
        table.add_column(name.replace("_", " "))
    for c in comparisons:
        table.add_row(escape(c.source.rsplit("/", 1)[-1]), *[_agreement(c, k) for k in checks.CHECKS])
    return table
