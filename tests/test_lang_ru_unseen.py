"""Russian derived forms on sentences of the error classes a hand judgement found on unseen data (issue 21).

Every sentence here is invented. Each test is named for its class: the minimal-edit guard's view of
Russian agreement, multi-word names, genitive constructions, object её, names that are also common
nouns, agreeing words before the pronoun, participle phrases, numerals, and spans that are not pronouns.
"""
from __future__ import annotations

import pytest
from test_lang_ru import item, morph  # noqa: F401  (the fixture skips without pymorphy3)

from wino_toolkit.errors import FormError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.lang import get_language

RU = get_language("ru")


def derived(form: str, it) -> tuple[list[str], list[str]]:
    report = FormReport()
    out = [getattr(r, "hypothesis", None) or r.text for r in derive(form, [it], report)]
    return out, [s.reason for s in report.skipped]


# -- the guard: agreement and the possessive's noun phrase -----------------------------------------
@pytest.mark.parametrize("old, new", [("широкий", "широкая"), ("упала", "упал"), ("голодна", "голоден"),
                                      ("расстроена", "расстроен"), ("сама", "сам"), ("две", "два"), ("о", "об"),
                                      ("с", "со"), ("к", "ко"), ("в", "во")])
def test_guard_accepts_agreement(morph, old, new):
    assert RU.may_agree(old, new)


@pytest.mark.parametrize("old, new", [("стол", "стола"), ("до", "дом"), ("через", "чересчур"), ("в", "об"),
                                      ("широкий", "узкая"), ("упала", "встал"), ("после", "последний")])
def test_guard_refuses_other_words(morph, old, new):
    assert not RU.may_agree(old, new)


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Мальчик сломал санки, и его старый друг помог.", "его", ["Мальчик", "санки"],
     "Мальчик сломал санки, и старый друг мальчика помог."),
    ("Джим налил воду в его пустой стакан.", "его", ["Джим"], "Джим налил воду в пустой стакан Джима."),
    ("Соня взяла у Лены её новую красную ручку.", "её", ["Лены", "Соня"], "Соня взяла у Лены новую красную ручку Лены."),
])
def test_guard_possessive_rewrites_its_noun_phrase(morph, text, word, candidates, expected):
    out, skipped = derived("disambiguated", item(text, word, candidates))
    assert out[0] == expected and not skipped


def test_guard_far_agreement_passes(morph):
    it = item("Чемодан не влез в сумку, потому что он был слишком тяжёлым.", "он", ["Чемодан", "сумку"])
    out, skipped = derived("disambiguated", it)
    assert out[1].endswith("потому что сумка была слишком тяжёлой.") and not skipped


