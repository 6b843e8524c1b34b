"""The minimal-edit guard on invented sentences: a derived sentence may change the referring expression,
the words a language names as agreeing with it, and an NLI hypothesis's edges; nothing else."""
from __future__ import annotations

import pytest

from wino_toolkit.errors import FormError
from wino_toolkit.forms.minimal import check_minimal_edit
from wino_toolkit.lang.base import Language
from wino_toolkit.schema import Candidate, Item, Span


class Strict(Language):
    """Verbatim rules where only the referring expression's own words may change."""

    code = "en"
    REFERENCE_REACH = 0


class Agreeing(Strict):
    """... and that know one agreement: "were" may become "was"."""

    def may_agree(self, old: str, new: str) -> bool:
        return super().may_agree(old, new) or (old, new) == ("were", "was")


def item(text: str, pronoun: str, *candidates: str) -> Item:
    start = text.index(f" {pronoun} ") + 1
    cands = [Candidate(c, Span(text.index(c), text.index(c) + len(c), c)) for c in candidates]
    return Item("x", "demo", "en", text, cands, pronoun=Span(start, start + len(pronoun), pronoun))


SOURCE = item("The keys were under the mat because they were hidden there by the owners.", "they", "The keys", "the mat")


def test_the_referring_expression_may_change_and_the_candidate_may_repeat_words_of_the_sentence():
    check_minimal_edit(Agreeing(), SOURCE, "The keys were under the mat because the keys were hidden there by the owners.")
    check_minimal_edit(Agreeing(), SOURCE, "The keys were under the mat because the mat was hidden there by the owners.")


@pytest.mark.parametrize("derived, changed", [
    ("The keys were under the mat because the mat was hidden here by the owners.", "there"),  # a far word
    ("The keys were under a mat because the mat was hidden there by the owners.", "a mat"),  # before it
    ("The keys were under the mat because the mat was hidden there by owners.", "the"),  # a word dropped
    ("The keys were under the mat because the mat is hidden there by the owners.", "were"),  # no agreement it knows
])
def test_any_other_change_skips_with_the_words_that_changed(derived, changed):
    with pytest.raises(FormError, match=f"changed words other than the referring expression.*'{changed}"):
        check_minimal_edit(Agreeing(), SOURCE, derived)


def test_without_agreement_only_the_expression_changes():
    with pytest.raises(FormError, match="'were'"):
        check_minimal_edit(Strict(), SOURCE, "The keys were under the mat because the mat was hidden there by the owners.")


def test_a_hypothesis_may_drop_its_conjunction_and_close_with_a_full_stop_but_not_cut_into_its_clause():
    lang = Agreeing()
    span = SOURCE.pronoun
    bounds = (SOURCE.text.index("because"), len(SOURCE.text))
    check_minimal_edit(lang, SOURCE, "The mat was hidden there by the owners.", bounds=bounds)
    with pytest.raises(FormError, match="'owners'"):
        check_minimal_edit(lang, SOURCE, "The mat was hidden there by the.", bounds=bounds)
    with pytest.raises(FormError, match="hidden' became 'The mat was seen'"):
        check_minimal_edit(lang, SOURCE, "The mat was seen there by the owners.", bounds=bounds)
    assert span == SOURCE.pronoun


def test_a_language_widens_the_region_its_rules_rewrite():
    """A possessive whose possessor moves after the noun phrase ("its handle" → "the handle of the mug")."""
    source = item("Ann dropped the mug and its old handle broke.", "its", "the mug", "Ann")
    derived = "Ann dropped the mug and the old handle of the mug broke."
    with pytest.raises(FormError):
        check_minimal_edit(Agreeing(), source, derived)

    class Possessive(Agreeing):
        def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
            return span.start, item.text.index(" broke")

    check_minimal_edit(Possessive(), source, derived)
