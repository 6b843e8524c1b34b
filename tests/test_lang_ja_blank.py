"""Japanese blank (WinoGrande) form and the choice of pronoun (issue #13), on sentences written for these tests."""
from __future__ import annotations

import pytest

from wino_toolkit.forms import FormReport, blank
from wino_toolkit.lang import get_language
from wino_toolkit.lang.ja import english_role, japanese_role
from wino_toolkit.schema import Candidate, Item, Span

JA = get_language("ja")


def make(text: str, pronoun: str, candidates: list[str], english: tuple[str, str] | None = None, at: int = 0) -> Item:
    """An item marking the first ``pronoun`` from character ``at`` (a DPR reader marks the first one);
    ``english``: the English source's sentence and pronoun, kept in meta as the Japanese DPR keeps them."""
    start = text.index(pronoun, at)
    cands = []
    for name in candidates:
        k = text.find(name)
        cands.append(Candidate(name, Span(k, k + len(name), name) if k >= 0 else None))
    meta = {"en": {"sentence": english[0], "pronoun": english[1]}} if english else {}
    return Item(id="t", corpus="test", language="ja", text=text, candidates=cands, answer=0,
                pronoun=Span(start, start + len(pronoun), pronoun), meta=meta).check()


def blanked(item: Item) -> tuple[str, list[str]]:
    report = FormReport()
    made = list(blank([item], report))
    assert made, report.skipped
    return made[0].text, [c.text for c in made[0].candidates]


# -- particles stay outside the blank -------------------------------------------------------------


@pytest.mark.parametrize("text, pronoun, candidates, expected", [
    pytest.param("警官は泥棒を追いかけた。そして刑事は彼を取り調べた。", "彼を", ["警官", "泥棒"],
                 "警官は泥棒を追いかけた。そして刑事は_を取り調べた。", id="object-wo"),
    pytest.param("花子は姉に手紙を書いた。母が彼女に切手をくれたのだ。", "彼女に", ["花子", "姉"],
                 "花子は姉に手紙を書いた。母が_に切手をくれたのだ。", id="dative-ni"),
    pytest.param("料理人は弟子と市場へ行き、彼の包丁を研いだ。", "彼の", ["料理人", "弟子"],
                 "料理人は弟子と市場へ行き、_の包丁を研いだ。", id="possessive-no"),
    pytest.param("フランス語はラテン語から生まれた。だからその文法は似ている。", "その", ["フランス語", "ラテン語"],
                 "フランス語はラテン語から生まれた。だから_の文法は似ている。", id="adnominal-sono-takes-no"),
    pytest.param("子供たちは先生を待った。彼らは朝から並んでいた。", "彼", ["子供たち", "先生"],
                 "子供たちは先生を待った。_は朝から並んでいた。", id="plural-ra-after-span-inside-blank"),
])
def test_particle_stays_outside_the_blank(text, pronoun, candidates, expected):
    item = make(text, pronoun, candidates)
    got, options = blanked(item)
    assert got == expected
    assert options == candidates  # in the order the text mentions them
    for k, option in enumerate(options):  # the blank filled with an option reads as the substitution
        assert got.replace("_", option) == JA.substitute(item, k)


def test_zero_slot_blank_takes_wa_outside():
    text = "犬は猫を追った。そして疲れた。"
    k = text.index("疲")
    item = Item(id="t", corpus="test", language="ja", text=text,
                candidates=[Candidate("犬", Span(0, 1, "犬")), Candidate("猫", Span(2, 3, "猫"))], answer=0,
                pronoun=Span(k, k, "")).check()
    assert blanked(item)[0] == "犬は猫を追った。そして_は疲れた。"


# -- the pronoun the English source marks ----------------------------------------------------------


def test_subject_pronoun_marked_by_english_source_is_blanked():
    """An earlier possessive 彼の is passed over when the English marks the subject "he"."""
    item = make("太郎は彼の弟を起こした。彼は早く出かけたかったからだ。", "彼", ["太郎", "弟"],
                ("Taro woke up his brother because he wanted to leave early.", "he"))
    assert item.pronoun.start == 3  # the reader's first occurrence: the possessive
    assert blanked(item)[0] == "太郎は彼の弟を起こした。_は早く出かけたかったからだ。"
    assert JA.substitute(item, 1) == "太郎は彼の弟を起こした。弟は早く出かけたかったからだ。"
    assert JA.hypothesis(item, 0) == "太郎は早く出かけたかった。"


