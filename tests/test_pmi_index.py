"""PMI index: exact window counts (against brute force), build/merge/resume, Dask, segmenters, queries.

Corpora are generated here (plain-text inputs, one document per paragraph); the real dump samples in
../shared/corpora/wikidump are built once per module in the slow tests.
"""
from __future__ import annotations

import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import SHARED

from wino_toolkit.baselines.pmi import batch as index_module
from wino_toolkit.baselines.pmi import partials as partials_module
from wino_toolkit.baselines.pmi import query as query_module
from wino_toolkit.baselines.pmi.index import ARRAYS, Spec, build_index, index_batch
from wino_toolkit.baselines.pmi.postings import intersection_size, intervals, merge, union_sizes, window_bases
from wino_toolkit.baselines.pmi.query import PMIIndex
from wino_toolkit.baselines.pmi.segment import get_segmenter
from wino_toolkit.errors import MissingDependencyError, UnknownNameError, WinoError, WinoWarning

SAMPLES = {
    "en": "wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2",
    "zh": "wikidump/zhwiki-test-pages.xml",
}
WORDS = ["cat", "dog", "sun", "moon", "tree", "river", "stone", "bird", "lamp", "road", "cloud", "fish"]


# -- brute force ----------------------------------------------------------------------------------


def brute_windows(docs: list[list[str]], s: int) -> list[set[str]]:
    """Every window of the corpus as a set of terms, straight from the definition."""
    out = []
    for tokens in docs:
        if tokens:
            out.extend(set(tokens[i:i + s]) for i in range(max(1, len(tokens) - s + 1)))
    return out


def brute_count(windows: list[set[str]], *terms: str) -> int:
    return sum(all(t in w for t in terms) for w in windows)


def brute_count_docs(docs: list[list[str]], s: int, *terms: str) -> int:
    """``brute_count`` without materialising the windows (for the real samples' half million tokens)."""
    total = 0
    for tokens in docs:
        if tokens and set(terms) <= set(tokens):
            total += sum(all(t in tokens[i:i + s] for t in terms) for i in range(max(1, len(tokens) - s + 1)))
    return total


def write_corpus(path: Path, docs: list[list[str]]) -> Path:
    """A plain-text input: one paragraph per document (words separated by spaces)."""
    path.write_text("\n\n".join(" ".join(d) for d in docs) + "\n", encoding="utf-8")
    return path


def random_docs(rng: random.Random, n_docs: int, max_len: int, vocab: list[str] = WORDS) -> list[list[str]]:
    weights = [1 / (k + 1) for k in range(len(vocab))]  # Zipf-like: frequent and rare terms
    return [rng.choices(vocab, weights, k=rng.randint(1, max_len)) for _ in range(n_docs)]


def arrays(path: Path) -> dict[str, np.ndarray]:
    out = {name: np.load(path / name) for name in ARRAYS}
    out["vocab"] = (path / "vocab.txt").read_text(encoding="utf-8")
    return out


def assert_same_index(a: Path, b: Path) -> None:
    left, right = arrays(a), arrays(b)
    for name in left:
        assert np.array_equal(left[name], right[name]), name
    meta_a, meta_b = (json.loads((p / "meta.json").read_text()) for p in (a, b))
    assert meta_a == meta_b


# -- windowing maths against brute force ------------------------------------------------------------


def test_postings_maths_equal_brute_force_on_random_documents():
    """Per-term window counts and pair intersections from intervals equal counting windows one by one."""
    rng = random.Random(1234)
    for _ in range(300):
        s = rng.randint(1, 7)
        docs = [[rng.randrange(5) for _ in range(rng.randint(0, 15))] for _ in range(rng.randint(1, 6))]
        lengths = np.array([len(d) for d in docs])
        bases = window_bases(lengths, s)
        windows = brute_windows([[str(t) for t in d] for d in docs], s)
        spans = {}
        for term in range(5):
            occ = [(d, p) for d, doc in enumerate(docs) for p, t in enumerate(doc) if t == term]
            if not occ:
                continue
            doc_ids, pos = (np.array(x, dtype=np.int64) for x in zip(*occ))
            start, stop = intervals(doc_ids, pos, lengths, bases, s)
            assert union_sizes(start, stop, np.array([0, len(occ)]))[0] == brute_count(windows, str(term))
            spans[term] = merge(start, stop)
        for a in spans:
            for b in spans:
                assert intersection_size(*spans[a], *spans[b]) == brute_count(windows, str(a), str(b))


def test_union_sizes_handles_many_groups_at_once():
    """Groups are independent: a group's first interval never inherits the previous group's end."""
    start = np.array([0, 2, 0, 5, 1])
    stop = np.array([3, 4, 2, 6, 9])
    assert union_sizes(start, stop, np.array([0, 2, 4, 5])).tolist() == [4, 3, 8]


# -- build and query ------------------------------------------------------------------------------


