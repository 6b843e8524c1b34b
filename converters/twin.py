"""The twin form as JSON Lines: the versions of one schema side by side, with their trigger words.

Written from schema items by ``wino convert X --to twin``; readable again. Example line (wrapped)::

    {"schema_version": "1.0", "twin": "wsc285-2", "corpus": "wsc285", "language": "en",
     "versions": [{"id": "wsc285-2", "role": "special", "text": "... because it is too large.",
                   "triggers": ["large"], "answer": 0, "answer_text": "The trophy"},
                  {"id": "wsc285-3", "role": "alternate", "text": "... because it is too small.",
                   "triggers": ["small"], "answer": 1, "answer_text": "the brown suitcase"}]}
"""
from __future__ import annotations

from wino_toolkit.converters.jsonl_family import jsonl_format
from wino_toolkit.forms.records import TwinRecord

FORMAT = jsonl_format(
    "twin",
    "twin form: the versions of each schema side by side with their trigger words (JSON Lines)",
    (".jsonl",),
    from_dict=TwinRecord.from_dict,
    marker="versions",
    kind="a twin record",
    record="twin",
    derive="twin",
)
