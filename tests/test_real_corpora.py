"""Every file in ../shared/corpora: detected, converted to the native format and back, with exact counts.

Counts come from the corpora's own releases as listed in ../shared/corpora/README.md and issue #2.
"""
from __future__ import annotations

import pytest
from conftest import shared_file

import wino_toolkit as wt

# path, format detected from content, options, records, twin pairs (None: not asserted), larger groups
CORPORA = [
    ("wsc/WSCollection.xml", "wsc-xml", None, 285, 141, {3: 1}),
    ("wsc/WSCollection.xml", "wsc-xml", {"subset": "wsc273"}, 273, 135, {3: 1}),
    ("pdp/PDPChallenge2016.xml", "wsc-xml", None, 60, 0, {}),
    ("winogrande/dev.jsonl", "winogrande", None, 1267, 284, {}),
    ("winogrande/train_xs.jsonl", "winogrande", None, 160, None, {}),
    ("winogrande/train_s.jsonl", "winogrande", None, 640, None, {}),
    ("winogrande/test.jsonl", "winogrande", None, 1767, None, {}),
    ("dpr/train.c.txt", "dpr", None, 1322, 661, {}),
    ("japanese/train.txt", "dpr-ja", None, 1322, 661, {}),
    ("superglue_wsc/train.jsonl", "superglue", None, 307, 0, {}),
    ("superglue_wsc/val.jsonl", "superglue", None, 53, 0, {}),
    ("wnli/dev.tsv", "wnli", None, 71, None, {}),
    ("mandarinograd/mandarinograd.json", "mandarinograd", None, 308, 154, {}),
    ("winologic/winologic.jsonl", "winologic", None, 562, 0, {}),
    ("xwino/dataset.selected.tsv", "xwino", None, 12, 6, {}),
    ("french/French_Wino_Schemas.xml", "french-xml", None, 214, 107, {}),
    ("portuguese/portuguese_wsc.json", "portuguese-wsc", None, 285, 141, {3: 1}),
]


@pytest.mark.slow
@pytest.mark.parametrize("rel, name, options, count, twins, larger", CORPORA, ids=[f"{c[0]}{'+' + str(c[2]) if c[2] else ''}" for c in CORPORA])
def test_real_file_through_native_and_back(tmp_path, rel, name, options, count, twins, larger):
    path = shared_file(rel)
    fmt = wt.detect_format(path)
    assert fmt.name == name
    records = list(wt.read(path, options=options))
    assert len(records) == count
    native_format = "jsonl" if fmt.record == "item" else "nli-jsonl"
    native = tmp_path / "native.jsonl"
    assert wt.convert(path, to=native_format, output=native, read_options=options).written == count
    assert wt.detect_format(native).name == native_format
    assert list(wt.read(native)) == records
    back = tmp_path / "back" / path.name  # the same name, so the split it states is the same
    back.parent.mkdir()
    wt.convert(native, to=name, output=back)
    assert list(wt.read(back, source_format=name, options=options)) == records
    if fmt.canonical:
        assert back.read_bytes() == path.read_bytes()
    if twins is not None:
        report = wt.twin_report(records)
        assert report.twins == twins
        assert {size: n for size, n in report.groups.items() if size > 2} == larger


def test_superglue_rows_and_winologic_labels(shared):
    """SuperGLUE train has 554 rows (grouped into 307 items); WinoLogic has 281 true and 281 false knowledge sentences."""
    train = list(wt.read(shared / "superglue_wsc" / "train.jsonl"))
    assert sum(len(it.meta["rows"]) for it in train) == 554
    logic = list(wt.read(shared / "winologic" / "winologic.jsonl"))
    labels = [k.label for it in logic for k in it.knowledge]
    assert (labels.count(True), labels.count(False)) == (281, 281)
