"""File plumbing every converter shares: atomic output, decoding with located errors, line reading."""
from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, Iterator

from .errors import FormatError

__all__ = ["atomic_output", "read_text", "iter_lines", "iter_jsonl", "load_json_array", "read_head", "text_writer", "SNIFF_BYTES"]

SNIFF_BYTES = 65536


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike | None) -> Iterator[BinaryIO]:
    """A binary stream that becomes ``path`` (or stdout) only if the block finishes without error.

    Writes go to a temporary file beside ``path`` that is renamed over it at the end, so a failed
    conversion never leaves a partial or truncated output behind. For stdout the data are spooled
    and copied out only on success.
    """
    if path is None or str(path) == "-":
        with tempfile.SpooledTemporaryFile(max_size=64 << 20) as tmp:
            yield tmp  # type: ignore[misc]
            tmp.seek(0)
            out = sys.stdout.buffer
            shutil.copyfileobj(tmp, out)
            out.flush()
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def read_head(path: str | os.PathLike, size: int = SNIFF_BYTES) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(size)


def _decode(path: Path, data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FormatError(
            path, f"line {line}", f"byte 0x{data[exc.start]:02x} is not valid {encoding} (wrong encoding?)"
        ) from None


def read_text(path: str | os.PathLike, encoding: str = "utf-8") -> str:
    """The whole file as text; empty files and undecodable bytes raise :class:`FormatError`."""
    p = Path(path)
    data = p.read_bytes()
    if not data.strip():
        raise FormatError(p, None, "file is empty")
    if encoding.lower().replace("-", "") in ("utf8", "utf8sig") and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return _decode(p, data, encoding)


def iter_lines(path: str | os.PathLike, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """``(line number, line without its newline)`` pairs, streaming, with located decode errors.

    Lines are split on ``\\n`` only (as JSON Lines and TSV define them), never on the other
    characters :meth:`str.splitlines` treats as breaks (U+2028, form feed, ...).
    """
    p = Path(path)
    empty = True
    with open(p, "rb") as fh:
        for number, raw in enumerate(fh, 1):
            if empty and raw.strip():
                empty = False
            try:
                line = raw.decode(encoding)
            except UnicodeDecodeError as exc:
                raise FormatError(
                    p, f"line {number}", f"byte 0x{raw[exc.start]:02x} is not valid {encoding} (wrong encoding?)"
                ) from None
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            yield number, line[:-1] if line.endswith("\n") else line
    if empty:
        raise FormatError(p, None, "file is empty")


@contextlib.contextmanager
def text_writer(fh: BinaryIO, encoding: str = "utf-8") -> Iterator[io.TextIOWrapper]:
    """Text view of a binary output stream that writes ``\\n`` verbatim and leaves ``fh`` open."""
    wrapper = io.TextIOWrapper(fh, encoding=encoding, newline="")
    try:
        yield wrapper
    finally:
        wrapper.flush()
        wrapper.detach()


def iter_jsonl(path: str | os.PathLike, encoding: str = "utf-8") -> Iterator[tuple[int, dict]]:
    """``(line number, object)`` for each non-blank line of a JSON Lines file.

    A line that is not a JSON object raises :class:`FormatError` naming the line and the column.
    """
    import json

    loads = json.loads
    for number, line in iter_lines(path, encoding):
        if not line.strip():
            continue
        try:
            obj = loads(line)
        except json.JSONDecodeError as exc:
            raise FormatError(path, f"line {number}", f"invalid JSON at column {exc.colno}: {exc.msg}") from None
        if not isinstance(obj, dict):
            raise FormatError(path, f"line {number}", f"expected a JSON object, found {type(obj).__name__}")
        yield number, obj


def load_json_array(path: str | os.PathLike) -> list:
    """A file holding one JSON array (Mandarinograd, Portuguese WSC), with located errors.

    Malformed JSON names its line and column; anything but a non-empty array is refused.
    """
    import json

    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise FormatError(path, f"line {exc.lineno}", f"invalid JSON at column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, list):
        raise FormatError(path, None, f"expected a JSON array of objects, found {type(data).__name__}")
    if not data:
        raise FormatError(path, None, "the array holds no entries")
    return data
