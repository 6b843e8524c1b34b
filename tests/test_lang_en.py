"""English derived forms: hand-written tricky cases, then agreement and coverage on the real corpora.

The slow tests compare NLI hypotheses with the hand-written GLUE WNLI dev hypotheses and measure, per
English corpus, the share of items each form could be derived for. Their thresholds are the figures
measured when the module was written, rounded down.
"""
from __future__ import annotations

import collections
import re
import time

import pytest

import wino_toolkit as wt
from wino_toolkit.errors import FormError
from wino_toolkit.forms.agreement import token_f1, wnli_agreement
from wino_toolkit.lang import get_language
from wino_toolkit.lang.en import English
from wino_toolkit.lang.en.dependencies import dependency_clause
from wino_toolkit.schema import Candidate, Item, Span

from conftest import shared_file

EN = get_language("en")


def make(text: str, pronoun: str, *candidates: str, nth: int = 0) -> Item:
    """An item whose pronoun is the ``nth`` whole-word ``pronoun`` and whose candidates are found in the text."""
    starts = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(pronoun)}(?!\w)", text)]
    at = starts[nth]
    cands = []
    for cand in candidates:
        i = text.find(cand)
        if i < 0:
            i = text.lower().find(cand.lower())
        cands.append(Candidate(cand, None if i < 0 else Span(i, i + len(cand), text[i : i + len(cand)])))
    return Item("t", "test", "en", text, cands, 0, Span(at, at + len(pronoun), pronoun)).check()


def blank_item(text: str, *options: str) -> Item:
    """A WinoGrande-style item: the pronoun is the "_" and the options are written for it."""
    return make(text, "_", *options)


# -- registration ----------------------------------------------------------------------------------
def test_english_is_registered_under_its_code_and_regional_tags():
    assert isinstance(get_language("en"), English)
    assert isinstance(get_language("en-GB"), English)


