"""Reuse of the axiom library (issue #32): the schemas whose knowledge core uses each module and axiom, depth
without type lifts, the tables ``wino logic stats`` prints and the docs' generated axiom page.

The modules and schema files here are invented for the tests: two schemas (``cup-1``: items ``cup-2`` and
``cup-3``; ``jar-2``: items ``jar-4`` and ``jar-5``), so that a twin pair using one axiom counts once.
"""
from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from rich.console import Console  # noqa: E402

from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.logic.axioms import library_folder, library_modules  # noqa: E402
from wino_toolkit.logic.files import load_formalizations, verify_files  # noqa: E402
from wino_toolkit.logic.kinds import is_type_lift  # noqa: E402
from wino_toolkit.logic.reuse import axioms_table, modules_table, reuse, reuse_summary_table  # noqa: E402
from wino_toolkit.logic.twins import schema_of  # noqa: E402
from wino_toolkit.logic.syntax import parse_module  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

KINDS = """
predicate Mug(object)     says "{0} is a mug"     denies "{0} is not a mug"
predicate Vessel(object)  says "{0} is a vessel"  denies "{0} is not a vessel"
predicate Person(object)  says "{0} is a person"  denies "{0} is not a person"
axiom mug_vessel: ∀x. Mug(x) → Vessel(x)
axiom person_not_vessel: ∀x. Person(x) → ¬Vessel(x)
"""

WETNESS = """
import "home/kinds"
fluent Wet(object)            says "{0} is wet"        denies "{0} is dry"
fluent Warm(object)           says "{0} is warm"       denies "{0} is cold"
fluent Slippery(object)       says "{0} is slippery"   denies "{0} is not slippery"
fluent Drops(object, object)  says "{0} drops {1}"     denies "{0} keeps hold of {1}"
axiom vessel_wet_slippery: ∀x, s. Vessel(x) ∧ Wet(x, s) → Slippery(x, s)
axiom slippery_dropped: ∀x, y, s. Drops(x, y, s) ∧ x ≠ y → Slippery(y, s)
axiom wet_not_warm: ∀x, s. Wet(x, s) → ¬Warm(x, s)
"""

UNUSED = """
fluent Loud(object)  says "{0} is loud"  denies "{0} is quiet"
axiom loud_heard: ∀x, s. Loud(x, s) → Loud(x, s)
"""


def version(item: str, person: str, thing: str, scenario: str, answer: str) -> str:
    return f"""
item "{item}"
import "home/wetness"
entity {person} "{person}" person
entity {thing} "the {thing.lower()}" thing
{scenario}
ambiguity: ∃x. Slippery(x, S0) ∧ (x = {person} ⊕ x = {thing})
answer: {answer}
"""


