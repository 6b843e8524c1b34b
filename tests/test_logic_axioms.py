"""The axiom library (``import``), its coverage of WSC285 and the depth of the knowledge it gives.

Modules and schema files here are invented for the tests; the shipped library and formalizations
are the project's own.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import FormatError  # noqa: E402
from wino_toolkit.logic import verify  # noqa: E402
from wino_toolkit.logic.axioms import library_folder, library_modules  # noqa: E402
from wino_toolkit.logic.coverage import coverage, read_skip, shipped_skips  # noqa: E402
from wino_toolkit.logic.files import load_formalizations, verify_files  # noqa: E402
from wino_toolkit.logic.generate import knowledge_sentences  # noqa: E402
from wino_toolkit.logic.render import render  # noqa: E402
from wino_toolkit.logic import load  # noqa: E402

#: a module: wet things are slippery, slippery things are dropped by whoever holds them
WETNESS = """
fluent Wet(object)            says "{0} is wet"              denies "{0} is dry"
fluent Slippery(object)       says "{0} is slippery"         denies "{0} is not slippery"
fluent Drops(object, object)  says "{0} drops {1}"           denies "{0} keeps hold of {1}"
axiom wet_slippery: ∀x, s. Wet(x, s) → Slippery(x, s)
axiom slippery_dropped: ∀x, y, s. Drops(x, y, s) ∧ x ≠ y → Slippery(y, s)
"""

#: Ann dropped the cup: which is slippery? (invented; the answer needs one axiom)
SCHEMA = """
item "cup-1"
import "home/wetness"
entity Ann "Ann" person
entity Cup "the cup" thing
scenario: Drops(Ann, Cup, S0)
ambiguity: ∃x. Slippery(x, S0) ∧ (x = Ann ⊕ x = Cup)
answer: Cup
knowledge f1 false swap of slippery_dropped: ∀x, y, s. Drops(y, x, s) ∧ x ≠ y → Slippery(y, s)
"""


def library(tmp_path: Path, **modules: str) -> Path:
    """A folder with ``axioms/<name>.fol`` for each module (``home__wetness`` is ``home/wetness``)."""
    for name, text in modules.items():
        path = tmp_path / "axioms" / f"{name.replace('__', '/')}.fol"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def schema(tmp_path: Path, text: str = SCHEMA, name: str = "cup-1.fol") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_import_brings_the_modules_vocabulary_and_axioms(tmp_path):
    library(tmp_path, home__wetness=WETNESS)
    f = load(schema(tmp_path))
    assert f.imports == ("home/wetness",) and {"Wet", "Slippery", "Drops"} <= set(f.symbols)
    assert [k.name for k in f.axioms] == ["wet_slippery", "slippery_dropped"]
    assert all(k.origin == "home/wetness" and k.truth for k in f.axioms)
    v = verify(f)
    assert v.status == "pass" and v.checks["sufficiency"].core == ["slippery_dropped"]


def test_a_module_imports_another_and_the_chain_gives_a_two_formula_core(tmp_path):
    """The wet cup: the scenario says it is wet, so only the chain wet → slippery → ... reaches the answer."""
    library(tmp_path, home__wetness=WETNESS, home__grip="""
