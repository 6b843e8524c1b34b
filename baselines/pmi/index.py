"""Build the PMI co-occurrence index of a Wikipedia dump: once per dump, reused for every query.

Index format (version 1): a directory of memory-mappable numpy arrays (``np.load(mmap_mode="r")``)
and two text files; nothing is loaded into memory at query time.

=====================  ==========  ===================================================================
file                   type        content
=====================  ==========  ===================================================================
``meta.json``          JSON        ``format`` ("wino-pmi-index"), ``version`` (1), ``language``, ``window``,
                                   ``segmenter`` (signature, e.g. ``seg:jieba-0.42.1+hmm|script:t2s|...``),
                                   ``normalizer`` (what query words go through), ``checksum``,
                                   ``inputs`` (name, bytes, sha256 of each), ``source``, ``variant``,
                                   ``n_docs``, ``n_chars`` (text read), ``n_tokens``, ``n_windows``,
                                   ``n_terms``, ``toolkit``. Written last: no meta.json, no index.
``vocab.txt``          UTF-8       the terms, one a line, sorted by code point; line i is term id i
``vocab_offsets.npy``  int64[V+1]  byte offset of each line of vocab.txt (binary search, no loading)
``df.npy``             int64[V]    windows containing the term (the numerator of P(w))
``offsets.npy``        int64[V+1]  the occurrences of term i are postings [offsets[i], offsets[i+1])
``post_doc.npy``       uint32[N]   document of each occurrence (documents numbered in input order)
``post_pos.npy``       uint32[N]   position of each occurrence in its document (0-based token index)
``doc_len.npy``        uint32[D]   tokens per document, after segmentation and filtering
=====================  ==========  ===================================================================

Postings are grouped by term, sorted by document then position: 8 bytes per token, plus about
30 bytes and the term's UTF-8 per distinct term (8-10 bytes per token on the Wikipedia samples).
``checksum`` is ``sha256:`` over the parameters (format version, language, window, segmenter
signature, source, variant) and the sha256 of every input's content, in input order; renaming or
moving an input does not change it, editing one does.

Windows follow the package's definition (see :mod:`wino_toolkit.baselines.pmi`): a document of
n > 0 tokens has max(1, n - s + 1) windows; a document with no token has none (it keeps its number).
Tiny example (s = 3): documents "a b c a" and "b d" have 2 + 1 = 3 windows: [a b c], [b c a], [b d];
df(a) = 2, df(b) = 3, df(d) = 1; a and b share 2 windows, a and d none; PMI(a, b) =
log2(2 * 3 / (2 * 3)) = 0, PMI(a, d) = -inf.

Build: documents are read in input order (``sources.iter_documents``) and cut into batches of
``batch_docs``: batch k holds documents [k * B, (k + 1) * B). Worker processes (``processes``,
default one per core) or Dask workers (``scheduler``) segment and index each batch; its partial
index (the same arrays for the batch's own vocabulary) lands in ``OUT/partial/batch-K/`` through an
atomic rename, and ``partial/manifest.jsonl`` records it. Rerunning the same command after an
interruption (crash, Ctrl-C, a killed machine) skips the recorded batches; ``partial/state.json``
holds the checksum and batch size, and a rerun with other inputs or parameters stops with an error
unless ``resume=False`` (``--no-resume``), which starts over. The partials are merged term range by
term range in batch order, so the files do not depend on the batch size, the number of processes or
the scheduler (tested byte for byte); ``partial/`` is then removed.

Memory: a worker holds one batch (about 60 bytes per token) plus its segmenter: dictionaries
(jieba ~150 MB, spaCy + lemma table ~250 MB) and a memo of at most 2^20 chunks and 2^20 terms
(~200 MB at most). The merge holds the vocabulary (~150 bytes per distinct term) and a buffer of
:data:`MERGE_CHUNK` postings (256 MiB), whatever the corpus size. Scripts that call
:func:`build_index` with ``processes > 1`` need the ``if __name__ == "__main__":`` guard (workers
start with multiprocessing's forkserver).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections import deque
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from wino_toolkit.errors import MissingDependencyError, WinoError

from .postings import intervals, union_sizes, window_bases, window_counts
from .segment import base_language, segmenter_from_spec

__all__ = ["build_index", "index_batch", "input_checksum", "FORMAT", "VERSION", "MERGE_CHUNK"]

FORMAT = "wino-pmi-index"
VERSION = 1
#: postings merged at a time (8 bytes each): bounds the merge's memory whatever the corpus size
MERGE_CHUNK = 1 << 25
ARRAYS = ("vocab_offsets.npy", "df.npy", "offsets.npy", "post_doc.npy", "post_pos.npy", "doc_len.npy")
_FINAL = ("meta.json", "vocab.txt", *ARRAYS)
_PARTIAL_ARRAYS = ("offsets", "df", "doc", "pos", "lengths")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Spec:
    """What a worker needs to segment and index a batch (picklable, sent with every task)."""

    language: str
    window: int
    user_dict: str | None = None  # the dictionary's text: remote workers need not see the file
    accelerator: str | None = None


@dataclass
class Partial:
    """The index of one batch: local sorted vocabulary, global document ids."""

    terms: list[str]
    offsets: np.ndarray  # int64[V+1]
    df: np.ndarray  # int64[V]
    doc: np.ndarray  # uint32[n]
    pos: np.ndarray  # uint32[n]
    lengths: np.ndarray  # uint32[docs]
    n_windows: int
    chars: int


def build_index(
    inputs: str | os.PathLike | Sequence[str | os.PathLike],
    out: str | os.PathLike,
    *,
    language: str,
    window: int = 10,
    processes: int | None = None,
    scheduler=None,
    batch_docs: int = 1000,
    source: str | None = None,
    variant: str = "zh-cn",
    user_dict: str | os.PathLike | None = None,
    accelerator: str | None = None,
    progress: Progress | None = None,
    resume: bool = True,
) -> Path:
    """Index ``inputs`` (dumps, WikiExtractor output or text, see ``sources``) into the directory ``out``.

    Parameters
    ----------
    inputs : one path or several (their documents are numbered in this order)
    out : index directory (created; an existing index of the same inputs and parameters is kept)
    language : BCP-47 code, picks the segmenter (``zh*``: OpenCC + jieba; others: spaCy)
    window : window size s in tokens
    processes : worker processes (default ``os.cpu_count()``; 1 = in this process)
    scheduler : ``"tcp://HOST:PORT"`` of a Dask scheduler (or a ``distributed.Client``): batches run
        on its workers instead (needs ``pip install 'wino-toolkit[distributed]'``)
    batch_docs : documents per batch (the unit of work and of resuming)
    source, variant : passed to ``sources.iter_documents``
    user_dict : jieba user dictionary (Chinese only); accelerator : ``"jieba_fast"`` (Chinese only)
    progress : called as ``progress(documents_done, tokens_done)`` after every batch
    resume : continue an interrupted build in ``out``; False starts over (and replaces an index there)

    Returns
    -------
    Path of the index directory; open it with ``PMIIndex.open``.

    Examples
    --------
    >>> build_index(["zhwiki-latest-pages-articles.xml.bz2"], "zhwiki.idx", language="zh")  # doctest: +SKIP
    """
    paths = [Path(inputs)] if isinstance(inputs, (str, os.PathLike)) else [Path(p) for p in inputs]
    out = Path(out)
    if not paths:
        raise WinoError("no input files")
    for path in paths:
        if not path.is_file():
            raise WinoError(f"{path}: no such input file")
    if not isinstance(window, int) or window < 1:
        raise WinoError(f"window must be a positive integer, got {window!r}")
    if batch_docs < 1:
        raise WinoError(f"batch_docs must be positive, got {batch_docs!r}")
    spec = _spec(language, window, user_dict, accelerator)
    seg = segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator)  # fails early on missing deps
    params = {"format": FORMAT, "version": VERSION, "language": spec.language, "window": window,
              "segmenter": seg.signature, "source": source, "variant": variant}
    hashes = [_file_sha256(p) for p in paths]
    checksum = input_checksum(hashes, params)
    if _prepare(out, checksum, batch_docs, resume):
        return out
    meta = {**params, "normalizer": seg.normalizer, "checksum": checksum,
            "inputs": [{"name": p.name, "bytes": p.stat().st_size, "sha256": h} for p, h in zip(paths, hashes)]}
    partial = out / "partial"
    done = _read_manifest(partial)
    batches = _batches(paths, source, variant, batch_docs)
    if scheduler is not None:
        _run_dask(scheduler, spec, batches, partial, done, progress)
    elif (processes or os.cpu_count() or 1) == 1:
        _run_inline(spec, batches, partial, done, progress)
    else:
        _run_pool(processes or os.cpu_count() or 1, spec, batches, partial, done, progress)
    _merge(out, partial, sorted(done), batch_docs, meta)
    shutil.rmtree(partial)
    return out


def input_checksum(file_hashes: Iterable[str], params: dict) -> str:
    """sha256 over the parameters and the inputs' content hashes, in input order (not their names)."""
    h = hashlib.sha256(json.dumps(params, sort_keys=True).encode("utf-8"))
    for digest in file_hashes:
        h.update(b"\0" + digest.encode("ascii"))
    return "sha256:" + h.hexdigest()


