"""Switched candidates: the mentions exchange places, the answer flips, and the scorer reports consistency."""
from __future__ import annotations

import json

import pytest

from test_aflite_embed import make_item, toy_items
from wino_toolkit.eval.switched import switched
from wino_toolkit.schema import Candidate, Item, Span


def test_mentions_swap_with_the_capitals_of_their_places():
    item = make_item("w-1", "the wolf", "the mouse", "chased", "hungry", 0)
    s = switched(item).check()
    assert s.text == "The mouse chased the wolf because it was hungry."
    assert [c.text for c in s.candidates] == ["the wolf", "the mouse"] and s.answer == 1
    assert [s.text[c.span.start:c.span.end] for c in s.candidates] == ["the wolf", "The mouse"]
    assert s.text[s.pronoun.start:s.pronoun.end] == "it" and s.id == "w-1~switched"


def test_a_pronoun_between_the_candidates_moves_with_the_shorter_name():
    text = "Kim said she would thank Lu."
    item = Item("k-1", "t", "en", text, [Candidate("Kim", Span(0, 3, "Kim")), Candidate("Lu", Span(25, 27, "Lu"))], answer=0,
                pronoun=Span(9, 12, "she")).check()
    s = switched(item).check()
    assert s.text == "Lu said she would thank Kim." and s.text[s.pronoun.start:s.pronoun.end] == "she" and s.answer == 1


def test_items_that_cannot_be_switched():
    item = make_item("w-1", "the wolf", "the mouse", "chased", "hungry", 0)
    unlocated = Item("u", "t", "en", item.text, [Candidate("the wolf"), Candidate("the mouse")], answer=0, pronoun=item.pronoun)
    assert switched(unlocated) is None
    three = Item("x", "t", "en", item.text, item.candidates + [Candidate("it")], answer=0, pronoun=item.pronoun)
    assert switched(three) is None


def test_cli_reports_switched_consistency(tmp_path, capsys):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import wino_toolkit as wt
    from wino_toolkit.cli import main

    corpus = tmp_path / "toy.jsonl"
    wt.write(toy_items(16, seed=41), corpus, to="jsonl")
    from tiny_lm import saved_gpt2, word_tokenizer

    tokenizer = word_tokenizer([i.text for i in toy_items(50, seed=41)])
    tokenizer.bos_token = "<s>"
    _, _, path = saved_gpt2(tokenizer, tmp_path / "m")
    assert main(["eval", "lm", str(corpus), "--model", path, "--device", "cpu", "--switched", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["rows"][0]
    assert row["switched"] == 16 and 0 <= row["switched_consistency"] <= min(row["accuracy"], 1)
