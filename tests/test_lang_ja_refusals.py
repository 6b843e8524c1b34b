"""Japanese items a reader derives at once and the rules refused or cut wrong (issue #31), on sentences written
for these tests.

Three classes: a marked span holding two pronouns ("彼は彼", as XWINO's coarse tokens mark some) is the first
pronoun's, the second belonging to the rest of the sentence, unless the English source's pronoun names the other;
a word that may follow a pronoun (なら, ひとり, 自身) stays after the candidate; a source phrase at a comma
("彼によると、", "医者によると、") is no clause of its own, so the NLI hypothesis is the whole sentence.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import wino_toolkit as wt
from wino_toolkit.errors import FormError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.lang import get_language
from wino_toolkit.schema import Item, Span

sys.path.insert(0, str(Path(__file__).parent))
from test_lang_ja_blank import make  # noqa: E402  (the same item builder: the first marked span from ``at``)

JA = get_language("ja")


def forms(item: Item) -> dict[str, list[str]]:
    """Every form's output for candidate 0 (blank: its text), through the forms and their guards; a refusal fails
    the test with its reason."""
    out = {}
    for form in ("disambiguated", "nli", "blank"):
        report = FormReport()
        made = list(derive(form, [item], report))
        assert made, (form, [s.reason for s in report.skipped])
        first = made[0]
        out[form] = first.hypothesis if form == "nli" else first.text
    return out


def refusal(item: Item, form: str = "nli") -> str:
    report = FormReport()
    assert list(derive(form, [item], report)) == []
    return report.skipped[0].reason


# -- two pronouns in the marked span -----------------------------------------------------------------------------


@pytest.mark.parametrize("text, span, candidates, disambiguated, nli, blank", [
    pytest.param("健は次郎を待った。彼は彼を信じていたからだ。", "彼は彼", ["健", "次郎"],
                 "健は次郎を待った。健は彼を信じていたからだ。", "健は彼を信じていた。",
                 "健は次郎を待った。_は彼を信じていたからだ。", id="kare-wa-kare"),
    pytest.param("花子は美香に電話した。彼女は彼女に謝りたかったのだ。", "彼女は彼女", ["花子", "美香"],
                 "花子は美香に電話した。花子は彼女に謝りたかったのだ。", "花子は彼女に謝りたかった。",
                 "花子は美香に電話した。_は彼女に謝りたかったのだ。", id="kanojo-wa-kanojo"),
    pytest.param("選手たちはコーチたちに感謝した。彼らは彼らに多くを学んだからだ。", "彼らは彼ら", ["選手たち", "コーチたち"],
                 "選手たちはコーチたちに感謝した。選手たちは彼らに多くを学んだからだ。", "選手たちは彼らに多くを学んだ。",
                 "選手たちはコーチたちに感謝した。_は彼らに多くを学んだからだ。", id="plural-pair"),
    pytest.param("太郎は花子に花を贈った。彼は彼女が好きだったからだ。", "彼は彼女", ["太郎", "花子"],
                 "太郎は花子に花を贈った。太郎は彼女が好きだったからだ。", "太郎は彼女が好きだった。",
                 "太郎は花子に花を贈った。_は彼女が好きだったからだ。", id="two-personal-pronouns"),
    pytest.param("男は女に傘を渡した。彼には彼女が濡れているのが見えたからだ。", "彼には彼女", ["男", "女"],
                 "男は女に傘を渡した。男には彼女が濡れているのが見えたからだ。", "男には彼女が濡れているのが見えた。",
                 "男は女に傘を渡した。_には彼女が濡れているのが見えたからだ。", id="two-character-particle"),
    pytest.param("鈴木は田中を手伝った。しかし彼は彼に礼を言わなかった。", "彼は彼", ["鈴木", "田中"],
                 "鈴木は田中を手伝った。しかし鈴木は彼に礼を言わなかった。", "鈴木は彼に礼を言わなかった。",
                 "鈴木は田中を手伝った。しかし_は彼に礼を言わなかった。", id="after-a-connective"),
    pytest.param("猫は犬から逃げた。それはそれを怖がっていたからだ。", "それはそれ", ["猫", "犬"],
                 "猫は犬から逃げた。猫はそれを怖がっていたからだ。", "猫はそれを怖がっていた。",
                 "猫は犬から逃げた。_はそれを怖がっていたからだ。", id="sore-wa-sore"),
])
def test_two_pronouns_in_the_span_refer_by_the_first(text, span, candidates, disambiguated, nli, blank):
    assert forms(make(text, span, candidates)) == {"disambiguated": disambiguated, "nli": nli, "blank": blank}


def test_english_pronoun_that_fits_both_roles_leaves_the_first():
    """Both 彼は and 彼が are subjects: "he" does not tell which, so the first is the referring expression."""
    item = make("警官は少年を追いかけた。彼は彼が犯人だと信じていたからだ。", "彼は彼", ["警官", "少年"],
                ("The policeman chased the boy because he believed he was the culprit.", "he"))
    assert forms(item)["nli"] == "警官は彼が犯人だと信じていた。"


def test_english_pronoun_naming_the_second_still_narrows_to_it():
    item = make("社長は部下を呼んだ。彼は彼を褒めたかったのだ。", "彼は彼", ["社長", "部下"],
                ("The boss called his employee because he wanted to praise him.", "him"))
    assert forms(item) == {"disambiguated": "社長は部下を呼んだ。彼は社長を褒めたかったのだ。",
                           "nli": "彼は社長を褒めたかった。", "blank": "社長は部下を呼んだ。彼は_を褒めたかったのだ。"}


@pytest.mark.parametrize("text, span, candidates", [
    pytest.param("健は次郎を待った。それは彼の仕事だったからだ。", "それは彼", ["健", "次郎"], id="thing-and-person"),
    pytest.param("ジョンはビルを見た。この男は怪しかったからだ。", "この男", ["ジョン", "ビル"], id="demonstrative-phrase"),
    pytest.param("健は次郎を待った。彼は長男だったからだ。", "彼は長男", ["健", "次郎"], id="noun-not-pronoun"),
])
def test_span_without_a_pair_of_pronouns_is_still_refused(text, span, candidates):
    """それ names a thing, the candidates are people: "それは彼" is no pair, and no single pronoun either."""
    assert refusal(make(text, span, candidates)).startswith("marked span is not a pronoun")


def test_pronoun_inside_a_candidate_is_not_the_second_of_a_pair():
    item = make("ジョンは彼の友人を呼んだ。彼は彼の友人を信じていたからだ。", "彼は彼", ["ジョン", "彼の友人"], at=7)
    assert JA.reference(item) == Span(13, 14, "彼")


def test_xwino_row_marking_two_pronouns_is_derived(tmp_path: Path):
    """The XWINO reader marks whole tokens; a token "彼は彼" reaches the forms as that span."""
    tokens = ["健", "は", "次郎", "を待った。", "彼は彼", "を信じていたからだ。"]
    row = ["jp", "test", "Ken waited for Jiro because he trusted him.", "".join(tokens), json.dumps(tokens),
           json.dumps(["彼は彼", [4, 5], ["彼は彼"]]),
           json.dumps([["健", [0, 1], ["健"], True], ["次郎", [2, 3], ["次郎"], False]])]
    path = tmp_path / "xwino.tsv"
    path.write_text("\t".join(row) + "\n", encoding="utf-8")
    item = next(iter(wt.read(path, source_format="xwino")))
    assert item.pronoun.text == "彼は彼"
    assert forms(item)["nli"] == "健は彼を信じていた。"


# -- a word that may follow a pronoun ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, span, candidates, nli", [
    pytest.param("ジョンはビルに仕事を任せた。彼ならできると信じていたからだ。", "彼", ["ビル", "ジョン"],
                 "ビルならできると信じていた。", id="nara"),
    pytest.param("姉は妹に留守番を頼んだ。彼女ならば安心だと思ったのだ。", "彼女", ["妹", "姉"],
                 "妹ならば安心だと思った。", id="naraba"),
    pytest.param("父は息子を手伝った。彼ひとりでは無理だったからだ。", "彼", ["息子", "父"],
                 "息子ひとりでは無理だった。", id="hitori"),
    pytest.param("先輩は後輩を叱った。彼自身が約束を破ったからだ。", "彼自身", ["後輩", "先輩"],
                 "後輩自身が約束を破った。", id="jishin-in-the-span"),
    pytest.param("市長は記者たちを招いた。彼ら自身の目で確かめてほしかったからだ。", "彼ら自身", ["記者たち", "市長"],
                 "記者たち自身の目で確かめてほしかった。", id="plural-jishin-in-the-span"),
])
def test_word_after_the_pronoun_stays_after_the_candidate(text, span, candidates, nli):
    assert forms(make(text, span, candidates))["nli"] == nli


def test_sore_nara_is_still_a_connective():
    item = make("犬は猫を追いかけた。それならば捕まえられると思ったのだ。", "それ", ["犬", "猫"])
    assert refusal(item) == "marked span is not a pronoun ('それ' is part of 'それなら')"


def test_span_with_an_unknown_word_after_the_pronoun_is_still_refused():
    with pytest.raises(FormError, match="not a pronoun"):
        JA.substitute(make("健は次郎を待った。彼のほうが早かったからだ。", "彼のほう", ["健", "次郎"]), 0)


# -- a source phrase at a comma ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, span, candidates, nli", [
    pytest.param("ジョンはビルを手伝った。彼によると、簡単な仕事だった。", "彼", ["ビル", "ジョン"],
                 "ビルによると、簡単な仕事だった。", id="pronoun-in-yoru-to"),
    pytest.param("記者は警官に話を聞いた。彼によれば、犯人はまだ近くにいる。", "彼", ["警官", "記者"],
                 "警官によれば、犯人はまだ近くにいる。", id="pronoun-in-yoreba"),
    pytest.param("姉は妹を叱った。彼女からすれば、当然のことだった。", "彼女", ["姉", "妹"],
                 "姉からすれば、当然のことだった。", id="pronoun-in-kara-sureba"),
    pytest.param("父は息子を迎えに行った。先生によると、彼は熱があった。", "彼", ["息子", "父"],
                 "先生によると、息子は熱があった。", id="pronoun-after-the-source"),
    pytest.param("警部は証人を呼んだ。彼によれば、事件は夜に起きたのだ。", "彼", ["証人", "警部"],
                 "証人によれば、事件は夜に起きた。", id="sentence-ending-still-removed"),
])
def test_source_phrase_is_no_clause_of_its_own(text, span, candidates, nli):
    assert forms(make(text, span, candidates))["nli"] == nli


def test_clause_cut_at_an_ordinary_comma_is_unchanged():
    item = make("ケンはリョウを手伝った。彼が困っていたので、放っておけなかった。", "彼", ["リョウ", "ケン"])
    assert forms(item)["nli"] == "リョウが困っていた。"