def test_tiny_example_from_the_module_docstring(tmp_path):
    """s=3: "a b c a" | "b d" → windows [a b c] [b c a] [b d]: df(a)=2, df(b)=3, a&b=2, a&d=0.

    (a, b, c, d = sun, moon, star, tree: single letters are not words to the lemmatizer, "d" → "have".)
    """
    a, b, c, d = "sun", "moon", "star", "tree"
    src = write_corpus(tmp_path / "tiny.txt", [[a, b, c, a], [b, d]])
    idx = PMIIndex.open(build_index(src, tmp_path / "idx", language="en", window=3, processes=1))
    assert (idx.n_docs, idx.n_tokens, idx.n_windows, idx.n_terms) == (2, 6, 3, 4)
    assert [idx.windows_with(t) for t in (a, b, c, d)] == [2, 3, 2, 1]
    assert idx.windows_with_both(a, b) == 2
    assert idx.windows_with_both(a, d) == 0
    assert idx.pmi(a, b) == 0.0
    assert idx.pmi(c, a) == pytest.approx(math.log2(2 * 3 / (2 * 2)))
    assert idx.pmi(a, d) == -math.inf
    assert math.isnan(idx.pmi(a, "zebra"))
    assert idx.windows_with("zebra") == 0 and not idx.has("zebra") and a in idx
    assert list(idx.terms()) == sorted([a, b, c, d])
    assert idx.occurrences("Suns") == 2  # arguments are normalised like the text


def test_index_counts_equal_brute_force_on_random_corpora(tmp_path):
    """Every term and every pair, for random corpora, windows and batch sizes (many batches, one merge)."""
    rng = random.Random(7)
    seg = get_segmenter("en")
    for case in range(6):
        docs = random_docs(rng, rng.randint(1, 40), 30)
        s = rng.randint(1, 12)
        src = write_corpus(tmp_path / f"c{case}.txt", docs)
        idx = PMIIndex.open(build_index(src, tmp_path / f"i{case}", language="en", window=s, processes=1,
                                        batch_docs=rng.randint(1, 9)))
        windows = brute_windows([seg(" ".join(d)) for d in docs], s)
        assert idx.n_windows == len(windows)
        present = [w for w in WORDS if idx.has(w)]
        assert present == sorted({w for d in docs for w in d}, key=WORDS.index)
        for a in present:
            assert idx.windows_with(a) == brute_count(windows, a)
            for b in present:
                assert idx.windows_with_both(a, b) == brute_count(windows, a, b), (case, a, b)


@pytest.mark.parametrize("seek_ratio", [0, 10**9])
def test_both_query_paths_give_the_same_counts(tmp_path, monkeypatch, seek_ratio):
    """A frequent and a rare term: binary search into the long list and reading it whole agree."""
    rng = random.Random(3)
    docs = [rng.choices(WORDS[:4], k=20) + (["fish"] if k % 7 == 0 else []) for k in range(60)]
    idx = PMIIndex.open(build_index(write_corpus(tmp_path / "c.txt", docs), tmp_path / "i", language="en",
                                    window=5, processes=1))
    windows = brute_windows(docs, 5)
    monkeypatch.setattr(query_module, "_SEEK_RATIO", seek_ratio)
    for a in WORDS[:4]:
        assert idx.windows_with_both(a, "fish") == brute_count(windows, a, "fish")
        assert idx.windows_with_both("fish", a) == brute_count(windows, a, "fish")


def test_result_does_not_depend_on_batching_or_processes(tmp_path):
    """Batches of 1, 4 and 100 documents, in 1 or 2 processes and a small merge buffer: identical files."""
    docs = random_docs(random.Random(11), 30, 25)
    src = write_corpus(tmp_path / "c.txt", docs)
    ref = build_index(src, tmp_path / "ref", language="en", window=4, processes=1, batch_docs=100)
    for name, kwargs in [("b1", dict(batch_docs=1)), ("p2", dict(batch_docs=4, processes=2))]:
        kwargs.setdefault("processes", 1)
        assert_same_index(ref, build_index(src, tmp_path / name, language="en", window=4, **kwargs))


def test_merge_in_small_chunks_equals_merge_in_one(tmp_path, monkeypatch):
    docs = random_docs(random.Random(5), 25, 25)
    src = write_corpus(tmp_path / "c.txt", docs)
    ref = build_index(src, tmp_path / "ref", language="en", window=4, processes=1, batch_docs=3)
    monkeypatch.setattr(partials_module, "MERGE_CHUNK", 7)
    assert_same_index(ref, build_index(src, tmp_path / "small", language="en", window=4, processes=1, batch_docs=3))


def test_several_inputs_are_numbered_in_order_and_windows_never_cross_files(tmp_path):
    one = write_corpus(tmp_path / "one.txt", [["cat", "dog"], ["sun"]])
    two = write_corpus(tmp_path / "two.txt", [["moon", "cat"]])
    idx = PMIIndex.open(build_index([one, two], tmp_path / "i", language="en", window=5, processes=1, batch_docs=2))
    assert idx.n_docs == 3 and idx.n_windows == 3
    assert np.load(tmp_path / "i" / "doc_len.npy").tolist() == [2, 1, 2]
    assert idx.windows_with_both("cat", "moon") == 1 and idx.windows_with_both("dog", "moon") == 0


