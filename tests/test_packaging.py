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


def _extras() -> tuple[list[str], dict[str, list[str]]]:
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    core = [line.split(">")[0].split("<")[0].split(";")[0].strip() for line in cfg["options"]["install_requires"].split("\n") if line.strip()]
    extras = {
        name: [line.split(">")[0].split("[")[0].strip() for line in value.split("\n") if line.strip()]
        for name, value in cfg["options.extras_require"].items()
    }
    return core, extras


def test_core_install_is_what_conversion_and_forms_need():
    """The core used to pull scipy, scikit-learn and z3 (782 MB): each capability has its extra."""
    core, extras = _extras()
    assert not {"scipy", "scikit-learn", "z3-solver", "torch", "transformers", "datasets", "dask"} & set(core)
    assert {"lxml", "jieba", "opencc", "spacy"} <= set(core)
    from wino_toolkit.extras import EXTRAS

    assert set(EXTRAS) <= set(extras)
    # "all" is every extra that runs without a GPU: quant (bitsandbytes) and vllm need CUDA
    every = {dep for name, deps in extras.items() if name not in ("all", "test", "quant", "vllm") for dep in deps}
    assert every <= set(extras["all"])


def test_missing_extra_is_one_line_naming_the_install(monkeypatch):
    import sys

    import pytest

    from wino_toolkit.errors import MissingDependencyError
    from wino_toolkit.baselines.pmi.check import binomial_p

    monkeypatch.setitem(sys.modules, "scipy.stats", None)  # makes `import scipy.stats` fail
    with pytest.raises(MissingDependencyError) as caught:
        binomial_p(3, 4, 0.5)
    assert str(caught.value) == "the PMI check's binomial test needs scipy: pip install 'wino-toolkit[pmi]'"


def test_installed_package_ships_the_grammar_and_the_formalizations():
    from importlib import resources

    assert (resources.files("wino_toolkit.logic") / "grammar.lark").is_file()
    logic = resources.files("wino_toolkit.corpora") / "logic"
    assert len([p for p in logic.iterdir() if p.name.endswith(".fol")]) >= 60
    assert len([p for p in logic.iterdir() if p.name.endswith(".skip")]) >= 1  # a version left out says why
    assert (logic / "axioms" / "physical" / "weight.fol").is_file()  # the axiom library the files import


def test_missing_logic_extra_is_one_line(monkeypatch, tmp_path):
    import sys

    import pytest

    from wino_toolkit.errors import MissingDependencyError
    from wino_toolkit.logic import syntax

    syntax._parser.cache_clear()
    monkeypatch.setitem(sys.modules, "lark", None)
    with pytest.raises(MissingDependencyError) as caught:
        syntax.parse('item "x"')
    syntax._parser.cache_clear()
    assert str(caught.value) == "Reading formalization files needs lark: pip install 'wino-toolkit[logic]'"
