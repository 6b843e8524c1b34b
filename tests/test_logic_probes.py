"""Probes written to fool the generality check (issue #32, section 3): each passed every check before, and
must now fail ``wino logic verify`` with a reason naming what is wrong, or be refused when read.

Every schema, module and probe here is invented for the tests (a person who cannot carry another, as in the
fixture ``lift_weak.fol``); the shipped formalizations are checked as they are.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import FormatError  # noqa: E402
from wino_toolkit.logic import load, verify  # noqa: E402
from wino_toolkit.logic.axioms import library_folder  # noqa: E402
from wino_toolkit.logic.files import load_formalizations, shipped_formalizations  # noqa: E402
from wino_toolkit.logic.problem_files import entity_naming  # noqa: E402
from wino_toolkit.logic.twins import schema_of, twin_files, versions  # noqa: E402
from wino_toolkit.logic.axioms import library_modules  # noqa: E402
from wino_toolkit.logic.syntax import Symbol  # noqa: E402
from wino_toolkit.logic.vocabulary import name_problems, name_words, one_schema_words, used_words, word_schemas  # noqa: E402

ENTITIES = """
entity Ada "Ada" person
entity Bo "Bo" person
"""
WORDS = """
action carry(object, object) says "{0} can carry {1}" denies "{0} cannot carry {1}" does "{0} carries {1}"
fluent Strong(object) says "{0} is strong" denies "{0} is tired"
fluent Heavy(object) says "{0} is heavy" denies "{0} is light"
predicate Child(object) says "{0} is a child" denies "{0} is not a child"
"""
HEAD = ENTITIES + WORDS

#: version a: Ada could not carry Bo because she was tired (the answer: Ada)
TIRED = """
scenario: ¬Poss(carry(Ada, Bo), S0)
ambiguity: ∃x. ¬Strong(x, S0) ∧ (x = Ada ⊕ x = Bo)
answer: Ada
"""

#: the strong carry the light: general, true, and with either version's scenario it gives that version's answer
CARRY_AXIOM = "∀x, y, s. Strong(x, s) ∧ ¬Heavy(y, s) ∧ x ≠ y → Poss(carry(x, y), s)"
CARRY = WORDS + f"axiom carry_strong_light: {CARRY_AXIOM}\n"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def probe(tmp_path: Path, text: str, name: str = "probe.fol") -> Path:
    return write(tmp_path, name, f'item "{Path(name).stem}"\n' + text)


def generality(path: Path):
    verdict = verify(path)
    return verdict, verdict.checks["generality"]


def verify_cli(capsys, path: Path) -> tuple[int, str]:
    code = main(["logic", "verify", str(path), "--jobs", "1"])
    out = capsys.readouterr()
    return code, re.sub(r"\s+", " ", out.out + out.err)


# -- a hidden constant -------------------------------------------------------------------------

#: "the culprit" is a zero-argument function: in a finite domain of Ada and Bo it is one of them, so knowledge
#: about it is knowledge about Ada under another name; it named no entity, so it passed
CULPRIT = HEAD + 'function culprit(): object says "the culprit"\n' + TIRED + """
knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → x = culprit()
knowledge k2 true: ∀x, s. ¬Strong(x, s) ↔ x = culprit()
"""


def test_a_hidden_constant_in_knowledge_fails_generality_naming_it(tmp_path, capsys):
    path = probe(tmp_path, CULPRIT)
    verdict, check = generality(path)
    assert [c for c, r in verdict.checks.items() if r.status != "pass" and r.status != "n/a"] == ["generality"]
    assert check.status == "fail" and "names a constant" in check.detail and "culprit" in check.detail
    assert check.core == ["k1", "k2"]
    assert entity_naming(load(path)) == ["k1", "k2"]  # cvc5 and E see it too
    code, out = verify_cli(capsys, path)
    assert code == 1 and "generality: fail" in out and "culprit" in out


def test_a_constant_in_the_scenario_is_fine(tmp_path):
    """The scenario may name a thing by a constant (the shipped toaster): only knowledge must be general."""
    text = CULPRIT.replace("knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → x = culprit()\n"
                           "knowledge k2 true: ∀x, s. ¬Strong(x, s) ↔ x = culprit()",
                           "scenario: Heavy(culprit, S0)\n"
                           "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)")
    assert verify(probe(tmp_path, text)).status == "pass"


# -- the initial situation ---------------------------------------------------------------------

@pytest.mark.parametrize("knowledge, reason", [
    # names S0: true of the scenario's own situation only
    ("∀x, y. ¬Poss(carry(x, y), S0) ∧ x ≠ y → ¬Strong(x, S0)", "is about the initial situation"),
    # never names it, but holds only where no action was done: S0 in disguise
    ("∀x, y, s. (∀a, s1. s ≠ do(a, s1)) ∧ ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)", "only in the initial situation"),
    # a situation constant of its own
    ("∀x, y. ¬Poss(carry(x, y), now) ∧ x ≠ y → ¬Strong(x, now)", "names a constant"),
])
def test_knowledge_about_the_initial_situation_fails_generality(tmp_path, knowledge, reason):
    text = HEAD + "function now(): situation\n" + TIRED.replace("S0", "now") if "now" in knowledge else HEAD + TIRED
    text += f"knowledge k1 true: {knowledge}\n"
    verdict, check = generality(probe(tmp_path, text))
    assert verdict.checks["sufficiency"].status == "pass"
    assert check.status == "fail" and reason in check.detail, check


def test_knowledge_true_in_every_situation_passes(tmp_path):
    text = HEAD + TIRED + "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)\n"
    assert verify(probe(tmp_path, text)).status == "pass"


# -- circular knowledge: one axiom is the answer -----------------------------------------------

#: an imported axiom with a general-sounding name that, given only what Bo is (a child), says Ada is tired:
#: the carrying plays no part. Without the type fact it entailed nothing, so it passed
KIN = CARRY + "axiom kin_child_tires_others: ∀x, y, s. Child(y) ∧ x ≠ y → ¬Strong(x, s)\n"


def test_an_axiom_giving_the_answer_from_the_type_facts_alone_fails(tmp_path, capsys):
    write(tmp_path, "axioms/home/kin.fol", KIN)
    path = probe(tmp_path, 'import "home/kin"\n' + ENTITIES + TIRED + "scenario child: Child(Bo)\n")
    verdict, check = generality(path)
    assert verdict.checks["sufficiency"].status == "pass"
    assert check.status == "fail" and "circular knowledge" in check.detail and check.core == ["kin_child_tires_others"]
    code, out = verify_cli(capsys, path)
    assert code == 1 and "circular knowledge" in out and "kin_child_tires_others" in out


def test_axioms_needing_the_event_with_the_type_facts_pass(tmp_path):
    write(tmp_path, "axioms/home/carry.fol", CARRY + "axiom carry_child_light: ∀x, s. Child(x) → ¬Heavy(x, s)\n")
    verdict = verify(probe(tmp_path, 'import "home/carry"\n' + ENTITIES + TIRED + "scenario child: Child(Bo)\n"))
    assert verdict.status == "pass", verdict.to_dict()
    assert verdict.checks["sufficiency"].core == ["carry_strong_light", "carry_child_light"]


# -- the twin test -----------------------------------------------------------------------------

#: version b: Ada could not carry Bo because he was heavy (the answer: Bo)
HEAVY = TIRED.replace("¬Strong(x, S0)", "Heavy(x, S0)").replace("answer: Ada", "answer: Bo")
TAILORED_TIRED = "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)\n"
TAILORED_HEAVY = "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → Heavy(y, s)\n"


def test_knowledge_that_fits_one_version_fails_the_twin_test(tmp_path, capsys):
    """Each version restates its own answer as a rule about carrying; each passed alone. With the twin's
    scenario, neither gives the twin's answer."""
    a = probe(tmp_path, HEAD + TIRED + TAILORED_TIRED, "carry-0.fol")
    b = probe(tmp_path, HEAD + HEAVY + TAILORED_HEAVY, "carry-1.fol")
    for path, twin in ((a, "carry-1"), (b, "carry-0")):
        verdict, check = generality(path)
        assert [c for c, r in verdict.checks.items() if r.status == "fail"] == ["generality"]
        assert "twin test" in check.detail and twin in check.detail and "does not give the answer" in check.detail
    code, out = verify_cli(capsys, a)
    assert code == 1 and "twin test" in out


