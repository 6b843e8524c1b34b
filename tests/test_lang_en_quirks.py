"""Issue #13 (English): quirks of the blank form's options and of the WNLI-style NLI hypotheses.

Every sentence here is written for these tests; none is taken from a corpus.
"""
from __future__ import annotations


import pytest
from test_lang_en import make

from wino_toolkit.errors import FormError
from wino_toolkit.forms import blank
from wino_toolkit.lang import get_language
from wino_toolkit.schema import Candidate, Item, Span

EN = get_language("en")


def options(item: Item) -> list[str]:
    return [c.text for c in next(iter(blank([item]))).candidates]


# -- blank form: capitals that only mark a sentence start ---------------------------------------------
@pytest.mark.parametrize(
    "text, pronoun, cands, expected",
    [
        pytest.param("The Home Owners Association fined the tenant because they had broken the rules.", "they",
                     ("The Home Owners Association", "the tenant"), ["the Home Owners Association", "the tenant"],
                     id="sentence-initial-the-before-a-name"),
        pytest.param("Sentient machines will outlast their makers because they never tire.", "they",
                     ("Sentient machines", "their makers"), ["sentient machines", "their makers"],
                     id="sentence-initial-common-noun-phrase"),
        pytest.param("Penguins avoid seals because they are hunted by them.", "they", ("Penguins", "seals"),
                     ["penguins", "seals"], id="sentence-initial-bare-plural"),
        pytest.param("The CIA watched the smuggler because it suspected him.", "it", ("The CIA", "the smuggler"),
                     ["the CIA", "the smuggler"], id="acronym-keeps-capitals"),
        pytest.param("Mr. Dombey scolded the clerk because he was late.", "he", ("Mr. Dombey", "the clerk"),
                     ["Mr. Dombey", "the clerk"], id="title-keeps-capital"),
        pytest.param("Gates earns more than Jobs, so he is happier.", "he", ("Gates", "Jobs"), ["Gates", "Jobs"],
                     id="plural-looking-name-for-singular-pronoun-keeps-capital"),
        pytest.param("Harbour Lights Trust bought the pier because it wanted a landmark.", "it",
                     ("Harbour Lights Trust", "the pier"), ["Harbour Lights Trust", "the pier"],
                     id="name-of-capitalised-words-keeps-capitals"),
    ],
)
def test_blank_options_lower_a_sentence_start_capital_but_not_a_name(text, pronoun, cands, expected):
    assert options(make(text, pronoun, *cands)) == expected


@pytest.mark.parametrize(
    "text, pronoun, cands, expected",
    [
        pytest.param("Henry waited while his father spoke, and the day stood out for him.", "him", ("Henry", "father"),
                     ["Henry", "his father"], id="possessive-determiner-of-the-mention"),
        pytest.param("The bus driver yelled at a kid after she braked.", "she", ("The bus driver", "kid"),
                     ["the bus driver", "a kid"], id="indefinite-article-of-the-mention"),
        pytest.param("The dandy sat with a poodle asleep at his feet.", "his", ("dandy", "poodle"),
                     ["the dandy", "a poodle"], id="sentence-initial-the-of-the-mention-lowered"),
        pytest.param("Lions eat zebras because they are predators.", "they", ("Lions", "zebras"), ["lions", "zebras"],
                     id="bare-plurals-stay-bare"),
    ],
)
def test_blank_option_takes_the_determiner_the_text_gives_its_mention(text, pronoun, cands, expected):
    """A candidate given without its determiner ("father" of "his father") fills the blank with it, as the text
    reads: never "for _" → "for father"."""
    assert options(make(text, pronoun, *cands)) == expected


def test_winogrande_fill_lowers_an_option_that_starts_a_sentence_in_the_text():
    item = make("The Home Owners Association sued the builder. The builder ignored _ for a year.", "_",
                "The Home Owners Association", "the builder")
    assert EN.substitute(item, 0).endswith("The builder ignored the Home Owners Association for a year.")


def test_disambiguated_lowers_a_sentence_start_determiner_before_a_name():
    item = make("The Home Owners Association fined the tenant because they had broken the rules.", "they",
                "The Home Owners Association", "the tenant")
    assert EN.substitute(item, 0).endswith("because the Home Owners Association had broken the rules.")


