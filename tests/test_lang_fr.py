"""French derived forms: hand-written tricky cases, then coverage on the real French corpora."""
from __future__ import annotations

import re
from functools import partial

import pytest
from lang_items import pronoun_item

import wino_toolkit as wt
from wino_toolkit.errors import FormError
from wino_toolkit.lang import get_language
from wino_toolkit.lang.fr import French, adjective_number, undo_agreement
from wino_toolkit.schema import Candidate, Item

FR = get_language("fr")


#: an item of a French sentence: its pronoun is the ``nth`` whole-word ``pronoun``, candidates by their whole name
make = partial(pronoun_item, "fr")


SUBSTITUTIONS = [
    pytest.param("Le chat a griffé le chien. Il était énervé.", "Il", ["le chien", "le chat"], 0,
                 "Le chat a griffé le chien. Le chien était énervé.", id="subject-sentence-start"),
    pytest.param("La coupe n'entre pas dans la valise car elle est trop petite.", "elle", ["La valise", "La coupe"], 0,
                 "La coupe n'entre pas dans la valise car la valise est trop petite.", id="subject-determiner-lowered"),
    pytest.param("Marie pense qu'il viendra demain.", "il", ["le facteur", "Paul"], 0,
                 "Marie pense que le facteur viendra demain.", id="qu-il-becomes-que"),
    pytest.param("Marie pense qu'elle viendra demain.", "elle", ["Anne", "Marie"], 0,
                 "Marie pense qu'Anne viendra demain.", id="qu-elle-elides-before-vowel"),
    pytest.param("Paul partira s'il a fini.", "il", ["Jean", "Paul"], 0,
                 "Paul partira si Jean a fini.", id="s-il-becomes-si"),
    pytest.param("Les enfants ont vu le clown, et il est parti.", "il", ["les enfants", "le clown"], 0,
                 "Les enfants ont vu le clown, et les enfants sont partis.", id="plural-candidate-verb-and-participle"),
    pytest.param("Le groupe a vu les clowns, mais ils étaient fatigués.", "ils", ["le groupe", "les clowns"], 0,
                 "Le groupe a vu les clowns, mais le groupe était fatigué.", id="singular-candidate-imperfect"),
    pytest.param("Les filles ont vu la tarte, car elle mange beaucoup.", "elle", ["les filles", "la tarte"], 0,
                 "Les filles ont vu la tarte, car les filles mangent beaucoup.", id="regular-er-present"),
    pytest.param("La tasse est tombée sur les assiettes et elles se sont cassées.", "elles", ["la tasse", "les assiettes"], 0,
                 "La tasse est tombée sur les assiettes et la tasse s'est cassée.", id="reflexive-elision-and-agreement"),
    pytest.param("Les grands harcelaient les petits, donc on les a punis.", "les", ["les grands", "les petits"], 1,
                 "Les grands harcelaient les petits, donc on a puni les grands.", id="object-clitic-compound-tense"),
    pytest.param("Paul a croisé Jean, mais il ne l'a pas reconnu.", "l'", ["Paul", "Jean"], 0,
                 "Paul a croisé Jean, mais il n'a pas reconnu Paul.", id="object-clitic-negation-elision"),
    pytest.param("Le vélo a heurté le mur. Je dois le réparer.", "le", ["le vélo", "le mur"], 1,
                 "Le vélo a heurté le mur. Je dois réparer le vélo.", id="object-clitic-infinitive"),
    pytest.param("J'ai pris le chiffon et je l'ai lavé.", "l'", ["le chiffon", "le seau"], 0,
                 "J'ai pris le chiffon et j'ai lavé le chiffon.", id="object-clitic-je-elides"),
    pytest.param("Claire a vu Sylvie et elle l'a invitée.", "l'", ["Sylvie", "Claire"], 0,
                 "Claire a vu Sylvie et elle a invité Sylvie.", id="object-clitic-undoes-participle-agreement"),
    pytest.param("Gérard a appelé le barman et lui a rendu la clé.", "lui", ["le barman", "Gérard"], 0,
                 "Gérard a appelé le barman et a rendu au barman la clé.", id="dative-clitic-contracts"),
    pytest.param("Jean a embauché le garçon pour s'occuper de lui.", "lui", ["le garçon", "Jean"], 0,
                 "Jean a embauché le garçon pour s'occuper du garçon.", id="stressed-de-le-du"),
    pytest.param("Jean a parlé aux élèves et a pensé à eux.", "eux", ["les élèves", "Jean"], 0,
                 "Jean a parlé aux élèves et a pensé aux élèves.", id="stressed-a-les-aux"),
    pytest.param("L'homme a porté le garçon sur son dos.", "son", ["l'homme", "le garçon"], 0,
                 "L'homme a porté le garçon sur le dos de l'homme.", id="possessive-son"),
    pytest.param("Gérard a appelé le barman pour la clé de ses toilettes.", "ses", ["le barman", "Gérard"], 0,
                 "Gérard a appelé le barman pour la clé des toilettes du barman.", id="possessive-de-les-des"),
    pytest.param("Joël a montré à Marc son ancienne maison.", "son", ["Marc", "Joël"], 0,
                 "Joël a montré à Marc l'ancienne maison de Marc.", id="possessive-elided-article"),
    pytest.param("Gérard a appelé le barman et lui a rendu sa pinte vide.", "sa", ["Gérard", "le barman"], 0,
                 "Gérard a appelé le barman et lui a rendu la pinte vide de Gérard.", id="possessive-postnominal-adjective"),
    pytest.param("Il y a des loups et des cerfs. Leur population augmente.", "Leur", ["les cerfs", "les loups"], 0,
                 "Il y a des loups et des cerfs. La population des cerfs augmente.", id="possessive-leur-sentence-start"),
    pytest.param("J'ai mis le gâteau dans le frigo. Il y a du sucre dedans.", "dedans", ["dans le gâteau", "dans le frigo"], 0,
                 "J'ai mis le gâteau dans le frigo. Il y a du sucre dans le gâteau.", id="locative-dedans"),
    pytest.param("Le chien a quitté la pelouse parce qu'il y faisait chaud.", "y", ["sur la pelouse", "sous l'arbre"], 0,
                 "Le chien a quitté la pelouse parce qu'il faisait chaud sur la pelouse.", id="locative-y-ends-clause"),
    pytest.param("Fred se souvient de mon grand-père. C'était un homme bon.", "C'", ["mon grand-père", "Fred"], 0,
                 "Fred se souvient de mon grand-père. Mon grand-père était un homme bon.", id="ce-subject"),
    pytest.param("Marie a appelé Paul, le boulanger, car il était malade.", "il", ["Paul, le boulanger", "Marie"], 0,
                 "Marie a appelé Paul, le boulanger, car Paul, le boulanger était malade.", id="candidate-with-comma"),
    pytest.param("Je suis sûre que ce monument est dans mon guide, il est célèbre.", "il", ["monument", "guide"], 0,
                 "Je suis sûre que ce monument est dans mon guide, ce monument est célèbre.", id="bare-candidate-takes-text-determiner"),
]


