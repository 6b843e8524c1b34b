"""Twin-safe splits and nested learning-curve samples: whole schemas only, seeded, written losslessly."""
from __future__ import annotations

import json
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.cli import main
from wino_toolkit.errors import WinoError
from wino_toolkit.schema import Candidate, Item
from wino_toolkit.splits import WINOGRANDE_SIZES, nested_samples, split
from wino_toolkit.train.split_files import write_splits


def corpus(sizes: list[int], *, lone_twin_none: bool = True) -> list[Item]:
    """Items in twin groups of the given sizes, the versions of a group scattered through the corpus.

    Two corpora reuse the same twin ids, so a group is only a group within its corpus; a group of
    one has no twin (``None``) or names itself, as sources do both.
    """
    items = []
    for g, size in enumerate(sizes):
        corpus_name = ("a", "b")[g % 2]
        twin = None if size == 1 and lone_twin_none else f"t{g // 2}"
        for v in range(size):
            items.append(Item(f"{corpus_name}-{g}-{v}", corpus_name, "en", f"Text {g} {v}.", [Candidate("x"), Candidate("y")],
                              twin=twin, split=("train", "dev", None)[g % 3]))
    # interleave: all first versions, then all second versions ...: twins are far apart in the input
    return [it for _, _, it in sorted((it.id.rsplit("-", 1)[1], i, it) for i, it in enumerate(items))]


def group_of(item: Item) -> tuple:
    return (item.corpus, item.twin) if item.twin is not None else (item.corpus, item.id)


def groups(items: list[Item]) -> dict[tuple, list[Item]]:
    out = defaultdict(list)
    for item in items:
        out[group_of(item)].append(item)
    return out


group_sizes = st.lists(st.integers(1, 3), min_size=12, max_size=120)
fractions = st.floats(0.05, 0.4)


@settings(max_examples=60, deadline=None)
@given(sizes=group_sizes, dev=fractions, test=st.none() | fractions, seed=st.integers(0, 2**32 - 1), lone=st.booleans())
def test_split_partitions_by_whole_groups_near_the_fractions(sizes, dev, test, seed, lone):
    items = corpus(sizes, lone_twin_none=lone)
    n = len(sizes)
    try:
        parts = split(items, dev=dev, test=test, seed=seed)
    except WinoError as exc:  # only for a corpus too small to give every split a schema
        assert "too few" in str(exc)
        assert min(dev * n, (test or 1) * n, n * (1 - dev - (test or 0))) < 1.5
        return
    assert set(parts) == ({"train", "dev", "test"} if test is not None else {"train", "dev"})
    # a partition of the input, each split in input order
    position = {id(item): i for i, item in enumerate(items)}
    assert sorted(position[id(it)] for part in parts.values() for it in part) == list(range(len(items)))
    for part in parts.values():
        assert [position[id(it)] for it in part] == sorted(position[id(it)] for it in part)
    # no twin group straddles two splits
    where = {}
    for name, part in parts.items():
        for item in part:
            assert where.setdefault(group_of(item), name) == name
    assert len(where) == n
    # schema counts within one group of the fraction asked for, every split non-empty
    for name, fraction in (("dev", dev), ("test", test)):
        if fraction is not None:
            assert abs(len(groups(parts[name])) - fraction * n) <= 1
    assert all(parts.values())
    # deterministic under the seed, fields untouched
    again = split(items, dev=dev, test=test, seed=seed)
    assert {k: [it.id for it in v] for k, v in again.items()} == {k: [it.id for it in v] for k, v in parts.items()}
    assert all(it.split == ("train", "dev", None)[int(it.id.split("-")[1]) % 3] for it in items)


@settings(max_examples=30, deadline=None)
@given(sizes=st.lists(st.integers(1, 3), min_size=60, max_size=150), seed=st.integers(0, 2**31))
def test_different_seeds_draw_different_splits(sizes, seed):
    items = corpus(sizes)
    a, b = split(items, dev=0.2, seed=seed), split(items, dev=0.2, seed=seed + 1)
    assert [it.id for it in a["dev"]] != [it.id for it in b["dev"]]
    assert len(groups(a["dev"])) == len(groups(b["dev"]))  # the same number of schemas either way


