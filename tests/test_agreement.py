"""Agreement metrics for derived forms against hand-made references."""
from __future__ import annotations

import pytest

from wino_toolkit.forms.agreement import compare, token_f1, wnli_agreement
from wino_toolkit.schema import Candidate, Item, NLIPair, Span


def test_token_f1():
    assert token_f1("The trophy was big.", "The trophy was big.") == 1.0
    assert token_f1("", "anything") == 0.0
    assert token_f1("the suitcase was small .", "The suitcase was too small.") == pytest.approx(2 * 5 / 5 * 5 / 6 / (1 + 5 / 6))


def test_compare_counts_exact_after_whitespace_folding():
    result = compare([("a", "x  y", "x y"), ("b", "x y", "x z")])
    assert (result.compared, result.exact, result.exact_share) == (2, 1, 0.5)
    assert result.mismatches == [("b", "x y", "x z")] and 0.5 < result.mean_f1 < 1


def test_wnli_agreement_matches_premise_and_candidate():
    text = "The cup hit the vase; it fell."
    item = Item(id="i", corpus="c", language="en", text=text, candidates=[Candidate("The cup", Span(0, 7, "The cup")), Candidate("the vase", Span(14, 22, "the vase"))],
                answer=0, pronoun=Span(22, 24, "it"))
    pairs = [
        NLIPair("0", "wnli", "en", text.upper(), "The vase fell.", False),  # case-folded premise still matches
        NLIPair("1", "wnli", "en", text, "The cup fell down.", True),
        NLIPair("2", "wnli", "en", "Another premise.", "x", True),
    ]
    result = wnli_agreement([item], pairs)
    assert (result.compared, result.unmatched) == (2, 1)
    assert result.exact == 1 and result.mismatches == [("i/1", "The cup fell.", "The cup fell down.")]


def test_wnli_agreement_does_not_guess_for_a_language_without_rules():
    """As in the forms, no verbatim hypothesis stands in for missing rules: the pair counts as not derived."""
    text = "A macska elkapta az egeret, mert ő éhes volt."
    item = Item(id="r", corpus="c", language="hu", text=text, candidates=[Candidate("A macska", Span(0, 8, "A macska")), Candidate("az egeret", Span(17, 26, "az egeret"))],
                answer=0, pronoun=Span(33, 34, "ő"))
    result = wnli_agreement([item], [NLIPair("0", "wnli", "hu", text, "A macska éhes volt.", True)])
    assert result.compared == 1 and result.exact == 0
    assert result.mismatches[0][1] == "<not derived: no rules for language hu>"


def test_wilson_interval_of_the_exact_share():
    """22 of 24 and 38 of 46 (the WNLI halves' sizes): intervals some twenty points wide that overlap, so a gap of
    nine points between them is within what chance gives; known values of the Wilson interval."""
    small = compare([(str(n), "a", "a" if n < 22 else "b") for n in range(24)])
    large = compare([(str(n), "a", "a" if n < 38 else "b") for n in range(46)])
    lo, hi = small.interval()
    assert (round(lo, 3), round(hi, 3)) == (0.742, 0.977)
    assert large.interval()[0] < small.exact_share and small.interval()[0] < large.exact_share
    assert compare([]).interval() == (0.0, 1.0)
    assert compare([("a", "x", "x")] * 10).interval()[1] == 1.0