@pytest.mark.parametrize("text, pronoun, candidates, nth, expected", SUBSTITUTIONS)
def test_substitute(text, pronoun, candidates, nth, expected):
    assert FR.substitute(make(text, pronoun, candidates, nth), 0) == expected


HYPOTHESES = [
    pytest.param("La coupe n'entre pas dans la valise car elle est trop grande.", "elle", ["la coupe", "la valise"], 0,
                 "La coupe est trop grande.", id="cut-at-car"),
    pytest.param("Les grands harcelaient les petits, donc on les a punis.", "les", ["les grands", "les petits"], 1,
                 "On a puni les grands.", id="object-clause-after-donc"),
    pytest.param("Thomas a dit bonjour à Raphaël et a déplacé son fou.", "son", ["Thomas", "Raphaël"], 0,
                 "Thomas a dit bonjour à Raphaël et a déplacé le fou de Thomas.", id="no-cut-before-subjectless-verb-phrase"),
    pytest.param("Gérard a appelé le barman et lui a rendu sa pinte.", "sa", ["le barman", "Gérard"], 0,
                 "Gérard a appelé le barman et lui a rendu la pinte du barman.", id="no-cut-before-dative-clitic"),
    pytest.param("J'ai versé l'eau de la carafe jusqu'à ce qu'elle soit vide.", "elle", ["la carafe", "l'eau"], 0,
                 "J'ai versé l'eau de la carafe jusqu'à ce que la carafe soit vide.", id="until-clause-not-asserted-frame-kept"),
    pytest.param("Le Dr. Martin a revu le garçon qu'il soignait.", "il", ["le Dr. Martin", "le garçon"], 0,
                 "Le Dr. Martin a revu le garçon que le Dr. Martin soignait.", id="abbreviation-is-no-sentence-end-relative-que-stays"),
    pytest.param("Le Dr. Martin a informé Paul qu'il partait.", "il", ["Paul", "le Dr. Martin"], 0,
                 "Paul partait.", id="completive-que-after-verb-and-object-frame-cut"),
    pytest.param("Léa a échangé le pull contre le gilet. Elle pense qu'il est trop court.", "il", ["le pull", "le gilet"], 0,
                 "Elle pense que le pull est trop court.", id="completive-que-after-pense-frame-kept"),
    pytest.param("Il est si grand qu'il touche le plafond.", "il", ["Paul", "Jean"], 0,
                 "Il est si grand que Paul touche le plafond.", id="si-adverb-is-no-boundary"),
    pytest.param("Marie a appelé Paul, le boulanger, car il était malade.", "il", ["Paul, le boulanger", "Marie"], 0,
                 "Paul, le boulanger était malade.", id="candidate-comma-does-not-cut"),
]


@pytest.mark.parametrize("text, pronoun, candidates, nth, expected", HYPOTHESES)
def test_hypothesis(text, pronoun, candidates, nth, expected):
    assert FR.hypothesis(make(text, pronoun, candidates, nth), 0) == expected


