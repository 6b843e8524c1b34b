"""Corpus cards: what each corpus is, where its release files live, and how to check them.

A card is declarative data, one TOML file per corpus in ``wino_toolkit.corpora`` (like sacrebleu's
table of test sets): name, title, languages, citation, license, homepage, the format that reads it,
and the release files with their URL, SHA-256 and size. Cards are validated when they are loaded,
so a bad card fails with its file name and the broken field instead of misbehaving later.

:func:`identify` says which card a file's corpus is by the file's content, never by its format alone: most
readers name their items after the corpus the format was made for (a WSC file written in WinoGrande's format
reads as ``winogrande``), so that name says nothing about whose license applies.

>>> from wino_toolkit.cards import get_card
>>> card = get_card("wsc285")
>>> card.format, card.languages
('wsc-xml', ('en',))
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

from .errors import MissingDependencyError, WinoError
from .registry import Registry

__all__ = ["Card", "CardFile", "CardError", "cards", "list_cards", "get_card", "load_card", "parse_card", "Identity",
           "identify"]

#: a card name: lowercase words joined by hyphens, e.g. ``superglue-wsc``
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: the BCP-47 tags the toolkit uses: language, optional script, optional region (``zh-Hans``, ``pt-BR``)
BCP47 = re.compile(r"[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?")
SHA256 = re.compile(r"[0-9a-f]{64}")
URL_SCHEMES = ("http", "https", "file")

REQUIRED = ("name", "title", "languages", "format", "license", "homepage", "citation", "files")
OPTIONAL = ("notes", "options")
FILE_FIELDS = ("name", "url", "sha256", "size")
FILE_OPTIONAL = ("companion",)


class CardError(WinoError):
    """A corpus card that is malformed; the message names the card file and the field."""


@dataclass(frozen=True)
class CardFile:
    """One release file of a corpus: where to get it and how to recognise the right bytes."""

    name: str  # path of the file inside the corpus's cache folder (relative, ``/``-separated)
    url: str  # pinned download URL (http, https or file)
    sha256: str  # lowercase hex SHA-256 of the file
    size: int  # size in bytes
    companion: bool = False  # read along with another file, not on its own (WinoGrande's *-labels.lst)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "url": self.url, "sha256": self.sha256, "size": self.size}
        if self.companion:
            out["companion"] = True
        return out


@dataclass(frozen=True)
class Card:
    """What the toolkit knows about one corpus; ``wino corpora info NAME`` prints it."""

    name: str  # registry name, e.g. "wsc285"; equals the card's file stem
    title: str  # one line for humans
    languages: tuple[str, ...]  # BCP-47 tags of the texts
    format: str  # registered format that reads the files, e.g. "wsc-xml"
    license: str  # as the source states it; "unknown (...)" when it states none
    homepage: str  # canonical page of the corpus or its paper
    citation: str  # BibTeX of the paper(s) to cite
    files: tuple[CardFile, ...]  # release files, in reading order
    notes: str = ""  # provenance and caveats (re-packaged copies, missing splits, subsets)
    options: dict[str, Any] = field(default_factory=dict)  # format options for reading these files
    source: str = field(default="", compare=False, repr=False)  # where the card was loaded from

    @property
    def data_files(self) -> tuple[CardFile, ...]:
        """The files to read with :attr:`format` (their companions are found beside them)."""
        return tuple(f for f in self.files if not f.companion)

    @property
    def size(self) -> int:
        """Total bytes of the release files."""
        return sum(f.size for f in self.files)

    def describe(self) -> str:
        """A few lines for people: what the corpus is, how it is read, its files and how to cite it."""
        options = ", ".join(f"{k}={v}" for k, v in self.options.items())
        lines = [
            f"{self.name}: {self.title}",
            f"  languages  {', '.join(self.languages)}",
            f"  format     {self.format}" + (f" (options: {options})" if options else ""),
            f"  license    {self.license}",
            f"  homepage   {self.homepage}",
            f"  files      {len(self.files)}, {self.size:,} bytes",
        ]
        for f in self.files:
            role = "  (companion)" if f.companion else ""
            lines += [f"    {f.name}  {f.size:,} bytes  sha256 {f.sha256}{role}", f"      {f.url}"]
        if self.notes:
            lines += ["  notes", *(f"    {line}" for line in self.notes.splitlines())]
        lines += ["  citation", *(f"    {line}" for line in self.citation.rstrip().splitlines())]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The card as plain JSON-ready data, with the same keys as its TOML file."""
        out: dict[str, Any] = {
            "name": self.name,
            "title": self.title,
            "languages": list(self.languages),
            "format": self.format,
            "license": self.license,
            "homepage": self.homepage,
            "citation": self.citation,
        }
        if self.notes:
            out["notes"] = self.notes
        if self.options:
            out["options"] = dict(self.options)
        out["files"] = [f.to_dict() for f in self.files]
        return out


