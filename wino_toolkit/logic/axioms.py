"""The axiom library: general commonsense knowledge, one module per topic, that schema files import.

A module is a ``.fol`` file under ``corpora/logic/axioms/`` (``physical/support.fol`` is imported as
``import "physical/support"``) holding declarations, imports of other modules and ``axiom NAME:
formula`` statements. Importing a module brings its vocabulary (templates included, so rendering
works) and its axioms, which join the file's true knowledge: one axiom serves every schema that
imports it, and twin versions share their axioms while their scenarios differ. An axiom names no
entity (modules declare none), so the generality check holds of it by construction.

A module is looked up in the ``axioms/`` folder beside the importing file, then in the folder the
importing module sits in, then in the shipped library. :func:`load` and :func:`parse` read a schema
file with its imports resolved so; the grammar (:mod:`.syntax`) is handed :func:`import_module`.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from wino_toolkit.errors import FormatError

from .syntax import AxiomModule, Formalization, parse_module, read_source
from .syntax import parse as parse_text

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
            return candidate
    raise FormatError(importer, None, f"no axiom module {name!r} (looked for {name}.fol in "
                                      f"{', '.join(str(p) for p in dict.fromkeys(places))})")


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
    the shipped axiom library)."""
    return parse_text(text, path, import_module)


def import_module(name: str, importer: str, importing: tuple[str, ...] = ()) -> AxiomModule:
    """Module ``name`` as ``importer`` sees it (while ``importing`` are being imported): found, then loaded."""
    return load_module(find_module(name, importer), name, importing)


def load_module(path: Path, name: str, importing: tuple[str, ...] = ()) -> AxiomModule:
    """Parse the module at ``path`` (cached while the file is unchanged)."""
    stat = path.stat()
    return _load(str(path), name, importing, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load(path: str, name: str, importing: tuple[str, ...], _mtime: int, _size: int) -> AxiomModule:
    return parse_module(read_source(path), name, path, importing, import_module)


def library_modules(folder: Path | None = None) -> list[AxiomModule]:
    """Every module of the library (the shipped one by default), in name order."""
    folder = folder or library_folder()
    return [load_module(p, p.relative_to(folder).with_suffix("").as_posix()) for p in sorted(folder.rglob("*.fol"))]
