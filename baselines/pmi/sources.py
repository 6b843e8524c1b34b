"""Documents from Wikipedia dumps and their usual derivatives, streamed with bounded memory.

Four sources, each plain or bz2-compressed (single or multistream: concatenated bz2 streams are
one file to :func:`bz2.open`), recognised from their content by :func:`detect_source`:

``mediawiki``
    A ``pages-articles`` export (any schema version, namespace-qualified or not, with or without
    ``<siteinfo>``)::

        <mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/">
          <page><title>Kettle</title><ns>0</ns><id>7</id>
            <revision><id>70</id><text xml:space="preserve">A '''kettle''' boils [[water]].</text></revision>
          </page>
        </mediawiki>

    One document per article: namespace 0, not a redirect (``<redirect/>`` or text starting with a
    redirect magic word), text of the LAST revision, converted by
    :func:`~wino_toolkit.baselines.pmi.wikitext.wikitext_to_text`. A page without ``<title>``,
    ``<ns>``, ``<id>``, ``<revision>`` or ``<text>``, or whose text is empty although its ``<sha1>``
    says otherwise (text lost, or a stub dump), is a :class:`FormatError` naming the page's line.
    A revision whose text the dump hides (``<text deleted="deleted"/>``) yields no document.
``wikiextractor``
    WikiExtractor's ``<doc id url title>`` blocks. The first body line repeats the title and is
    dropped (a MediaWiki page's text does not contain its title either, so both sources give the
    same windows); the rest goes through ``wikitext_to_text`` too, which removes the markup
    WikiExtractor leaves behind (``-{...}-`` variants, ``<nowiki>``, the odd ``[[File:...]]``).
``wikiextractor-json``
    WikiExtractor ``--json``: one ``{"id", "url", "title", "text"}`` object a line, treated like
    ``<doc>`` (``text`` is required; ``id`` defaults to the line number, ``title`` to "").
``text``
    Plain UTF-8 text, taken as written: a document is a block of lines separated by blank lines
    (a paragraph), its id the line number it starts on. A block longer than
    :data:`MAX_BLOCK_CHARS` is cut at a line boundary so that memory stays bounded.
"""
from __future__ import annotations

import bz2
import html
import io
import json
import os
import queue
import re
import threading
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterator

from wino_toolkit.errors import FormatError, UnknownNameError

from .wikitext import wikitext_to_text

__all__ = ["Document", "SOURCES", "MAX_BLOCK_CHARS", "detect_source", "iter_documents"]

SOURCES = ("mediawiki", "wikiextractor", "wikiextractor-json", "text")
#: longest plain-text document, in characters, before it is cut at the next line end
MAX_BLOCK_CHARS = 1 << 20
_HEAD_BYTES = 65536
_CHUNK = 1 << 18  # compressed bytes decompressed at a time (about 1 MiB of XML, 25 ms)
# base-36 SHA-1 of the empty string, as MediaWiki writes it in <sha1>
_EMPTY_SHA1 = "phoiac9h4m842xq45sp7s6u21eteeq1"
# redirect magic words of the toolkit's languages (en, zh, fr, pt, ja, ru), followed by the link;
# modern dumps also mark redirects with <redirect title=".."/>
_REDIRECT = re.compile(
    r"\s*#(?:REDIRECT|重定向|REDIRECTION|REDIRECIONAMENTO|REDIR|転送|リダイレクト|ПЕРЕНАПРАВЛЕНИЕ|ПЕРЕНАПР)[\s:]*\[\[",
    re.I,
)
_TRUNCATED = "the compressed stream ends early (truncated file?)"
# id first, then url (and revid in some versions), title last; a title may itself contain quotes
_DOC_OPEN = re.compile(r'<doc\s+id="([^"]*)"(?:\s+(?!title=)\w+="[^"]*")*(?:\s+title="(.*)")?\s*>$')


@dataclass(slots=True)
class Document:
    """One article (or text block): the unit that windows never cross."""

    id: str
    title: str
    text: str


def _open(path: str | os.PathLike, *, prefetch: bool) -> BinaryIO:
    """The file's bytes, bz2-decompressed when it starts with the bz2 magic (whatever its name).

    With ``prefetch``, a thread decompresses ahead: libbz2 releases the GIL, so decompression (the
    slowest step for a .bz2 dump) overlaps parsing and markup removal instead of adding to them.
    """
    with open(path, "rb") as fh:
        magic = fh.read(4)
    if magic[:3] == b"BZh" and magic[3:4].isdigit():
        return io.BufferedReader(_Prefetcher(path), _CHUNK) if prefetch else bz2.open(path, "rb")
    return open(path, "rb")