def test_twins_read_from_a_real_sample_stay_together():
    items = list(wt.read(SAMPLES / "winogrande.jsonl"))  # 7 items in 4 twin groups
    parts = split(items, dev=0.25, seed=3)
    dev_twins = {it.twin for it in parts["dev"]}
    assert len(dev_twins) == 1 and not dev_twins & {it.twin for it in parts["train"]}
    assert len(parts["dev"]) == sum(it.twin in dev_twins for it in items)


@pytest.mark.parametrize("dev, test, message", [
    (0.0, None, "dev fraction 0.0 is not between 0 and 1"),
    (1.0, None, "dev fraction 1.0 is not between 0 and 1"),
    (-0.1, None, "dev fraction -0.1"),
    (0.1, 1.5, "test fraction 1.5"),
    (0.5, 0.5, "add up to 1: nothing is left to train on"),
    (0.7, 0.4, "add up to 1.1"),
])
def test_bad_fractions_are_refused(dev, test, message):
    with pytest.raises(WinoError, match=message):
        split(corpus([2] * 20), dev=dev, test=test)


def test_a_corpus_too_small_for_every_split_is_refused():
    with pytest.raises(WinoError, match=r"7 items in 4 schemas are too few to split \(dev 0.1\): dev would get none"):
        split(corpus([2, 1, 2, 2]), dev=0.1)
    with pytest.raises(WinoError, match="train would get none"):
        split(corpus([2, 2]), dev=0.5, test=0.4)
    with pytest.raises(WinoError, match="0 items in 0 schemas"):
        split([], dev=0.5)
    assert [len(p) for p in split(corpus([2, 2]), dev=0.5).values()] == [2, 2]


def test_winogrande_sizes():
    assert WINOGRANDE_SIZES == {"xs": 160, "s": 640, "m": 2558, "l": 10234, "xl": 40398}


