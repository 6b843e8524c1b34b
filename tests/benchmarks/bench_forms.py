"""Benchmark and quality report for the derived forms (issue #3).

- speed: all four forms over 40k WinoGrande-like items on one core (target: >= 2,000 items/s);
- coverage: the share of items each form could be derived for, per corpus in ../shared/corpora;
- agreement: our NLI hypotheses against GLUE WNLI dev, our Portuguese disambiguated sentences
  against the authors' hand-fixed ones (with the automatic sentences as the baseline).

    python tests/benchmarks/bench_forms.py [--items 40000] [--write-md]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import wino_toolkit as wt
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.forms.agreement import Agreement, compare, premise_key, wnli_agreement
from wino_toolkit.forms.gold import evaluate_gold, load_gold
from wino_toolkit.forms.halves import half_of, schema_key
from wino_toolkit.lang import get_language

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_convert import generate  # noqa: E402
from bench_md import machine, write_section  # noqa: E402

SHARED = Path(os.environ.get("WINO_SHARED_CORPORA", HERE.parents[2] / "shared" / "corpora"))
FORMS = ("nli", "disambiguated", "blank", "twin")
#: the reference halves reported: rules may be tuned looking at "tuning" only (wino_toolkit.forms.halves.half_of)
HALVES = ("tuning", "test", None)
GOLD = HERE.parent / "gold"  # hand-checked gold sets per language (tests/gold/<language>.jsonl)
CORPORA = [
    ("wsc285", "wsc/WSCollection.xml"),
    ("pdp", "pdp/PDPChallenge2016.xml"),
    ("winogrande dev", "winogrande/dev.jsonl"),
    ("dpr", "dpr/train.c.txt"),
    ("superglue train", "superglue_wsc/train.jsonl"),
    ("winologic", "winologic/winologic.jsonl"),
    ("mandarinograd", "mandarinograd/mandarinograd.json"),
    ("xwino", "xwino/dataset.selected.tsv"),
    ("french", "french/French_Wino_Schemas.xml"),
    ("japanese", "japanese/train.txt"),
    ("portuguese", "portuguese/portuguese_wsc.json"),
    *((f"pws {code}", "pws/pws.tsv") for code in ("en", "fr", "pt", "zh", "ja", "ru", "hu")),
]
#: how the gold figures came about (issue #13), printed under the gold table
GOLD_NOTES = """Gold items are test-half items, reviewed sentence by sentence; the rules were changed looking at the tuning halves.
Three fixes were made after the gold sets showed their items, from the written conventions (WNLI's, as the English
rules implement them) with no tuning-half item to show them, so those items are no longer unseen: the Chinese time
frame keeps its main clause (zh nli mandarinograd-13, -20, -232), French completive frames are cut (fr nli
french-wsc-52-B, -108-A, -108-B), and a Russian offset bug put a capital on a blank option after a removed
possessive (ru blank pws-259). Before this round (2026-11-24, commit f724e9b): fr nli 84.4%, ja nli 94.1%, pt nli
84.4%, zh nli 88.9%; Russian at its first measurement: blank 80.0%, disambiguated 87.5%, nli 85.0%. The other
changes of the round came from tuning-half items (Russian when-clauses, dashes, indeclinable names; Portuguese
time clauses and infinitive clauses; Japanese copula frames). Russian test-half failures left as found: the
genitive after "не хватило", a first name and surname declined apart, "Мадонна" read as a common noun, the
quantifier "Многие" as a candidate.
The English set has 30 items of PDP's long passages (test half, not in WNLI dev), added to measure what the outside
check found weakest; on them the NLI form first matched 24/30 = 80.0%. Two fixes followed from tuning-half
items (a clause cut out of a question is a statement; ", and even one thread ..." opens a new clause) that turned out
to be SuperGLUE train's copies of two of those PDP passages: the split is per corpus, and PDP's passages are in
SuperGLUE's train set, as the French collection is PWS's French column. The lines above therefore also give each
gold set on the items no tuning-half item of any shared corpus repeats.
"""


def speed(n: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "wg.jsonl"
        generate(path, n)
        items = list(wt.read(path))
    start = time.perf_counter()
    for form in FORMS:
        for _ in derive(form, items, FormReport()):
            pass
    elapsed = time.perf_counter() - start
    return elapsed, n / elapsed


#: a fresh process deriving all four forms from real corpora: what a user's first run pays, start-up included
REAL_RUN = """
import json, sys, time
t0 = time.perf_counter()
import wino_toolkit as wt
from wino_toolkit.forms import FormReport, derive
t1 = time.perf_counter()
items = [item for path in sys.argv[1:] for item in wt.read(path)]
t2 = time.perf_counter()
def forms(items):
    for form in ("nli", "disambiguated", "blank", "twin"):
        for _ in derive(form, items, FormReport()):
            pass
