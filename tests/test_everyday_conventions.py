"""Everyday conventions: a signature printed whole, a few-shot table that says so, an adapter without
weights refused, WinoGrande's CRLF kept and UTF-16 named for every reader, one language of XWINO and PWS, the
derived forms in ``--to``'s help, the demo's audit at a path of its own, and ``aflite -m`` no smaller than the
corpus said (filter) or refused before the embedding (run)."""
from __future__ import annotations

import io
import json
import re
import shutil
import tempfile
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

import wino_toolkit as wt
from conftest import ROOT
from wino_toolkit.cli import build_parser, main
from wino_toolkit.formats import detect_format, formats

SAMPLES = ROOT / "corpora" / "samples"
FORMATS_PAGE = ROOT / "docs" / "corpora-and-formats.md"


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# ---------------------------------------------------------------- models (tiny, built here)


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory) -> str:
    """A 2-layer GPT-2 with random weights and a byte-level BPE tokenizer trained on the toy items, by path."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    tokenizers = pytest.importorskip("tokenizers")
    from tiny_lm import saved_gpt2
    from transformers import PreTrainedTokenizerFast

    bpe = tokenizers.ByteLevelBPETokenizer()
    bpe.train_from_iterator([item.text for item in toy(60, seed=20)], vocab_size=300, special_tokens=["<|endoftext|>"])
    fast = PreTrainedTokenizerFast(tokenizer_object=bpe._tokenizer, bos_token="<|endoftext|>", eos_token="<|endoftext|>",
                                   pad_token="<|endoftext|>")
    return saved_gpt2(fast, tmp_path_factory.mktemp("tiny-gpt2"))[2]


def toy(n: int, seed: int) -> list:
    from test_aflite_embed import toy_items

    return [replace(item, twin=f"g-{k // 2}") for k, item in enumerate(toy_items(n, seed=seed))]


def test_a_signature_is_printed_whole_when_stdout_is_not_a_terminal(gpt2, tmp_path, capsys, monkeypatch):
    """A model directory with a long name makes a signature wider than the table and than 160 columns: rich
    wrapped it at the table's width, mid-token. Piped (here: captured), it is one line, whatever $COLUMNS says."""
    name = "a-model-directory-whose-name-is-long-enough-to-make-the-signature-wider-than-any-table-" + "x" * 60
    model = shutil.copytree(gpt2, tmp_path / name)
    corpus = tmp_path / "toy.jsonl"
    wt.write(toy(6, seed=21), corpus, to="jsonl")
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["eval", "lm", str(corpus), "--model", str(model), "--device", "cpu"]) == 0
    out = capsys.readouterr().out
    signature = [line.strip() for line in out.splitlines() if "|method:partial|" in line]
    assert len(signature) == 1, out
    assert signature[0].startswith("eval|model:") and name in signature[0] and signature[0].endswith("|seed:0")
    assert len(signature[0]) > 160