# -- class 3: Russian morphology -------------------------------------------------------------------
@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Я позвонил Петру Ильину, и он сразу приехал.", "он", ["Петру Ильину"], "и Петр Ильин сразу приехал."),
    ("Мы ждали господина Котова, и он пришёл.", "он", ["господина Котова"], "и господин Котов пришёл."),
    ("Соседи уважали Марию Орлову, и ей доверяли ключи.", "ей", ["Марию Орлову"], "и Марии Орловой доверяли ключи."),
    ("Вчера госпожа Белова звонила, но её не застали.", "её", ["госпожа Белова"], "но госпожу Белову не застали."),
])
def test_multi_word_name_declines_as_a_whole(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_title_with_a_genitive_name_keeps_it(morph):
    it = item("Мы навестили дядю Вани, и ему понравились цветы.", "ему", ["дядю Вани"])
    assert RU.substitute(it, 0).endswith("и дяде Вани понравились цветы.")


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Учитель похвалил Анну и Бориса, потому что они хорошо работали.", "они", ["Анну и Бориса"],
     "потому что Анна и Борис хорошо работали."),
    ("Лена позвала Олега и Диму, но их не пустили.", "их", ["Олега и Диму"], "но Олега и Диму не пустили."),
    ("Я давно знаю Игоря и Веру, и они всегда помогали.", "они", ["Игоря и Веру"], "и Игорь и Вера всегда помогали."),
])
def test_coordinated_names_decline_each_and_agree_in_the_plural(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Мы купили книги, но их не хватило.", "их", ["книги"], "но книг не хватило."),
    ("Коля принёс яблоки, и их было много.", "их", ["яблоки"], "и яблок было много."),
    ("Мама сварила чай, и мне захотелось его.", "его", ["чай"], "и мне захотелось чая."),
    ("Мы позвали сестру, но её не было дома.", "её", ["сестру"], "но сестры не было дома."),
    ("Ребята искали лодку, но её нигде нет.", "её", ["лодку"], "но лодки нигде нет."),
])
def test_quantity_and_absence_take_the_genitive(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_a_quantity_of_something_else_keeps_the_accusative(morph):
    it = item("Бабушка любит внуков и видит их много раз в год.", "их", ["внуков"])
    assert RU.substitute(it, 0).endswith("видит внуков много раз в год.")


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Ира нашла книгу и отдала её брату.", "её", ["книгу"], "и отдала книгу брату."),
    ("Оля купила куклу и подарила её подруге.", "её", ["куклу"], "и подарила куклу подруге."),
    ("Ира увидела её.", "её", ["Ира"], "Ира увидела Иру."),
])
def test_object_her_is_not_the_possessive(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_possessive_her_before_an_accusative_noun_stays_possessive(morph):
    it = item("Ира встретила Олю и увидела её сестру.", "её", ["Олю"])
    assert RU.substitute(it, 0).endswith("и увидела сестру Оли.")


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Мы ждали Веру, потому что она обещала прийти.", "она", ["Веру"], "потому что Вера обещала прийти."),
    ("Я встретил Романа, и он улыбнулся.", "он", ["Романа"], "и Роман улыбнулся."),
    ("Роза пришла к Кате, и она испекла пирог. Роза любит пироги.", "она", ["Роза"], "и Роза испекла пирог. Роза любит пироги."),
])
def test_capitalised_name_keeps_its_name_reading(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_sentence_initial_name_homograph_the_text_does_not_settle_is_refused(morph):
    it = item("Вера позвала Олю, потому что она скучала.", "она", ["Вера", "Олю"])
    with pytest.raises(FormError, match="may be a name or the common noun"):
        RU.substitute(it, 0)


def test_a_declining_name_of_the_other_gender_is_not_taken_for_a_fixed_name(morph):
    """A man's name under "она" declines as his name and the verb takes his gender (issue #31; was refused)."""
    for name in ("Ивана", "Иван"):
        it = item("Анна позвала Ивана, потому что она скучала.", "она", ["Анна", name])
        assert RU.substitute(it, 1) == "Анна позвала Ивана, потому что Иван скучал."


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Врач осмотрел больного мальчика, потому что ему было плохо.", "ему", ["больного мальчика"],
     "потому что больному мальчику было плохо."),
    ("Сама она не знала ответа, и учитель тоже.", "она", ["учитель"], "Сам учитель не знал ответа, и учитель тоже."),
    ("Мы ждали рабочих, но все они опоздали.", "они", ["рабочих"], "но все рабочие опоздали."),
])
def test_adjective_before_the_substituted_noun_agrees_with_it(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_another_agreeing_word_before_the_pronoun_is_refused(morph):
    it = item("Мальчик устал, и бедная она ушла.", "она", ["Мальчик"])
    with pytest.raises(FormError, match="'бедная' before the pronoun"):
        RU.substitute(it, 0)


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Я видел кота, спящего на его подушке.", "его", ["кота"], "Я видел кота, спящего на подушке кота."),
    ("Мальчик, увидевший его в окне, закричал.", "его", ["Мальчик"], "Мальчик, увидевший мальчика в окне, закричал."),
    ("Бабушка смотрела на внука, читающего ей сказку.", "ей", ["Бабушка"],
     "Бабушка смотрела на внука, читающего бабушке сказку."),
])
def test_participle_phrase_is_not_a_sentence(morph, text, word, candidates, expected):
    """A participle phrase is no hypothesis: the whole sentence with the candidate is (issue #31; was refused)."""
    out, skipped = derived("nli", item(text, word, candidates))
    assert out == [expected] and not skipped


# -- class 5: nouns in an oblique case or plural, with numerals ----------------------------------------
@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Я поговорил с тремя сёстрами, и они мне понравились.", "они", ["тремя сёстрами"], "и три сестры мне понравились."),
    ("Мы встретили двух друзей, и они нам помогли.", "они", ["двух друзей"], "и два друга нам помогли."),
    ("Папа купил пять яблок, и мы съели их.", "их", ["пять яблок"], "и мы съели пять яблок."),
    ("Я написал двум подругам, и их не было дома.", "их", ["двум подругам"], "и двух подруг не было дома."),
])
def test_numeral_and_oblique_plural_nouns_are_found(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_numeral_the_rules_cannot_inflect_says_so(morph):
    it = item("Мы встретили пятерых друзей, и они нам помогли.", "они", ["пятерых друзей"])
    with pytest.raises(FormError, match="counts with a numeral"):
        RU.substitute(it, 0)


# -- class 2: the marked span is not a referring expression --------------------------------------------
@pytest.mark.parametrize("text, word, candidates", [
    ("Кот спал на диване, потому что было тепло.", "диване", ["Кот", "диване"]),
    ("Кот спал у Пети, потому что я его гладил.", "я", ["Кот", "Пети"]),
    ("Кот спал у Пети, и это было мило.", "это", ["Кот", "Пети"]),
])
def test_marked_span_is_not_a_pronoun(morph, text, word, candidates):
    for form in ("disambiguated", "nli", "blank"):
        out, skipped = derived(form, item(text, word, candidates))
        assert out == [] and skipped[0].startswith("marked span is not a pronoun")


# -- found by the invented gold set's first measurement ------------------------------------------------
def test_quantity_after_a_link_verb_takes_the_genitive(morph):
    it = item("Мы вырастили помидоры, но их оказалось слишком много.", "их", ["помидоры"])
    assert RU.substitute(it, 0).endswith("но помидоров оказалось слишком много.")


def test_a_rare_reading_of_another_word_does_not_win_by_agreeing(morph):
    """"вода" for "его": the pronoun's gender does not make it "вод" (a rare genitive of another noun)."""
    it = item("Вода испортилась в котле, потому что его не закрыли.", "его", ["Вода", "котле"])
    assert RU.substitute(it, 0).endswith("потому что воду не закрыли.")


def test_short_adjective_after_a_link_verb_agrees_however_rare_its_reading(morph):
    it = item("Девочка примерила пальто, но оно оказалось мало.", "оно", ["Девочка", "пальто"])
    assert RU.substitute(it, 0).endswith("но девочка оказалась мала.")