def _bz2_blocks(path: str | os.PathLike, stop: threading.Event) -> Iterator[tuple[bytes, int]]:
    """Decompressed blocks of a single- or multi-stream bz2 file, as :func:`bz2.open` reads it (data
    after the last complete stream that is not a stream is ignored; a cut stream is an EOFError).

    One ``decompress`` call per :data:`_CHUNK` compressed bytes: libbz2 runs without the GIL for
    about 50 ms at a time. ``bz2.open`` decompresses 8 KiB at a time and must win the GIL back after
    each, which the parsing thread holds for 5 ms slices: it then falls behind instead of ahead.
    """
    decompressor = bz2.BZ2Decompressor()
    started = False
    with open(path, "rb") as fh:
        while not stop.is_set():
            data = fh.read(_CHUNK)
            read = fh.tell()  # compressed bytes read, for the progress display
            if not data:
                if started and not decompressor.eof:
                    raise EOFError("Compressed file ended before the end-of-stream marker was reached")
                return
            while data:
                if decompressor.eof:  # the next stream of a multistream file
                    decompressor = bz2.BZ2Decompressor()
                    started = False
                    try:
                        out = decompressor.decompress(data)
                    except OSError:  # trailing data that is not a bz2 stream
                        return
                else:
                    out = decompressor.decompress(data)
                started = True
                data = decompressor.unused_data if decompressor.eof else b""
                if out:
                    yield out, read


class _Prefetcher(io.RawIOBase):
    """Decompresses ``path`` in a background thread, at most ``depth`` blocks ahead (bounded memory).

    Errors raised while decompressing (a truncated or corrupt stream) are re-raised in the consumer.
    """

    def __init__(self, path: str | os.PathLike, depth: int = 4):
        self._path = path
        self._queue: queue.Queue = queue.Queue(depth)
        self._stop = threading.Event()
        self._chunk = memoryview(b"")
        self._finished = False
        self.position = 0  # compressed bytes behind the blocks handed out so far
        self._thread = threading.Thread(target=self._fill, name="bz2-prefetch", daemon=True)
        self._thread.start()

    def _fill(self) -> None:
        try:
            for block in _bz2_blocks(self._path, self._stop):
                self._put(block)
            self._put((b"", os.path.getsize(self._path)))
        except BaseException as exc:  # handed to the consumer, which raises it
            self._put(exc)

    def _put(self, item) -> None:
        while not self._stop.is_set():
            try:
                self._queue.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while not self._chunk:
            if self._finished:
                return 0
            item = self._queue.get()
            if isinstance(item, BaseException):
                self._finished = True
                raise item
            block, self.position = item
            if not block:
                self._finished = True
                return 0
            self._chunk = memoryview(block)
        n = min(len(buffer), len(self._chunk))
        buffer[:n] = self._chunk[:n]
        self._chunk = self._chunk[n:]
        return n

    def close(self) -> None:
        if not self.closed:
            self._stop.set()
            self._thread.join()
        super().close()


def _read_head(path: str | os.PathLike) -> bytes:
    with _open(path, prefetch=False) as fh:
        try:
            head = fh.read(_HEAD_BYTES)
        except EOFError:
            raise FormatError(path, None, _TRUNCATED) from None
        except OSError as exc:
            raise FormatError(path, None, f"cannot decompress: {exc}") from None
    if not head.strip():
        raise FormatError(path, None, "file is empty")
    return head


def detect_source(path: str | os.PathLike) -> str:
    """Which of :data:`SOURCES` a file holds, from its first 64 KiB (after decompression)."""
    head = _read_head(path).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<?xml") or head.startswith(b"<mediawiki"):
        return "mediawiki"
    if head.startswith(b"<doc ") or head.startswith(b"<doc\t"):
        return "wikiextractor"
    if re.match(rb'\{\s*"', head):  # a JSON object with string keys opens the first line
        return "wikiextractor-json"
    return "text"


