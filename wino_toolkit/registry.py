"""A small named registry shared by formats, languages and (later) forms and segmenters.

Entries are registered eagerly (an object) or lazily (a ``"module:attr"`` string, imported on first
use), so listing names never imports lxml, jieba or torch. Third parties plug in through the
entry-point group ``wino_toolkit.<registry name>``; a plugin that fails to load is kept as *broken*
with its error instead of vanishing.
"""
from __future__ import annotations

import difflib
import importlib
from importlib.metadata import entry_points
from typing import Callable, Generic, Iterator, TypeVar

from .errors import UnknownNameError, WinoError

__all__ = ["Registry"]

T = TypeVar("T")


class Registry(Generic[T]):
    """Names → objects, with aliases, lazy imports, plugins and helpful misses."""

    def __init__(self, name: str, *, loader: Callable[[], None] | None = None):
        self.name = name
        self._entries: dict[str, T | str] = {}
        self._aliases: dict[str, str] = {}
        self._loader = loader  # imports the built-in entries on first use
        self._loaded = False
        self.broken: dict[str, str] = {}

    def register(self, name: str, obj: T | str, *, aliases: tuple[str, ...] = ()) -> T | str:
        """Add ``obj`` (or a lazy ``"module:attr"``) under ``name``; a taken name is an error."""
        for key in (name, *aliases):
            if key in self._entries or key in self._aliases:
                raise WinoError(f"{self.name} registry: {key!r} is already registered")
        self._entries[name] = obj
        for alias in aliases:
            self._aliases[alias] = name
        return obj

    def _ensure_loaded(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self._loader is not None:
            self._loader()
        for ep in entry_points(group=f"wino_toolkit.{self.name}"):
            if ep.name in self._entries:
                continue
            try:
                self.register(ep.name, ep.load())
            except Exception as exc:  # a broken plugin must show, not vanish
                self.broken[ep.name] = f"{type(exc).__name__}: {exc}"

    def canonical(self, name: str) -> str:
        """The registered name behind ``name`` or one of its aliases."""
        self._ensure_loaded()
        key = self._aliases.get(name, name)
        if key in self._entries:
            return key
        if key in self.broken:
            raise UnknownNameError(f"{self.name} {name!r} is installed but failed to load: {self.broken[key]}")
        choices = sorted({*self._entries, *self._aliases})
        near = difflib.get_close_matches(name, choices, n=3, cutoff=0.5)
        hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise UnknownNameError(f"unknown {self.name} {name!r}.{hint} Known: {', '.join(choices)}")

    def get(self, name: str) -> T:
        key = self.canonical(name)
        obj = self._entries[key]
        if isinstance(obj, str):
            module, _, attr = obj.partition(":")
            obj = getattr(importlib.import_module(module), attr)
            self._entries[key] = obj
        return obj  # type: ignore[return-value]

    def names(self) -> list[str]:
        self._ensure_loaded()
        return sorted(self._entries)

    def items(self) -> Iterator[tuple[str, T]]:
        for name in self.names():
            yield name, self.get(name)

    def __contains__(self, name: object) -> bool:
        self._ensure_loaded()
        return name in self._entries or name in self._aliases
