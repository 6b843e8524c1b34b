"""Russian derived forms: hand-written cases for each quirk, then PWS's Russian rows (../shared).

The grammar tests need pymorphy3 (the ``ru`` extra) and skip without it; the missing-dependency
and no-rules tests run either way.
"""
from __future__ import annotations

import csv
import re
import sys

import pytest
from conftest import shared_file

from wino_toolkit.errors import FormError, MissingDependencyError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.lang import get_language, has_rules
from wino_toolkit.schema import Candidate, Item, Span

RU = get_language("ru")


@pytest.fixture
def morph():
    pytest.importorskip("pymorphy3")
    pytest.importorskip("pymorphy3_dicts_ru")


def item(text: str, word: str, candidates: list[str], nth: int = 0, language: str = "ru", answer: int = 0) -> Item:
    """An item whose pronoun is the ``nth`` whole-word ``word`` (which may carry punctuation: "ему,")."""
    found = list(re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)" if word[-1].isalnum() else rf"(?<!\w){re.escape(word)}", text))[nth]
    cands = []
    for name in candidates:
        m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
        cands.append(Candidate(name, Span(m.start(), m.end(), m.group()) if m else None))
    return Item(id="t", corpus="test", language=language, text=text, candidates=cands, answer=answer,
                pronoun=Span(found.start(), found.end(), found.group()))


def both(it: Item) -> list[str]:
    return [RU.substitute(it, k) for k in range(len(it.candidates))]


# -- cases ------------------------------------------------------------------------------------------
def test_dative_pronoun_inflects_candidate(morph):
    it = item("Мальчик пришёл к учителю, и я дал ему книгу.", "ему", ["Мальчик", "учителю"])
    assert both(it) == ["Мальчик пришёл к учителю, и я дал мальчику книгу.", "Мальчик пришёл к учителю, и я дал учителю книгу."]


def test_accusative_animate_candidate(morph):
    it = item("Кошка заметила мальчика, и он испугал её.", "её", ["Кошка", "мальчика"])
    assert both(it) == ["Кошка заметила мальчика, и он испугал кошку.", "Кошка заметила мальчика, и он испугал мальчика."]


def test_prepositional_n_form(morph):
    it = item("Анна получила письмо от брата, но забыла о нём.", "нём", ["письмо", "брата"])
    assert both(it) == ["Анна получила письмо от брата, но забыла о письме.", "Анна получила письмо от брата, но забыла о брате."]


def test_o_becomes_ob_before_a_vowel(morph):
    it = item("Мы долго ждали Антона, а потом я думал о нём.", "нём", ["Антона"])
    assert RU.substitute(it, 0) == "Мы долго ждали Антона, а потом я думал об Антоне."


