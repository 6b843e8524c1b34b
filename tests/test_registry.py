"""The shared registry: lazy entries, aliases, duplicate names, near-miss suggestions, plugins."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

import wino_toolkit as wt
from wino_toolkit.registry import Registry


def test_lazy_entry_is_imported_on_first_get():
    reg = Registry("things")
    reg.register("dumps", "json:dumps", aliases=("json-dumps",))
    assert reg._entries["dumps"] == "json:dumps"
    import json

    assert reg.get("json-dumps") is json.dumps
    assert reg.canonical("json-dumps") == "dumps"


def test_duplicate_name_is_an_error():
    reg = Registry("things")
    reg.register("a", 1)
    with pytest.raises(wt.WinoError, match="'a' is already registered"):
        reg.register("a", 2)


def test_unknown_name_suggests_near_matches():
    with pytest.raises(wt.UnknownNameError) as info:
        wt.formats.get("winogrand")
    assert "Did you mean 'winogrande'" in str(info.value)


def test_broken_plugin_shows_instead_of_vanishing(monkeypatch):
    class BrokenEP:
        name = "broken-format"

        def load(self):
            raise ImportError("No module named 'nowhere'")

    import wino_toolkit.registry as registry

    monkeypatch.setattr(registry, "entry_points", lambda group: [BrokenEP()] if group == "wino_toolkit.things" else [])
    reg = Registry("things")
    assert reg.names() == []
    assert "No module named 'nowhere'" in reg.broken["broken-format"]
    with pytest.raises(wt.UnknownNameError, match="failed to load"):
        reg.get("broken-format")


def test_plugin_format_registers_through_entry_point(monkeypatch):
    fmt = wt.Format(name="plugin-x", description="d", extensions=(".x",))
    ep = SimpleNamespace(name="plugin-x", load=lambda: fmt)
    import wino_toolkit.registry as registry

    monkeypatch.setattr(registry, "entry_points", lambda group: [ep])
    reg = Registry("formats")
    assert reg.get("plugin-x") is fmt


def test_every_builtin_format_is_well_formed():
    names = wt.formats.names()
    assert {"jsonl", "winogrande"} <= set(names)
    for name, fmt in wt.formats.items():
        assert fmt.name == name
        assert fmt.record in ("item", "nli", "disambiguated", "twin")
        assert fmt.read or fmt.write
        assert fmt.description and fmt.extensions
    assert wt.formats.broken == {}