@settings(max_examples=60, deadline=None)
@given(sizes=st.lists(st.integers(1, 3), min_size=5, max_size=100), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_nested_samples_are_twin_safe_prefixes_within_one_group_of_the_size(sizes, data, seed):
    items = corpus(sizes)
    wanted = data.draw(st.lists(st.integers(3, len(items)), min_size=1, max_size=5))  # 3: the largest group fits
    samples = nested_samples(items, wanted, seed=seed)
    assert len(samples) == len(wanted)
    all_groups = groups(items)
    for size, sample in zip(wanted, samples):
        assert len(sample) <= size
        assert size - len(sample) < 3  # short by less than one group (of at most 3 items)
        for key, members in groups(sample).items():
            assert len(members) == len(all_groups[key])  # whole groups only
        order = [items.index(it) for it in sample]
        assert order == sorted(order)
    by_size = sorted(zip(wanted, samples), key=lambda pair: pair[0])
    for (_, small), (_, large) in zip(by_size, by_size[1:]):
        assert {id(it) for it in small} <= {id(it) for it in large}
    assert [[it.id for it in s] for s in nested_samples(items, wanted, seed=seed)] == [[it.id for it in s] for s in samples]


def test_nested_samples_without_twins_hit_the_size_exactly():
    items = corpus([1] * 50)
    assert [len(s) for s in nested_samples(items, [10, 25, 50], seed=1)] == [10, 25, 50]
    assert [it.id for it in nested_samples(items, [10], seed=1)[0]] != [it.id for it in nested_samples(items, [10], seed=2)[0]]


def test_a_sample_larger_than_the_corpus_names_the_size_and_the_count():
    with pytest.raises(WinoError, match=r"sample size 160 is larger than the corpus \(8 items\)"):
        nested_samples(corpus([2] * 4), [4, WINOGRANDE_SIZES["xs"]])
    with pytest.raises(WinoError, match="sample size 0 is not a positive"):
        nested_samples(corpus([2] * 4), [0])
    with pytest.raises(WinoError, match=r"sample size 1 is smaller than the first schema drawn \(2 items\)"):
        nested_samples(corpus([2] * 4), [1])


def test_write_splits_keeps_the_release_split_and_records_the_draw(tmp_path):
    items = corpus([2, 1, 3, 2, 2, 1, 2, 2, 2, 2])
    parts = split(items, dev=0.2, test=0.2, seed=7)
    files = write_splits(parts, tmp_path / "out", to="jsonl", sources=[SAMPLES / "winogrande.jsonl"])
    assert [f.name for f in files] == ["train.jsonl", "dev.jsonl", "test.jsonl", "split.json"]
    for name in ("train", "dev", "test"):
        lines = [json.loads(line) for line in (tmp_path / "out" / f"{name}.jsonl").read_text().splitlines()]
        # written unchanged: the release split (train, dev or null) survives, the file name says the new one
        assert lines == [it.to_dict() for it in parts[name]]
        back = list(wt.read(tmp_path / "out" / f"{name}.jsonl"))
        assert [b.split for b in back] == [it.split or name for it in parts[name]]
    record = json.loads((tmp_path / "out" / "split.json").read_text())
    assert record["seed"] == 7 and record["dev"] == 0.2 and record["test"] == 0.2 and record["format"] == "jsonl"
    assert record["counts"] == {name: {"items": len(part), "schemas": len(groups(part))} for name, part in parts.items()}
    assert record["counts"]["dev"]["schemas"] == 2
    import hashlib

    digest = hashlib.sha256((SAMPLES / "winogrande.jsonl").read_bytes()).hexdigest()[:8]
    assert record["source"] == {str(SAMPLES / "winogrande.jsonl"): digest}


def test_write_splits_in_another_item_format_uses_its_extension(tmp_path):
    items = list(wt.read(SAMPLES / "wsc-xml.xml"))  # 8 items, 4 schemas
    files = write_splits(split(items, dev=0.25, seed=0), tmp_path, to="wsc-xml")
    assert [f.name for f in files] == ["train.xml", "dev.xml", "split.json"]
    assert len(list(wt.read(tmp_path / "dev.xml"))) == 2
    with pytest.raises(WinoError, match="does not write schema items"):
        write_splits(split(items, dev=0.25), tmp_path / "nli", to="wnli")
    assert not (tmp_path / "nli").exists()


def test_write_splits_never_overwrites_an_input(tmp_path):
    source = tmp_path / "train.jsonl"
    source.write_bytes((SAMPLES / "winogrande.jsonl").read_bytes())
    before = source.read_bytes()
    parts = split(wt.read(source), dev=0.25)
    with pytest.raises(WinoError, match="is also an input"):
        write_splits(parts, tmp_path, sources=[source])
    assert source.read_bytes() == before and not (tmp_path / "dev.jsonl").exists()


def test_cli_split_writes_the_files_and_prints_json(tmp_path, capsys):
    out = tmp_path / "splits"
    assert main(["split", str(SAMPLES / "dpr.txt"), str(SAMPLES / "wsc-xml.xml"), "--dev", "0.25", "--test", "0.25",
                 "--seed", "1", "-o", str(out), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) == {"seed", "dev", "test", "counts", "source", "format"}
    # 16 items in 8 schemas (4 DPR pairs, 4 WSC pairs): 2 schemas each to dev and test
    assert record["counts"] == {"train": {"items": 8, "schemas": 4}, "dev": {"items": 4, "schemas": 2},
                                "test": {"items": 4, "schemas": 2}}
    assert sorted(p.name for p in out.iterdir()) == ["dev.jsonl", "split.json", "test.jsonl", "train.jsonl"]
    assert len(record["source"]) == 2 and all(len(v) == 8 for v in record["source"].values())
    assert main(["split", str(SAMPLES / "dpr.txt"), "--dev", "0.25", "-o", str(tmp_path / "t")]) == 0
    table = capsys.readouterr().out
    assert "train" in table and "dev" in table and "schemas" in table


@pytest.mark.parametrize("args", [["--dev", "1.5"], ["--dev", "0.6", "--test", "0.4"], ["--dev", "0"]])
def test_cli_split_bad_fraction_exits_2_with_one_line_and_writes_nothing(tmp_path, capsys, args):
    out = tmp_path / "splits"
    assert main(["data", "split", str(SAMPLES / "dpr.txt"), *args, "-o", str(out)]) == 2  # usage
    err = capsys.readouterr().err
    assert err.startswith("wino: error: ") and err.count("\n") == 1
    assert not out.exists()


def test_cli_split_corpus_too_small_exits_1(tmp_path, capsys):
    assert main(["split", str(SAMPLES / "dpr.txt"), "--dev", "0.1", "-o", str(tmp_path / "s")]) == 1
    assert "too few to split" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()


def test_cli_split_refuses_a_format_without_items_before_reading(tmp_path, capsys):
    assert main(["split", str(tmp_path / "missing.jsonl"), "--to", "wnli", "-o", str(tmp_path / "s")]) == 2
    assert "format 'wnli' does not write schema items" in capsys.readouterr().err  # not "no such file": nothing was read
    assert not (tmp_path / "s").exists()
