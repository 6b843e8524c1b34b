"""Generality on held-out schemas (issue #32, section 4): an item needed no new axiom only when its whole knowledge
core is the frozen library's, same names and formulas; the shipped held-out formalizations pass and are the
seeded draw they claim to be."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.errors import FormatError
from wino_toolkit.logic import heldout
from wino_toolkit.logic.axioms import library_folder
from wino_toolkit.logic.files import shipped_formalizations

SHIPPED = Path(shipped_formalizations()[0]).parent
SHARED = Path(__file__).resolve().parents[2] / "shared" / "corpora"


@pytest.fixture
def frozen(tmp_path: Path) -> Path:
    """A copy of the shipped library, as a tag would freeze it."""
    return Path(shutil.copytree(library_folder(), tmp_path / "frozen"))


def _held(tmp_path: Path, text: str, name: str = "wsc285-0.fol") -> Path:
    folder = tmp_path / "heldout"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_core_of_frozen_axioms_needed_nothing_new(tmp_path, frozen):
    folder = _held(tmp_path, (SHIPPED / "wsc285-0.fol").read_text(encoding="utf-8"))
    result = heldout.measure([folder], frozen)
    [item] = result.items
    assert item.status == "formalized" and item.reused and item.new == ()
    assert set(item.core) == {"authority_officials_keep_order", "authority_refusal_for_safety", "authority_danger_feared"}
    assert result.summary()["no_new_axiom"] == 1 and result.summary()["frozen_digest"] == heldout.library_digest(frozen)


def test_axiom_changed_after_the_freeze_counts_as_new(tmp_path, frozen):
    """Editing the library after the freeze cannot raise the figure: the frozen formula is what counts."""
    module = frozen / "social" / "authority.fol"
    module.write_text(module.read_text(encoding="utf-8").replace(
        "axiom authority_danger_feared: ∀x, y, s. ThinksDangerous(x, y, s) ∧ x ≠ y → FearsViolence(x, s)",
        "axiom authority_danger_feared: ∀x, y, s. ThinksDangerous(x, y, s) ∧ x ≠ y ∧ Official(x) → FearsViolence(x, s)"),
        encoding="utf-8")
    result = heldout.measure([_held(tmp_path, (SHIPPED / "wsc285-0.fol").read_text(encoding="utf-8"))], frozen)
    assert result.items[0].new == ("social/authority:authority_danger_feared",) and not result.items[0].reused
    assert result.summary()["frozen_digest"] != heldout.library_digest(library_folder())


def test_axioms_of_a_new_module_are_new(tmp_path, frozen):
    shipped = (library_folder() / "social" / "authority.fol").read_text(encoding="utf-8")
    folder = _held(tmp_path, (SHIPPED / "wsc285-0.fol").read_text(encoding="utf-8")
                   .replace('import "social/authority"', 'import "new/order"').replace("authority_", "fresh_"))
    (folder / "axioms" / "new").mkdir(parents=True)
    (folder / "axioms" / "new" / "order.fol").write_text(shipped.replace("axiom authority_", "axiom fresh_"), encoding="utf-8")
    [item] = heldout.measure([folder], frozen).items
    assert item.status == "formalized" and not item.reused
    assert sorted(item.new) == ["new/order:fresh_danger_feared", "new/order:fresh_officials_keep_order",
                                "new/order:fresh_refusal_for_safety"]


def test_skipped_and_failing_items_count_as_drawn_never_reused(tmp_path, frozen):
    text = (SHIPPED / "wsc285-0.fol").read_text(encoding="utf-8")
    folder = _held(tmp_path, text)
    _held(tmp_path, text.replace('item "wsc285-0"', 'item "probe"').replace("answer: Councilmen", "answer: Demonstrators"),
          "probe.fol")
    (folder / "dpr-8.skip").write_text("item: dpr-8\ncategory: social\nreason: the sentence is ungrammatical\n", encoding="utf-8")
    result = heldout.measure([folder], frozen)
    by = {i.item: i for i in result.items}
    assert by["probe"].status == "failed" and "sufficiency" in by["probe"].reason
    assert by["dpr-8"].status == "skipped" and by["dpr-8"].schema == "dpr-4"
    s = result.summary()
    assert (s["drawn"], s["no_new_axiom"], s["skipped"], s["failed"]) == (3, 1, 1, 1)
    assert s["interval"][0] < 1 / 3 < s["interval"][1]


def test_cli_reports_json_and_fails_on_a_failing_file(tmp_path, frozen):
    text = (SHIPPED / "wsc285-0.fol").read_text(encoding="utf-8")
    folder = _held(tmp_path, text)
    run = [sys.executable, "-m", "wino_toolkit.cli", "logic", "heldout", str(folder), "--frozen", str(frozen), "--json", "--jobs", "1"]
    done = subprocess.run(run, capture_output=True, text=True, cwd="/")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["summary"]["no_new_axiom"] == 1 and out["signature"].startswith("logic|z3:")
    _held(tmp_path, text.replace("answer: Councilmen", "answer: Demonstrators"))
    failed = subprocess.run(run, capture_output=True, text=True, cwd="/")
    assert failed.returncode == 1 and json.loads(failed.stdout)["summary"]["failed"] == 1


def test_a_frozen_library_is_read_whole_though_it_differs_from_the_shipped_one(frozen):
    """An older library's module imported by another of its modules is that library's, not a local folder
    shadowing the shipped module (which stays refused for a schema's own axioms/ folder)."""
    module = frozen / "mental" / "intention.fol"  # imported by social/authority
    module.write_text(module.read_text(encoding="utf-8").replace(
        "axiom intention_harmed_upset: ∀x, y, s. Harmed(x, y, s) ∧ x ≠ y → Upset(y, s)",
        "axiom intention_harmed_upset: ∀x, y, s. Harmed(x, y, s) ∧ x ≠ y ∧ Guilty(x, s) → Upset(y, s)"), encoding="utf-8")
    axioms = heldout.frozen_axioms(frozen)
    assert axioms["intention_harmed_upset"] == "∀x, y, s. Harmed(x, y, s) ∧ x ≠ y ∧ Guilty(x, s) → Upset(y, s)"
    assert "authority_danger_feared" in axioms


def test_frozen_library_must_be_a_folder(tmp_path):
    with pytest.raises(FormatError, match="not a folder"):
        heldout.frozen_axioms(tmp_path / "missing")


# -- the shipped held-out formalizations ---------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped_heldout() -> heldout.HeldOut:
    """Measured against the library modules the held-out files import, vendored beside them (``axioms/library``)
    so that the living library can be rewritten without changing what they were formalized with."""
    if not heldout.heldout_folder().is_dir():
        pytest.skip("no held-out formalizations shipped")
    return heldout.measure(frozen=heldout.heldout_folder() / "axioms" / "library")


def test_shipped_heldout_items_all_pass_and_are_at_least_40(shipped_heldout):
    s = shipped_heldout.summary()
    assert s["failed"] == 0, [i for i in shipped_heldout.items if i.status == "failed"]
    assert s["drawn"] >= 40


def test_shipped_heldout_new_knowledge_is_what_the_files_add(shipped_heldout):
    """Against the library they were formalized with, the new formulas of each core are exactly those from the
    held-out folder's own new modules or written in the file."""
    from wino_toolkit.logic.axioms import load

    for item in shipped_heldout.items:
        if item.status != "formalized":
            continue
        f = load(heldout.heldout_folder() / f"{item.item}.fol")
        origins = {k.name: k.origin for k in f.knowledge}
        expected = sorted(n if origins[n] is None else f"{origins[n]}:{n}" for n in item.core
                          if origins[n] is None or origins[n].startswith("new/"))
        assert sorted(item.new) == expected, item.item


def _draw(corpus: str, k: int, rng: random.Random) -> list[str]:
    from wino_toolkit import read

    items = list(read(SHARED / corpus))
    groups: dict[str, list[str]] = {}
    for i in items:
        if i.twin:
            groups.setdefault(i.twin, []).append(i.id)
    pairs = sorted(t for t, ids in groups.items() if len(ids) == 2)
    return [i for t in rng.sample(pairs, k) for i in groups[t]]


def test_shipped_heldout_items_are_the_seeded_draw():
    """The README's draw, redone: seed 32, 12 DPR twin pairs then 10 WinoGrande dev twin pairs; no item chosen."""
    if not (SHARED / "dpr").is_dir() or not (SHARED / "winogrande").is_dir():
        pytest.skip("../shared/corpora not here")
    readme = (heldout.heldout_folder() / "README.md").read_text(encoding="utf-8")
    assert re.search(r"seed 32", readme, re.I)
    rng = random.Random(32)
    drawn = _draw("dpr/train.c.txt", 12, rng) + _draw("winogrande/dev.jsonl", 10, rng)
    shipped = sorted(p.stem for p in heldout.heldout_folder().glob("*") if p.suffix in (".fol", ".skip"))
    assert shipped == sorted(drawn)
