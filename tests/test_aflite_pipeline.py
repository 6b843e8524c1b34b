"""``filter_embeddings`` and ``wino aflite filter`` on invented embeddings: the corpus must be the one embedded,
twins share a cross-validation fold, and ``--keep-twins`` reports what it kept."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sklearn")

import wino_toolkit as wt  # noqa: E402
from conftest import shared_file  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from wino_toolkit.aflite.embed import Embeddings, encoder_text, instances, save_embeddings, texts_sha256  # noqa: E402
from wino_toolkit.aflite.pipeline import filter_embeddings  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.errors import FormatError  # noqa: E402

SEP = "</s>"
PARAMS = {"n_estimators": 8, "train_size": 60, "cutoff": 10, "device": "cpu"}
AFLITE_PAGE = Path(__file__).resolve().parents[1] / "docs" / "aflite.md"


def twin_corpus(n: int = 160, seed: int = 3) -> list:
    """Invented items; each pair of consecutive items is one schema (a twin group)."""
    return [replace(item, twin=f"g-{k // 2}") for k, item in enumerate(toy_items(n, seed=seed))]


def embeddings_of(items, X: np.ndarray | None = None, *, sep: str | None = SEP, seed: int = 0) -> Embeddings:
    """Invented vectors for ``items`` with the sidecar `wino aflite embed` writes (``sep=None``: an older one)."""
    found = instances(items)
    y = found.y
    if X is None:
        X = np.random.default_rng(seed).normal(size=(len(y), 16)).astype(np.float32)
        X[:40, 0] += np.where(y[:40] == 1, 3.0, -3.0)  # 40 instances that give their label away
    meta = {"texts_sha256": texts_sha256([encoder_text(item, SEP) for item in found.items]), "signature": "embed|test"}
    if sep is not None:
        meta["sep"] = sep
    return Embeddings(found.ids, X, y, meta)


def test_filter_refuses_a_corpus_other_than_the_embedded_one(tmp_path, capsys):
    """Embeddings of one corpus filtered with another: exit 1 and one line, never "0 of 0 twin groups broken"."""
    embedded, other = twin_corpus(seed=3), twin_corpus(seed=5)
    other = [replace(item, id=f"other-{k}") for k, item in enumerate(other)]
    npy = tmp_path / "embeddings.npy"
    save_embeddings(embeddings_of(embedded), npy)
    wt.write(other, tmp_path / "other.jsonl", to="jsonl")
    code = main(["aflite", "filter", str(npy), "--corpus", str(tmp_path / "other.jsonl"), "-n", "8", "-m", "60", "-k", "10",
                 "--device", "cpu", "-o", str(tmp_path / "report.json")])
    err = capsys.readouterr().err
    assert code == 1
    assert "other.jsonl: not the corpus that was embedded: 160 of the 160 embedded ids are not in it" in err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "report.json").exists()


def test_filter_refuses_the_same_ids_with_other_texts_or_labels():
    items = twin_corpus()
    emb = embeddings_of(items)
    edited = [replace(items[0], text=items[0].text.replace(" was ", " is "))] + items[1:]  # after the spans: they still hold
    with pytest.raises(FormatError, match="same ids and labels, but its texts hash"):
        filter_embeddings(emb, items=edited, corpus_name="edited.jsonl", **PARAMS)
    flipped = [replace(items[0], answer=1 - items[0].answer)] + items[1:]
    with pytest.raises(FormatError, match="has answer .* in it and label .* in the embeddings"):
        filter_embeddings(emb, items=flipped, **PARAMS)
    with pytest.raises(FormatError, match="holds 1 instance\\(s\\) the embeddings lack"):
        filter_embeddings(emb, items=items + twin_corpus(162, seed=3)[160:161], **PARAMS)


def test_an_older_sidecar_without_the_separator_is_still_read_and_says_what_was_checked():
    items = twin_corpus()
    report = filter_embeddings(embeddings_of(items, sep=None), items=items, **PARAMS).report
    assert report["corpus_check"].startswith("ids and labels (the sidecar records no separator")
    assert filter_embeddings(embeddings_of(items), items=items, **PARAMS).report["corpus_check"] == "ids, labels and texts"


def test_real_winogrande_dev_embeddings_refuse_train_xs(tmp_path, capsys):
    """The issue's case: embeddings of WinoGrande dev filtered with --corpus train_xs.jsonl."""
    dev, train_xs = shared_file("winogrande/dev.jsonl"), shared_file("winogrande/train_xs.jsonl")
    npy = tmp_path / "embeddings.npy"
    save_embeddings(embeddings_of(list(wt.read(dev))), npy)
    code = main(["aflite", "filter", str(npy), "--corpus", str(train_xs), "-m", "1000", "--device", "cpu"])
    err = capsys.readouterr().err
    assert code == 1 and f"{train_xs}: not the corpus that was embedded: 1,267 of the 1,267 embedded ids" in err