@pytest.mark.parametrize(
    "text, pronoun, cands, expected",
    [
        pytest.param("The United States traded with the islanders because they need fish.", "they",
                     ("The United States", "the islanders"),
                     "The United States traded with the islanders because the United States needs fish.",
                     id="plural-looking-name-agrees-singular"),
        pytest.param("Kim sold the Netherlands some tulips because they want more.", "they",
                     ("the Netherlands", "Kim"), "Kim sold the Netherlands some tulips because the Netherlands wants more.",
                     id="country-name-in-s-singular"),
        pytest.param("The islanders traded with the Americans because they need fish.", "they",
                     ("the Americans", "The islanders"),
                     "The islanders traded with the Americans because the Americans need fish.",
                     id="real-plural-name-stays-plural"),
    ],
)
def test_plural_looking_names_agree_with_their_verb(text, pronoun, cands, expected):
    assert EN.substitute(make(text, pronoun, *cands), 0) == expected


# -- NLI hypotheses: WNLI conventions on longer passages ---------------------------------------------
HYPOTHESES = [
    pytest.param(("Tom left the party early when he felt sick.", "he", ("Tom", "the host")), 0,
                 "Tom left the party early when Tom felt sick.", id="temporal-when-clause-keeps-its-main-clause"),
    pytest.param(("Anna locked the door once she had counted the money.", "she", ("Anna", "Lucy")), 0,
                 "Anna locked the door once Anna had counted the money.", id="temporal-once-clause-keeps-its-main-clause"),
    pytest.param(("The guard opened the gate as soon as he saw the badge.", "he", ("The guard", "the visitor")), 0,
                 "The guard opened the gate as soon as the guard saw the badge.",
                 id="temporal-as-soon-as-clause-keeps-its-main-clause"),
    pytest.param(("Pat waved at Kim, but walked off when she saw the bus.", "she", ("Pat", "Kim")), 1,
                 "Kim saw the bus.", id="temporal-clause-of-subjectless-conjunct-stands-alone"),
    pytest.param(("Sam was proud, but the manager wanted nobody but him to open the shop.", "him",
                  ("the manager", "Sam")), 1,
                 "The manager wanted nobody but Sam to open the shop.", id="infinitive-complement-after-exceptive-but"),
    pytest.param(("The parents stayed together because they loved the farm, for the children's sake.", "they",
                  ("The parents", "the children")), 0,
                 "The parents loved the farm, for the children's sake.", id="trailing-adjunct-after-comma-stays"),
    pytest.param(("Lucy met Tom at the station and gave him, without a word, the letter.", "him", ("Lucy", "Tom")), 1,
                 "Lucy met Tom at the station and gave Tom, without a word, the letter.",
                 id="parenthetical-adjunct-is-no-boundary"),
    pytest.param(("Lucy met Tom at the gate, and she was smiling.", "she", ("Lucy", "Tom")), 0,
                 "Lucy was smiling.", id="comma-and-new-clause-still-cut"),
    pytest.param(("Ed waved at his friend, and grabbing a rope, he pulled the boat in.", "his", ("Ed", "the boat")), 0,
                 "Ed waved at Ed's friend.", id="comma-and-participial-opening-of-next-clause-cut"),
    pytest.param(("Muttering about the weather to herself, Mary passed Jane in the hall.", "herself", ("Mary", "Jane")),
                 0, "Mary muttered about the weather to Mary.", id="participial-opening-made-finite"),
    pytest.param(("And stopping at her gate, the postman smiled at Jane.", "her", ("the postman", "Jane")), 1,
                 "The postman stopped at Jane's gate.", id="participial-opening-after-and-made-finite"),
    pytest.param(("Knowing the way, Anna told Lucy that she would drive.", "she", ("Anna", "Lucy")), 0,
                 "Knowing the way, Anna told Lucy that Anna would drive.",
                 id="reported-clause-keeps-the-whole-sentence"),
    pytest.param(('Tom told Jim, "I will lend him the ladder."', "him", ("Tom", "Jim")), 1,
                 'Tom told Jim, "I will lend Jim the ladder."', id="quoted-speech-keeps-its-frame"),
    pytest.param(('"I will lend him the ladder," Tom told Jim.', "him", ("Tom", "Jim")), 1,
                 '"I will lend Jim the ladder," Tom told Jim.', id="quoted-speech-keeps-its-frame-after-the-quote"),
    pytest.param(("Tom forgot his coat at Jim's house, so Jim brought it back.", "his", ("Tom", "Jim")), 0,
                 "Tom forgot Tom's coat at Jim's house.", id="possessive-pronoun-becomes-possessive-noun-phrase"),
    pytest.param(("Any cousin of Anna's was welcome, and Lucy liked him because he was kind.", "he",
                  ("Any cousin of Anna's", "Lucy")), 0,
                 "Any cousin of Anna's was kind.", id="quantified-noun-phrase-keeps-determiner-and-case"),
    pytest.param(("Bea, who had told the clerk that she was rich, said nothing. Still, anyone who heard that she was "
                  "broke could take the house from her.", "her", ("Bea", "the clerk", "anyone")), 0,
                 "Anyone who heard that she was broke could take the house from Bea.",
                 id="closed-that-clause-inside-subject-relative"),
]


