"""``wino demo``: the toolkit's main job on the bundled sample corpora, ending in a readable summary.

For every sample it detects the format, reads and validates, converts to the native format, proves
the round trip through its own format is lossless, reports corpus statistics, derives the forms and
runs the PMI word-association check against small bundled Wikipedia samples; it ends by writing the
audit of the samples (``wino audit``) and saying where it is: ``audit.html`` in the ``-o`` directory, or
else a new file of its own in the temporary directory (``wino-demo-audit-XXXXXXXX.html``), which no other
user's demo overwrites.
"""
from __future__ import annotations

import os
import tempfile
import time
from importlib import resources
from pathlib import Path

from .api import read, write
from .console import skip_summary
from .errors import MissingDependencyError
from .formats import detect_format
from .forms import FormReport, derive
from .stats import corpus_stats

__all__ = ["sample_files", "run_demo"]


def sample_files() -> list[Path]:
    """The bundled samples (one per format), shipped as package data of ``wino_toolkit.corpora``."""
    root = resources.files("wino_toolkit.corpora") / "samples"
    return sorted(Path(str(p)) for p in root.iterdir() if p.is_file() and not p.name.startswith("."))


def _roundtrip(path: Path, fmt_name: str, records: list, workdir: Path) -> bool:
    out = workdir / f"roundtrip-{path.name}"
    write(records, out, to=fmt_name)
    return list(read(out, source_format=fmt_name)) == records


FORMS = ("nli", "disambiguated", "blank", "twin")


def _forms(items: list) -> tuple:
    """Coverage of each form per corpus, one example of the NLI and disambiguated forms per language, the
    reasons of the items reported as not derivable (one per item and form), and one line per language whose
    extra is not installed.

    Each language is derived on its own, so a missing extra (Russian needs ``[ru]``) leaves that
    language out with the ``pip install`` that adds it, and the other languages still run.
    """
    from rich.table import Table

    table = Table(title="3. derived forms: coverage", title_justify="left")
    table.add_column("corpus")
    for form in FORMS:
        table.add_column(form, justify="right")
    reports = {form: FormReport() for form in FORMS}
    derived: dict[str, list] = {form: [] for form in FORMS}
    missing: dict[str, str] = {}
    for language in dict.fromkeys(it.language for it in items):
        group = [it for it in items if it.language == language]
        try:
            runs = {}
            for form in FORMS:
                report = FormReport()
                runs[form] = (report, list(derive(form, group, report)))
        except MissingDependencyError as exc:
            missing[language] = str(exc)
            continue
        for form, (report, records) in runs.items():
            reports[form].seen.update(report.seen)
            reports[form].derived.update(report.derived)
            reports[form].skipped.extend(report.skipped)
            derived[form].extend(records)
    for corpus in dict.fromkeys(it.corpus for it in items):
        table.add_row(corpus, *(_share(reports[f], corpus) for f in FORMS))
    examples = Table(title="4. one schema per language, right answer", title_justify="left")
    for col in ("language", "premise", "hypothesis (entailed)", "disambiguated (correct)"):
        examples.add_column(col)
    pairs = {p.item_id: p for p in derived["nli"] if p.label}
    texts = {d.item_id: d for d in derived["disambiguated"] if d.label}
    seen = set()
    for item in items:
        if item.language in seen or item.id not in pairs or item.id not in texts:
            continue
        seen.add(item.language)
        examples.add_row(item.language, item.text, pairs[item.id].hypothesis, texts[item.id].text)
    skipped = [f"{form}: {s.reason}" for form, r in reports.items() for s in r.skipped]
    notes = [f"derived forms in {lang} skipped: {why}" for lang, why in missing.items()]
    return table, examples, skipped, notes


def _share(report: FormReport, corpus: str) -> str:
    """The corpus's coverage, or a dash when none of its items was tried (its language's extra is missing)."""
    return f"{report.coverage()[corpus]:.0%}" if report.seen[corpus] else "-"


def _pmi(items: list, workdir: Path):
    """The PMI word-association check of the English and Chinese samples against the bundled wiki samples."""
    from .baselines.pmi.check import check
    from .baselines.pmi.index import build_index
    from .baselines.pmi.query import PMIIndex
    from .baselines.pmi.report import report_table

    wiki = resources.files("wino_toolkit.corpora") / "samples" / "wiki"
    results = []
    for language, dump, corpus in (("en", "enwiki-sample.xml", "wsc285"), ("zh", "zhwiki-sample.xml", "mandarinograd")):
        index = build_index(Path(str(wiki / dump)), workdir / f"{language}.idx", language=language, processes=1)
        results.append(check([it for it in items if it.corpus == corpus], PMIIndex.open(index), seed=0))
    return report_table(results)


