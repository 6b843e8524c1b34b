"""What a local model is, by content: the name signatures and cache keys give a model directory.

A directory's path and its ``config.json`` stay the same when new weights are saved into it, so
neither can tell two models apart: the SHA-256 of every file that decides what the model computes
(config, weights in any of their formats and shards, tokenizer files, a PEFT adapter's files) does.
Reading a 10 GB model on every run would cost more than some evaluations, so each file's digest is
remembered in a small memo (``file-digests.json`` in the toolkit's cache, see
:func:`wino_toolkit.io.cache_root`) under the file's real path, size, modification and change
times and inode: a file is read again only when one of them changes. A file changed in the last
:data:`SETTLE_NS` is hashed but not remembered, since a second write within the file system's
timestamp granularity could leave all of them as they were. A cache directory that cannot be
written only means nothing is remembered.

A hub name is named by its revision (``name@commit``): the commit already names the content. The data a
result was computed on is named by content too (:func:`items_checksum`).
"""
from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from .io import cache_root

if TYPE_CHECKING:
    from .schema import Item

__all__ = ["MODEL_FILES", "NOT_MODEL_FILES", "SETTLE_NS", "model_files", "file_digests", "directory_digest", "identify",
           "memo_path", "items_checksum", "model_identity"]

#: the files of a model directory that decide what it computes: config, weights (safetensors, PyTorch, GGUF, TF,
#: Flax, their shards and shard indexes), tokenizer files (fast, BPE vocab and merges, WordPiece, sentencepiece,
#: tiktoken), and a PEFT adapter's config
MODEL_FILES = ("config.json", "*.safetensors", "*.bin", "*.pt", "*.pth", "*.gguf", "*.h5", "*.msgpack", "*.index.json",
               "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "added_tokens.json", "vocab.json",
               "vocab.txt", "merges.txt", "*.model", "*.tiktoken", "adapter_config.json")
#: what the Trainer keeps beside the weights in a checkpoint: the optimizer (twice the weights), scheduler and RNG
#: states, the training arguments; none of it changes what the model computes
NOT_MODEL_FILES = ("optimizer.pt", "scheduler.pt", "scaler.pt", "rng_state*.pth", "training_args.bin")
SETTLE_NS = 2_000_000_000
MEMO_FILE = "file-digests.json"
_MEMO_VERSION = 1


def memo_path() -> Path:
    """Where file digests are remembered."""
    return cache_root() / MEMO_FILE


def model_files(directory: str | os.PathLike) -> list[Path]:
    """The files of ``directory`` (not its sub-directories) that :data:`MODEL_FILES` names, by name."""
    found = []
    for path in Path(directory).iterdir():
        name = path.name
        if (any(fnmatch.fnmatchcase(name, p) for p in MODEL_FILES)
                and not any(fnmatch.fnmatchcase(name, p) for p in NOT_MODEL_FILES) and path.is_file()):
            found.append(path)
    return sorted(found, key=lambda p: p.name)


def _hash_file(path: Path) -> str:
    """The SHA-256 of a file's bytes (the hub's LFS object id for a weights file)."""
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _stamp(info: os.stat_result) -> list[int]:
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]


def _load_memo() -> dict[str, list]:
    try:
        memo = json.loads(memo_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(memo, dict) or memo.get("version") != _MEMO_VERSION or not isinstance(memo.get("files"), dict):
        return {}
    return memo["files"]


def _save_memo(new: dict[str, list]) -> None:
    """Add ``new`` entries to the memo as it is now (another process may have added some since it was read),
    written to a temporary file and renamed so a reader never sees half of it; a failure only forgets."""
    files = {path: entry for path, entry in _load_memo().items() if os.path.exists(path)}  # deleted files are forgotten
    files.update(new)
    target = memo_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=MEMO_FILE, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"version": _MEMO_VERSION, "files": files}, fh)
        os.replace(tmp, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def file_digests(paths: Iterable[str | os.PathLike]) -> dict[Path, str]:
    """The SHA-256 of each file, read only when the memo holds none for its current size, times and inode."""
    memo = _load_memo()
    out: dict[Path, str] = {}
    new: dict[str, list] = {}
    now = time.time_ns()
    for path in map(Path, paths):
        real = os.path.realpath(path)
        before = os.stat(real)
        entry = memo.get(real)
        if isinstance(entry, list) and entry[:-1] == _stamp(before) and isinstance(entry[-1], str):
            out[path] = entry[-1]
            continue
        digest = _hash_file(Path(real))
        after = os.stat(real)
        out[path] = digest
        settled = now - max(after.st_mtime_ns, after.st_ctime_ns) >= SETTLE_NS
        if _stamp(after) == _stamp(before) and settled:  # not written to while it was read, nor moments before
            new[real] = [*_stamp(after), digest]
    if new:
        _save_memo(new)
    return out


def directory_digest(directory: str | os.PathLike) -> str:
    """One SHA-256 over the names and digests of the directory's :func:`model_files`."""
    combined = hashlib.sha256()
    for path, digest in file_digests(model_files(directory)).items():
        combined.update(f"{path.name}\0{digest}\n".encode("utf-8"))
    return combined.hexdigest()


def identify(name: str | os.PathLike, revision: str | None = None) -> str:
    """A model as signatures name it: a local directory as ``<directory name>#<12 hex digits of its content>``
    (however the path is spelled), a hub name as ``name@<8 hex digits of its commit>`` (or the name alone)."""
    path = Path(name)
    if path.is_dir():
        return f"{path.resolve().name}#{directory_digest(path)[:12]}"
    return f"{name}@{revision[:8]}" if revision else str(name)


def items_checksum(items: Iterable[Item]) -> str:
    """A short hash of the items (corpus, id, text, candidates, answer): which data a result was computed on."""
    digest = hashlib.sha256()
    for item in items:
        candidates = "\x1f".join(c.text for c in item.candidates)
        digest.update(f"{item.corpus}\t{item.split}\t{item.id}\t{item.text}\t{candidates}\t{item.answer}\n".encode("utf-8"))
    return digest.hexdigest()[:8]


def model_identity(name: str, model: object) -> str:
    """The model as a signature names it: a hub name with its revision, or a local directory with a hash of the
    content of its config, weights and tokenizer files (new weights saved into the same directory are another model)."""
    revision = getattr(getattr(model, "config", None), "_commit_hash", None)  # a vLLM engine has no config
    return identify(name, revision)
