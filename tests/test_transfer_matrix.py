"""The transfer matrix of issue #12: its numbers, its tables, its JSON and its heatmap."""
from __future__ import annotations

import io
import json
import math
import xml.etree.ElementTree as ET

import pytest

from wino_toolkit.eval.matrix import VMAX, VMIN, Cell, TransferMatrix, add_signature, model_of

SIGNATURE = "train|model:roberta-large@abc123|lr:1e-05|seeds:0,1,2"
SVG = "{http://www.w3.org/2000/svg}"


def matrix() -> TransferMatrix:
    """winogrande → wsc273 high (0.95), dpr → wsc273 low (0.45), one missing cell, one -ft row, one seed in a cell."""
    return TransferMatrix([
        Cell("winogrande", "wsc273", [0.9375, 0.9375, 0.96875, 0.96875], 273,
             predictions=["winogrande/seed-0/wsc273.jsonl", "winogrande/seed-1/wsc273.jsonl"]),
        Cell("winogrande", "xwino/ja", [0.70, 0.71, 0.72], 959, excluded=4),
        Cell("dpr", "wsc273", [0.4375, 0.4375, 0.46875, 0.46875], 273),
        Cell("winogrande", "wsc273", [0.875], 273, finetuned=True, predictions=["ft/my run (1)/wsc273.jsonl"]),
    ], SIGNATURE)


def test_mean_and_sample_std_over_seeds():
    cell = Cell("a", "b", [0.5, 0.75, 1.0], 10)
    assert (cell.mean, cell.std, cell.n_seeds) == (0.75, 0.25, 3)  # sample std: divides by n - 1
    assert Cell("a", "b", [0.5], 10).std == 0.0
    assert Cell("a", "b", [0.625, 0.875], 10).std == pytest.approx(math.sqrt(0.03125))


def test_rows_columns_and_lookup():
    m = matrix()
    assert m.sources == ["winogrande", "dpr", "winogrande -ft"]
    assert m.targets == ["wsc273", "xwino/ja"]
    assert m.cell("winogrande", "wsc273").accuracies == [0.9375, 0.9375, 0.96875, 0.96875]
    assert m.cell("winogrande", "wsc273", finetuned=True).accuracies == [0.875]
    assert m.cell("dpr", "xwino/ja") is None


def test_two_cells_for_one_place_are_refused():
    with pytest.raises(ValueError, match="winogrande → wsc273"):
        TransferMatrix([Cell("winogrande", "wsc273", [0.5], 1), Cell("winogrande", "wsc273", [0.6], 1)], SIGNATURE)
    TransferMatrix([Cell("winogrande", "wsc273", [0.5], 1), Cell("winogrande", "wsc273", [0.6], 1, finetuned=True)], SIGNATURE)


def test_markdown():
    assert matrix().markdown() == (
        "| source | wsc273 | xwino/ja |\n"
        "|---|---:|---:|\n"
        "| winogrande | [0.953 ± 0.018](winogrande/seed-0/wsc273.jsonl) | 0.710 ± 0.010 |\n"
        "| dpr | 0.453 ± 0.018 | - |\n"
        "| winogrande -ft | [0.875](<ft/my run (1)/wsc273.jsonl>) | - |\n"
        "\n"
        "excluded as overlapping the source: winogrande → xwino/ja: 4 of 963\n"
        "\n"
        f"`{SIGNATURE}`\n")


def test_one_seed_shows_no_spread_and_pipes_do_not_break_the_table():
    m = TransferMatrix([Cell("a|b", "c", [0.5], 10), Cell("a|b", "d", [0.625], 10)], "sig")
    assert m.markdown() == "| source | c | d |\n|---|---:|---:|\n| a\\|b | 0.500 | 0.625 |\n\n`sig`\n"
    (row,) = [line for line in _render(m.table()).splitlines() if "a|b" in line]
    assert "0.500" in row and "±" not in row


def test_rich_table_escapes_brackets_and_has_the_signature():
    m = TransferMatrix([Cell("winogrande [xl]", "wsc273", [0.5, 0.75, 1.0], 273)], SIGNATURE)
    text = _render(m.table())
    assert "winogrande [xl]" in text and "0.750 ± 0.250" in text and "roberta-large@abc123" in text
    text = _render(matrix().table())
    assert "winogrande -ft" in text and "0.875" in text and "excluded as overlapping the source" in text


def test_json_round_trip():
    m = matrix()
    record = json.loads(json.dumps(m.to_json()))
    assert record["sources"] == ["winogrande", "dpr", "winogrande -ft"] and record["targets"] == ["wsc273", "xwino/ja"]
    first = record["cells"][0]
    assert (first["mean"], first["items"], first["excluded"], first["finetuned"]) == (0.953125, 273, 0, False)
    assert first["std"] == pytest.approx(0.018042, abs=1e-6)
    assert record["cells"][3]["finetuned"] is True and record["cells"][1]["excluded"] == 4
    again = TransferMatrix.from_json(record)
    assert again == m
    assert again.markdown() == m.markdown()