def test_one_knowledge_for_both_versions_passes_the_twin_test(tmp_path):
    """The strong carry the light: with Bo light (version a) Ada is tired, with Ada strong (version b) Bo is heavy."""
    general = f"knowledge carry true: {CARRY_AXIOM}\n"
    a = probe(tmp_path, HEAD + TIRED + "scenario: ¬Heavy(Bo, S0)\n" + general, "carry-0.fol")
    b = probe(tmp_path, HEAD + HEAVY + "scenario: Strong(Ada, S0)\n" + general, "carry-1.fol")
    assert verify(a).status == "pass" and verify(b).status == "pass", (verify(a).to_dict(), verify(b).to_dict())


def test_twins_declaring_a_word_differently_fail(tmp_path):
    a = probe(tmp_path, HEAD + TIRED + TAILORED_TIRED, "carry-0.fol")
    probe(tmp_path, HEAD.replace("fluent Heavy(object)", "predicate Heavy(object)") + HEAVY.replace("Heavy(x, S0)", "Heavy(x)")
          + "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → Heavy(y)\n", "carry-1.fol")
    check = verify(a).checks["generality"]
    assert check.status == "fail" and "declares Heavy otherwise" in check.detail


def test_a_wsc285_version_copied_away_is_tested_against_the_shipped_twin(tmp_path):
    """Moving a file away from its twin does not skip the twin test: the shipped twin stands in."""
    copy = tmp_path / "wsc285-14.fol"
    shutil.copy(shipped_formalizations()[0].parent / "wsc285-14.fol", copy)
    assert [p.name for p in twin_files("wsc285-14", str(copy))] == ["wsc285-15.fol"]
    assert verify(copy).status == "pass"  # the library's knowledge gives the twin's answer too
    tailored = write(tmp_path / "away", "wsc285-14.fol", """
item "wsc285-14"
entity Man "the man" person
entity Son "his son" person
action lift(object, object) says "{0} can lift {1}" denies "{0} cannot lift {1}"
fluent Strong(object) says "{0} is strong" denies "{0} is weak"
predicate Child(object) says "{0} is a child" denies "{0} is not a child"
scenario: ¬Poss(lift(Man, Son), S0)
scenario child: Child(Son)
ambiguity: ∃x. ¬Strong(x, S0) ∧ (x = Man ⊕ x = Son)
answer: Man
knowledge mine true: ∀x, y, s. ¬Poss(lift(x, y), s) ∧ Child(y) → ¬Strong(x, s)
""")
    verdict = verify(tailored)
    check = verdict.checks["generality"]
    assert [c for c, r in verdict.checks.items() if r.status == "fail"] == ["generality"]
    assert "twin test" in check.detail and "wsc285-15" in check.detail, check


