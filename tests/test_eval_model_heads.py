"""Scoring refuses a model whose head for the method is not in its checkpoint: transformers would initialise
it at random and ``wino eval`` would print a table of noise. Fine-tuning, which adds a head on purpose, is not refused."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from conftest import SAMPLES  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from tiny_lm import saved_byte_encoder  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import WinoError  # noqa: E402


@pytest.fixture(scope="module")
def sentence_encoder(tmp_path_factory) -> str:
    """A bare RoBERTa encoder (no LM or classification head), as a sentence-embedding model is saved."""
    return saved_byte_encoder([item.text for item in toy_items(40, seed=3)], tmp_path_factory.mktemp("encoder"))


@pytest.fixture
def corpus(tmp_path):
    import wino_toolkit as wt

    path = tmp_path / "toy.jsonl"
    wt.write(toy_items(6, seed=4), path, to="jsonl")
    return str(path)


@pytest.mark.parametrize("method, head", [("partial", "lm_head"), ("full", "lm_head"), ("mlm", "lm_head")])
def test_eval_lm_refuses_a_sentence_encoder_whose_head_would_be_random(sentence_encoder, corpus, method, head, capsys):
    """Before: a randomly initialised LM head scored every item and a table was printed."""
    code = main(["eval", "lm", corpus, "--model", sentence_encoder, "--method", method, "--device", "cpu", "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    message = err.strip()
    assert "\n" not in message and head in message and "RobertaModel" in message and "at random" in message


def test_winologic_nli_baseline_refuses_a_model_without_a_classifier(sentence_encoder, capsys):
    code = main(["eval", "winologic", str(SAMPLES / "winologic.jsonl"), "--model", sentence_encoder, "--baseline", "nli",
                 "--device", "cpu", "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and "classifier" in err and "NLI model" in err


def test_a_complete_causal_lm_still_scores(tiny_gpt2, corpus, capsys):
    _, _, path = tiny_gpt2
    assert main(["eval", "lm", corpus, "--model", path, "--device", "cpu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"]


def test_the_check_is_opt_in_so_fine_tuning_may_add_a_head(sentence_encoder):
    """AutoModelForMultipleChoice over an encoder has a new head by design (aflite, train)."""
    import transformers

    from wino_toolkit.hub import from_pretrained

    assert from_pretrained(transformers.AutoModelForMultipleChoice, sentence_encoder, what="encoder") is not None
    with pytest.raises(WinoError, match="classifier"):
        from_pretrained(transformers.AutoModelForMultipleChoice, sentence_encoder, what="encoder", complete=True)