import "home/wetness"
fluent Held(object)  says "{0} is held firmly"  denies "{0} is not held firmly"
axiom grip_slippery_not_held: ∀x, s. Slippery(x, s) → ¬Held(x, s)
""")
    text = SCHEMA.replace('import "home/wetness"', 'import "home/grip"').replace("scenario: Drops(Ann, Cup, S0)", "scenario: Wet(Cup, S0)")
    text = text.replace("Slippery(x, S0) ∧ (x", "¬Held(x, S0) ∧ (x").replace(
        "knowledge f1 false swap of slippery_dropped: ∀x, y, s. Drops(y, x, s) ∧ x ≠ y → Slippery(y, s)",
        "knowledge f1 false negation of wet_slippery: ∀x, s. Wet(x, s) → ¬Slippery(x, s)")
    f = load(schema(tmp_path, text))
    assert f.imports == ("home/wetness", "home/grip")  # the imported module's own import comes with it
    v = verify(f)
    assert v.status == "pass", v.to_dict()
    assert v.checks["sufficiency"].core == ["wet_slippery", "grip_slippery_not_held"]


@pytest.mark.parametrize("module, text, problem", [
    (None, SCHEMA.replace("home/wetness", "home/nowhere"), r"line 3, column 8: no axiom module 'home/nowhere'"),
    (None, SCHEMA.replace("home/wetness", "Home Wetness"), r"module name 'Home Wetness' is not lowercase words"),
    ({"home__wetness": WETNESS + '\nimport "home/wetness"\n'}, SCHEMA, r"import cycle: home/wetness"),
    ({"home__wetness": WETNESS + 'entity Ann "Ann" person\n'}, SCHEMA, r"holds declarations, imports and axioms only"),
    ({"home__wetness": WETNESS}, SCHEMA + "axiom mine: ∀x, s. Wet(x, s) → Wet(x, s)\n", r"an axiom belongs in a module"),
    ({"home__wetness": WETNESS}, SCHEMA + "knowledge wet_slippery true: ∀x, s. Wet(x, s) → Slippery(x, s)\n",
     r"has the name of an axiom imported from home/wetness"),
    ({"home__wetness": WETNESS}, SCHEMA.replace('entity Ann', 'fluent Wet(object) says "{0} is soaked"\nentity Ann'),
     r"'Wet' is declared by the imported module home/wetness"),
])
def test_bad_imports_are_refused_naming_the_file_and_line(tmp_path, module, text, problem):
    library(tmp_path, **(module or {"home__wetness": WETNESS}))
    with pytest.raises(FormatError, match=problem):
        load(schema(tmp_path, text))


def test_two_modules_may_declare_a_symbol_alike_but_not_differently(tmp_path):
    same = 'fluent Wet(object)            says "{0} is wet"              denies "{0} is dry"\naxiom rain_wets: ∀x, s. Wet(x, s) → Wet(x, s)\n'
    library(tmp_path, home__wetness=WETNESS, home__rain=same)
    two = SCHEMA.replace('import "home/wetness"', 'import "home/wetness"\nimport "home/rain"')
    assert "rain_wets" in [k.name for k in load(schema(tmp_path, two)).axioms]
    library(tmp_path, home__rain=same.replace("is wet", "is soaking wet"))
    with pytest.raises(FormatError, match=r"'Wet' is declared differently in home/wetness and home/rain"):
        load(schema(tmp_path, two))


def test_imported_axioms_render_and_only_those_the_answer_needs_become_sentences(tmp_path):
    library(tmp_path, home__wetness=WETNESS)
    sentences = knowledge_sentences(load(schema(tmp_path)), variants=("grounded",))
    names = {s.name for s in sentences if s.truth}
    assert names == {"slippery_dropped"}  # wet_slippery is not in the core: no sentence about it
    assert "If Ann drops the cup, then the cup is slippery." in {s.text for s in sentences}


def test_a_successor_state_axiom_with_a_variable_action_renders(tmp_path):
    """do(a, s) with the action a variable (a frame axiom) once crashed the renderer."""
    f = load(schema(tmp_path, """