def index_batch(spec: Spec, first_doc: int, texts: list[str]) -> Partial:
    """Segment and index one batch: postings grouped by term (sorted), then by document and position."""
    seg = segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator)
    enc = seg.encode(texts)
    ids, lengths = enc.ids, enc.lengths
    counts = np.bincount(ids, minlength=1)
    used = np.flatnonzero(counts)
    names = [enc.terms[i] for i in used.tolist()]
    order = sorted(range(len(names)), key=names.__getitem__)
    terms = [names[i] for i in order]
    local = np.zeros(len(counts), dtype=np.int64)
    local[used[order]] = np.arange(len(order))
    n = len(ids)
    # a unique key per token makes the fast unstable sort give the stable order (term, then position)
    perm = np.argsort(local[ids] * n + np.arange(n), kind="quicksort") if n else np.zeros(0, np.int64)
    starts = np.cumsum(lengths) - lengths
    doc = np.repeat(np.arange(len(lengths)), lengths)[perm]
    pos = (np.arange(n) - np.repeat(starts, lengths))[perm]
    offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(counts[used[order]], out=offsets[1:])
    start, stop = intervals(doc, pos, lengths, window_bases(lengths, spec.window), spec.window)
    df = union_sizes(start, stop, offsets) if n else np.zeros(0, np.int64)
    if first_doc + len(lengths) > 2**32 or (len(lengths) and lengths.max() >= 2**32):
        raise WinoError("more than 2^32 documents or tokens in one document: beyond index format 1")
    return Partial(terms, offsets, df.astype(np.int64), (doc + first_doc).astype(np.uint32), pos.astype(np.uint32),
                   lengths.astype(np.uint32), int(window_counts(lengths, spec.window).sum()), enc.chars)


