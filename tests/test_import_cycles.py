"""No two modules of the package import each other, through any chain, lazy imports included: a cycle is a
knot the next engineer must untie before moving either module, and it lifts everything above it a floor.

Rooms and floors (docs/architecture.md): a room is a top-level module or a subpackage, except that every command
module (``cli``, each capability's ``cli``, ``demo``, ``command_io``) is one room, *commands*, on top. A room's
floor is one more than the highest floor it imports from; rooms must not import each other either."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: source folder -> the package it installs as (setup.cfg's package_dir)
PACKAGES = {"wino_toolkit": "wino_toolkit", "converters": "wino_toolkit.converters", "baselines": "wino_toolkit.baselines"}


def modules() -> dict[str, Path]:
    """Every module of the installed package by its dotted name."""
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = [package, *path.relative_to(ROOT / folder).with_suffix("").parts]
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its body (an import inside a function counts)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*head, *([base] if base else [])])
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):  # a package's face is not a cycle
                out.add(target)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


#: the most floors the package may stand on (issue #30: the format readers once sat on the 10th of 11)
MAX_FLOORS = 8
COMMANDS = ("cli", "demo", "command_io")


def room(module: str) -> str:
    """The room a module belongs to (see the module docstring)."""
    parts = module.split(".")
    if parts[-1] in COMMANDS:
        return "commands"
    if parts[1:2] == ["baselines"] and len(parts) > 2:
        return ".".join(parts[:3])
    return ".".join(parts[:2])


def rooms(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The import graph between rooms (the package's face, which only re-exports, is left out)."""
    out: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module == "wino_toolkit":
            continue
        out.setdefault(room(module), set()).update(room(t) for t in targets if t != "wino_toolkit")
    for name, targets in out.items():
        targets.discard(name)
    return out


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each room's floor in an acyclic room graph: 1 for a room that imports no other."""
    found: dict[str, int] = {}

    def floor(name: str) -> int:
        if name not in found:
            found[name] = 1 + max((floor(t) for t in graph.get(name, ())), default=0)
        return found[name]

    for name in graph:
        floor(name)
    return found


def test_the_cycle_finder_finds_a_knot_and_passes_a_chain():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_a_lazy_import_counts(tmp_path):
    (tmp_path / "m.py").write_text("def f():\n    from .n import g\n    return g\n")
    assert imports("pkg.m", tmp_path / "m.py", {"pkg", "pkg.m", "pkg.n"}) == {"pkg.n"}


def test_no_import_cycles_among_the_package_modules():
    found = modules()
    if not found:
        pytest.skip("no source tree beside the tests")
    graph = {name: imports(name, path, set(found)) for name, path in found.items()}
    knots = cycles(graph)
    assert not knots, "modules that import each other: " + "; ".join(" <-> ".join(k) for k in knots)


def test_floors_count_the_longest_chain_of_rooms():
    assert floors({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}}) == {"a": 3, "b": 2, "c": 1, "d": 2}
    assert room("wino_toolkit.eval.cli") == "commands" and room("wino_toolkit.eval.score") == "wino_toolkit.eval"
    assert room("wino_toolkit.baselines.pmi.index") == "wino_toolkit.baselines.pmi"


def test_rooms_stand_on_at_most_eight_floors_and_never_import_each_other():
    found = modules()
    if not found:
        pytest.skip("no source tree beside the tests")
    graph = rooms({name: imports(name, path, set(found)) for name, path in found.items()})
    knots = cycles(graph)
    assert not knots, "rooms that import each other: " + "; ".join(" <-> ".join(k) for k in knots)
    height = floors(graph)
    assert max(height.values()) <= MAX_FLOORS, sorted(height.items(), key=lambda kv: -kv[1])[:5]
    assert height["commands"] == max(height.values()), "a library room imports a command module"