def _str(data: dict, key: str, where: str, *, empty: bool = False) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise CardError(f"{where}: {key!r} must be a string, not {type(value).__name__}")
    if not empty and not value.strip():
        raise CardError(f"{where}: {key!r} is empty")
    return value


def _url(value: str, key: str, where: str, schemes: tuple[str, ...]) -> str:
    parts = urlsplit(value)
    if parts.scheme not in schemes or not (parts.netloc or parts.scheme == "file") or not parts.path:
        raise CardError(f"{where}: {key!r} {value!r} is not a {' or '.join(schemes)} URL")
    return value


def _check_keys(data: dict, required: tuple[str, ...], allowed: tuple[str, ...], where: str) -> None:
    missing = [key for key in required if key not in data]
    if missing:
        raise CardError(f"{where}: missing field{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise CardError(f"{where}: unknown field {unknown[0]!r} (fields: {', '.join(allowed)})")


def _parse_file(data: Any, where: str) -> CardFile:
    if not isinstance(data, dict):
        raise CardError(f"{where}: must be a table with {', '.join(FILE_FIELDS)}")
    _check_keys(data, FILE_FIELDS, FILE_FIELDS + FILE_OPTIONAL, where)
    name = _str(data, "name", where)
    rel = PurePosixPath(name)
    if rel.is_absolute() or "\\" in name or any(part in ("", ".", "..") for part in name.split("/")):
        raise CardError(f"{where}: name {name!r} must be a relative path without '..'")
    sha = _str(data, "sha256", where)
    if not SHA256.fullmatch(sha):
        raise CardError(f"{where}: sha256 {sha!r} is not 64 lowercase hex digits")
    size = data["size"]
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise CardError(f"{where}: size {size!r} is not a whole number of bytes")
    companion = data.get("companion", False)
    if not isinstance(companion, bool):
        raise CardError(f"{where}: companion {companion!r} must be true or false")
    url = _url(_str(data, "url", where), "url", where, URL_SCHEMES)
    return CardFile(name=name, url=url, sha256=sha, size=size, companion=companion)


def parse_card(data: dict[str, Any], source: str = "<card>") -> Card:
    """A :class:`Card` from parsed TOML (or :meth:`Card.to_dict` output), checking every field.

    Raises :class:`CardError` naming ``source`` and the field at fault.
    """
    _check_keys(data, REQUIRED, REQUIRED + OPTIONAL, source)
    name = _str(data, "name", source)
    if not NAME.fullmatch(name):
        raise CardError(f"{source}: name {name!r} must be lowercase letters, digits and hyphens")
    languages = data["languages"]
    if not isinstance(languages, list) or not languages:
        raise CardError(f"{source}: 'languages' must be a non-empty list of BCP-47 tags")
    for tag in languages:
        if not isinstance(tag, str) or not BCP47.fullmatch(tag):
            raise CardError(f"{source}: language {tag!r} is not a BCP-47 tag like 'en' or 'zh-Hans'")
    citation = _str(data, "citation", source).strip()
    if not citation.startswith("@") or citation.count("{") != citation.count("}"):
        raise CardError(f"{source}: 'citation' must be BibTeX (an @entry{{...}} with balanced braces)")
    files = data["files"]
    if not isinstance(files, list) or not files:
        raise CardError(f"{source}: 'files' must list at least one [[files]] table")
    parsed = tuple(_parse_file(f, f"{source}: files[{i}]") for i, f in enumerate(files))
    names = [f.name for f in parsed]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise CardError(f"{source}: file name {dupes[0]!r} is listed twice")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise CardError(f"{source}: 'options' must be a table of format options")
    return Card(
        name=name,
        title=_str(data, "title", source),
        languages=tuple(languages),
        format=_str(data, "format", source),
        license=_str(data, "license", source),
        homepage=_url(_str(data, "homepage", source), "homepage", source, ("http", "https")),
        citation=citation + "\n",
        files=parsed,
        notes=_str(data, "notes", source, empty=True).strip() if "notes" in data else "",
        options=dict(options),
        source=source,
    )


def _tomllib():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        try:
            import tomli as tomllib
        except ModuleNotFoundError:
            raise MissingDependencyError("reading corpus cards on Python 3.10 needs tomli: pip install tomli") from None
    return tomllib


def _load_text(text: str, filename: str, source: str) -> Card:
    toml = _tomllib()
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        raise CardError(f"{source}: invalid TOML: {exc}") from None
    card = parse_card(data, source)
    stem = filename.rsplit("/", 1)[-1].removesuffix(".toml")
    if card.name != stem:
        raise CardError(f"{source}: name {card.name!r} does not match the file name {filename!r}")
    return card


def load_card(path: str | Path) -> Card:
    """Load and check one card file; its ``name`` must equal the file's stem."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardError(f"{p}: cannot read card: {exc}") from None
    return _load_text(text, p.name, str(p))


def _load_builtin() -> None:
    """Register the bundled cards; a bad one is kept as broken (with its error) so the others still list."""
    package = resources.files("wino_toolkit.corpora")
    for entry in sorted(package.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml") and entry.is_file():
            source = f"wino_toolkit.corpora/{entry.name}"
            try:
                card = _load_text(entry.read_text(encoding="utf-8"), entry.name, source)
            except CardError as exc:
                cards.broken[entry.name.removesuffix(".toml")] = str(exc)
                continue
            cards.register(card.name, card)


#: every known corpus card by name; plugins add theirs through the ``wino_toolkit.corpus`` entry points
cards: Registry[Card] = Registry("corpus", loader=_load_builtin)


def list_cards() -> list[Card]:
    """All cards, sorted by name."""
    return [card for _, card in cards.items()]


def get_card(name: str) -> Card:
    """The card called ``name``; an unknown name raises :class:`UnknownNameError` with near matches."""
    return cards.get(name)


@dataclass(frozen=True)
class Identity:
    """Which corpus card a file's items belong to, and the evidence: ``checksum`` (the bytes are a release file
    of the card), ``sample`` (the bytes are the toolkit's bundled sample of it), ``declared`` (the records, or a
    reader option the user gave, name the corpus) or ``unknown`` (``card`` is ``None``)."""

    card: Card | None
    evidence: str
    detail: str


def identify(path: str | os.PathLike, corpus: str, format_name: str, *, named: bool = False) -> Identity:
    """The card of the items named ``corpus`` that the file ``path`` (read in format ``format_name``) holds, by
    content: a release file's checksum, the bundled sample's bytes, or a name the records carry themselves
    (native JSON Lines) or the user gave (``named``: ``-O corpus=...``). A name the format gives every file it
    reads identifies nothing: then the corpus is unknown."""
    p = Path(path)
    size = p.stat().st_size
    release = [(card, f) for card in list_cards() for f in card.files if f.size == size]
    samples = [s for s in _samples() if s.stat().st_size == size]
    digest = _sha256(p) if release or samples else ""
    matches = [(card, f) for card, f in release if f.sha256 == digest]
    if matches:
        card, f = next(((c, f) for c, f in matches if c.name == corpus), matches[0])
        return Identity(card, "checksum", f"the bytes of {card.name}'s release file {f.name} (sha256 {digest[:12]})")
    own = _card_named(corpus)
    if own is not None and any(_sha256(s) == digest for s in samples):
        return Identity(own, "sample", f"the toolkit's bundled sample of {corpus}")
    if own is not None and (named or not _names_its_items(format_name)):
        how = "a reader option" if named else "its records"
        return Identity(own, "declared", f"named {corpus} by {how}; not a release file of the card")
    if own is None:
        return Identity(None, "unknown", f"no corpus card is named {corpus}, and no card's release file has these bytes")
    return Identity(None, "unknown", f"read as {format_name}, which names the items of every file {corpus}; "
                                     "no corpus card's release file has these bytes, so which corpus it is is unknown")


def _card_named(name: str) -> Card | None:
    return cards.get(name) if name in cards else None


def _names_its_items(format_name: str) -> bool:
    """Whether the format gives its items a corpus name of its own (a ``corpus`` reader option) rather than
    reading it from each record."""
    import dataclasses

    from .formats import formats

    return any(f.name == "corpus" for f in dataclasses.fields(formats.get(format_name).config))


def _samples() -> list[Path]:
    root = resources.files("wino_toolkit.corpora") / "samples"
    return [Path(str(p)) for p in root.iterdir() if p.is_file()]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