def test_versions_are_paired_as_the_shipped_files_say():
    assert versions("wsc285-14") == ("wsc285-14", "wsc285-15") and schema_of("wsc285-15") == "wsc285-7"
    assert versions("wsc285-253") == ("wsc285-252", "wsc285-253", "wsc285-254") and schema_of("wsc285-254") == "wsc285-126"
    assert versions("wsc285-256") == ("wsc285-255", "wsc285-256") and schema_of("wsc285-255") == "wsc285-127"
    assert schema_of("wsc285-284") == "wsc285-141" and versions("carry-1") == ("carry-0", "carry-1")
    assert versions("lift") == ("lift",) and schema_of("lift") == "lift"
    for path in shipped_formalizations():  # each file's first line names the items of its schema
        named = re.findall(r"wsc285-\d+", path.read_text(encoding="utf-8").split("\n", 1)[0])
        if len(named) > 1:
            assert tuple(named) == versions(path.stem), path.name



def test_winogrande_versions_are_its_hit_ids_one_and_two():
    """A WinoGrande qID is the HIT id and -1/-2: taken from an even number, -2 would pair with a -3 that never
    exists, and the twin test would silently see no twin."""
    hit = "3PKVGQTFIJY68JIS5DHAMTRSW9HYRA"
    assert versions(f"{hit}-1") == versions(f"{hit}-2") == (f"{hit}-1", f"{hit}-2")
    assert schema_of(f"{hit}-1") == schema_of(f"{hit}-2") == hit
    assert versions("dpr-115") == ("dpr-114", "dpr-115") and schema_of("dpr-114") == "dpr-57"

