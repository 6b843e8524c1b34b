"""The axiom library checked against the sanity theory (issue #32): consistent with every fact, entailing no
forbidden statement; and probes: a false axiom written into a copy of a module is caught, naming it."""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.errors import FormatError
from wino_toolkit.logic import sanity
from wino_toolkit.logic.axioms import import_module, library_folder
from wino_toolkit.logic.syntax import parse_module

#: successor-state axioms, which sanity.check leaves out of every question: each defines a fluent in every
#: situation from the one before, and Z3 builds no model of such a recursive definition over an open domain (the
#: question is undecided within any resource limit)
LEFT_OUT = {
    "location_after_go": "successor-state axiom (At): Z3 finds no model of it over an open domain",
    "possession_after_give": "successor-state axiom (Owns): Z3 finds no model of it over an open domain",
    "debt_owes_after": "successor-state axiom (Owes): Z3 finds no model of it over an open domain",
    "belief_told_knows": "successor-state axiom (Knows): Z3 finds no model of it over an open domain",
}

#: axioms the sanity theory shows false, not fixed yet: each is the only link of a schema's chain, and a true
#: version needs the schema re-formalized (a file the library's authors do not own). Remove an entry once fixed:
#: the test fails while an entry here is no longer exposed.
KNOWN_FALSE = {
    "age_remembered_was_infant": "wsc285-168 reads 'remembers as an infant' as 'is an infant now'",
    "weight_adult_lifts_light": "wsc285-15; with weight_child_light (wsc285-14) every adult lifts every child",
    "carrying_held_off_ground": "wsc285-241: one holds a hand that stays on the ground",
    "contain_cover_dry": "wsc285-125: a lid over soup does not dry it",
    "contain_inside_dry": "wsc285-124: fish in a tank are wet",
    "devices_off_can_start": "wsc285-164: a broken device cannot be turned on",
    "doors_no_knock_own": "wsc285-210/211: one knocks on one's own door when locked out",
    "fragility_furniture_breaks_under_heavy": "wsc285-265: a cup on a table that broke is not heavy",
    "fragility_set_down_breaks_if_delicate": "wsc285-266: a broken rock on a table is not delicate",
    "giving_receiver_wants": "wsc285-227/253/256: unwanted gifts exist",
    "help_receiver_grateful": "wsc285-77: ungrateful people exist",
    "holding_own_back_unreachable": "wsc285-233: one can reach one's own back",
    "justice_guilty_to_police": "wsc285-104: not every guilty person goes to the police",
    "justice_punish_only_guilty": "wsc285-40: the innocent are punished sometimes",
    "kinship_uncle_older": "wsc285-50/51: an uncle can be younger than his nephew",
    "material_nothing_harder_than_steel": "wsc285-16: diamond is harder than steel",
    "material_styrofoam_soft": "wsc285-17: styrofoam is harder than some things",
    "medicine_treated_ill": "wsc285-249: healthy people are treated (vaccines, check-ups)",
    "memory_meaningless_forgotten": "wsc285-283: random digits (a phone number) are remembered",
    "music_kept_tangible": "wsc285-120: one keeps a promise or a secret",
    "prehistory_long_ago_stone_age": "wsc285-175: the Romans lived long ago, not in the Stone Age",
    "privacy_embarrassed_not_angry": "wsc285-246: one can be embarrassed and angry",
    "questions_one_asker": "wsc285-8/9: two people ask the same question",
    "recall_asked_one_knew": "wsc285-69: one asks someone who never knew",
    "recall_asker_does_not_remember": "wsc285-68: a quiz master asks what he remembers",
    "sound_arriving_train_loud": "wsc285-62/63: not everything that comes in is loud",
    "trade_one_owner": "wsc285-32: a house can have two owners",
    "weather_wind_knocks_light": "wsc285-129: a storm topples heavy trees",
}


