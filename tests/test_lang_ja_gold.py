"""The Japanese and Chinese gold sets (tests/gold/ja.jsonl, zh.jsonl): hand-checked expectations for items of the
test halves of the Japanese DPR and Mandarinograd, stored as edits so that the project holds no corpus text."""
from __future__ import annotations

from pathlib import Path

import pytest

from wino_toolkit.forms.gold import evaluate_gold, half_of, load_gold, schema_key

GOLD = Path(__file__).parent / "gold"
FILES = {"ja": GOLD / "ja.jsonl", "zh": GOLD / "zh.jsonl"}


@pytest.mark.parametrize("language", sorted(FILES))
def test_gold_set_has_30_items_per_form_and_stores_no_corpus_text(language):
    entries = load_gold(FILES[language])
    for form in ("disambiguated", "nli", "blank"):
        assert len({e.id for e in entries if e.form == form}) >= 30, form
    for entry in entries:
        for start, end, replacement in entry.edits or []:
            # a replacement is a candidate's name or a blank with what follows, never a corpus sentence
            assert len(replacement) <= 12, (entry.line, replacement)
        assert entry.note, entry.line


@pytest.mark.slow
@pytest.mark.parametrize("language, least", [("ja", {"blank": 0.9, "disambiguated": 0.9}), ("zh", {"disambiguated": 0.9})])
def test_gold_set_against_the_shared_corpora(shared, language, least):
    """Every entry names a test-half item of the shared corpus; the forms' exact match stays above a floor."""
    import wino_toolkit as wt

    entries = load_gold(FILES[language])
    items = {}
    for source in {e.source for e in entries}:
        items.update({i.id: i for i in wt.read(shared / source)})
    assert all(half_of(schema_key(items[e.id])) == "test" for e in entries)
    report = evaluate_gold(entries, shared)
    assert not report.missing
    for form, share in least.items():
        assert report.rows[(language, form)].exact_share >= share, report.table()