# -- substitution (disambiguated form) -------------------------------------------------------------
SUBSTITUTIONS = [
    pytest.param(
        make("The city councilmen refused the demonstrators a permit because they feared violence.", "they",
             "The city councilmen", "the demonstrators"),
        1, "The city councilmen refused the demonstrators a permit because the demonstrators feared violence.",
        id="subject-determiner-lowered",
    ),
    pytest.param(
        make("Jim signaled the barman and gestured toward his empty glass.", "his", "Jim", "the barman"),
        0, "Jim signaled the barman and gestured toward Jim's empty glass.", id="possessive-his-name",
    ),
    pytest.param(
        make("The councilmen denied the demonstrators a permit and ignored their letters.", "their",
             "The councilmen", "the demonstrators"),
        1, "The councilmen denied the demonstrators a permit and ignored the demonstrators' letters.",
        id="possessive-their-plural-apostrophe-only",
    ),
    pytest.param(
        make("Madonna fired her trainer because she slept with her boyfriend.", "her", "Madonna", "trainer", nth=1),
        1, "Madonna fired her trainer because she slept with her trainer's boyfriend.",
        id="possessive-her-before-noun",
    ),
    pytest.param(
        make("Alice looked for Jade in the crowd and spotted her quickly.", "her", "Alice", "Jade"),
        1, "Alice looked for Jade in the crowd and spotted Jade quickly.", id="object-her-before-adverb",
    ),
    pytest.param(
        make("Jane gave Joan candy because Joan had asked her nicely.", "her", "Jane", "Joan"),
        0, "Jane gave Joan candy because Joan had asked Jane nicely.", id="object-her",
    ),
    pytest.param(
        make("Tom told Ralph a story about himself.", "himself", "Tom", "Ralph"),
        1, "Tom told Ralph a story about Ralph.", id="reflexive-plain-candidate",
    ),
    pytest.param(
        make("The foxes attacked the chickens, so I had to guard them.", "them", "The foxes", "the chickens"),
        0, "The foxes attacked the chickens, so I had to guard the foxes.", id="object-them",
    ),
    pytest.param(
        make("The trophy doesn't fit into the brown suitcase. It is too large.", "It",
             "The trophy", "the brown suitcase"),
        1, "The trophy doesn't fit into the brown suitcase. The brown suitcase is too large.",
        id="sentence-start-capitalised",
    ),
    pytest.param(
        make("The rope held the bag because they were strong.", "they", "The rope", "the bag"),
        0, "The rope held the bag because the rope was strong.", id="they-were-singular",
    ),
    pytest.param(
        make("The band thanked the fans because they are loyal.", "they", "The band", "the fans"),
        0, "The band thanked the fans because the band is loyal.", id="they-are-singular",
    ),
    pytest.param(
        make("The mayor praised the club because they have a new park.", "they", "The mayor", "the club"),
        1, "The mayor praised the club because the club has a new park.", id="they-have-singular",
    ),
    pytest.param(
        make("The city fined the factory because they don't recycle.", "they", "The city", "the factory"),
        1, "The city fined the factory because the factory doesn't recycle.", id="they-dont-singular",
    ),
    pytest.param(
        make("The council refused the demonstrators a permit because they fear violence.", "they",
             "The council", "the demonstrators"),
        0, "The council refused the demonstrators a permit because the council fears violence.",
        id="they-fear-regular-verb",
    ),
    pytest.param(
        make("The trophies don't fit into the suitcase because it is too small.", "it", "The trophies", "the suitcase"),
        0, "The trophies don't fit into the suitcase because the trophies are too small.", id="it-is-plural",
    ),
    pytest.param(
        make("The suitcases were left in the hall because it was full.", "it", "The suitcases", "the hall"),
        0, "The suitcases were left in the hall because the suitcases were full.", id="it-was-plural",
    ),
    pytest.param(
        make("The boxes stay on the truck because it fits there.", "it", "The boxes", "the truck"),
        0, "The boxes stay on the truck because the boxes fit there.", id="it-fits-plural",
    ),
    pytest.param(
        make("The band thanked the fans because they're loyal.", "they", "The band", "the fans"),
        0, "The band thanked the fans because the band is loyal.", id="contraction-spelled-out",
    ),
    pytest.param(
        make("The sheep followed the dog because they were hungry.", "they", "The sheep", "the dog"),
        0, "The sheep followed the dog because the sheep were hungry.", id="zero-plural-keeps-verb",
    ),
    pytest.param(
        make("Sam and Amy annoyed the neighbour because they were loud.", "they", "Sam and Amy", "the neighbour"),
        0, "Sam and Amy annoyed the neighbour because Sam and Amy were loud.", id="coordination-plural",
    ),
    pytest.param(
        make("Gold, Lee and Partners hired Sam because they needed a lawyer.", "they", "Gold, Lee and Partners", "Sam"),
        0, "Gold, Lee and Partners hired Sam because Gold, Lee and Partners needed a lawyer.",
        id="candidate-with-comma",
    ),
    pytest.param(
        make("The Beatles met the producer because they wanted a new sound.", "they", "The Beatles", "the producer"),
        0, "The Beatles met the producer because the Beatles wanted a new sound.",
        id="name-sentence-initial-the-lowered",
    ),
    pytest.param(
        make("The producer met The Beatles because they wanted a new sound.", "they", "The producer", "The Beatles"),
        1, "The producer met The Beatles because The Beatles wanted a new sound.", id="name-keeps-capital-the",
    ),
    pytest.param(
        make("There is a pillar between me and the stage, and I can't see around it.", "it", "a pillar", "the stage"),
        0, "There is a pillar between me and the stage, and I can't see around the pillar.",
        id="indefinite-becomes-definite",
    ),
    pytest.param(
        make("The drain is clogged with hair. It has to be cleaned.", "It", "The drain", "hair"),
        1, "The drain is clogged with hair. The hair has to be cleaned.", id="bare-noun-gets-article",
    ),
    pytest.param(
        make("Jane knocked on Susan's door but she did not answer.", "she", "Jane", "Susan's"),
        1, "Jane knocked on Susan's door but Susan did not answer.", id="possessive-candidate-names-owner",
    ),
    pytest.param(
        make("Sam's drawing was hung just above Tina's and it looked better.", "it", "Sam's drawing", "Tina's"),
        1, "Sam's drawing was hung just above Tina's and Tina's drawing looked better.",
        id="elliptical-possessive-borrows-noun",
    ),
    pytest.param(
        make("Joe's uncle can still beat him at tennis, even though he is older.", "he", "him", "Joe's uncle"),
        0, "Joe's uncle can still beat him at tennis, even though he is older.", id="pronoun-candidate-takes-case",
    ),
    pytest.param(
        make('The user picked "Tiger" over "Lion" as it was easy to remember.', "it", "Tiger", "Lion"),
        1, 'The user picked "Tiger" over "Lion" as "Lion" was easy to remember.', id="quoted-candidate-verbatim",
    ),
    pytest.param(
        make("Lions eat zebras because they are predators.", "they", "Lions", "zebras"),
        0, "Lions eat zebras because the lions are predators.", id="sentence-initial-common-plural-lowered",
    ),
]