# --- configuration and resume state -------------------------------------------------------------

def _spec(language: str, window: int, user_dict, accelerator) -> Spec:
    text = None
    if user_dict is not None:
        try:
            text = Path(user_dict).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise WinoError(f"{user_dict}: cannot read the user dictionary: {exc}") from exc
    return Spec(base_language(language), window, text, accelerator)


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def _prepare(out: Path, checksum: str, batch_docs: int, resume: bool) -> bool:
    """Check ``out`` and its resume state; True when it already holds this very index."""
    if out.exists() and not out.is_dir():
        raise WinoError(f"{out}: exists and is not a directory")
    meta_path, partial = out / "meta.json", out / "partial"
    state_path = partial / "state.json"
    if meta_path.exists():
        meta = _read_json(meta_path)
        if meta.get("format") != FORMAT:
            raise WinoError(f"{out}: meta.json is not a PMI index's; refusing to overwrite")
        if meta.get("checksum") == checksum and resume and all((out / f).exists() for f in _FINAL):
            return True
        if resume and meta.get("checksum") != checksum:
            raise WinoError(f"{out}: holds an index of other inputs or parameters ({meta.get('checksum', '?')[:15]}); "
                            "pass resume=False (wino pmi index --no-resume) to replace it")
        meta_path.unlink()  # from here on the directory is not a valid index until the merge ends
    elif out.is_dir() and any(c.name not in _FINAL and c.name != "partial" and not c.name.startswith(".")
                              for c in out.iterdir()):
        raise WinoError(f"{out}: not empty and not a PMI index; refusing to write there")
    if state_path.exists():
        state = _read_json(state_path)
        same = state.get("checksum") == checksum and state.get("batch_docs") == batch_docs
        if resume and not same:
            raise WinoError(f"{out}: an interrupted build of other inputs or parameters is here "
                            f"({state.get('checksum', '?')[:15]}, {state.get('batch_docs')} documents a batch); "
                            "pass resume=False (wino pmi index --no-resume) to start over")
        if not resume:
            shutil.rmtree(partial)
    for name in _FINAL:
        (out / name).unlink(missing_ok=True)
    partial.mkdir(parents=True, exist_ok=True)
    if not state_path.exists():
        _write_json(state_path, {"checksum": checksum, "batch_docs": batch_docs})
    return False


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WinoError(f"{path}: unreadable ({exc})") from exc


