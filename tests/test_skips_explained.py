"""Items a command leaves out are counted and explained, never dropped, fatal or shown as a Python repr (issue #19, 3).

Unlabeled items (WinoGrande's test split, PWS rows without an answer) and languages without rules are
skipped with a reason; every command prints the count with its reasons grouped (one shared helper), and
fails in one line only when nothing is left. Every reason, over every bundled sample, test fixture and
shared corpus, reads as a sentence.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

import wino_toolkit as wt
from conftest import FIXTURES, SAMPLES, SHARED
from wino_toolkit.console import skip_summary
from wino_toolkit.errors import WinoError
from wino_toolkit.forms import FormReport, Skipped, derive
from wino_toolkit.schema import Candidate, Item, Span

FORMS = ("nli", "disambiguated", "blank", "twin")

#: what a reason must never look like: an object's repr (``Reading(case='datv', ...)``, ``<X object at 0x..>``,
#: a dict, a list of tuples, a bare tuple or None) or a morphology tag a reader cannot decode (pymorphy3's "accs")
REPR = re.compile(r"\w+\(\w+=|<[\w.]+ object at|\{'|\[\(|\(\(|\('\w+', |\bNone\b"
                  r"|\b(?:nomn|gent|datv|accs|ablt|loct|masc|femn|neut|sing|plur)\b")

#: the shared corpora, one file per corpus or split (absent ones are skipped)
SHARED_FILES = ["wsc/WSCollection.xml", "pdp/PDPChallenge2016.xml", "winogrande/dev.jsonl", "winogrande/test.jsonl",
                "winogrande/train_s.jsonl", "dpr/train.c.txt", "superglue_wsc/train.jsonl", "superglue_wsc/val.jsonl",
                "wnli/dev.tsv", "mandarinograd/mandarinograd.json", "winologic/winologic.jsonl",
                "xwino/dataset.selected.tsv", "french/French_Wino_Schemas.xml", "japanese/train.txt",
                "portuguese/portuguese_wsc.json", "pws/pws.tsv"]


def toy(n: int, seed: int = 0) -> list[Item]:
    from test_aflite_embed import toy_items

    return toy_items(n, seed=seed)


def unlabeled(items: list[Item], prefix: str = "u") -> list[Item]:
    return [replace(item, id=f"{prefix}-{k}", answer=None) for k, item in enumerate(items)]


def hungarian(n: int) -> list[Item]:
    return [replace(item, id=f"hu-{k}", language="hu") for k, item in enumerate(toy(n, seed=77))]


def corpus(tmp_path: Path, items: list[Item], name: str = "corpus.jsonl") -> str:
    path = tmp_path / name
    wt.write(items, path, to="jsonl")
    return str(path)


# -- reasons are sentences ---------------------------------------------------------------------------------------


def reprs_in(items: list[Item]) -> list[str]:
    """Every reason a form gives for these items that looks like a repr."""
    bad = []
    for form in FORMS:
        report = FormReport()
        for _ in derive(form, items, report):
            pass
        bad += [f"{form} {s.item_id}: {s.reason}" for s in report.skipped if REPR.search(s.reason)]
    return bad


def readable(path: Path) -> list[Item] | None:
    try:
        return list(wt.read(path))
    except WinoError:  # the fixtures of broken files
        return None


def test_russian_skip_reason_names_the_readings_in_words_not_as_a_repr():
    """им is dative plural or instrumental singular; candidates of both numbers cannot tell which. The reason
    used to end "which case Reading(case='datv', gender=None, number='plur') is"."""
    text = "Учитель похвалил детей, потому что я дал им книги."
    spans = [Span(text.index(w), text.index(w) + len(w), w) for w in ("Учитель", "детей", " им ")]
    item = Item("ru-1", "toy", "ru", text, [Candidate("Учитель", spans[0]), Candidate("детей", spans[1])], answer=1,
                pronoun=Span(spans[2].start + 1, spans[2].end - 1, "им"))
    report = FormReport()
    list(derive("nli", [item], report))
    assert [s.reason for s in report.skipped] == ["the candidates differ in number, so they do not tell whether the "
                                                  "pronoun is dative plural or instrumental singular (masculine or neuter)"]


def test_every_russian_pronoun_reading_reads_as_words():
    pytest.importorskip("pymorphy3")
    from wino_toolkit.lang.ru.pronouns import PERSONAL

    said = {str(r) for readings in PERSONAL.values() for r in readings}
    assert "dative singular (masculine or neuter)" in said
    assert not [s for s in said if REPR.search(s) or not re.fullmatch(r"[a-z ()]+", s)]


def test_a_skip_reason_that_is_not_a_sentence_is_refused():
    """An object passed as a reason would reach the user as its repr: refused where it is made."""
    with pytest.raises(TypeError, match="sentence"):
        Skipped("x-1", "toy", ("datv", None, "plur"))  # type: ignore[arg-type]


def test_no_skip_reason_of_a_bundled_sample_or_fixture_looks_like_a_repr():
    """Every language the samples and fixtures hold (en, fr, pt, ru, zh, ja, hu), through every form."""
    files = sorted(p for p in [*SAMPLES.iterdir(), *FIXTURES.rglob("*")] if p.is_file())
    corpora = [items for items in map(readable, files) if items]
    assert len(corpora) > 40 and {i.language.split("-")[0] for c in corpora for i in c} >= {"en", "fr", "pt", "ru", "zh", "ja"}
    assert [bad for items in corpora for bad in reprs_in(items)] == []


@pytest.mark.parametrize("rel", SHARED_FILES)
def test_no_skip_reason_of_a_shared_corpus_looks_like_a_repr(rel):
    path = SHARED / rel
    if not path.is_file():
        pytest.skip(f"{path} is not present")
    assert reprs_in(list(wt.read(path))) == []


# -- the shared summary ------------------------------------------------------------------------------------------


def test_skip_summary_groups_reasons_with_counts_most_common_first():
    reasons = ["no rules for language hu"] * 3 + ["no answer, so no AFLite label"] * 1200 + [f"reason {k}" for k in range(9)]
    lines = skip_summary(reasons, "skipped {n} item(s)").splitlines()
    assert lines[0] == "skipped 1,212 item(s):"
    assert lines[1].split() == ["1,200", "no", "answer,", "so", "no", "AFLite", "label"]
    assert lines[2].split()[0] == "3" and lines[-1].strip() == "... and 3 more reasons" and len(lines) == 10
    assert skip_summary({"no twin": 2, "no rules for language hu": 5}, "{n} left out", one_line=True) == \
        "7 left out (5 no rules for language hu; 2 no twin)"


def test_every_command_module_that_reports_skips_does_it_through_the_shared_summary():
    """A command printing a bare count ("239 item(s) skipped") or grouping reasons its own way is the defect again."""
    root = SAMPLES.parent.parent
    modules = [*root.glob("wino_toolkit/**/cli.py"), *root.glob("baselines/**/cli.py"), root / "wino_toolkit" / "demo.py"]
    assert len(modules) >= 5
    for path in modules:
        text = path.read_text(encoding="utf-8")
        if re.search(r"\.skipped\b|skip_reasons", text):
            assert "skip_summary(" in text, path
        assert not re.search(r"Counter\([^)]*reason|reasons\.get\(", text), path


def test_skip_summary_cuts_a_long_reason_to_one_line():
    (line,) = skip_summary(["x" * 300], "skipped {n}").splitlines()[1:]
    assert len(line.strip()) < 120 and line.endswith("…")


# -- aflite --------------------------------------------------------------------------------------------------------

EMBED = ["--max-length", "64", "--batch-size", "8", "--device", "cpu"]


def vocabulary() -> list[str]:
    from test_aflite_embed import ADJECTIVES, STRONG, VERBS, WEAK

    return [i.text for i in toy(300, seed=1)] + [f"{w} {v} {a} because was ." for w in STRONG + WEAK for v in VERBS
                                                for a in ADJECTIVES] + ["the a an _"]


@pytest.fixture(scope="module")
def encoder(tmp_path_factory) -> str:
    """A 2-layer RoBERTa with a word-level tokenizer, saved and given by path (AFLite and fine-tuning)."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("tokenizers")
    from tiny_lm import roberta_config, word_tokenizer

    fast = word_tokenizer(vocabulary())
    torch.manual_seed(0)
    path = tmp_path_factory.mktemp("encoder")
    transformers.RobertaModel(roberta_config(fast)).save_pretrained(path)
    fast.save_pretrained(path)
    return str(path)


