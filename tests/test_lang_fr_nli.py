"""French NLI hypotheses and substitutions on unseen data (issue #31): a cut clause that is no sentence (class 1), one
of a group kept partitive (2), a marked span that is not the pronoun (3), determiners kept (4), a clause the sentence
does not assert (7). Every sentence here was written for these tests, apart from the gold set's."""
from __future__ import annotations

from functools import partial

import pytest
from lang_items import blanked, pronoun_item

from wino_toolkit.errors import FormError
from wino_toolkit.lang import get_language

FR = get_language("fr")
make = partial(pronoun_item, "fr")


def hypotheses(text: str, pronoun: str, candidates: list[str], nth: int = 0) -> list[str]:
    item = make(text, pronoun, candidates, nth)
    return [FR.hypothesis(item, k) for k in range(len(candidates))]


# -- class 1: a clause that is no sentence on its own gives the whole sentence --------------------------------------
WHOLE_SENTENCE = [
    pytest.param("Pour le consoler, Agathe a serré Rémi dans ses bras.", "le", ["Rémi", "Agathe"], 0,
                 "Pour consoler Rémi, Agathe a serré Rémi dans ses bras.", id="infinitive-after-pour"),
    pytest.param("En la quittant, Victor a embrassé Maud.", "la", ["Maud", "Victor"], 0,
                 "En quittant Maud, Victor a embrassé Maud.", id="gerund-with-en"),
    pytest.param("Après l'avoir vaincue, Irène a félicité Odile.", "l'", ["Odile", "Irène"], 0,
                 "Après avoir vaincu Odile, Irène a félicité Odile.", id="infinitive-avoir-and-participle"),
    pytest.param("Inquiet pour lui, Gaspard a appelé Noé.", "lui", ["Noé", "Gaspard"], 0,
                 "Inquiet pour Noé, Gaspard a appelé Noé.", id="adjective-before-its-complement"),
    pytest.param("Sachant qu'il avait faim, Lise a nourri le chiot.", "il", ["le chiot", "Lise"], 0,
                 "Sachant que le chiot avait faim, Lise a nourri le chiot.", id="present-participle"),
    pytest.param("Yves a croisé Basile au port, puis le salua.", "le", ["Basile", "Yves"], 0,
                 "Yves a croisé Basile au port, puis salua Basile.", id="object-clitic-after-puis-is-no-subject"),
    pytest.param("Ariane a aidé Berthe, la cousine qui l'avait accueillie.", "l'", ["Ariane", "Berthe"], 0,
                 "Ariane a aidé Berthe, la cousine qui avait accueilli Ariane.", id="apposition-with-relative"),
    pytest.param("Le pilote a rejoint le mécanicien. Il a réglé, sans hâte, le moteur.", "Il", ["le mécanicien", "le pilote"], 0,
                 "Le mécanicien a réglé, sans hâte, le moteur.", id="incise-before-the-complement"),
    pytest.param("Odile a rendu, sans un mot, son stylo à Irène.", "son", ["Irène", "Odile"], 0,
                 "Odile a rendu, sans un mot, le stylo d'Irène à Irène.", id="complement-after-an-incise"),
]


@pytest.mark.parametrize("text, pronoun, candidates, nth, expected", WHOLE_SENTENCE)
def test_a_clause_that_is_no_sentence_gives_the_whole_sentence(text, pronoun, candidates, nth, expected):
    assert hypotheses(text, pronoun, candidates, nth)[0] == expected


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    ("Paul a aidé Marc bien qu'il soit fatigué.", "il", ["Marc", "Paul"], "Marc est fatigué."),
    ("Quand Odile l'a vu, ce matin, Rémi a souri.", "l'", ["Rémi", "Odile"], "Odile a vu Rémi."),
    ("Gaspard a appelé Noé parce que chaque soir il l'aidait.", "il", ["Noé", "Gaspard"], "Chaque soir Noé l'aidait."),
    ("Le Dr. Petit a informé Noé qu'il était guéri et a rangé ses notes.", "il", ["Noé", "le Dr. Petit"], "Noé était guéri."),
])
def test_a_complete_asserted_clause_is_still_cut(text, pronoun, candidates, expected):
    """The whole sentence only where the cut fails: a subordinate clause with its subject stays the hypothesis; a
    factive clause ends before the frame's own coordinated verb ("et a rangé ses notes")."""
    assert hypotheses(text, pronoun, candidates)[0] == expected


