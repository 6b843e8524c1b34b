"""Chinese NLI hypotheses never assert what the text only supposes, reports or wishes (issue #31, class 7).

A clause under a condition (…的话，; 要不是…; a later clause opening with 就/才), after a verb of saying, thinking or
wishing (小明说，|他…; 据说，|他…), or before a closing one (…，小明说。) is not the text's claim: the hypothesis is
its whole sentence with the reference replaced. A question asserts nothing and is refused. Every sentence here is
invented.
"""
from __future__ import annotations

import pytest

from wino_toolkit.forms import FormReport, derive
from wino_toolkit.schema import Candidate, Item, Span


def make(text: str, pronoun: str, *names: str) -> Item:
    """An item marking the first ``pronoun``; each candidate's span is its first mention."""
    start = text.index(pronoun)
    cands = []
    for name in names:
        at = text.find(name)
        cands.append(Candidate(name, Span(at, at + len(name), name) if at >= 0 else None))
    return Item("t", "test", "zh-Hans", text, cands, answer=0, pronoun=Span(start, start + len(pronoun), pronoun))


def hypotheses(item: Item) -> tuple[list[str], list[str]]:
    """The NLI form's hypotheses through the forms and their guard, and the skip reasons."""
    report = FormReport()
    return [p.hypothesis for p in derive("nli", [item], report)], [s.reason for s in report.skipped]


def first(text: str, pronoun: str = "他") -> str:
    found, reasons = hypotheses(make(text, pronoun, "阿强", "阿亮"))
    assert found, reasons
    return found[0]


@pytest.mark.parametrize("text, expected", [
    pytest.param("阿亮约了阿强。他有空的话，就一起去钓鱼。", "阿强有空的话，就一起去钓鱼。", id="de-hua"),
    pytest.param("阿亮叫醒了阿强。他再不起床，就要迟到了。", "阿强再不起床，就要迟到了。", id="unmarked-condition-jiu"),
    pytest.param("阿亮很感激阿强。要不是他，阿亮早就迷路了。", "要不是阿强，阿亮早就迷路了。", id="yao-bu-shi"),
    pytest.param("阿亮和阿强下棋。他一定会赢，如果阿亮不走错。", "阿强一定会赢，如果阿亮不走错。", id="condition-after"),
    pytest.param("阿亮提醒阿强。他要是忘了带钥匙，就进不了门。", "阿强要是忘了带钥匙，就进不了门。",
                 id="yao-shi-after-the-pronoun"),
    pytest.param("阿亮教阿强开车。只有他多练习，才能通过考试。", "只有阿强多练习，才能通过考试。", id="zhi-you-cai"),
    pytest.param("阿亮追着阿强。他一旦停下，就会被追上。", "阿强一旦停下，就会被追上。", id="yi-dan"),
])
def test_condition_keeps_its_sentence(text, expected):
    assert first(text) == expected


@pytest.mark.parametrize("text, expected", [
    pytest.param("阿亮夸了阿强。阿亮说，他是最好的厨师。", "阿亮说，阿强是最好的厨师。", id="shuo-comma"),
    pytest.param("阿亮见过阿强。据说，他已经搬走了。", "据说，阿强已经搬走了。", id="ju-shuo"),
    pytest.param("阿亮等着阿强。阿亮觉得，他不会来了。", "阿亮觉得，阿强不会来了。", id="jue-de"),
    pytest.param("阿亮送了阿强一本书。阿亮希望，他会喜欢。", "阿亮希望，阿强会喜欢。", id="xi-wang"),
    pytest.param("阿亮找到了阿强。阿亮告诉老师，他生病了。", "阿亮告诉老师，阿强生病了。", id="telling-and-its-object"),
    pytest.param("阿亮问起阿强。阿亮说因为他生病了，所以没来。", "阿亮说因为阿强生病了，所以没来。",
                 id="shuo-before-a-connective"),
    pytest.param("阿亮表扬了阿强。他做得很好，老师说。", "阿强做得很好，老师说。", id="reporting-clause-after"),
])
def test_reported_or_wished_keeps_its_sentence(text, expected):
    assert first(text) == expected


def test_a_reason_after_a_verb_of_saying_in_another_clause_is_still_asserted():
    """说 in an earlier clause that has its own object does not report the 因为 clause."""
    assert first("阿强对阿亮说了实话，因为他不想撒谎。") == "阿强不想撒谎。"
    assert first("阿强和阿亮比赛，所以他赢了，大家都很高兴。") == "阿强赢了。"


def test_a_subject_before_a_connective_keeps_its_sentence():
    """他因为生病，所以没来上课: the pronoun is the subject of the whole sentence, never the fragment "阿强。"."""
    assert first("阿亮担心阿强。他因为生病，所以没来上课。") == "阿强因为生病，所以没来上课。"


def test_a_question_is_refused():
    found, reasons = hypotheses(make("阿亮问阿强，他的作业交了吗？", "他", "阿强", "阿亮"))
    assert not found and "question" in reasons[0]