item "news-1"
import "mental/belief"
entity Ann "Ann" person
entity Bob "Bob" person
entity News "the news" thing
scenario: Knows(Ann, News, S0)
ambiguity: ∃x. Knows(x, News, do(tell(Ann, Bob, News), S0)) ∧ ¬Knows(x, News, S0) ∧ (x = Ann ⊕ x = Bob)
answer: Bob
knowledge k1 false negation of belief_tell_needs_knowing: ∀x, y, z, s. Poss(tell(x, y, z), s) → ¬Knows(x, z, s)
""", "news-1.fol"))
    told = next(k for k in f.axioms if k.name == "belief_told_knows")
    text = render(told.formula, f, "variable")
    assert text.startswith("After action A, ") and "action A is the event where X tells Y about Z" in text, text


# -- the shipped library and coverage ----------------------------------------------------------

def test_the_shipped_library_parses_and_its_axiom_names_are_unique():
    modules = library_modules()
    assert len(modules) >= 12
    own = [(k.name, k.origin) for m in modules for k in m.axioms if k.origin == m.name]
    names = [n for n, _ in own]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    areas = {m.name.split("/")[0] for m in modules}
    assert {"physical", "social", "mental", "causal"} <= areas
    for topic in ("physical/support", "physical/containment", "physical/size", "physical/weight", "social/help",
                  "social/debt", "social/authority", "mental/belief", "mental/desire", "mental/intention", "causal/location"):
        assert (library_folder() / f"{topic}.fol").is_file(), topic


@pytest.fixture(scope="module")
def shipped():
    formalizations = load_formalizations()
    return formalizations, verify_files()


def test_the_formalized_wsc_covers_at_least_250_versions_and_says_why_of_the_rest(shipped):
    formalizations, verdicts = shipped
    skips = shipped_skips()
    cover = coverage(formalizations, skips, verdicts)
    assert cover["formalized"] >= 250 and cover["formalized"] + cover["skipped"] + cover["missing"] == 285
    assert all(s.reason and s.category for s in skips)
    assert all(v.status == "pass" for v in verdicts), [v.source for v in verdicts if v.status != "pass"]
    assert cover["core_2_or_more_share"] >= 0.40  # knowledge that chains, not the answer restated
    assert sum(len(f.imports) > 0 for f in formalizations) >= 0.9 * len(formalizations)


def test_twin_versions_import_the_same_modules():
    by_twin: dict[int, list] = {}
    for f in load_formalizations():
        by_twin.setdefault(int(f.item.rsplit("-", 1)[1]) // 2, []).append(f)
    pairs = [fs for fs in by_twin.values() if len(fs) == 2]
    assert len(pairs) >= 100
    differ = [(a.item, b.item) for a, b in pairs if set(a.imports) != set(b.imports)]
    assert len(differ) <= 0.1 * len(pairs), differ


def test_coverage_counts_categories_skips_and_core_sizes(tmp_path):
    library(tmp_path, home__wetness=WETNESS)
    f = load(schema(tmp_path))
    skip = tmp_path / "cup-2.skip"
    skip.write_text("item: cup-2\ncategory: physical\nreason: a pun on 'slip'\n", encoding="utf-8")
    cover = coverage([f], [read_skip(skip)], [verify(f)], total=3)
    assert (cover["formalized"], cover["skipped"], cover["missing"]) == (1, 1, 1)
    assert cover["core_sizes"] == {"1": 1} and cover["core_2_or_more"] == 0
    assert cover["categories"]["physical"] == {"formalized": 0, "skipped": 1, "core_2_or_more": 0}


@pytest.mark.parametrize("text, problem", [
    ("item: x\ncategory: social\n", r"no 'reason'"),
    ("item: x\ncategory: social\nreason: pun\nitem: y\n", r"line 4: a second 'item'"),
    ("item x\n", r"line 1: expected 'item: ...'"),
])
def test_a_bad_skip_file_is_refused(tmp_path, text, problem):
    path = tmp_path / "x.skip"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError, match=problem):
        read_skip(path)


def test_stats_reports_coverage_by_category(tmp_path, capsys):
    library(tmp_path, home__wetness=WETNESS)
    schema(tmp_path)
    (tmp_path / "cup-2.skip").write_text("item: cup-2\ncategory: physical\nreason: a pun\n", encoding="utf-8")
    code = main(["logic", "stats", str(tmp_path), "--json"])
    cover = json.loads(capsys.readouterr().out)["summary"]["coverage"]
    assert code == 0 and cover["formalized"] == 1 and cover["skipped"] == 1
    assert cover["skips"] == [{"item": "cup-2", "category": "physical", "reason": "a pun"}]


def test_every_module_of_the_library_can_be_imported_together():
    """Two modules once declared `Gone` differently, so no file could import both: the library is one vocabulary."""
    from wino_toolkit.logic.axioms import import_module
    from wino_toolkit.logic.syntax import parse_module

    names = sorted(p.relative_to(library_folder()).with_suffix("").as_posix() for p in library_folder().rglob("*.fol"))
    every = parse_module("\n".join(f'import "{n}"' for n in names), "all", str(library_folder() / "all.fol"),
                         modules=import_module)
    assert len(every.imports) == len(names) and len(every.axioms) >= 400