def test_possessive_marked_by_english_source_stays_the_possessive():
    item = make("太郎は彼の弟を起こした。彼は眠そうだった。", "彼", ["太郎", "弟"],
                ("Taro woke up his brother, and he looked sleepy.", "his"))
    assert blanked(item)[0] == "太郎は_の弟を起こした。彼は眠そうだった。"


def test_connective_sore_de_is_not_the_pronoun_the_english_marks():
    """それで ("so") opens the clause; the subject それは after it is the "it" of "so it ..."."""
    item = make("船は嵐の中で帆を上げた。それでそれは速く進んだ。", "それ", ["船", "帆"],
                ("The ship raised its sail in the storm, so it moved fast.", "it"))
    assert blanked(item)[0] == "船は嵐の中で帆を上げた。それで_は速く進んだ。"


def test_without_english_the_readers_pronoun_is_kept():
    item = make("太郎は彼の弟を起こした。彼は早く出かけたかったからだ。", "彼", ["太郎", "弟"])
    assert blanked(item)[0] == "太郎は_の弟を起こした。彼は早く出かけたかったからだ。"


def test_pronoun_inside_a_longer_pronoun_or_candidate_is_not_an_occurrence():
    """彼 inside 彼女, or inside the candidate 彼の友人, is not another 彼."""
    item = make("彼の友人は彼女の妹を呼んだ。彼は急いでいた。", "彼", ["彼の友人", "妹"],
                ("His friend called her sister because he was in a hurry.", "he"), at=7)
    assert [s.start for s in JA.occurrences(item, "彼")] == [14]
    assert blanked(item)[0] == "彼の友人は彼女の妹を呼んだ。_は急いでいた。"


# -- a pronoun repeated in one marked token ------------------------------------------------------------


def test_repeated_pronoun_in_one_token_is_narrowed_by_the_english_source():
    """A reader that marks whole tokens may mark "彼は彼": the English says which 彼 is meant."""
    text = "健は次郎を待った。彼は彼を信じていたからだ。"
    as_subject = make(text, "彼は彼", ["健", "次郎"], ("Ken waited for Jiro because he trusted him.", "he"))
    as_object = make(text, "彼は彼", ["健", "次郎"], ("Ken waited for Jiro because he trusted him.", "him"))
    assert blanked(as_subject)[0] == "健は次郎を待った。_は彼を信じていたからだ。"
    assert blanked(as_object)[0] == "健は次郎を待った。彼は_を信じていたからだ。"


def test_repeated_pronoun_in_one_token_without_english_takes_the_first():
    """Without the English, the first pronoun of "彼は彼" is the referring expression (issue #31: refusing it was
    needless: a reader derives it at once)."""
    item = make("健は次郎を待った。彼は彼を信じていたからだ。", "彼は彼", ["健", "次郎"])
    assert blanked(item)[0] == "健は次郎を待った。_は彼を信じていたからだ。"
    assert JA.substitute(item, 0) == "健は次郎を待った。健は彼を信じていたからだ。"


def test_repeated_pronouns_in_one_clause_blank_only_the_marked_one():
    item = make("健は次郎を待った。彼が彼を呼んだからだ。", "彼", ["健", "次郎"],
                ("Ken waited for Jiro because he called him.", "him"))
    assert blanked(item)[0] == "健は次郎を待った。彼が_を呼んだからだ。"


# -- the role tables -------------------------------------------------------------------------------


@pytest.mark.parametrize("sentence, word, role", [
    ("Amy thanked Beth because she helped.", "she", "subject"),
    ("Amy thanked Beth and hugged her.", "her", "object"),
    ("Amy asked her to stay.", "her", "object"),
    ("Amy took her coat.", "her", "possessive"),
    ("The cup hit the plate, and it broke.", "it", "subject"),
    ("The boy kicked the ball because it rolled away.", "it", "subject"),
    ("The boy dropped it on the floor.", "it", "object"),
    ("The fire warmed it up.", "it", "object"),
    ("Amy met Beth, and you know.", "you", None),
])
def test_english_role(sentence, word, role):
    item = Item(id="t", corpus="test", language="ja", text="x", candidates=[Candidate("a"), Candidate("b")],
                meta={"en": {"sentence": sentence, "pronoun": word}})
    assert english_role(item) == role


@pytest.mark.parametrize("after, role", [
    ("のほうが速い", "subject"), ("のことを褒めた", "object"), ("の本", "possessive"), ("は来た", "subject"),
    ("を見た", "object"), ("には分からない", None), ("より高い", None),
])
def test_japanese_role(after, role):
    assert japanese_role("彼" + after, 1) == role
