"""Japanese NLI hypotheses never assert what the text only supposes, reports or wishes (issue #31, class 7), and
lose the polite or explanatory endings the tail table did not know. Every sentence here is invented.

A clause that is a condition ("彼がいなければ、"), a quotation ("彼が犯人だと、"), a wish ("彼が無事なように、") or the
content of hearsay ("…ので、休んだそうだ") is not the text's claim: the hypothesis is its whole sentence with the
pronoun replaced, which is; a cause or a fact before a comma ("彼が困っていたので、") still gives its clause alone.
"""
from __future__ import annotations

import pytest

from wino_toolkit.errors import FormError
from wino_toolkit.forms import FormReport, derive
from wino_toolkit.lang import get_language
from wino_toolkit.schema import Candidate, Item, Span

JA = get_language("ja")


def make(text: str, pronoun: str, candidates: list[str]) -> Item:
    """An item marking the first ``pronoun``; candidates located where they first occur."""
    start = text.index(pronoun)
    cands = []
    for name in candidates:
        k = text.find(name)
        cands.append(Candidate(name, Span(k, k + len(name), name) if k >= 0 else None))
    return Item(id="t", corpus="test", language="ja", text=text, candidates=cands, answer=0,
                pronoun=Span(start, start + len(pronoun), pronoun)).check()


def hypothesis(text: str, pronoun: str, candidates: list[str]) -> str:
    """Candidate 0's NLI hypothesis, through the forms and their minimal-edit guard; fails with the skip reason."""
    report = FormReport()
    pairs = list(derive("nli", [make(text, pronoun, candidates)], report))
    assert pairs, [s.reason for s in report.skipped]
    return pairs[0].hypothesis


# -- a condition is not asserted: the whole sentence ---------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    pytest.param("ボブはトムを待った。彼が来なかったら、一人で行くつもりだった。", "トムが来なかったら、一人で行くつもりだった。",
                 id="tara"),
    pytest.param("ボブはトムに頼んだ。彼が手伝わなければ、引っ越しは終わらない。", "トムが手伝わなければ、引っ越しは終わらない。",
                 id="nakereba-not-nai"),
    pytest.param("ボブはトムを励ました。彼が努力を続ければ、必ず合格する。", "トムが努力を続ければ、必ず合格する。",
                 id="eba-verb-not-mangled"),
    pytest.param("ボブはトムを見た。彼の顔が赤ければ、熱がある。", "トムの顔が赤ければ、熱がある。", id="kereba-not-i"),
    pytest.param("ボブはトムに言った。彼が行くなら、車を貸す。", "トムが行くなら、車を貸す。", id="nara"),
    pytest.param("ボブはトムを見張った。彼が謝らない限り、許さない。", "トムが謝らない限り、許さない。", id="kagiri"),
    pytest.param("ボブはトムに傘を貸した。雨が降ったら、彼は困るだろう。", "雨が降ったら、トムは困るだろう。",
                 id="pronoun-in-the-consequence"),
    pytest.param("ボブはトムを待った。暗くなると、彼は不安になった。", "暗くなると、トムは不安になった。",
                 id="to-condition-before"),
])
def test_condition_keeps_its_sentence(text, expected):
    assert hypothesis(text, "彼", ["トム", "ボブ"]) == expected


def test_concessive_and_temporal_clauses_still_give_the_main_clause():
    """Only a condition widens: "even if" and "when" leave their main clause asserted."""
    assert hypothesis("ボブはトムに謝った。雨が降っても、彼は来た。", "彼", ["トム", "ボブ"]) == "トムは来た。"
    assert hypothesis("ボブはトムを待った。彼が来たとき、雨が降っていた。", "彼", ["トム", "ボブ"]) == "トムが来た。"


# -- what is reported, thought, heard or wished is not asserted ------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    pytest.param("ボブはトムを疑った。彼が金を盗んだと、誰もが噂していたからだ。", "トムが金を盗んだと、誰もが噂していた。",
                 id="quotation-before-comma"),
    pytest.param("ボブはトムに謝った。彼が怒っていたので、謝ったそうだ。", "トムが怒っていたので、謝ったそうだ。",
                 id="hearsay-sou-da-over-a-cause"),
    pytest.param("ボブはトムを呼んだ。彼が遅れたので、会議は延期らしい。", "トムが遅れたので、会議は延期らしい。",
                 id="hearsay-rashii"),
    pytest.param("ボブはトムを叱った。彼が宿題を忘れたので、先生が怒ったと言った。", "トムが宿題を忘れたので、先生が怒ったと言った。",
                 id="reported-to-itta"),
    pytest.param("ボブはトムを見送った。彼が無事に着くように、ずっと祈っていた。", "トムが無事に着くように、ずっと祈っていた。",
                 id="wish-you-ni"),
    pytest.param("ボブはトムを信じていた。彼が勝つことを、みんなが期待している。", "トムが勝つことを、みんなが期待している。",
                 id="wish-koto-wo-non-past"),
    pytest.param("ボブはトムに聞いた。彼が来るかどうか、知りたかったのだ。", "トムが来るかどうか、知りたかった。",
                 id="whether"),
    pytest.param("ボブはトムを見ていた。彼はまじめだが、少し頑固だと、ボブは思った。", "トムはまじめだが、少し頑固だと、ボブは思った。",
                 id="quotation-after-the-clause"),
    pytest.param("ボブはトムを呼んだ。ボブは、彼が正しいと思った。", "ボブは、トムが正しいと思った。", id="thinker-kept"),
])
def test_reported_or_wished_keeps_its_sentence(text, expected):
    assert hypothesis(text, "彼", ["トム", "ボブ"]) == expected


