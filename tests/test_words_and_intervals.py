"""One tokenizer per language wherever words are counted, and one Wilson interval (issue #30).

The corpora are invented: Chinese sentences written without spaces, whose label a two-character word gives away.
"""
from __future__ import annotations

import pytest

from wino_toolkit.errors import ParameterError
from wino_toolkit.intervals import wilson
from wino_toolkit.schema import Candidate, Item
from wino_toolkit.tokens import tokenize, words

SENTENCE = "我们把奖杯放进了箱子，因为它太大了。"  # invented; jieba: 10 words and 2 punctuation marks
PAIRS = [("小明", "小红"), ("老王", "老李"), ("张三", "李四"), ("阿强", "阿丽"), ("大卫", "玛丽"), ("王芳", "李娜")]


def test_words_are_the_languages_tokens_without_punctuation():
    """Chinese words are jieba's (not the two runs between punctuation that ``\\w+`` gives), lower-cased elsewhere,
    WinoGrande's blank a word of its own."""
    pytest.importorskip("jieba")
    assert words(SENTENCE, "zh") == [t for t in tokenize(SENTENCE, "zh") if t not in "，。"]
    assert len(words(SENTENCE, "zh")) == 10 and "奖杯" in words(SENTENCE, "zh")
    assert words("The trophy doesn't fit in _.", "en") == ["the", "trophy", "doesn't", "fit", "in", "_"]
    assert words("彼は厳格だった。", "ja") == ["彼", "は", "厳格", "だった"]


def test_aflite_pmi_words_follow_the_language():
    pytest.importorskip("jieba")
    from wino_toolkit.aflite.reductions import label_pmi, tokenize as pmi_tokenize

    assert pmi_tokenize(SENTENCE, "zh") == words(SENTENCE, "zh")
    table = label_pmi([words(f"{a}告诉{b}_赢了，因为她很{cue}。", "zh") for a, b in PAIRS for cue in ("聪明", "幸运")],
                      ["1", "2"] * len(PAIRS))
    assert "聪明" in table.vocabulary and table.get("聪明", "1") > 0 > table.get("聪明", "2")


def test_audit_cue_words_of_an_unspaced_corpus_are_its_words():
    """Label 1 items end in 聪明 (clever), label 2 items in 幸运 (lucky), inside unspaced sentences: the audit's cue
    word for each label is that two-character word, not the whole clause around it."""
    pytest.importorskip("jieba")
    pytest.importorskip("sklearn")
    from wino_toolkit.audit.artefacts import surface_artefacts

    items = []
    for i, (a, b) in enumerate(PAIRS * 2):
        answer = i % 2
        cue = ("聪明", "幸运")[answer]
        items.append(Item(f"zh{i}", "invented", "zh", f"{a}告诉{b}_赢了，因为她很{cue}。",
                          [Candidate(a), Candidate(b)], answer))
    cues = surface_artefacts(items)["word_label"]["words"]
    first = {w["word"]: w for w in cues["1"]}
    second = {w["word"]: w for w in cues["2"]}
    assert first["聪明"]["count"] == first["聪明"]["total"] == 6
    assert second["幸运"]["count"] == second["幸运"]["total"] == 6
    assert all(len(w) <= 2 for w in first) and "因为她很聪明" not in first


def test_wilson_is_one_function_with_one_answer_at_no_trials():
    """Every old spelling is the one interval; no trials give (0, 1), the honest "anything is possible",
    where the PMI check's copy used to raise."""
    from wino_toolkit.baselines.pmi import check
    from wino_toolkit.forms import agreement

    assert check.wilson is agreement.wilson is wilson
    assert wilson(0, 0) == (0.0, 1.0)
    assert check.wilson(0, 0) == (0.0, 1.0)
    assert agreement.compare([]).interval() == (0.0, 1.0)


def test_wilson_known_values_and_bad_counts():
    assert [round(x, 3) for x in wilson(8, 10)] == [0.49, 0.943]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert wilson(10, 10)[1] == 1.0
    for k, n in ((11, 10), (-1, 10), (0, -1)):
        with pytest.raises(ParameterError, match=f"not {k} of {n}"):
            wilson(k, n)


def test_winologic_links_by_the_one_cross_corpus_normal_form():
    """A record retyped without the WSC text's comma and full stop is the same text (exact, score 1), as the overlap
    check and the audit's duplicates see it; before, punctuation made it a fuzzy match."""
    from wino_toolkit.logic.sentences import link_items

    target = Item("wsc-0", "invented", "en", "Ada thanked Bo, for the help she had received.",
                  [Candidate("Ada"), Candidate("Bo")], 0)
    record = Item("r-1", "invented", "en", "ada thanked Bo for the help she had received",
                  [Candidate("Ada"), Candidate("Bo")], 0)
    [link] = link_items([record], [target])
    assert (link.item, link.method, link.score, link.answer_agrees) == ("wsc-0", "exact", 1.0, True)
