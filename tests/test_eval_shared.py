"""``wino eval lm`` end to end on every shared corpus it can score, with a tiny byte-level GPT-2: every
language goes through, the table has a row per corpus and language, the predictions file has a line per
scored item, and what cannot be scored is counted with its reason (never a crash)."""
from __future__ import annotations

import importlib.util
import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from conftest import SHARED  # noqa: E402
from tiny_lm import saved_gpt2  # noqa: E402

#: every corpus the issue lists, as shared file → (corpus, languages) rows expected in the table
CORPORA = {
    "wsc/WSCollection.xml": [("wsc285", "en")],
    "pdp/PDPChallenge2016.xml": [("pdp", "en")],
    "winogrande/dev.jsonl": [("winogrande", "en")],
    "dpr/train.c.txt": [("dpr", "en")],
    "superglue_wsc/val.jsonl": [("superglue-wsc", "en")],
    "mandarinograd/mandarinograd.json": [("mandarinograd", "zh-Hans")],
    # Russian has rules with the ru extra (pymorphy3)
    "xwino/dataset.selected.tsv": [("xwino", lang) for lang in ("en", "fr", "ja", "pt", "zh-Hans")
                                   + (("ru",) if importlib.util.find_spec("pymorphy3") else ())],
    "french/French_Wino_Schemas.xml": [("french-wsc", "fr")],
    "japanese/train.txt": [("japanese-wsc", "ja")],
    "portuguese/portuguese_wsc.json": [("portuguese-wsc", "pt")],
}


@pytest.fixture(scope="module")
def byte_gpt2(tmp_path_factory):
    """Byte-level BPE, so Chinese, Japanese and accented text all tokenize; long positions for DPR and the French XML."""
    from tokenizers import ByteLevelBPETokenizer
    from transformers import PreTrainedTokenizerFast

    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(["The cat was tired.", "猫は疲れていた。", "他很累。", "Le chat était fatigué.", "O gato estava cansado."] * 20,
                            vocab_size=300, min_frequency=1, special_tokens=["<|endoftext|>"])
    fast = PreTrainedTokenizerFast(tokenizer_object=bpe._tokenizer, bos_token="<|endoftext|>", eos_token="<|endoftext|>",
                                   pad_token="<|endoftext|>")
    return saved_gpt2(fast, tmp_path_factory.mktemp("byte-gpt2"), positions=256)[2]


def test_every_shared_corpus_is_scored_end_to_end(byte_gpt2, tmp_path, capsys):
    from wino_toolkit.cli import main

    paths = [SHARED / rel for rel in CORPORA]
    present = [p for p in paths if p.exists()]
    if not present:
        pytest.skip("../shared/corpora is not present")
    predictions = tmp_path / "pred.jsonl"
    code = main(["eval", "lm", *map(str, present), "--model", byte_gpt2, "--device", "cpu", "--batch-size", "32",
                 "--json", "--predictions", str(predictions)])
    assert code == 0
    results = json.loads(capsys.readouterr().out)
    expected = {row for p in present for row in CORPORA[str(p.relative_to(SHARED))]}
    rows = {(r["corpus"], r["language"]): r for r in results["rows"] if r["subset"] is None}
    assert set(rows) == expected
    lines = [json.loads(line) for line in predictions.read_text(encoding="utf-8").splitlines()]
    labeled = [p for p in lines if p["gold"] is not None]
    assert sum(r["items"] for r in rows.values()) == len(labeled)
    for p in lines:
        assert len(p["scores"]) == len(p["scored"]) >= 2 and all(n > 0 for n in p["tokens"])
        if p["language"].startswith(("zh", "ja")):
            assert not any(" " in s["context"] + s["continuation"] for s in p["scored"])
    if (SHARED / "portuguese/portuguese_wsc.json").exists():  # the corpus's own associative labels give subset rows
        subsets = {r["subset"]: r["items"] for r in results["rows"] if r["corpus"] == "portuguese-wsc"}
        assert subsets["associative"] + subsets["non-associative"] == subsets[None]
    # each skipped item is counted once, and the whole run scored almost everything
    assert results["skipped"] < 0.01 * len(lines)


