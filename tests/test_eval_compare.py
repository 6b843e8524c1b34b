"""``wino eval compare``: McNemar's exact test between two runs' predictions."""
from __future__ import annotations

import json
import math

import pytest

from wino_toolkit.cli import main
from wino_toolkit.errors import FormatError
from wino_toolkit.eval.compare import compare_predictions, mcnemar_exact


def predictions(path, rights, corpus="toy"):
    path.write_text("".join(json.dumps({"id": f"i-{n}", "corpus": corpus, "prediction": 0, "gold": 0 if right else 1}) + "\n"
                            for n, right in enumerate(rights)))
    return path


def test_mcnemar_exact_values():
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)  # all six discordant items one way
    assert mcnemar_exact(1, 9) == pytest.approx(2 * (1 + 10) / 1024)
    assert mcnemar_exact(9, 1) == mcnemar_exact(1, 9)


def test_compare_counts_discordant_items_on_shared_ids(tmp_path, capsys):
    a = predictions(tmp_path / "a.jsonl", [True] * 30 + [False] * 10)
    b = predictions(tmp_path / "b.jsonl", [True] * 18 + [False] * 12 + [True] * 10 + [True] * 5)  # 5 extra items
    result = compare_predictions(a, b)
    assert (result.items, result.a_only, result.b_only) == (40, 12, 10)
    assert result.p_value == pytest.approx(mcnemar_exact(12, 10))
    assert main(["eval", "compare", str(a), str(b)]) == 0
    assert "no significant difference" in capsys.readouterr().out
    strong = predictions(tmp_path / "c.jsonl", [False] * 40)
    assert main(["eval", "compare", str(a), str(strong), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a_only"] == 30 and out["p_value"] == pytest.approx(2 / 2**30) and not math.isnan(out["p_value"])


def test_compare_refuses_unrelated_runs_and_bad_lines(tmp_path):
    a = predictions(tmp_path / "a.jsonl", [True] * 3)
    other = predictions(tmp_path / "o.jsonl", [True] * 3, corpus="other")
    with pytest.raises(FormatError, match="no item in common"):
        compare_predictions(a, other)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "i-0"}\n')
    with pytest.raises(FormatError, match=r"bad.jsonl: line 1: not a prediction line"):
        compare_predictions(a, bad)


def test_results_as_frame_and_markdown():
    pytest.importorskip("pandas")
    from wino_toolkit.eval.results import evaluate_scores
    from wino_toolkit.eval.score import ItemScore, Request, Scores

    def scored(n: int, right: bool, twin: str) -> ItemScore:
        return ItemScore(f"i-{n}", "toy", "en", [Request("a", " b"), Request("c", " b")], [-1.0, -2.0], [1, 1], 0 if right else 1, twin)

    results = evaluate_scores(Scores([scored(0, True, "g"), scored(1, True, "g"), scored(2, False, "h"), scored(3, True, "h")]),
                              signature="eval|test")
    frame = results.to_frame()
    assert frame.loc[0, "accuracy"] == 0.75 and frame.loc[0, "twin_accuracy"] == 0.5 and frame.attrs["signature"].startswith("eval|test")
    table = results.markdown()
    assert "| toy | en | 4 | 0.750 |" in table and "`eval|test|boot:1000|seed:0`" in table


def test_subset_rows_for_associative_items():
    from wino_toolkit.eval.results import evaluate_scores
    from wino_toolkit.eval.score import ItemScore, Request, Scores

    def scored(n: int, right: bool, subset: str | None) -> ItemScore:
        return ItemScore(f"i-{n}", "wsc", "en", [Request("a", " b"), Request("c", " b")], [-1.0, -2.0], [1, 1], 0 if right else 1,
                         subset=subset)

    results = evaluate_scores(Scores([scored(0, True, "associative"), scored(1, False, "non-associative"),
                                      scored(2, True, "non-associative")]), signature="s")
    rows = {r.subset: (r.items, r.accuracy) for r in results.rows}
    assert rows == {None: (3, 2 / 3), "associative": (1, 1.0), "non-associative": (2, 0.5)}
    assert "| wsc [associative] | en | 1 | 1.000 |" in results.markdown()
