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
holds the checksum and batch size, and a rerun resumes only when they match: a build of other inputs
or parameters (a corrected command after a failure) starts over and says so through ``notify``;
``resume=False`` (``--no-resume``) always starts over. The partials are merged term range by
term range in batch order, so the files do not depend on the batch size, the number of processes or
the scheduler (tested byte for byte) into ``partial/final/``, and only that complete index replaces
the files of ``OUT`` (``meta.json`` removed first and written last; a build stopped during the swap has
the next build into ``OUT`` finish it), so an index already there survives a refused input or an
interrupted ``--no-resume`` build; ``partial/`` is then removed. Rerunning such an interrupted build
without ``--no-resume`` resumes it. An input found malformed, at any
batch, is refused and ``partial/`` removed with what it held (a rerun of the same bytes fails the same
way; a corrected input is another build): no ``partial/`` is left for a refused input, and a directory
the build made is removed. Under ``torchrun`` or ``accelerate launch`` only the main process builds.

With ``scheduler``, the client reads the inputs and sends each batch's text to a Dask worker, which
returns the partial arrays; the client writes them, so workers need the toolkit and its
dependencies but no shared filesystem.

Memory: a worker holds one batch (about 75 bytes per token at its peak, plus the text) and its segmenter:
dictionaries, a memo of two generations of at most 2^20 chunks each, tables of at most 2^20 tokens,
cores and terms (measured: ~110 MiB per Chinese worker, ~350 MiB for an English build in one process). The merge holds the vocabulary (~150 bytes per distinct term) and a
buffer of :data:`~wino_toolkit.baselines.pmi.partials.MERGE_CHUNK` postings (256 MiB), whatever the corpus size. Scripts that call
:func:`build_index` with ``processes > 1`` need the ``if __name__ == "__main__":`` guard (workers
start with multiprocessing's forkserver). Two builds cannot write to one directory at once: the second
is refused while the first holds ``OUT/.wino.lock`` (:mod:`wino_toolkit.locks`).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence


from wino_toolkit import launch
from wino_toolkit.errors import FormatError, OutputError, ParameterError, UnknownNameError, WinoError
from wino_toolkit.locks import locks_directory

from .batch import BuildProgress, Progress, Spec, Tally, index_batch
from .partials import merge, read_json, read_manifest, write_json
from .segment import base_language, segmenter_from_spec

__all__ = ["build_index", "index_batch", "input_checksum", "Spec", "BuildProgress", "FORMAT", "VERSION", "ARRAYS"]

FORMAT = "wino-pmi-index"
VERSION = 1
ARRAYS = ("vocab_offsets.npy", "df.npy", "offsets.npy", "post_doc.npy", "post_pos.npy", "doc_len.npy")
FINAL = ("meta.json", "vocab.txt", *ARRAYS)
#: the folder of ``partial/`` where a merged index waits, complete, to replace the files of ``OUT``
STAGED = "final"
#: errors that refuse an input (unreadable, malformed, of an unknown kind): the build leaves no ``partial/``
REFUSED = (FormatError, UnknownNameError)


@locks_directory("out", what="a PMI index build")
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
    notify: Callable[[str], None] | None = None,
) -> Path:
    """Index ``inputs`` (dumps, WikiExtractor output or text, see ``sources``) into the directory ``out``.

    Parameters
    ----------
    inputs
        one path or several (their documents are numbered in this order)
    out
        index directory (created; an existing index of the same inputs and parameters is kept)
    language
        BCP-47 code, picks the segmenter (``zh*``: OpenCC + jieba; others: spaCy)
    window
        window size s in tokens
    processes
        worker processes (default ``os.cpu_count()``; 1 = in this process)
    scheduler
        ``"tcp://HOST:PORT"`` of a Dask scheduler (or a ``distributed.Client``): batches run
        on its workers instead (needs ``pip install 'wino-toolkit[distributed]'``)
    batch_docs
        documents per batch (the unit of work and of resuming)
    source, variant
        passed to ``sources.iter_documents``
    user_dict
        jieba user dictionary (Chinese only); accelerator : ``"jieba_fast"`` (Chinese only)
    progress
        called with a :class:`BuildProgress` after every batch
    resume
        continue an interrupted build of the same inputs and parameters in ``out`` (one of others
        is started over); False starts over and replaces an index there, which stays whole until the
        new one is complete (a refused input or an interrupted build leaves it as it was)
    notify
        called with a one-line note when an interrupted build is resumed or started over

    Returns
    -------
    Path of the index directory; open it with ``PMIIndex.open``.

    Examples
    --------
    >>> build_index(["zhwiki-latest-pages-articles.xml.bz2"], "zhwiki.idx", language="zh")  # doctest: +SKIP
    """
    if not launch.is_main():  # the main process holds the directory; a second writer would collide with it
        raise WinoError("build_index runs in one process: under torchrun or accelerate launch, call it on the main "
                        "process only (its processes= workers share the work)")
    paths = [Path(inputs)] if isinstance(inputs, (str, os.PathLike)) else [Path(p) for p in inputs]
    out = Path(out)
    if not paths:
        raise ParameterError("no input files")
    for path in paths:
        if not path.is_file():
            raise WinoError(f"{path}: no such input file")
    if not isinstance(window, int) or window < 1:
        raise ParameterError(f"window must be a positive integer, got {window!r}")
    if batch_docs < 1:
        raise ParameterError(f"batch_docs must be positive, got {batch_docs!r}")
    spec = _spec(language, window, user_dict, accelerator)
    seg = segmenter_from_spec(spec.language, spec.user_dict, spec.accelerator)  # fails early on missing deps
    params = {"format": FORMAT, "version": VERSION, "language": spec.language, "window": window,
              "segmenter": seg.signature, "source": source, "variant": variant}
    hashes = [_file_sha256(p) for p in paths]
    checksum = input_checksum(hashes, params)
    if _prepare(out, checksum, batch_docs, resume, notify or (lambda note: None)):
        return out
    meta = {**params, "normalizer": seg.normalizer, "checksum": checksum,
            "inputs": [{"name": p.name, "bytes": p.stat().st_size, "sha256": h} for p, h in zip(paths, hashes)]}
    partial = out / "partial"
    done = read_manifest(partial)
    if done and notify is not None:
        notify(f"{out}: resuming an interrupted build ({len(done)} batches of {batch_docs} documents already done)")
    batches = _batches(paths, source, variant, batch_docs)
    tally = Tally(progress, sum(p.stat().st_size for p in paths))
    from .runners import run_dask, run_inline, run_pool  # lazy: dask and process pools only when building

    try:
        if scheduler is not None:
            run_dask(scheduler, spec, batches, partial, done, tally)
        elif (processes or os.cpu_count() or 1) == 1:
            run_inline(spec, batches, partial, done, tally)
        else:
            run_pool(processes or os.cpu_count() or 1, spec, batches, partial, done, tally)
        tally.add(0, 0, tally.bytes_total - tally.bytes_done)  # what follows the last document
        if not done:  # read to the end, and not one article (only redirects, empty pages): refused as malformed input is
            raise FormatError(", ".join(str(p) for p in paths), None, "the inputs hold no document")
        stage = partial / f".{STAGED}.tmp"  # the new index is complete here before it replaces anything in out
        shutil.rmtree(stage, ignore_errors=True)
        stage.mkdir()
        merge(stage, partial, sorted(done), batch_docs, meta)
        os.replace(stage, partial / STAGED)
        _install(out, partial)
    except BaseException as exc:  # Ctrl-C, SIGTERM, an error: no hidden half-written file is left behind
        _remove_temporaries(out)
        if isinstance(exc, REFUSED):  # these inputs fail the same way on every rerun: nothing worth resuming
            shutil.rmtree(partial, ignore_errors=True)
        raise
    return out


