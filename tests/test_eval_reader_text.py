"""The strings ``wino eval lm`` scores are the filled sentence as a reader reads it (issue 29, 3b): a possessive
ending the form attached stays with the candidate's word ("...onto the farmer's" + " shoulders.", as lm-eval's WSC273
writes it), punctuation follows the text with no space put before it, Chinese and Japanese get no space at all; the
few-shot examples and the lm-eval export carry the same strings."""
from __future__ import annotations

import json
import re

import pytest

from conftest import SHARED
from lang_items import pronoun_item
from wino_toolkit.eval.fewshot import FewShot
from wino_toolkit.eval.lm_eval_export import export_lm_eval
from wino_toolkit.eval.score import partial_requests, requests_for, shot_pool
from wino_toolkit.forms import FormReport, disambiguated
from wino_toolkit.schema import Candidate, Item, Span

#: a space before punctuation, or a possessive ending standing apart from its word
DETACHED = re.compile(r"\s[.,;:!?)]|\s['’]s\b|\s['’](?=\s|$)")
#: French writes a space before its high punctuation ("Attention au canard !"): only these stand apart there
DETACHED_FR = re.compile(r"\s[.,)]|\s['’]s\b|\s['’](?=\s|$)")


def detached(text: str, language: str) -> list[str]:
    """What stands apart that a reader of ``language`` would see joined (any space at all in Chinese and Japanese)."""
    base = language.split("-")[0]
    if base in ("zh", "ja"):
        return re.findall(r"\s", text)
    return (DETACHED_FR if base == "fr" else DETACHED).findall(text)


def cjk(language: str, text: str, pronoun: str, candidates: tuple[str, str]) -> Item:
    """A Chinese or Japanese item: the pronoun is its last mention (word boundaries do not apply)."""
    at = text.rindex(pronoun)
    spans = [Span(text.index(c), text.index(c) + len(c), c) for c in candidates]
    return Item("c-1", "t", language, text, [Candidate(c, s) for c, s in zip(candidates, spans)], answer=0,
                pronoun=Span(at, at + len(pronoun), pronoun)).check()