def test_an_incise_inside_the_subject_clause_is_skipped_whole():
    """"quand Marc, son voisin, a dit": both commas of the incise belong to the clause."""
    out = hypotheses("Luc fut ravi quand Marc, son voisin, a dit qu'il chantait bien.", "il", ["Luc", "Marc"])
    assert out[0] == "Luc fut ravi quand Marc, son voisin, a dit que Luc chantait bien."


# -- class 2: one of a group stays one of the group -----------------------------------------------------------------
@pytest.mark.parametrize("text, candidate, expected", [
    ("Le chef a appelé un des cuisiniers car il était en retard.", "un des cuisiniers", "L'un des cuisiniers était en retard."),
    ("Le chef a appelé un des cuisiniers car il était en retard.", "cuisiniers", "L'un des cuisiniers était en retard."),
    ("Le chef a appelé un des cuisiniers car il était en retard.", "les cuisiniers", "L'un des cuisiniers était en retard."),
    ("Le chef a appelé une de ses serveuses car elle était en retard.", "serveuses", "L'une de ses serveuses était en retard."),
    ("Le chef a appelé l'une des serveuses car elle était en retard.", "les serveuses", "L'une des serveuses était en retard."),
])
def test_one_of_a_group_is_never_the_whole_group(text, candidate, expected):
    item = make(text, "il" if " il " in text else "elle", [candidate, "le chef"], locate=lambda name: name.split()[-1])
    assert FR.hypothesis(item, 0) == expected


def test_one_of_a_group_after_de_and_as_a_blank_option():
    item = make("Zoé a parlé d'un des gardiens car il l'avait aidée.", "il", ["un des gardiens", "Zoé"])
    assert FR.hypothesis(item, 0) == "L'un des gardiens l'avait aidée."
    assert blanked(item) == ("Zoé a parlé d'un des gardiens car _ l'avait aidée.", ["Zoé", "l'un des gardiens"])


# -- class 3: a marked span that is not the pronoun is refused with the reason --------------------------------------
@pytest.mark.parametrize("text, pronoun, candidates, nth, reason", [
    pytest.param("Rémi a prêté une écharpe à Noé parce qu'il avait perdu son bonnet.", "son", ["Rémi", "Noé"], 0,
                 "possessive determiner", id="possessive-beside-the-subject-pronoun"),
    pytest.param("Les voisins ont aidé les touristes car ils avaient raté leur bus.", "leur", ["les voisins", "les touristes"], 0,
                 "possessive determiner", id="plural-possessive-beside-ils"),
    pytest.param("Odile a tendu la main à Irène car elle voulait danser.", "la", ["Odile", "Irène"], 0,
                 "is the article of 'main'", id="article-after-a-participle"),
    pytest.param("Victor a caché ses clés sous la table de Basile car il partait.", "la", ["Victor", "Basile"], 0,
                 "is the article of 'table'", id="article-after-a-preposition"),
    pytest.param("Le cheval a dépassé le poney parce qu'elle le poussait.", "elle", ["le cheval", "le poney"], 0,
                 "agrees with neither candidate", id="feminine-for-two-masculine"),
    pytest.param("La tortue a battu la souris car il les avait chronométrées.", "il", ["la tortue", "la souris"], 0,
                 "agrees with neither candidate", id="masculine-for-two-feminine"),
])
def test_a_marked_span_that_is_not_the_pronoun_is_refused(text, pronoun, candidates, nth, reason):
    item = make(text, pronoun, candidates, nth)
    for build in (lambda: FR.substitute(item, 0), lambda: FR.hypothesis(item, 0)):
        with pytest.raises(FormError, match=reason):
            build()


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    pytest.param("Le serveur a aidé le client à retrouver sa veste.", "sa", ["le client", "le serveur"],
                 "Le serveur a aidé le client à retrouver la veste du client.", id="possessive-that-is-the-reference"),
    pytest.param("Paul a voulu la revoir, car Marie était partie.", "la", ["Marie", "Paul"],
                 "Paul a voulu revoir Marie, car Marie était partie.", id="clitic-after-a-modal-participle"),
    pytest.param("La police a arrêté le gang parce qu'ils volaient des voitures.", "ils", ["le gang", "la police"],
                 "La police a arrêté le gang parce que le gang volait des voitures.", id="plural-for-a-collective"),
    pytest.param("Julie a consolé son amie parce qu'elle était triste.", "elle", ["son amie", "Julie"],
                 "Julie a consolé son amie parce que son amie était triste.", id="son-before-a-vowel-is-no-masculine"),
])
def test_a_real_referring_expression_is_kept(text, pronoun, candidates, expected):
    assert FR.substitute(make(text, pronoun, candidates), 0) == expected


