"""The forms package's face only re-exports (issue 30): each form, the report types and the registry live in
modules named for them, and the gold measuring tool stands outside the face."""
from __future__ import annotations

import ast
from pathlib import Path

import wino_toolkit.forms as forms_package

FORMS = Path(forms_package.__file__).resolve().parent


def _body(path: Path) -> list[ast.stmt]:
    """A module's statements after its docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return tree.body[1:] if ast.get_docstring(tree) is not None else tree.body


def test_face_is_short_and_only_reexports():
    face = FORMS / "__init__.py"
    assert len(face.read_text(encoding="utf-8").splitlines()) < 40
    for node in _body(face):
        is_all = isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
        assert isinstance(node, ast.ImportFrom) or is_all, f"line {node.lineno} of the face does more than re-export"
    for name in forms_package.__all__:  # every public name still imports from the face, and is defined elsewhere
        obj = getattr(forms_package, name)
        assert getattr(obj, "__module__", "").startswith("wino_toolkit.forms.") or name == "forms", name


def test_gold_tool_does_not_lean_on_the_face():
    """``python -m wino_toolkit.forms.gold`` imports the forms from their modules; the face never imports it."""
    face_imports = {n.module for n in _body(FORMS / "__init__.py") if isinstance(n, ast.ImportFrom)}
    assert "gold" not in face_imports
    for node in ast.walk(ast.parse((FORMS / "gold.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
            names = [a.name for a in node.names]
            assert all((FORMS / f"{n}.py").exists() for n in names), f"gold.py line {node.lineno} imports {names} from the face"
