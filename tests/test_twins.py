"""Trigger words between twins and the twin/singleton report."""
from __future__ import annotations

from wino_toolkit.schema import Candidate, Item
from wino_toolkit.twins import link_twins, trigger_diff, twin_report


def test_trigger_diff_finds_the_differing_words():
    a = "The trophy doesn't fit into the suitcase because it is too large."
    b = "The trophy doesn't fit into the suitcase because it is too small."
    assert trigger_diff(a, b) == ("large", "small")
    assert trigger_diff("Ann gave Bo a gift because she was kind.", "Ann gave Bo a gift because she was very thankful.") == ("kind", "very thankful")


def test_trigger_diff_chinese_uses_words_not_spaces():
    assert trigger_diff("奖杯无法放进箱子里，因为它太小了。", "奖杯无法放进箱子里，因为它太大了。", "zh-Hans") == ("太小", "太大")


def test_trigger_diff_identical_texts_is_empty():
    assert trigger_diff("same text.", "same text.") == ("", "")


def _item(i, twin, text):
    return Item(id=str(i), corpus="c", language="en", text=text, candidates=[Candidate("a"), Candidate("b")], twin=twin)


def test_link_twins_fills_consecutive_groups_and_keeps_given_triggers():
    items = [
        _item(0, "g", "It was too big."),
        _item(1, "g", "It was too small."),
        _item(2, None, "Alone here."),
        _item(3, "h", "X liked Y."),
    ]
    items[1].triggers = ["given"]
    out = list(link_twins(items))
    assert [it.id for it in out] == ["0", "1", "2", "3"]
    assert out[0].triggers == ["big"] and out[1].triggers == ["given"] and out[2].triggers == [] and out[3].triggers == []


def test_twin_report_counts_twins_triplets_and_singletons():
    items = [_item(0, "g", "a"), _item(1, "g", "b"), _item(2, "t", "c"), _item(3, "t", "d"), _item(4, "t", "e"), _item(5, None, "f")]
    report = twin_report(items)
    assert report.twins == 1 and report.groups[3] == 1 and report.singletons == ["5"]
    assert report.larger == {"2": ["2", "3", "4"]} and report.schemas == 3


def test_tokens_split_romance_elision_and_japanese_scripts():
    from wino_toolkit.tokens import tokenize

    assert tokenize("Qu'elle a bu l'eau.", "fr") == ["Qu'", "elle", "a", "bu", "l'", "eau", "."]
    assert tokenize("It doesn't fit.", "en") == ["It", "doesn't", "fit", "."]
    assert tokenize("彼は厳格だった。", "ja") == ["彼", "は", "厳格", "だった", "。"]


def test_windowed_trigger_diff_equals_the_whole_text_token_diff():
    """The fast path tokenizes only around the difference; it must give what tokenizing everything gives."""
    import random

    from wino_toolkit.twins import _token_diff

    rng = random.Random(7)
    words = ["the", "cat", "cat's", "didn't", "big", "bigger", ",", ".", "l'eau", "qu'elle", "a", "b", "  ", "\n", "don’t", "x-y"]
    for _ in range(4000):
        base = [rng.choice(words) for _ in range(rng.randint(0, 9))]
        other = list(base)
        for _ in range(rng.randint(1, 3)):
            k = rng.randint(0, len(other))
            op = rng.random()
            if op < 0.4 and other and k < len(other):
                other[k] = rng.choice(words)
            elif op < 0.7:
                other.insert(k, rng.choice(words))
            elif other and k < len(other):
                del other[k]
        sep_a, sep_b = rng.choice([" ", "", "  "]), rng.choice([" ", ""])
        a, b = sep_a.join(base), sep_b.join(other) if rng.random() < 0.3 else sep_a.join(other)
        for language in ("en", "fr", "ja"):
            assert trigger_diff(a, b, language) == _token_diff(a, b, language, whole=True), (a, b, language)
