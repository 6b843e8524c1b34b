"""Word tokens for statistics and twin diffs."""
from __future__ import annotations

import time

import jieba

from wino_toolkit.tokens import ZH_CHUNK, token_spans, tokenize


def test_chinese_sentences_are_segmented_as_jieba_does():
    text = "因为担心暴力事件，市议会拒绝给示威者颁发许可证。市议会担心暴力事件。"
    assert tokenize(text, "zh-Hans") == [w for w in jieba.lcut(text) if not w.isspace()]


def test_a_long_han_run_is_segmented_in_linear_time():
    """jieba's unknown-word guessing is quadratic in a run's length: 40,000 × 他 took 6.5 s, and
    a 120,000-character text about 150 s; runs are now cut into pieces of ZH_CHUNK characters."""
    text = "他" * 40000
    started = time.perf_counter()
    spans = token_spans(text, "zh")
    assert time.perf_counter() - started < 10
    assert spans[0] == (0, 1) and spans[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))


def test_long_text_is_cut_after_punctuation_near_the_limit():
    sentence = "市议会拒绝给示威者颁发许可证，因为他们担心暴力事件。"
    text = sentence * (3 * ZH_CHUNK // len(sentence))
    words = tokenize(text, "zh")
    assert "".join(words) == text
    assert words[: len(tokenize(sentence, "zh"))] == tokenize(sentence, "zh")
