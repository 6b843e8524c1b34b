"""The learning curve of issue #12: its numbers, its tables, its JSON and its plot."""
from __future__ import annotations

import io
import json
import math
import xml.etree.ElementTree as ET

import pytest

from wino_toolkit.train.curves import CurvePoint, LearningCurve

SIGNATURE = "train|model:roberta-large@abc123|lr:1e-05|seeds:0,1,2"
SVG = "{http://www.w3.org/2000/svg}"


def curve(chance: float | None = 0.5) -> LearningCurve:
    """Sizes a decade apart (given out of order): equally spaced on a log axis, not on a linear one."""
    return LearningCurve([CurvePoint(10000, [0.75, 0.8125, 0.875]), CurvePoint(100, [0.5, 0.5, 0.5]),
                          CurvePoint(1000, [0.5, 0.75, 1.0])], "winogrande dev", SIGNATURE, chance)


def test_points_are_sorted_with_their_mean_and_sample_std():
    c = curve()
    assert [p.size for p in c.points] == [100, 1000, 10000]
    assert [p.mean for p in c.points] == [0.5, 0.75, 0.8125]
    assert [p.std for p in c.points] == [0.0, 0.25, 0.0625]  # sample std: divides by n - 1
    assert CurvePoint(5, [0.625, 0.875]).std == pytest.approx(math.sqrt(0.03125))
    assert CurvePoint(5, [0.625]).std == 0.0


def test_one_point_per_size():
    with pytest.raises(ValueError, match="one point per size"):
        LearningCurve([CurvePoint(100, [0.5]), CurvePoint(100, [0.6])], "dev", "sig")


def test_markdown():
    assert curve().markdown() == (
        "| training items | seeds | accuracy on winogrande dev | per seed |\n"
        "|---:|---:|---:|---|\n"
        "| 100 | 3 | 0.500 ± 0.000 | 0.500 0.500 0.500 |\n"
        "| 1000 | 3 | 0.750 ± 0.250 | 0.500 0.750 1.000 |\n"
        "| 10000 | 3 | 0.812 ± 0.062 | 0.750 0.812 0.875 |\n"
        "\n"
        "chance: 0.500\n"
        "\n"
        f"`{SIGNATURE}`\n")


def test_one_seed_shows_no_spread_and_no_chance_without_one():
    c = LearningCurve([CurvePoint(100, [0.5]), CurvePoint(1000, [0.625])], "dev", "sig")
    assert c.markdown() == ("| training items | seeds | accuracy on dev | per seed |\n|---:|---:|---:|---|\n"
                            "| 100 | 1 | 0.500 | 0.500 |\n| 1000 | 1 | 0.625 | 0.625 |\n\n`sig`\n")
    assert "±" not in _render(c.table())


def test_rich_table():
    c = LearningCurve([CurvePoint(100, [0.5, 0.75, 1.0])], "xwino [ja]", SIGNATURE, 0.5)
    text = _render(c.table())
    assert "xwino [ja]" in text and "chance 0.500" in text and "0.750 ± 0.250" in text and "roberta-large@abc123" in text


def test_json_round_trip():
    c = curve()
    record = json.loads(json.dumps(c.to_json()))
    assert record["target"] == "winogrande dev" and record["chance"] == 0.5 and record["signature"] == SIGNATURE
    assert record["points"][1] == {"size": 1000, "mean": 0.75, "std": 0.25, "accuracies": [0.5, 0.75, 1.0]}
    assert LearningCurve.from_json(record) == c
    assert LearningCurve.from_json(curve(None).to_json()).chance is None


def test_frame():
    frame = curve().to_frame()
    assert list(frame.index) == [100, 1000, 10000] and frame.index.name == "size"
    assert list(frame["mean"]) == [0.5, 0.75, 0.8125]
    assert list(frame["std"]) == [0.0, 0.25, 0.0625]
    assert list(frame["seeds"]) == [3, 3, 3]
    assert frame.loc[1000, "accuracies"] == [0.5, 0.75, 1.0]
    assert frame.attrs == {"signature": SIGNATURE, "target": "winogrande dev", "chance": 0.5}


def test_svg_has_a_log_axis_a_marker_per_size_the_seeds_and_chance(tmp_path):
    pytest.importorskip("matplotlib")
    paths = curve().plot(tmp_path / "curve")
    assert paths == [tmp_path / "curve.png", tmp_path / "curve.svg"]
    root = ET.parse(paths[1]).getroot()
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for expected in ("100", "1,000", "10,000", "training items (log scale)", "accuracy on winogrande dev",
                     "learning curve on winogrande dev: roberta-large@abc123", "chance (0.5)", "seeds", "mean ± std"):
        assert expected in texts, expected
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    markers = [(float(u.get("x")), float(u.get("y"))) for u in groups["mean"].iter(f"{SVG}use")]
    assert len(markers) == 3  # one per size
    (x1, y1), (x2, y2), (x3, y3) = markers
    assert x2 - x1 == pytest.approx(x3 - x2, rel=1e-3)  # decades equally spaced: a log axis
    assert y1 > y2 > y3  # SVG's y grows downwards: accuracy rises
    assert len(list(groups["seeds"].iter(f"{SVG}use"))) == 9  # every seed of every size
    assert "chance" in groups and "spread" in groups


def test_no_chance_line_without_chance(tmp_path):
    pytest.importorskip("matplotlib")
    (svg,) = curve(None).plot(tmp_path / "curve", formats=("svg",))
    root = ET.parse(svg).getroot()
    assert "chance" not in {g.get("id") for g in root.iter(f"{SVG}g")}
    assert not any((t.text or "").startswith("chance") for t in root.iter(f"{SVG}text"))


def test_png_draws_the_mean_where_it_belongs(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    import matplotlib.image
    import numpy as np

    c = curve()
    (png,) = c.plot(tmp_path / "curve.png", formats=("png",))
    image = matplotlib.image.imread(png)
    fig = c.figure()
    fig.draw_without_rendering()
    width, height = fig.get_size_inches() * fig.dpi
    assert image.shape[:2] == (round(height), round(width))
    ax = fig.axes[0]
    assert ax.get_xscale() == "log"
    blue = np.array(matplotlib.colors.to_rgb("C0"))
    for p in c.points:
        x, y = ax.transData.transform((p.size, p.mean))
        assert np.allclose(image[round(height - y), round(x), :3], blue, atol=0.05)  # a marker of the mean line


def _render(table) -> str:
    from rich.console import Console

    console = Console(record=True, width=200, file=io.StringIO())
    console.print(table)
    return console.export_text()
