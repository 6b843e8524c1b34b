"""The disambiguated form as JSON Lines: one sentence per candidate, labelled correct or wrong.

Written from schema items by ``wino convert X --to disambiguated`` (the four texts per schema of
Trinh & Le 2018); readable again, so the form round-trips. Example line (wrapped)::

    {"schema_version": "1.0", "id": "wsc285-2-1", "item_id": "wsc285-2", "corpus": "wsc285",
     "language": "en", "candidate": 1, "candidate_text": "the brown suitcase",
     "text": "The trophy doesn't fit into the brown suitcase because the brown suitcase is too large.",
     "label": "wrong"}
"""
from __future__ import annotations

from wino_toolkit.converters.jsonl_family import jsonl_format
from wino_toolkit.forms.records import Disambiguated

FORMAT = jsonl_format(
    "disambiguated",
    "disambiguated form: the text with the referring expression replaced by each candidate (JSON Lines)",
    (".jsonl",),
    from_dict=Disambiguated.from_dict,
    marker="candidate_text",
    kind="a disambiguated sentence",
    record="disambiguated",
    derive="disambiguated",
)