def run_demo(output: str | None, *, console) -> int:
    from rich.table import Table

    from .console import stats_table

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="wino-demo-") as tmp:
        outdir = Path(output) if output else Path(tmp)
        outdir.mkdir(parents=True, exist_ok=True)
        table = Table(title="1. read, validate, convert and round-trip every bundled sample", title_justify="left")
        for col in ("sample", "detected format", "records", "native file", "lossless round trip"):
            table.add_column(col)
        items, pairs, failures = [], 0, 0
        for path in sample_files():
            fmt = detect_format(path)
            records = list(read(path, source_format=fmt.name))
            lossless = _roundtrip(path, fmt.name, records, Path(tmp))
            failures += not lossless
            if fmt.record == "item":
                items.extend(records)
                native = outdir / f"{path.stem}.wino.jsonl"
                write(records, native, to="jsonl")
                native_name = native.name
            else:
                pairs += len(records)
                native = outdir / f"{path.stem}.nli.jsonl"
                write(records, native, to="nli-jsonl")
                native_name = native.name
            table.add_row(path.name, fmt.name, str(len(records)), native_name, "[green]yes[/green]" if lossless else "[red]NO[/red]")
        console.print(table)
        console.print()
        console.print("2. statistics (WinoGrande Table 5 columns, twins and labels)")
        stats = corpus_stats(items)
        console.print(stats_table(stats))
        total = stats["total"]
        console.print()
        forms_table, examples, skipped, notes = _forms(items)
        console.print(forms_table)
        if skipped:
            console.print(skip_summary(skipped, "{n} item(s) reported as not derivable, by form and reason"), markup=False)
        for note in notes:
            console.print(note, markup=False)
        console.print(examples)
        console.print()
        try:
            console.print(_pmi(items, Path(tmp)))
        except MissingDependencyError as exc:  # the [pmi] extra is not installed: say which install adds the step
            console.print(f"5. PMI word-association check skipped: {exc}", markup=False)
        elapsed = time.perf_counter() - started
        console.print()
        console.print(
            f"[bold]summary[/bold]: {len(sample_files())} samples, {total['items']} schema items in "
            f"{total['schemas']} schemas ({total['twins']} twin pairs, {total['singletons']} singletons), "
            f"{pairs} NLI pairs, {len(stats['corpora'])} corpora in {len(total['languages'])} languages "
            f"({', '.join(total['languages'])}); round trips lossless: "
            f"{'all' if not failures else f'{failures} FAILED'}; derived forms: {len(skipped)} item(s) reported as "
            f"not derivable; {elapsed:.1f}s."
        )
        if output:
            console.print(f"native files written to {outdir}")
        console.print(_audit(outdir / "audit.html" if output else None), markup=False)
    return 1 if failures else 0


def _audit(path: Path | None) -> str:
    """Write the audit of the bundled samples (``wino audit``) to ``path`` and say where it is; without one, to a
    new file made for this run, never a fixed name that two users' demos would overwrite (or, one user's file being
    read-only to the other, fail on), and never into the temporary work directory, which goes at the end."""
    from .audit import audit
    from .io import atomic_output

    report = audit(sample_files())
    made = path is None
    if path is None:
        fd, name = tempfile.mkstemp(prefix="wino-demo-audit-", suffix=".html")
        os.close(fd)
        path = Path(name)
    try:
        with atomic_output(path) as fh:
            fh.write(report.html().encode("utf-8"))
    except BaseException:
        if made:  # no empty file of ours left behind
            path.unlink(missing_ok=True)
        raise
    done = sum(1 for s in report.sections if s.status == "ok")
    failed = [f"{s.question.rstrip('?')} skipped: {s.verdict.removeprefix('failed: ')}" for s in report.sections
              if s.status == "failed"]  # a missing extra: the line names its pip install
    return "\n".join([*failed, f"audit of the bundled samples ({done} of {len(report.sections)} sections; the others "
                                f"need --against, --index, --model or --lm): {path}"])
