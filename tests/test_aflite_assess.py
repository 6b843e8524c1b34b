"""AFLite's assessment (WinoGrande Figure 1's numbers and plot) and the baselines it is compared with."""
from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("sklearn")

from wino_toolkit.aflite.assess import assess, plot_assessment  # noqa: E402
from wino_toolkit.aflite.reductions import (  # noqa: E402
    label_pmi, pmi_filter, random_reduction, tokenize, twin_pmi_filter, twin_pmi_scores)
from wino_toolkit.errors import OutputError  # noqa: E402

N, D, N_PLANTED = 1200, 16, 400
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def planted(shift: float = 3.0, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gaussian noise with random labels; a random third of the rows moved ±shift along one direction by label."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(N, D)).astype(np.float32)
    y = rng.integers(0, 2, N)
    biased = np.zeros(N, dtype=bool)
    biased[rng.choice(N, N_PLANTED, replace=False)] = True
    u = rng.normal(size=D)
    u /= np.linalg.norm(u)
    X[biased] += (np.where(y[biased] == 1, shift, -shift)[:, None] * u).astype(np.float32)
    return X, y, biased


@pytest.fixture(scope="module")
def data():
    return planted()


@pytest.fixture(scope="module")
def filtered(data):
    """The assessment when exactly the planted rows are removed: what a perfect AFLite would do."""
    X, y, biased = data
    return assess(X, y, ~biased)


@pytest.fixture(scope="module")
def randomly_reduced(data):
    X, y, biased = data
    return assess(X, y, random_reduction(N, N - N_PLANTED, random_state=0))


def test_planted_bias_is_visible_on_the_full_set(filtered):
    """The planted rows are linearly separable, so KL and accuracy are well above chance."""
    before = filtered.before
    assert before.n == N
    assert before.kl_direction > 0.5 and before.kl_pc1 > 0.3
    assert before.kl_direction_symmetric > before.kl_direction
    assert before.cv_accuracy > before.majority_accuracy + 0.15


def test_removing_the_planted_rows_removes_the_bias(filtered):
    before, after = filtered.before, filtered.after
    assert after.n == N - N_PLANTED
    assert after.kl_direction < 0.3 * before.kl_direction
    assert after.kl_pc1 < 0.3 * before.kl_pc1
    assert after.cv_accuracy < after.majority_accuracy + 0.07


def test_random_reduction_keeps_the_bias(filtered, randomly_reduced):
    """WinoGrande's point: removing as many rows at random leaves the label distributions as apart as before."""
    before, after = randomly_reduced.before, randomly_reduced.after
    assert after.n == N - N_PLANTED
    assert 0.7 < after.kl_direction / before.kl_direction < 1.4
    assert after.cv_accuracy > after.majority_accuracy + 0.1
    assert filtered.after.kl_direction < 0.3 * after.kl_direction


def test_unbiased_data_shows_no_bias():
    """The same pipeline on data without the planted shift: numbers near chance before any filtering."""
    X, y, biased = planted(shift=0.0)
    before = assess(X, y, ~biased).before
    assert before.kl_direction < 0.3
    assert before.cv_accuracy < before.majority_accuracy + 0.07


def test_assessment_is_deterministic_and_serialisable(data, filtered):
    X, y, biased = data
    again = assess(X, y, ~biased, random_state=0)
    assert again.to_dict() == filtered.to_dict()
    d = filtered.to_dict()
    assert set(d) == {"before", "after", "explained_variance", "bins", "smoothing", "cross_validation", "signature"}
    assert "seed:0" in d["signature"] and len(d["explained_variance"]) == 2
    assert 0 < d["explained_variance"][1] <= d["explained_variance"][0] < 1


@pytest.mark.parametrize("bad, message", [
    (lambda X, y, m: (X, np.where(y == 1, 2, 0), m), "0 and 1"),
    (lambda X, y, m: (X, y, m.astype(int)), "boolean"),
    (lambda X, y, m: (X, y[:-1], m), "rows"),
    (lambda X, y, m: (X, y, m & (y == 0)), "label 1"),
])
def test_bad_input_is_refused(data, bad, message):
    X, y, biased = data
    with pytest.raises(ValueError, match=message):
        assess(*bad(X, y, ~biased))


def test_plot_writes_a_png(data, tmp_path):
    pytest.importorskip("matplotlib")
    X, y, biased = data
    path = plot_assessment(X, y, ~biased, tmp_path / "fig.png", title="planted")
    assert path == tmp_path / "fig.png"
    assert path.read_bytes()[:8] == PNG_MAGIC and path.stat().st_size > 20_000
    assert os.listdir(tmp_path) == ["fig.png"]


@pytest.mark.parametrize("parent, problem", [("missing", "does not exist"), ("a-file", "(?i)not a directory")])
def test_plot_into_an_unwritable_place_creates_nothing(data, tmp_path, parent, problem):
    """Refused in one line naming the path; the directory holds what it held before."""
    pytest.importorskip("matplotlib")
    X, y, biased = data
    (tmp_path / "a-file").write_text("")
    with pytest.raises(OutputError, match=problem):
        plot_assessment(X, y, ~biased, tmp_path / parent / "fig.png")
    assert os.listdir(tmp_path) == ["a-file"]


def test_plot_that_fails_while_writing_leaves_the_old_file_and_no_temporary(data, tmp_path, monkeypatch):
    """A failure half-way through the PNG: the earlier figure stays as it was, no partial file remains."""
    figure = pytest.importorskip("matplotlib.figure")
    X, y, biased = data
    target = tmp_path / "fig.png"
    target.write_bytes(b"old figure")

    def broken_savefig(self, fh, **kwargs):
        fh.write(PNG_MAGIC)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(figure.Figure, "savefig", broken_savefig)
    with pytest.raises(OutputError, match="No space left"):
        plot_assessment(X, y, ~biased, target)
    assert os.listdir(tmp_path) == ["fig.png"] and target.read_bytes() == b"old figure"


def test_random_reduction_is_exact_and_seeded():
    mask = random_reduction(100, 37, random_state=1)
    assert mask.dtype == bool and mask.shape == (100,) and mask.sum() == 37
    assert (mask == random_reduction(100, 37, random_state=1)).all()
    assert not (mask == random_reduction(100, 37, random_state=2)).all()
    with pytest.raises(ValueError, match="n_keep"):
        random_reduction(10, 11, random_state=0)


def giveaway_corpus(seed: int = 0) -> tuple[list[list[str]], list[int], np.ndarray]:
    """Random words from a shared vocabulary; 30 of the label-1 sentences also hold "obviously"."""
    rng = np.random.default_rng(seed)
    vocab = [f"w{i}" for i in range(40)]
    labels = rng.integers(0, 2, 300).tolist()
    docs = [list(rng.choice(vocab, 8)) for _ in labels]
    marked = np.zeros(300, dtype=bool)
    marked[[i for i, label in enumerate(labels) if label == 1][:30]] = True
    for i in np.flatnonzero(marked):
        docs[i].insert(int(rng.integers(0, 8)), "Obviously")
    return docs, labels, marked


def test_pmi_filter_removes_the_giveaway_word_first():
    docs, labels, marked = giveaway_corpus()
    result = pmi_filter(docs, labels, n_keep=300 - 30)
    assert (result.keep_mask == ~marked).all()
    assert result.top_words[1][0][0] == "obviously"
    assert "obviously" not in [word for word, _ in result.top_words[0]]
    assert result.scores[marked].min() > result.scores[~marked].max()


def test_pmi_filter_follows_the_labels():
    """Give the marked sentences label 0 instead: the word now reveals label 0."""
    docs, labels, marked = giveaway_corpus()
    flipped = [0 if m else label for label, m in zip(labels, marked)]
    result = pmi_filter(docs, flipped, fraction=0.9)
    assert (result.keep_mask == ~marked).all()
    assert result.top_words[0][0][0] == "obviously"
    assert result.signature.startswith("pmi-filter|agg:max|k:1.0|keep:270/300")


def test_pmi_filter_is_deterministic_and_checks_its_arguments():
    docs, labels, _ = giveaway_corpus()
    a, b = pmi_filter(docs, labels, n_keep=200, aggregate="mean"), pmi_filter(docs, labels, n_keep=200, aggregate="mean")
    assert (a.keep_mask == b.keep_mask).all() and (a.scores == b.scores).all() and a.keep_mask.sum() == 200
    with pytest.raises(ValueError, match="exactly one"):
        pmi_filter(docs, labels, n_keep=10, fraction=0.5)
    with pytest.raises(ValueError, match="aggregate"):
        pmi_filter(docs, labels, n_keep=10, aggregate="median")


def test_label_pmi_smoothing_and_tokenizer():
    assert tokenize("Sam couldn't lift _ ,") == ["sam", "couldn", "t", "lift", "_"]
    table = label_pmi(["The cat sat.", "the dog ran", "a cat ran"], [1, 0, 1], smoothing=1.0)
    prior = 2 / 3
    assert table.get("cat", 1) == pytest.approx(np.log((2 + prior) / 3 / prior))  # add-k toward the prior
    assert table.get("CAT", 1) == table.get("cat", 1) and table.get("unseen", 0) == 0.0
    assert table.counts[table.vocabulary["the"]].tolist() == [1, 1]


def test_twin_pmi_score_measures_the_trigger_words():
    """f = Σ PMI(y=1; w) over t1 minus over t2: shared words cancel, biased triggers stand out."""
    biased = [("the bag was too big for the box", "the bag was too small for the box")] * 6
    balanced = [("he thanked her because _ was kind", "he thanked her because _ was rude"),
                ("she thanked him because _ was rude", "she thanked him because _ was kind")]
    twins = biased + balanced
    labels = [(1, 0)] * 8
    f = twin_pmi_scores(twins, labels)
    table = label_pmi([t for pair in twins for t in pair], [y for pair in labels for y in pair])
    assert f[0] == pytest.approx(table.get("big", 1) - table.get("small", 1))
    assert f[0] > 1.0 and abs(f[6]) < 1e-12 and abs(f[7]) < 1e-12
    assert twin_pmi_scores(twins, [(0, 1)] * 8)[0] == pytest.approx(-f[0])
    assert twin_pmi_filter(twins, labels, n_keep=2).tolist() == [False] * 6 + [True, True]


def _reference_scores(docs, labels, aggregate, smoothing=1.0):
    """The module docstring's estimate written out word by word: PMI from instance counts, each instance's
    ``aggregate`` over its distinct words (0 without words); and the twin sums over token occurrences."""
    sets = [set(tokenize(d)) for d in docs]
    classes = sorted(set(labels))
    prior = {c: labels.count(c) / len(labels) for c in classes}
    count = {}
    for words, label in zip(sets, labels):
        for w in words:
            count.setdefault(w, dict.fromkeys(classes, 0))[label] += 1

    def pmi(w, c):
        return np.log((count[w][c] + smoothing * prior[c]) / (sum(count[w].values()) + smoothing) / prior[c])

    reduce = max if aggregate == "max" else (lambda v: sum(v) / len(v))
    scores = [reduce([pmi(w, label) for w in words]) if words else 0.0 for words, label in zip(sets, labels)]
    sums = [sum(pmi(w, 1) for w in tokenize(d)) for d in docs]
    return np.array(scores), np.array(sums[0::2]) - np.array(sums[1::2])


@pytest.mark.parametrize("aggregate", ["max", "mean"])
def test_baselines_equal_the_estimate_written_out_word_by_word(aggregate):
    """Random documents over a small vocabulary (repeated words, empty documents): the vectorised scores equal
    a plain per-word computation of the same estimate, for both aggregates and the twin sums."""
    rng = np.random.default_rng(4)
    vocabulary = [f"w{k}" for k in range(40)]
    docs = [" ".join(rng.choice(vocabulary, int(rng.integers(0, 9)))) for _ in range(400)]
    labels = [int(v) for v in rng.integers(0, 2, 400)]
    scores, f = _reference_scores(docs, labels, aggregate)
    assert np.allclose(pmi_filter(docs, labels, n_keep=200, aggregate=aggregate).scores, scores, atol=1e-12)
    assert np.allclose(twin_pmi_scores(list(zip(docs[0::2], docs[1::2])), list(zip(labels[0::2], labels[1::2]))), f, atol=1e-12)


def test_label_direction_ignores_near_constant_dimensions():
    """A first-token vector has dimensions with std 1e-32; divided by their scale they took over the direction
    (its axis read -5e-31 to -3e-31). In standardized space, without them, the axis spans units and shows the label."""
    from wino_toolkit.aflite.assess import _project

    rng = np.random.default_rng(1)
    X, y = rng.normal(size=(1200, 16)), rng.integers(0, 2, 1200)
    X[:, 0] += np.where(y == 1, 1.5, -1.5)
    X[:, -3:] = -4e-31 + 1e-32 * rng.normal(size=(1200, 3))
    direction = _project(X, y, 0, 100, "cpu").direction
    assert np.ptp(direction) > 1.0
    assert abs(np.corrcoef(direction, X[:, 0])[0, 1]) > 0.9
