"""`wino audit`'s inputs and contamination (issue 29): items compared by content whatever their ids (also in
`wino overlap`), NLI pairs used as known corpora, every pair listed with counts per known corpus and split, the
zero-shot accuracy on clean and overlapping items apart, each input read once (`-`, /dev/stdin, a FIFO), bad
corpora refused in one line, failed sections named with exit 1, usage mistakes refused, and the corpus card
chosen by content, never by the format."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import SAMPLES, shared_file

import wino_toolkit as wt
from wino_toolkit.audit import audit
from wino_toolkit.cli import main
from wino_toolkit.schema import Candidate, Item, NLIPair
from wino_toolkit.overlap import overlap


def item(ident: str, text: str, *, corpus: str = "c", split: str | None = "train", answer: int = 0) -> Item:
    return Item(ident, corpus, "en", text, [Candidate("the cat"), Candidate("the dog")], answer=answer, split=split)


def winogrande_lines(start: int, stop: int) -> list[str]:
    """Invented WinoGrande rows: words distinct enough that no two rows are near-duplicates."""
    return [json.dumps({"qID": f"HIT{k:05d}-1", "sentence": f"Row {k} saw word{k} and token{k} because _ wanted it.",
                        "option1": f"Ann{k}", "option2": f"Bo{k}", "answer": "1" if k % 2 else "2"}) + "\n"
            for k in range(start, stop)]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


# -- compared by content, whatever the ids ------------------------------------------------------------------------

def test_overlap_finds_a_copy_that_shares_corpus_split_and_id():
    """Two files' items are different objects: a copy under the same key is contamination, not the item itself."""
    text = "The cat chased the dog because it was playful."
    report = overlap([item("1", text)], [item("1", text)])
    assert [(p.target.id, p.source.id, p.kind) for p in report.pairs] == [("1", "1", "equal")]
    assert report.counts["c"]["exact"] == 1
    same = [item("1", text), item("2", text)]
    assert {(p.target.id, p.source.id) for p in overlap(same, same).pairs} == {("1", "2"), ("2", "1")}  # never itself


def test_overlap_counts_targets_of_two_files_with_the_same_ids_apart():
    found = item("x", "The cat chased the dog because it was playful.")
    other = item("x", "Kim thanked Lu because she had helped her move.")  # same key, another file's item
    report = overlap([found, other], [item("k", "The cat chased the dog because it was playful.", corpus="known")])
    assert report.counts["c"]["items"] == 2 and report.counts["c"]["exact"] == 1


