"""Format detection from content: a byte-order mark or a long first line does not defeat it (issue #8).

Before, the sniffers saw the first 64 KB as they were: a UTF-8 BOM hid the opening ``{``, ``[`` or
header of six formats, and a first line longer than 64 KB was cut off before the fields a sniffer
looks for ("no known format recognises this file").
"""
from __future__ import annotations

import io
import json
import re

import pytest
from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.formats import SNIFF_BYTES, SNIFF_LIMIT, sniff_heads

BOM = b"\xef\xbb\xbf"
LONG = 100_000  # characters: longer than the 64 KB the sniffers saw
#: every bundled sample and the format it is
SAMPLE_FORMATS = {
    "dpr-ja.txt": "dpr-ja",
    "dpr.txt": "dpr",
    "french-xml.xml": "french-xml",
    "mandarinograd.json": "mandarinograd",
    "nli-jsonl.jsonl": "nli-jsonl",
    "portuguese.json": "portuguese-wsc",
    "pws.tsv": "pws",
    "superglue.jsonl": "superglue",
    "winogrande.jsonl": "winogrande",
    "winologic.jsonl": "winologic",
    "wnli.tsv": "wnli",
    "wsc-xml.xml": "wsc-xml",
    "xwino.tsv": "xwino",
}


def test_every_sample_is_listed():
    assert sorted(p.name for p in SAMPLES.glob("*.*")) == sorted(SAMPLE_FORMATS)


def lengthened(name: str, data: bytes) -> bytes:
    """The sample with one field :data:`LONG` characters long, on the first line where it holds data.

    JSON: the first string value of the first record; XML: the first ``<txt1>`` (the first lines
    are the declaration); lines of text: a long word before the first word of the first line.
    """
    text = data.decode("utf-8", errors="surrogateescape")
    long = ("lengthy " * LONG)[:LONG]
    if text.lstrip().startswith(("[", "{")):
        first = text.split("\n", 1)[0] if text.lstrip().startswith("{") else text
        key = re.search(r'"(\w+)": ?"', first).group(1)
        text = text.replace(f'"{key}":"', f'"{key}":"{long}', 1).replace(f'"{key}": "', f'"{key}": "{long}', 1)
    elif text.startswith("<?xml"):
        text = re.sub(r"<txt1>\s*", lambda m: m.group() + long, text, count=1)
    elif name in ("wnli.tsv", "pws.tsv"):  # the header is the first line: lengthen the first row's sentence
        header, rest = text.split("\n", 1)
        text = header + "\n" + re.sub(r"\t", "\t" + long, rest, count=1)
    else:
        text = re.sub(r"\t", "\t" + long, text, count=1) if "\t" in text.split("\n", 1)[0] else long + text
    return text.encode("utf-8", errors="surrogateescape")


@pytest.mark.parametrize("sample, name", sorted(SAMPLE_FORMATS.items()))
def test_bom_does_not_defeat_detection(tmp_path, sample, name):
    path = tmp_path / sample
    path.write_bytes(BOM + (SAMPLES / sample).read_bytes())
    assert wt.detect_format(path).name == name


@pytest.mark.parametrize("sample, name", sorted(SAMPLE_FORMATS.items()))
def test_long_first_line_does_not_defeat_detection(tmp_path, sample, name):
    path = tmp_path / sample
    data = lengthened(sample, (SAMPLES / sample).read_bytes())
    assert len(data) > LONG > SNIFF_BYTES
    path.write_bytes(data)
    assert wt.detect_format(path).name == name
    path.write_bytes(BOM + data)
    assert wt.detect_format(path).name == name


def test_the_lengthened_samples_are_still_the_format(tmp_path):
    """The long field really sits where the format expects data (not a broken file detected by luck)."""
    path = tmp_path / "mandarinograd.json"
    path.write_bytes(lengthened("mandarinograd.json", (SAMPLES / "mandarinograd.json").read_bytes()))
    items = list(wt.read(path))
    assert len(items[0].text) > LONG


def test_a_one_line_json_array_is_read_whole_for_the_sniffers():
    """Mandarinograd is one line: the head grows to the end of the line (or the limit)."""
    entry = {"text": "x" * 200_000, "question": "谁？", "correct_answer": "a", "wrong_answer": "b"}
    data = json.dumps([entry]).encode()
    heads = list(sniff_heads(io.BytesIO(data)))
    assert heads == [data]


def test_heads_grow_when_no_sniffer_accepts_the_first():
    """Lines after a long field: the first head holds 8 complete lines, later ones twice as much."""
    data = b"".join(b"%d %s\n" % (k, b"y" * 30_000) for k in range(40))
    heads = list(sniff_heads(io.BytesIO(BOM + data)))
    assert heads[0].count(b"\n") == 8 and heads[0].endswith(b"\n") and not heads[0].startswith(BOM)
    assert all(len(b) >= 2 * len(a) or b == data for a, b in zip(heads, heads[1:]))
    assert heads[-1] == data


def test_heads_stop_at_the_limit():
    heads = list(sniff_heads(io.BytesIO(b"z" * (SNIFF_LIMIT + 10))))
    assert len(heads[-1]) == SNIFF_LIMIT


def test_empty_and_bom_only_files_are_empty(tmp_path):
    for content in (b"", b"  \n", BOM):
        path = tmp_path / "empty.jsonl"
        path.write_bytes(content)
        with pytest.raises(wt.FormatError, match="file is empty"):
            wt.detect_format(path)