firsts = list({item.language: item for item in reversed(items)}.values())
forms(firsts)  # one item per language: loads each language's tables (spaCy lookups, jieba, pymorphy3, ...)
t3 = time.perf_counter()
forms(items)
t4 = time.perf_counter()
print(json.dumps({"items": len(items), "import": t1 - t0, "read": t2 - t1, "tables": t3 - t2, "forms": t4 - t3}))
"""


def real_speed() -> str:
    """All four forms over every shared item corpus of the coverage table, in a fresh process (cold caches; the
    language tables, spaCy's lookups, jieba's and pymorphy3's dictionaries load on first use, as a user pays)."""
    paths = sorted({str(SHARED / rel) for _, rel in CORPORA if (SHARED / rel).exists()})
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", REAL_RUN, *paths], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return (f"speed on real data: all four forms over the {r['items']:,} items of the {len(paths)} shared corpora above "
            f"(7 languages), a fresh process: the languages' tables load once in {r['tables']:.2f} s, then the forms take "
            f"{r['forms']:.2f} s = {r['items'] / r['forms']:,.0f} items/s; end to end (interpreter, import {r['import']:.2f} s, "
            f"reading {r['read']:.2f} s, tables, forms) {wall:.2f} s = {r['items'] / wall:,.0f} items/s")


def coverage() -> list[tuple[str, int, dict[str, float]]]:
    rows = []
    for name, rel in CORPORA:
        path = SHARED / rel
        if not path.exists():
            continue
        items = list(wt.read(path))
        if name.startswith("pws "):  # one row per PWS language
            items = [i for i in items if i.language.split("-")[0] == name.split()[1]]
        shares = {}
        for form in FORMS:
            report = FormReport()
            for _ in derive(form, items, report):
                pass
            shares[form] = sum(report.derived.values()) / len(items)
        rows.append((name, len(items), shares))
    return rows


def portuguese(half: str | None = None) -> tuple:
    path = SHARED / "portuguese" / "portuguese_wsc.json"
    raw = {obj["question_id"]: obj for obj in json.loads(path.read_text(encoding="utf-8"))}
    ours, baseline = [], []
    lang = get_language("pt")
    for item in wt.read(path):
        if half is not None and half_of(schema_key(item)) != half:
            continue
        obj = raw[int(item.id.rsplit("-", 1)[1])]
        for k, (auto, fixed) in ((item.answer, ("correct_sentence", "manually_fixed_correct_sentence")),
                                 (1 - item.answer, ("incorrect_sentence", "manually_fixed_incorrect_sentence"))):
            try:
                text = lang.substitute(item, k)
            except wt.errors.FormError:
                text = ""
            ours.append((item.id, text, obj[fixed]))
            baseline.append((item.id, obj[auto], obj[fixed]))
    return compare(ours, "pt"), compare(baseline, "pt")


def russian_unseen() -> str:
    """The Russian gold set on its items that were outside the split the Russian rules were first written on.

    lang/ru was written looking at the PWS rows whose sha1(orig_id) is even, a split other than ``half_of``; of
    the gold set's test-half items, those with an odd sha1 were unseen under both splits."""
    entries = load_gold(GOLD / "ru.jsonl")
    rows = {i.id: i for i in wt.read(SHARED / "pws" / "pws.tsv")}
    unseen = [e for e in entries if int(hashlib.sha1(rows[e.id].meta["orig_id"].encode()).hexdigest(), 16) % 2]
    report = evaluate_gold(unseen, SHARED)
    shares = ", ".join(f"{form} {a.exact}/{a.compared} = {a.exact_share:.1%}" for (_, form), a in sorted(report.rows.items()))
    return (f"Russian gold set, the {len({e.id for e in unseen})} items outside the split lang/ru was first written on "
            f"(sha1 of orig_id odd; the other {len({e.id for e in entries}) - len({e.id for e in unseen})} may have been "
            f"looked at): exact {shares}")


def strictly_unseen(gold: list[Path]) -> list[str]:
    """Each gold set on its items whose text no tuning-half item of any shared corpus repeats.

    ``half_of`` splits each corpus's schemas, but some corpora copy each other (PDP's passages are in SuperGLUE's
    train set, the French collection is PWS's French column), so a test-half item may have a tuning-half copy."""
    tuning = set()
    for _, rel in [*CORPORA, ("superglue val", "superglue_wsc/val.jsonl")]:
        if (SHARED / rel).exists():
            tuning |= {premise_key(i.text) for i in wt.read(SHARED / rel) if half_of(schema_key(i)) == "tuning"}
    out = []
    for path in gold:
        entries = load_gold(path)
        texts = {}
        for source in {e.source for e in entries}:
            texts.update({(source, i.id): i.text for i in wt.read(SHARED / source)})
        kept = [e for e in entries if premise_key(texts[e.source, e.id]) not in tuning]
        report = evaluate_gold(kept, SHARED)
        shares = ", ".join(f"{form} {a.exact}/{a.compared} = {a.exact_share:.1%}" for (_, form), a in sorted(report.rows.items()))
        out.append(f"{path.stem} gold set, the {len({e.id for e in kept})} of {len({e.id for e in entries})} items no "
                   f"tuning-half item of any shared corpus repeats: exact {shares or 'none'}")
    return out