@pytest.mark.parametrize("item, k, expected", SUBSTITUTIONS)
def test_substitute(item, k, expected):
    """The candidate reads where the pronoun was: case, possessive, capitals and agreement fixed."""
    assert EN.substitute(item, k) == expected


# -- WinoGrande blanks -----------------------------------------------------------------------------
def test_winogrande_blank_takes_the_option_as_written():
    """The sentence is written for the option: no agreement, no article added."""
    item = blank_item("Sarah was a better surgeon than Maria so _ always got the easier cases.", "Sarah", "Maria")
    assert EN.substitute(item, 1) == "Sarah was a better surgeon than Maria so Maria always got the easier cases."
    assert EN.hypothesis(item, 0) == "Sarah always got the easier cases."


def test_winogrande_blank_capitalises_at_sentence_start_and_lowers_mid_sentence():
    item = blank_item("The cup broke the vase. _ was fragile, unlike the cup.", "The cup", "the vase")
    assert EN.substitute(item, 1).endswith(". The vase was fragile, unlike the cup.")
    item = blank_item("Kim dropped the cup because _ was slippery.", "The cup", "Kim")
    assert EN.substitute(item, 0) == "Kim dropped the cup because the cup was slippery."


def test_winogrande_blank_after_double_space_starts_a_sentence():
    """WinoGrande separates sentences by two spaces: the blank still starts its own sentence."""
    item = blank_item("Neil told Larry that he won.  _ was excited.", "Neil", "Larry")
    assert EN.hypothesis(item, 1) == "Larry was excited."


def test_blank_of_winogrande_item_is_the_item_itself():
    item = blank_item("Sarah beat Maria because _ trained more.", "Sarah", "Maria")
    assert EN.blank(item) == (item.text, item.pronoun)


# -- the NLI premise of a WinoGrande item: a real pronoun in place of the blank ----------------------
PREMISES = [
    pytest.param(blank_item("Carla thanked Joan because _ had helped her move.", "Carla", "Joan"),
                 "Carla thanked Joan because she had helped her move.", id="two-women-she"),
    pytest.param(blank_item("Dennis called Brian after _ got home.", "Dennis", "Brian"),
                 "Dennis called Brian after he got home.", id="two-men-he"),
    pytest.param(blank_item("The lamp did not fit on the shelf because _ was too wide.", "The lamp", "the shelf"),
                 "The lamp did not fit on the shelf because it was too wide.", id="two-things-it"),
    pytest.param(blank_item("The boys beat the girls at chess because _ had practised.", "The boys", "the girls"),
                 "The boys beat the girls at chess because they had practised.", id="two-plurals-they"),
    pytest.param(blank_item("Nancy lent the saw to Helen so that Tom could help _ with the fence.", "Nancy", "Helen"),
                 "Nancy lent the saw to Helen so that Tom could help her with the fence.", id="object-after-verb"),
    pytest.param(blank_item("The uncle praised the father, since _'s garden was tidy.", "The uncle", "the father"),
                 "The uncle praised the father, since his garden was tidy.", id="possessive-takes-its-ending"),
    pytest.param(blank_item("Kim's kite flew higher than Lu's. _ was lighter.", "Kim's kite", "Lu's kite"),
                 "Kim's kite flew higher than Lu's. It was lighter.", id="sentence-start-capital"),
    pytest.param(blank_item("The stool is taller than the bench, so the _ is harder to climb.", "stool", "bench"),
                 "The stool is taller than the bench, so it is harder to climb.", id="determiner-goes-with-the-blank"),
    pytest.param(blank_item("The pines stayed green but the oaks did not, because the _ lose their leaves.", "pines", "oaks"),
                 "The pines stayed green but the oaks did not, because they lose their leaves.", id="clause-opener-before-the-determiner"),
    pytest.param(blank_item("Ruth kept it from Wendy. Eventually _ told the others.", "Ruth", "Wendy"),
                 "Ruth kept it from Wendy. Eventually she told the others.", id="adverb-then-verb-is-a-subject"),
    pytest.param(make("The fish ate the worm because it was hungry.", "it", "The fish", "the worm"),
                 "The fish ate the worm because it was hungry.", id="pronoun-item-premise-is-its-text"),
]


