"""Knowledge sentences from formulas (three variants), false variants made by transforming formulas."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("z3")
pytest.importorskip("lark")

from wino_toolkit.logic.checks import UNDECIDED  # noqa: E402
from wino_toolkit.logic.generate import Checker, _used, false_variants, knowledge_sentences, transformations  # noqa: E402
from wino_toolkit.logic.render import VARIANTS, agree, grounding, render  # noqa: E402
from wino_toolkit.logic import parse  # noqa: E402

SOUND = (Path(__file__).parent / "fixtures" / "logic" / "lift_weak.fol").read_text(encoding="utf-8")


def sentences(text: str = SOUND, **kw):
    return knowledge_sentences(parse(text, "case.fol"), **kw)


def by(found, name, variant):
    return next(s for s in found if s.name == name and s.variant == variant)


def test_three_variants_of_a_true_formula():
    found = sentences(generate=False)
    assert by(found, "k1", "variable").text == "If person X cannot carry person Y, then X is tired."
    assert by(found, "k1", "grounded").text == "If Ada cannot carry Bo, then Ada is tired."
    assert by(found, "k1", "natural").text == "If the first person cannot carry the second person, then the first person is tired."
    assert by(found, "k1", "grounded").reason == "if Ada cannot carry Bo, then Ada is tired."
    assert by(found, "k1", "grounded").formula == "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(x, s)"


def test_false_formula_keeps_the_grounding_of_the_true_one():
    found = sentences(generate=False)
    assert by(found, "k1_replace", "grounded").text == "If Ada cannot carry Bo, then Bo is tired."
    assert by(found, "k1_neg", "natural").text == "If the first person cannot carry the second person, then the first person is strong."


def test_grounding_follows_the_proof_not_the_declaration_order():
    """The answer is Bo here; the variable that must be Bo for the formula to entail it becomes Bo."""
    text = (SOUND.replace("¬Poss(carry(Ada, Bo), S0)", "¬Poss(carry(Bo, Ada), S0)").replace("answer: Ada", "answer: Bo"))
    f = parse(text)
    checker = Checker(f)
    ground = grounding(f, f.knowledge[0], checker)
    assert {v.name: e for v, e in ground.items()} == {"x": "Bo", "y": "Ada"}
    assert render(f.knowledge[0].formula, f, "grounded", ground) == "If Bo cannot carry Ada, then Bo is tired."


def test_single_kind_reads_the_without_ordinal_and_things_are_things():
    text = """item "t" entity Cup "the cup" thing entity Jug "the jug" thing
fluent Full(object) says "{0} is full" denies "{0} is empty"
action pour(object, object) says "one can pour from {0} into {1}" denies "nothing can be poured from {0} into {1}" does "someone pours from {0} into {1}"
scenario: Full(Jug, do(pour(Cup, Jug), S0))
ambiguity: ∃x. ¬Full(x, do(pour(Cup, Jug), S0)) ∧ (x = Cup ⊕ x = Jug)
answer: Cup
knowledge k1 true: ∀x, y, s. x ≠ y → ¬Full(x, do(pour(x, y), s))
"""
    found = sentences(text, generate=False)
    assert by(found, "k1", "variable").text == "After someone pours from thing X into thing Y, X is empty."
    assert by(found, "k1", "natural").text == "After someone pours from the first thing into the second thing, the first thing is empty."
    assert by(found, "k1", "grounded").text == "After someone pours from the cup into the jug, the cup is empty."


def test_plural_mentions_take_plural_verbs():
    text = """item "t" entity Police "the police" group plural entity Firemen "the firemen" group plural
fluent Far(object) says "{0} comes from far away" denies "{0} is close"
predicate Late(object, object) says "{0} arrives after {1}"
scenario: Late(Firemen, Police)
ambiguity: ∃x. Far(x, S0) ∧ (x = Firemen ⊕ x = Police)
answer: Firemen
knowledge k1 true: ∀x, y. Late(x, y) → Far(x, S0)
"""
    found = sentences(text, generate=False)
    assert by(found, "k1", "grounded").text == "If the firemen arrive after the police, then the firemen come from far away."
    assert by(found, "k1", "natural").text == "If the first group arrives after the second group, then the first group comes from far away."


@pytest.mark.parametrize("verb, plural", [("is", "are"), ("fears", "fear"), ("carries", "carry"), ("reaches", "reach"),
                                          ("goes", "go"), ("can", "can"), ("doesn't", "don't"), ("has", "have"), ("kiss", "kiss")])
def test_agreement(verb, plural):
    assert agree(verb) == plural


def test_transformations_of_the_fixture_formula():
    f = parse(SOUND)
    made = {kind: str(g) for kind, g in transformations(f.knowledge[0], f)}
    assert made == {
        "negation": "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → Strong(x, s)",
        "swap": "∀x, y, s. ¬Poss(carry(y, x), s) ∧ y ≠ x → ¬Strong(x, s)",
        "replace": "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Strong(y, s)",
        "change": "∀x, y, s. ¬Poss(carry(x, y), s) ∧ x ≠ y → ¬Heavy(x, s)",
    }


def test_generated_false_variants_are_confirmed_and_not_duplicates():
    f = parse(SOUND)
    kept = false_variants(f.knowledge[0], f, Checker(f))
    # negation and replace are already written in the file, so only swap and change are new
    assert [(k.transformation, k.of, k.truth) for k in kept] == [("swap", "k1", False), ("change", "k1", False)]
    found = sentences()
    assert by(found, "k1~swap", "grounded").text == "If Bo cannot carry Ada, then Ada is tired."
    assert by(found, "k1~swap", "grounded").origin == "generated"


def test_a_transformation_that_still_entails_the_answer_is_dropped():
    """They met each other: swapping who met whom still makes Ada happy, so the swap is no false knowledge."""
    text = """item "t" entity Ada "Ada" person entity Bo "Bo" person