def iter_documents(path: str | os.PathLike, *, source: str | None = None, variant: str = "zh-cn",
                   on_read: Callable[[int], None] | None = None) -> Iterator[Document]:
    """Stream the documents of one input file.

    Parameters
    ----------
    path
        file in one of :data:`SOURCES`, plain or ``.bz2``
    source
        one of :data:`SOURCES`; None detects it from the content
    variant
        language variant kept from ``-{...}-`` markup (``zh-cn``, ``zh-tw``, ...)
    on_read
        called before each document is yielded with the bytes of the file read so far (for a
        ``.bz2`` file, compressed bytes; read-ahead makes it a little early), and with the file's
        size at the end

    Raises
    ------
    FormatError
        malformed input, naming the file and the line (or the page's line for MediaWiki XML).

    Examples
    --------
    >>> for doc in iter_documents("zhwiki-pages-articles.xml.bz2"):  # doctest: +SKIP
    ...     print(doc.id, doc.title, len(doc.text))
    """
    if source is None:
        source = detect_source(path)
    elif source not in SOURCES:
        raise UnknownNameError(f"unknown source {source!r}; choose one of {', '.join(SOURCES)}")
    else:
        _read_head(path)  # an empty or undecompressable file is an error for every source
    readers = {"mediawiki": _iter_mediawiki, "wikiextractor": _iter_wikiextractor,
               "wikiextractor-json": _iter_wikiextractor_json, "text": _iter_text}
    with _open(path, prefetch=True) as fh:
        try:
            if on_read is None:
                yield from readers[source](path, fh, variant)
            else:
                raw = fh.raw
                where = (lambda: raw.position) if isinstance(raw, _Prefetcher) else raw.tell
                for doc in readers[source](path, fh, variant):
                    on_read(where())
                    yield doc
                on_read(os.path.getsize(path))
        except EOFError:
            raise FormatError(path, None, _TRUNCATED) from None
        except OSError as exc:
            raise FormatError(path, None, f"cannot decompress: {exc}") from None


# --- MediaWiki XML -------------------------------------------------------------------------------

def _iter_mediawiki(path, fh: BinaryIO, variant: str) -> Iterator[Document]:
    from lxml import etree

    # huge_tree stays off: MediaWiki caps a revision at $wgMaxArticleSize (2 MiB on Wikipedia), far
    # below libxml2's 10 MB text-node limit, and the limit guards against pathological input.
    pages = etree.iterparse(fh, events=("end",), tag="{*}page", resolve_entities=False, no_network=True,
                            load_dtd=False, huge_tree=False)
    checked = False
    try:
        for _, page in pages:
            if not checked:
                _check_document(path, page)
                checked = True
            doc = _page_document(path, page, variant)
            page.clear()
            parent = page.getparent()
            while page.getprevious() is not None:
                del parent[0]
            if doc is not None:
                yield doc
    except etree.XMLSyntaxError as exc:
        line, message = _syntax_error(exc)
        if "XML_PARSE_HUGE" in message:
            message += " (one text over libxml2's 10 MB limit, although MediaWiki caps a page at 2 MiB)"
        raise FormatError(path, f"line {line}", f"malformed XML: {message}") from None
    if not checked:
        _check_document(path, pages.root)


def _syntax_error(exc) -> tuple[int, str]:
    """Line and message of an XML error; with resolve_entities=False lxml sometimes reports a generic
    "no element found" at line 0 and keeps the real error (e.g. an undeclared entity) in its log."""
    for entry in reversed(exc.error_log):
        if entry.line:
            return entry.line, entry.message
    return exc.lineno, exc.msg


def _check_document(path, element) -> None:
    """The root must be <mediawiki>, without a DOCTYPE (so no entity can ever be declared)."""
    tree = element.getroottree()
    root = tree.getroot()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise FormatError(path, f"line {root.sourceline}", "a DOCTYPE declaration precedes the root element; "
                                                           "MediaWiki exports have none (entities are never expanded)")
    if _local(root.tag) != "mediawiki":
        raise FormatError(path, f"line {root.sourceline}", f"root element is <{_local(root.tag)}>, not <mediawiki>")


def _local(tag) -> str:
    return tag[tag.rfind("}") + 1:] if isinstance(tag, str) else ""


