"""``wino export lm-eval``: a task folder whose requests are exactly our partial method's; ``wino export hf``."""
from __future__ import annotations

import importlib.util
import json

import pytest

yaml = pytest.importorskip("yaml")

import wino_toolkit as wt  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.eval.score import Request, partial_requests  # noqa: E402
from wino_toolkit.forms import disambiguated  # noqa: E402
from wino_toolkit.schema import Candidate, Item, Span  # noqa: E402


class TaskLoader(yaml.SafeLoader):
    """lm-eval's YAML: ``!function module.name`` tags."""


TaskLoader.add_constructor("!function", lambda loader, node: ("function", loader.construct_scalar(node)))


def chinese_item() -> Item:
    text = "猫追老鼠，因为它饿了。"
    return Item("zh-1", "toy", "zh-Hans", text, [Candidate("猫", Span(0, 1, "猫")), Candidate("老鼠", Span(2, 4, "老鼠"))], answer=0,
                pronoun=Span(7, 8, "它"))


def agreement_item() -> Item:
    """The form makes the rest agree with each candidate: the continuations differ (" was ..." / " were ...")."""
    text = "The government arrested the citizens because they were being repressed."
    spans = [Span(text.index(c), text.index(c) + len(c), c) for c in ("The government", "the citizens")]
    return Item("agree-1", "toy", "en", text, [Candidate(s.text, s) for s in spans], answer=1,
                pronoun=Span(text.index("they"), text.index("they") + 4, "they"))


#: the keys lm-eval 0.4's TaskConfig takes that the export uses (a key outside it fails the whole task), and
#: ``class``, which lm-eval's task factory takes before the config
LM_EVAL_KEYS = {"task", "class", "dataset_path", "dataset_kwargs", "test_split", "output_type", "doc_to_text", "doc_to_choice",
                "doc_to_target", "target_delimiter", "metric_list", "metadata"}


@pytest.fixture
def exported(tmp_path):
    corpus = tmp_path / "toy.jsonl"
    items = toy_items(12, seed=31) + [chinese_item(), agreement_item()]
    wt.write(items, corpus, to="jsonl")
    out = tmp_path / "tasks"
    assert main(["export", "lm-eval", str(corpus), "-o", str(out), "--name", "toy"]) == 0
    return items, out


def test_task_folder_is_complete_and_lm_eval_shaped(exported):
    _, out = exported
    names = sorted(p.name for p in out.iterdir())
    assert names == ["utils.py", "wino_toy_all.yaml", "wino_toy_en.jsonl", "wino_toy_en.yaml", "wino_toy_zh_hans.jsonl",
                     "wino_toy_zh_hans.yaml"]
    task = yaml.load((out / "wino_toy_en.yaml").read_text(), Loader=TaskLoader)
    assert task["task"] == "wino_toy_en" and task["output_type"] == "multiple_choice"
    assert set(task) <= LM_EVAL_KEYS  # lm-eval 0.4 refuses a task whose YAML has any other key
    assert task["doc_to_choice"] == ("function", "utils.doc_to_choice") and task["target_delimiter"] == ""
    assert task["class"] == ("function", "utils.PerCandidateTask")
    assert task["dataset_path"] == "json" and task["dataset_kwargs"]["data_files"]["test"] == str((out / "wino_toy_en.jsonl").resolve())
    group = yaml.safe_load((out / "wino_toy_all.yaml").read_text())
    assert group["group"] == "wino_toy_all" and group["task"] == ["wino_toy_en", "wino_toy_zh_hans"]


def test_utils_functions_give_our_requests_item_for_item(exported):
    pytest.importorskip("lm_eval")  # utils.py holds lm-eval's task class
    items, out = exported
    spec = importlib.util.spec_from_file_location("exported_utils", out / "utils.py")
    utils = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(utils)
    by_id = {i.id: i for i in items}
    docs = [json.loads(line) for name in ("wino_toy_en.jsonl", "wino_toy_zh_hans.jsonl") for line in (out / name).read_text().splitlines()]
    assert len(docs) == 14
    for doc in docs:
        item = by_id[doc["id"]]
        ours = partial_requests(item, list(disambiguated([item])))
        # PerCandidateTask's requests: (choice i, continuation i) per choice, gold = doc_to_text
        theirs = [Request(choice, continuation) for choice, continuation in zip(utils.doc_to_choice(doc), doc["continuations"])]
        assert theirs == ours and utils.doc_to_text(doc) == item.answer
        assert utils.doc_to_target(doc) == ours[item.answer].continuation
    chinese = next(d for d in docs if d["id"] == "zh-1")
    assert chinese["contexts"] == ["猫追老鼠，因为猫", "猫追老鼠，因为老鼠"] and chinese["continuations"] == ["饿了。", "饿了。"]
    agreeing = next(d for d in docs if d["id"] == "agree-1")
    assert agreeing["continuations"] == [" was being repressed.", " were being repressed."]


def test_export_hf_round_trips(tmp_path):
    pytest.importorskip("datasets")
    import datasets

    corpus = tmp_path / "toy.jsonl"
    wt.write(toy_items(8, seed=32), corpus, to="jsonl")
    assert main(["export", "hf", str(corpus), "-o", str(tmp_path / "hf")]) == 0
    loaded = datasets.load_from_disk(str(tmp_path / "hf"))
    assert loaded.num_rows == 8 and loaded[0]["id"] == "toy-0"
    assert main(["export", "hf", str(corpus), "-o", str(tmp_path / "hf")]) == 1  # never over a dataset already there


def test_lm_eval_itself_scores_the_exported_tasks_as_we_do(exported, tiny_gpt2):
    """The real harness (where it installs) runs the folder as it is; its log-likelihoods equal ours item for item."""
    pytest.importorskip("torch")
    pytest.importorskip("lm_eval")
    import lm_eval
    from lm_eval.tasks import TaskManager

    from wino_toolkit.eval.score import score

    items, out = exported
    model, tokenizer, path = tiny_gpt2
    run = lm_eval.simple_evaluate(model="hf", model_args=f"pretrained={path},dtype=float32", device="cpu", batch_size=4,
                                  tasks=["wino_toy_all"], task_manager=TaskManager(include_path=str(out)), log_samples=True)
    theirs = {s["doc"]["id"]: [float(ll) for ll, _ in s["filtered_resps"]] for task in run["samples"].values() for s in task}
    ours = {s.id: s.scores for s in score(items, model=model, tokenizer=tokenizer, batch_size=4).items}
    assert set(theirs) == set(ours) and len(ours) == 14
    for key, values in ours.items():
        assert values == pytest.approx(theirs[key], abs=1e-4), key


def test_export_names_items_whose_text_another_item_cuts_elsewhere():
    """lm-eval's logits cache scores the shorter of two requests with one text cut in two places at the wrong
    positions (the Portuguese WSC and PWS cut "...a nova casa na quinta-feira." at "nova" and at "casa"); both
    items are named, a repeat cut at the same place is not."""
    from wino_toolkit.eval.lm_eval_export import _split_repeats

    def row(id_, *cuts):
        return {"id": id_, "contexts": [c for c, _ in cuts], "continuations": [k for _, k in cuts]}

    a = row("a", ("He moves to the new", " house on Monday."), ("He moves to the old", " house on Monday."))
    b = row("b", ("He moves to the new house", " on Monday."), ("He moves to the red house", " on Monday."))
    c = row("c", ("He moves to the new", " house on Monday."), ("He moves to the big", " house on Monday."))
    assert _split_repeats([a, c]) == []
    assert _split_repeats([a, b, c]) == ["a", "b", "c"]