def test_the_few_shot_table_says_k_shot_and_shots_in_another_language(gpt2, tmp_path, capsys):
    corpus, english = tmp_path / "toy.jsonl", tmp_path / "pool.jsonl"
    wt.write(toy(8, seed=22), corpus, to="jsonl")
    wt.write([replace(item, id=f"pool-{item.id}") for item in toy(12, seed=23)], english, to="jsonl")
    common = ["eval", "lm", str(corpus), "--model", gpt2, "--device", "cpu", "--num-fewshot", "2"]
    assert main([*common, "--fewshot-from", str(english)]) == 0
    out = capsys.readouterr().out
    assert "2-shot accuracy" in out and "zero-shot" not in out and "another language" not in out
    assert main([*common, "--fewshot-from", str(SAMPLES / "french-xml.xml"), "--json"]) == 0
    title = json.loads(capsys.readouterr().out)["title"]
    assert title == "2-shot accuracy (16 of 16 shots in another language than their item: fr before en)"
    assert main(["eval", "lm", str(corpus), "--model", gpt2, "--device", "cpu", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "zero-shot accuracy"


def test_an_adapter_without_weights_is_refused_before_work_and_library_warnings_need_verbose(gpt2, tmp_path, capsys):
    peft = pytest.importorskip("peft")
    from transformers import AutoModelForCausalLM

    corpus = tmp_path / "toy.jsonl"
    wt.write(toy(4, seed=24), corpus, to="jsonl")
    adapter = tmp_path / "lora"
    lora = peft.get_peft_model(AutoModelForCausalLM.from_pretrained(gpt2),
                               peft.LoraConfig(r=2, target_modules=["c_attn"], init_lora_weights=False))
    lora.save_pretrained(adapter)
    capsys.readouterr()  # transformers' own output while the test built the adapter
    common = ["eval", "lm", str(corpus), "--model", gpt2, "--device", "cpu", "--peft"]
    bare = tmp_path / "config-only"
    bare.mkdir()
    shutil.copy(adapter / "adapter_config.json", bare)
    assert main([*common, str(bare), "--predictions", str(tmp_path / "p.jsonl")]) == 1
    line = one_line(capsys.readouterr().err)
    assert str(bare) in line and "weights are missing" in line and "adapter_model.safetensors" in line
    assert not (tmp_path / "p.jsonl").exists()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main([*common, str(adapter)]) == 0
    assert not [w for w in caught if issubclass(w.category, (FutureWarning, DeprecationWarning, UserWarning))], \
        [str(w.message) for w in caught]
    assert "Warning" not in capsys.readouterr().err


# ---------------------------------------------------------------- reading and writing


WINOGRANDE_CRLF = (
    '{"qID": "7QX1-1", "sentence": "Mara lent Tove a lamp because _ had two.", "option1": "Mara", "option2": "Tove", '
    '"answer": "1"}\r\n'
    '{"qID": "7QX1-2", "sentence": "Mara lent Tove a lamp because _ had none.", "option1": "Mara", "option2": "Tove", '
    '"answer": "2"}\r\n'
    '{"qID": "8RT2-1", "sentence": "The kettle cooled faster than the pot since _ was thin.", "option1": "kettle", '
    '"option2": "pot", "answer": "1"}\r\n'
    "\r\n"
).encode()


def test_winogrande_with_crlf_line_ends_is_written_back_byte_for_byte(tmp_path, capsys):
    """The format claims byte-exact: a file saved on Windows comes back with its \\r\\n, empty end lines too."""
    src = tmp_path / "dev.jsonl"
    src.write_bytes(WINOGRANDE_CRLF)
    out, labels = tmp_path / "out.jsonl", tmp_path / "out-labels.lst"
    assert main(["convert", str(src), "--to", "winogrande", "-o", str(out), "-W", f"labels_out={labels}"]) == 0
    assert out.read_bytes() == WINOGRANDE_CRLF
    assert labels.read_bytes() == b"1\r\n2\r\n1\r\n"
    lf = WINOGRANDE_CRLF.replace(b"\r\n", b"\n")
    src.write_bytes(lf)
    assert main(["convert", str(src), "--to", "winogrande", "-o", str(out)]) == 0
    assert out.read_bytes() == lf


def _text(sample: Path) -> str:
    """A sample's characters, decoded as it declares (the WSC XML sample is ISO-8859-1)."""
    data = sample.read_bytes()
    declared = re.match(rb'<\?xml[^>]*encoding="([^"]+)"', data)
    return data.decode(declared.group(1).decode() if declared else "utf-8")


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.iterdir() if p.is_file()))
def test_a_utf16_file_is_named_utf16_by_every_reader(sample, tmp_path, capsys):
    """Every format's sample saved as UTF-16 (as Windows' "Unicode"), detected or named with --from: one line naming
    the file and UTF-16, never "name one with --from" nor "byte 0xff is not valid utf-8"; an XML reader, which
    decodes by itself, read such a file only in part (French XML lost the raw tags it writes back)."""
    fmt = detect_format(SAMPLES / sample).name
    wide = tmp_path / sample
    wide.write_bytes(_text(SAMPLES / sample).encode("utf-16"))
    for given in ([], ["--from", fmt]):
        out = tmp_path / "out"
        assert main(["convert", str(wide), *given, "--to", fmt, "-o", str(out)]) == 1
        line = one_line(capsys.readouterr().err)
        assert str(wide) in line and "UTF-16 (little-endian)" in line and "--from" not in line, line
        assert not out.exists()
    with pytest.raises(wt.FormatError, match="UTF-16"):
        list(wt.read(wide, source_format=fmt))


