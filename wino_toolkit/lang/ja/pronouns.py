"""Japanese words the rules replace by a candidate, and what the candidate needs after it.

Most pronouns are nouns and the candidate takes their place as is ("彼が" → "教授が"); the
adnominal demonstratives ("その語彙") need "の" after the candidate ("英語の語彙").
"""
from __future__ import annotations

PRONOUNS = {
    "彼ら": "", "彼女ら": "", "彼女たち": "", "彼女": "", "彼": "", "彼等": "",
    "それら": "", "これら": "", "あれら": "", "それ": "", "これ": "", "あれ": "",
    "そちら": "", "こちら": "", "あちら": "", "そこ": "", "ここ": "", "あそこ": "",
    "あいつ": "", "こいつ": "", "そいつ": "", "あいつら": "", "そいつら": "", "こいつら": "",
    "男": "", "女": "", "その": "の", "この": "の", "あの": "の",
}
