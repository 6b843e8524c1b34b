"""The one mention and pronoun finder every format reader uses (wino_toolkit.lang.mentions): whole words, exact case
before folded case, leading determiners dropped, pronoun forms from the per-language tables."""
from __future__ import annotations

import pytest

from wino_toolkit.lang.mentions import (
    first_mention,
    first_verbatim,
    mentions,
    pronoun_spans,
    pronouns_in,
    question_pronouns,
    snippet_pronouns,
    with_fewer_determiners,
)
from wino_toolkit.schema import Span


def test_a_mention_is_whole_words_in_its_exact_case_before_any_other_case():
    text = "The hen saw the hen and the henhouse."
    assert first_mention(text, "the hen") == Span(12, 19, "the hen")
    assert first_mention("The hen ran.", "the hen") == Span(0, 7, "The hen")
    assert first_mention("the henhouse", "hen") is None
    assert first_mention("the henhouse", "hen", edges="none") == Span(4, 7, "hen")
    assert first_mention("The hen ran.", "the hen", exact_first=False) == Span(0, 7, "The hen")
    assert first_mention("", "") is None and first_mention("a  b", "  ", spacing="words") is None


def test_edges_and_spacing_are_chosen_per_reader():
    # "letters": a phrase that opens with punctuation may follow a letter; "always" refuses that
    assert first_mention("x(Ann) y", "(Ann)", edges="letters") == Span(1, 6, "(Ann)")
    assert first_mention("x(Ann) y", "(Ann)") is None
    assert first_mention("Ann  Lee came", "ann lee", spacing="words") == Span(0, 8, "Ann  Lee")
    assert first_mention("Ann Lee came", "AnnLee", exact_first=False, spacing="chars") == Span(0, 7, "Ann Lee")
    assert [s.start for s in mentions("He and he and HE", "he")] == [7]
    assert [s.start for s in mentions("He and he and HE", "he", folded=True)] == [0, 7, 14]


def test_verbatim_finds_the_first_occurrence_inside_words_too():
    assert first_verbatim("张三和李四", "李四") == Span(3, 5, "李四")
    assert first_verbatim("Tommy", "Tom") == Span(0, 3, "Tom") and first_verbatim("Tom", "tom") is None


@pytest.mark.parametrize("phrase, determiners, options, expect", [
    ("a sua mãe", {"a", "sua"}, {}, ["a sua mãe", "sua mãe", "mãe"]),
    ("the the cat", {"the"}, {"most": 1}, ["the the cat", "the cat"]),
    ("de l'homme", {"de", "l"}, {"elided": True}, ["de l'homme", "l'homme", "homme"]),
    ("l'", {"l"}, {"elided": True}, ["l'"]),
    ("aujourd'hui", {"l"}, {"elided": True}, ["aujourd'hui"]),
    ("big cat", {"the"}, {}, ["big cat"]),
    ("the", {"the"}, {}, ["the"]),
])
def test_leading_determiners_are_dropped_one_at_a_time(phrase, determiners, options, expect):
    assert list(with_fewer_determiners(phrase, frozenset(determiners), **options)) == expect


def test_pronouns_come_from_the_language_tables():
    ru = snippet_pronouns()["ru"]
    assert pronoun_spans("Я видел её вчера.", ru[0], "ru") == [Span(8, 10, "её")]
    assert pronoun_spans("Та открыла дверь.", ru[2], "ru") == [Span(0, 2, "Та")]  # the demonstrative tier
    # a Portuguese enclitic is found after its hyphen, and its span leaves the hyphen out
    text = "Ele quis encontrá-lo logo."
    assert pronouns_in(text, 0, len(text), snippet_pronouns()["pt"][1], "pt") == [Span(18, 20, "lo")]
    assert pronouns_in(text, 0, len(text), snippet_pronouns()["pt"][0], "pt") == [Span(0, 3, "Ele")]


def test_chinese_and_japanese_forms_are_found_inside_runs_but_not_inside_other_words():
    zh = question_pronouns()["zh"][0]
    assert [s.text for s in pronoun_spans("其他人看见他们和他", zh, "zh")] == ["他们", "他"]
    assert pronoun_spans("他们 看见 其他 人", zh, "zh") == [Span(0, 2, "他们")]  # segmented: whole tokens
    ja = question_pronouns()["ja"]
    assert [s.text for s in pronoun_spans("彼女は彼に会った", ja[0], "ja")] == ["彼女", "彼"]
    assert pronoun_spans("それぞれそれを見た", ja[1], "ja") == [Span(4, 6, "それ")]