def test_frame_has_a_mean_and_a_std_block():
    frame = matrix().to_frame()
    assert list(frame.index) == ["winogrande", "dpr", "winogrande -ft"]
    assert list(frame["mean"].columns) == ["wsc273", "xwino/ja"]
    assert frame["mean"].loc["winogrande", "wsc273"] == 0.953125
    assert frame["mean"].loc["dpr", "wsc273"] == 0.453125
    assert frame["mean"].loc["winogrande -ft", "wsc273"] == 0.875
    assert frame["std"].loc["winogrande -ft", "wsc273"] == 0.0
    assert frame["std"].loc["winogrande", "xwino/ja"] == pytest.approx(0.01)
    assert math.isnan(frame["mean"].loc["dpr", "xwino/ja"])
    assert frame.attrs["signature"] == SIGNATURE


def test_model_comes_from_the_signature():
    assert model_of(SIGNATURE) == "roberta-large@abc123"
    assert model_of("eval|method:partial") == ""


def test_long_signatures_are_broken_at_their_bars():
    figure = pytest.importorskip("matplotlib.figure")
    fig = figure.Figure()
    add_signature(fig, "|".join(["x" * 30] * 5), width=70)
    assert fig.get_supxlabel() == f"{'x' * 30}|{'x' * 30}\n{'x' * 30}|{'x' * 30}\n{'x' * 30}"


def test_heatmap_png_colours_cells_by_accuracy(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    import matplotlib.image
    import numpy as np

    m = matrix()
    (png,) = m.plot(tmp_path / "matrix")
    assert png == tmp_path / "matrix.png"
    image = matplotlib.image.imread(png)
    fig = m.figure()
    fig.draw_without_rendering()  # lays the figure out as saving does, to find the cells
    width, height = fig.get_size_inches() * fig.dpi
    assert image.shape[:2] == (round(height), round(width))
    ax = fig.axes[0]

    def colour(row: int, column: int) -> np.ndarray:  # a corner of the cell, away from its annotation
        x, y = ax.transData.transform((column - 0.3, row - 0.3))
        return image[round(height - y), round(x), :3]

    cmap, norm = matplotlib.colormaps["viridis"], matplotlib.colors.Normalize(VMIN, VMAX)
    high, low, missing = colour(0, 0), colour(1, 0), colour(1, 1)
    assert np.allclose(high, cmap(norm(0.953125))[:3], atol=0.02)
    assert np.allclose(low, cmap(norm(0.453125))[:3], atol=0.02)
    assert np.abs(high - low).max() > 0.3
    assert np.allclose(missing, matplotlib.colors.to_rgb("lightgrey"), atol=0.02)


def test_heatmap_scale_is_fixed(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    import matplotlib.image
    import numpy as np

    # the same 0.7 cell in a matrix whose other cell is 0.3 or 0.99: the same colour either way
    colours = []
    for other in (0.3, 0.99):
        m = TransferMatrix([Cell("a", "b", [0.7], 1), Cell("a", "c", [other], 1)], "sig")
        (png,) = m.plot(tmp_path / f"m{other}.png")
        fig = m.figure()
        fig.draw_without_rendering()
        x, y = fig.axes[0].transData.transform((-0.3, -0.3))
        colours.append(matplotlib.image.imread(png)[round(fig.get_size_inches()[1] * fig.dpi - y), round(x), :3])
    assert np.allclose(colours[0], colours[1], atol=0.01)
    assert np.allclose(colours[0], matplotlib.colormaps["viridis"]((0.7 - VMIN) / (VMAX - VMIN))[:3], atol=0.02)


def test_heatmap_svg_has_the_annotations_labels_and_title(tmp_path):
    pytest.importorskip("matplotlib")
    paths = matrix().plot(tmp_path / "matrix.png", formats=("png", "svg"))
    assert paths == [tmp_path / "matrix.png", tmp_path / "matrix.svg"]
    texts = [t.text for t in ET.parse(paths[1]).iter(f"{SVG}text")]
    for expected in ("0.95", "±0.02", "0.71", "±0.01", "0.45", "0.88", "wsc273", "xwino/ja", "winogrande", "dpr",
                     "winogrande -ft", "evaluated on", "fine-tuned on", "mean accuracy over seeds",
                     "transfer accuracy: roberta-large@abc123"):
        assert expected in texts, expected
    assert texts.count("±0.02") == 2  # the two four-seed cells; the one-seed -ft cell has no spread
    assert sum(t.startswith("±") for t in texts) == 3
    assert not any(t in ("nan", "-") for t in texts)  # the missing cells are blank


def test_one_seed_heatmap_has_no_spread(tmp_path):
    pytest.importorskip("matplotlib")
    m = TransferMatrix([Cell("a", "b", [0.7], 1), Cell("a", "c", [0.8], 1)], "sig")
    (svg,) = m.plot(tmp_path / "m", formats=("svg",))
    texts = [t.text for t in ET.parse(svg).iter(f"{SVG}text")]
    assert "0.70" in texts and "0.80" in texts and not any("±" in (t or "") for t in texts)


def test_unknown_formats_are_refused_before_anything_is_written(tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(ValueError, match="jpg"):
        matrix().plot(tmp_path / "m", formats=("png", "jpg"))
    assert list(tmp_path.iterdir()) == []


def _render(table) -> str:
    from rich.console import Console

    console = Console(record=True, width=200, file=io.StringIO())
    console.print(table)
    return console.export_text()
