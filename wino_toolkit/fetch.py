"""Download a corpus's release files into a local cache, resumably and verified.

Each file of a :class:`~wino_toolkit.cards.Card` lands in ``<cache>/<card name>/<file name>``, where
``<cache>`` is ``cache_dir``, else ``$WINO_CACHE``, else ``$XDG_CACHE_HOME/wino-toolkit``, else
``~/.cache/wino-toolkit``. Bytes go to ``<file>.part`` first; an interrupted transfer keeps the part
and the next attempt asks the server for the rest with an HTTP ``Range`` request (a server that
answers 200 instead of 206 gets a clean restart). The SHA-256 is checked before an atomic rename,
so a file under its final name is always the right one, and such a file is never fetched again.

A mirror (``base_url=`` or ``$WINO_MIRROR``) replaces each URL with ``<mirror>/<card name>/<file
name>``, the cache's own layout, so a copy of a cache folder served over HTTP or reached by a
``file://`` URL or a plain directory path is a working mirror. Only the standard library is used.

>>> paths = fetch("wsc285")  # doctest: +SKIP
>>> paths[0].name  # doctest: +SKIP
'WSCollection.xml'
"""
from __future__ import annotations

import hashlib
import http.client
import io
import os
import re
from pathlib import Path
from typing import Callable
from urllib.error import HTTPError, URLError
from urllib.parse import urlsplit
from urllib.request import Request, url2pathname, urlopen

from .cards import Card, CardFile, get_card
from .errors import WinoError
from .io import cache_root

__all__ = ["fetch", "FetchError", "ChecksumError", "cache_root", "source_url", "file_status", "sha256_file"]

CHUNK = 1 << 16
DEFAULT_TIMEOUT = 30.0  # seconds to connect and between two reads
CONTENT_RANGE = re.compile(r"bytes (\d+)-\d+/(?:\d+|\*)")

#: ``progress(file label, bytes done, bytes total)``, called as each file's bytes arrive
Progress = Callable[[str, int, int], None]


class FetchError(WinoError):
    """A download that failed: HTTP error, unreachable host, timeout, interrupted transfer."""


class ChecksumError(FetchError):
    """Downloaded bytes whose SHA-256 is not the card's; the partial file has been deleted."""

    def __init__(self, file: str, expected: str, actual: str):
        self.file, self.expected, self.actual = file, expected, actual
        super().__init__(f"{file}: checksum mismatch: expected sha256 {expected}, got {actual}")

    def __reduce__(self):
        return type(self), (self.file, self.expected, self.actual)


class _Interrupted(Exception):
    """The transfer stopped early; the ``.part`` file holds what arrived."""


def source_url(card: Card, file: CardFile, base_url: str | None = None) -> str:
    """Where ``file`` is downloaded from: the card's URL, or ``<base_url>/<card>/<file>`` for a mirror."""
    if base_url is None:
        base_url = os.environ.get("WINO_MIRROR") or None
    if not base_url:
        return file.url
    if not urlsplit(base_url).scheme:  # a plain directory path
        base_url = Path(base_url).expanduser().resolve().as_uri()
    return f"{base_url.rstrip('/')}/{card.name}/{file.name}"


