"""French predicate agreement: a candidate of another gender or number than the pronoun takes the predicate
with it ("elle était trop vieille" → "l'hôtel était trop vieux"), instead of the item being refused."""
from __future__ import annotations

from functools import partial

import pytest
from lang_items import pronoun_item

from wino_toolkit.errors import FormError
from wino_toolkit.lang import get_language
from wino_toolkit.lang.fr.adjectives import reinflect
from wino_toolkit.lang.fr.nouns import noun_gender

FR = get_language("fr")
make = partial(pronoun_item, "fr")

REINFLECTIONS = [
    ("vieille", ("f", "s"), ("m", "s"), "vieux"),
    ("vieux", ("m", "s"), ("f", "p"), "vieilles"),
    ("belle", ("f", "s"), ("m", "p"), "beaux"),
    ("nouveau", ("m", "s"), ("f", "s"), "nouvelle"),
    ("folle", ("f", "s"), ("m", "s"), "fou"),
    ("mou", ("m", "s"), ("f", "s"), "molle"),
    ("blanche", ("f", "s"), ("m", "s"), "blanc"),
    ("frais", ("m", "s"), ("f", "s"), "fraîche"),
    ("longue", ("f", "s"), ("m", "s"), "long"),
    ("doux", ("m", "s"), ("f", "s"), "douce"),
    ("fausse", ("f", "s"), ("m", "s"), "faux"),
    ("roux", ("m", "s"), ("f", "s"), "rousse"),
    ("heureuse", ("f", "s"), ("m", "s"), "heureux"),
    ("actif", ("m", "s"), ("f", "s"), "active"),
    ("chère", ("f", "s"), ("m", "s"), "cher"),
    ("ancien", ("m", "s"), ("f", "s"), "ancienne"),
    ("cruelle", ("f", "s"), ("m", "s"), "cruel"),
    ("bon", ("m", "s"), ("f", "s"), "bonne"),
    ("complète", ("f", "s"), ("m", "s"), "complet"),
    ("net", ("m", "s"), ("f", "s"), "nette"),
    ("cassés", ("m", "p"), ("f", "s"), "cassée"),
    ("sèches", ("f", "p"), ("m", "s"), "sec"),
    ("originaux", ("m", "p"), ("m", "s"), "original"),
    ("égaux", ("m", "p"), ("f", "p"), "égales"),
    ("surpris", ("m", "p"), ("f", "s"), "surprise"),
    ("menteuse", ("f", "s"), ("m", "s"), "menteur"),
    ("créatrice", ("f", "s"), ("m", "s"), "créateur"),
    # epicene words stay as they are
    ("rapide", ("f", "s"), ("m", "s"), "rapide"),
    ("sincère", ("f", "s"), ("m", "s"), "sincère"),
    ("faible", ("m", "s"), ("f", "s"), "faible"),
    ("magnifique", ("f", "s"), ("m", "p"), "magnifiques"),
    ("vague", ("f", "s"), ("m", "s"), "vague"),
    ("debout", ("f", "s"), ("m", "s"), "debout"),
    ("médecin", ("m", "s"), ("f", "s"), "médecin"),
]


@pytest.mark.parametrize("word, source, target, expected", REINFLECTIONS)
def test_reinflect(word, source, target, expected):
    assert reinflect(word, source, target) == expected


@pytest.mark.parametrize("noun, number, gender", [
    ("pneus", "p", "m"), ("oiseaux", "p", "m"), ("voisins", "p", "m"), ("actions", "p", "f"), ("souris", "p", "f"),
    ("arbitre", "s", "m"), ("image", "s", "f"), ("fromage", "s", "m"), ("élèves", "p", None), ("odeur", "s", "f"),
])
def test_noun_gender(noun, number, gender):
    assert noun_gender(noun, number) == gender


