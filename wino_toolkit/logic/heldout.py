"""Generality measured on schemas the library was not written for (issue #32, section 4).

The axiom library is frozen (a tagged version); items of corpora never formalized are then formalized with it
and scenario facts only, and an item that needs knowledge the library lacks gets new axioms, in a module of its
own beside the held-out files (``heldout/axioms/new/...``) or written in the file. An item *needed no new axiom*
when every formula of its knowledge core (the minimal knowledge sufficiency uses) is an axiom of the frozen
library: same name, same formula. A changed axiom counts as new, so the figure cannot be raised by editing the
library after the freeze. Items drawn but left out (a ``.skip`` file) count in the whole, never as reused.

Nothing here prints: :func:`measure` returns a :class:`HeldOut` (``to_dict`` for JSON) and :func:`heldout_table`
makes the rich table of ``wino logic heldout``.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from wino_toolkit.errors import FormatError
from wino_toolkit.intervals import wilson

from .checks import DEFAULT_RLIMIT, Verdict
from .coverage import Skip, read_skip
from .syntax import Formalization
from .twins import schema_of

__all__ = ["HeldOutItem", "HeldOut", "frozen_axioms", "library_digest", "heldout_folder", "measure", "judge", "heldout_table"]


def heldout_folder() -> Path:
    """The shipped held-out formalizations (``corpora/logic/heldout``)."""
    from wino_toolkit import corpora

    return Path(corpora.__file__).parent / "logic" / "heldout"


@dataclass(frozen=True)
class HeldOutItem:
    """One drawn item: ``status`` is ``formalized``, ``skipped`` or ``failed`` (a check did not pass); ``new``
    names the core's formulas that are not the frozen library's (``module:axiom``, or the file's own name)."""

    item: str
    schema: str
    status: str
    core: tuple[str, ...] = ()
    new: tuple[str, ...] = ()
    reason: str = ""

    @property
    def reused(self) -> bool:
        """Formalized with the frozen library alone."""
        return self.status == "formalized" and not self.new

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "schema": self.schema, "status": self.status, "core": list(self.core),
                "new": list(self.new), "reused": self.reused, **({"reason": self.reason} if self.reason else {})}


@dataclass(frozen=True)
class HeldOut:
    """The held-out measurement: every drawn item, and the frozen library it was measured against."""

    items: tuple[HeldOutItem, ...]
    frozen: str  # the frozen library's folder
    frozen_digest: str  # sha256 of its files, so that a figure names the library it was measured against

    def summary(self) -> dict[str, Any]:
        drawn = len(self.items)
        reused = sum(i.reused for i in self.items)
        low, high = wilson(reused, drawn) if drawn else (0.0, 0.0)
        schemas = {i.schema for i in self.items}
        return {"drawn": drawn, "formalized": sum(i.status == "formalized" for i in self.items),
                "skipped": sum(i.status == "skipped" for i in self.items), "failed": sum(i.status == "failed" for i in self.items),
                "no_new_axiom": reused, "share": round(reused / drawn, 4) if drawn else 0.0,
                "interval": [round(low, 4), round(high, 4)], "schemas": len(schemas),
                "schemas_no_new_axiom": len({i.schema for i in self.items if i.reused} -
                                            {i.schema for i in self.items if not i.reused}),
                "frozen": self.frozen, "frozen_digest": self.frozen_digest}

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "items": [i.to_dict() for i in self.items]}


def frozen_axioms(folder: Path) -> dict[str, str]:
    """Every axiom of the library in ``folder``: its name and its formula as written back."""
    from .axioms import library_modules

    if not folder.is_dir():
        raise FormatError(folder, None, "not a folder of axiom modules")
    return {a.name: str(a.formula) for m in library_modules(folder) for a in m.axioms if a.origin == m.name}


def library_digest(folder: Path) -> str:
    """SHA-256 over the library's module names and bytes: which frozen library a figure was measured against."""
    combined = hashlib.sha256()
    for path in sorted(folder.rglob("*.fol")):
        combined.update(f"{path.relative_to(folder).as_posix()}\0".encode("utf-8") + path.read_bytes() + b"\n")
    return combined.hexdigest()


def judge(f: Formalization, verdict: Verdict, frozen: dict[str, str]) -> HeldOutItem:
    """One formalized item against the frozen library's axioms."""
    schema = schema_of(f.item)
    sufficiency = verdict.checks["sufficiency"]
    if verdict.status != "pass" or sufficiency.core is None:
        failed = ", ".join(f"{n} {c.status}" for n, c in verdict.checks.items() if c.status != "pass")
        return HeldOutItem(f.item, schema, "failed", reason=failed)
    knowledge = {k.name: k for k in f.knowledge}
    new = []
    for name in sufficiency.core:
        k = knowledge[name]
        if k.origin is None:
            new.append(name)  # knowledge written in the file itself
        elif frozen.get(name) != str(k.formula):
            new.append(f"{k.origin}:{name}")
    return HeldOutItem(f.item, schema, "formalized", tuple(sufficiency.core), tuple(new))


def measure(paths: Sequence[str | Path] | None = None, frozen: str | Path | None = None, *,
            rlimit: int = DEFAULT_RLIMIT, jobs: int | None = None) -> HeldOut:
    """Verify the held-out formalizations (the shipped ones for none; a folder stands for its ``.fol`` and
    ``.skip`` files) and judge each core against the library in ``frozen`` (the shipped one for none)."""
    from .axioms import library_folder
    from .files import expand, load_formalizations, verify_files

    paths = list(paths) if paths else [heldout_folder()]
    folder = Path(frozen) if frozen is not None else library_folder()
    axioms = frozen_axioms(folder)
    files = [p for p in expand(paths) if p.suffix == ".fol"]
    formalizations = load_formalizations(files)
    verdicts = verify_files(files, rlimit=rlimit, jobs=jobs)
    items = [judge(f, v, axioms) for f, v in zip(formalizations, verdicts)]
    skips: list[Skip] = [read_skip(s) for p in map(Path, paths) if p.is_dir() for s in sorted(p.glob("*.skip"))]
    done = {i.item for i in items}
    for s in skips:
        if s.item in done:
            raise FormatError(s.path, None, f"item {s.item!r} is both formalized and skipped")
        items.append(HeldOutItem(s.item, schema_of(s.item), "skipped", reason=s.reason))
    return HeldOut(tuple(items), str(folder), library_digest(folder))


def heldout_table(result: HeldOut, signature: str) -> Any:
    """Each drawn item: its status, core size and the new formulas it needed."""
    from rich.table import Table

    s = result.summary()
    table = Table(title="generality on held-out schemas",
                  caption=f"{s['no_new_axiom']} of {s['drawn']} items needed no new axiom ({s['share']:.0%}, 95% CI "
                          f"{s['interval'][0]:.0%}-{s['interval'][1]:.0%}); {s['skipped']} skipped, {s['failed']} failing; "
                          f"frozen library {s['frozen_digest'][:12]} · {signature}")
    for column in ("item", "status", "core", "new knowledge in the core"):
        table.add_column(column, justify="right" if column == "core" else "left")
    for i in result.items:
        table.add_row(i.item, i.status, str(len(i.core)) if i.core else "", ", ".join(i.new) or i.reason or "none")
    return table
