"""A ``_`` that joins the words of a Latin-script name is not a blank (issue #31: PWS's Chinese column writes
"Sam_Goodman" and "Dr._Stewart", and those items were refused as holding a stray blank)."""
from __future__ import annotations

import pytest

from wino_toolkit.errors import FormError
from wino_toolkit.forms import FormReport, blank, disambiguated, nli
from wino_toolkit.forms.guards import blanks_in, check_blanks
from wino_toolkit.schema import Candidate, Item, Span


def item(text: str, pronoun: str, candidates: list[str], language: str = "zh") -> Item:
    at = text.index(pronoun)
    return Item("x", "invented", language, text,
                [Candidate(c, Span(text.index(c), text.index(c) + len(c), c)) for c in candidates],
                answer=0, pronoun=Span(at, at + len(pronoun), pronoun))


@pytest.mark.parametrize("text, blanks", [
    ("Sam_Goodman 说色诺芬的书很好。", []),
    ("Dr._Stewart 给 Tom 看病。", []),
    ("Émile_Zola est né à Paris.", []),
    ("The trophy doesn't fit because _ is too big.", [31]),
    ("_ was too big.", [0]),
    ("奖杯放不进箱子，因为_太大了。", [10]),
    ("因为_A太大了。", [2]),  # a Chinese character before it: a blank, whatever follows
    ("The _. It was", [4]),
    ("x_y and _", [8]),
])
def test_a_blank_is_any_underscore_but_one_inside_a_latin_name(text, blanks):
    assert blanks_in(text) == blanks


def test_an_item_with_an_underscore_name_is_derived_and_the_blank_form_says_why_it_cannot_be():
    it = item("Sam_Goodman 很喜欢色诺芬的书，因为他写得很好。", "他", ["Sam_Goodman", "色诺芬"])
    check_blanks(it)  # no stray blank
    report = FormReport()
    texts = [d.text for d in disambiguated([it], report)]
    assert texts == ["Sam_Goodman 很喜欢色诺芬的书，因为Sam_Goodman写得很好。", "Sam_Goodman 很喜欢色诺芬的书，因为色诺芬写得很好。"]
    assert [p.hypothesis for p in nli([it], report)] and not report.skipped
    list(blank([it], report))
    assert "a name joined with '_' would read as another blank" in report.skipped[0].reason


def test_a_stray_blank_is_still_refused():
    with pytest.raises(FormError, match="not its referring expression"):
        check_blanks(item("他把_放在桌上，因为他累了。", "他累", ["他", "桌"]))


def test_a_mention_inside_another_candidates_words_is_not_its_own():
    """PWS marks "drawing" of "Sam's drawing" for the candidate "Tina's drawing": the possessor before it is Sam's,
    so both candidates once gave "Sam's drawing" (a silent error the lm-eval export then choked on)."""
    text = "Sam's drawing was hung just above Tina's and it did look much better with another one below it."
    it = Item("x", "invented", "en", text, [Candidate("Sam's drawing", Span(0, 13, "Sam's drawing")),
                                            Candidate("Tina's drawing", Span(6, 13, "drawing"))],
              answer=0, pronoun=Span(45, 47, "it"))
    report = FormReport()
    assert [d.text.split(" and ")[1] for d in disambiguated([it], report)] == [
        "Sam's drawing did look much better with another one below it.",
        "Tina's drawing did look much better with another one below it."]
    assert [c.text for c in next(iter(blank([it], report))).candidates] == ["Sam's drawing", "Tina's drawing"]


def test_two_candidates_that_give_the_same_sentence_are_refused():
    from wino_toolkit.forms.guards import distinct

    distinct(["Ann was tired.", "Bea was tired."])
    with pytest.raises(FormError, match="two candidates give the same sentence"):
        distinct(["Ann was tired.", "Ann was tired."])