def _remove_temporaries(out: Path) -> None:
    """The hidden files a merge or a worker was writing when the build stopped (batches stay: resumable)."""
    for folder in (out, out / "partial"):
        try:
            children = list(folder.iterdir())
        except OSError:
            continue
        for child in children:
            if (child.name.startswith(".") and ".tmp" in child.name) or child.name.endswith(".tmp"):
                try:
                    shutil.rmtree(child) if child.is_dir() else child.unlink()
                except OSError:
                    pass


def input_checksum(file_hashes: Iterable[str], params: dict) -> str:
    """sha256 over the parameters and the inputs' content hashes, in input order (not their names)."""
    h = hashlib.sha256(json.dumps(params, sort_keys=True).encode("utf-8"))
    for digest in file_hashes:
        h.update(b"\0" + digest.encode("ascii"))
    return "sha256:" + h.hexdigest()


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


def _prepare(out: Path, checksum: str, batch_docs: int, resume: bool, notify: Callable[[str], None]) -> bool:
    """Check ``out`` and its resume state; True when it already holds this very index.

    An index already there is left whole: a build that replaces it works in ``partial/`` and swaps the files only
    once the new index is complete (:func:`_install`), so a refused input or a Ctrl-C keeps the old one."""
    if out.exists() and not out.is_dir():
        raise OutputError(out, "exists and is not a directory")
    meta_path, partial = out / "meta.json", out / "partial"
    state_path = partial / "state.json"
    if (partial / STAGED / "meta.json").exists():  # stopped while swapping in a complete index: finish the swap
        notify(f"{out}: finishing the replacement of the index an interrupted build completed")
        _install(out, partial)
    if meta_path.exists():
        meta = read_json(meta_path)
        if meta.get("format") != FORMAT:
            raise WinoError(f"{out}: meta.json is not a PMI index's; refusing to overwrite")
        if meta.get("checksum") == checksum and resume and all((out / f).exists() for f in FINAL):
            return True
        # a --no-resume build of these inputs was stopped: resuming it goes on replacing the index it was asked to
        if resume and meta.get("checksum") != checksum and not _resumable(state_path, checksum, batch_docs):
            raise WinoError(f"{out}: holds an index of other inputs or parameters ({meta.get('checksum', '?')[:15]}); "
                            "pass resume=False (wino pmi index --no-resume) to replace it")
    elif out.is_dir() and any(c.name not in FINAL and c.name != "partial" and not c.name.startswith(".")
                              for c in out.iterdir()):
        raise WinoError(f"{out}: not empty and not a PMI index; refusing to write there")
    if partial.is_dir():
        if not (resume and _resumable(state_path, checksum, batch_docs)):
            if resume:
                notify(f"{out}: the interrupted build here was of other inputs or parameters; starting over")
            shutil.rmtree(partial)
    try:
        partial.mkdir(parents=True, exist_ok=True)
        if not state_path.exists():
            write_json(state_path, {"checksum": checksum, "batch_docs": batch_docs})
    except OSError as exc:
        raise OutputError(out, f"cannot write the index: {exc.strerror or exc}") from exc
    return False


