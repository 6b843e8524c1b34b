"""The toolkit's four JSON Lines formats are one factory's declarations (issue 30): each module is a single
``jsonl_format`` call, and the formats share the factory's reader, writer, sniffer and options."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from wino_toolkit.converters.jsonl_family import JsonlConfig
from wino_toolkit.formats import formats

DECLARED = {"jsonl": "jsonl", "nli_jsonl": "nli-jsonl", "disambiguated": "disambiguated", "twin": "twin"}


@pytest.mark.parametrize("module", sorted(DECLARED))
def test_module_is_one_declaration(module):
    path = Path(importlib.import_module(f"wino_toolkit.converters.{module}").__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    statements = [n for n in tree.body[1:] if not isinstance(n, (ast.Import, ast.ImportFrom))]
    assert len(statements) == 1, f"{module}.py holds more than its declaration"
    (declaration,) = statements
    assert isinstance(declaration, ast.Assign) and isinstance(declaration.value, ast.Call)
    assert declaration.value.func.id == "jsonl_format"


@pytest.mark.parametrize("name", sorted(DECLARED.values()))
def test_formats_share_the_factorys_options(name):
    fmt = formats.get(name)
    assert fmt.config is JsonlConfig and fmt.canonical
    assert fmt.read.__module__ == fmt.write.__module__ == fmt.sniff.__module__ == "wino_toolkit.converters.jsonl_family"
