"""The request cache of ``wino eval lm --cache DIR``: each scored request's log-likelihood, kept on disk.

A 2-hour run killed near its end should not start over, and a rerun (another table format, a
predictions file forgotten) should not score anything again. Every request is stored as soon as
its batch is scored, keyed by the **model's identity** and by the **request** (context,
continuation, masked span): a resumed run scores only what is missing, and a repeated run reuses
every score, so its predictions file is the same byte for byte. The identity is what the scores
depend on, by content: a local model directory's config, weights and tokenizer files
(:mod:`wino_toolkit.fingerprint`; a hub name by its revision), the dtype, the head, the
tokenizer, and the placement (device map, quantization, a PEFT adapter's files); new weights
saved into the same directory are another model, and score again. A model loaded by the caller
is also named by a hash of its parameters as they are in memory. The store is one SQLite file
(``requests.sqlite``) that any number of runs, models and corpora share; a value is the float
the model gave, kept exactly (an 8-byte REAL).
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.errors import OutputError
from wino_toolkit.fingerprint import identify

__all__ = ["RequestCache", "model_key", "parameters_digest"]

FILE = "requests.sqlite"


def parameters_digest(model: Any) -> str:
    """A SHA-256 over a loaded model's parameters and buffers (names, dtypes, shapes and bytes) as they are in
    memory: a model changed after loading (trained in a notebook, merged with an adapter) is another model."""
    import torch

    digest = hashlib.sha256()
    for name, tensor in model.state_dict().items():
        flat = tensor.detach().reshape(-1)
        digest.update(f"{name}\0{flat.dtype}\0{tuple(tensor.shape)}\n".encode("utf-8"))
        digest.update(flat.contiguous().view(torch.uint8).cpu().numpy())
    return digest.hexdigest()


def model_key(identity: str, *, dtype: str, kind: str, tokenizer: Any, loaded: Any = None) -> str:
    """What must match for a stored score to stand for a new one: the model (``identity``: its content and
    placement, see :func:`.models.model_identity` and :func:`.models.loading_identity`), its dtype and head, its
    tokenizer (a directory by the content of its files), and for a model ``loaded`` by the caller its parameters."""
    name = getattr(tokenizer, "name_or_path", "") or type(tokenizer).__name__
    key = f"{identity}|dtype:{dtype}|kind:{kind}|tokenizer:{identify(name)}#{len(tokenizer)}"
    return key if loaded is None else f"{key}|parameters:{parameters_digest(loaded)}"


def _request_key(request: Any) -> str:
    span = list(request.span) if request.span is not None else None
    raw = json.dumps([request.context, request.continuation, span], ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class RequestCache:
    """Scores of requests for one model, in ``directory/requests.sqlite`` (created when missing)."""

    def __init__(self, directory: str | Path, model: str) -> None:
        self.directory, self.model = Path(directory), model
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.directory / FILE, timeout=120)  # processes of one launch write in turn
            self._db.execute("CREATE TABLE IF NOT EXISTS scores (model TEXT, request TEXT, logprob REAL, tokens INTEGER, "
                             "PRIMARY KEY (model, request))")
            self._db.commit()
        except (OSError, sqlite3.Error) as exc:
            raise OutputError(self.directory, f"cannot hold the request cache ({exc})") from None
        self.hits = 0
        self.stored = 0

    def lookup(self, requests: Sequence[Any]) -> dict[int, tuple[float, int]]:
        """The stored ``(log-likelihood, tokens)`` of each request found, by its index in ``requests``."""
        keys = [_request_key(r) for r in requests]
        found: dict[str, tuple[float, int]] = {}
        for start in range(0, len(keys), 500):  # SQLite's limit on bound parameters
            chunk = keys[start : start + 500]
            rows = self._db.execute(f"SELECT request, logprob, tokens FROM scores WHERE model = ? AND request IN "
                                    f"({','.join('?' * len(chunk))})", (self.model, *chunk))
            found.update((key, (logprob, tokens)) for key, logprob, tokens in rows)
        out = {i: found[key] for i, key in enumerate(keys) if key in found}
        self.hits += len(out)
        return out

    def store(self, pairs: Sequence[tuple[Any, tuple[float, int]]]) -> None:
        """Keep ``(request, (log-likelihood, tokens))`` pairs, committed at once (a kill loses no finished batch)."""
        self._db.executemany("INSERT OR REPLACE INTO scores VALUES (?, ?, ?, ?)",
                             [(self.model, _request_key(r), float(v[0]), int(v[1])) for r, v in pairs])
        self._db.commit()
        self.stored += len(pairs)

    def close(self) -> None:
        self._db.close()
