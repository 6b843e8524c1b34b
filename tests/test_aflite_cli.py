"""``wino aflite embed | filter | run`` on an invented corpus with a tiny random encoder saved to a temp dir."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("sklearn")
pytest.importorskip("matplotlib")

import wino_toolkit as wt  # noqa: E402
from test_aflite_embed import tiny_model, toy_items  # noqa: E402,F401  (tiny_model is a fixture)
from wino_toolkit.cli import main  # noqa: E402

FILTER = ["-n", "8", "-m", "60", "-k", "10", "--device", "cpu"]
EMBED = ["--max-length", "64", "--batch-size", "8", "--device", "cpu"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """160 invented items; each pair of consecutive items is one schema (a twin group)."""
    items = [replace(item, twin=f"g-{n // 2}") for n, item in enumerate(toy_items(160, seed=3))]
    path = tmp_path_factory.mktemp("corpus") / "toy.jsonl"
    wt.write(items, path, to="jsonl")
    return path


def test_run_writes_kept_items_report_and_plot(corpus, tiny_model, tmp_path, capsys):
    out = tmp_path / "kept.jsonl"
    code = main(["aflite", "run", str(corpus), "--model", tiny_model, *EMBED, *FILTER, "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    report = json.loads((tmp_path / "kept.aflite.json").read_text())
    kept = list(wt.read(out))
    assert [i.id for i in kept] == report["kept_ids"] and len(kept) == report["kept"]
    assert report["kept"] + report["removed"] == report["instances"] == 160
    assert report["removed"] == sum(row["removed"] for row in report["history"]) > 0
    assert all(r["phase"] >= 0 and r["score"] >= 0.75 for r in report["removed_items"])
    assert report["twins"]["groups"] == 80 and report["seed"] == 0
    assert report["signature"].startswith("aflite|n:8|m:60|k:10|tau:0.75|backend:torch-cpu") and "|emb:embed|model:" in report["signature"]
    assert set(report["assessment"]) == {"aflite", "random", "pmi", "twin_pmi"}
    assert report["assessment"]["twin_pmi"]["pairs"] == 80
    assert (tmp_path / "kept.aflite.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "kept.aflite-work" / "embeddings.npy").is_file()
    assert f"wrote {len(kept)} kept items" in err


def test_keep_twins_keeps_or_removes_a_schema_whole(corpus, tiny_model, tmp_path, capsys):
    out = tmp_path / "kept.jsonl"
    assert main(["aflite", "run", str(corpus), "--model", tiny_model, *EMBED, *FILTER, "--keep-twins", "-o", str(out)]) == 0
    report = json.loads((tmp_path / "kept.aflite.json").read_text())
    groups = {}
    for item in wt.read(out):
        groups.setdefault(item.twin, []).append(item.id)
    assert all(len(ids) == 2 for ids in groups.values())  # no schema is left with one version
    assert report["twins"]["keep_twins"] is True
    assert report["removed"] == sum(r["removed"] for r in report["history"]) + report["twins"]["removed_with_their_twin"]


def test_run_to_stdout_with_a_report_path(corpus, tiny_model, tmp_path, capfd):
    code = main(["aflite", "run", str(corpus), "--model", tiny_model, *EMBED, *FILTER, "-o", "/dev/stdout",
                 "--report", str(tmp_path / "r.json")])
    out = capfd.readouterr().out
    report = json.loads((tmp_path / "r.json").read_text())
    assert code == 0 and len(out.splitlines()) == report["kept"]
    assert (tmp_path / "r.png").is_file() and (tmp_path / "r-work" / "embeddings.npy").is_file()


def test_embed_then_filter(corpus, tiny_model, tmp_path, capsys):
    work = tmp_path / "work"
    assert main(["aflite", "embed", str(corpus), "--model", tiny_model, *EMBED, "-o", str(work)]) == 0
    assert "embedded 160 instances (32 dimensions" in capsys.readouterr().err
    assert main(["aflite", "embed", str(corpus), "--model", tiny_model, *EMBED, "-o", str(work)]) == 0
    assert "chunk(s) reused" in capsys.readouterr().err  # the cache is used
    report_path, plot = tmp_path / "report.json", tmp_path / "plot.png"
    code = main(["aflite", "filter", str(work / "embeddings.npy"), "--corpus", str(corpus), *FILTER, "--seed", "7",
                 "-o", str(report_path), "--plot", str(plot)])
    assert code == 0
    report = json.loads(report_path.read_text())
    assert report["seed"] == 7 and "|seed:7|" in report["signature"]
    assert report["assessment"]["pmi"]["top_words"]
    assert plot.is_file()
    X = np.load(work / "embeddings.npy")
    assert X.shape == (160, 32)


def test_bad_arguments_fail_before_any_work(corpus, tiny_model, tmp_path, capsys):
    assert main(["aflite", "run", str(corpus), "--model", tiny_model, "-k", "0", "-o", str(tmp_path / "x.jsonl")]) == 2
    assert "--cutoff must be at least 1" in capsys.readouterr().err
    assert main(["aflite", "run", str(corpus), "--model", tiny_model, "--to", "nope", "-o", str(tmp_path / "x.jsonl")]) == 2
    assert not (tmp_path / "x.aflite-work").exists()
    assert main(["aflite", "run", str(corpus), "--model", tiny_model, "-o", "/dev/stdout"]) == 1
    assert "give --report PATH.json" in capsys.readouterr().err
    code = main(["aflite", "run", str(corpus), "--model", tiny_model, *EMBED, "-m", "500", "-o", str(tmp_path / "y.jsonl")])
    assert code == 1 and "no more than train_size=500" in capsys.readouterr().err
    assert not (tmp_path / "y.jsonl").exists()