def _resumable(state_path: Path, checksum: str, batch_docs: int) -> bool:
    """Whether ``partial/`` holds batches of this very build (same inputs, parameters and batch size)."""
    state = read_json(state_path) if state_path.exists() else {}
    return state.get("checksum") == checksum and state.get("batch_docs") == batch_docs


def _install(out: Path, partial: Path) -> None:
    """Move the complete index staged in ``partial/final/`` over the files of ``out``, then remove ``partial/``.

    Each file arrives by an atomic rename; ``meta.json``, whose presence marks a valid index, goes first and comes
    back last, so ``out`` never loads as a mix of two indexes. A stop midway leaves the rest staged, and the next
    build into ``out`` finishes the swap before anything else (:func:`_prepare`)."""
    staged = partial / STAGED
    try:
        (out / "meta.json").unlink(missing_ok=True)
        for name in (*FINAL[1:], FINAL[0]):
            if (staged / name).exists():  # absent: moved by the swap that was stopped
                os.replace(staged / name, out / name)
        shutil.rmtree(partial)
    except OSError as exc:
        raise OutputError(out, f"cannot write the index: {exc.strerror or exc}") from exc


# --- reading ------------------------------------------------------------------------------------

def _batches(paths: list[Path], source, variant: str, size: int) -> Iterator[tuple[int, int, list[str], int]]:
    """(k, first document, texts, input bytes) for batch k = documents [k * size, (k + 1) * size) of
    all inputs; the bytes are those read for the batch (for the progress display)."""
    from .sources import iter_documents

    read = [0, 0]  # bytes of the finished inputs, bytes of the current one

    def on_read(n: int) -> None:
        read[1] = n

    def texts():
        for path in paths:
            read[1] = 0
            yield from (doc.text for doc in iter_documents(path, source=source, variant=variant, on_read=on_read))
            read[0] += read[1]
            read[1] = 0

    stream, k, reported = texts(), 0, 0
    while batch := list(islice(stream, size)):
        now = read[0] + read[1]
        yield k, k * size, batch, now - reported
        reported = now
        k += 1