@pytest.fixture(scope="module")
def shipped() -> tuple[sanity.Report, float]:
    start = time.perf_counter()
    report = sanity.check()
    return report, time.perf_counter() - start


def test_theory_is_large_enough(shipped):
    report, _ = shipped
    assert len(report.facts) >= 150
    assert len(report.forbidden) >= 40


def test_left_out_axioms_are_named(shipped):
    report, _ = shipped
    assert sorted(report.left_out) == sorted(LEFT_OUT)


def test_every_question_is_decided(shipped):
    report, seconds = shipped
    undecided = [str(f) for f in report.facts + report.forbidden if f.status == "unknown"]
    assert not undecided, "undecided within the resource limit:\n" + "\n".join(undecided)
    assert seconds < 120  # about 25 s on a 2-core machine


def test_library_agrees_with_the_sanity_theory(shipped):
    report, _ = shipped
    unexplained = [str(f) for f in report.problems if not set(f.core) & set(KNOWN_FALSE)]
    assert not unexplained, "axioms the sanity theory shows false:\n" + "\n".join(unexplained)


def test_known_false_axioms_are_still_exposed(shipped):
    """An entry fixed in the library leaves the exception list: the list never hides more than it must."""
    report, _ = shipped
    assert sorted(set(KNOWN_FALSE) - set(report.exposed)) == []


def test_fixed_axioms_stay_fixed(shipped):
    report, _ = shipped
    found = {f.name: f for f in report.facts + report.forbidden}
    assert found["fact_self_service"].status == "ok"
    assert found["forbidden_no_one_serves_himself"].status == "ok"
    assert found["fact_wanting_without_trying"].status == "ok"
    assert found["fact_child_refuses_parent"].status == "ok"
    assert found["fact_sunglasses_over_open_eyes"].status == "ok"
    assert found["forbidden_covered_eyes_closed"].status == "ok"


def test_remembered_father_clash_names_the_axioms(shipped):
    report, _ = shipped
    finding = next(f for f in report.facts if f.name == "fact_remembered_as_infant_grown_up")
    assert finding.status == "clash"
    assert "age_remembered_was_infant" in finding.core and "fact_remembered_as_infant_grown_up" in finding.core
    entailed = next(f for f in report.forbidden if f.name == "forbidden_remembered_is_infant")
    assert entailed.status == "entailed" and entailed.core == ["age_remembered_was_infant"]


# -- probes: a false axiom in a copy of a module ------------------------------------------------------------


def _copy(tmp_path: Path, *modules: str) -> Path:
    """A library of a few shipped modules, copied."""
    folder = tmp_path / "axioms"
    for name in modules:
        target = folder / f"{name}.fol"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(library_folder() / f"{name}.fol", target)
    return folder


def test_false_axiom_in_a_copied_module_is_caught(tmp_path):
    library = _copy(tmp_path, "social/help", "social/employment")
    with open(library / "social/help.fol", "a", encoding="utf-8") as out:
        out.write("\naxiom help_only_from_others: ∀x, s. ¬Helped(x, x, s)\n")
    report = sanity.check(library)
    found = {f.name: f for f in report.problems}
    assert found["fact_self_help"].status == "clash"
    assert "help_only_from_others" in found["fact_self_help"].core
    assert found["forbidden_no_one_helps_himself"].status == "entailed"
    assert found["forbidden_no_one_helps_himself"].core == ["help_only_from_others"]
    assert "help_only_from_others" in report.exposed


def test_false_axiom_entailing_an_absurdity_is_caught(tmp_path):
    library = _copy(tmp_path, "physical/weight")
    with open(library / "physical/weight.fol", "a", encoding="utf-8") as out:
        out.write("\naxiom weight_all_children_grown: ∀x. Child(x) → Adult(x)\n")
    report = sanity.check(library)
    assert {"weight_all_children_grown"} <= set(report.exposed)
    assert next(f for f in report.facts if f.name == "fact_children_exist").status == "clash"