def sha256_file(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def file_status(name_or_card: str | Card, cache_dir: str | os.PathLike | None = None) -> dict[str, str]:
    """For each file of the card: ``"ok"``, ``"missing"``, ``"partial"`` (a ``.part`` to resume) or ``"corrupt"``."""
    card = _card(name_or_card)
    folder = cache_root(cache_dir) / card.name
    out = {}
    for f in card.files:
        target = folder / f.name
        if target.is_file():
            out[f.name] = "ok" if _is_valid(target, f) else "corrupt"
        else:
            out[f.name] = "partial" if _part(target).is_file() else "missing"
    return out


def fetch(
    name_or_card: str | Card,
    cache_dir: str | os.PathLike | None = None,
    *,
    force: bool = False,
    progress: Progress | None = None,
    base_url: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    retries: int = 2,
) -> list[Path]:
    """Download the card's files (unless already cached and verified) and return their paths.

    Parameters
    ----------
    name_or_card
        a card name (see ``wino corpora list``) or a :class:`Card`.
    cache_dir
        root of the cache; files go to ``<cache_dir>/<card name>/``.
    force
        download again even files that are cached and verified, discarding partial files.
    progress
        called as ``progress(label, bytes_done, bytes_total)`` for each file, ``label`` being
        ``"<card>/<file>"``; a file already cached reports ``(label, size, size)`` at once.
    base_url
        a mirror that replaces every URL (default: ``$WINO_MIRROR``; ``""`` for none).
    timeout
        seconds allowed to connect and between two reads.
    retries
        how many times an interrupted transfer is resumed before giving up (the ``.part``
        file stays for a later call).

    Raises
    ------
    FetchError
        one line naming the file, the URL and what went wrong.
    ChecksumError
        the downloaded bytes are not the ones the card pins.
    """
    card = _card(name_or_card)
    folder = cache_root(cache_dir) / card.name
    paths = []
    for f in card.files:
        label = f"{card.name}/{f.name}"
        report = (lambda done, label=label, total=f.size: progress(label, done, total)) if progress else _quiet
        paths.append(_fetch_file(f, folder / f.name, source_url(card, f, base_url), label, force, report, timeout, retries))
    return paths


def _card(name_or_card: str | Card) -> Card:
    return name_or_card if isinstance(name_or_card, Card) else get_card(name_or_card)


def _part(target: Path) -> Path:
    return target.with_name(target.name + ".part")


def _is_valid(path: Path, f: CardFile) -> bool:
    return path.stat().st_size == f.size and sha256_file(path) == f.sha256


def _quiet(done: int) -> None:
    """The progress report when nobody listens."""


def _fetch_file(
    f: CardFile, target: Path, url: str, label: str, force: bool, report: Callable[[int], None], timeout: float,
    retries: int,
) -> Path:
    if not force and target.is_file() and _is_valid(target, f):
        report(f.size)
        return target
    part = _part(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FetchError(f"{label}: cannot create the cache folder {target.parent}: {exc.strerror}") from None
    if force:
        part.unlink(missing_ok=True)
    for attempt in range(retries + 1):
        try:
            _download(url, part, f, label, report, timeout)
            break
        except _Interrupted as exc:
            if attempt == retries:
                raise FetchError(f"{label}: {exc} from {url}; {part.name} is kept: fetch again to resume") from None
    actual = sha256_file(part)
    if actual != f.sha256:
        part.unlink()
        raise ChecksumError(label, f.sha256, actual)
    os.replace(part, target)
    return target


def _download(url: str, part: Path, f: CardFile, label: str, report: Callable[[int], None], timeout: float) -> None:
    """Bring ``part`` to ``f.size`` bytes, resuming from what it holds; raise ``_Interrupted`` if cut short."""
    offset = part.stat().st_size if part.is_file() else 0
    if offset >= f.size > 0:  # complete (or overlong) already: keep it only if it is right
        if offset == f.size and sha256_file(part) == f.sha256:
            report(offset)
            return
        offset = 0
    stream, offset = _open(url, offset, label, timeout)
    with stream, open(part, "r+b" if offset else "wb") as out:
        out.seek(offset)
        out.truncate()
        done = offset
        report(done)
        while True:
            try:
                chunk = stream.read1(CHUNK)  # whatever has arrived, so a stall loses nothing
            except (OSError, http.client.HTTPException) as exc:
                raise _Interrupted(f"transfer interrupted after {done} of {f.size} bytes ({_reason(exc)})") from None
            if not chunk:
                break
            done += len(chunk)
            if done > f.size:
                out.close()
                part.unlink()
                raise FetchError(f"{label}: {url} sent more than the expected {f.size} bytes")
            out.write(chunk)
            report(done)
        out.flush()
        os.fsync(out.fileno())
    if done < f.size and urlsplit(url).scheme != "file":  # a short local file is just wrong: the checksum says so
        raise _Interrupted(f"transfer interrupted after {done} of {f.size} bytes")


def _open(url: str, offset: int, label: str, timeout: float) -> tuple[io.BufferedIOBase, int]:
    """A stream of the file's bytes from ``offset``, and the offset it really starts at (0 on restart)."""
    parts = urlsplit(url)
    if parts.scheme == "file":
        path = Path(url2pathname(parts.path))
        try:
            fh = open(path, "rb")
        except OSError as exc:
            raise FetchError(f"{label}: cannot open {url}: {exc.strerror}") from None
        fh.seek(offset)
        return fh, offset
    if parts.scheme not in ("http", "https"):
        raise FetchError(f"{label}: cannot download {url!r}: only http, https and file URLs are supported")
    headers = {"User-Agent": "wino-toolkit", "Accept-Encoding": "identity"}
    if offset:
        headers["Range"] = f"bytes={offset}-"
    try:
        resp = urlopen(Request(url, headers=headers), timeout=timeout)
    except HTTPError as exc:
        exc.close()
        if exc.code == 416 and offset:  # the part is no prefix of the file: start over
            return _open(url, 0, label, timeout)
        raise FetchError(f"{label}: HTTP {exc.code} {exc.reason} from {url}") from None
    except URLError as exc:
        raise FetchError(f"{label}: cannot reach {parts.hostname}: {_reason(exc.reason)} ({url})") from None
    except (OSError, http.client.HTTPException) as exc:
        raise FetchError(f"{label}: {_reason(exc)} from {url}") from None
    if offset and resp.status == 206:
        match = CONTENT_RANGE.match(resp.headers.get("Content-Range", ""))
        if match and int(match.group(1)) == offset:
            return resp, offset
        resp.close()
        return _open(url, 0, label, timeout)
    if resp.status != 200:
        resp.close()
        raise FetchError(f"{label}: unexpected HTTP {resp.status} {resp.reason} from {url}")
    return resp, 0  # a server ignoring Range sends everything: restart cleanly


def _reason(exc: object) -> str:
    if isinstance(exc, TimeoutError):
        return "timed out"
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__