def test_subset_rows_keep_their_label_in_the_rich_table():
    """``[associative]`` is rich markup: unescaped, the label vanished from the terminal table."""
    from rich.console import Console

    from wino_toolkit.eval.results import Results, Row

    results = Results([Row("portuguese-wsc", "pt", 37, 0.6, 0.4, 0.7, 11, 0.3, 0, None, "associative")], 0, "sig")
    console = Console(width=200, record=True)
    console.print(results.table())
    assert "portuguese-wsc [associative]" in console.export_text()


#: the corpora the lm-eval export is checked on: every one ``wino eval lm`` scores (WinoGrande by its dev file,
#: SuperGLUE WSC by its val file), and PWS (its English rows have continuations that differ per candidate, as
#: WSC285's do)
EXPORTED = [*CORPORA, "pws/pws.tsv"]


def lm_eval_scores(model: str, tasks, group: str, *, cache: bool = True) -> dict[str, list[float]]:
    """Each item's per-candidate log-likelihoods as the real lm_eval computes them on the exported folder."""
    import lm_eval
    from lm_eval.tasks import TaskManager

    run = lm_eval.simple_evaluate(model="hf", model_args=f"pretrained={model},dtype=float32,logits_cache={cache}", device="cpu",
                                  batch_size=32, tasks=[group], task_manager=TaskManager(include_path=str(tasks)), log_samples=True)
    return {s["doc"]["id"]: [float(ll) for ll, _ in s["filtered_resps"]] for task in run["samples"].values() for s in task}


@pytest.mark.slow
def test_lm_eval_scores_each_candidates_own_continuation_on_every_shared_corpus(byte_gpt2, tmp_path):
    """Every exported item of every shared corpus, not a sample: the real lm_eval's log-likelihood of each
    candidate equals ours to 1e-4. The form makes the rest agree with the candidate ("the customer was" /
    "the tellers were"); an export with one shared continuation made lm-eval score another string on 8 of
    WSC285's items. The items the export names as split repeats (the same text cut elsewhere by another
    corpus) are misscored by lm-eval's logits cache, so they are checked again without it."""
    pytest.importorskip("lm_eval")
    import wino_toolkit as wt
    from wino_toolkit.eval.lm_eval_export import export_lm_eval
    from wino_toolkit.eval.models import load_lm
    from wino_toolkit.eval.score import score

    present = [SHARED / rel for rel in EXPORTED if (SHARED / rel).exists()]
    if not present:
        pytest.skip("../shared/corpora is not present")
    items = [item for path in present for item in wt.read(path)]
    exported = export_lm_eval(items, tmp_path / "tasks", name="shared")
    theirs = lm_eval_scores(byte_gpt2, tmp_path / "tasks", "wino_shared_all")
    model, tokenizer, _ = load_lm(byte_gpt2, device="cpu", dtype="float32")
    ours = {s.id: s.scores for s in score(items, model=model, tokenizer=tokenizer, batch_size=32).items if s.gold is not None}
    assert set(theirs) == set(ours)
    differing = {key for key, values in ours.items() if values != pytest.approx(theirs[key], abs=1e-4)}
    assert differing <= set(exported.split_repeats), f"{len(differing)} of {len(ours)} items differ, e.g. {sorted(differing)[:5]}"
    if exported.split_repeats:
        repeats = set(exported.split_repeats)
        export_lm_eval([i for i in items if i.id in repeats], tmp_path / "repeats", name="repeats")
        uncached = lm_eval_scores(byte_gpt2, tmp_path / "repeats", "wino_repeats_all", cache=False)
        assert set(uncached) == repeats
        for key in repeats:
            assert ours[key] == pytest.approx(uncached[key], abs=1e-4), key
