"""File plumbing every converter shares: atomic output, decoding with located errors, line reading."""
from __future__ import annotations

import contextlib
import contextvars
import io
import os
import re
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator

from .errors import FormatError, OutputError, WinoError

__all__ = ["atomic_output", "check_output_file", "check_output_dir", "collect_errors", "recover", "read_text", "iter_lines",
           "iter_jsonl", "load_json_array", "text_writer", "cache_root", "SNIFF_BYTES", "encoding_problem",
           "check_encoding", "LINE_ENDING", "mark_line_ending", "line_ending_of",
           "keep_line_ending"]

SNIFF_BYTES = 65536


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike | None) -> Iterator[BinaryIO]:
    """A binary stream that becomes ``path`` (or stdout) only if the block finishes without error.

    A regular file (or a path that does not exist yet) is written to a temporary file beside it
    and renamed over it at the end, so a failed run never leaves a partial or truncated output;
    through a symlink, the link's target is replaced and the link stays. The new file gets the
    mode the old one had, or ``0666`` less the umask, like any Unix tool's output.

    Streams (stdout, ``/dev/stdout`` and ``/dev/fd/N``, character devices, FIFOs, sockets) cannot
    be replaced: the data are spooled and written through only on success, so a failed run
    writes nothing to them either. A path that cannot be written raises :class:`OutputError`
    with one line naming it (a missing directory, a directory, a read-only file system).
    """
    target = None if path is None or str(path) == "-" else Path(path)
    fd = 1 if target is None else _stream_fd(target)
    if fd is not None:
        with _spooled(lambda: _descriptor_stream(fd)) as tmp:
            yield tmp
        return
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputError(target, f"cannot write: {exc.strerror or exc}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(target, "is a directory; name a file")
        with _spooled(lambda: _open_stream(target)) as tmp:
            yield tmp
        return
    real = Path(os.path.realpath(target))
    parent = real.parent
    if not parent.is_dir():
        problem = "is not a directory" if parent.exists() else "does not exist"
        raise OutputError(target, f"cannot write: the directory {str(target.parent)!r} {problem}")
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=parent)
    except OSError as exc:
        raise OutputError(target, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, real)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        if isinstance(exc, OSError) and not isinstance(exc, WinoError) and exc.filename in (None, tmp_name, str(real)):
            raise OutputError(target, f"cannot write: {exc.strerror or exc}") from None
        raise


_FD_PATH = re.compile(r"/(?:dev/fd|proc/self/fd)/(\d+)")
_STD_PATHS = {"/dev/stdout": 1, "/dev/stderr": 2, "/dev/stdin": 0}


def _stream_fd(path: Path) -> int | None:
    """The descriptor a path such as ``/dev/stdout`` or ``/dev/fd/3`` names, else ``None``.

    Such a path resolves to whatever the descriptor is open on (a pipe, a terminal, or a
    regular file the shell redirected to); that file must be written through the descriptor,
    never replaced, or the shell's redirection would lose the output.
    """
    text = os.path.abspath(path)
    if text in _STD_PATHS:
        return _STD_PATHS[text]
    match = _FD_PATH.fullmatch(text)
    return int(match.group(1)) if match else None


def _descriptor_stream(fd: int) -> contextlib.AbstractContextManager[BinaryIO]:
    """Python's own stdout/stderr for 1 and 2 (so redirections made in Python hold), else the descriptor."""
    if fd in (1, 2):
        stream = (sys.stdout if fd == 1 else sys.stderr).buffer
        return contextlib.nullcontext(stream)
    try:
        return os.fdopen(os.dup(fd), "wb")
    except OSError as exc:
        raise OutputError(f"/dev/fd/{fd}", f"cannot write: {exc.strerror or exc}") from None


