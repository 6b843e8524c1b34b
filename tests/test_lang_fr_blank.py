"""French blank (WinoGrande) form, issue #13: options carry the determiner the disambiguated form
computes, the blank stands where that noun phrase stands, and what no single text fits is skipped
with the reason. Sentences written for these tests."""
from __future__ import annotations

from functools import partial

from lang_items import assert_fills as fills, blanked, last_word, pronoun_item, skipped

from wino_toolkit.lang import get_language

FR = get_language("fr")
#: an item of a French sentence, candidates located by their last word ("le camion" at "camion")
make = partial(pronoun_item, "fr", locate=last_word)
assert_fills = partial(fills, FR)


def test_blank_option_carries_the_determiner():
    item = make("Le camion a dépassé le vélo car il roulait vite.", "il", ["le camion", "le vélo"])
    text, options = blanked(item)
    assert (text, options) == ("Le camion a dépassé le vélo car _ roulait vite.", ["le camion", "le vélo"])
    assert_fills(item, text, options)


def test_bare_noun_candidate_takes_the_determiner_before_its_mention():
    """XWINO lists bare nouns ("camion"): the option is the noun phrase the substitution writes."""
    item = make("Je crois que ce camion tient dans mon garage, il est petit.", "il", ["camion", "garage"])
    assert blanked(item) == ("Je crois que ce camion tient dans mon garage, _ est petit.", ["ce camion", "mon garage"])


def test_blank_starting_a_sentence_capitalises_both_options():
    item = make("Le renard a vu un lapin. Il avait faim.", "Il", ["le renard", "le lapin"])
    assert blanked(item) == ("Le renard a vu un lapin. _ avait faim.", ["Le renard", "Le lapin"])


def test_determiner_is_lowered_mid_sentence():
    item = make("Heureusement, le match a fini tôt et mon bus était en retard, car il a duré peu.", "il",
                ["Le match", "Mon bus"])
    assert blanked(item)[1] == ["le match", "mon bus"]


def test_elided_que_is_written_out_before_the_blank():
    item = make("Marc a appelé le plombier parce qu'il avait une fuite.", "il", ["Marc", "le plombier"])
    text, options = blanked(item)
    assert text == "Marc a appelé le plombier parce que _ avait une fuite."
    assert_fills(item, text, options)


def test_elision_before_a_vowel_option_is_skipped_with_reason():
    """"que _" cannot take "Antoine" (qu'Antoine): no one text fits both options."""
    item = make("Paul a remercié Antoine parce qu'il était gentil.", "il", ["Paul", "Antoine"])
    assert "elision" in skipped(item)


def test_clitic_pronoun_blank_moves_after_the_verb():
    """"on les a chassés" is no place for a noun phrase: the blank goes where the object stands."""
    item = make("Les loups attaquaient les moutons, donc on les a chassés.", "les", ["les loups", "les moutons"], nth=1)
    text, options = blanked(item)
    assert text == "Les loups attaquaient les moutons, donc on a chassé _."
    assert options == ["les loups", "les moutons"]
    assert_fills(item, text, options)


def test_elided_clitic_before_the_verb_moves_too():
    item = make("Anne a pris son carnet pour noter une recette. Elle l'écrira ce soir.", "l'", ["le carnet", "la recette"])
    assert blanked(item) == ("Anne a pris son carnet pour noter une recette. Elle écrira _ ce soir.",
                             ["le carnet", "la recette"])


def test_clitic_cluster_is_skipped_with_reason():
    item = make("Marie a prêté le livre à Luc, puis elle le lui a repris.", "le", ["le livre", "Luc"], nth=1)
    assert "clitic cluster" in skipped(item)


def test_possessive_pronoun_blank_puts_the_possessor_after_the_noun():
    """"contre sa poitrine" → "contre la poitrine de _", never "contre _ poitrine"."""
    item = make("La mère a serré la fille contre sa poitrine.", "sa", ["la mère", "la fille"])
    text, options = blanked(item)
    assert (text, options) == ("La mère a serré la fille contre la poitrine de _.", ["la mère", "la fille"])
    assert_fills(item, text, options)


def test_possessive_pronoun_blank_is_skipped_with_reason_when_de_contracts():
    """"de" + "le garçon" is "du garçon": the option cannot be written after "de _"."""
    item = make("Le fermier a porté le garçon dans son lit.", "son", ["du fermier", "du garçon"])
    reason = skipped(item)
    assert "'de' becomes 'du'" in reason and "contraction" in reason


def test_contracted_preposition_before_a_stressed_pronoun_is_skipped():
    item = make("Le patron a embauché le cuisinier pour s'occuper de lui.", "lui", ["le patron", "le cuisinier"])
    assert "contraction" in skipped(item)


def test_stressed_pronoun_after_de_blanks_with_names():
    item = make("Jean a engagé Luc pour s'occuper de lui.", "lui", ["Jean", "Luc"])
    assert blanked(item) == ("Jean a engagé Luc pour s'occuper de _.", ["Jean", "Luc"])


def test_verb_agreeing_with_one_option_is_skipped():
    item = make("La ville a attaqué les montagnards, mais ils ont perdu.", "ils", ["la ville", "les montagnards"])
    assert "agreement" in skipped(item)


def test_place_candidates_with_different_prepositions_are_skipped():
    item = make("Le chat dormait sur le lit puis sous la table, car il y faisait frais.", "y",
                ["sur le lit", "sous la table"])
    assert "different prepositions ('sous' and 'sur')" in skipped(item)


def test_place_candidates_with_one_preposition_blank_the_noun_phrase():
    item = make("On a nagé dans le lac et pas dans la rivière, car il faisait bon nager là-bas.", "là-bas",
                ["dans le lac", "dans la rivière"])
    text, options = blanked(item)
    assert text.endswith("nager dans _.") and options == ["le lac", "la rivière"]
