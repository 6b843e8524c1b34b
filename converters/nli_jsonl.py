"""The toolkit's native JSON Lines for NLI pairs: one :class:`~wino_toolkit.schema.NLIPair` per line.

Versioned like the native item format (``schema_version`` on every line). Example line (wrapped)::

    {"schema_version": "1.0", "id": "0", "corpus": "wnli", "language": "en",
     "premise": "The jar fell off the shelf because it was wobbly.", "hypothesis": "The shelf was wobbly.",
     "label": true, "item_id": null, "candidate": null, "meta": {}}
"""
from __future__ import annotations

from wino_toolkit.converters.jsonl_family import jsonl_format
from wino_toolkit.schema import NLIPair

FORMAT = jsonl_format(
    "nli-jsonl",
    "wino-toolkit native JSON Lines for NLI pairs (premise, hypothesis, label, with schema_version)",
    (".jsonl", ".nli.jsonl"),
    from_dict=NLIPair.from_dict,
    marker="premise",
    kind="an NLI pair",
    record="nli",
    derive="nli",
    aliases=("nli",),
)
