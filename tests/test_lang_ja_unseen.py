"""Japanese derived forms under the minimal-edit guard (issue #21), on sentences written for these tests.

Three classes: the NLI hypothesis's clause is reported as it is really cut (a dropped connective, a removed or
rewritten ending), so the guard passes right derivations and still catches others; a clause cut at a comma
that would end in an adverb or a continuative form ("また、", "高く、") is widened to its sentence; a marked span
that is not a referring expression (a character of 彼岸, それぞれ, 男性, a connective) is skipped.
"""
from __future__ import annotations

import pytest

from wino_toolkit.errors import FormError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.forms.minimal import check_minimal_edit
from wino_toolkit.lang import get_language
from wino_toolkit.schema import Candidate, Item, Span

JA = get_language("ja")


def make(text: str, pronoun: str, candidates: list[str], at: int = 0) -> Item:
    """An item marking the first ``pronoun`` from character ``at``; candidates located where they occur."""
    start = text.index(pronoun, at)
    cands = []
    for name in candidates:
        k = text.find(name)
        cands.append(Candidate(name, Span(k, k + len(name), name) if k >= 0 else None))
    return Item(id="t", corpus="test", language="ja", text=text, candidates=cands, answer=0,
                pronoun=Span(start, start + len(pronoun), pronoun)).check()


def hypotheses(item: Item) -> list[str]:
    """The NLI form's hypotheses, through the forms and their guard; fails with the skip reason."""
    report = FormReport()
    pairs = list(derive("nli", [item], report))
    assert pairs, [s.reason for s in report.skipped]
    return [p.hypothesis for p in pairs]


# -- the guard compares the hypothesis with the characters it is really cut from --------------------------


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    pytest.param("店長は店員を褒めた。彼がいつも早く来るからである。", "彼", ["店員", "店長"],
                 "店員がいつも早く来る。", id="kara-de-aru-removed"),
    pytest.param("母は娘に傘を渡した。彼女は雨に濡れたくなかったのだ。", "彼女", ["娘", "母"],
                 "娘は雨に濡れたくなかった。", id="no-da-removed"),
    pytest.param("犬は猫を追わなかった。しかしながら、それは猫が怖かったのではない。", "それ", ["犬", "猫"],
                 "犬は猫が怖かったのではない。", id="long-connective-and-comma-dropped"),
    pytest.param("先生は生徒を待った。彼が宿題を出さなければ、授業は始まらない。", "彼", ["生徒", "先生"],
                 "生徒が宿題を出さなければ、授業は始まらない。", id="nakereba-condition-kept-whole"),
    pytest.param("兄は弟に席を譲った。彼は足が痛ければ、座るべきだ。", "彼", ["弟", "兄"],
                 "弟は足が痛ければ、座るべきだ。", id="kereba-condition-kept-whole"),
    pytest.param("ケンはリョウを手伝った。彼が困っていたので、放っておけなかった。", "彼", ["リョウ", "ケン"],
                 "リョウが困っていた。", id="node-before-comma-removed"),
    pytest.param("姉は妹に本を貸した。彼女はそれを読み終えたら、返すつもりだ。", "彼女", ["妹", "姉"],
                 "妹はそれを読み終えたら、返すつもりだ。", id="tara-clause-widened-and-reported-so"),
])
def test_hypothesis_passes_the_guard(text, pronoun, candidates, expected):
    assert hypotheses(make(text, pronoun, candidates))[0] == expected


def test_guard_still_catches_a_change_beside_the_cut_clause():
    """Only the ending the rules rewrite may change: a changed predicate in the clause is refused."""
    item = make("店長は店員を褒めた。彼がいつも早く来るからである。", "彼", ["店員", "店長"])
    bounds = JA.clause_bounds(item, JA.reference(item))
    check_minimal_edit(JA, item, "店員がいつも早く来る。", bounds=bounds)
    with pytest.raises(FormError, match="changed words"):
        check_minimal_edit(JA, item, "店員がいつも遅く来る。", bounds=bounds)
    with pytest.raises(FormError, match="changed words"):
        check_minimal_edit(JA, item, "店員がいつも早く来ない。", bounds=bounds)