predicate Met(object, object) says "{0} met {1}"
fluent Happy(object) says "{0} is happy" denies "{0} is sad"
fluent Known(object) says "{0} is known"
scenario: Met(Ada, Bo) ∧ Met(Bo, Ada)
ambiguity: ∃x. Happy(x, S0) ∧ (x = Ada ⊕ x = Bo)
answer: Ada
knowledge k1 true: ∀x, y. Met(x, y) ∧ x ≠ y → Happy(x, S0)
"""
    f = parse(text)
    kinds = [k for k, _ in transformations(f.knowledge[0], f)]
    assert "swap" in kinds
    kept = [k.transformation for k in false_variants(f.knowledge[0], f, Checker(f))]
    assert "swap" not in kept  # still entails the answer
    assert "negation" not in kept  # nobody happy contradicts the ambiguity: inconsistent, not merely false
    assert kept == ["change"]


def test_every_variant_for_every_formula():
    found = sentences()
    names = {s.name for s in found}
    assert {"k1", "k1_neg", "k1_replace", "k1~swap", "k1~change"} == names
    assert all(sum(1 for s in found if s.name == n) == len(VARIANTS) for n in names)


# -- issue #20 §5: generated false knowledge is really false; no sentence keeps a variable ---------


def test_change_that_picks_the_premise_predicate_is_dropped_as_valid():
    """"If the person watches TV, then the person watches TV." was kept as false knowledge."""
    text = """item "t" entity Ann "Ann" person entity Bo "Bo" person
fluent Tired(object) says "{0} is tired"
fluent Sleeps(object) says "{0} sleeps"
scenario: Tired(Ann, S0)
ambiguity: ∃x. Sleeps(x, S0) ∧ (x = Ann ⊕ x = Bo)
answer: Ann
knowledge k1 true: ∀x, s. Tired(x, s) → Sleeps(x, s)
"""
    f = parse(text)
    assert ("change", "∀x, s. Tired(x, s) → Tired(x, s)") in [(k, str(g)) for k, g in transformations(f.knowledge[0], f)]
    kept = [str(k.formula) for k in false_variants(f.knowledge[0], f, Checker(f))]
    assert "∀x, s. Tired(x, s) → Tired(x, s)" not in kept


def test_change_entailed_by_the_true_knowledge_is_dropped():
    text = """item "t" entity Ann "Ann" person entity Bo "Bo" person
fluent Out(object) says "{0} is out"
fluent Seated(object) says "{0} is seated"
fluent Home(object) says "{0} is at home"
scenario: Out(Bo, S0)
ambiguity: ∃x. Seated(x, S0) ∧ (x = Ann ⊕ x = Bo)
answer: Ann
knowledge k1 true: ∀x, s. Out(x, s) → ¬Seated(x, s)
knowledge k2 true: ∀x, s. Out(x, s) → ¬Home(x, s)
"""
    f = parse(text)
    checker = Checker(f)
    assert ("change", "∀x, s. Out(x, s) → ¬Seated(x, s)") in [(k, str(g)) for k, g in transformations(f.knowledge[1], f)]
    kept = [str(k.formula) for k in false_variants(f.knowledge[1], f, checker)]
    assert "∀x, s. Out(x, s) → ¬Seated(x, s)" not in kept  # k2 changed into k1: true, not false (written as true)
    assert all(checker.truth(k.formula) is None for k in false_variants(f.knowledge[0], f, checker))


def _shown_true(path: str) -> list[tuple[str, str, str]]:
    """The generated false formulas of one shipped file that, asked again, are shown true."""
    from wino_toolkit.logic import load

    f = load(path)
    checker = Checker(f)
    used = _used(f, checker)  # the knowledge the sentences speak of: what the file writes, the axioms its answer needs
    # asked again: never shown true (a timeout, UNDECIDED, shows nothing either way)
    return [(f.item, g.name, str(g.formula)) for k in f.true_knowledge if k.name in used
            for g in false_variants(k, f, checker) if checker.truth(g.formula) not in (None, UNDECIDED)]


def test_shipped_generated_false_formulas_are_not_true():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from wino_toolkit.logic.files import shipped_formalizations

    files = [str(p) for p in shipped_formalizations()]
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        shown = [bad for found in pool.map(_shown_true, files, chunksize=8) for bad in found]
    assert shown == []


def test_a_variable_only_the_false_formula_has_is_grounded_too():
    """"After the cat runs up a tree, thing Y is at the top of the tree": replace brings in y."""
    text = """item "t" entity Dog "the dog" animal entity Cat "the cat" animal
action climb(object) says "{0} can run up a tree" does "{0} runs up a tree"
fluent Top(object) says "{0} is at the top of the tree"
function later(): situation
scenario: later = do(climb(Cat), S0)
ambiguity: ∃x. Top(x, later) ∧ (x = Dog ⊕ x = Cat)
answer: Cat
knowledge k1 true: ∀x, s. Top(x, do(climb(x), s))
knowledge k1_replace false replace of k1: ∀x, y, s. x ≠ y → Top(y, do(climb(x), s))
"""
    found = sentences(text, generate=False)
    assert by(found, "k1_replace", "grounded").text == "After the cat runs up a tree, the dog is at the top of the tree."
    assert by(found, "k1_replace", "natural").text == ("After the first animal runs up a tree, the second animal is at the top "
                                                      "of the tree.")
    assert not any("thing" in s.text for s in found)