@pytest.mark.parametrize("case, k, expected", HYPOTHESES)
def test_hypothesis_follows_wnli_conventions(case, k, expected):
    text, pronoun, cands = case
    assert EN.hypothesis(make(text, pronoun, *cands), k) == expected


def test_pronoun_comma_is_kept_in_every_form():
    """DPR-style spans may take the comma along ("him,"): it stays after the candidate and the blank."""
    text = "Lucy met Tom at the station and gave him, without a word, the letter."
    at = text.index("him,")
    tom = text.index("Tom")
    cands = [Candidate("Lucy", Span(0, 4, "Lucy")), Candidate("Tom", Span(tom, tom + 3, "Tom"))]
    item = Item("t", "test", "en", text, cands, 1, Span(at, at + 4, "him,")).check()
    assert EN.substitute(item, 1) == "Lucy met Tom at the station and gave Tom, without a word, the letter."
    assert EN.hypothesis(item, 1) == "Lucy met Tom at the station and gave Tom, without a word, the letter."
    assert EN.blank(item)[0] == "Lucy met Tom at the station and gave _, without a word, the letter."


def test_as_if_clause_is_refused_with_a_reason():
    item = make("Tom looked at Jim as if he had stolen the bread.", "he", "Tom", "Jim")
    with pytest.raises(FormError, match="as if"):
        EN.hypothesis(item, 1)
    assert EN.substitute(item, 1) == "Tom looked at Jim as if Jim had stolen the bread."  # only the NLI form refuses


def test_as_though_clause_is_refused_too():
    with pytest.raises(FormError, match="supposes"):
        EN.hypothesis(make("Kim held the cup as though it were glass.", "it", "Kim", "the cup"), 1)


@pytest.mark.parametrize("participle, past", [("muttering", "muttered"), ("knowing", "knew"), ("stopping", "stopped"),
                                              ("hoping", "hoped"), ("carrying", "carried"), ("patting", "patted")])
def test_opening_participle_past_tense(participle, past):
    from wino_toolkit.lang.en.bounds import past_tense
    from wino_toolkit.lang.en.lexicon import lexicon

    assert past_tense(participle, lexicon()) == past


def test_quantified_candidate_keeps_determiner_and_case_mid_sentence():
    item = make("Any cousin of Anna's was welcome, and Lucy liked him because he was kind.", "him",
                "Any cousin of Anna's", "Lucy")
    assert EN.substitute(item, 0) == ("Any cousin of Anna's was welcome, and Lucy liked any cousin of Anna's "
                                      "because he was kind.")


@pytest.mark.parametrize(
    "text, pronoun, cands, k, expected",
    [
        pytest.param("Remember the day you put salt in the cake because you thought it was sugar?", "it",
                     ("salt", "the cake"), 0, "You thought the salt was sugar.", id="clause-cut-from-a-question-is-a-statement"),
        pytest.param("Was the box too heavy for the shelf because it was full?", "it", ("the box", "the shelf"), 0,
                     "The box was full.", id="because-clause-of-a-question-is-a-statement"),
        pytest.param("A loose lid will spill the soup, and even one crack will leave it cold.", "it", ("the soup", "one crack"),
                     0, "Even one crack will leave the soup cold.", id="focus-adverb-before-the-new-subject-after-and"),
        pytest.param("Look at the duck below the hawk! It had better fly away fast!", "It", ("the duck", "the hawk"), 0,
                     "The duck had better fly away fast!", id="exclamation-keeps-its-mark"),
    ],
)
def test_nli_hypothesis_sentence_type(text, pronoun, cands, k, expected):
    assert EN.hypothesis(make(text, pronoun, *cands), k) == expected
