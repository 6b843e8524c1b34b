"""The axiom library: general commonsense knowledge, one module per topic, that schema files import.

A module is a ``.fol`` file under ``corpora/logic/axioms/`` (``physical/support.fol`` is imported as
``import "physical/support"``) holding declarations, imports of other modules and ``axiom NAME:
formula`` statements. Importing a module brings its vocabulary (templates included, so rendering
works) and its axioms, which join the file's true knowledge: one axiom serves every schema that
imports it, and twin versions share their axioms while their scenarios differ. An axiom names no
entity (modules declare none); the rest of the generality check applies to it as to any knowledge.

A module is looked up in the ``axioms/`` folder beside the importing file, then in the folder the
importing module sits in, then in the shipped library. A module found elsewhere that has the name of a
shipped one and says something else is refused, naming both files: a local folder cannot silently change
what a shipped module means. An import cycle is refused naming every module of it and its file.
:func:`load` and :func:`parse` read a schema file with its imports resolved so, and with its twins (the
schema's other versions, :mod:`.twins`) for the twin test; the grammar (:mod:`.syntax`) is handed
:func:`import_module`.
"""
from __future__ import annotations

import re
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from wino_toolkit.errors import FormatError

from .syntax import AxiomModule, Formalization, Importing, parse_module, read_source
from .syntax import parse as parse_text
from .twins import twin_files

__all__ = ["library_folder", "find_module", "load_module", "import_module", "library_modules", "load", "parse"]

_NAME = re.compile(r"[a-z0-9_]+(?:/[a-z0-9_]+)*")


def library_folder() -> Path:
    """The shipped axiom library."""
    from wino_toolkit import corpora

    return Path(corpora.__file__).parent / "logic" / "axioms"


def find_module(name: str, importer: str) -> Path:
    """The file of module ``name`` imported by ``importer`` (a path, or ``<string>``)."""
    if not _NAME.fullmatch(name):
        raise FormatError(importer, None, f"module name {name!r} is not lowercase words joined by '/' (e.g. \"physical/support\")")
    places: list[Path] = []
    if not importer.startswith("<"):
        here = Path(importer).resolve().parent
        places.append(here / "axioms")
        root = _library_root(Path(importer).resolve())
        if root is not None:
            places.append(root)
    places.append(library_folder())
    for folder in places:
        candidate = folder / f"{name}.fol"
        if candidate.is_file():
            _refuse_shadow(name, candidate, importer)
            return candidate
    raise FormatError(importer, None, f"no axiom module {name!r} (looked for {name}.fol in "
                                      f"{', '.join(str(p) for p in dict.fromkeys(places))})")


#: the library :func:`library_modules` is reading, when not the shipped one: a whole library read as such (a
#: frozen copy of an older version, say) is not a local folder shadowing the shipped modules
_READING: ContextVar[Path | None] = ContextVar("library_being_read", default=None)


def _refuse_shadow(name: str, found: Path, importer: str) -> None:
    """A module outside the shipped library with a shipped module's name must be a copy of it: else the
    schema would silently read other knowledge under the shipped name."""
    shipped = library_folder() / f"{name}.fol"
    if not shipped.is_file() or found.resolve() == shipped.resolve():
        return
    reading = _READING.get()
    if reading is not None and found.resolve().is_relative_to(reading):
        return
    if found.read_bytes() != shipped.read_bytes():
        raise FormatError(importer, None, f"module {name!r} in {found} shadows the shipped module {shipped}, and they differ: "
                                          "give the local module a name of its own")


def _library_root(path: Path) -> Path | None:
    """The ``axioms`` folder a module file sits in (at any depth), if it is one."""
    for parent in path.parents:
        if parent.name == "axioms":
            return parent
    return None


def load(path: str | Path) -> Formalization:
    """Parse a ``.fol`` file, its imports from the axiom library; a :class:`FormatError` names the file, line
    and column of any problem."""
    return parse(read_source(path), str(path))


def parse(text: str, path: str = "<string>") -> Formalization:
    """Parse the text of a ``.fol`` file (``path`` names it in errors; imports are looked up beside it, then in
    the shipped axiom library), with the twins found for it (:func:`.twins.twin_files`)."""
    f = parse_text(text, path, import_module)
    f.twins = tuple(parse_text(read_source(twin), str(twin), import_module) for twin in twin_files(f.item, path))
    return f


def import_module(name: str, importer: str, importing: Importing = ()) -> AxiomModule:
    """Module ``name`` as ``importer`` sees it (while ``importing`` are being imported): found, then loaded; a
    module already being imported closes a cycle, refused naming each module and file of it."""
    path = find_module(name, importer)
    files = [str(Path(file).resolve()) for _, file in importing]
    if str(path.resolve()) in files:
        cycle = [*importing[files.index(str(path.resolve())):], (name, str(path))]
        raise FormatError(importer, None, "import cycle: " + " -> ".join(f"{n} ({file})" for n, file in cycle))
    return load_module(path, name, importing)


def load_module(path: Path, name: str, importing: Importing = ()) -> AxiomModule:
    """Parse the module at ``path`` (cached while the file is unchanged)."""
    stat = path.stat()
    return _load(str(path), name, importing, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load(path: str, name: str, importing: Importing, _mtime: int, _size: int) -> AxiomModule:
    return parse_module(read_source(path), name, path, importing, import_module)


def library_modules(folder: Path | None = None) -> list[AxiomModule]:
    """Every module of the library (the shipped one by default), in name order."""
    folder = folder or library_folder()
    token = _READING.set(folder.resolve())
    try:
        return [load_module(p, p.relative_to(folder).with_suffix("").as_posix()) for p in sorted(folder.rglob("*.fol"))]
    finally:
        _READING.reset(token)
