"""Benchmark of the PMI index (issue #4): build throughput, scaling, memory, size and query latency.

Targets: Chinese end to end (XML → text → OpenCC → jieba → index) at >= 85% of jieba's own
throughput on the same extracted text, per process; >= 1.8x faster with 2 processes than 1;
English end to end >= 1M tokens/s per process; a pair query under 10 ms for median-frequency terms.

- Chinese ratio: the real zhwiki sample, in this process, median of ``--repeat`` alternated runs
  (segmenter memo cleared before each build; jieba's dictionary loaded beforehand for both).
- 1 vs 2 processes: a synthetic dump of ``--copies`` copies of the real zhwiki pages, built in fresh
  subprocesses with the segmentation memo off (copies would otherwise hit it: not real work).
- English: the real enwiki sample in a fresh subprocess, start-up apart, built twice (cold memo, then
  warm), plus the cost of each stage in this process.
- Memory: peak RSS of the build processes; size: bytes on disk per token.

    python tests/benchmarks/bench_pmi.py [--copies 80] [--repeat 3] [--scaling-repeat 3] [--write-md]

End to end at realistic size (issue #8): ``--end-to-end`` times the ``wino pmi index`` command itself, a
fresh process start-up included, on ``../shared/corpora/wikitext/bench/`` (23 MB of zhwiki and 49 MB of
enwiki WikiExtractor output, text the code was not tuned on; no repeated copies, which the memo would
make free), against ``jieba.lcut`` alone and OpenCC t2s + ``jieba.lcut`` in fresh processes on the same
extracted text (its loading not timed; their start-up reported apart), runs alternated, the ratio taken
within each round. Also: the start-up of a build (a one-paragraph input) and of ``wino pmi query``.

    python tests/benchmarks/bench_pmi.py --end-to-end [--repeat 3]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("WINO_SHARED_CORPORA", HERE.parents[2] / "shared" / "corpora"))
ZH = SHARED / "wikidump" / "zhwiki-test-pages.xml"
EN = SHARED / "wikidump" / "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"
TITLE = "## PMI index (issue #4)"
ZHWIKI_CHARS = 450e6  # brief's size of a full zhwiki (characters of article text)
ENWIKI_TOKENS = 4.5e9  # assumption: ~6.9 M articles x ~650 kept tokens (words/numbers, no punctuation)


# --- child process: one build, timed --------------------------------------------------------------

def child(args: argparse.Namespace) -> None:
    import threading

    import psutil

    from wino_toolkit.baselines.pmi.index import build_index
    from wino_toolkit.baselines.pmi.segment import segmenter_from_spec

    me = psutil.Process()
    peak = {"main": 0, "worker": 0}
    cpu: dict[int, float] = {}  # last CPU seconds seen per descendant
    stop = threading.Event()

    def sample() -> None:  # pool workers are the forkserver's children: RUSAGE_CHILDREN misses them
        while not stop.wait(0.05):
            peak["main"] = max(peak["main"], me.memory_info().rss)
            for proc in me.children(recursive=True):
                try:
                    peak["worker"] = max(peak["worker"], proc.memory_info().rss)
                    times = proc.cpu_times()
                    cpu[proc.pid] = times.user + times.system
                except psutil.Error:
                    pass

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    timings = {}
    if args.twice:  # start-up apart: load the segmenter first, then build the same input twice
        start = time.perf_counter()
        segmenter_from_spec(args.lang)
        timings["startup"] = time.perf_counter() - start
    start, cpu_start = time.perf_counter(), time.process_time()
    out = build_index(args.input, args.out, language=args.lang, processes=args.processes, batch_docs=args.batch_docs)
    timings["elapsed"], timings["cpu_self"] = time.perf_counter() - start, time.process_time() - cpu_start
    if args.twice:
        start, cpu_start = time.perf_counter(), time.process_time()
        build_index(args.input, args.out + "-again", language=args.lang, processes=args.processes,
                    batch_docs=args.batch_docs)
        timings["elapsed_again"] = time.perf_counter() - start
        timings["cpu_again"] = time.process_time() - cpu_start
    stop.set()
    sampler.join()
    meta = json.loads((Path(out) / "meta.json").read_text())
    size = sum(f.stat().st_size for f in Path(out).iterdir() if f.is_file())
    print(json.dumps({
        **timings, "tokens": meta["n_tokens"], "chars": meta["n_chars"], "terms": meta["n_terms"],
        "docs": meta["n_docs"], "bytes": size,
        "rss_main": max(peak["main"], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024),
        "rss_worker": peak["worker"],
        "cpu": sum(cpu.values()) + sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),
    }))


def wait_idle(limit: float = 900) -> bool:
    """Wait until no other process uses the CPUs (others' test runs would distort every timing)."""
    import psutil

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if psutil.cpu_percent(interval=2) < 8:
            return True
    return False


BUSY: list[str] = []  # measurements started on a machine that never became idle


def run_child(path: Path, out: Path, lang: str, processes: int, batch_docs: int, memo: bool = True,
              twice: bool = False) -> dict:
    if not wait_idle():
        BUSY.append(f"{lang} x{processes}")
    env = dict(os.environ)
    if not memo:
        env["WINO_PMI_MEMO_CHARS"] = "0"
    cmd = [sys.executable, __file__, "--child", "--input", str(path), "--out", str(out), "--lang", lang,
           "--processes", str(processes), "--batch-docs", str(batch_docs)] + (["--twice"] if twice else [])
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- Chinese --------------------------------------------------------------------------------------

def chinese_ratio(repeat: int, tmp: Path) -> dict:
    """Our end to end chars/s vs jieba.lcut on the same extracted text (and on its t2s conversion)."""
    import logging

    import jieba
    import opencc

    from wino_toolkit.baselines.pmi.index import build_index
    from wino_toolkit.baselines.pmi.segment import _cached_segmenter, get_segmenter
    from wino_toolkit.baselines.pmi.sources import iter_documents

    jieba.setLogLevel(logging.WARNING)
    texts = [d.text for d in iter_documents(ZH)]
    chars = sum(map(len, texts))
    simplified = [opencc.OpenCC("t2s").convert(t) for t in texts]
    jieba.lcut("预热")
    ours, bare, bare_s, no_memo = [], [], [], []
    for k in range(repeat):
        start = time.perf_counter()
        for t in texts:
            jieba.lcut(t)
        bare.append(time.perf_counter() - start)
        start = time.perf_counter()
        for t in simplified:
            jieba.lcut(t)
        bare_s.append(time.perf_counter() - start)
        for memo, times in ((True, ours), (False, no_memo)):
            _cached_segmenter.cache_clear()
            seg = get_segmenter("zh")
            seg("预热")  # jieba's dictionary loaded, memo (almost) empty
            if not memo:
                seg._remember = lambda learnt: None
            start = time.perf_counter()
            build_index(ZH, tmp / f"zh{k}{memo}", language="zh", processes=1, batch_docs=8)
            times.append(time.perf_counter() - start)
    _cached_segmenter.cache_clear()
    med = {name: statistics.median(v) for name, v in
           (("ours", ours), ("bare", bare), ("bare_s", bare_s), ("no_memo", no_memo))}
    return {"chars": chars, "docs": len(texts), **{k: chars / v for k, v in med.items()}}


def synthetic_dump(copies: int, path: Path) -> None:
    """The real zhwiki pages ``copies`` times (fresh page ids and titles), as one MediaWiki export."""
    raw = ZH.read_text(encoding="utf-8")
    first, last = raw.index("<page>"), raw.rindex("</page>") + len("</page>")
    pages = re.findall(r"<page>.*?</page>", raw[first:last], flags=re.S)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(raw[:first])
        for c in range(copies):
            for k, page in enumerate(pages):
                page = re.sub(r"<title>(.*?)</title>", rf"<title>\1 {c}</title>", page, count=1)
                fh.write(re.sub(r"<id>\d+</id>", f"<id>{(c + 1) * 100000 + k}</id>", page, count=1) + "\n")
        fh.write(raw[last:])


def chinese_scaling(copies: int, repeat: int, tmp: Path) -> dict:
    """Fastest of ``repeat`` alternated runs with 1 and 2 processes (the minimum is the least disturbed)."""
    path = tmp / "zh-synthetic.xml"
    synthetic_dump(copies, path)
    runs: dict[int, list[dict]] = {1: [], 2: []}
    for k in range(repeat):
        for processes in (1, 2):
            runs[processes].append(run_child(path, tmp / f"zh-p{processes}-{k}", "zh", processes, 20, memo=False))
    one, two = (min(runs[p], key=lambda r: r["elapsed"]) for p in (1, 2))
    two_memo = run_child(path, tmp / "zh-p2m", "zh", 2, 20, memo=True)
    return {"mb": path.stat().st_size / 1e6, "one": one, "two": two, "two_memo": two_memo, "index": tmp / "zh-p1-0"}


# --- English --------------------------------------------------------------------------------------

def english(tmp: Path) -> dict:
    import spacy

    from wino_toolkit.baselines.pmi.index import Spec, index_batch
    from wino_toolkit.baselines.pmi.segment import get_segmenter
    from wino_toolkit.baselines.pmi.sources import iter_documents

    cold = run_child(EN, tmp / "en", "en", 1, 1000, twice=True)
    start = time.perf_counter()
    texts = [d.text for d in iter_documents(EN)]
    read = time.perf_counter() - start
    seg = get_segmenter("en")
    seg._reset()
    start = time.perf_counter()
    enc = seg.encode(texts)
    seg_cold = time.perf_counter() - start
    start = time.perf_counter()
    seg.encode(texts)
    seg_warm = time.perf_counter() - start
    start = time.perf_counter()
    index_batch(Spec("en", 10), 0, texts)
    batch_warm = time.perf_counter() - start
    tokens = len(enc.ids)
    chunks = [c for t in texts for c in t.split()]
    misses_cold = len(set(chunks)) / len(chunks)
    miss_cost = (seg_cold - seg_warm) / len(set(chunks))
    tokenizer = spacy.blank("en").tokenizer
    spacy_tokens = sum(len(tokenizer(t)) - sum(tok.is_space for tok in tokenizer(t)) for t in texts)
    return {"cold": cold, "tokens": tokens, "spacy_tokens": spacy_tokens, "read": read, "seg_cold": seg_cold,
            "seg_warm": seg_warm, "index": batch_warm - seg_warm, "miss_cold": misses_cold, "miss_cost": miss_cost,
            "heaps": heaps_miss_rate(chunks), "dir": tmp / "en"}


def heaps_miss_rate(chunks: list[str], memo: int = 1 << 20) -> tuple[float, float]:
    """Heaps' law U(n) = K n^b fitted on the sample's chunk stream; a memo cleared when it holds
    ``memo`` chunks would miss about memo / n(memo) of the tokens, an upper bound for the segmenter's
    two generations (a chunk of the previous one is moved forward, not tokenized again).
    Returns (b, miss rate)."""
    seen: set[str] = set()
    points = []
    marks = {len(chunks) // 4, len(chunks)}
    for n, c in enumerate(chunks, 1):
        seen.add(c)
        if n in marks:
            points.append((n, len(seen)))
    (n1, u1), (n2, u2) = points
    b = np.log(u2 / u1) / np.log(n2 / n1)
    k = u2 / n2 ** b
    return float(b), float(memo / (memo / k) ** (1 / b))


# --- queries --------------------------------------------------------------------------------------

def latency(path: Path, seed: int = 0, pairs: int = 300) -> dict[str, tuple[float, float, int]]:
    """Median and p95 ms of ``pmi(a, b)`` for pairs of terms drawn from frequency bands."""
    from wino_toolkit.baselines.pmi.query import PMIIndex

    idx = PMIIndex.open(path)
    terms = list(idx.terms())
    freq = np.diff(np.load(path / "offsets.npy"))
    order = np.argsort(freq, kind="stable")
    rng = random.Random(seed)
    bands = {"median (p45-p55)": (0.45, 0.55), "p90-p95": (0.90, 0.95), "p99-p99.5": (0.99, 0.995),
             "top 0.1%": (0.999, 1.0)}
    out = {}
    idx.pmi(terms[0], terms[-1])  # opens the maps and the normaliser
    for name, (lo, hi) in bands.items():
        band = order[int(lo * len(order)):max(int(hi * len(order)), int(lo * len(order)) + 2)]
        times = []
        for _ in range(pairs):
            a, b = rng.sample(list(band), 2)
            start = time.perf_counter()
            idx.pmi(terms[a], terms[b])
            times.append((time.perf_counter() - start) * 1e3)
        out[name] = (statistics.median(times), float(np.percentile(times, 95)), int(np.median(freq[band])))
    return out


# --- end to end at realistic size ---------------------------------------------------------------

BENCH = SHARED / "wikitext" / "bench"
WINO = [sys.executable, "-m", "wino_toolkit.cli"]
# jieba (with OpenCC t2s when argv[2] is "t2s") over the texts of the JSON file argv[1]; reading not timed
JIEBA = r"""
import json, logging, sys, time
t0 = time.perf_counter()
import jieba
jieba.setLogLevel(logging.WARNING)
convert = None
if sys.argv[2] == "t2s":
    import opencc
    convert = opencc.OpenCC("t2s").convert
jieba.initialize()
t1 = time.perf_counter()
with open(sys.argv[1], encoding="utf-8") as fh:
    texts = json.load(fh)
t2 = time.perf_counter()
for text in texts:
    jieba.lcut(convert(text) if convert else text)
print(json.dumps({"startup": t1 - t0, "run": time.perf_counter() - t2}))
"""


def wino_index(files: list[Path], lang: str, out: Path, processes: int, cwd: Path) -> tuple[float, dict]:
    """Wall time of one ``wino pmi index`` process (start-up, reading, segmenting, merging) and its meta."""
    import shutil

    shutil.rmtree(out, ignore_errors=True)
    cmd = [*WINO, "pmi", "index", *map(str, files), "--lang", lang, "-o", str(out), "--processes", str(processes),
           "--no-resume"]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=cwd)  # outside the checkout (forkserver)
    elapsed = time.perf_counter() - start
    meta = json.loads((out / "meta.json").read_text())
    return elapsed, meta


def jieba_alone(texts_json: Path, mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", JIEBA, str(texts_json), mode], check=True, capture_output=True,
                          text=True, cwd=texts_json.parent)
    return json.loads(done.stdout)


def span(values: list[float], fmt: str) -> str:
    lo, hi = min(values), max(values)
    return f"{fmt.format(statistics.median(values))} ({fmt.format(lo)}-{fmt.format(hi)})"


def end_to_end(repeat: int, tmp: Path) -> list[str]:
    from wino_toolkit.baselines.pmi.sources import iter_documents

    zh_files, en_files = sorted((BENCH / "zh").iterdir()), sorted((BENCH / "en").iterdir())
    zh_mb, en_mb = (sum(f.stat().st_size for f in fs) / 1e6 for fs in (zh_files, en_files))
    texts = [d.text for f in zh_files for d in iter_documents(f)]
    texts_json = tmp / "zh-texts.json"
    texts_json.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    chars = sum(map(len, texts))
    del texts
    runs: dict[str, list] = {k: [] for k in ("zh1", "jieba", "t2s", "en1")}
    for _ in range(repeat):  # alternated: each round meets the same machine load
        runs["zh1"].append(wino_index(zh_files, "zh", tmp / "zh.idx", 1, tmp))
        runs["jieba"].append(jieba_alone(texts_json, "plain"))
        runs["t2s"].append(jieba_alone(texts_json, "t2s"))
        runs["en1"].append(wino_index(en_files, "en", tmp / "en.idx", 1, tmp))
    zh2 = wino_index(zh_files, "zh", tmp / "zh.idx", 2, tmp)
    en2 = wino_index(en_files, "en", tmp / "en.idx", 2, tmp)
    tiny = tmp / "tiny.txt"
    tiny.write_text("The women paid for the books. 女人们付了书钱。\n", encoding="utf-8")
    startup = {lang: [wino_index([tiny], lang, tmp / f"tiny-{lang}.idx", 1, tmp)[0] for _ in range(3)]
               for lang in ("en", "zh")}
    query = {}
    for lang, words in (("en", ("paid", "money")), ("zh", ("花瓶", "高"))):
        times = []
        for _ in range(4):
            start = time.perf_counter()
            subprocess.run([*WINO, "pmi", "query", str(tmp / f"tiny-{lang}.idx"), *words], check=True,
                           capture_output=True, cwd=tmp)
            times.append(time.perf_counter() - start)
        query[lang] = times[1:]  # the first one warms the file system cache
    zh_meta, en_meta = runs["zh1"][0][1], runs["en1"][0][1]
    assert zh_meta["n_chars"] == chars, (zh_meta["n_chars"], chars)
    ours = [chars / t for t, _ in runs["zh1"]]
    bare = [chars / r["run"] for r in runs["jieba"]]
    t2s = [chars / r["run"] for r in runs["t2s"]]
    en_rates = [en_meta["n_tokens"] / t for t, _ in runs["en1"]]
    return [
        f"Chinese end to end, `wino pmi index --lang zh --processes 1` ({zh_mb:.0f} MB of zhwiki WikiExtractor output, "
        f"{zh_meta['n_docs']:,} articles, {chars:,} characters of text, {zh_meta['n_tokens']:,} tokens; {repeat} "
        f"alternated rounds, median (min-max)): {span([t for t, _ in runs['zh1']], '{:.1f}')} s = "
        f"{span(ours, '{:,.0f}')} chars/s, start-up included",
        f"jieba.lcut alone on the same extracted text, fresh process: {span(bare, '{:,.0f}')} chars/s (its import "
        f"and dictionary load, {statistics.median(r['startup'] for r in runs['jieba']):.1f} s, not counted); "
        f"OpenCC t2s + jieba.lcut: {span(t2s, '{:,.0f}')} chars/s",
        f"Ratios within each round: end to end / jieba alone **{span([o / b for o, b in zip(ours, bare)], '{:.2f}')}x**; "
        f"end to end / (OpenCC t2s + jieba) **{span([o / b for o, b in zip(ours, t2s)], '{:.2f}')}x**",
        f"Chinese with 2 processes: {zh2[0]:.1f} s = {chars / zh2[0]:,.0f} chars/s "
        f"({statistics.median(t for t, _ in runs['zh1']) / zh2[0]:.2f}x the median 1-process time; one run)",
        f"English end to end, `wino pmi index --lang en --processes 1` ({en_mb:.0f} MB of enwiki WikiExtractor "
        f"output, {en_meta['n_docs']:,} articles, {en_meta['n_tokens']:,} kept tokens): "
        f"{span([t for t, _ in runs['en1']], '{:.1f}')} s = **{span([r / 1e6 for r in en_rates], '{:.2f}')} M "
        f"tokens/s**, start-up included; 2 processes: {en2[0]:.1f} s = {en_meta['n_tokens'] / en2[0] / 1e6:.2f} M "
        f"tokens/s (one run)",
        f"Start-up: a whole `wino pmi index` of a one-line input takes {span(startup['en'], '{:.2f}')} s (en) and "
        f"{span(startup['zh'], '{:.2f}')} s (zh), interpreter, imports, rules and merge included (no torch import); "
        f"`wino pmi query IDX w1 w2` answers in {span(query['en'], '{:.2f}')} s (en) and "
        f"{span(query['zh'], '{:.2f}')} s (zh)",
    ]


# --- report ---------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scaling-repeat", type=int, default=3)
    parser.add_argument("--write-md", action="store_true")
    parser.add_argument("--end-to-end", action="store_true", help="end to end on the realistic inputs (issue #8)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    for name in ("--input", "--out", "--lang"):
        parser.add_argument(name, help=argparse.SUPPRESS)
    parser.add_argument("--processes", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--batch-docs", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--twice", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args)
    if args.end_to_end:
        with tempfile.TemporaryDirectory() as tmp:
            lines = end_to_end(args.repeat, Path(tmp))
        print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
              f"{platform.system()}; measured {time.strftime('%Y-%m-%d %H:%M')}")
        print("\n".join(f"- {line}" for line in lines))
        return None
    with tempfile.TemporaryDirectory() as tmp:
        lines = measure(args, Path(tmp))
    print("\n".join(lines))
    if args.write_md:
        record(lines, args)


def measure(args: argparse.Namespace, tmp: Path) -> list[str]:
    wait_idle()
    zh = chinese_ratio(args.repeat, tmp)
    sc = chinese_scaling(args.copies, args.scaling_repeat, tmp)
    en = english(tmp)
    one, two, two_memo = sc["one"], sc["two"], sc["two_memo"]
    speedup = one["elapsed"] / two["elapsed"]
    per_proc_zh = one["chars"] / one["elapsed"]
    cold = en["cold"]
    en_rate, en_again = cold["tokens"] / cold["elapsed"], cold["tokens"] / cold["elapsed_again"]
    t = en["tokens"]
    read_us, warm_us, index_us = (en[k] / t * 1e6 for k in ("read", "seg_warm", "index"))
    b, miss = en["heaps"]
    miss_us = en["miss_cost"] * 1e6
    again_us = cold["elapsed_again"] / t * 1e6
    steady_us = again_us + miss * miss_us  # wall time per token, one process
    steady_cpu_us = cold["cpu_again"] / t * 1e6 + miss * miss_us  # both threads' CPU per token
    en_lat, zh_lat = latency(en["dir"]), latency(sc["index"])
    zh_bpt = one["bytes"] / one["tokens"]
    en_bpt = cold["bytes"] / cold["tokens"]
    zh_hours = ZHWIKI_CHARS / (per_proc_zh * speedup) / 3600
    zh_tokens_full = ZHWIKI_CHARS * one["tokens"] / one["chars"]
    # 2 cores: the reading (bz2 + XML + wikitext) stays in the main process, the rest splits over 2 workers;
    # all of it shares the 2 cores
    en_seconds = ENWIKI_TOKENS * max(read_us, steady_cpu_us / 2) / 1e6
    mib = 1 << 20
    lines = [
        f"Chinese end to end, 1 process (real zhwiki sample: {zh['docs']} articles, {zh['chars']:,} characters of "
        f"text; median of {args.repeat}): {zh['ours']:,.0f} chars/s vs jieba.lcut on the same extracted text "
        f"{zh['bare']:,.0f} chars/s = **{zh['ours'] / zh['bare']:.0%}** of jieba (target >= 85%). "
        f"Without the segmentation memo: {zh['no_memo']:,.0f} chars/s = {zh['no_memo'] / zh['bare']:.0%}. "
        f"(jieba on the text after OpenCC t2s: {zh['bare_s']:,.0f} chars/s = {zh['ours'] / zh['bare_s']:.0%}; jieba "
        f"is faster on Simplified text, which the pipeline feeds it)",
        f"Chinese 1 vs 2 processes (synthetic dump: the sample's pages x {args.copies}, {sc['mb']:.0f} MB XML, "
        f"{one['chars']:,} chars, {one['tokens']:,} tokens; memo off so that copies cost real work): "
        f"1 process {one['elapsed']:.1f} s ({per_proc_zh:,.0f} chars/s), 2 processes {two['elapsed']:.1f} s = "
        f"**{speedup:.2f}x** (target >= 1.8x; fastest of {args.scaling_repeat} alternated runs each); CPU time of all "
        f"processes {one['cpu']:.1f} s vs {two['cpu']:.1f} s (parallel run {two['cpu'] / one['cpu'] - 1:+.0%}: worker "
        f"start-up and sending texts cost less than the run-to-run noise of this shared machine); 2 processes with the memo (copies hit it) "
        f"{two_memo['elapsed']:.1f} s",
        f"English end to end, 1 process (real enwiki sample, bz2: {cold['docs']} articles, {cold['tokens']:,} kept "
        f"tokens = words and numbers; spaCy's tokenizer yields {en['spacy_tokens']:,} tokens with punctuation): "
        f"start-up {cold['startup']:.1f} s once per process (spaCy's rules, the lemma table, affix sub-expressions), "
        f"then with a cold memo (every chunk new; {en['miss_cold']:.0%} of this sample's tokens are first-seen chunks) "
        f"**{en_rate:,.0f} tokens/s**, and building the same dump again in the same process (memo warm: every chunk "
        f"known) **{en_again:,.0f} tokens/s** (target >= 1M tokens/s: "
        f"{'met' if en_rate >= 1e6 else 'met only once the memo is warm' if en_again >= 1e6 else 'not met'}). "
        f"CPU time incl. the decompression thread: {cold['cpu_self']:.2f} s and {cold['cpu_again']:.2f} s for "
        f"{cold['elapsed']:.2f} s and {cold['elapsed_again']:.2f} s of wall time",
        f"English per token: reading (bz2 in a thread + XML + wikitext to text, sources.py) {read_us:.2f} µs, "
        f"segmentation with a warm memo {warm_us:.2f} µs, a first-seen chunk (spaCy's algorithm over its rules, "
        f"chunks.py, + lemma) {miss_us:.1f} µs, indexing {index_us:.2f} µs",
        f"English steady state (estimate from the measured costs, not a measurement): Heaps' law fitted on the "
        f"sample (b = {b:.2f}) gives at most {miss:.1%} first-seen chunks once the 1M-chunk memo generations are "
        f"full on a large dump: {again_us:.2f} + {miss:.3f} x {miss_us:.1f} = {steady_us:.2f} µs/token = "
        f"**{1e6 / steady_us:,.0f} tokens/s** per process",
        f"Index size: {en_bpt:.1f} bytes/token (English sample, {cold['terms']:,} terms), {zh_bpt:.1f} bytes/token "
        f"(synthetic Chinese, {one['terms']:,} terms): 8 bytes/token of postings + the vocabulary",
        f"Build memory (peak RSS): English 1 process {cold['rss_main'] / mib:.0f} MiB for {cold['tokens'] / 1e6:.2f} M "
        f"tokens; Chinese synthetic 1 process {one['rss_main'] / mib:.0f} MiB for {one['tokens'] / 1e6:.2f} M tokens, "
        f"2 processes main {two['rss_main'] / mib:.0f} MiB + worker {two['rss_worker'] / mib:.0f} MiB. Memory does not "
        f"grow with the corpus: a worker holds one batch (~75 bytes/token at its peak), its memo (two generations of <= 1M chunks) and "
        f"segmenter tables; the merge holds the vocabulary (~150 bytes/term) + 256 MiB of postings buffer",
        "Pair query latency, `pmi(a, b)` incl. normalising both words (median / p95 ms, median term frequency): "
        + "; ".join(f"English {k}: {m:.3f} / {p:.3f} (f={f})" for k, (m, p, f) in en_lat.items()) + "; "
        + "; ".join(f"Chinese synthetic {k}: {m:.3f} / {p:.3f} (f={f})" for k, (m, p, f) in zh_lat.items()),
        f"Extrapolation to a full zhwiki (~450 M characters of text, ~{zh_tokens_full / 1e6:.0f} M tokens) on this "
        f"machine (2 cores): {zh_hours:.1f} h with the memo off (an upper bound: the memo helped "
        f"{zh['ours'] / zh['no_memo']:.2f}x on the real sample), index ~{zh_tokens_full * zh_bpt / 1e9:.1f} GB",
        f"Extrapolation to a full enwiki (assumed 4.5 G kept tokens: ~6.9 M articles x ~650 words/numbers) on 2 "
        f"cores: ~{en_seconds / 3600:.1f} h ({steady_cpu_us:.2f} µs of CPU per token at the steady state above, "
        f"spread over both cores), index ~{ENWIKI_TOKENS * 8 / 1e9:.0f} GB of postings",
    ]
    if BUSY:
        lines.append(f"Caution: other processes kept the CPUs busy during: {', '.join(BUSY)}")
    return lines


def record(lines: list[str], args: argparse.Namespace) -> None:
    sys.path.insert(0, str(HERE))
    from bench_md import machine, write_section

    write_section(
        TITLE.removeprefix("## "),
        f"Command: `python tests/benchmarks/bench_pmi.py --copies {args.copies} --repeat {args.repeat} "
        f"--scaling-repeat {args.scaling_repeat} --write-md`  \n"
        f"Machine: {machine()}. Targets: Chinese >= 85% of jieba per process, >= 1.8x with 2 processes; English "
        ">= 1M tokens/s per process; pair query < 10 ms for median-frequency terms. Ratios are measured in one "
        "run.\n\n" + "".join(f"- {line}\n" for line in lines),
    )


if __name__ == "__main__":
    main()