# -- class 4: determiners kept ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    ("Le touriste a visité le Panthéon, mais il était fermé.", "il", ["Panthéon", "le touriste"], "Le Panthéon était fermé."),
    ("Marc a écrit au Conseil d'État car il attendait une réponse.", "il", ["Conseil d'État", "Marc"],
     "Le Conseil d'État attendait une réponse."),
    ("Paul a quitté l'Assemblée nationale car elle l'ennuyait.", "elle", ["Assemblée nationale", "Paul"],
     "L'Assemblée nationale l'ennuyait."),
    ("Des marins ont aidé la Croix-Rouge, car elle manquait de bras.", "elle", ["Croix-Rouge", "des marins"],
     "La Croix-Rouge manquait de bras."),
    ("Trois renards ont suivi un lièvre car ils avaient faim.", "ils", ["trois renards", "un lièvre"], "Les trois renards avaient faim."),
])
def test_a_name_keeps_its_article_and_a_numeral_takes_one(text, pronoun, candidates, expected):
    assert hypotheses(text, pronoun, candidates)[0] == expected


def test_a_name_after_de_contracts_with_its_article():
    out = hypotheses("Les Nations unies ont aidé le Tchad, et on a parlé d'elles.", "elles", ["Nations unies", "Tchad"])
    assert out == ["On a parlé des Nations unies.", "On a parlé du Tchad."]


def test_a_person_name_takes_no_article():
    item = make("Le directeur de Renault a appelé Paul car il voulait le voir.", "il", ["Renault", "Paul"])
    assert FR.hypothesis(item, 0) == "Renault voulait le voir."


# -- class 7: a clause the sentence does not assert keeps what frames it --------------------------------------------
NOT_ASSERTED = [
    pytest.param("Maud croit que Rémi l'a oubliée.", "l'", ["Maud", "Rémi"],
                 "Maud croit que Rémi a oublié Maud.", id="belief"),
    pytest.param("Le juge a dit à l'accusé qu'il serait libéré.", "il", ["l'accusé", "le juge"],
                 "Le juge a dit à l'accusé que l'accusé serait libéré.", id="reported-speech"),
    pytest.param("Noé souhaite que Lise le rappelle.", "le", ["Noé", "Lise"],
                 "Noé souhaite que Lise rappelle Noé.", id="wish"),
    pytest.param("Irène a prêté son vélo à Odile pour qu'elle puisse rentrer.", "elle", ["Odile", "Irène"],
                 "Irène a prêté son vélo à Odile pour qu'Odile puisse rentrer.", id="purpose"),
    pytest.param("Le renard a fui avant qu'Yves le voie.", "le", ["le renard", "Yves"],
                 "Le renard a fui avant qu'Yves voie le renard.", id="before-that"),
    pytest.param("Basile doit partir, sinon Yves le suivra.", "le", ["Basile", "Yves"],
                 "Basile doit partir, sinon Yves suivra Basile.", id="otherwise"),
    pytest.param("Comme s'il était perdu, Victor a suivi Gaspard.", "il", ["Victor", "Gaspard"],
                 "Comme si Victor était perdu, Victor a suivi Gaspard.", id="as-if-opening-the-sentence"),
    pytest.param("Lise raconte que Noé a pleuré parce qu'il était seul.", "il", ["Noé", "Lise"],
                 "Lise raconte que Noé a pleuré parce que Noé était seul.", id="reason-inside-reported-speech"),
]


@pytest.mark.parametrize("text, pronoun, candidates, expected", NOT_ASSERTED)
def test_a_clause_the_sentence_does_not_assert_keeps_its_frame(text, pronoun, candidates, expected):
    assert hypotheses(text, pronoun, candidates)[0] == expected


def test_a_factive_frame_is_still_cut():
    """"sait que" presupposes its clause: the clause alone is entailed."""
    assert hypotheses("Maud sait que Rémi l'a oubliée.", "l'", ["Maud", "Rémi"])[0] == "Rémi a oublié Maud."
