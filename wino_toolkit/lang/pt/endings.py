"""Regular third-person endings, singular and plural, tried in order ("-ava"/"-avam" before "-a"/"-am")."""
from __future__ import annotations

VERB_ENDINGS = (
    ("ava", "avam"), ("ia", "iam"), ("ía", "íam"), ("ou", "aram"), ("eu", "eram"), ("iu", "iram"),
    ("rá", "rão"), ("ria", "riam"), ("sse", "ssem"), ("a", "am"), ("e", "em"),
)