def _open_stream(path: Path) -> contextlib.AbstractContextManager[BinaryIO]:
    try:
        return open(path, "wb", buffering=0)
    except OSError as exc:
        raise OutputError(path, f"cannot write: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _spooled(open_stream: Callable[[], contextlib.AbstractContextManager[BinaryIO]]) -> Iterator[BinaryIO]:
    """Spool what the block writes; on success, copy it to the stream ``open_stream`` opens."""
    with tempfile.SpooledTemporaryFile(max_size=64 << 20) as tmp:
        yield tmp  # type: ignore[misc]
        tmp.seek(0)
        with open_stream() as out:
            shutil.copyfileobj(tmp, out)
            out.flush()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_output_file(path: str | os.PathLike | None, flag: str | None = None) -> None:
    """Refuse, in one line and before any work, a file output that :func:`atomic_output` would refuse
    only at the end: after minutes of work, and after the command's other outputs were written.

    ``None``, ``-`` and streams (``/dev/stdout``, a FIFO) pass: they are written through. ``flag``
    (``"--plot"``) names the option when the path is a directory.
    """
    if path is None or str(path) == "-" or _stream_fd(Path(path)) is not None:
        return
    target = Path(path)
    try:
        info = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as exc:
        raise OutputError(target, f"cannot write: {exc.strerror or exc}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(target, f"is a directory; {flag or 'the output'} names a file")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return  # a FIFO or a device: written through
    parent = Path(os.path.realpath(target)).parent
    if not parent.is_dir():
        problem = "is not a directory" if parent.exists() else "does not exist"
        raise OutputError(target, f"cannot write: the directory {str(target.parent)!r} {problem}")
    _check_writable(target, parent)


def check_output_dir(path: str | os.PathLike, flag: str | None = None, command: str | None = None) -> None:
    """Refuse, in one line and before any work, a directory output that cannot be made or written in:
    a file there (``-o one.jsonl`` for a command that writes a directory), a file on the way to it,
    or a read-only place. A missing directory passes: the command makes it, parents included.

    ``command`` and ``flag`` (``"wino aflite embed"``, ``"-o"``) say what takes a directory.
    """
    out = Path(path)
    if out.exists():
        if not out.is_dir():
            takes = " ".join(filter(None, (command, flag)))
            raise OutputError(out, "exists and is not a directory" + (f"; {takes} takes a directory" if takes else ""))
        where = out
    else:
        where = out.parent
        while not where.exists() and where != where.parent:
            where = where.parent
        if not where.is_dir():
            raise OutputError(out, f"{where} is not a directory")
    _check_writable(out, where)


def _check_writable(target: Path, directory: Path) -> None:
    if not os.access(directory, os.W_OK | os.X_OK):
        reason = "a read-only file system" if _read_only(directory) else "permission denied"
        raise OutputError(target, f"cannot write in {directory} ({reason})")


def _read_only(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


_SINK: contextvars.ContextVar[list[FormatError] | None] = contextvars.ContextVar("wino_error_sink", default=None)


@contextlib.contextmanager
def collect_errors() -> Iterator[list[FormatError]]:
    """Let readers go on past bad records: each :func:`recover` call inside the block lands here.

    ``wino validate`` reads a file once and lists every bad line; everywhere else the first bad
    record raises, as it should.
    """
    errors: list[FormatError] = []
    token = _SINK.set(errors)
    try:
        yield errors
    finally:
        _SINK.reset(token)


def recover(error: FormatError) -> None:
    """Record ``error`` and return when errors are being collected; raise it otherwise.

    Readers call this for a record they cannot build but can skip (one bad line of a line-based
    format) and then continue with the next record.
    """
    sink = _SINK.get()
    if sink is None:
        raise error
    sink.append(error)


#: byte-order marks of the wide Unicode encodings, UTF-32's first (its little-endian mark starts like UTF-16's)
_WIDE_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32", "little-endian"), (b"\x00\x00\xfe\xff", "UTF-32", "big-endian"),
               (b"\xff\xfe", "UTF-16", "little-endian"), (b"\xfe\xff", "UTF-16", "big-endian"))


def encoding_problem(head: bytes) -> str | None:
    """What to say of a file whose first bytes ``head`` are UTF-16 or UTF-32 text (a byte-order mark, or ASCII
    with a NUL byte beside every character, as Windows' "Unicode" saves it), else ``None``.

    Every reader decodes UTF-8 (XML: as the file declares), so such a file fails as "byte 0xff is not valid
    utf-8" or, its format not being recognised, as "name one with --from": both send the user the wrong way.
    """
    found = next(((name, order) for mark, name, order in _WIDE_MARKS if head.startswith(mark)), None)
    sample = head[: min(len(head), 64) // 2 * 2]
    if found is None and len(sample) >= 4:
        even, odd = sample[0::2], sample[1::2]
        found = ("UTF-16", "little-endian") if all(even) and not any(odd) else \
            ("UTF-16", "big-endian") if all(odd) and not any(even) else None
    if found is None:
        return None
    name, order = found
    return f"the file is {name} ({order}), not UTF-8: save it as UTF-8 (e.g. iconv -f {name} -t UTF-8)"


def check_encoding(path: str | os.PathLike) -> None:
    """Refuse a UTF-16 or UTF-32 file in one line naming its encoding (:func:`encoding_problem`) before any
    reader opens it: the line readers would say so themselves, but an XML reader decodes on its own and reads
    such a file only in part (what it keeps byte for byte is found in the raw bytes)."""
    with open(path, "rb") as fh:
        problem = encoding_problem(fh.read(64))
    if problem:
        raise FormatError(path, None, problem)


def _is_utf8(encoding: str) -> bool:
    return encoding.lower().replace("-", "").replace("_", "") in ("utf8", "utf8sig")


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
    utf8 = _is_utf8(encoding)
    problem = utf8 and encoding_problem(data[:64])
    if problem:
        raise FormatError(p, None, problem)
    if utf8 and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return _decode(p, data, encoding)


def iter_lines(path: str | os.PathLike, encoding: str = "utf-8") -> Iterator[tuple[int, str]]:
    """``(line number, line without its newline)`` pairs, streaming, with located decode errors.

    Lines are split on ``\\n`` only (as JSON Lines and TSV define them), never on the other
    characters :meth:`str.splitlines` treats as breaks (U+2028, form feed, ...).
    """
    p = Path(path)
    empty = True
    utf8 = _is_utf8(encoding)
    with open(p, "rb") as fh:
        for number, raw in enumerate(fh, 1):
            if empty and raw.strip():
                empty = False
            if number == 1 and utf8 and (problem := encoding_problem(raw[:64])):
                raise FormatError(p, None, problem)
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


#: meta key of a line format's first record: the file's line ending when it is not ``\n`` (``"\r\n"``, a file
#: saved on Windows), which the writer of that format writes back (a byte-exact format keeps its line ends)
LINE_ENDING = "line_ending"


def mark_line_ending(records: Iterable[Any], path: str | os.PathLike) -> Iterator[Any]:
    """Pass ``records`` through, noting on the first one the line ending of ``path``'s first line when it
    is ``\\r\\n``; :func:`line_ending_of` gives it back to the writer. A record without a ``meta`` dict (the
    derived forms' twin and disambiguated records) has nowhere to note it: its file is written with ``\\n``."""
    for n, record in enumerate(records):
        if n == 0 and isinstance(getattr(record, "meta", None), dict):
            with open(path, "rb") as fh:
                if fh.readline().endswith(b"\r\n"):
                    record.meta[LINE_ENDING] = "\r\n"
        yield record


def line_ending_of(meta: dict[str, Any] | None) -> str:
    """The line ending :func:`mark_line_ending` noted in a first record's ``meta``, else ``"\\n"``."""
    return "\r\n" if meta and meta.get(LINE_ENDING) == "\r\n" else "\n"


def keep_line_ending(out: io.TextIOWrapper, meta: dict[str, Any] | None) -> None:
    """Have ``out`` (a :func:`text_writer`) write each ``\\n`` as the line ending noted in a first record's
    ``meta``, so that a writer built on ``\\n`` gives a ``\\r\\n`` file back as it was read."""
    out.reconfigure(newline=line_ending_of(meta))


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
            recover(FormatError(path, f"line {number}", f"invalid JSON at column {exc.colno}: {exc.msg}"))
            continue
        except ValueError as exc:  # e.g. an integer past Python's 4,300-digit limit
            recover(FormatError(path, f"line {number}", f"invalid JSON: {exc}"))
            continue
        if not isinstance(obj, dict):
            recover(FormatError(path, f"line {number}", f"expected a JSON object, found {type(obj).__name__}"))
            continue
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
    except ValueError as exc:  # e.g. an integer past Python's 4,300-digit limit
        raise FormatError(path, None, f"invalid JSON: {exc}") from None
    if not isinstance(data, list):
        raise FormatError(path, None, f"expected a JSON array of objects, found {type(data).__name__}")
    if not data:
        raise FormatError(path, None, "the array holds no entries")
    return data


def cache_root(cache_dir: str | os.PathLike | None = None) -> Path:
    """The toolkit's cache folder (``cache_dir``, else ``$WINO_CACHE``, else the XDG cache): fetched corpora,
    remembered file digests and spaCy rule tables live under it."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    if os.environ.get("WINO_CACHE"):
        return Path(os.environ["WINO_CACHE"]).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "wino-toolkit"