def test_a_document_without_tokens_has_no_window(tmp_path):
    """Punctuation-only paragraphs keep their document number but add no (empty) window."""
    src = tmp_path / "c.txt"
    src.write_text("cat dog\n\n... !!!\n\nsun\n", encoding="utf-8")
    idx = PMIIndex.open(build_index(src, tmp_path / "i", language="en", window=3, processes=1))
    assert (idx.n_docs, idx.n_windows) == (3, 2)
    assert idx.pmi("cat", "sun") == -math.inf


def test_documents_without_any_token_give_an_empty_but_valid_index(tmp_path):
    src = tmp_path / "c.txt"
    src.write_text("...\n\n!!!\n", encoding="utf-8")
    idx = PMIIndex.open(build_index(src, tmp_path / "i", language="en", window=3, processes=1))
    assert (idx.n_docs, idx.n_tokens, idx.n_windows, idx.n_terms) == (2, 0, 0, 0)
    assert math.isnan(idx.pmi("cat", "dog")) and list(idx.terms()) == []


def test_inputs_without_articles_are_an_error(tmp_path):
    """A dump holding only a redirect has no document to index."""
    src = tmp_path / "redirects.xml"
    src.write_text('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/"><page><title>A</title><ns>0</ns>'
                   '<id>1</id><redirect title="B"/><revision><id>2</id><text xml:space="preserve">#REDIRECT [[B]]'
                   "</text></revision></page></mediawiki>\n", encoding="utf-8")
    with pytest.raises(WinoError, match="no document"):
        build_index(src, tmp_path / "i", language="en", processes=1)


def test_opening_checks_format_size_and_normaliser(tmp_path):
    out = build_index(write_corpus(tmp_path / "c.txt", [["cat", "dog"]]), tmp_path / "i", language="en", processes=1)
    meta = json.loads((out / "meta.json").read_text())
    (out / "meta.json").write_text(json.dumps({**meta, "normalizer": "seg:spacy-0.0|lemma|lower"}))
    idx = PMIIndex.open(out)
    with pytest.warns(UserWarning, match="some words may be missed"):
        idx.normalize("cats")
    (out / "meta.json").write_text(json.dumps({**meta, "n_tokens": 3}))
    with pytest.raises(WinoError, match="damaged"):
        PMIIndex.open(out)
    (out / "meta.json").write_text(json.dumps({**meta, "version": 99}))
    with pytest.raises(WinoError, match="version 99"):
        PMIIndex.open(out)


# -- resume and checksum --------------------------------------------------------------------------


def test_resume_after_a_failed_batch_skips_finished_batches(tmp_path, monkeypatch):
    """Batch 3 raises: batches 0-2 are kept; the rerun indexes only batches 3-7 and equals a clean build."""
    docs = random_docs(random.Random(2), 40, 20)
    src = write_corpus(tmp_path / "c.txt", docs)
    clean = build_index(src, tmp_path / "clean", language="en", window=4, processes=1, batch_docs=5)
    real = index_module.index_batch
    calls = []

    def failing(spec, first, texts):
        if first == 15:
            raise RuntimeError("simulated crash in batch 3")
        calls.append(first)
        return real(spec, first, texts)

    monkeypatch.setattr(index_module, "index_batch", failing)
    with pytest.raises(RuntimeError, match="batch 3"):
        build_index(src, tmp_path / "idx", language="en", window=4, processes=1, batch_docs=5)
    manifest = (tmp_path / "idx" / "partial" / "manifest.jsonl").read_text().splitlines()
    assert [json.loads(line)["batch"] for line in manifest] == [0, 1, 2]
    assert not (tmp_path / "idx" / "meta.json").exists()
    with pytest.raises(WinoError, match="unfinished build"):
        PMIIndex.open(tmp_path / "idx")

    calls.clear()
    monkeypatch.setattr(index_module, "index_batch",
                        lambda spec, first, texts: calls.append(first) or real(spec, first, texts))
    done = []
    build_index(src, tmp_path / "idx", language="en", window=4, processes=1, batch_docs=5, progress=done.append)
    assert calls == [15, 20, 25, 30, 35]
    assert [s.docs for s in done[:8]] == [5, 10, 15, 20, 25, 30, 35, 40]  # skipped batches count too
    assert [s.resumed for s in done[:8]] == [True] * 3 + [False] * 5
    assert done[-1].tokens == sum(len(d) for d in docs)
    assert done[-1].bytes_done == done[-1].bytes_total == src.stat().st_size
    assert_same_index(clean, tmp_path / "idx")
    assert not (tmp_path / "idx" / "partial").exists()