def test_aflite_embed_skips_unlabeled_items_with_count(encoder, tmp_path, capsys):
    from wino_toolkit.cli import main

    items = toy(20) + unlabeled(toy(5, seed=4)) + hungarian(2)
    work = tmp_path / "work"
    assert main(["aflite", "embed", corpus(tmp_path, items), "--model", encoder, *EMBED, "-o", str(work)]) == 0
    err = capsys.readouterr().err
    assert "embedded 20 instances" in err
    assert "skipped 7 item(s), not embedded:" in err
    assert re.search(r"^\s+5\s+no answer, so no AFLite label$", err, re.M)
    assert re.search(r"^\s+2\s+no rules for language hu$", err, re.M)
    meta = json.loads((work / "embeddings.json").read_text())
    assert meta["skipped_count"] == 7 and len(meta["ids"]) == 20 and not any(i.startswith("u-") for i in meta["ids"])


def test_aflite_embed_aborts_in_one_line_only_when_nothing_is_left(encoder, tmp_path, capsys):
    from wino_toolkit.cli import main

    work = tmp_path / "work"
    code = main(["aflite", "embed", corpus(tmp_path, unlabeled(toy(4)) + hungarian(1)), "--model", encoder, *EMBED,
                 "-o", str(work)])
    err = capsys.readouterr().err
    assert code == 1 and not (work / "embeddings.npy").exists()
    assert err.strip().splitlines() == ["wino: error: no item can be embedded: all 5 items were skipped "
                                        "(4 no answer, so no AFLite label; 1 no rules for language hu)"]