def test_utf16_without_a_byte_order_mark_and_utf32_are_named_too(tmp_path, capsys):
    text = WINOGRANDE_CRLF.decode()
    for encoding, named in (("utf-16-le", "UTF-16 (little-endian)"), ("utf-16-be", "UTF-16 (big-endian)"),
                            ("utf-32", "UTF-32 (little-endian)")):
        path = tmp_path / f"{encoding}.jsonl"
        path.write_bytes(text.encode(encoding))
        assert main(["stats", str(path), "--from", "winogrande"]) == 1
        assert named in one_line(capsys.readouterr().err)


def test_one_language_of_xwino_and_pws_is_read_with_the_ids_and_twins_of_the_whole_file(tmp_path, capsys):
    for sample, language, codes in (("xwino.tsv", "ja", ("ja", "jp", "JA")), ("pws.tsv", "pt", ("pt", "PT"))):
        whole = [item for item in wt.read(SAMPLES / sample) if item.language == language]
        assert whole, sample
        for code in codes:
            assert list(wt.read(SAMPLES / sample, options={"language": code})) == whole
    assert {item.meta["slot"] for item in wt.read(SAMPLES / "pws.tsv", options={"language": "pt"})} == {"por", "por2"}
    out = tmp_path / "zh.jsonl"
    assert main(["convert", str(SAMPLES / "xwino.tsv"), "-O", "language=zh", "--to", "jsonl", "-o", str(out)]) == 0
    assert {item.language for item in wt.read(out)} == {"zh-Hans"}


def test_a_language_the_corpus_lacks_is_refused_in_one_line_naming_its_languages(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["convert", str(SAMPLES / "pws.tsv"), "-O", "language=de", "--to", "jsonl", "-o", str(out)]) == 2
    line = one_line(capsys.readouterr().err)
    assert "'de'" in line and "en, hu, fr, pt, zh-Hans, ja, ru" in line
    assert main(["convert", str(SAMPLES / "xwino.tsv"), "-O", "language=fr", "--to", "jsonl", "-o", str(out)]) == 1
    line = one_line(capsys.readouterr().err)
    assert str(SAMPLES / "xwino.tsv") in line and "'fr'" in line and "the file has en, ja, zh-Hans" in line
    assert not out.exists()


def test_labels_out_is_documented_and_writes_the_labels(tmp_path, capsys):
    assert "-W labels_out=" in FORMATS_PAGE.read_text(encoding="utf-8")
    labels = tmp_path / "dev-labels.lst"
    assert main(["convert", str(SAMPLES / "winogrande.jsonl"), "--to", "winogrande", "-o", str(tmp_path / "dev.jsonl"),
                 "-W", f"labels_out={labels}"]) == 0
    answers = [str(item.answer + 1) for item in wt.read(SAMPLES / "winogrande.jsonl") if item.answer is not None]
    assert labels.read_text().splitlines() == answers


def test_to_help_lists_every_derived_form_by_name():
    """``--to nli`` works (an alias of nli-jsonl): the help names it, and every other form a format derives."""
    convert = next(a for a in build_parser()._subparsers._group_actions[0].choices["convert"]._actions
                   if "--to" in a.option_strings)
    words = set(re.split(r"[\s,;:()=]+", convert.help))
    forms = {fmt.derive for _, fmt in formats.items() if fmt.derive}
    assert {"nli", "blank"} <= forms and forms <= words, forms - words