def ci(agreement: Agreement) -> str:
    lo, hi = agreement.interval()
    return f"(95% CI {lo:.1%}-{hi:.1%})"


def gap(name: str, tuning: Agreement, test: Agreement) -> str:
    """The tuning-test gap and how likely chance alone makes one as large (two-sided Fisher exact test)."""
    from scipy.stats import fisher_exact

    table = [[tuning.exact, tuning.compared - tuning.exact], [test.exact, test.compared - test.exact]]
    p = fisher_exact(table)[1]
    return (f"{name} tuning - test gap: {100 * (tuning.exact_share - test.exact_share):+.1f} points; Fisher exact "
            f"p = {p:.2f} (a gap this size or larger arises by chance with probability p at these sizes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=40_000)
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    lines = []
    elapsed, rate = speed(args.items)
    lines.append(f"speed: all four forms over {args.items:,} WinoGrande-like items in {elapsed:.2f} s = {rate:,.0f} items/s "
                 "(one process, after reading; generated from one sentence template over a few dozen words, so word "
                 "caches are warm: an upper bound)")
    if SHARED.is_dir():
        lines.append(real_speed())
    table = ["| corpus | items | " + " | ".join(FORMS) + " |", "|---|---|" + "---|" * len(FORMS)]
    gold_table: list[str] = []
    if SHARED.is_dir():
        for name, n, shares in coverage():
            table.append(f"| {name} | {n} | " + " | ".join(f"{shares[f]:.1%}" for f in FORMS) + " |")
        wsc = list(wt.read(SHARED / "wsc" / "WSCollection.xml"))
        pdp = list(wt.read(SHARED / "pdp" / "PDPChallenge2016.xml"))
        pairs = list(wt.read(SHARED / "wnli" / "dev.tsv"))
        halves = {}
        for half in HALVES:
            agreement = halves[half] = wnli_agreement(wsc + pdp, pairs, half=half)
            lines.append(
                f"WNLI dev hypotheses vs ours, premises from WSC285 + PDP, {half or 'both halves'}: {agreement.compared} pairs; "
                f"exact match {agreement.exact}/{agreement.compared} = {agreement.exact_share:.1%} {ci(agreement)}, "
                f"token F1 {agreement.mean_f1:.3f}"
            )
        lines.append(gap("WNLI", halves["tuning"], halves["test"]))
        for half in HALVES:
            ours, base = halves[half] = portuguese(half)
            lines.append(
                f"Portuguese disambiguated vs manually_fixed_*, {half or 'both halves'} ({ours.compared} sentences): exact "
                f"{ours.exact_share:.1%} {ci(ours)}, token F1 {ours.mean_f1:.3f}; the release's automatic sentences: exact "
                f"{base.exact_share:.1%}, F1 {base.mean_f1:.3f}"
            )
        lines.append(gap("Portuguese", halves["tuning"][0], halves["test"][0]))
        gold = sorted(GOLD.glob("*.jsonl"))
        if gold:
            report = evaluate_gold([e for path in gold for e in load_gold(path)], SHARED)
            gold_table = report.table()
            lines.append(russian_unseen())
            lines.extend(strictly_unseen(gold))
            pdp = evaluate_gold([e for e in load_gold(GOLD / "en.jsonl") if e.source.startswith("pdp/")], SHARED)
            lines.append("en gold set, PDP's long literary passages only: " + ", ".join(
                f"{form} {a.exact}/{a.compared} = {a.exact_share:.1%} (F1 {a.mean_f1:.3f})" for (_, form), a in sorted(pdp.rows.items())))
    print("\n".join(lines))
    print("\n".join(table))
    print("\n".join(gold_table))
    if args.write_md:
        record(lines, table, gold_table, args)


def record(lines: list[str], table: list[str], gold_table: list[str], args: argparse.Namespace) -> None:
    write_section(
        "Derived forms (issue #3)",
        f"Command: `python tests/benchmarks/bench_forms.py --items {args.items} --write-md`  \n"
        f"Machine: {machine()}. Targets: >= 2,000 items/s; WNLI exact >= 80%, F1 > 0.9; tuning and test halves within a few points (issue #13).\n\n"
        + "".join(f"- {line}\n" for line in lines)
        + "\nCoverage: share of items each form could be derived for (the rest are reported with a reason).\n\n"
        + "\n".join(table)
        + ("\n\nGold sets (tests/gold/, hand-checked, from corpora the rules were not tuned on): exact match and token F1 "
           "of our forms against them; a refusal the gold expects counts as a match.\n\n" + "\n".join(gold_table)
           + "\n\n" + GOLD_NOTES
           if gold_table else ""),
    )


if __name__ == "__main__":
    main()