@pytest.mark.parametrize("text, word, candidates, expected", [
    ("Собака увидела кошку и подбежала к ней.", "ней", ["кошку", "Собака"], "подбежала к кошке."),
    ("Дети нашли щенка и играли с ним весь день.", "ним", ["щенка"], "играли с щенком весь день."),
    ("Лена купила шкаф и поставила на него вазу.", "него", ["шкаф"], "поставила на шкаф вазу."),
    ("Бабушка испекла пирожки для внуков и дала им чаю.", "им", ["пирожки", "внуков"], "дала пирожкам чаю."),
])
def test_n_forms_take_the_case_the_preposition_governs(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_comma_on_pronoun_is_kept(morph):
    """XWINO gives the pronoun token with its comma ("ему,"): the comma stays in the text."""
    it = item("Учитель позвонил Петру, и ему, наконец, ответили.", "ему,", ["Учитель", "Петру"])
    assert it.pronoun.text == "ему,"
    assert both(it) == ["Учитель позвонил Петру, и учителю, наконец, ответили.", "Учитель позвонил Петру, и Петру, наконец, ответили."]


def test_past_verb_gender_agreement(morph):
    it = item("Девочка толкнула мальчика, и она упала.", "она", ["Девочка", "мальчика"])
    assert both(it) == ["Девочка толкнула мальчика, и девочка упала.", "Девочка толкнула мальчика, и мальчик упал."]


def test_predicate_after_link_verb_agrees(morph):
    it = item("Кошка не поймала мышонка, потому что она была слишком медленной.", "она", ["Кошка", "мышонка"])
    assert RU.substitute(it, 1) == "Кошка не поймала мышонка, потому что мышонок был слишком медленным."


def test_present_verb_number_agreement(morph):
    it = item("Родители не пустили сына на концерт, потому что они боятся толпы.", "они", ["Родители", "сына"])
    assert RU.substitute(it, 1) == "Родители не пустили сына на концерт, потому что сын боится толпы."


def test_singular_collective_candidate_for_plural_pronoun(morph):
    it = item("Охрана задержала воров, потому что они пытались вскрыть сейф.", "они", ["Охрана", "воров"])
    assert both(it) == ["Охрана задержала воров, потому что охрана пыталась вскрыть сейф.",
                        "Охрана задержала воров, потому что воры пытались вскрыть сейф."]


def test_agreement_the_rules_cannot_see_is_skipped(morph):
    """A verb past a prepositional phrase may agree with the pronoun: never a half-changed sentence."""
    it = item("Девочка обогнала мальчика, потому что она с самого начала бежала быстрее.", "она", ["Девочка", "мальчика"])
    assert RU.substitute(it, 0).endswith("потому что девочка с самого начала бежала быстрее.")
    with pytest.raises(FormError, match="'бежала' may agree with the pronoun"):
        RU.substitute(it, 1)


def test_possessive_becomes_genitive_after_the_noun(morph):
    it = item("Учитель похвалил ученика, потому что его ответ был верным.", "его", ["Учитель", "ученика"])
    assert both(it) == ["Учитель похвалил ученика, потому что ответ учителя был верным.",
                        "Учитель похвалил ученика, потому что ответ ученика был верным."]


def test_reflexive_possessive(morph):
    it = item("Мама уложила дочку в свою кровать.", "свою", ["Мама", "дочку"])
    assert both(it) == ["Мама уложила дочку в кровать мамы.", "Мама уложила дочку в кровать дочки."]


def test_object_pronoun_before_a_verb_is_not_possessive(morph):
    it = item("Я нашёл ключ под ковром и не мог его поднять.", "его", ["ключ", "ковром"])
    assert both(it) == ["Я нашёл ключ под ковром и не мог ключ поднять.", "Я нашёл ключ под ковром и не мог ковёр поднять."]


def test_genitive_after_a_quantity_word(morph):
    it = item("Гостям понравились пирожки, поэтому завтра я испеку больше их.", "их", ["пирожки"])
    assert RU.substitute(it, 0).endswith("я испеку больше пирожков.")


def test_capital_at_sentence_start(morph):
    """The candidate opening a sentence takes a capital; a sentence-initial mention loses its capital mid-sentence."""
    it = item("Лампа стоит на столе. Она очень яркая.", "Она", ["Лампа", "столе"])
    assert both(it) == ["Лампа стоит на столе. Лампа очень яркая.", "Лампа стоит на столе. Стол очень яркий."]
    it = item("Шкаф не проходит в дверь, потому что он слишком широкий.", "он", ["Шкаф", "дверь"])
    assert both(it) == ["Шкаф не проходит в дверь, потому что шкаф слишком широкий.",
                        "Шкаф не проходит в дверь, потому что дверь слишком широкая."]


def test_possessive_at_sentence_start_leaves_a_capital(morph):
    it = item("Олег встретил Игоря. Его брат тоже пришёл.", "Его", ["Олег", "Игоря"])
    assert both(it) == ["Олег встретил Игоря. Брат Олега тоже пришёл.", "Олег встретил Игоря. Брат Игоря тоже пришёл."]


def test_names_keep_their_capital_and_e_spelling(morph):
    """Where the text writes е for ё, so do the inflected words ("тяжелом", not "тяжёлом")."""
    it = item("Я положил тяжелый камень на стол, и на нем осталась вмятина.", "нем", ["тяжелый камень", "стол"])
    assert both(it)[0] == "Я положил тяжелый камень на стол, и на тяжелом камне осталась вмятина."


def test_coordinated_candidate_is_plural(morph):
    it = item("Иван и Мария пригласили соседа, потому что он скучал.", "он", ["Иван и Мария", "соседа"])
    assert RU.substitute(it, 0) == "Иван и Мария пригласили соседа, потому что Иван и Мария скучали."


@pytest.mark.parametrize("text, word, candidates, reason", [
    ("Кот спал, и нему было тепло.", "нему", ["Кот"], "stands without a preposition"),
    ("Кот спал, и я видел это.", "это", ["Кот"], "not a third-person pronoun"),
])
def test_form_error_names_the_reason(morph, text, word, candidates, reason):
    with pytest.raises(FormError, match=reason):
        RU.substitute(item(text, word, candidates), 0)


def test_zero_slot_is_reported(morph):
    it = item("Кот спал.", "Кот", ["Кот"])
    it.pronoun = Span(3, 3, "")
    with pytest.raises(FormError, match="zero-anaphora slot"):
        RU.substitute(it, 0)


# -- NLI and blank ------------------------------------------------------------------------------------
def test_nli_hypothesis_drops_the_conjunction(morph):
    it = item("Шкаф не проходит в дверь, потому что он слишком широкий.", "он", ["Шкаф", "дверь"])
    assert [RU.hypothesis(it, k) for k in (0, 1)] == ["Шкаф слишком широкий.", "Дверь слишком широкая."]


def test_nli_hypothesis_runs_past_a_parenthetical(morph):
    it = item("Учитель позвонил Петру, и ему, наконец, ответили.", "ему,", ["Учитель", "Петру"])
    assert RU.hypothesis(it, 1) == "Петру, наконец, ответили."


@pytest.mark.parametrize("text, word, expected", [
    ("Мастер починил часы, которые он сделал сам.", "он", "Мастер починил часы, которые мастер сделал сам."),
    ("Мастер похвалил ученика, заметив его старание.", "его", "Мастер похвалил ученика, заметив старание мастера."),
    ("Мастер похвалил ученика, но не захотел его повторять.", "его",
     "Мастер похвалил ученика, но не захотел мастера повторять."),
])
def test_nli_takes_the_whole_sentence_where_the_clause_cannot_stand_alone(morph, text, word, expected):
    """A relative clause, a gerund phrase, a clause whose subject is outside it: the disambiguated sentence is
    the hypothesis (issue #31: it has the same label; these were refused before)."""
    it = item(text, word, ["Мастер", "ученика"] if "ученика" in text else ["Мастер", "часы"])
    assert RU.hypothesis(it, 0) == expected


def test_blank_options_are_in_the_pronoun_case(morph):
    it = item("Мальчик пришёл к учителю, и я дал ему книгу.", "ему", ["Мальчик", "учителю"])
    [out] = list(derive("blank", [it]))
    assert out.text == "Мальчик пришёл к учителю, и я дал _ книгу."
    assert [c.text for c in out.candidates] == ["мальчику", "учителю"]
    assert out.text[out.pronoun.start : out.pronoun.end] == "_"


def test_blank_skipped_when_options_need_different_agreement(morph):
    it = item("Девочка толкнула мальчика, и она упала.", "она", ["Девочка", "мальчика"])
    report = FormReport()
    assert list(derive("blank", [it], report)) == []
    assert "different agreement" in report.skipped[0].reason


def test_forms_through_derive(morph):
    it = item("Шкаф не проходит в дверь, потому что он слишком широкий.", "он", ["Шкаф", "дверь"])
    report = FormReport()
    pairs = list(derive("nli", [it], report))
    assert [p.hypothesis for p in pairs] == ["Шкаф слишком широкий.", "Дверь слишком широкая."] and not report.skipped
    assert [d.text for d in derive("disambiguated", [it])][1].endswith("дверь слишком широкая.")


def test_blank_option_after_a_removed_possessive_is_not_capitalised(morph):
    """"свою" goes before the slot, which moves it: the option is judged where the blank really stands."""
    it = item("Дедушка вел внука в свою комнату.", "свою", ["Дедушка", "внука"])
    [out] = list(derive("blank", [it]))
    assert out.text == "Дедушка вел внука в комнату _." and out.text[out.pronoun.start : out.pronoun.end] == "_"
    assert [c.text for c in out.candidates] == ["дедушки", "внука"]


@pytest.mark.parametrize("text, word, candidates, expected", [
    # a woman's foreign name in a consonant, unknown to the dictionary or known only as another name's form
    ("Бетт простила Ольгу, потому что она извинилась.", "она", ["Бетт", "Ольгу"], "потому что Бетт извинилась."),
    ("Я позвонил подруге Джейд, и ей сразу стало легче.", "ей", ["Джейд", "подруге"], "и Джейд сразу стало легче."),
    # a name in -е of common gender after a possessive его
    ("Учитель познакомил Пушкина с Гете, и тот оценил его стихи.", "его", ["Гете", "Пушкина"], "оценил стихи Гете."),
])
def test_foreign_names_that_do_not_decline_stay_as_written(morph, text, word, candidates, expected):
    assert RU.substitute(item(text, word, candidates), 0).endswith(expected)


def test_a_case_form_of_a_mans_name_under_a_feminine_pronoun_is_not_taken_for_a_fixed_name(morph):
    """"Джону" ends in a vowel but is Джон in the dative, not a name kept as written ("Джону скучала"): it reads
    only as Джон, so it declines and the verb takes its gender (issue #31; it was refused before)."""
    it = item("Мэри позвонила Джону, потому что она скучала.", "она", ["Мэри", "Джону"])
    assert RU.substitute(it, 0).endswith("потому что Мэри скучала.")
    assert RU.substitute(it, 1).endswith("потому что Джон скучал.")


def test_a_declined_name_is_preferred_to_a_rare_fixed_one(morph):
    """"Марку" is Марк in the dative, not the indeclinable name Марку."""
    it = item("Сид подарил книгу Марку, но он её не прочитал.", "он", ["Сид", "Марку"])
    assert RU.hypothesis(it, 1) == "Марк её не прочитал."


def test_nli_when_clause_keeps_its_main_clause(morph):
    it = item("Петр позвал Ивана, когда он закончил работу.", "он", ["Петр", "Ивана"])
    assert RU.hypothesis(it, 1) == "Петр позвал Ивана, когда Иван закончил работу."


def test_nli_time_clause_after_the_pronoun_stays(morph):
    it = item("Петр закрыл окно, потому что шел дождь. Он открыл его, когда дождь кончился.", "его", ["окно", "дождь"])
    assert RU.hypothesis(it, 0) == "Он открыл окно, когда дождь кончился."


def test_nli_copula_dash_is_not_a_clause_boundary(morph):
    it = item("Ольга вырастила дочь. Она – прекрасная певица.", "Она", ["Ольга", "дочь"])
    assert [RU.hypothesis(it, k) for k in (0, 1)] == ["Ольга – прекрасная певица.", "Дочь – прекрасная певица."]


def test_nli_object_clause_of_the_verb_stays(morph):
    it = item("Ольга не позвала Анну, хотя она знала, что Анна ждет.", "она", ["Ольга", "Анну"])
    assert RU.hypothesis(it, 0) == "Ольга знала, что Анна ждет."


# -- no rules, no pymorphy3 -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["nli", "disambiguated", "blank"])
def test_hungarian_has_no_rules(name):
    it = item("A macska elkapta az egeret, mert ő éhes volt.", "ő", ["A macska", "az egeret"], language="hu")
    report = FormReport()
    assert has_rules("ru") and not has_rules("hu")
    assert list(derive(name, [it], report)) == []
    assert [s.reason for s in report.skipped] == ["no rules for language hu"]


def test_without_pymorphy3_one_line_names_the_install(monkeypatch):
    from wino_toolkit.lang.ru import morphology

    morphology.analyzer.cache_clear()
    morphology.parses.cache_clear()
    monkeypatch.setitem(sys.modules, "pymorphy3", None)  # makes `import pymorphy3` fail
    it = item("Девочка толкнула мальчика, и она упала.", "она", ["Девочка", "мальчика"])
    try:
        with pytest.raises(MissingDependencyError) as caught:
            list(derive("disambiguated", [it]))
        assert str(caught.value) == "deriving Russian forms needs pymorphy3: pip install 'wino-toolkit[ru]'"
        assert "\n" not in str(caught.value)
    finally:
        morphology.analyzer.cache_clear()
        morphology.parses.cache_clear()


# -- PWS's Russian rows (../shared) --------------------------------------------------------------------
PWS = "pws/pws.tsv"


def pws_item(row: dict) -> Item | None:
    """An item from a PWS row's Russian columns: the pronoun is the first pronoun word of the
    snippet (found in the sentence after both candidates where it can be), the candidates the
    answers found in the sentence (or a word they begin: "автобус" in "автобуса"); None where
    either cannot be found."""
    from wino_toolkit.lang.ru.pronouns import PERSONAL, POSSESSIVE, REFLEXIVE

    words = set(PERSONAL) | set(POSSESSIVE) | REFLEXIVE
    text, snippet = row["sentence_rus"].strip(), row["snippet_rus"].strip()
    answers = [row["answer1_rus"].strip(), row["answer2_rus"].strip()]
    if not (text and snippet and all(answers)):
        return None
    spans = []
    for s in re.finditer(rf"(?<!\w){re.escape(snippet)}(?!\w)", text, re.IGNORECASE):
        m = next((w for w in re.finditer(r"\w+", s.group()) if w.group().lower().replace("ё", "е") in words), None)
        if m is not None:
            spans.append(Span(s.start() + m.start(), s.start() + m.end(), m.group()))
    if not spans:
        return None
    found = []
    for answer in answers:
        m = next((m for m in re.finditer(rf"(?<!\w){re.escape(answer)}\w*", text, re.IGNORECASE) if m.start() < spans[-1].start), None)
        if m is None:
            return None
        found.append(Candidate(answer, Span(m.start(), m.end(), m.group())))
    after = [s for s in spans if s.start > max(c.span.start for c in found)]
    correct = row["correct_answer_rus"].strip().lower()
    return Item(id=f"pws-{row['idx']}", corpus="pws", language="ru", text=text, candidates=found,
                answer=next((k for k, a in enumerate(answers) if a.lower() == correct), None),
                pronoun=after[0] if after else spans[-1], twin=row["orig_id"])


@pytest.fixture(scope="module")
def pws_rows():
    path = shared_file(PWS)
    csv.field_size_limit(10**8)
    with open(path, newline="", encoding="utf-8") as fh:
        return [r for r in csv.DictReader(fh, delimiter="\t") if r["sentence_rus"].strip()]


def test_pws_russian_coverage(morph, pws_rows):
    items = [it for it in map(pws_item, pws_rows) if it is not None]
    assert len(items) >= 240  # rows whose snippet holds no pronoun or whose answers are not in the sentence drop out
    for form, least in (("disambiguated", 0.85), ("nli", 0.8), ("blank", 0.8)):
        report = FormReport()
        list(derive(form, items, report))
        assert report.derived["pws"] / len(items) >= least, (form, report.reasons().most_common(5))
        assert all(s.reason for s in report.skipped)


def test_pws_russian_inflected_candidates_agree(morph, pws_rows):
    """Checked with pymorphy3 on every sentence made: the candidate's head noun is in the pronoun's
    case, and every word re-inflected for agreement shows the candidate's number (and gender)."""
    from wino_toolkit.lang.ru import tokenize
    from wino_toolkit.lang.ru.morphology import parses

    checked = 0
    for it in filter(None, map(pws_item, pws_rows)):
        span = RU.reference(it)
        for k in range(len(it.candidates)):
            try:
                rw = RU.rewrite(it, it.text, span, k)
            except FormError:
                continue
            toks = tokenize(it.text)
            i = next(n for n, t in enumerate(toks) if t.start == span.start)
            site = RU.site(it, it.text, toks, i)
            np = RU.phrase(it, k, [site.reading])
            head = next(p for p in np.parts if not isinstance(p, str) and p.head) if any(
                not isinstance(p, str) and p.head for p in np.parts) else None
            if head is not None and "Fixd" not in head.parse.tag:
                word = next(w for w in re.findall(r"\w+", rw.form) if w.lower().replace("ё", "е")[:2] == head.text.lower().replace("ё", "е")[:2])
                low = word.lower().replace("ё", "е")
                in_case = any(p.tag.case == site.reading.case and p.tag.POS == "NOUN" for p in parses(low))
                # a surname pymorphy3 only guesses at ("Шатову") re-parses otherwise: its own lexeme decides
                in_lexeme = any(f.word.replace("ё", "е") == low and f.tag.case == site.reading.case for f in head.parse.lexeme)
                assert in_case or in_lexeme, (it.id, k, rw.form)
            for start, end, new in rw.edits:
                if new and new.lower() not in ("о", "об", "с", "со"):
                    tags = [p.tag for p in parses(new.lower())]
                    assert any(np.number in t for t in tags), (it.id, k, new)
            checked += 1
    assert checked >= 400
