"""Partial indexes (one per batch) and their merge into the final index files.

A partial is a directory ``partial/batch-K/`` holding the batch's sorted vocabulary (``terms.txt``)
and the index arrays for it (``offsets``, ``df``, ``doc``, ``pos``, ``lengths``; documents carry
their global numbers), plus ``info.json``; it appears by an atomic rename. ``manifest.jsonl`` lists
the finished ones. The merge builds the global vocabulary, maps each partial's terms to it and
fills the postings term range by term range (at most :data:`MERGE_CHUNK` postings in memory),
taking the partials in batch order, which keeps every term's postings sorted by document.
"""
from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wino_toolkit.errors import WinoError

__all__ = ["Partial", "MERGE_CHUNK", "write_partial", "read_manifest", "merge", "read_json", "write_json"]

#: postings merged at a time (8 bytes each): bounds the merge's memory whatever the corpus size
MERGE_CHUNK = 1 << 25
_ARRAYS = ("offsets", "df", "doc", "pos", "lengths")


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


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WinoError(f"{path}: unreadable ({exc})") from exc


def write_json(path: Path, obj: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_manifest(partial: Path) -> dict[int, dict]:
    """Finished batches (manifest lines whose directory exists); anything else in partial/ is removed."""
    done: dict[int, dict] = {}
    manifest = partial / "manifest.jsonl"
    if manifest.exists():
        for line in manifest.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut short by the interruption
            if (partial / batch_name(entry["batch"])).is_dir():
                done[entry["batch"]] = entry
    keep = {batch_name(k) for k in done}
    for child in partial.iterdir():
        if child.is_dir() and child.name not in keep:  # unrecorded or half-written batches
            shutil.rmtree(child)
        elif child.name.startswith("."):  # a batch's texts on their way to a worker killed meanwhile
            child.unlink()
    return done


def batch_name(k: int) -> str:
    return f"batch-{k:08d}"


def write_partial(partial: Path, k: int, part: Partial) -> dict:
    """Write batch k's index atomically (a directory renamed into place); returns its manifest stats."""
    final = partial / batch_name(k)
    tmp = partial / f".{batch_name(k)}.tmp{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    (tmp / "terms.txt").write_text("".join(t + "\n" for t in part.terms), encoding="utf-8")
    for name in _ARRAYS:
        np.save(tmp / f"{name}.npy", getattr(part, name))
    stats = {"docs": len(part.lengths), "tokens": len(part.doc), "windows": part.n_windows, "chars": part.chars}
    write_json(tmp / "info.json", stats)
    if final.exists():
        shutil.rmtree(final)
    os.replace(tmp, final)
    return stats


def _load(batch: Path, name: str) -> np.ndarray:
    return np.load(batch / f"{name}.npy", mmap_mode="r")


def merge(dest: Path, partial: Path, batches: list[int], batch_docs: int, meta: dict) -> None:
    """Merge the partial indexes into the index files in ``dest``, term range by term range (memory: vocabulary +
    MERGE_CHUNK postings). ``dest`` is a fresh folder, not the index's: the caller moves the files over an index
    there only once all of them are written, so a merge that fails or is stopped damages nothing."""
    if batches != list(range(len(batches))):
        raise WinoError(f"{partial}: batches {sorted(set(range(max(batches, default=-1) + 1)) - set(batches))} "
                        "are missing; rerun the build")
    dirs = [partial / batch_name(k) for k in batches]
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
        info = read_json(d / "info.json")
        n_windows += int(info["windows"])
        n_chars += int(info["chars"])
    del gid
    offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(cf, out=offsets[1:])
    doc_len = np.concatenate(lengths) if lengths else np.zeros(0, np.uint32)
    if len(doc_len) == 0:
        raise WinoError("the inputs hold no document")
    n_tokens = int(offsets[-1])
    _write_postings(dest, dirs, offsets)
    vocab_offsets = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum([len(t.encode("utf-8")) + 1 for t in terms], out=vocab_offsets[1:])
    with open(dest / "vocab.txt", "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(t + "\n" for t in terms)
    for name, array in (("vocab_offsets", vocab_offsets), ("df", df), ("offsets", offsets), ("doc_len", doc_len)):
        np.save(dest / f"{name}.npy", array)
    from wino_toolkit._version import __version__

    meta = {**meta, "n_docs": len(doc_len), "n_chars": n_chars, "n_tokens": n_tokens, "n_windows": n_windows,
            "n_terms": len(terms), "toolkit": __version__}
    write_json(dest / "meta.json", meta)  # last: its presence marks a complete index


def _terms(batch: Path) -> list[str]:
    return (batch / "terms.txt").read_text(encoding="utf-8").splitlines()


def _write_postings(dest: Path, dirs: list[Path], offsets: np.ndarray) -> None:
    """Fill post_doc/post_pos by global term ranges of at most MERGE_CHUNK postings (one term may exceed it)."""
    n = int(offsets[-1])
    v = len(offsets) - 1
    out_doc = np.lib.format.open_memmap(dest / "post_doc.npy", mode="w+", dtype=np.uint32, shape=(n,))
    out_pos = np.lib.format.open_memmap(dest / "post_pos.npy", mode="w+", dtype=np.uint32, shape=(n,))
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