def _write_json(path: Path, obj: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _read_manifest(partial: Path) -> dict[int, dict]:
    """Finished batches (manifest lines whose directory exists); anything else in partial/ is removed."""
    done: dict[int, dict] = {}
    manifest = partial / "manifest.jsonl"
    if manifest.exists():
        for line in manifest.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut short by the interruption
            if (partial / _batch_name(entry["batch"])).is_dir():
                done[entry["batch"]] = entry
    for child in partial.iterdir():
        if child.is_dir() and child.name not in {_batch_name(k) for k in done}:
            shutil.rmtree(child)
    return done


def _batch_name(k: int) -> str:
    return f"batch-{k:08d}"


# --- reading and scheduling ---------------------------------------------------------------------

def _batches(paths: list[Path], source, variant: str, size: int) -> Iterator[tuple[int, int, list[str]]]:
    """(k, first document, texts) for batch k = documents [k * size, (k + 1) * size) of all inputs."""
    from .sources import iter_documents

    texts = (doc.text for path in paths for doc in iter_documents(path, source=source, variant=variant))
    k = 0
    while batch := list(islice(texts, size)):
        yield k, k * size, batch
        k += 1


def _record(partial: Path, done: dict[int, dict], k: int, stats: dict, progress: Progress | None,
            total: list[int]) -> None:
    entry = {"batch": k, **stats}
    with open(partial / "manifest.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")
    done[k] = entry
    _tick(entry, progress, total)


def _tick(entry: dict, progress: Progress | None, total: list[int]) -> None:
    total[0] += entry["docs"]
    total[1] += entry["tokens"]
    if progress is not None:
        progress(total[0], total[1])


def _skip(k: int, texts: list[str], done: dict[int, dict], progress, total) -> bool:
    entry = done.get(k)
    if entry is None:
        return False
    if entry["docs"] != len(texts):
        raise WinoError(f"batch {k} had {entry['docs']} documents when it was indexed, now {len(texts)}; "
                        "rebuild with resume=False")
    _tick(entry, progress, total)
    return True


def _run_inline(spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    total = [0, 0]
    for k, first, texts in batches:
        if not _skip(k, texts, done, progress, total):
            _record(partial, done, k, _write_partial(partial, k, index_batch(spec, first, texts)), progress, total)


def _warm(spec: Spec) -> None:
    """Load the segmenter's dictionaries when a worker starts, while the main process reads ahead."""
    segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator).encode(["预热 warm"])


def _pool_task(spec: Spec, partial: Path, k: int, first: int, texts: list[str]) -> dict:
    return _write_partial(partial, k, index_batch(spec, first, texts))


def _run_pool(processes: int, spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    import multiprocessing as mp

    # forkserver: workers start from a clean process, not a fork of a caller that may run threads;
    # the server imports this module (numpy, the segmenters) once and every worker inherits it
    method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload([__name__, *(("jieba", "opencc") if spec.language == "zh" else ("spacy",))])
    total = [0, 0]
    with ctx.Pool(processes, initializer=_warm, initargs=(spec,)) as pool:
        pending: deque = deque()
        try:
            for k, first, texts in batches:
                if _skip(k, texts, done, progress, total):
                    continue
                pending.append((k, pool.apply_async(_pool_task, (spec, partial, k, first, texts))))
                while len(pending) >= 2 * processes:
                    k_done, result = pending.popleft()
                    _record(partial, done, k_done, result.get(), progress, total)
            while pending:
                k_done, result = pending.popleft()
                _record(partial, done, k_done, result.get(), progress, total)
        except BaseException:
            _drain(pending, lambda k, r: _record(partial, done, k, r.get(), progress, total))
            raise


def _drain(pending: deque, finish) -> None:
    """After a failure, keep the batches that still finish, so a rerun does not redo them."""
    while pending:
        k, task = pending.popleft()
        try:
            finish(k, task)
        except BaseException:  # the first error is the one reported
            continue


def _run_dask(scheduler, spec: Spec, batches, partial: Path, done: dict, progress) -> None:
    try:
        from distributed import Client, wait
    except ImportError as exc:
        raise MissingDependencyError("a Dask scheduler needs dask.distributed: "
                                     "pip install 'wino-toolkit[distributed]'") from exc
    own = not hasattr(scheduler, "submit")
    client = Client(scheduler) if own else scheduler
    try:
        slots = 2 * max(1, sum(client.nthreads().values()))
        total = [0, 0]
        pending: dict = {}

        def finish(future) -> None:
            k = pending.pop(future)
            _record(partial, done, k, _write_partial(partial, k, future.result()), progress, total)

        try:
            for k, first, texts in batches:
                if _skip(k, texts, done, progress, total):
                    continue
                pending[client.submit(index_batch, spec, first, texts, pure=False)] = k
                if len(pending) >= slots:
                    for future in wait(list(pending), return_when="FIRST_COMPLETED").done:
                        finish(future)
            for future in list(pending):
                finish(future)
        except BaseException:
            for future in list(pending):
                try:
                    finish(future)
                except BaseException:
                    pending.pop(future, None)
            raise
    finally:
        if own:
            client.close()


# --- partial indexes ----------------------------------------------------------------------------

def _write_partial(partial: Path, k: int, part: Partial) -> dict:
    """Write batch k's index atomically (a directory renamed into place); returns its manifest stats."""
    final = partial / _batch_name(k)
    tmp = partial / f".{_batch_name(k)}.tmp{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    (tmp / "terms.txt").write_text("".join(t + "\n" for t in part.terms), encoding="utf-8")
    for name in _PARTIAL_ARRAYS:
        np.save(tmp / f"{name}.npy", getattr(part, name))
    stats = {"docs": len(part.lengths), "tokens": len(part.doc), "windows": part.n_windows, "chars": part.chars}
    _write_json(tmp / "info.json", stats)
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    return stats


def _load(batch: Path, name: str) -> np.ndarray:
    return np.load(batch / f"{name}.npy", mmap_mode="r")


def _merge(out: Path, partial: Path, batches: list[int], batch_docs: int, meta: dict) -> None:
    """Merge the partial indexes, term range by term range (memory: vocabulary + MERGE_CHUNK postings)."""
    if batches != list(range(len(batches))):
        raise WinoError(f"{partial}: batches {sorted(set(range(max(batches, default=-1) + 1)) - set(batches))} "
                        "are missing; rerun the build")
    dirs = [partial / _batch_name(k) for k in batches]
    vocab: set[str] = set()
    for d in dirs:
        vocab.update(_terms(d))
    terms = sorted(vocab)
    del vocab
    gid = {t: i for i, t in enumerate(terms)}
    cf = np.zeros(len(terms), dtype=np.int64)
    df = np.zeros(len(terms), dtype=np.int64)
    lengths, n_windows, n_chars = [], 0, 0
    for k, d in enumerate(dirs):
        local = _terms(d)
        gmap = np.fromiter(map(gid.__getitem__, local), dtype=np.int64, count=len(local))
        np.save(d / "gmap.npy", gmap)
        cf[gmap] += np.diff(_load(d, "offsets"))
        df[gmap] += _load(d, "df")
        part_lengths = np.array(_load(d, "lengths"))
        if k < len(dirs) - 1 and len(part_lengths) != batch_docs:
            raise WinoError(f"{d}: holds {len(part_lengths)} documents, expected {batch_docs}")
        lengths.append(part_lengths)
        info = _read_json(d / "info.json")
        n_windows += int(info["windows"])
        n_chars += int(info["chars"])
    del gid
    offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(cf, out=offsets[1:])
    doc_len = np.concatenate(lengths) if lengths else np.zeros(0, np.uint32)
    if len(doc_len) == 0:
        raise WinoError("the inputs hold no document")
    n_tokens = int(offsets[-1])
    _write_postings(out, dirs, offsets)
    vocab_offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum([len(t.encode("utf-8")) + 1 for t in terms], out=vocab_offsets[1:])
    with open(out / ".vocab.txt.tmp", "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(t + "\n" for t in terms)
    os.replace(out / ".vocab.txt.tmp", out / "vocab.txt")
    for name, array in (("vocab_offsets", vocab_offsets), ("df", df), ("offsets", offsets), ("doc_len", doc_len)):
        np.save(out / f".{name}.tmp.npy", array)
        os.replace(out / f".{name}.tmp.npy", out / f"{name}.npy")
    from wino_toolkit import __version__

    meta = {**meta, "n_docs": len(doc_len), "n_chars": n_chars, "n_tokens": n_tokens, "n_windows": n_windows,
            "n_terms": len(terms), "toolkit": __version__}
    _write_json(out / "meta.json", meta)


def _terms(batch: Path) -> list[str]:
    return (batch / "terms.txt").read_text(encoding="utf-8").splitlines()


def _write_postings(out: Path, dirs: list[Path], offsets: np.ndarray) -> None:
    """Fill post_doc/post_pos by global term ranges of at most MERGE_CHUNK postings (one term may exceed it)."""
    n = int(offsets[-1])
    v = len(offsets) - 1
    tmp_doc, tmp_pos = out / ".post_doc.tmp.npy", out / ".post_pos.tmp.npy"
    out_doc = np.lib.format.open_memmap(tmp_doc, mode="w+", dtype=np.uint32, shape=(n,))
    out_pos = np.lib.format.open_memmap(tmp_pos, mode="w+", dtype=np.uint32, shape=(n,))
    g0 = 0
    while g0 < v:
        g1 = max(g0 + 1, int(np.searchsorted(offsets, offsets[g0] + MERGE_CHUNK, side="right")) - 1)
        g1 = min(g1, v)
        base = int(offsets[g0])
        buf_doc = np.empty(int(offsets[g1]) - base, dtype=np.uint32)
        buf_pos = np.empty_like(buf_doc)
        cursor = offsets[g0:g1] - base
        for d in dirs:
            gmap = np.load(d / "gmap.npy", mmap_mode="r")
            l0, l1 = np.searchsorted(gmap, [g0, g1])
            if l0 == l1:
                continue
            loff = np.asarray(_load(d, "offsets")[l0:l1 + 1])
            counts = np.diff(loff)
            slots = gmap[l0:l1] - g0
            dest = np.repeat(cursor[slots] - (loff[:-1] - loff[0]), counts) + np.arange(loff[-1] - loff[0])
            buf_doc[dest] = _load(d, "doc")[loff[0]:loff[-1]]
            buf_pos[dest] = _load(d, "pos")[loff[0]:loff[-1]]
            cursor[slots] += counts
        out_doc[base:base + len(buf_doc)] = buf_doc
        out_pos[base:base + len(buf_pos)] = buf_pos
        g0 = g1
    out_doc.flush()
    out_pos.flush()
    del out_doc, out_pos
    os.replace(tmp_doc, out / "post_doc.npy")
    os.replace(tmp_pos, out / "post_pos.npy")