SUBSTITUTIONS = [
    pytest.param("Un hôtel a remplacé une usine car elle était trop vieille.", "elle", ["un hôtel", "une usine"],
                 "Un hôtel a remplacé une usine car l'hôtel était trop vieux.", id="irregular-vieux"),
    pytest.param("Une souris a échappé à un chat, car elle était rapide.", "elle", ["un chat", "une souris"],
                 "Une souris a échappé à un chat, car le chat était rapide.", id="epicene-unchanged"),
    pytest.param("La bouteille est tombée sur les verres et ils se sont brisés.", "ils", ["la bouteille", "les verres"],
                 "La bouteille est tombée sur les verres et la bouteille s'est brisée.", id="reflexive-number-and-gender"),
    pytest.param("La reine a puni le bouffon car il avait été cruel.", "il", ["la reine", "le bouffon"],
                 "La reine a puni le bouffon car la reine avait été cruelle.", id="avoir-ete"),
    pytest.param("La tortue a battu le lièvre car il était distrait et paresseux.", "il", ["la tortue", "le lièvre"],
                 "La tortue a battu le lièvre car la tortue était distraite et paresseuse.", id="coordinated-predicates"),
    pytest.param("La chatte a griffé le garçon car il était grand, fort et méchant.", "il", ["la chatte", "le garçon"],
                 "La chatte a griffé le garçon car la chatte était grande, forte et méchante.", id="listed-predicates-fort"),
    pytest.param("Le stylo a remplacé la plume parce qu'elle était devenue inutile.", "elle", ["le stylo", "la plume"],
                 "Le stylo a remplacé la plume parce que le stylo était devenu inutile.", id="copula-participle"),
    pytest.param("La souris s'est cachée derrière le vase car il était tout petit.", "il", ["la souris", "le vase"],
                 "La souris s'est cachée derrière le vase car la souris était toute petite.", id="tout-agrees-before-consonant"),
    pytest.param("Le chat a regardé la souris parce qu'elle était toute étonnée.", "elle", ["le chat", "la souris"],
                 "Le chat a regardé la souris parce que le chat était tout étonné.", id="toute-becomes-tout"),
    pytest.param("Le pain a durci à côté de la brioche car elle n'était plus fraîche.", "elle", ["le pain", "la brioche"],
                 "Le pain a durci à côté de la brioche car le pain n'était plus frais.", id="negation-before-predicate"),
    pytest.param("Les pneus ont dérapé sur la route parce qu'elle était glissante.", "elle", ["les pneus", "la route"],
                 "Les pneus ont dérapé sur la route parce que les pneus étaient glissants.", id="plural-gender-from-noun"),
    pytest.param("La chatte a griffé le garçon car il était extrêmement bruyant.", "il", ["la chatte", "le garçon"],
                 "La chatte a griffé le garçon car la chatte était extrêmement bruyante.", id="adverb-in-ment-skipped"),
    pytest.param("Le chien a suivi la chèvre parce qu'elle semblait dormir.", "elle", ["le chien", "la chèvre"],
                 "Le chien a suivi la chèvre parce que le chien semblait dormir.", id="infinitive-after-copula-unchanged"),
    pytest.param("Le chien a suivi la chèvre parce qu'elle était là.", "elle", ["le chien", "la chèvre"],
                 "Le chien a suivi la chèvre parce que le chien était là.", id="place-adverb-unchanged"),
    pytest.param("La porte a claqué contre le mur car il était mal fixé.", "il", ["la porte", "le mur"],
                 "La porte a claqué contre le mur car la porte était mal fixée.", id="mal-is-an-adverb"),
    pytest.param("La lampe éclairait le couloir car il était sombre et étroit.", "il", ["la lampe", "le couloir"],
                 "La lampe éclairait le couloir car la lampe était sombre et étroite.", id="etroit-is-no-passe-simple"),
    pytest.param("Les étudiantes ont interrogé le professeur car il était bien informé.", "il",
                 ["les étudiantes", "le professeur"],
                 "Les étudiantes ont interrogé le professeur car les étudiantes étaient bien informées.",
                 id="feminine-noun-ending-ante"),
    pytest.param("La chatte a griffé le garçon car il était fatigué et voulait dormir.", "il", ["la chatte", "le garçon"],
                 "La chatte a griffé le garçon car la chatte était fatiguée et voulait dormir.", id="verb-after-et-unchanged"),
]


@pytest.mark.parametrize("text, pronoun, candidates, expected", SUBSTITUTIONS)
def test_predicate_agrees_with_candidate(text, pronoun, candidates, expected):
    assert FR.substitute(make(text, pronoun, candidates), 0) == expected


def test_hypothesis_takes_the_agreement():
    item = make("Le vent a renversé les chaises car elles étaient légères.", "elles", ["le vent", "les chaises"])
    assert FR.hypothesis(item, 0) == "Le vent était léger."


REFUSALS = [
    pytest.param("Les élèves ont aidé la directrice car elle était débordée.", "elle", ["les élèves", "la directrice"],
                 "shows gender", id="unknown-gender-and-number"),
    pytest.param("Les garçons ont aidé la fille car ils étaient tous fatigués.", "ils", ["la fille", "les garçons"],
                 "counts the members", id="floating-tous-singular-candidate"),
    pytest.param("La chatte a griffé le garçon car il était fatigué et partit.", "il", ["la chatte", "le garçon"],
                 "passé simple", id="passe-simple-or-participle"),
    pytest.param("Les chattes ont griffé le garçon car il était un voleur.", "il", ["les chattes", "le garçon"],
                 "predicate noun phrase", id="predicate-noun-phrase-number"),
]


@pytest.mark.parametrize("text, pronoun, candidates, reason", REFUSALS)
def test_agreement_that_cannot_be_made_right_is_refused(text, pronoun, candidates, reason):
    with pytest.raises(FormError, match=reason):
        FR.substitute(make(text, pronoun, candidates), 0)


def test_blank_kept_for_epicene_and_refused_for_gendered_predicate():
    same = make("Le lièvre a semé la tortue parce qu'il était rapide.", "il", ["le lièvre", "la tortue"])
    assert FR.blank(same)[0] == "Le lièvre a semé la tortue parce que _ était rapide."
    assert [FR.blank_option(same, k) for k in (0, 1)] == ["le lièvre", "la tortue"]
    other = make("Le lièvre a semé la tortue parce qu'il était lent.", "il", ["le lièvre", "la tortue"])
    with pytest.raises(FormError, match="agreement"):
        FR.blank(other)


@pytest.mark.parametrize("old, new, ok", [
    ("vieille", "vieux", True), ("cassés", "cassée", True), ("toute", "tout", True), ("fort", "forte", True),
    ("sur", "sure", False), ("pas", "pase", False),
])
def test_guard_lets_agreement_through(old, new, ok):
    assert FR.may_agree(old, new) is ok
