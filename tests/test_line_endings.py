"""Every byte-exact (canonical) format keeps ``\\r\\n`` line ends: a file saved on Windows is written back as read.

Each registered canonical format's bundled sample (``corpora/samples``), or for the toolkit's own JSON Lines a
file the toolkit writes from another format's sample, is turned from ``\\n`` into ``\\r\\n`` line ends, read
and written back; the bytes must be the ``\\r\\n`` input. A new canonical format is checked as soon as it is
registered: it needs a sample, or an entry below with its reason.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES

import wino_toolkit as wt

#: formats whose sample file goes by a shorter name
FILE_NAMES = {"portuguese-wsc": "portuguese"}
#: formats with no bundled sample of their own: the toolkit writes one from this sample of another format
CONVERTED = {"jsonl": "wsc-xml.xml"}
#: canonical formats whose files hold no line break at all, as their sample shows: there is no line end to keep
NO_LINE_BREAKS = {"mandarinograd": "the published file and the writer's output are one JSON line"}
#: canonical formats that cannot keep ``\r\n``, with why
CANNOT = {
    "twin": "its records (forms.records.TwinRecord) have no meta to note the line end on; only the toolkit writes it",
    "disambiguated": "its records (forms.records.Disambiguated) have no meta to note the line end on; only the toolkit writes it",
}

CANONICAL = sorted(name for name, fmt in wt.formats.items() if fmt.canonical)


def lf_sample(name: str, tmp_path: Path) -> Path:
    """The format's bundled sample with ``\\n`` line ends (or one written from another format's sample)."""
    if name in CONVERTED:
        out = tmp_path / f"sample.{name}.jsonl"
        wt.convert([SAMPLES / CONVERTED[name]], to=name, output=out)
        return out
    found = sorted(SAMPLES.glob(f"{FILE_NAMES.get(name, name)}.*"))
    assert found, f"canonical format {name!r} has no sample in corpora/samples: add one, or list it here with a reason"
    return found[0]


def test_the_lists_name_only_registered_canonical_formats():
    """An entry left over from a renamed or removed format would hide nothing and mislead the reader."""
    for name in [*FILE_NAMES, *CONVERTED, *NO_LINE_BREAKS, *CANNOT]:
        assert name in CANONICAL, f"{name!r} is not a registered canonical format"


@pytest.mark.parametrize("name", CANONICAL)
def test_crlf_line_ends_are_written_back(name, tmp_path):
    if name in CANNOT:
        pytest.skip(f"{name}: {CANNOT[name]}")
    sample = lf_sample(name, tmp_path)
    lf = sample.read_bytes()
    assert b"\r" not in lf
    if name in NO_LINE_BREAKS:
        assert b"\n" not in lf, f"{name}'s sample has line breaks: take it off NO_LINE_BREAKS"
        return
    assert b"\n" in lf
    crlf = lf.replace(b"\n", b"\r\n")
    src = tmp_path / f"crlf{sample.suffix}"
    src.write_bytes(crlf)
    records = list(wt.read(src, source_format=name))
    out = tmp_path / f"out{src.suffix}"
    wt.write(records, out, to=name)
    assert out.read_bytes() == crlf
    # and \n stays \n: the first record of the \n file notes nothing
    src.write_bytes(lf)
    wt.write(list(wt.read(src, source_format=name)), out, to=name)
    assert out.read_bytes() == lf
