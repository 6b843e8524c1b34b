"""The Python side of ``wino logic``: what a user finds in ``wino_toolkit.logic`` and how it fails."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

import wino_toolkit.logic as logic  # noqa: E402
from wino_toolkit.errors import FormatError  # noqa: E402

HERE = Path(__file__).parent / "fixtures" / "logic"
FOL = HERE / "lift_weak.fol"


def test_verify_takes_a_path_or_a_loaded_problem():
    verdicts = [logic.verify(FOL), logic.verify(str(FOL)), logic.verify(logic.load(FOL)), logic.verify(logic.encode(logic.load(FOL))),
                logic.verify(HERE / "lift_weak.smt2"), logic.verify(logic.load_smtlib(HERE / "lift_weak.smt2"), rlimit=2_000_000)]
    assert [v.status for v in verdicts] == ["pass"] * 6
    assert verdicts[0].checks["sufficiency"].core == ["k1"] and verdicts[0].source == str(FOL)
    with pytest.raises(TypeError, match="takes a path, a Formalization or a Problem"):
        logic.verify(42)  # type: ignore[arg-type]


def test_verify_raises_a_wino_error_naming_file_and_line_for_bad_input(tmp_path):
    missing = tmp_path / "missing.fol"
    with pytest.raises(FormatError, match=f"^{missing}: no such file$"):
        logic.verify(missing)
    with pytest.raises(FormatError, match=f"^{tmp_path}: is a directory, not a file$"):
        logic.load(tmp_path)
    bad = tmp_path / "bad.fol"
    bad.write_text(FOL.read_text(encoding="utf-8").replace("answer: Ada", "answer Ada"), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        logic.verify(bad)
    assert (caught.value.path, caught.value.where) == (str(bad), "line 11, column 8")


def test_public_names_show_in_dir_and_are_the_functions():
    import wino_toolkit.logic.encode  # noqa: F401  (a submodule of the same name must not shadow the function)
    import wino_toolkit.logic.render  # noqa: F401

    public = set(logic.__all__)
    assert {"verify", "load", "parse", "load_smtlib", "encode", "render", "render_files", "verify_files", "MAX_DEPTH"} <= public
    assert public <= set(dir(logic))
    assert all(callable(getattr(logic, name)) for name in public - {"MAX_DEPTH"})
    assert logic.render.__module__ == "wino_toolkit.logic.render" and logic.encode.__module__ == "wino_toolkit.logic.encode"


def test_importing_logic_loads_neither_z3_nor_lark():
    code = "import wino_toolkit, wino_toolkit.logic, sys; print('z3' in sys.modules, 'lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_docs_python_example_runs(monkeypatch):
    page = (Path(__file__).parents[1] / "docs" / "logic.md").read_text(encoding="utf-8")
    section = page.split("\n## From Python\n", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(Path(__file__).parents[1])
    scope: dict = {}
    exec(compile(code, "docs/logic.md", "exec"), scope)  # noqa: S102
    assert scope["verdict"].status == "pass"
