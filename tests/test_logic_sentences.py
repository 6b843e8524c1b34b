"""True/false sentence statistics and WinoLogic-to-WSC linking, on small invented data."""
from __future__ import annotations

import pytest

from wino_toolkit.logic.sentences import edit_distance, jaccard, link_items, normalise, pair_stats, winologic_pairs
from wino_toolkit.schema import Candidate, Item, Knowledge


def item(id_: str, text: str, answer: int = 0, reason: str | None = None, label: bool | None = None,
         candidates: tuple[str, str] = ("Ada", "Bo")) -> Item:
    knowledge = [Knowledge(reason, label)] if reason is not None else []
    return Item(id=id_, corpus="t", language="en", text=text, candidates=[Candidate(c) for c in candidates],
                answer=answer, knowledge=knowledge)


def test_word_measures():
    assert edit_distance("a b c".split(), "a x c".split()) == 1
    assert edit_distance("a b c".split(), "c b a".split()) == 2
    assert edit_distance([], "a b".split()) == 2
    assert jaccard("If Ada is tired, Ada rests.", "if ada is TIRED, Bo rests") == pytest.approx(5 / 6)  # {if ada is tired rests} of those and bo
    assert jaccard("", "") == 1.0


def test_pair_stats_overall_and_per_group():
    rows = pair_stats([("Ada is tired.", "Bo is tired.", "replace"), ("Ada is tired.", "Ada is not tired.", "negation")])
    by = {r.group: r for r in rows}
    assert by["all"].pairs == 2
    assert by["replace"].edit_distance == 1 and by["replace"].length_difference == 0
    assert by["negation"].edit_distance == 1 and by["negation"].length_difference == 1
    assert by["negation"].jaccard == pytest.approx(3 / 4)
    assert by["all"].abs_length_difference == pytest.approx(0.5)


def test_winologic_pairs_match_each_false_sentence_to_its_closest_true_one():
    records = [
        item("w-1", "Ada met Bo.", reason="someone who meets a friend is glad.", label=True),
        item("w-2", "Ada met Bo.", reason="someone who meets a friend is sad.", label=False),
        item("w-3", "Ada met Bo.", reason="a friend who is met is never glad at all.", label=True),
        item("w-4", "Bo met Ada.", reason="no true sentence for this context.", label=False),
    ]
    assert winologic_pairs(records) == [("someone who meets a friend is glad.", "someone who meets a friend is sad.", "winologic")]


def test_links_exact_fuzzy_and_none_with_answer_agreement():
    targets = [item("wsc-0", "Ada thanked Bo for the help she had received.", 0),
               item("wsc-1", "Ada thanked Bo for the help she had given.", 1)]
    records = [
        item("r-1", "Ada thanked Bo for the help she had\u00a0received.", 0),  # no-break space: still exact
        item("r-2", "Ada thanked Bo for all the help she had given.", 0, candidates=("Bo", "Ada")),  # fuzzy; claims Bo
        item("r-3", "Something else entirely.", 0),
        item("r-4", "Ada thanked Bo for the help she had given.", 0),  # claims Ada, the item says Bo
    ]
    links = link_items(records, targets)
    assert [(link.item, link.method, link.answer_agrees) for link in links] == [
        ("wsc-0", "exact", True), ("wsc-1", "fuzzy", True), (None, None, None), ("wsc-1", "exact", False)]
    assert 0.9 <= links[1].score < 1


def test_normalise():
    assert normalise("  The \u201cbig\u201d\u00a0dog\u2019s  bone ") == "the \"big\" dog's bone"