def test_a_fact_or_a_past_cause_before_a_comma_gives_its_clause():
    """Factive こと and a past ため are asserted: the clause alone, as before."""
    assert hypothesis("ボブはトムを叱った。彼が嘘をついたことを、ボブは知っていた。", "彼", ["トム", "ボブ"]) == "トムが嘘をついた。"
    assert hypothesis("ボブはトムを褒めた。彼が試合に勝ったために、チームは優勝した。", "彼", ["トム", "ボブ"]) == "トムが試合に勝った。"


def test_purpose_is_not_asserted():
    """A non-past ため states a purpose: before a comma, or closing a sentence with the copula."""
    assert hypothesis("ボブはトムを鍛えた。彼が試合に勝つために、毎日走らせた。", "彼", ["トム", "ボブ"]) == (
        "トムが試合に勝つために、毎日走らせた。")
    assert hypothesis("ボブはトムに本を貸した。彼が試験に受かるためだ。", "彼", ["トム", "ボブ"]) == "トムが試験に受かるためだ。"


def test_an_afterthought_purpose_keeps_the_sentence_it_completes():
    """"…邪魔をした。彼が…ために。": the purpose alone is no sentence and no claim; the two sentences together are."""
    text = "ボブはトムの邪魔をした。彼が部屋を使えるようにするために。"
    assert hypothesis(text, "彼", ["ボブ", "トム"]) == "ボブはトムの邪魔をした。ボブが部屋を使えるようにするために。"


def test_a_first_sentence_that_ends_in_a_purpose_is_refused():
    item = make("彼が勝つために。", "彼", ["トム", "ボブ"])
    with pytest.raises(FormError, match="does not end like a sentence"):
        JA.hypothesis(item, 0)


# -- polite, colloquial and explanatory endings -------------------------------------------------------------------


@pytest.mark.parametrize("ending, expected", [
    ("来るからでした", "トムがいつも来る。"), ("来たためでした", "トムがいつも来た。"), ("来たのでした", "トムがいつも来た。"),
    ("来たんだ", "トムがいつも来た。"), ("来るからね", "トムがいつも来る。"), ("来るからよ", "トムがいつも来る。"),
    ("来たからさ", "トムがいつも来た。"), ("来たからなんです", "トムがいつも来た。"), ("来たからなのだ", "トムがいつも来た。"),
    ("来たんです", "トムがいつも来た。"), ("来るんですよ", "トムがいつも来る。"), ("来たのだった", "トムがいつも来た。"),
    ("来たからですよね", "トムがいつも来た。"), ("来ないんだ", "トムがいつも来ない。"),
])
def test_polite_and_explanatory_endings_are_removed(ending, expected):
    assert hypothesis(f"ボブはトムを褒めた。彼がいつも{ending}。", "彼", ["トム", "ボブ"]) == expected


def test_na_adjective_keeps_its_copula():
    assert hypothesis("ボブはトムに本を贈った。彼は本が好きなんだ。", "彼", ["トム", "ボブ"]) == "トムは本が好きだ。"


def test_a_past_in_n_da_is_not_an_explanatory_ending():
    """"読んだ" ends in んだ but is a past tense: nothing is cut from it."""
    assert hypothesis("ボブはトムに本を渡した。彼はそれを読んだ。", "彼", ["トム", "ボブ"]) == "トムはそれを読んだ。"


# -- an afterthought that is a quotation, a question or a wish keeps the sentence it completes --------------------


@pytest.mark.parametrize("text, expected", [
    pytest.param("ボブはトムに言った。彼は天才だと。", "ボブはトムに言った。トムは天才だと。", id="quotation-to"),
    pytest.param("ボブはトムに尋ねた。彼が明日来るかどうか。", "ボブはトムに尋ねた。トムが明日来るかどうか。", id="whether"),
    pytest.param("ボブはトムに尋ねた。彼が何を探しているのかと。", "ボブはトムに尋ねた。トムが何を探しているのかと。",
                 id="question-no-ka-to"),
    pytest.param("ボブはトムに地図を渡した。彼が迷わないように。", "ボブはトムに地図を渡した。トムが迷わないように。",
                 id="wish-you-ni"),
])
def test_unasserted_afterthought_keeps_the_sentence_it_completes(text, expected):
    assert hypothesis(text, "彼", ["トム", "ボブ"]) == expected