# ---------------------------------------------------------------- the demo and AFLite


def test_the_demo_writes_its_audit_to_a_path_of_its_own_and_prints_it(tmp_path, monkeypatch):
    """Without -o the audit went to $TMPDIR/wino-demo-audit.html: a second user's demo overwrote the first's (or
    failed on it). Each run now makes its own file and names it; another's file there is left alone."""
    from rich.console import Console

    import wino_toolkit.demo as demo
    from wino_toolkit.errors import MissingDependencyError

    samples = [p for p in demo.sample_files() if p.name == "winogrande.jsonl"]
    monkeypatch.setattr(demo, "sample_files", lambda: samples)  # one sample: the audit is what is tested

    def no_pmi(*_):
        raise MissingDependencyError("left out of this test")

    monkeypatch.setattr(demo, "_pmi", no_pmi)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    other = tmp_path / "wino-demo-audit.html"
    other.write_text("another user's audit")
    printed = []
    for _ in range(2):
        buffer = io.StringIO()
        assert demo.run_demo(None, console=Console(file=buffer, width=300)) == 0
        last = buffer.getvalue().strip().splitlines()[-1]
        assert last.startswith("audit of the bundled samples")
        printed.append(Path(last.rsplit(": ", 1)[1]))
    assert printed[0] != printed[1] and all(p.parent == tmp_path and p != other for p in printed)
    assert all('<section id="summary"' in p.read_text(encoding="utf-8") for p in printed)
    assert other.read_text() == "another user's audit"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("wino-demo-") and p.is_dir()]  # its work dir went


def test_aflite_m_no_smaller_than_the_corpus_is_said_before_filtering(tmp_path, capsys):
    pytest.importorskip("sklearn")
    from test_aflite_pipeline import embeddings_of, twin_corpus
    from wino_toolkit.aflite.embed import save_embeddings

    items = twin_corpus(40)
    npy = tmp_path / "embeddings.npy"
    save_embeddings(embeddings_of(items), npy)
    for m in ("40", "90"):
        report = tmp_path / f"report-{m}.json"
        assert main(["aflite", "filter", str(npy), "-n", "4", "-m", m, "-k", "5", "--device", "cpu", "-o", str(report)]) == 0
        lines = capsys.readouterr().err.strip().splitlines()
        assert lines[0].startswith("wino: warning: ") and "nothing will be filtered" in lines[0] and "40 instances" in lines[0]
        assert json.loads(report.read_text())["kept"] == 40
    assert main(["aflite", "filter", str(npy), "-n", "4", "-m", "39", "-k", "5", "--device", "cpu",
                 "-o", str(tmp_path / "r.json")]) == 0
    assert "nothing will be filtered" not in capsys.readouterr().err


def test_aflite_run_with_m_no_smaller_than_the_corpus_is_refused_before_embedding(tmp_path, capsys):
    pytest.importorskip("sklearn")
    pytest.importorskip("matplotlib")
    corpus = tmp_path / "toy.jsonl"
    wt.write(toy(20, seed=25), corpus, to="jsonl")
    model = tmp_path / "encoder"  # never loaded: the refusal comes first
    model.mkdir()
    for name in ("config.json", "model.safetensors", "tokenizer.json"):
        (model / name).write_text("{}")
    out = tmp_path / "kept.jsonl"
    assert main(["aflite", "run", str(corpus), "--model", str(model), "-m", "20", "--device", "cpu", "-o", str(out)]) == 1
    line = one_line(capsys.readouterr().err)
    assert "20 instances to filter, no more than train_size=20" in line and "nothing was embedded" in line
    assert not (tmp_path / "kept.aflite-work").exists() and not out.exists()