@pytest.mark.parametrize("item, expected", PREMISES)
def test_winogrande_premise_gets_the_pronoun_both_options_take(item, expected):
    """GLUE WNLI premises hold a real pronoun: the blank gets the one that fits both options."""
    assert EN.premise(item) == expected


UNPRONOUNCEABLE = [
    pytest.param(blank_item("Emma lent Robert a pen because _ had two.", "Emma", "Robert"), "different pronouns", id="woman-and-man"),
    pytest.param(blank_item("The cups fell off the tray because _ was tilted.", "The cups", "the tray"), "different pronouns", id="plural-and-singular"),
    pytest.param(blank_item("Jordan beat Casey because _ trained more.", "Jordan", "Casey"), "no pronoun is known", id="unisex-names"),
    pytest.param(blank_item("The doctor called the nurse because _ was late.", "The doctor", "the nurse"), "no pronoun is known", id="person-of-unstated-sex"),
    pytest.param(blank_item("The judge thanked the driver because _ was polite.", "The judge", "the driver"), "no pronoun is known", id="agent-noun"),
    pytest.param(blank_item("Ann preferred the _ coffee to the iced one.", "hot", "cold"), "modifies the next word", id="blank-modifier"),
    pytest.param(blank_item("The shirt was _ because it was dyed.", "red", "blue"), "predicate", id="blank-predicate"),
    pytest.param(blank_item("Amy likes Jane because _'s always kind.", "Amy", "Jane"), "is", id="contracted-is"),
]


@pytest.mark.parametrize("item, reason", UNPRONOUNCEABLE)
def test_winogrande_premise_without_a_sound_pronoun_is_reported(item, reason):
    """A pronoun that would give the answer away, or that the tables cannot choose, is never guessed."""
    with pytest.raises(FormError, match=reason):
        EN.premise(item)


# -- blank() of pronoun items ----------------------------------------------------------------------
def test_blank_replaces_a_pronoun_by_underscore():
    item = make("The trophy doesn't fit into the suitcase because it is too small.", "it", "The trophy", "the suitcase")
    text, span = EN.blank(item)
    assert text == "The trophy doesn't fit into the suitcase because _ is too small."
    assert text[span.start : span.end] == "_" == span.text


def test_blank_keeps_the_possessive_ending():
    """WinoGrande options are noun phrases, so "his" becomes "_'s" and the options stay names."""
    item = make("Bill passed the gameboy to John because his turn was over.", "his", "Bill", "John")
    assert EN.blank(item)[0] == "Bill passed the gameboy to John because _'s turn was over."


def test_blank_of_reflexive_is_a_plain_blank():
    item = make("Tom told Ralph a story about himself.", "himself", "Tom", "Ralph")
    assert EN.blank(item)[0] == "Tom told Ralph a story about _."


