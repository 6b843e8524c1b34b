"""``wino train`` (one run, a grid over seeds, a learning curve) and ``wino eval transfer`` end to end:
the files they write are checked for what they say, on a learnable toy corpus and on shared corpora."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("datasets")
pytest.importorskip("matplotlib")

import wino_toolkit as wt  # noqa: E402
from conftest import SHARED, shared_file  # noqa: E402
from test_aflite_embed import toy_items  # noqa: E402
from test_train_finetune import tiny_encoder  # noqa: E402,F401 (a fixture)
from tiny_lm import saved_byte_encoder  # noqa: E402
from wino_toolkit.cli import main  # noqa: E402

FAST = ["--lr", "3e-3", "--epochs", "3", "--batch-size", "16", "--device", "cpu", "--patience", "0"]


@pytest.fixture
def toy_files(tmp_path):
    train, dev = tmp_path / "train.jsonl", tmp_path / "dev.jsonl"
    items = toy_items(300, seed=8)
    wt.write(items[:240], train, to="jsonl")
    wt.write(items[240:], dev, to="jsonl")
    return train, dev


def test_wino_train_one_run_and_a_grid_over_seeds(tiny_encoder, toy_files, tmp_path, capsys):
    train, dev = toy_files
    assert main(["train", str(train), "--dev", str(dev), "--model", tiny_encoder, "-o", str(tmp_path / "run"), "--json", *FAST]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["dev_accuracy"] >= 0.9 and record["dev_items"] == 60 and (tmp_path / "run" / "model" / "config.json").is_file()
    grid = tmp_path / "grid"
    args = ["train", str(train), "--dev", str(dev), "--model", tiny_encoder, "-o", str(grid), "--grid", "lr=3e-3,1e-6",
            "--seeds", "2", "--json", *FAST]
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    by_lr = {p["settings"]["learning_rate"]: p for p in result["points"]}
    assert set(by_lr) == {3e-3, 1e-6} and all(p["seeds"] == [0, 1] and len(p["dev_accuracies"]) == 2 for p in by_lr.values())
    assert by_lr[3e-3]["mean"] >= 0.9 and result["best"] == {"learning_rate": 3e-3}
    assert by_lr[3e-3]["mean"] == pytest.approx(sum(by_lr[3e-3]["dev_accuracies"]) / 2)
    assert "|seeds:0,1|" in result["signature"] and (grid / "grid.md").read_text().count("| learning_rate=") == 2
    # a second call finds every run finished and trains nothing again
    stamps = {p: p.stat().st_mtime_ns for p in grid.glob("*/seed-*/run.json")}
    assert len(stamps) == 4 and main(args) == 0
    assert {p: p.stat().st_mtime_ns for p in grid.glob("*/seed-*/run.json")} == stamps
    assert json.loads(capsys.readouterr().out)["points"] == result["points"]


def test_wino_train_learning_curve_is_nested_and_plotted(tiny_encoder, toy_files, tmp_path, capsys):
    train, dev = toy_files
    out = tmp_path / "curve"
    assert main(["train", str(train), "--sizes", "16,160", "--eval", str(dev), "--model", tiny_encoder, "-o", str(out),
                 "--seeds", "2", "--json", *FAST]) == 0
    curve = json.loads(capsys.readouterr().out)
    sizes = [p["size"] for p in curve["points"]]
    assert sizes == [16, 160] and all(len(p["accuracies"]) == 2 for p in curve["points"])
    assert curve["points"][1]["mean"] >= 0.9  # enough examples of the toy pattern to learn it
    trained = {p.parent.parent.name: json.loads(p.read_text())["train_items"] for p in out.glob("size-*/seed-0/run.json")}
    assert trained == {"size-16": 16, "size-160": 160}
    svg = (out / "curve.svg").read_text()
    assert "training items" in svg and "chance" in svg and "dev.jsonl" in svg
    import matplotlib.image

    png = matplotlib.image.imread(out / "curve.png")
    assert png.ndim == 3 and png.shape[0] > 200 and png.std() > 0.01


def test_transfer_reuses_a_finished_run_only_as_trained_and_names_columns_by_the_subset_read(tiny_encoder, toy_files,
                                                                                           tmp_path, capsys):
    """A second transfer into the same -o loads its finished runs; one asking for another learning rate is
    refused in one line naming it, not scored with the old runs. The column is the subset read (wsc273)."""
    wsc = shared_file("wsc/WSCollection.xml")
    train, _ = toy_files
    args = ["eval", "transfer", "--train", str(train), "--eval", str(wsc), "-O", "subset=wsc273", "--model", tiny_encoder,
            "-o", str(tmp_path / "t"), "--max-steps", "1", "--device", "cpu", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["matrix"]["targets"] == ["wsc273"] and first["reused"] == []
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["reused"] == ["runs/toy/seed-0"]
    assert main([*args, "--lr", "2e-5"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed-0 was trained with learning_rate 1e-05, not 2e-05: use another -o" in err


def test_transfer_json_splits_the_overlap_by_route(tiny_encoder, toy_files, tmp_path, capsys):
    """Training items that translate five WSC273 versions (their parallel key is the key of the English
    sentence) overlap WSC273 by parallel key, not by text; a corpus scored on its own training file overlaps
    it as trained on. transfer.json counts each route, and the summary line names them."""
    from wino_toolkit.parallel import PARALLEL, parallel_key

    wsc = shared_file("wsc/WSCollection.xml")
    english = [i.text for i in wt.read(wsc, options={"subset": "wsc273"})][:5]
    train, _ = toy_files
    items = list(wt.read(train))
    for found, text in zip(items, english):
        found.meta[PARALLEL] = parallel_key(text)
    translated = tmp_path / "translated.jsonl"
    wt.write(items, translated, to="jsonl")
    assert main(["eval", "transfer", "--train", str(translated), "--eval", str(wsc), str(translated), "-O",
                 "WSCollection.xml:subset=wsc273", "--model", tiny_encoder, "-o", str(tmp_path / "t"), "--max-steps", "1",
                 "--device", "cpu", "--json"]) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)
    assert record["overlap"]["toy"] == {"wsc273": 5, "toy": len(items)}  # columns and rows are named by corpus
    assert record["overlap_routes"]["toy"] == {"wsc273": {"parallel key": 5}, "toy": {"trained on": len(items)}}
    assert "wsc273: 5 (5 by parallel key)" in err


def test_learning_curve_is_named_by_the_subset_read(tiny_encoder, toy_files, tmp_path, capsys):
    train, _ = toy_files
    wsc = shared_file("wsc/WSCollection.xml")
    assert main(["train", str(train), "--sizes", "16", "--eval", str(wsc), "-O", "subset=wsc273", "--model", tiny_encoder,
                 "-o", str(tmp_path / "curve"), "--max-steps", "1", "--device", "cpu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["target"] == "wsc273 (WSCollection.xml)"


def test_wino_train_refuses_mixed_experiments_before_reading(tmp_path, capsys):
    assert main(["train", str(tmp_path / "missing.jsonl"), "--model", "m", "-o", str(tmp_path / "o"), "--sizes", "xs",
                 "--grid", "lr=1e-5,2e-5"]) == 2
    assert "separate experiments" in capsys.readouterr().err
    assert main(["train", str(tmp_path / "missing.jsonl"), "--model", "m", "-o", str(tmp_path / "o"), "--sizes", "tiny"]) == 2
    assert "--sizes takes" in capsys.readouterr().err and not (tmp_path / "o").exists()


@pytest.fixture(scope="module")
def shared_encoder(tmp_path_factory):
    paths = [SHARED / "winogrande" / "train_xs.jsonl", SHARED / "dpr" / "train.c.txt", SHARED / "wsc" / "WSCollection.xml"]
    if not all(p.exists() for p in paths):
        pytest.skip("../shared/corpora is not present")
    texts = [i.text for i in wt.read(paths[0])] + [i.text for i in wt.read(paths[1])][:200]
    return saved_byte_encoder(texts, tmp_path_factory.mktemp("byte-encoder")), paths


def test_transfer_over_three_shared_corpora_writes_matrix_heatmap_and_overlap(shared_encoder, tmp_path, capsys):
    """WinoGrande XS and DPR as sources, WSC273 and DPR as targets; DPR's train file holds three WSC273
    sentences (measured in test_train_overlap), which --dedupe leaves out of the DPR → WSC273 cell."""
    path, (winogrande, dpr, wsc) = shared_encoder
    out = tmp_path / "transfer"
    assert main(["eval", "transfer", "--train", str(winogrande), str(dpr), "--eval", str(wsc), str(dpr),
                 "-O", "WSCollection.xml:subset=wsc273", "--model", path, "-o", str(out), "--seeds", "2", "--dedupe",
                 "--epochs", "1", "--lr", "1e-3", "--max-length", "256", "--device", "cpu", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    matrix = record["matrix"]
    assert matrix["sources"] == ["winogrande", "dpr"] and matrix["targets"] == ["wsc273", "dpr"]
    cells = {(c["source"], c["target"]): c for c in matrix["cells"]}
    assert record["overlap"]["dpr"]["wsc273"] == 3 and record["overlap"]["winogrande"]["wsc273"] == 0
    assert record["overlap_routes"]["dpr"]["wsc273"] == {"text": 3} and record["overlap_routes"]["winogrande"]["wsc273"] == {}
    assert cells["dpr", "wsc273"]["excluded"] == 3 and cells["dpr", "wsc273"]["items"] == 270
    assert cells["winogrande", "wsc273"]["items"] == 273
    # DPR evaluated on its own training file: every item was trained on, so --dedupe leaves nothing
    assert record["overlap"]["dpr"]["dpr"] == len(list(wt.read(dpr))) and record["emptied"] == {"dpr": ["dpr"]}
    assert ("dpr", "dpr") not in cells and cells["winogrande", "dpr"]["items"] > 1000
    for (source, target), cell in cells.items():
        assert len(cell["accuracies"]) == 2
        for accuracy, rel in zip(cell["accuracies"], cell["predictions"]):
            lines = [json.loads(x) for x in (out / rel).read_text(encoding="utf-8").splitlines()]
            assert len(lines) == cell["items"]
            if lines:
                assert sum(p["prediction"] == p["gold"] for p in lines) / len(lines) == pytest.approx(accuracy)
    runs = record["runs"]
    assert len(runs) == 4 and {r["config"]["seed"] for r in runs} == {0, 1} and all(r["versions"]["torch"] for r in runs)
    md = (out / "transfer.md").read_text()
    assert "| winogrande |" in md and "](predictions/dpr__wsc273__seed-0.jsonl)" in md and "excluded as overlapping" in md
    svg = (out / "transfer.svg").read_text()
    assert all(label in svg for label in ("wsc273", "winogrande", "dpr")) and svg.count("±") == 3
    import matplotlib.image

    png = matplotlib.image.imread(out / "transfer.png")
    assert png.ndim == 3 and png.shape[1] > png.shape[0] > 100


def test_split_then_train_a_learning_curve_on_a_shared_corpus(shared_encoder, tmp_path, capsys):
    """WinoGrande dev split twin-safe, then a two-point learning curve on its train part, scored on its dev part."""
    path, _ = shared_encoder
    corpus = SHARED / "winogrande" / "dev.jsonl"
    assert main(["split", str(corpus), "--dev", "0.2", "--seed", "3", "-o", str(tmp_path / "wg"), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    train, dev = list(wt.read(tmp_path / "wg" / "train.jsonl")), list(wt.read(tmp_path / "wg" / "dev.jsonl"))
    assert len(train) + len(dev) == 1267 and record["seed"] == 3
    assert not {i.twin for i in train if i.twin} & {i.twin for i in dev if i.twin}  # no schema on both sides
    out = tmp_path / "curve"
    assert main(["train", str(tmp_path / "wg" / "train.jsonl"), "--sizes", "32,64", "--eval", str(tmp_path / "wg" / "dev.jsonl"),
                 "--model", path, "-o", str(out), "--max-steps", "3", "--device", "cpu", "--max-length", "256", "--json"]) == 0
    curve = json.loads(capsys.readouterr().out)
    assert [p["size"] for p in curve["points"]] == [32, 64] and curve["chance"] == 0.5
    assert all(0 <= p["mean"] <= 1 for p in curve["points"]) and (out / "curve.png").stat().st_size > 10_000
