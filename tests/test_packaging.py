"""The installed package must hold every source package and data file (setup.cfg lists them by hand)."""
from __future__ import annotations

import configparser

from conftest import ROOT

MAPPED = {"wino_toolkit": "wino_toolkit", "wino_toolkit.converters": "converters", "wino_toolkit.baselines": "baselines", "wino_toolkit.corpora": "corpora"}


def test_every_python_package_is_listed_in_setup_cfg():
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    listed = set(cfg["options"]["packages"].split())
    found = set()
    for name, folder in MAPPED.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join([name, *rel.parts]) if rel.parts else name)
    assert found == listed


def test_installed_package_ships_samples_cards_and_schema():
    from importlib import resources

    corpora = resources.files("wino_toolkit.corpora")
    assert any(p.name.endswith(".toml") for p in corpora.iterdir())
    assert len(list((corpora / "samples").iterdir())) >= 12
    assert (resources.files("wino_toolkit") / "data" / "item.schema.json").is_file()