# -- NLI hypotheses --------------------------------------------------------------------------------
HYPOTHESES = [
    pytest.param(
        make("Sam pulled up a chair to the piano, but it was broken, so he had to stand instead.", "it",
             "a chair", "the piano"),
        0, "The chair was broken.", id="clause-between-but-and-so",
    ),
    pytest.param(
        make("Jane knocked on Susan's door but she did not answer.", "she", "Jane", "Susan's"),
        1, "Susan did not answer.", id="possessive-candidate-subject",
    ),
    pytest.param(
        make("If the con artist had succeeded in fooling Sam, he would have gotten a lot of money.", "he",
             "the con artist", "Sam"),
        0, "If the con artist had succeeded in fooling Sam, the con artist would have gotten a lot of money.",
        id="main-clause-of-a-fronted-condition-keeps-the-condition",
    ),
    pytest.param(
        make("The dog chased the cat, which ran up a tree. It waited at the top.", "It", "The dog", "the cat"),
        1, "The cat waited at the top.", id="which-relative-clause-in-other-sentence",
    ),
    pytest.param(
        make("The dog chased the cat, which it caught after a while.", "it", "The dog", "the cat"),
        0, "The dog chased the cat, which the dog caught after a while.", id="object-relative-keeps-its-noun",
    ),
    pytest.param(
        make("The man couldn't lift his son because he was so heavy.", "he", "The man", "his son"),
        1, "The son was so heavy.", id="possessive-determiner-becomes-the",
    ),
    pytest.param(
        make("Fred covered his eyes with his hands. He opened them when the wind stopped.", "them",
             "his eyes", "his hands"),
        0, "He opened his eyes when the wind stopped.", id="body-part-keeps-possessive-and-when-clause",
    ),
    pytest.param(
        make("Madonna fired her trainer because she slept with her boyfriend.", "her", "Madonna", "trainer", nth=1),
        1, "She slept with the trainer's boyfriend.", id="possessive-object-position",
    ),
    pytest.param(
        make("Alice looked for her friend Jade. Since she always wears a red hat, Alice spotted her quickly.", "she",
             "Alice", "Jade"),
        1, "Since Jade always wears a red hat, Alice spotted her quickly.", id="pronoun-in-fronted-clause",
    ),
    pytest.param(
        make("Everyone loved the oatmeal cookies. Next time, we should make more of them.", "them",
             "the oatmeal cookies", "Everyone"),
        0, "We should make more of the oatmeal cookies.", id="fronted-adverbial-dropped",
    ),
    pytest.param(
        make('Ethan chased Luke during the game because he was "it".', "he", "Ethan", "Luke"),
        1, 'Luke was "it".', id="quotes-kept-balanced",
    ),
    pytest.param(
        make('Dan lost the seat to Bill because his "Dibs!" was slow.', "his", "Dan", "Bill"),
        0, 'Dan\'s "Dibs!" was slow.', id="exclamation-inside-quotes-is-not-a-sentence-end",
    ),
    pytest.param(
        make("I saw Jim yelling at a man. I don't know why he was, but he looked unhappy.", "he", "Jim", "a man"),
        0, "I don't know why Jim was.", id="elliptical-clause-keeps-its-main-clause",
    ),
    pytest.param(
        make("Gold, Lee and Partners fired him because he was late.", "him", "Gold, Lee and Partners", "Sam"),
        0, "Gold, Lee and Partners fired Gold, Lee and Partners.", id="candidate-comma-is-no-boundary",
    ),
    pytest.param(
        make("The rope held the bag because they were strong.", "they", "The rope", "the bag"),
        0, "The rope was strong.", id="agreement-in-hypothesis",
    ),
    pytest.param(
        make("Clark hides his identity from Lex because he wants to find out who the hero is.", "he", "Clark", "Lex"),
        1, "Lex wants to find out who the hero is.", id="wh-clause-ending-in-is-is-complete",
    ),
    pytest.param(
        blank_item("Joel opened a preschool for Eric. Because _ is very good with kids.", "Joel", "Eric"),
        1, "Eric is very good with kids.", id="fragment-loses-its-subordinator",
    ),
    pytest.param(
        make("Frank was upset with Tom because the toaster he had bought from him didn't work.", "he",
             "Frank", "Tom"),
        0, "The toaster Frank had bought from him didn't work.", id="reduced-relative-stays-inside-clause",
    ),
]


@pytest.mark.parametrize("item, k, expected", HYPOTHESES)
def test_hypothesis(item, k, expected):
    """The clause holding the pronoun, with the candidate in its place, as a sentence (GLUE WNLI style)."""
    assert EN.hypothesis(item, k) == expected