def test_ending_rewrites_agree_only_as_the_tails_table_says():
    assert JA.may_agree("け", "い") and JA.may_agree("な", "だ")
    assert not JA.may_agree("が", "は") and not JA.may_agree("い", "け")


# -- class 4: a cut at a comma must not leave an adverb or a continuative form --------------------------------


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    pytest.param("町の人々は市長を選んだ。彼らはまた、新しい図書館も望んだ。", "彼ら", ["町の人々", "市長"],
                 "町の人々はまた、新しい図書館も望んだ。", id="mata-before-comma"),
    pytest.param("泥棒は警官に捕まった。彼はすぐ、牢屋に入れられた。", "彼", ["泥棒", "警官"],
                 "泥棒はすぐ、牢屋に入れられた。", id="adverb-sugu-before-comma"),
    pytest.param("新しい電球は古い電球より人気がある。それらは明るく、長持ちするからだ。", "それら", ["新しい電球", "古い電球"],
                 "新しい電球は明るく、長持ちする。", id="adjective-continuative-ku"),
    pytest.param("ユキはミホに駅で会った。彼女は花を買い、ユキに渡した。", "彼女", ["ミホ", "ユキ"],
                 "ミホは花を買い、ユキに渡した。", id="verb-continuative-i"),
    pytest.param("父は息子に言った。彼はもう、子供ではないと。", "彼", ["息子", "父"],
                 "父は息子に言った。息子はもう、子供ではないと。", id="adverb-mou-in-a-quotation-kept-with-its-verb"),
])
def test_comma_cut_fragment_is_widened_to_the_sentence(text, pronoun, candidates, expected):
    assert hypotheses(make(text, pronoun, candidates))[0] == expected


# -- class 2: the marked span is not a referring expression --------------------------------------------------


@pytest.mark.parametrize("text, pronoun, candidates", [
    pytest.param("祖母と孫は彼岸に墓参りをした。", "彼", ["祖母", "孫"], id="kanji-of-higan"),
    pytest.param("生徒たちはそれぞれ先生に手紙を書いた。", "そ", ["生徒たち", "先生"], id="so-of-sorezore"),
    pytest.param("生徒たちはそれぞれ先生に手紙を書いた。", "それ", ["生徒たち", "先生"], id="sore-of-sorezore"),
    pytest.param("看護師は男性の患者を助けた。", "男", ["看護師", "患者"], id="kanji-of-dansei"),
    pytest.param("アキは長男を学校に送った。", "男", ["アキ", "学校"], id="kanji-ending-chonan"),
    pytest.param("犬は骨を埋めた。それでも、猫は見ていた。", "それ", ["犬", "骨"], id="connective-soredemo"),
    pytest.param("店はパンを売り切った。それに、牛乳もなかった。", "それ", ["店", "パン"], id="connective-soreni"),
])
def test_not_a_pronoun_is_skipped_in_every_form(text, pronoun, candidates):
    item = make(text, pronoun, candidates)
    for form in ("disambiguated", "nli", "blank"):
        report = FormReport()
        assert not list(derive(form, [item], report))
        assert "marked span is not a pronoun" in report.skipped[0].reason


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    pytest.param("王は家来を呼んだ。彼自身が行けなかったからだ。", "彼", ["王", "家来"],
                 "王は家来を呼んだ。王自身が行けなかったからだ。", id="jishin-follows"),
    pytest.param("犬は骨を埋めた。それに土をかけた。", "それ", ["骨", "犬"],
                 "犬は骨を埋めた。骨に土をかけた。", id="sore-ni-without-comma-is-a-pronoun"),
    pytest.param("鳥たちは餌を探した。彼ら今、森にいる。", "彼ら", ["鳥たち", "餌"],
                 "鳥たちは餌を探した。鳥たち今、森にいる。", id="plural-ends-the-word"),
])
def test_pronoun_before_a_follower_is_still_a_pronoun(text, pronoun, candidates, expected):
    assert JA.substitute(make(text, pronoun, candidates), 0) == expected