def _page_document(path, page, variant: str) -> Document | None:
    """The page's Document, or None for non-articles, redirects and hidden text."""
    fields: dict[str, str | None] = {}
    revision = None
    redirect = False
    for child in page:
        name = _local(child.tag)
        if name == "revision":
            revision = child
        elif name == "redirect":
            redirect = True
        elif name in ("title", "ns", "id"):
            fields[name] = child.text
    where = f"line {page.sourceline}"
    for name in ("title", "ns", "id"):
        if not (fields.get(name) or "").strip():
            label = f"page {fields['title']!r}" if fields.get("title") else "page"
            raise FormatError(path, where, f"{label} has no <{name}>")
    title = fields["title"]
    try:
        ns = int(fields["ns"])
    except ValueError:
        raise FormatError(path, where, f"page {title!r}: <ns> {fields['ns']!r} is not an integer") from None
    if revision is None:
        raise FormatError(path, where, f"page {title!r} has no <revision>")
    text_el, sha1 = None, None
    for child in revision:
        name = _local(child.tag)
        if name == "text":
            text_el = child
        elif name == "sha1":
            sha1 = (child.text or "").strip()
    if text_el is None:
        found = ", ".join(f"<{_local(c.tag)}>" for c in revision if _local(c.tag))
        raise FormatError(path, where, f"page {title!r}: its last <revision> has no <text> (found {found})")
    if text_el.get("deleted") is not None:
        return None
    if len(text_el):
        raise FormatError(path, f"line {text_el.sourceline}",
                          f"page {title!r}: <text> holds markup or an entity reference, not plain text")
    raw = text_el.text or ""
    if not raw and sha1 and sha1 != _EMPTY_SHA1:
        raise FormatError(path, where, f"page {title!r}: <text> is empty but <sha1> is not the empty text's "
                                       "(text lost, or a stub dump?)")
    if ns != 0 or redirect or _REDIRECT.match(raw):
        return None
    return Document(id=fields["id"].strip(), title=title.strip(), text=wikitext_to_text(raw, variant=variant))


# --- WikiExtractor -------------------------------------------------------------------------------

def _lines(path, fh: BinaryIO) -> Iterator[tuple[int, str]]:
    """(1-based line number, line without its end) pairs, decoded as UTF-8 with a located error."""
    for number, raw in enumerate(fh, 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FormatError(path, f"line {number}",
                              f"byte 0x{raw[exc.start]:02x} is not valid UTF-8 (wrong encoding?)") from None
        yield number, (line if number > 1 else line.removeprefix("\ufeff")).rstrip("\r\n")


def _body(title: str, lines: list[str], variant: str) -> str:
    """The article text: the title line WikiExtractor puts first is dropped (compared unescaped, as
    ``--html-safe`` output escapes both the title attribute and the line)."""
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start < len(lines) and html.unescape(lines[start].strip()) == title.strip():
        start += 1
    return wikitext_to_text("\n".join(lines[start:]), variant=variant)


def _iter_wikiextractor(path, fh: BinaryIO, variant: str) -> Iterator[Document]:
    opened = 0
    doc_id = title = ""
    body: list[str] = []
    for number, line in _lines(path, fh):
        if line.startswith("<doc"):
            m = _DOC_OPEN.match(line.strip())
            if not m:
                raise FormatError(path, f"line {number}", 'malformed <doc> line (expected <doc id=".." title="..">)')
            if opened:
                raise FormatError(path, f"line {number}", f"<doc> opened before the one of line {opened} was closed")
            opened, doc_id, title, body = number, m.group(1), html.unescape(m.group(2) or ""), []
        elif line.strip() == "</doc>":
            if not opened:
                raise FormatError(path, f"line {number}", "</doc> without an open <doc>")
            yield Document(id=doc_id, title=title, text=_body(title, body, variant))
            opened = 0
        elif opened:
            body.append(line)
        elif line.strip():
            raise FormatError(path, f"line {number}", "text outside a <doc> element")
    if opened:
        raise FormatError(path, f"line {opened}", "this <doc> is never closed (truncated file?)")


def _iter_wikiextractor_json(path, fh: BinaryIO, variant: str) -> Iterator[Document]:
    for number, line in _lines(path, fh):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FormatError(path, f"line {number}", f"invalid JSON: {exc.msg} (column {exc.colno})") from None
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            raise FormatError(path, f"line {number}", 'expected an object with a string "text" field')
        title = str(record.get("title") or "")
        text = _body(title, record["text"].split("\n"), variant)
        yield Document(id=str(record.get("id", number)), title=title, text=text)


# --- plain text ----------------------------------------------------------------------------------

def _iter_text(path, fh: BinaryIO, variant: str) -> Iterator[Document]:
    block: list[str] = []
    size, start = 0, 0
    for number, line in _lines(path, fh):
        if not line.strip():
            if block:
                yield Document(id=str(start), title="", text="\n".join(block))
                block, size = [], 0
            continue
        if not block:
            start = number
        block.append(line)
        size += len(line) + 1
        if size >= MAX_BLOCK_CHARS:
            yield Document(id=str(start), title="", text="\n".join(block))
            block, size = [], 0
    if block:
        yield Document(id=str(start), title="", text="\n".join(block))
