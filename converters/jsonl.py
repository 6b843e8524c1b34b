"""The toolkit's native format: one :class:`~wino_toolkit.schema.Item` per line as JSON.

Every line carries ``schema_version`` so files stay readable as the schema grows; the JSON Schema
is ``wino_toolkit/data/item.schema.json``. Example line (wrapped here)::

    {"schema_version": "1.1", "id": "wsc285-0", "corpus": "wsc285", "split": null, "language": "en",
     "text": "The fish ate the worm. It was tasty.", "pronoun": [23, 25, "It"],
     "candidates": [{"text": "The fish", "span": [0, 8, "The fish"]},
                    {"text": "the worm", "span": [13, 21, "the worm"]}],
     "answer": 1, "question": null, "twin": "wsc285-0", "role": "special",
     "triggers": ["tasty"], "knowledge": [], "meta": {}}
"""
from __future__ import annotations

from wino_toolkit.converters.jsonl_family import jsonl_format
from wino_toolkit.schema import Item

FORMAT = jsonl_format(
    "jsonl",
    "wino-toolkit native JSON Lines (one schema item per line, with schema_version)",
    (".jsonl", ".wino.jsonl"),
    from_dict=Item.from_dict,
    marker="candidates",
    kind="a schema item",
    aliases=("native", "wino"),
)