# -- a local folder shadowing a shipped module -------------------------------------------------

SCHEMA_14 = """
item "lift-1"
import "physical/weight"
entity Man "the man" person
entity Son "his son" person
scenario: ¬Poss(lift(Man, Son), S0)
scenario child: Child(Son)
ambiguity: ∃x. ¬Strong(x, S0) ∧ (x = Man ⊕ x = Son)
answer: Man
"""


def test_a_local_module_shadowing_a_shipped_one_is_refused_naming_both(tmp_path, capsys):
    shipped = library_folder() / "physical" / "weight.fol"
    write(tmp_path, "axioms/physical/weight.fol", shipped.read_text(encoding="utf-8")
          + "axiom weight_child_tires_others: ∀x, y, s. Child(y) ∧ x ≠ y → ¬Strong(x, s)\n")
    path = write(tmp_path, "lift-1.fol", SCHEMA_14)
    with pytest.raises(FormatError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: line 3, column 8: module 'physical/weight'") and "\n" not in message
    assert str(tmp_path / "axioms" / "physical" / "weight.fol") in message and str(shipped) in message
    code, out = verify_cli(capsys, path)
    assert code == 1 and "shadows the shipped module" in out


def test_a_module_shadowing_a_shipped_one_through_another_import_is_refused(tmp_path):
    write(tmp_path, "axioms/physical/weight.fol", (library_folder() / "physical" / "weight.fol").read_text(encoding="utf-8")
          .replace("axiom ", "axiom mine_", 1))
    write(tmp_path, "axioms/home/own.fol", 'import "physical/weight"\n')
    with pytest.raises(FormatError, match=r"own\.fol: line 1, column 8: module 'physical/weight' in .* shadows the shipped"):
        load(write(tmp_path, "lift-1.fol", SCHEMA_14.replace('import "physical/weight"', 'import "home/own"')))


def test_an_unchanged_copy_of_a_shipped_module_reads_as_the_module(tmp_path):
    shutil.copy(library_folder() / "physical" / "weight.fol", write(tmp_path, "axioms/physical/weight.fol", "").parent)
    assert verify(write(tmp_path, "lift-1.fol", SCHEMA_14)).status == "pass"


# -- import cycles -----------------------------------------------------------------------------

def test_an_import_cycle_names_every_module_and_file(tmp_path):
    """a -> b -> c -> a: the message once dropped the last module before the one closing the cycle."""
    for name, imports in (("a", "b"), ("b", "c"), ("c", "a")):
        write(tmp_path, f"axioms/home/{name}.fol", f'import "home/{imports}"\n')
    with pytest.raises(FormatError) as caught:
        load(write(tmp_path, "lift-1.fol", SCHEMA_14.replace('import "physical/weight"', 'import "home/a"')))
    message = str(caught.value)
    files = [str(tmp_path / "axioms" / "home" / f"{n}.fol") for n in "abc"]
    assert message.startswith(f"{files[2]}: line 1, column 8: import cycle: home/a ({files[0]}) -> home/b ({files[1]}) "
                              f"-> home/c ({files[2]}) -> home/a ({files[0]})"), message


# -- words one schema uses ---------------------------------------------------------------------

def test_a_word_one_schema_uses_is_a_warning_that_can_be_counted(tmp_path):
    a = load(probe(tmp_path, HEAD + TIRED + TAILORED_TIRED, "carry-0.fol"))
    b = load(probe(tmp_path, HEAD + HEAVY + TAILORED_HEAVY, "carry-1.fol"))
    other = load(probe(tmp_path, HEAD + TIRED + TAILORED_TIRED, "tote-0.fol"))
    assert used_words(a) == {"carry", "Strong"} and used_words(b) == {"carry", "Heavy"}
    uses = word_schemas([a, b, other])
    assert uses == {"Child": (), "Heavy": ("carry-0",), "Strong": ("carry-0", "tote-0"), "carry": ("carry-0", "tote-0")}
    warnings = one_schema_words([a, b, other])
    assert [(w.name, w.kind, w.schema, w.items) for w in warnings] == [("Heavy", "fluent", "carry-0", ("carry-1",))]
    assert str(warnings[0]) == "fluent Heavy is used by one schema only, carry-0 (carry-1)"
    assert warnings[0].to_dict()["items"] == ["carry-1"]


def test_an_imported_axiom_counts_where_a_core_uses_it(tmp_path):
    write(tmp_path, "axioms/home/kin.fol", KIN)
    f = load(probe(tmp_path, 'import "home/kin"\nentity Ada "Ada" person\nentity Bo "Bo" person\n' + TIRED, "kin-0.fol"))
    assert "Child" not in used_words(f) and "Child" in used_words(f, ["kin_child_tires_others"])
    assert word_schemas([f], {"kin-0": ["kin_child_tires_others"]})["Child"] == ("kin-0",)


# -- names that fuse concepts or name one situation --------------------------------------------

def _symbols(*names: str) -> dict[str, Symbol]:
    return {n: Symbol("action" if n[0].islower() else "fluent", n, ("object", "situation"), "bool") for n in names}


def test_name_words_split_camel_case_acronyms_and_actions():
    assert name_words("WatchesTV") == ["watches", "tv"] and name_words("giveLift") == ["give", "lift"]
    assert name_words("LivedTwentyMillenniaAgo") == ["lived", "twenty", "millennia", "ago"]


@pytest.mark.parametrize("name, why", [
    ("CountsToTen", "names a count (ten)"),
    ("LastsUntil10", "names a count (10)"),
    ("CoveredAllMorning", "names a time (morning)"),
    ("UnnoticedUntilLately", "names a time (lately)"),
    ("OwnsEmptyGlass", "fuses 3 concepts (owns, empty, glass)"),
    ("SeesOpen", "fuses Sees and Open, each a word of the vocabulary"),
    ("giveLift", "fuses give and lift, each a word of the vocabulary"),
])
def test_the_lint_refuses_a_fused_or_situation_name_saying_why(name, why):
    [found] = name_problems(_symbols(name, "Sees", "Open", "give", "lift", "Strong"))
    assert found.name == name and why in found.why


@pytest.mark.parametrize("name", ["KeepsOrder", "TriesToStop", "WatchesTV", "Strong", "TakesPieceOf", "carry"])
def test_the_lint_lets_general_words_pass(name):
    """Two content words are one concept and its object or manner, glue words aside; a word of the vocabulary
    beside one that is not is no fusion the vocabulary could compose."""
    assert name_problems(_symbols(name, "Keeps", "Tries", "Strong")) == []


def test_a_file_with_a_situation_name_fails_generality_naming_it(tmp_path, capsys):
    passing = HEAD + TIRED + "knowledge k1 true: ∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)\n"
    assert verify(probe(tmp_path, passing)).status == "pass"
    path = probe(tmp_path, passing.replace("Strong", "StrongAllMorning"))
    verdict, check = generality(path)
    assert [c for c, r in verdict.checks.items() if r.status == "fail"] == ["generality"]
    assert check.detail.endswith("fluent StrongAllMorning names a time (morning): one situation's"), check.detail
    code, out = verify_cli(capsys, path)
    assert code == 1 and "StrongAllMorning" in out


def test_no_name_of_the_shipped_library_or_files_is_refused():
    """One vocabulary: every module's and every shipped file's words together, so that a fusion of two words
    from different modules is seen."""
    symbols: dict[str, Symbol] = {}
    for m in library_modules():
        symbols.update(m.symbols)
    for f in load_formalizations():
        symbols.update(f.symbols)
    assert [str(p) for p in name_problems(symbols)] == []


# -- the shipped formalizations ----------------------------------------------------------------

def test_every_shipped_version_has_its_formalized_twins():
    fs = load_formalizations()
    by_item = {f.item: f for f in fs}
    for f in fs:
        expected = [v for v in versions(f.item) if v != f.item and v in by_item]
        assert [t.item for t in f.twins] == expected, f.item