def test_resume_after_killing_a_two_process_build(tmp_path, monkeypatch):
    """SIGKILL a pool build once some batches are recorded; the rerun redoes only the others."""
    docs = random_docs(random.Random(8), 3000, 40, vocab=[f"{w}{k}" for w in WORDS for k in "abcdefgh"])
    src = write_corpus(tmp_path / "c.txt", docs)
    out = tmp_path / "idx"
    code = (f"from wino_toolkit.baselines.pmi.index import build_index\n"
            f"if __name__ == '__main__':\n"
            f"    build_index({str(src)!r}, {str(out)!r}, language='en', window=4, processes=2, batch_docs=20)\n")
    # run outside the checkout, so the installed package (not the source folder) is imported
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True, cwd=tmp_path)
    manifest = out / "partial" / "manifest.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if manifest.exists() and len(manifest.read_text().splitlines()) >= 3:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    recorded = {json.loads(line)["batch"] for line in manifest.read_text().splitlines() if line.endswith("}")}
    assert 3 <= len(recorded) < 150

    real = index_module.index_batch
    calls = []
    monkeypatch.setattr(index_module, "index_batch",
                        lambda spec, first, texts: calls.append(first // 20) or real(spec, first, texts))
    with pytest.warns(WinoWarning, match=rf"took over the lock of a PMI index build \(pid {proc.pid}, "):  # killed
        build_index(src, out, language="en", window=4, processes=1, batch_docs=20)
    assert sorted(calls) == sorted(set(range(150)) - recorded)
    assert_same_index(build_index(src, tmp_path / "clean", language="en", window=4, processes=1, batch_docs=20), out)


def test_checksum_changes_with_input_content_and_window(tmp_path):
    src = write_corpus(tmp_path / "c.txt", [["cat", "dog"], ["sun", "moon"]])
    first = PMIIndex.open(build_index(src, tmp_path / "a", language="en", window=3, processes=1)).checksum
    other_window = PMIIndex.open(build_index(src, tmp_path / "b", language="en", window=4, processes=1)).checksum
    moved = tmp_path / "renamed.txt"
    moved.write_bytes(src.read_bytes())
    same_content = PMIIndex.open(build_index(moved, tmp_path / "c", language="en", window=3, processes=1)).checksum
    write_corpus(src, [["cat", "dog"], ["sun", "moon", "tree"]])
    other_content = PMIIndex.open(build_index(src, tmp_path / "d", language="en", window=3, processes=1)).checksum
    assert first.startswith("sha256:") and len({first, other_window, other_content}) == 3
    assert same_content == first  # content, not file names


def test_existing_index_is_reused_or_refused(tmp_path):
    src = write_corpus(tmp_path / "c.txt", [["cat", "dog"]])
    out = build_index(src, tmp_path / "idx", language="en", window=3, processes=1)
    stamp = (out / "post_doc.npy").stat().st_mtime_ns
    assert build_index(src, out, language="en", window=3, processes=1) == out
    assert (out / "post_doc.npy").stat().st_mtime_ns == stamp  # nothing rebuilt
    with pytest.raises(WinoError, match="other inputs or parameters.*resume=False"):
        build_index(src, out, language="en", window=5, processes=1)
    build_index(src, out, language="en", window=5, processes=1, resume=False)
    assert PMIIndex.open(out).window == 5


def test_corrected_build_after_a_failure_starts_over_without_no_resume(tmp_path, monkeypatch):
    """A failed build left partial/state.json and a corrected build into the same directory was refused
    until --no-resume: now it resumes only when inputs and parameters match, else starts over and says so."""
    src = write_corpus(tmp_path / "c.txt", random_docs(random.Random(4), 10, 10))
    real = index_module.index_batch

    def failing(spec, first, texts):
        if first:
            raise RuntimeError("stop")
        return real(spec, first, texts)

    monkeypatch.setattr(index_module, "index_batch", failing)
    with pytest.raises(RuntimeError):
        build_index(src, tmp_path / "idx", language="en", window=3, processes=1, batch_docs=2)
    assert (tmp_path / "idx" / "partial" / "state.json").exists()
    monkeypatch.setattr(index_module, "index_batch", real)
    notes = []
    build_index(src, tmp_path / "idx", language="en", window=4, processes=1, batch_docs=2, notify=notes.append)
    assert len(notes) == 1 and "other inputs or parameters; starting over" in notes[0]
    assert PMIIndex.open(tmp_path / "idx").window == 4
    assert_same_index(tmp_path / "idx", build_index(src, tmp_path / "clean", language="en", window=4, processes=1,
                                                    batch_docs=2))


def test_matching_interrupted_build_resumes_and_says_so(tmp_path, monkeypatch):
    src = write_corpus(tmp_path / "c.txt", random_docs(random.Random(4), 10, 10))
    real = index_module.index_batch
    monkeypatch.setattr(index_module, "index_batch",
                        lambda spec, first, texts: real(spec, first, texts) if first < 4 else 1 / 0)
    with pytest.raises(ZeroDivisionError):
        build_index(src, tmp_path / "idx", language="en", window=3, processes=1, batch_docs=2)
    calls, notes = [], []
    monkeypatch.setattr(index_module, "index_batch",
                        lambda spec, first, texts: calls.append(first) or real(spec, first, texts))
    build_index(src, tmp_path / "idx", language="en", window=3, processes=1, batch_docs=2, notify=notes.append)
    assert calls == [4, 6, 8] and len(notes) == 1 and "resuming an interrupted build (2 batches" in notes[0]


def test_bad_arguments_and_foreign_directories_are_errors(tmp_path):
    src = write_corpus(tmp_path / "c.txt", [["cat"]])
    with pytest.raises(WinoError, match="window"):
        build_index(src, tmp_path / "i", language="en", window=0)
    with pytest.raises(WinoError, match="no such input"):
        build_index(tmp_path / "missing.txt", tmp_path / "i", language="en")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with pytest.raises(WinoError, match="not a PMI index"):
        build_index(src, busy, language="en")
    with pytest.raises(WinoError, match="no meta.json"):
        PMIIndex.open(busy)


def test_dask_local_cluster_build_equals_local_build(tmp_path):
    distributed = pytest.importorskip("distributed")
    docs = random_docs(random.Random(9), 30, 25)
    src = write_corpus(tmp_path / "c.txt", docs)
    local = build_index(src, tmp_path / "local", language="en", window=4, processes=1, batch_docs=4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        seen = []
        remote = build_index(src, tmp_path / "dask", language="en", window=4, scheduler=cluster.scheduler_address,
                             batch_docs=4, progress=lambda s: seen.append(s.docs))
    assert_same_index(local, remote)
    assert seen[-1] == 30


def test_missing_dask_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    src = write_corpus(tmp_path / "c.txt", [["cat"]])
    with pytest.raises(MissingDependencyError, match=r"pip install 'wino-toolkit\[distributed\]'"):
        build_index(src, tmp_path / "i", language="en", scheduler="tcp://127.0.0.1:1")


# -- segmenters -----------------------------------------------------------------------------------


def test_english_lemmas_are_lower_cased_and_idempotent():
    seg = get_segmenter("en")
    assert seg("Women paid for the children's books.") == ["woman", "pay", "for", "the", "child", "book"]
    assert [seg.term(w) for w in ("paid", "Women", " went ")] == ["pay", "woman", "go"]
    assert seg.term("better") == seg.term(seg.term("better"))  # better → well → good: one fixed point
    assert seg("It's 3.5 km, don't co-operate") == ["it", "km", "do", "co", "operate"]  # letters/digits only


def test_english_chunk_memo_gives_spacy_tokenization_of_whole_text():
    """Memoising per whitespace chunk changes nothing: spaCy splits each chunk on its own."""
    import spacy

    text = ("Mr. O'Neil (born 1961) paid $3.50 for e-mail at 10am, didn't he?\tThe U.S.-based firm's "
            "\"quotes\"... and [brackets]; cannot gonna http://example.com/x?y=1 :) 50% 2nd C++") * 3
    seg = get_segmenter("en")
    tokens = [t.text for t in spacy.blank("en").tokenizer(text)]
    assert seg(text) == [seg.term(t) for t in tokens if t.isalnum()]


def test_english_segmenter_equals_spacy_on_real_wikipedia_text():
    """spaCy's tokenizer over each whole article, filtered and lemmatised: what the memoised path must give."""
    import spacy

    from wino_toolkit.baselines.pmi.sources import iter_documents

    path = SHARED / "wikitext" / "en" / "wikiextractor_wiki_01"
    if not path.exists():
        pytest.skip(f"{path} is not present")
    seg, tokenizer = get_segmenter("en"), spacy.blank("en").tokenizer
    for doc in iter_documents(path):
        assert seg(doc.text) == [seg.term(t.text) for t in tokenizer(doc.text) if t.text.isalnum()], doc.title


def test_chinese_traditional_and_simplified_meet():
    seg = get_segmenter("zh-Hant")
    assert seg("數學是一門學科。") == seg("数学是一门学科。") == ["数学", "是", "一门", "学科"]
    assert seg.term("數學") == "数学" and seg.term("Python") == "python"
    assert seg.signature.startswith("seg:jieba-0.42") and "script:t2s" in seg.signature


def test_chinese_block_memo_gives_jieba_segmentation_of_whole_text():
    import jieba
    import opencc

    text = "1990年，張三在北京大學讀書。他說：「我喜歡Python 3和C++！」然後去了東京；2019年回來。"
    text += text
    cc = opencc.OpenCC("t2s")
    expected = [w.lower() for w in jieba.Tokenizer().lcut(cc.convert(text)) if w.isalnum()]
    seg = get_segmenter("zh")
    assert seg(text) == expected
    assert seg(text) == expected  # second time from the memo


def test_chinese_segmenter_equals_jieba_on_the_real_zhwiki_sample():
    """OpenCC t2s + jieba.lcut over each whole article, filtered: what the per-run memoised path must give."""
    import jieba
    import opencc

    from wino_toolkit.baselines.pmi.sources import iter_documents

    path = SHARED / SAMPLES["zh"]
    if not path.exists():
        pytest.skip(f"{path} is not present")
    cc, tk, seg = opencc.OpenCC("t2s"), jieba.Tokenizer(), get_segmenter("zh")
    for doc in iter_documents(path):
        assert seg(doc.text) == [w.lower() for w in tk.lcut(cc.convert(doc.text)) if w.isalnum()], doc.title


def test_chinese_user_dictionary_is_per_segmenter_and_converted(tmp_path):
    import jieba

    plain = get_segmenter("zh")
    assert "瓦罐汤圆" not in plain("他爱吃瓦罐汤圆。")
    user = tmp_path / "user.txt"
    user.write_text("瓦罐湯圓 100 n\n", encoding="utf-8")  # written in Traditional: converted like the text
    seg = get_segmenter("zh", user_dict=user)
    assert "瓦罐汤圆" in seg("他愛吃瓦罐湯圓。")
    assert "userdict:" in seg.signature
    assert "瓦罐汤圆" not in jieba.lcut("他爱吃瓦罐汤圆。")  # jieba's global tokenizer untouched


def test_unknown_language_is_an_error_listing_the_supported_ones():
    """`--lang tlh` silently built with spaCy's multi-language fallback: now an error naming the choices."""
    with pytest.raises(UnknownNameError, match=r"unknown language 'tlh'.*Did you mean tl\?.*Supported: af, .*en, .*zh"):
        get_segmenter("tlh")
    with pytest.raises(UnknownNameError, match="not rule-based"):
        get_segmenter("ja")


def test_explicit_multi_language_tokenizer_without_warnings():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no lemma table for xx is by design, not worth a warning
        seg = get_segmenter("xx")
        assert seg("Alpha BETA, gamma.") == ["alpha", "beta", "gamma"]
    assert seg.signature.endswith("|lower") and "lemma" not in seg.signature


def test_accelerator_is_chinese_only_and_named():
    with pytest.raises(WinoError, match="Chinese"):
        get_segmenter("en", accelerator="jieba_fast")
    with pytest.raises(WinoError, match="unknown accelerator"):
        get_segmenter("zh", accelerator="pkuseg")


def test_jieba_fast_accelerator_when_installed_else_its_install_command(monkeypatch):
    """With jieba_fast: its own whole-text segmentation, named in the signature; without: the pip command."""
    import opencc

    try:
        import jieba_fast
    except ImportError:
        with pytest.raises(MissingDependencyError, match="pip install jieba_fast"):
            get_segmenter("zh", accelerator="jieba_fast")
        return
    text = "1990年，張三在北京大學讀書。他說：「我喜歡Python 3和C++！」然後去了東京。"
    seg = get_segmenter("zh", accelerator="jieba_fast")
    expected = [w.lower() for w in jieba_fast.Tokenizer().lcut(opencc.OpenCC("t2s").convert(text)) if w.isalnum()]
    assert seg(text) == expected and seg.signature.startswith("seg:jieba_fast-")
    monkeypatch.setitem(sys.modules, "jieba_fast", None)
    from wino_toolkit.baselines.pmi.segment import _cached_segmenter

    _cached_segmenter.cache_clear()
    with pytest.raises(MissingDependencyError, match="pip install jieba_fast"):
        get_segmenter("zh", accelerator="jieba_fast")


def test_index_batch_groups_postings_by_sorted_term():
    part = index_batch(Spec("en", 2), 10, ["dog cat dog", "", "cat"])
    assert part.terms == ["cat", "dog"]
    assert part.offsets.tolist() == [0, 2, 4]
    assert part.doc.tolist() == [10, 12, 10, 10] and part.pos.tolist() == [1, 0, 0, 2]
    assert part.df.tolist() == [3, 2] and part.n_windows == 3 and part.lengths.tolist() == [3, 0, 1]


# -- real dump samples (slow) ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_index(tmp_path_factory):
    """Each real sample built once (two processes), with its documents' terms for cross-checks."""
    from wino_toolkit.baselines.pmi.sources import iter_documents

    built = {}

    def get(lang: str):
        if lang not in built:
            path = SHARED / SAMPLES[lang]
            if not path.exists():
                pytest.skip(f"{path} is not present")
            out = build_index(path, tmp_path_factory.mktemp(lang) / "idx", language=lang, processes=2, batch_docs=10)
            seg = get_segmenter(lang)
            built[lang] = PMIIndex.open(out), [seg(d.text) for d in iter_documents(path)]
        return built[lang]

    return get


@pytest.mark.slow
@pytest.mark.parametrize("lang, n_docs", [("en", 106), ("zh", 23)])
def test_real_sample_builds_and_counts_match_segmentation(real_index, lang, n_docs):
    idx, tokens = real_index(lang)
    assert idx.n_docs == len(tokens) == n_docs
    assert idx.n_tokens == sum(map(len, tokens))
    assert idx.n_windows == sum(max(1, len(t) - 9) for t in tokens if t)
    assert np.load(idx.path / "doc_len.npy").tolist() == [len(t) for t in tokens]


@pytest.mark.slow
@pytest.mark.parametrize("lang, pairs", [
    ("en", [("war", "army"), ("city", "population"), ("pay", "money"), ("the", "of")]),
    ("zh", [("数学", "学科"), ("中国", "历史"), ("的", "是")]),
])
def test_real_sample_pair_counts_equal_brute_force(real_index, lang, pairs):
    idx, tokens = real_index(lang)
    for a, b in pairs:
        both = brute_count_docs(tokens, 10, a, b)
        na, nb = brute_count_docs(tokens, 10, a), brute_count_docs(tokens, 10, b)
        assert both > 0, (a, b)
        assert (idx.windows_with(a), idx.windows_with(b), idx.windows_with_both(a, b)) == (na, nb, both)
        assert idx.pmi(a, b) == pytest.approx(math.log2(both * idx.n_windows / (na * nb)))


# -- refused inputs and launchers (issue 29) --------------------------------------------------------


def _refused_inputs(tmp_path: Path) -> dict[str, Path]:
    """Inputs ``build_index`` refuses after it has started: malformed past a first good document (batch 0 is done
    by then), a <doc> never closed, and a dump with no article at all."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "1", "title": "A", "text": "cat dog sun"}\n{"id": "2", "title": broken\n', encoding="utf-8")
    unclosed = tmp_path / "unclosed.txt"
    unclosed.write_text('<doc id="1" url="u" title="A">\ncat dog\n</doc>\n<doc id="2" url="u" title="B">\nsun moon\n',
                        encoding="utf-8")
    redirects = tmp_path / "redirects.xml"
    redirects.write_text('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/"><page><title>A</title><ns>0</ns>'
                         '<id>1</id><redirect title="B"/><revision><id>2</id><text xml:space="preserve">#REDIRECT [[B]]'
                         "</text></revision></page></mediawiki>\n", encoding="utf-8")
    return {"broken": broken, "unclosed": unclosed, "redirects": redirects}


@pytest.mark.parametrize("kind", ["broken", "unclosed", "redirects"])
def test_a_refused_input_leaves_no_partial_directory(tmp_path, kind):
    """The error names the file; the directory the build made is gone, and one that was there holds no partial/."""
    from wino_toolkit.errors import FormatError

    src = _refused_inputs(tmp_path)[kind]
    with pytest.raises(FormatError, match=re.escape(src.name)):
        build_index(src, tmp_path / "new", language="en", window=2, processes=1, batch_docs=1)
    assert not (tmp_path / "new").exists()
    kept = tmp_path / "kept"
    kept.mkdir()
    with pytest.raises(FormatError):
        build_index(src, kept, language="en", window=2, processes=1, batch_docs=1)
    assert sorted(p.name for p in kept.iterdir()) == []


def test_wino_pmi_index_refuses_a_malformed_input_in_one_line_and_writes_nothing(tmp_path, capsys):
    from wino_toolkit.cli import main

    src = _refused_inputs(tmp_path)["broken"]
    assert main(["pmi", "index", str(src), "--lang", "en", "-o", str(tmp_path / "idx"), "--jobs", "1",
                 "--batch-docs", "1"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "broken.json" in err[0] and "line 2" in err[0]
    assert not (tmp_path / "idx").exists()


def _launched(rank: int, src: Path, out: Path) -> subprocess.CompletedProcess:
    """``wino pmi index`` as the launcher's process ``rank`` of 2 (torchrun's environment, no process group)."""
    env = {**os.environ, "WORLD_SIZE": "2", "RANK": str(rank), "LOCAL_RANK": str(rank), "LOCAL_WORLD_SIZE": "2"}
    return subprocess.run([sys.executable, "-m", "wino_toolkit.cli", "pmi", "index", str(src), "--lang", "en", "-o", str(out),
                           "--jobs", "1", "--window", "3"], env=env, capture_output=True, text=True, timeout=120,
                          cwd="/")  # outside the checkout, whose source folder would shadow the package


def test_under_a_launcher_the_main_process_builds_and_the_others_exit(tmp_path):
    """Rank 1 exits 0 having written nothing (it used to write the same partial/ as rank 0 and crash); rank 0
    builds the index alone, equal to a plain build, without waiting for a process group the others never join."""
    src = write_corpus(tmp_path / "c.txt", random_docs(random.Random(3), 30, 12))
    other = _launched(1, src, tmp_path / "other")
    assert other.returncode == 0 and other.stdout == other.stderr == "" and not (tmp_path / "other").exists()
    main = _launched(0, src, tmp_path / "main")
    assert main.returncode == 0, main.stderr
    assert "builds in this one process" in main.stderr
    assert_same_index(build_index(src, tmp_path / "plain", language="en", window=3, processes=1), tmp_path / "main")


def test_the_library_build_refuses_a_second_launched_process(tmp_path, monkeypatch):
    monkeypatch.setenv("WORLD_SIZE", "2")
    monkeypatch.setenv("RANK", "1")
    src = write_corpus(tmp_path / "c.txt", [["cat", "dog"]])
    with pytest.raises(WinoError, match="main process only"):
        build_index(src, tmp_path / "i", language="en", processes=1)
    assert not (tmp_path / "i").exists()


# -- an index replaced with --no-resume survives until its replacement is complete (issue 29) ------


def _snapshot(out: Path) -> dict[str, bytes]:
    """Every file of an index directory (partial/ and the lock aside), byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file() and not p.name.startswith(".")}


def _old_index(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    src = write_corpus(tmp_path / "old.txt", [["cat", "dog", "sun"], ["dog", "moon"]])
    out = build_index(src, tmp_path / "idx", language="en", window=3, processes=1)
    return out, _snapshot(out)


def test_no_resume_with_a_malformed_input_keeps_the_old_index(tmp_path, capsys):
    """`wino pmi index --no-resume` used to delete the index before it read a line; the refused input now leaves
    the old index byte for byte, and `wino pmi query` still answers from it."""
    from wino_toolkit.cli import main

    out, before = _old_index(tmp_path)
    broken = _refused_inputs(tmp_path)["broken"]
    assert main(["pmi", "index", str(broken), "--lang", "en", "-o", str(out), "--jobs", "1", "--batch-docs", "1",
                 "--no-resume"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "broken.json" in err[0]
    assert _snapshot(out) == before and not (out / "partial").exists()
    assert main(["pmi", "query", str(out), "cat", "dog", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["windows"], answer["count1"], answer["count2"], answer["count_both"]) == (2, 1, 2, 1)


def test_interrupted_no_resume_rebuild_keeps_the_old_index_and_resumes(tmp_path, monkeypatch):
    """Ctrl-C in the 2nd batch of a replacement: the old index is intact and loads; rerunning without --no-resume
    goes on with the replacement it was asked for (it used to refuse: 'holds an index of other inputs')."""
    out, before = _old_index(tmp_path)
    new = write_corpus(tmp_path / "new.txt", random_docs(random.Random(5), 10, 8))
    real = index_module.index_batch
    calls = []

    def interrupted(spec, first, texts):
        calls.append(first)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(spec, first, texts)

    monkeypatch.setattr(index_module, "index_batch", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_index(new, out, language="en", window=4, processes=1, batch_docs=3, resume=False)
    assert _snapshot(out) == before
    old = PMIIndex.open(out)
    assert (old.window, old.n_docs, old.windows_with_both("cat", "dog")) == (3, 2, 1)
    old.close()
    calls.clear()
    monkeypatch.setattr(index_module, "index_batch",
                        lambda spec, first, texts: calls.append(first) or real(spec, first, texts))
    notes = []
    build_index(new, out, language="en", window=4, processes=1, batch_docs=3, notify=notes.append)
    assert calls == [3, 6, 9] and len(notes) == 1 and "resuming an interrupted build (1 batches" in notes[0]
    assert_same_index(out, build_index(new, tmp_path / "clean", language="en", window=4, processes=1))
    assert not (out / "partial").exists()


def test_no_resume_rebuild_replaces_the_index_only_once_complete(tmp_path, monkeypatch):
    """A successful --no-resume build gives the new index, and while it merges the old one is still whole in OUT;
    a build stopped during the final swap leaves OUT loading as neither index, and the next build finishes it."""
    from wino_toolkit.baselines.pmi import index as index_mod

    out, before = _old_index(tmp_path)
    new = write_corpus(tmp_path / "new.txt", random_docs(random.Random(6), 12, 8))
    clean = build_index(new, tmp_path / "clean", language="en", window=4, processes=1)
    real_merge, seen = index_mod.merge, []
    monkeypatch.setattr(index_mod, "merge", lambda *args: seen.append(_snapshot(out)) or real_merge(*args))
    build_index(new, out, language="en", window=4, processes=1, batch_docs=5, resume=False)
    assert seen == [before]  # OUT as it was while the new index was merged
    assert_same_index(out, clean)
    assert not (out / "partial").exists() and PMIIndex.open(out).window == 4
    monkeypatch.undo()

    build_index(tmp_path / "old.txt", out, language="en", window=3, processes=1, resume=False)
    assert _snapshot(out) == before

    class StopOnThirdRename:  # the staged index is renamed into place, one file moved, then Ctrl-C
        renames = 0

        def __getattr__(self, name):
            return getattr(os, name)

        def replace(self, a, b):
            type(self).renames += 1
            os.replace(a, b)
            if type(self).renames == 3:
                raise KeyboardInterrupt

    monkeypatch.setattr(index_mod, "os", StopOnThirdRename())
    with pytest.raises(KeyboardInterrupt):
        build_index(new, out, language="en", window=4, processes=1, batch_docs=5, resume=False)
    monkeypatch.undo()
    with pytest.raises(WinoError, match="no meta.json"):
        PMIIndex.open(out)
    notes = []
    assert build_index(new, out, language="en", window=4, processes=1, batch_docs=5, notify=notes.append) == out
    assert notes == [f"{out}: finishing the replacement of the index an interrupted build completed"]
    assert_same_index(out, clean)
    assert not (out / "partial").exists()