def test_clean_copy_passes(tmp_path):
    report = sanity.check(_copy(tmp_path, "social/help", "physical/weight"))
    assert [str(f) for f in report.problems if not set(f.core) & set(KNOWN_FALSE)] == []


def test_forbidden_statement_of_a_custom_theory(tmp_path):
    theory = tmp_path / "sanity"
    theory.mkdir()
    (theory / "facts.fol").write_text('import "social/help"\naxiom fact_helpers: ∃x, y, s. Helped(x, y, s) ∧ x ≠ y\n',
                                      encoding="utf-8")
    (theory / "forbidden.fol").write_text('import "social/help"\n'
                                          'axiom forbidden_no_grateful: ∀x, s. ¬Grateful(x, s)\n'
                                          'axiom forbidden_helper_gave: ∀x, y, s. Helped(x, y, s) ∧ x ≠ y → GaveHelp(x, s)\n',
                                          encoding="utf-8")
    report = sanity.check(_copy(tmp_path, "social/help"), theory)
    found = {f.name: f for f in report.forbidden}
    assert found["forbidden_no_grateful"].status == "ok"
    assert found["forbidden_helper_gave"].status == "entailed" and found["forbidden_helper_gave"].core == ["help_giver"]


def test_bad_sanity_file_names_file_and_line(tmp_path):
    theory = tmp_path / "sanity"
    theory.mkdir()
    (theory / "facts.fol").write_text('import "social/help"\n\naxiom fact_bad: ∃x. Helped(x)\n', encoding="utf-8")
    (theory / "forbidden.fol").write_text('import "social/help"\n', encoding="utf-8")
    with pytest.raises(FormatError) as exc:
        sanity.check(_copy(tmp_path, "social/help"), theory)
    assert "facts.fol" in str(exc.value) and "line 3" in str(exc.value)


def test_symbol_declared_two_ways_is_refused(tmp_path):
    library = _copy(tmp_path, "social/help")
    (library / "social/other.fol").write_text("predicate Grateful(object)\n", encoding="utf-8")
    with pytest.raises(FormatError, match="Grateful"):
        sanity.check(library)


# -- false knowledge checked against the library ---------------------------------------------------------------


def _formula(text: str):
    module = parse_module(f'import "social/help"\naxiom probe: {text}\n', "probe", "<probe>", (), import_module)
    return next(a for a in module.axioms if a.name == "probe").formula, module.symbols


def test_entailed_formula_is_reported_with_its_core():
    formula, symbols = _formula("∀x, y, s. Helped(x, y, s) ∧ x ≠ y → GaveHelp(x, s)")
    finding = sanity.entailed(formula, symbols)
    assert finding.status == "entailed" and finding.core == ["help_giver"]


def test_false_formula_is_not_entailed():
    formula, symbols = _formula("∀x, s. ¬Helped(x, x, s)")
    assert sanity.entailed(formula, symbols).status == "ok"


def test_axioms_contradicting_each_other_are_reported(tmp_path):
    library = _copy(tmp_path, "social/help")
    with open(library / "social/help.fol", "a", encoding="utf-8") as out:
        out.write("\naxiom help_everyone_grateful: ∀x, s. Grateful(x, s)\naxiom help_no_one_grateful: ∀x, s. ¬Grateful(x, s)\n")
    report = sanity.check(library)
    assert [f.core for f in report.library] == [["help_everyone_grateful", "help_no_one_grateful"]]


def test_misnamed_fact_is_refused(tmp_path):
    theory = tmp_path / "sanity"
    theory.mkdir()
    (theory / "facts.fol").write_text('import "social/help"\naxiom helpers: ∃x, y, s. Helped(x, y, s)\n', encoding="utf-8")
    (theory / "forbidden.fol").write_text('import "social/help"\n', encoding="utf-8")
    with pytest.raises(FormatError, match="line 2.*fact_"):
        sanity.check(_copy(tmp_path, "social/help"), theory)
