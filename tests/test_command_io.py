"""The library holds the logic, the CLI only wires it (issue #30): one JSON printer for every ``--json`` (indent 2,
text as written), one reader of corpus arguments, and the work that sat in command bodies (the subsets file, the
data checksum, saving an experiment's outputs, the settings a transfer matrix is named by) in the library."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from conftest import SAMPLES
from wino_toolkit.cli import main
from wino_toolkit.errors import FormatError

DPR = SAMPLES / "dpr.txt"


def test_every_json_output_is_printed_alike(tmp_path, capsys):
    """`wino split --json` and `eval compare --json` printed indent 1, `stats --json` indent 2: now all print 2."""
    pred = tmp_path / "p.jsonl"
    pred.write_text("".join(json.dumps({"id": f"é-{n}", "corpus": "toy", "prediction": 0, "gold": n % 2}) + "\n"
                            for n in range(6)), encoding="utf-8")
    for argv in (["split", str(DPR), "--dev", "0.25", "-o", str(tmp_path / "parts"), "--json"],
                 ["eval", "compare", str(pred), str(pred), "--json"], ["stats", str(DPR), "--json"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert out.startswith('{\n  "') and out.endswith("}\n"), argv
        json.loads(out)


def test_read_inputs_takes_reader_option_pairs_and_names_a_bad_one():
    from wino_toolkit.command_io import read_inputs
    from wino_toolkit.errors import ParameterError

    items = read_inputs([DPR], options=["split=dev"])
    assert items and {i.split for i in items} == {"dev"}
    with pytest.raises(ParameterError, match="-O takes KEY=VALUE"):
        read_inputs([DPR], options=["split"])


def test_subsets_file_and_data_checksum_are_library_functions(tmp_path):
    from wino_toolkit.eval.api import files_checksum, read_subsets

    good = tmp_path / "subsets.json"
    good.write_text('{"wsc273-0": "associative"}', encoding="utf-8")
    assert read_subsets(good) == {"wsc273-0": "associative"}
    bad = tmp_path / "bad.json"
    bad.write_text('["wsc273-0"]', encoding="utf-8")
    with pytest.raises(FormatError, match="bad.json.*expected a JSON object of item id"):
        read_subsets(bad)
    assert files_checksum([DPR, good]) == hashlib.sha256(DPR.read_bytes() + good.read_bytes()).hexdigest()[:8]


def run_for(config=None, identity: str = "hub/model@abc|seed:9"):
    from wino_toolkit.tuning import Run, TrainConfig

    return Run(Path("r"), "hub/model", identity, config or TrainConfig(seed=3), 0.75, 10, 2, "d1d2d3d4", 1.0, "cpu",
               {"wino-toolkit": "9.9"})


def test_transfer_settings_come_from_the_run_fields_not_from_splitting_its_signature():
    """A model identity holding ``|seed:`` cut the transfer matrix's settings short when they were split out of
    the first run's signature; they are now built from the run's fields."""
    run = run_for()
    assert run.settings_signature.startswith("model:hub/model@abc|seed:9|form:mc|lr:1e-05")
    assert run.settings_signature.endswith("|len:128") and "seed:3" not in run.settings_signature
    assert run.signature == f"train|{run.settings_signature}|seed:3|data:d1d2d3d4|v:9.9"


def test_transfer_record_is_typed_and_transfer_json_keeps_its_keys():
    from wino_toolkit.eval.matrix import Cell, TransferMatrix
    from wino_toolkit.train.transfer import TransferRecord, transfer_json

    record = TransferRecord(None, True, overlap={"a": {"b": 2}}, reused=["runs/a/seed-0"])
    matrix = TransferMatrix([Cell("a", "b", [0.5], 4)], "transfer|sig", record)
    written = transfer_json(matrix)
    assert list(written) == ["split_seed", "dedupe", "runs", "overlap", "overlap_routes", "unscorable", "skipped",
                             "reused", "emptied", "matrix"]
    assert written["overlap"] == {"a": {"b": 2}} and written["matrix"]["signature"] == "transfer|sig"


def test_grid_and_curve_save_their_files(tmp_path):
    pytest.importorskip("matplotlib")
    from wino_toolkit.train.curves import CurvePoint, LearningCurve
    from wino_toolkit.train.experiments import GridPoint, GridResult

    grid = GridResult([GridPoint({"lr": 1e-5}, [0, 1], [0.5, 0.7], ["lr=1e-05/seed-0", "lr=1e-05/seed-1"])], "grid|sig")
    files = grid.save(tmp_path)
    assert files == [tmp_path / "grid.json", tmp_path / "grid.md"]
    assert json.loads(files[0].read_text())["points"][0]["mean"] == pytest.approx(0.6)
    assert files[1].read_text() == grid.markdown()
    curve = LearningCurve([CurvePoint(16, [0.5, 0.6]), CurvePoint(64, [0.7, 0.8])], "wsc273 (dev.jsonl)", "curve|sig")
    files = curve.save(tmp_path)
    assert [f.name for f in files] == ["curve.json", "curve.md", "curve.png", "curve.svg"]
    assert all(f.is_file() for f in files)
    assert json.loads(files[0].read_text()) == curve.to_json()