# -- what cannot be derived ------------------------------------------------------------------------
def test_item_without_pronoun_is_reported():
    item = Item("t", "test", "en", "Sam beat Bob.", [Candidate("Sam"), Candidate("Bob")], 0)
    with pytest.raises(FormError, match="no referring expression"):
        EN.substitute(item, 0)


def test_zero_anaphora_slot_is_reported_in_english():
    item = Item("t", "test", "en", "Sam beat Bob.", [Candidate("Sam"), Candidate("Bob")], 0, Span(3, 3, ""))
    with pytest.raises(FormError, match="zero-anaphora"):
        EN.hypothesis(item, 0)


def test_article_before_pronoun_is_reported_not_doubled():
    """A source typo ("thus the it moves") would give "the the boat": the item is reported instead."""
    item = make("The boat turns the propeller, thus the it moves forward.", "it", "The boat", "the propeller")
    with pytest.raises(FormError, match="article stands before the pronoun"):
        EN.substitute(item, 0)


# -- dependency-based clauses (trained pipeline) ---------------------------------------------------
def test_dependency_clause_from_a_parse():
    """With a parse (here written by hand, as en_core_web_sm gives it) the clause is the verb's subtree."""
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

    words = "Sam pulled up a chair , but it was broken , so he had to stand .".split()
    heads = [1, 1, 1, 4, 1, 1, 1, 8, 1, 8, 8, 13, 13, 8, 15, 13, 1]
    deps = ["nsubj", "ROOT", "prt", "det", "dobj", "punct", "cc", "nsubj", "conj", "acomp", "punct", "advmod",
            "nsubj", "conj", "aux", "xcomp", "punct"]
    doc = Doc(Vocab(), words=words, heads=heads, deps=deps)
    assert dependency_clause(doc, 7, 8) == (7, 10)  # "it was broken"
    assert dependency_clause(doc, 12, 13) == (11, 16)  # "so he had to stand": "so" is an advmod here


def test_trained_pipeline_parse_decides_the_clause(monkeypatch):
    """When a trained pipeline is installed its parse, not the boundary words, gives the clause."""
    from spacy.tokens import Doc

    from wino_toolkit.lang.en.bounds import clause_tokens
    from wino_toolkit.lang.en.lexicon import lexicon

    lex = lexicon()
    text = "The man who he saw left."
    words = "The man who he saw left .".split()
    heads, deps = [1, 5, 4, 4, 1, 5, 5], ["det", "nsubj", "dobj", "nsubj", "relcl", "ROOT", "punct"]
    monkeypatch.setattr(lex, "trained", lambda _: Doc(lex.tokenizer.vocab, words=words, heads=heads, deps=deps))
    p = lex.parse(text)
    assert clause_tokens(p, 3, 4, [], lex) == (2, 5)  # the relative clause "who he saw"
    monkeypatch.setattr(lex, "trained", None)
    assert clause_tokens(lex.parse(text), 3, 4, [], lex) == (0, 7)  # the rules keep the whole sentence


# -- real corpora ----------------------------------------------------------------------------------


def test_token_f1_is_one_for_equal_and_partial_for_overlap():
    assert token_f1("The son was heavy.", "the son was heavy .") == 1.0
    assert 0 < token_f1("The son was heavy.", "The man was heavy.") < 1


@pytest.mark.slow
def test_wnli_dev_hypotheses_agree_with_hand_written_ones(shared):
    """57 of the 71 WNLI dev premises are WSC285 texts; our hypotheses match 48 of those 57 exactly.

    The 9 others: 4 where the GLUE writer deviated from the premise ("hear over it" → "hear the subway",
    "see it" → "see around the stage", a nonsensical "She saw that Emma was open", a lower-case "coats"),
    2 with a capitalised "The" mid-sentence in the reference, 1 that keeps a trailing ", so ..." clause, and
    the 2 of one schema whose reference is the main clause of a counterfactual condition ("... would have
    gotten a lot of money"), which the premise does not assert: ours keeps the condition (issue #31, class 7).
    """
    rows = list(wt.read(shared_file("wnli/dev.tsv")))
    result = wnli_agreement(wt.read(shared_file("wsc/WSCollection.xml")), rows)
    assert len(rows) == 71 and result.compared == 57
    assert result.exact_share >= 0.84
    assert result.mean_f1 >= 0.97


