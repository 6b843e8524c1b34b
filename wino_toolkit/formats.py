"""The format registry and detection of a file's format from its content.

A format is one module in ``wino_toolkit.converters`` that builds a :class:`Format` and registers it;
the registry imports those modules on first use of :data:`formats`. It knows them by the package's name
(:data:`BUILTIN_FORMATS`), as entry points name a plugin: the converters depend on the registry, never the
registry on them.
"""
from __future__ import annotations

import dataclasses
import io
import os
import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator

from .errors import ConversionError, FormatError, ParameterError
from .io import SNIFF_BYTES, encoding_problem
from .registry import Registry

__all__ = ["Format", "NoConfig", "formats", "register_format", "detect_format", "make_config", "record_by_record"]


@dataclass
class NoConfig:
    """This format takes no options."""


@dataclass(frozen=True)
class Format:
    """What a converter module offers: reading, writing and recognising one file format.

    ``read(path, config)`` yields records (unchecked: :func:`wino_toolkit.read` checks them);
    ``write(records, fh, config)`` writes them to a binary stream; ``sniff(head)`` says whether the
    first bytes of a file look like this format. ``record`` is ``"item"`` for schema items and
    ``"nli"`` for :class:`~wino_toolkit.schema.NLIPair` records (``"disambiguated"``, ``"twin"`` for
    the derived forms' records). ``canonical`` formats round-trip byte for byte. ``derive`` names the
    form (:mod:`wino_toolkit.forms`) that turns schema items into what this format writes, so that
    ``wino convert wsc.xml --to wnli`` works, with ``derived_options`` as the writer's defaults then;
    ``representable(record, config)`` returns why a record cannot be written (or ``None``), so a
    conversion can skip and report it instead of failing.
    """

    name: str
    description: str
    extensions: tuple[str, ...]
    read: Callable[[Path, Any], Iterator[Any]] | None = None
    write: Callable[[Iterable[Any], BinaryIO, Any], None] | None = None
    sniff: Callable[[bytes], bool] | None = None
    config: type = NoConfig
    record: str = "item"
    canonical: bool = False
    aliases: tuple[str, ...] = field(default=())
    derive: str | None = None
    derived_options: dict[str, Any] = field(default_factory=dict)
    representable: Callable[[Any, Any], str | None] | None = None


def record_by_record(write: Callable[[Iterable[Any], BinaryIO, Any], None]) -> Callable[[Any, Any], str | None]:
    """A ``representable`` check for formats that write each record on its own: write it alone."""

    def representable(record: Any, config: Any) -> str | None:
        try:
            write([record], io.BytesIO(), config)
        except ConversionError as exc:
            return str(exc).removeprefix(f"item {record.id!r}: ")
        return None

    return representable


#: the package whose every module registers a built-in format
BUILTIN_FORMATS = "wino_toolkit.converters"


def _load_builtin() -> None:
    package = importlib.import_module(BUILTIN_FORMATS)
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{BUILTIN_FORMATS}.{info.name}")


formats: Registry[Format] = Registry("formats", loader=_load_builtin)


def register_format(fmt: Format) -> Format:
    formats.register(fmt.name, fmt, aliases=fmt.aliases)
    return fmt


def make_config(fmt: Format, options: dict[str, Any] | None = None) -> Any:
    """Build ``fmt``'s config from ``key=value`` options, coercing strings to the field types."""
    options = dict(options or {})
    known = {f.name: f for f in dataclasses.fields(fmt.config)}
    values = {}
    for key, value in options.items():
        key = key.replace("-", "_")
        if key not in known:
            names = ", ".join(known) or "none"
            raise ParameterError(f"format {fmt.name!r} has no option {key!r} (options: {names})")
        values[key] = _coerce(value, known[key].type, key)
    return fmt.config(**values)


def _coerce(value: Any, annotation: Any, key: str) -> Any:
    if not isinstance(value, str):
        return value
    kind = str(annotation)
    if "bool" in kind:
        if value.lower() in ("1", "true", "yes", "on"):
            return True
        if value.lower() in ("0", "false", "no", "off"):
            return False
        raise ParameterError(f"option {key!r} takes true or false, not {value!r}")
    if "int" in kind and "str" not in kind:
        try:
            return int(value)
        except ValueError:
            raise ParameterError(f"option {key!r} takes a whole number, not {value!r}") from None
    if "None" in kind and value.lower() in ("none", ""):
        return None
    return value


BOM = b"\xef\xbb\xbf"
#: complete lines a head holds at least (DPR's sniffer looks at a block and the blank line after it)
SNIFF_LINES = 8
#: the most a head grows to when the first lines or the fields a sniffer looks for are long
SNIFF_LIMIT = 16 << 20


def sniff_heads(fh: BinaryIO) -> Iterator[bytes]:
    """Growing heads of an open file for the sniffers, without a UTF-8 byte-order mark.

    The first holds at least :data:`SNIFF_BYTES` and :data:`SNIFF_LINES` complete lines (or the
    whole file), so that a long first line does not cut off what a sniffer looks for; each next
    one is twice as long, up to :data:`SNIFF_LIMIT`, for files whose distinctive fields come
    after a long one. Every head ends at a line end, the end of the file or the limit.
    """
    data = bytearray(fh.read(SNIFF_BYTES))
    at_end = len(data) < SNIFF_BYTES
    lines = data.count(b"\n")
    target = SNIFF_BYTES
    while True:
        while not at_end and len(data) < SNIFF_LIMIT and (len(data) < target or lines < SNIFF_LINES):
            chunk = fh.read(min(SNIFF_BYTES, SNIFF_LIMIT - len(data)))
            at_end = not chunk
            lines += chunk.count(b"\n")
            data += chunk
        end = len(data) if at_end else data.rfind(b"\n") + 1 or len(data)
        head = bytes(data[:end])
        yield head[len(BOM) :] if head.startswith(BOM) else head
        if at_end or len(data) >= SNIFF_LIMIT:
            return
        target = min(2 * len(data), SNIFF_LIMIT)


def detect_format(path: str | os.PathLike) -> Format:
    """The one registered format whose ``sniff`` accepts the file's first bytes.

    When several accept it, the one whose extension matches wins; when none or several still
    remain, a :class:`FormatError` says so and asks for ``--from``. When none accepts the first
    64 KB, longer heads are tried (see :func:`sniff_heads`).
    """
    p = Path(path)
    sniffers = [fmt for _, fmt in formats.items() if fmt.sniff is not None and fmt.read is not None]
    matches: list[Format] = []
    try:
        with open(p, "rb") as fh:
            for n, head in enumerate(sniff_heads(fh)):
                if n == 0 and not head.strip():
                    raise FormatError(p, None, "file is empty")
                matches = [fmt for fmt in sniffers if fmt.sniff(head)]
                if matches:
                    break
    except OSError as exc:
        raise FormatError(p, None, f"cannot open: {exc.strerror}") from None
    if len(matches) > 1:
        by_ext = [fmt for fmt in matches if p.name.lower().endswith(fmt.extensions)]
        matches = by_ext or matches
    if len(matches) == 1:
        return matches[0]
    if not matches:  # a UTF-16 file is named as such: --from would not make it readable
        raise FormatError(p, None, encoding_problem(head) or "no known format recognises this file; name one with --from "
                          "(see `wino formats`)")
    names = ", ".join(fmt.name for fmt in matches)
    raise FormatError(p, None, f"looks like several formats ({names}); name one with --from")