def test_wino_overlap_finds_winogrande_train_xs_inside_train_s(capsys):
    xs, s = shared_file("winogrande/train_xs.jsonl"), shared_file("winogrande/train_s.jsonl")
    assert main(["overlap", str(xs), "--against", str(s), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)["overlap"]["winogrande"]
    assert (counts["items"], counts["exact"]) == (160, 160)  # every train_xs item is in train_s, ids and all
    assert main(["overlap", str(s), "--against", str(s), "--json"]) == 0  # against itself: its internal duplicates
    assert json.loads(capsys.readouterr().out)["overlap"]["winogrande"]["exact"] == 4


def test_audit_finds_every_copy_of_a_known_split_and_lists_every_pair(tmp_path):
    """A corpus built from train_s plus more rows (train_l's situation, invented): all 600 copies found, every pair
    listed (no cap at 500), with counts per known corpus and split and per known file."""
    small = write(tmp_path / "train_s.jsonl", winogrande_lines(0, 600))
    big = write(tmp_path / "train_l.jsonl", winogrande_lines(0, 900))
    section = audit([big], against=[small]).section("contamination")
    f = section.figures
    assert f["found"] == {"exact": 600, "parallel": 0, "near": 0} and f["pair_count"] == len(f["pairs"]) == 600
    assert section.verdict.startswith("600 of 900 items (66.7%) overlap winogrande: 600 exact")
    assert f["by_known"] == {"winogrande": {"train": {"items": 600, "nli_pairs": 0, "overlapping": 600, "exact": 600,
                                                      "parallel": 0, "near": 0}}}
    assert f["files"][small]["overlapping"] == 600 and not f["warnings"]
    pair = f["pairs"][0]
    assert pair["target"] == pair["source"] == "HIT00000-1" and (pair["target_file"], pair["source_file"]) == (big, small)
    assert pair["target_split"] == pair["source_split"] == "train"
    assert f["item_overlap"] == "e" * 600 + "." * 300


def test_a_file_both_audited_and_known_is_read_once_and_a_copy_beside_it_is_found(tmp_path):
    corpus = write(tmp_path / "train.jsonl", winogrande_lines(0, 10))
    copy = write(tmp_path / "train_copy.jsonl", winogrande_lines(0, 4))  # the same ids, split and corpus
    section = audit([corpus], against=[corpus, copy]).section("contamination")
    f = section.figures
    assert f["found"]["exact"] == 4 and f["files"][copy]["overlapping"] == 4
    assert f["files"][corpus] == {"format": "winogrande", "items": 10, "nli_pairs": 0, "overlapping": 0, "also_audited": True}
    assert f["warnings"] == [f"{corpus}: contributes nothing: none of its items or NLI texts overlaps an audited item"]
    assert section.verdict.endswith(f"; nothing from {corpus}")


def test_nli_pairs_given_as_known_corpus_are_compared_by_premise_and_hypothesis(tmp_path):
    premise = "The cat chased the dog because it was playful and young."
    hypothesis = "Kim thanked Lu because Lu had helped Kim move the boxes upstairs."
    pairs = [NLIPair("p0", "known-nli", "en", premise, "The cat was playful.", label=True, split="dev"),
             NLIPair("p1", "known-nli", "en", premise, "The dog was playful.", label=False, split="dev"),
             NLIPair("p2", "known-nli", "en", "Something else happened in the old town.", hypothesis, label=True, split="dev")]
    known = tmp_path / "known.jsonl"
    wt.write(pairs, known, to="nli-jsonl")
    corpus = tmp_path / "new.jsonl"
    wt.write([item("a", premise), item("b", hypothesis), item("c", "Nothing like the known ones at all, is it?")], corpus,
             to="jsonl")
    f = audit([corpus], against=[known]).section("contamination").figures
    assert f["found"] == {"exact": 2, "parallel": 0, "near": 0}
    assert {(p["target"], p["source"], p["source_field"]) for p in f["pairs"]} == {("a", "p0", "premise"),
                                                                                  ("b", "p2", "hypothesis")}
    assert f["by_known"]["known-nli"]["dev"]["nli_pairs"] == 3 and f["against"] == {"known-nli": 3}


def test_zero_shot_accuracy_on_clean_and_overlapping_items_apart(tmp_path):
    pytest.importorskip("torch")
    from tiny_lm import saved_gpt2, word_tokenizer

    corpora = [SAMPLES / "wsc-xml.xml", SAMPLES / "dpr.txt"]
    items = [it for path in corpora for it in wt.read(path)]
    known = tmp_path / "known.jsonl"
    wt.write(items[:3], known, to="jsonl")  # copies of three WSC items, same corpus and ids
    _, _, lm = saved_gpt2(word_tokenizer([it.text for it in items] + [c.text for it in items for c in it.candidates]),
                          tmp_path / "gpt2")
    report = audit(corpora, against=[known], lm=lm, sections=["contamination", "zero_shot"])
    overlap_section, zero = report.section("contamination"), report.section("zero_shot")
    assert zero.status == "ok", zero.verdict
    apart = overlap_section.figures["zero_shot"]
    rows = [r for r in zero.figures["rows"] if not r.get("subset")]
    scored = sum(r["items"] for r in rows)
    assert apart["overlapping"]["items"] == 3 and apart["clean"]["items"] + 3 == scored
    right = sum(r["accuracy"] * r["items"] for r in rows)  # the zero-shot section's own figures
    assert apart["clean"]["accuracy"] * apart["clean"]["items"] + apart["overlapping"]["accuracy"] * 3 == pytest.approx(right)
    assert "zero-shot accuracy" in overlap_section.verdict and "on 3 overlapping items" in overlap_section.verdict


# -- each input read once; bad corpora refused -----------------------------------------------------------------------

def _stdin(monkeypatch, data: bytes) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_dash_reads_standard_input_once(tmp_path, capsys, monkeypatch):
    _stdin(monkeypatch, (SAMPLES / "winogrande.jsonl").read_bytes())
    out = tmp_path / "r.html"
    assert main(["audit", "-", "-o", str(out), "--json"]) == 0
    sections = json.loads(capsys.readouterr().out)["sections"]
    assert sections["summary"]["figures"]["items"] == 7
    assert sections["validity"]["verdict"] == "well formed: no problem in 7 records"


def _cli(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    """The installed ``wino``, run from outside the checkout (whose source folder would shadow the package)."""
    return subprocess.run([sys.executable, "-m", "wino_toolkit.cli", *args], capture_output=True, timeout=120, cwd="/",
                          **kwargs)


def test_dev_stdin_and_a_fifo_are_read_once(tmp_path):
    sample = (SAMPLES / "winogrande.jsonl").read_bytes()
    run = _cli(["audit", "/dev/stdin", "-o", str(tmp_path / "a.html"), "--json"], input=sample)
    assert run.returncode == 0, run.stderr.decode()
    sections = json.loads(run.stdout)["sections"]
    assert sections["summary"]["figures"]["items"] == 7 and sections["validity"]["verdict"].startswith("well formed")
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as fh:  # one writer, once: a second open for reading would wait for ever
            fh.write(sample)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        run = _cli(["audit", str(fifo), "-o", str(tmp_path / "b.html")])
    finally:
        if writer.is_alive():  # the audit never opened it: release the writer
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
    assert run.returncode == 0, run.stderr.decode()
    assert "well formed: no problem in 7 records" in run.stdout.decode()


@pytest.mark.parametrize("name, content, problem", [
    ("empty.jsonl", "", "file is empty"),
    ("truncated.jsonl", None, "line 4: invalid JSON"),
    ("folder", "dir", "is a directory"),
    ("forms.jsonl", "forms", "holds disambiguated records"),
])
def test_a_corpus_that_cannot_be_audited_whole_is_one_line_and_no_report(tmp_path, capsys, name, content, problem):
    path = tmp_path / name
    if content == "dir":
        path.mkdir()
    elif content == "forms":
        wt.convert(SAMPLES / "dpr.txt", output=path, to="disambiguated")
    else:
        data = (SAMPLES / "winogrande.jsonl").read_bytes()
        path.write_bytes(data[:700] if content is None else content.encode())
    out = tmp_path / "r.html"
    assert main(["audit", str(SAMPLES / "dpr.txt"), str(path), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"wino: error: {path}: ") and problem in err
    assert not out.exists()


def test_a_failed_section_asked_for_leaves_the_report_and_exits_1(tmp_path, capsys):
    (tmp_path / "not-an-index").mkdir()
    out = tmp_path / "r.html"
    assert main(["audit", str(SAMPLES / "dpr.txt"), "--index", str(tmp_path / "not-an-index"), "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert out.exists() and "<section id=\"pmi\"" in out.read_text(encoding="utf-8")
    assert "pmi" in captured.out and "failed" in captured.out
    assert captured.err.strip().splitlines()[-1].startswith("wino: error: pmi failed")


def test_an_encoder_given_as_lm_fails_its_section_with_exit_1(tmp_path, capsys):
    pytest.importorskip("torch")
    from tiny_lm import saved_byte_encoder

    encoder = saved_byte_encoder([it.text for it in wt.read(SAMPLES / "dpr.txt")], tmp_path / "encoder")
    out = tmp_path / "r.html"
    assert main(["audit", str(SAMPLES / "dpr.txt"), "--lm", encoder, "-o", str(out), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["sections"]["zero_shot"]["status"] == "failed" and out.exists()
    assert captured.err.strip().splitlines()[-1].startswith("wino: error: zero_shot failed")


# -- usage ------------------------------------------------------------------------------------------------------------

def test_reader_options_reach_each_file_as_in_every_command(tmp_path, capsys):
    known = write(tmp_path / "known.jsonl", winogrande_lines(0, 3))
    corpus = write(tmp_path / "new.jsonl", winogrande_lines(0, 5))
    out = tmp_path / "r.html"
    assert main(["audit", corpus, "--against", known, "-O", "split=dev", "-O", "known.jsonl:corpus=older",
                 "-o", str(out), "--json"]) == 0
    sections = json.loads(capsys.readouterr().out)["sections"]
    assert sections["summary"]["figures"]["splits"] == {"dev": 5}
    assert sections["contamination"]["figures"]["by_known"]["older"]["dev"]["overlapping"] == 3
    assert main(["audit", corpus, "-O", "subset=wsc273", "-o", str(out)]) == 2
    assert "has no option 'subset'" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--index", "IDX", "--index", "IDX/"], "--index names the same file twice"),
    (["{corpus}"], "CORPUS names the same file twice"),
    (["-o", "/dev/stdout", "--json"], "both write to standard output"),
])
def test_usage_mistakes_are_refused_before_any_work(tmp_path, capsys, args, message):
    (tmp_path / "IDX").mkdir()
    corpus = str(SAMPLES / "dpr.txt")
    args = [a.replace("IDX", str(tmp_path / "IDX")).format(corpus=corpus) for a in args]
    out = ["-o", str(tmp_path / "r.html")] if "-o" not in args else []
    assert main(["audit", corpus, *args, *out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "r.html").exists()


def test_a_report_on_standard_output_is_the_page_alone(capsys):
    assert main(["audit", str(SAMPLES / "dpr.txt"), "-o", "/dev/stdout"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("<!DOCTYPE html>") and captured.out.rstrip().endswith("</html>")
    assert "report written to /dev/stdout" in captured.err


def test_against_before_the_corpus_says_so(tmp_path, capsys):
    assert main(["audit", "--against", str(SAMPLES / "wsc-xml.xml"), str(SAMPLES / "dpr.txt"),
                 "-o", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert "no CORPUS to audit: --against takes every file after it" in err and "wino audit CORPUS... --against" in err


# -- the corpus card, by content ---------------------------------------------------------------------------------------

def test_the_card_follows_the_content_not_the_format(tmp_path):
    """WSC items written in WinoGrande's format read as `winogrande`: that names no corpus, so no card; the bundled
    sample is identified by its bytes, and a native JSON Lines file by the corpus its records name."""
    wsc = tmp_path / "wsc.jsonl"
    wt.convert(SAMPLES / "wsc-xml.xml", output=wsc, to="winogrande")
    native = tmp_path / "native.jsonl"
    wt.convert(SAMPLES / "wsc-xml.xml", output=native, to="jsonl")
    summary = audit([wsc, SAMPLES / "winogrande.jsonl", native]).section("summary")
    # the converted WSC file and the sample are both "winogrande" to their reader: not all identified, so no card
    assert summary.figures["cards"] == {"winogrande": None, "wsc285": summary.figures["cards"]["wsc285"]}
    assert summary.figures["cards"]["wsc285"]["license"] == "CC-BY-4.0"
    how = {i["file"]: i["evidence"] for i in summary.figures["identified"]["winogrande"]}
    assert how == {str(wsc): "unknown", str(SAMPLES / "winogrande.jsonl"): "sample"}
    assert summary.figures["identified"]["wsc285"][0]["evidence"] == "declared"
    assert "a corpus card (license, citation) for 1 of 2" in summary.verdict
    alone = audit([wsc]).section("summary").figures
    assert alone["cards"] == {"winogrande": None} and "unknown" in alone["identified"]["winogrande"][0]["detail"]


def test_a_release_file_is_identified_by_its_checksum():
    from wino_toolkit.cards import identify

    dev = shared_file("winogrande/dev.jsonl")
    found = identify(dev, "winogrande", "winogrande")
    assert found.card is not None and found.card.name == "winogrande" and found.evidence == "checksum"
    assert "dev.jsonl" in found.detail
    assert identify(dev, "winogrande", "winogrande", named=True).evidence == "checksum"