def twin_vectors(items, seed: int = 0) -> np.ndarray:
    """Twins as an encoder sees them: near-identical vectors (their labels are opposite), no label signal at all."""
    found = instances(items)
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(len(found.items) // 2, 64))
    return (np.repeat(base, 2, axis=0) + 0.05 * rng.normal(size=(len(found.items), 64))).astype(np.float32)


def test_assessment_cross_validation_never_splits_twins():
    """Folds that separate near-identical twins with opposite labels score below chance (0.35 here); grouped, 0.5."""
    items = twin_corpus(200)
    items = [replace(item, answer=1 - items[k - 1].answer) if k % 2 else item for k, item in enumerate(items)]  # twins: opposite labels
    report = filter_embeddings(embeddings_of(items, twin_vectors(items)), items=items, threshold=0.0, **{**PARAMS, "train_size": 150}).report
    for name, a in report["assessment"].items():
        for subset in ("before", "after"):
            assert abs(a[subset]["cv_accuracy"] - a[subset]["majority_accuracy"]) < 0.08, (name, subset, a[subset])
        assert "|groups:schema|" in a["signature"] and "chance is majority_accuracy" in a["cross_validation"]


def test_keep_twins_reports_no_broken_group_and_marks_items_removed_with_their_twin():
    items = twin_corpus()
    report = filter_embeddings(embeddings_of(items), items=items, keep_twins=True, **PARAMS).report
    twins = report["twins"]
    assert twins["broken_by_aflite"] > 0 and twins["broken"] == 0
    with_twin = [r for r in report["removed_items"] if r["reason"] == "twin"]
    assert len(with_twin) == twins["removed_with_their_twin"] > 0
    assert all(r["phase"] is None for r in with_twin)
    assert all(r["phase"] >= 0 for r in report["removed_items"] if r["reason"] == "aflite")
    assert report["removed"] == sum(row["removed"] for row in report["history"]) + len(with_twin)


def test_instances_keep_the_files_option_order_as_the_docs_say():
    """WinoGrande's option1/option2 order is the label's meaning: kept even where the text mentions option2 first."""
    items = list(wt.read(shared_file("winogrande/train_xs.jsonl")))
    by_id = {item.id: item for item in items}
    found = instances(items)
    assert all([c.text for c in item.candidates] == [c.text for c in by_id[item.id].candidates] for item in found.items)
    assert any(0 <= item.text.find(item.candidates[1].text) < item.text.find(item.candidates[0].text) for item in found.items)
    section = AFLITE_PAGE.read_text(encoding="utf-8")
    assert "option1/option2 order" in section
    assert not re.search(r"two options in the order the text\s+mentions them;", section)


def test_report_says_how_long_each_step_took():
    """The report times the corpus check, Algorithm 1 and the assessment apart; the filter's time is its phases'."""
    items = twin_corpus()
    report = filter_embeddings(embeddings_of(items), items=items, **PARAMS).report
    seconds = report["seconds"]
    assert set(seconds) == {"corpus_check", "filter", "assessment"} and all(v >= 0 for v in seconds.values())
    assert seconds["filter"] >= sum(row["seconds"] for row in report["history"]) - 0.01
    assert "assessment" not in filter_embeddings(embeddings_of(items), items=items, baselines=False, **PARAMS).report["seconds"]