def test_aflite_run_skips_unlabeled_items_and_records_the_count(encoder, tmp_path, capsys):
    pytest.importorskip("sklearn")
    pytest.importorskip("matplotlib")
    from wino_toolkit.cli import main

    items = toy(100, seed=3) + unlabeled(toy(6, seed=5))
    out = tmp_path / "kept.jsonl"
    code = main(["aflite", "run", corpus(tmp_path, items), "--model", encoder, *EMBED, "-n", "4", "-m", "40", "-k", "10",
                 "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "skipped 6 item(s), not embedded:" in err and "no answer, so no AFLite label" in err
    report = json.loads((tmp_path / "kept.aflite.json").read_text())
    assert report["instances"] == 100 and report["embedding"]["skipped_count"] == 6


# -- eval lm ---------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory) -> str:
    """A 2-layer GPT-2 with a word-level tokenizer, saved and given by path."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("tokenizers")
    from tiny_lm import saved_gpt2, word_tokenizer

    return saved_gpt2(word_tokenizer(vocabulary()), tmp_path_factory.mktemp("gpt2"), positions=256)[2]


def eval_lm(gpt2: str, path: str, *extra: str) -> int:
    from wino_toolkit.cli import main

    return main(["eval", "lm", path, "--model", gpt2, "--device", "cpu", *extra])


def test_eval_lm_on_an_unlabeled_corpus_says_there_is_no_accuracy(gpt2, tmp_path, capsys):
    path, predictions = corpus(tmp_path, unlabeled(toy(6))), tmp_path / "p.jsonl"
    assert eval_lm(gpt2, path, "--predictions", str(predictions)) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"6 items have no answer: no accuracy; predictions written to {predictions}"
    lines = [json.loads(line) for line in predictions.read_text().splitlines()]
    assert len(lines) == 6 and all(r["gold"] is None and r["prediction"] in (0, 1) for r in lines)
    assert eval_lm(gpt2, path, "--json") == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rows"] == [] and record["unlabeled"] == 6 and record["note"] == "6 items have no answer: no accuracy"


def test_eval_lm_with_labeled_and_unlabeled_items_states_both(gpt2, tmp_path, capsys):
    path = corpus(tmp_path, toy(8) + unlabeled(toy(3, seed=9)) + hungarian(2))
    assert eval_lm(gpt2, path, "--json") == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert [r["items"] for r in record["rows"]] == [8]
    assert record["unlabeled"] == 3 and record["skipped"] == 2 and record["skip_reasons"] == {"no rules for language hu": 2}
    assert "3 items have no answer: not in the accuracy" in captured.err
    assert "skipped 2 item(s), not scored:" in captured.err


def test_eval_lm_with_nothing_to_score_fails_in_one_line(gpt2, tmp_path, capsys):
    assert eval_lm(gpt2, corpus(tmp_path, hungarian(3))) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and [line for line in captured.err.splitlines() if "error" in line] == \
        ["wino: error: nothing to score: all 3 items were skipped (3 no rules for language hu)"]


# -- eval winologic ----------------------------------------------------------------------------------------------------


def test_winologic_nli_pairs_judge_every_claim_not_only_the_first_per_sentence():
    """WinoLogic gives each sentence once per knowledge claim; the disambiguated form derives a repeated version
    once, so baseline 3 used to drop every claim after a sentence's first, silently."""
    from wino_toolkit.eval.winologic import nli_pairs

    items = list(wt.read(SAMPLES / "winologic.jsonl"))
    report = FormReport()
    assert [item.id for item, _, _ in nli_pairs(items, report)] == [item.id for item in items]
    assert report.skipped == [] and len({item.text for item in items}) < len(items)


def test_eval_winologic_prints_the_items_it_does_not_judge(gpt2, tmp_path, capsys):
    from wino_toolkit.cli import main

    path = corpus(tmp_path, [*wt.read(SAMPLES / "winologic.jsonl"), *toy(2)])
    assert main(["eval", "winologic", path, "--model", gpt2, "--device", "cpu", "--json"]) == 0
    captured = capsys.readouterr()
    assert sum(row["items"] for row in json.loads(captured.out)["rows"] if row["label"] == "all") == 4
    assert "skipped 2 item(s), not judged:" in captured.err
    assert re.search(r"^\s+2\s+no knowledge sentence labeled true or false, so nothing to judge$", captured.err, re.M)
    assert main(["eval", "winologic", corpus(tmp_path, toy(3), "toy.jsonl"), "--model", gpt2, "--device", "cpu"]) == 1
    assert "wino: error: nothing to judge: all 3 items were skipped (3 no knowledge sentence" in capsys.readouterr().err


# -- export lm-eval --------------------------------------------------------------------------------------------------


def test_export_lm_eval_with_nothing_to_export_fails_in_one_line_and_writes_nothing(tmp_path, capsys):
    from wino_toolkit.cli import main

    out = tmp_path / "tasks"
    assert main(["data", "export", "lm-eval", corpus(tmp_path, unlabeled(toy(4)) + hungarian(1)), "-o", str(out)]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        "wino: error: nothing to export: all 5 items were skipped "
        "(4 no answer, so no gold index for lm-eval's accuracy; 1 no rules for language hu)"]
    assert not out.exists()


def test_export_lm_eval_prints_every_skip_with_its_reason_grouped(tmp_path, capsys):
    from wino_toolkit.cli import main

    out = tmp_path / "tasks"
    assert main(["export", "lm-eval", corpus(tmp_path, toy(5) + unlabeled(toy(3, seed=2)) + hungarian(2)), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "skipped 5 item(s), not exported:" in err
    assert re.search(r"^\s+3\s+no answer, so no gold index for lm-eval's accuracy$", err, re.M)
    assert re.search(r"^\s+2\s+no rules for language hu$", err, re.M)
    assert len((out / "wino_toy_en.jsonl").read_text().splitlines()) == 5


# -- train and transfer -----------------------------------------------------------------------------------------------

TRAIN = ["--lr", "3e-3", "--epochs", "1", "--batch-size", "16", "--device", "cpu", "--patience", "0"]


@pytest.fixture
def train_encoder(encoder) -> str:
    pytest.importorskip("datasets")
    return encoder


def test_train_prints_skipped_items_with_their_reasons(train_encoder, tmp_path, capsys):
    """Unlabeled training items used to vanish silently, and no skip was ever printed."""
    from wino_toolkit.cli import main

    train = corpus(tmp_path, toy(40, seed=8) + unlabeled(toy(3, seed=11)) + hungarian(2), "train.jsonl")
    dev = corpus(tmp_path, toy(10, seed=12), "dev.jsonl")
    run = tmp_path / "run"
    assert main(["train", train, "--dev", dev, "--model", train_encoder, "-o", str(run), *TRAIN]) == 0
    err = capsys.readouterr().err
    assert "skipped 5 item(s), not trained or measured on:" in err
    assert re.search(r"^\s+3\s+no answer, so nothing to learn from or measure on$", err, re.M)
    assert re.search(r"^\s+2\s+no rules for language hu$", err, re.M)
    record = json.loads((run / "run.json").read_text())
    assert record["skipped"] == 5 and record["skip_reasons"] == {"no answer, so nothing to learn from or measure on": 3,
                                                                 "no rules for language hu": 2}


def test_transfer_prints_each_sources_and_targets_skips_grouped(train_encoder, tmp_path, capsys):
    from wino_toolkit.cli import main

    source = corpus(tmp_path, toy(40, seed=8) + hungarian(2), "source.jsonl")
    target = corpus(tmp_path, toy(12, seed=13) + hungarian(3), "target.jsonl")
    assert main(["eval", "transfer", "--train", source, "--eval", target, "--model", train_encoder,
                 "-o", str(tmp_path / "out"), *TRAIN]) == 0
    err = capsys.readouterr().err
    assert re.search(r"source \S+: skipped 2 item\(s\):\n\s+2\s+no rules for language hu", err)
    assert re.search(r"target \S+: skipped 3 item\(s\):\n\s+3\s+no rules for language hu", err)
    record = json.loads((tmp_path / "out" / "transfer.json").read_text())
    assert list(record["skipped"].values()) == [{"no rules for language hu": 3}]