#: invented items: (item, the first candidate's expected context and continuation)
CASES = {
    "en possessive": (pronoun_item("en", "The farmer lifted the boy onto his shoulders.", "his", ["the farmer", "the boy"]),
                      "The farmer lifted the boy onto the farmer's", " shoulders."),
    "en plural possessive": (pronoun_item("en", "The guards stopped the protesters at their gate.", "their",
                                          ["the guards", "the protesters"]),
                             "The guards stopped the protesters at the guards'", " gate."),
    "en sentence end": (pronoun_item("en", "Kim thanked Lee because Lee had helped her.", "her", ["Kim", "Lee"]),
                        "Kim thanked Lee because Lee had helped Kim", "."),
    "en before a comma": (pronoun_item("en", "Sam lent Pat a book, so Sam could not read it, then Pat returned it.", "it",
                                       ["a book", "Sam"]),
                          "Sam lent Pat a book, so Sam could not read the book", ", then Pat returned it."),
    # "males" is also the end of "females": the cut is after the candidate, not where the versions start to agree
    "en candidate ending the other": (pronoun_item("en", "Males outnumber females at the fair since they love the rides.",
                                                   "they", ["Males", "females"]),
                                      "Males outnumber females at the fair since the males", " love the rides."),
    "fr possessive and contraction": (pronoun_item("fr", "Le fermier a porté le garçon sur son dos.", "son",
                                                   ["le fermier", "le garçon"]),
                                      "Le fermier a porté le garçon sur le dos du fermier", "."),
    "fr elision": (pronoun_item("fr", "Marie a parlé au garçon de la victoire de son équipe.", "son", ["Marie", "le garçon"]),
                   "Marie a parlé au garçon de la victoire de l'équipe de Marie", "."),
    "pt contraction": (pronoun_item("pt", "O homem deu a maçã ao menino porque gostava dele.", "dele", ["o homem", "o menino"]),
                       "O homem deu a maçã ao menino porque gostava do homem", "."),
    "pt possessive": (pronoun_item("pt", "O fazendeiro carregou o menino nas suas costas.", "suas", ["o fazendeiro", "o menino"]),
                      "O fazendeiro carregou o menino nas costas do fazendeiro", "."),
    "zh sentence end": (cjk("zh-Hans", "小明打了小刚，因为小刚骂了他。", "他", ("小明", "小刚")),
                        "小明打了小刚，因为小刚骂了小明", "。"),
    "ja particle": (cjk("ja", "猫がネズミを追いかけた。それはお腹が空いていた。", "それ", ("猫", "ネズミ")),
                    "猫がネズミを追いかけた。猫", "はお腹が空いていた。"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_partial_requests_are_the_filled_sentence_cut_at_a_word_boundary(case):
    item, context, continuation = CASES[case]
    versions = list(disambiguated([item]))
    requests = partial_requests(item, versions)
    assert (requests[0].context, requests[0].continuation) == (context, continuation)
    for d, r in zip(versions, requests):
        assert r.context + r.continuation == d.text  # nothing put in, nothing left out
        assert detached(r.context + r.continuation, item.language) == []
    assert len({r.continuation for r in requests}) == 1  # the shared rest after each candidate


def test_few_shot_examples_show_the_sentence_as_written():
    """A shot is its item's filled sentence: "the farmer's shoulders.", never "the farmer 's shoulders ."."""
    items = [pronoun_item("en", f"The farmer {verb} the boy onto his shoulders.", "his", ["the farmer", "the boy"])
             for verb in ("lifted", "carried", "raised", "hoisted")]
    items = [Item(f"p-{k}", i.corpus, i.language, i.text, i.candidates, answer=0, pronoun=i.pronoun) for k, i in enumerate(items)]
    pool = shot_pool(items, "partial")
    assert [text for _, text in pool] == [f"The farmer {verb} the boy onto the farmer's shoulders."
                                          for verb in ("lifted", "carried", "raised", "hoisted")]
    prefix, _ = FewShot(pool, k=2, seed=0).for_item(items[0])
    assert detached(prefix, "en") == [] and "farmer's shoulders." in prefix


def test_the_lm_eval_export_writes_the_strings_the_scorer_scores(tmp_path):
    items = [item for item, _, _ in CASES.values()]
    items = [Item(f"x-{k}", "toy", i.language, i.text, i.candidates, answer=0, pronoun=i.pronoun) for k, i in enumerate(items)]
    export_lm_eval(items, tmp_path / "tasks", name="toy")
    rows = {row["id"]: row for path in (tmp_path / "tasks").glob("*.jsonl")
            for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
    assert len(rows) == len(items)
    for item in items:
        ours = partial_requests(item, list(disambiguated([item])))
        assert rows[item.id]["contexts"] == [r.context for r in ours]
        assert rows[item.id]["continuations"] == [r.continuation for r in ours]
    assert rows["x-0"]["contexts"][0].endswith("the farmer's") and rows["x-0"]["continuations"][0] == " shoulders."


#: every shared corpus file ``wino eval lm`` scores
SHARED_CORPORA = ["wsc/WSCollection.xml", "pdp/PDPChallenge2016.xml", "winogrande/dev.jsonl", "winogrande/train_xs.jsonl",
                  "winogrande/train_s.jsonl", "winogrande/test.jsonl", "dpr/train.c.txt", "superglue_wsc/train.jsonl",
                  "superglue_wsc/val.jsonl", "mandarinograd/mandarinograd.json", "xwino/dataset.selected.tsv",
                  "french/French_Wino_Schemas.xml", "japanese/train.txt", "portuguese/portuguese_wsc.json", "pws/pws.tsv",
                  "winologic/winologic.jsonl"]


@pytest.mark.slow
@pytest.mark.parametrize("rel", SHARED_CORPORA)
def test_no_scored_string_of_a_shared_corpus_puts_a_space_the_text_does_not_have(rel):
    """Every request of both causal methods: the filled sentence whole, and no space before punctuation, no detached
    possessive, no space in Chinese or Japanese beyond the source's own (WinoGrande's crowd-typed "Natalie ," and
    SuperGLUE's pre-tokenised "Bernard , who" are scored as written, as lm-eval scores them)."""
    import wino_toolkit as wt

    path = SHARED / rel
    if not path.exists():
        pytest.skip(f"{path} is not present")
    items = list(wt.read(path))
    filled = {(d.item_id, d.candidate): d.text for d in disambiguated(items, FormReport())}
    scored = 0
    for method in ("partial", "full"):
        for item, requests in requests_for(items, method, FormReport()):
            own = len(detached(item.text, item.language))
            for k, r in enumerate(requests):
                text = r.context + r.continuation
                scored += 1
                if item.language.startswith(("zh", "ja")):  # not a space added (PWS's segmented Chinese has its own)
                    assert text.strip() == filled[item.id, k].strip(), (item.id, r)
                    continue
                assert " ".join(text.split()) == " ".join(filled[item.id, k].split()), (item.id, r)
                assert len(detached(text, item.language)) <= own, (item.id, r)
    assert scored > 0