#: item -> text: cup-2, cup-3 and jar-4 need slippery_dropped alone; jar-5 a lift and vessel_wet_slippery
VERSIONS = {
    "cup-2": version("cup-2", "Ann", "Cup", "scenario: Drops(Ann, Cup, S0)", "Cup"),
    "cup-3": version("cup-3", "Ann", "Cup", "scenario: Drops(Cup, Ann, S0)", "Ann"),
    "jar-4": version("jar-4", "Bo", "Jar", "scenario: Drops(Bo, Jar, S0)", "Jar"),
    "jar-5": version("jar-5", "Bo", "Jar", "scenario: Mug(Jar)\nscenario: Wet(Jar, S0)", "Jar"),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("reuse")
    for name, text in (("home/kinds", KINDS), ("home/wetness", WETNESS), ("home/unused", UNUSED)):
        path = root / "axioms" / f"{name}.fol"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for item, text in VERSIONS.items():
        (root / f"{item}.fol").write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def measured(folder):
    formalizations = load_formalizations([folder])
    verdicts = verify_files([folder], jobs=1)
    return reuse(formalizations, verdicts, library_modules(folder / "axioms"))


def _text(table) -> str:
    out = io.StringIO()
    Console(file=out, width=220, color_system=None).print(table)
    return out.getvalue()


# -- what a schema and a type lift are --------------------------------------------------------------


def test_both_versions_of_a_schema_are_one_schema():
    assert schema_of("wsc285-14") == schema_of("wsc285-15") == "wsc285-7"
    assert schema_of("wsc285-252") == schema_of("wsc285-254") == "wsc285-126" != schema_of("wsc285-255")
    assert schema_of("wsc285-16") == "wsc285-8"
    assert schema_of("pdp") == "pdp" and schema_of("14") == "14"


LIFTS = """
predicate Chair(object)  says "{0} is a chair"
predicate Seat(object)   says "{0} is a seat"
predicate Adult(object)  says "{0} is an adult"
predicate Child(object)  says "{0} is a child"
predicate Likes(object, object)  says "{0} likes {1}"
fluent Tired(object)     says "{0} is tired"
axiom chair_seat: ∀x. Chair(x) → Seat(x)
axiom child_not_adult: ∀x. Child(x) → ¬Adult(x)
axiom chair_two: ∀x. Chair(x) → Seat(x) ∧ ¬Adult(x)
axiom fluent_state: ∀x, s. Tired(x, s) → ¬Adult(x)
axiom two_kinds_in: ∀x. Chair(x) ∧ Child(x) → Seat(x)
axiom not_a_kind_in: ∀x. ¬Chair(x) → Seat(x)
axiom binary: ∀x. Likes(x, x) → Seat(x)
axiom two_variables: ∀x, y. Chair(x) → Seat(y)
axiom disjunction: ∀x. Chair(x) → Seat(x) ∨ Adult(x)
axiom existential: ∃x. Chair(x) → Seat(x)
"""


@pytest.mark.parametrize("name, lift", [
    ("chair_seat", True), ("child_not_adult", True), ("chair_two", True),
    ("fluent_state", False), ("two_kinds_in", False), ("not_a_kind_in", False), ("binary", False),
    ("two_variables", False), ("disjunction", False), ("existential", False),
])
def test_a_type_lift_is_one_unary_kind_implying_kinds(name, lift):
    axioms = {k.name: k.formula for k in parse_module(LIFTS, "t").axioms}
    assert is_type_lift(axioms[name]) is lift


# -- per axiom, per module, per version ------------------------------------------------------------


def test_an_axiom_serves_the_schemas_whose_core_uses_it_twins_once(measured):
    axioms = {a.name: a for a in measured.axioms}
    assert axioms["slippery_dropped"].schemas == ("cup-1", "jar-2")  # three versions, two schemas
    assert axioms["vessel_wet_slippery"].schemas == ("jar-2",)
    assert axioms["mug_vessel"].schemas == ("jar-2",) and axioms["mug_vessel"].lift
    # imported by every version, in no core: importing is not using
    assert axioms["wet_not_warm"].schemas == () and axioms["person_not_vessel"].schemas == ()
    assert axioms["loud_heard"].schemas == () and axioms["loud_heard"].module == "home/unused"
    assert [a.name for a in measured.axioms if a.module == "home/wetness"] == ["vessel_wet_slippery", "slippery_dropped",
                                                                                "wet_not_warm"]


def test_a_module_serves_what_its_own_axioms_serve(measured):
    modules = {m.name: m for m in measured.modules}
    kinds, wetness, unused = modules["home/kinds"], modules["home/wetness"], modules["home/unused"]
    assert kinds.axioms == ("mug_vessel", "person_not_vessel")  # not wetness's, which imports it
    assert kinds.imported_by == ("cup-1", "jar-2") and kinds.schemas == ("jar-2",)
    assert wetness.axioms == ("vessel_wet_slippery", "slippery_dropped", "wet_not_warm")
    assert wetness.schemas == ("cup-1", "jar-2")
    assert unused.imported_by == () and unused.schemas == ()


def test_depth_is_counted_with_and_without_type_lifts(measured):
    depths = {d.item: d for d in measured.depths}
    assert set(depths) == set(VERSIONS)
    assert depths["jar-5"].schema == "jar-2"
    assert sorted(depths["jar-5"].core) == ["mug_vessel", "vessel_wet_slippery"] and depths["jar-5"].lifts == ("mug_vessel",)
    assert (depths["jar-5"].depth, depths["jar-5"].without_lifts) == (2, 1)
    assert (depths["cup-2"].depth, depths["cup-2"].without_lifts) == (1, 1)


def test_the_summary_bins_modules_and_axioms_by_schemas_served(measured):
    s = measured.summary()
    assert s["modules"] == 3 and s["modules_serving"] == {"0": 1, "1": 1, "2": 1, "3+": 0}
    assert s["axioms"] == 6 and s["axioms_in_cores_of"] == {"0": 3, "1": 2, "2+": 1}
    assert s["axioms_2_or_more_share"] == round(1 / 6, 4) and s["type_lifts"] == 2
    assert (s["schemas"], s["versions"]) == (2, 4)
    assert s["depth"] == {"mean": 1.25, "median": 1.0, "2_or_more": 1, "2_or_more_share": 0.25}
    assert s["depth_without_lifts"] == {"mean": 1.0, "median": 1.0, "2_or_more": 0, "2_or_more_share": 0.0}
    assert json.loads(json.dumps(measured.to_dict()))["summary"] == s


def test_a_version_without_a_core_counts_nowhere(folder, measured):
    """A failed sufficiency has no core: the version is left out of depth and serves nothing."""
    formalizations = load_formalizations([folder])
    verdicts = verify_files([folder], jobs=1)
    jar5 = next(v for v in verdicts if v.item == "jar-5")
    jar5.checks["sufficiency"].status, jar5.checks["sufficiency"].core = "fail", None
    result = reuse(formalizations, verdicts)
    assert "jar-5" not in {d.item for d in result.depths}
    assert {a.name: a.schemas for a in result.axioms}["mug_vessel"] == ()
    assert "home/unused" not in {m.name for m in result.modules}  # no module given: only what the files import


def test_measure_loads_verifies_and_joins_the_files_named(folder, measured):
    from wino_toolkit.logic.reuse import measure

    result = measure([folder], jobs=1)
    assert {a.name: a.schemas for a in result.axioms} == {a.name: a.schemas for a in measured.axioms if a.module != "home/unused"}
    assert result.depths == measured.depths


def test_axioms_are_rendered_in_english(measured):
    axioms = {a.name: a for a in measured.axioms}
    assert axioms["mug_vessel"].sentence == "If thing X is a mug, then X is a vessel."
    assert axioms["slippery_dropped"].sentence == "If thing X drops thing Y, then Y is slippery."
    assert axioms["slippery_dropped"].formula == "∀x, y, s. Drops(x, y, s) ∧ x ≠ y → Slippery(y, s)"


def test_tables_live_in_the_library(measured):
    summary = _text(reuse_summary_table(measured.summary()))
    assert "3: 1 / 1 / 1 / 0" in summary and "6: 3 / 2 / 1" in summary
    assert "1 of 4 (25%)" in summary and "0 of 4 (0%)" in summary
    modules = _text(modules_table(measured))
    row = next(line for line in modules.splitlines() if "home/wetness" in line)
    assert [c.strip() for c in row.split("│")[1:-1]] == ["home/wetness", "3", "2", "2", "2", "cup-1, jar-2"]
    axioms = _text(axioms_table(measured))
    assert "mug_vessel" in axioms and "lift" in axioms and "loud_heard" in axioms


# -- wino logic stats ---------------------------------------------------------------------------------


def test_stats_reports_reuse_in_json_and_tables(folder, capsys):
    assert main(["logic", "stats", str(folder), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["reuse"]["axioms_in_cores_of"] == {"0": 2, "1": 2, "2+": 1}  # home/unused is not imported
    assert report["summary"]["schemas"] == 2
    axioms = {a["name"]: a for a in report["reuse"]["axioms"]}
    assert axioms["slippery_dropped"]["schemas"] == ["cup-1", "jar-2"]
    assert {v["item"]: v["depth_without_lifts"] for v in report["reuse"]["versions"]}["jar-5"] == 1
    assert main(["logic", "stats", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "reuse by module" in out and "reuse of the axiom library" in out and "reuse by axiom" not in out
    assert main(["logic", "stats", str(folder), "--axioms"]) == 0
    assert "reuse by axiom" in capsys.readouterr().out


# -- the shipped library and the docs page ------------------------------------------------------------


def test_every_shipped_axiom_is_listed_and_reads_as_english():
    """Without verdicts (no core): every axiom of the library once, rendered from its module's templates."""
    result = reuse(load_formalizations(), [], library_modules())
    modules = library_modules()
    own = [(m.name, k.name) for m in modules for k in m.axioms if k.origin == m.name]
    assert [(a.module, a.name) for a in result.axioms] == sorted(own, key=lambda p: (p[0], _line(modules, *p)))
    assert len(result.modules) == len(list(library_folder().rglob("*.fol")))
    for a in result.axioms:
        assert a.sentence.endswith(".") and "{" not in a.sentence and a.sentence[0].isupper(), (a.name, a.sentence)


def _line(modules, module: str, name: str) -> int:
    return next(k.line for m in modules if m.name == module for k in m.axioms if k.name == name)


def _hooks():
    pytest.importorskip("mkdocs")
    spec = importlib.util.spec_from_file_location("wino_docs_hooks", ROOT / "docs" / "hooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_axiom_page_lists_each_axiom_with_formula_english_and_schemas(measured):
    page = _hooks().axioms_markdown(measured)
    assert "| `slippery_dropped` | `∀x, y, s. Drops(x, y, s) ∧ x ≠ y → Slippery(y, s)` | " \
           "If thing X drops thing Y, then Y is slippery. | cup-1, jar-2 |" in page
    assert "| `mug_vessel` (type lift) | `∀x. Mug(x) → Vessel(x)` | If thing X is a mug, then X is a vessel. | jar-2 |" in page
    assert "| `loud_heard` |" in page and page.count("## home/") == 3
    links = {line.split("](#")[1].split(")")[0] for line in page.splitlines() if "](#module-" in line}
    anchors = {line.split("{ #")[1].rstrip(" }") for line in page.splitlines() if line.startswith("## ")}
    assert links == anchors == {"module-home-kinds", "module-home-wetness", "module-home-unused"}


def test_docs_axiom_page_without_the_logic_extra_says_how_to_build_it(monkeypatch):
    hooks = _hooks()
    real = importlib.util.find_spec
    monkeypatch.setattr(hooks.importlib.util, "find_spec", lambda name, *a: None if name == "z3" else real(name, *a))
    page = hooks.axioms_markdown()
    assert page.startswith("# The axiom library") and "no z3" in page and "'.[docs,logic]'" in page


def test_the_axiom_page_is_in_the_nav():
    assert "reference/axioms.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert not (ROOT / "docs" / "reference" / "axioms.md").exists()  # generated at build time only