FAILURES = [
    pytest.param("Il faudra en faire plus.", "en", ["des biscuits", "des gâteaux"], "quantity", id="partitive-en"),
    pytest.param("Le chat a griffé le chien. Est-il énervé ?", "il", ["le chat", "le chien"], "hyphenated", id="inverted-subject"),
    pytest.param("Paul a un livre et il le lui a donné.", "le", ["un livre", "Paul"], "clitic cluster", id="clitic-cluster"),
    pytest.param("Les élèves ont aidé la directrice, car elle était débordée.", "elle", ["les élèves", "la directrice"], "gender",
                 id="gender-unknown-number-changes-predicate-shows-gender"),
    pytest.param("Les enfants ont vu le clown, car il conduit vite.", "il", ["les enfants", "le clown"], "agree", id="unknown-verb-number"),
    pytest.param("Les cerfs ont vu des loups. Leur terrier est loin.", "Leur", ["les cerfs", "les loups"], "gender", id="leur-gender-unknown"),
    pytest.param("Luc voyage en train, car il est rapide.", "il", ["train", "Luc"], "determiner", id="bare-candidate-without-determiner"),
]


@pytest.mark.parametrize("text, pronoun, candidates, reason", FAILURES)
def test_form_error_names_the_reason(text, pronoun, candidates, reason):
    """Rules that do not apply raise FormError with a reason; they never return a guess."""
    item = make(text, pronoun, candidates)
    with pytest.raises(FormError, match=reason):
        FR.substitute(item, 0)


def test_item_without_pronoun_is_reported():
    item = Item(id="t", corpus="test", language="fr", text="Paul pense à Jean.",
                candidates=[Candidate("Paul"), Candidate("Jean")], answer=0)
    with pytest.raises(FormError, match="no referring expression"):
        FR.hypothesis(item, 0)


@pytest.mark.parametrize(
    "word, number, expected",
    [("grands", "s", "grand"), ("beaux", "s", "beau"), ("égaux", "s", "égal"), ("heureux", "s", "heureux"),
     ("mis", "s", "mis"), ("grand", "p", "grands"), ("égal", "p", "égaux"), ("nouveau", "p", "nouveaux")],
)
def test_adjective_number(word, number, expected):
    assert adjective_number(word, number) == expected


@pytest.mark.parametrize(
    "participle, clitic, expected",
    [("punis", "les", "puni"), ("mises", "les", "mis"), ("mis", "les", "mis"), ("invitée", "l'", "invité"),
     ("faite", "la", "fait"), ("reconnu", "l'", "reconnu")],
)
def test_participle_agreement_undone(participle, clitic, expected):
    """Once the object follows the participle of avoir, the participle takes no agreement."""
    assert undo_agreement(participle, clitic) == expected


@pytest.mark.parametrize("tag", ["fr", "fr-CA", "fr-FR", "fr-BE", "fr-CH"])
def test_registered_under_its_tags(tag):
    assert isinstance(get_language(tag), French)


# -- the real corpora -------------------------------------------------------------------------------

#: mangled output the rules must never produce (uncontracted articles, unelided que, doubled spaces)
MANGLED = re.compile(r"(?i)(?<!\w)(?:de le|de les|à le|à les|que il|que elle|si il)(?!\w)|  | ,")


def derive_all(items):
    done, failed = [], []
    for item in items:
        try:
            done.append((item, [FR.substitute(item, k) for k in range(2)] + [FR.hypothesis(item, k) for k in range(2)]))
        except FormError as exc:
            failed.append((item.id, str(exc)))
    return done, failed


@pytest.mark.slow
def test_french_corpus_coverage(shared):
    """Measured: 206 of 214 items get both forms; the 8 others have no pronoun (4), "en" (2), or mark "Il" (Joël)
    where the candidates are two houses (2: the gold set refuses them)."""
    items = list(wt.read(shared / "french" / "French_Wino_Schemas.xml"))
    assert len(items) == 214
    done, failed = derive_all(items)
    assert len(done) >= 206
    reasons = sorted({reason.split(";")[0][:30] for _, reason in failed})
    assert all("referring expression" in r or "quantity" in r or "marked span agrees" in r for r in reasons), reasons
    for item, forms in done:
        for form in forms:
            assert len(MANGLED.findall(form)) <= len(MANGLED.findall(item.text)), (item.id, form)
            assert form[0].isupper(), (item.id, form)


@pytest.mark.slow
def test_french_corpus_spot_checks(shared):
    items = {i.id: i for i in wt.read(shared / "french" / "French_Wino_Schemas.xml")}
    first = items["french-wsc-1-A"]
    assert FR.hypothesis(first, first.answer).endswith("est trop grande.")
    clitic = items["french-wsc-5-A"]
    assert "on a puni" in FR.substitute(clitic, 0)
    possessive = items["french-wsc-48-A"]
    assert FR.substitute(possessive, 1).endswith("sur le dos du garçon.")


@pytest.mark.slow
def test_xwino_french_rows(shared):
    items = [i for i in wt.read(shared / "xwino" / "dataset.selected.tsv") if i.language == "fr"]
    assert len(items) == 2
    done, failed = derive_all(items)
    assert not failed
    assert all(forms[2].startswith(("Ce monument", "Mon guide")) for _, forms in done)