@pytest.mark.slow
def test_wnli_dev_with_pdp_premises(shared):
    """13 more WNLI premises are PDP texts; with them 70 of 71 rows match and 56 agree exactly: besides the
    counterfactual above, two PDP references assert a clause the premise only reports ("argues that ...", "had
    not told the official that ..."), where ours is the whole sentence (issue #31, class 7)."""
    items = list(wt.read(shared_file("wsc/WSCollection.xml"))) + list(wt.read(shared_file("pdp/PDPChallenge2016.xml")))
    result = wnli_agreement(items, wt.read(shared_file("wnli/dev.tsv")))
    assert result.compared == 70
    assert result.exact_share >= 0.8
    assert result.mean_f1 >= 0.95


def coverage(items: list[Item]) -> dict[str, float]:
    """Share of items for which each form is derived for every candidate without a FormError."""
    done = collections.Counter()
    for item in items:
        for form in ("substitute", "hypothesis", "blank"):
            try:
                if form == "blank":
                    EN.blank(item)
                else:
                    for k in range(len(item.candidates)):
                        getattr(EN, form)(item, k)
            except FormError:
                continue
            done[form] += 1
    return {form: done[form] / len(items) for form in ("substitute", "hypothesis", "blank")}


CORPORA = [
    pytest.param("wsc/WSCollection.xml", 285, 1.0, id="wsc285"),
    pytest.param("pdp/PDPChallenge2016.xml", 60, 1.0, id="pdp"),
    pytest.param("dpr/train.c.txt", 1322, 0.999, id="dpr"),
    pytest.param("winogrande/dev.jsonl", 1267, 1.0, id="winogrande-dev"),
    # two items read "she gave her knitting and ...": object or possessive, the words do not tell; refused
    pytest.param("superglue_wsc/train.jsonl", 307, 0.99, id="superglue-train"),
    pytest.param("superglue_wsc/val.jsonl", 53, 1.0, id="superglue-val"),
    pytest.param("winologic/winologic.jsonl", 562, 1.0, id="winologic"),
    pytest.param("xwino/dataset.selected.tsv", 2, 1.0, id="xwino-en"),
]


@pytest.mark.slow
@pytest.mark.parametrize("rel, n, minimum", CORPORA)
def test_coverage_on_real_corpora(shared, rel, n, minimum):
    """Every form is derived for (nearly) every English item; DPR's one "thus the it" typo is reported."""
    items = [item for item in wt.read(shared_file(rel)) if item.language == "en"]
    assert len(items) == n
    shares = coverage(items)
    assert min(shares["substitute"], shares["hypothesis"]) >= minimum
    assert shares["blank"] >= max(minimum, 0.99)


@pytest.mark.slow
def test_forms_run_at_winogrande_scale(tmp_path):
    """All forms for both candidates over 10k generated WinoGrande items: at least 2,000 items/s."""
    from benchmarks.bench_convert import generate

    path = tmp_path / "wg.jsonl"
    generate(path, 10_000)
    items = list(wt.read(path))
    EN.hypothesis(items[0], 0)  # load spaCy and the tables outside the timing
    start = time.perf_counter()
    for item in items:
        for k in (0, 1):
            EN.substitute(item, k)
            EN.hypothesis(item, k)
        EN.blank(item)
    assert len(items) / (time.perf_counter() - start) >= 2000


@pytest.mark.slow
def test_winogrande_dev_premises_have_pronouns_not_blanks(shared):
    """On the real dev set: no NLI premise keeps the blank, and the tables place both options of most items.

    93.6% (1,186 of 1,267) was measured when the premise rules were written; the floor is rounded down.
    """
    items = list(wt.read(shared_file("winogrande/dev.jsonl")))
    premises = []
    for item in items:
        try:
            premises.append(EN.premise(item))
        except FormError:
            continue
    assert not any("_" in p for p in premises)
    assert len(premises) / len(items) >= 0.93
