"""The audit's surface artefacts on small invented corpora whose cues are known by construction."""
from __future__ import annotations

import json
import math
import random

import pytest

pytest.importorskip("sklearn")

from wino_toolkit import __version__
from wino_toolkit.audit.artefacts import surface_artefacts
from wino_toolkit.schema import Candidate, Item, Span

NAMES = ["Ann", "Bea", "Cal", "Dov", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]
FILLERS = ["red", "blue", "green", "slow", "fast", "old", "new", "tall", "short", "warm", "cold", "loud"]


def blank_item(i: int, text: str, option1: str, option2: str, answer: int | None, twin: str | None = None) -> Item:
    """A WinoGrande-style item: a "_" blank, option1/option2 found in the sentence as the reader finds them."""
    spans = [Span(text.find(o), text.find(o) + len(o), o) if o in text else None for o in (option1, option2)]
    return Item(f"q{i}", "invented", "en", text, [Candidate(option1, spans[0]), Candidate(option2, spans[1])],
                answer, pronoun=Span(text.index("_"), text.index("_") + 1, "_"), twin=twin)


def name_pair(i: int) -> tuple[str, str]:
    return NAMES[i % len(NAMES)], NAMES[(i + 1 + (i // len(NAMES)) % (len(NAMES) - 1)) % len(NAMES)]


def test_answer_always_option1_shows_position_bias():
    """Every answer is option 1, mentioned first: position is right 100% of the time against a coin's 50%."""
    items = [blank_item(i, f"{a} called {b} because _ was {FILLERS[i % 12]}.", a, b, 0)
             for i, (a, b) in enumerate(name_pair(i) for i in range(12))]
    result = surface_artefacts(items)
    order = result["candidate_order"]
    assert (order["first"], order["second"], order["chance"]) == (1.0, 0.0, 0.5)
    assert order["ordered_by"] == {"spans": 12, "listing": 0}
    assert order["verdict"].startswith("position gives the answer away: 100% against chance 50%")
    words = result["word_label"]  # one label only: no word separates it from another, nothing to beat
    assert words["words"] == {"1": [], "2": []}
    assert (words["accuracy"], words["chance"]) == (1.0, 1.0)


def test_mention_order_comes_from_spans_not_the_listing():
    """A WSC-style item listing its candidates in reverse: the answer (listed first) is mentioned second."""
    text = "The cup fell off the table because it was wobbly."
    reverse = [Item(f"r{i}", "invented", "en", text, [Candidate("the table", Span(17, 26, "the table")),
                                                      Candidate("The cup", Span(0, 7, "The cup"))], 0,
                    pronoun=Span(35, 37, "it")) for i in range(3)]
    assert not any(item.problems() for item in reverse)
    no_spans = [Item("n0", "invented", "en", text, [Candidate("the table"), Candidate("the cup")], 0)]
    order = surface_artefacts(reverse + no_spans)["candidate_order"]
    assert order["ordered_by"] == {"spans": 3, "listing": 1}
    assert order["first"] == 0.25 and order["second"] == 0.75  # 1 of 4 right answers is mentioned first


def test_wrong_option_always_longer_shows_in_length():
    """The right candidate is the shorter one in 8 items (4 mentioned first, 4 second), 2 more tie:
    "shorter" is right in (8 + 2/2) / 10 = 90%, "longer" in 10%."""
    short, long = "the cat", "the enormous old grey cat"
    clauses = ["watched {} until _ slept", "chased {} across the garden because _ was bored", "hid from {} since _ felt shy",
               "followed {} after lunch and then _ got tired", "growled at {} when _ woke up hungry",
               "sat beside {} so that _ purred loudly", "ignored {} while _ ate the fish", "licked {} until _ fell asleep"]
    items = []  # texts unlike each other: no two are versions of one schema (grouping.schema_groups)
    for i in range(8):
        first, second = (short, long) if i % 2 == 0 else (long, short)
        text = f"{first.capitalize()} {clauses[i].format(second)}."
        items.append(blank_item(i, text, first.capitalize(), second, 0 if first == short else 1))
    items += [blank_item(8 + i, f"Ann saw Bea before _ left, {i}.", "Ann", "Bea", i) for i in range(2)]
    length = surface_artefacts(items)["length"]
    assert (length["rule"], length["accuracy"], length["chance"], length["ties"]) == ("shorter", 0.9, 0.5, 2)
    assert length["verdict"].startswith("length gives the answer away: 90% against chance 50% (95% CI 60%-98%, n=10; "
                                        "answering the shorter candidate")
    only_cue = surface_artefacts(items[:8])["length"]  # without the ties the lengths separate the labels
    assert only_cue["accuracy"] == 1.0 and only_cue["classifier"]["accuracy"] == 1.0
    assert only_cue["classifier"]["chance"] == 0.5


def cue_corpus(n: int, cue: bool, seed: int = 1) -> list[Item]:
    """``n`` items, every other one answered by the first-mentioned name; random names and filler words;
    with ``cue``, "obviously" is in exactly the items whose answer is mentioned first."""
    rng = random.Random(seed)
    items = []
    for i in range(n):
        a, b = rng.sample(NAMES, 2)
        answer = i % 2
        extra = " obviously" if cue and answer == 0 else ""
        words = " ".join(rng.sample(FILLERS, 3))
        items.append(blank_item(i, f"{a} met {b} and _ was{extra} {words}.", a, b, answer))
    return items


def test_cue_word_tops_its_label_and_gives_the_answer_away():
    """'obviously' is in all 20 label-1 items and no other: PMI = log(((20 + 1/2) / 21) / (1/2)) = log(41/21)."""
    words = surface_artefacts(cue_corpus(40, cue=True), top_k=3)["word_label"]
    top = words["words"]["1"][0]
    assert top == {"word": "obviously", "count": 20, "total": 20, "pmi": pytest.approx(math.log(41 / 21))}
    assert len(words["words"]["1"]) <= 3
    assert "obviously" not in [w["word"] for w in words["words"]["2"]]
    # near-identical texts with the same names share a fold (grouping.schema_groups), which moves the folds
    assert words["accuracy"] >= 0.95 and words["chance"] == 0.5
    assert words["verdict"].startswith("word choice gives the answer away: ") and "n=40)" in words["verdict"]


def test_balanced_corpus_without_cues_is_near_chance():
    words = surface_artefacts(cue_corpus(200, cue=False))["word_label"]
    assert words["chance"] == 0.5
    assert abs(words["accuracy"] - 0.5) < 0.12
    assert "gives the answer away" not in words["verdict"]


def swapped_twins(grouped: bool) -> list[Item]:
    """20 twin pairs sharing their text (one word of their own, "wN") and candidates, with opposite answers."""
    items = []
    for pair in range(20):
        a, b = name_pair(pair)
        text = f"{a} thanked {b} after _ found w{pair}."
        for answer in (0, 1):
            items.append(blank_item(2 * pair + answer, text, a, b, answer, f"s{pair}" if grouped else None))
    return items


def test_twins_are_never_split_across_folds():
    """Twins with identical features in one fold get one prediction, one of them right: exactly 50%.
    Without twin ids the versions are grouped by their near-identical text: split, a fold would learn each test
    item's own word from its twin, with the other label, and score below 30%."""
    grouped = surface_artefacts(swapped_twins(grouped=True))["word_label"]
    assert grouped["accuracy"] == 0.5 and grouped["chance"] == 0.5
    result = surface_artefacts(swapped_twins(grouped=False))
    assert result["word_label"]["accuracy"] == 0.5
    assert result["grouping"]["method"] == "no twin information: near-duplicate text" and result["grouping"]["groups"] == 20


def test_skipped_items_and_result_shape():
    good = cue_corpus(6, cue=False)
    unlabeled = blank_item(90, "Ann met Bea and _ left.", "Ann", "Bea", None)
    three = Item("t3", "invented", "en", "Ann, Bea and Cal met; she left.", [Candidate("Ann"), Candidate("Bea"), Candidate("Cal")], 0)
    result = surface_artefacts(good + [unlabeled, three], seed=7, top_k=2)
    assert result["n"] == 6
    assert result["skipped"] == {"unlabeled": 1, "not two candidates": 1}
    assert "|seed:7|" in result["signature"] and result["signature"].endswith(f"|v:{__version__}")
    for section in ("word_label", "candidate_order", "length"):
        assert result[section]["seconds"] >= 0 and result[section]["verdict"]
    assert json.loads(json.dumps(result)) == result


def test_no_usable_item_is_not_measured():
    result = surface_artefacts([blank_item(0, "Ann met Bea and _ left.", "Ann", "Bea", None)])
    assert result["n"] == 0 and result["skipped"] == {"unlabeled": 1}
    assert result["word_label"]["accuracy"] is None and result["length"]["accuracy"] is None
    assert result["candidate_order"]["verdict"].startswith("position: not measured")


def test_same_seed_same_numbers():
    """The seed is the only random step: one seed gives the same numbers twice; the PMI words do not depend on it."""
    items = cue_corpus(60, cue=False)
    a, b = surface_artefacts(items, seed=0), surface_artefacts(items, seed=0)
    assert [a[k]["accuracy"] for k in ("word_label", "length")] == [b[k]["accuracy"] for k in ("word_label", "length")]
    assert surface_artefacts(items, seed=3)["word_label"]["words"] == a["word_label"]["words"]
