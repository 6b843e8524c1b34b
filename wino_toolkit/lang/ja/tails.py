"""Clause endings the NLI hypothesis rewrites: explanations, conjunctions and quotatives removed.

Each row: an ending and what replaces it, tried in order (longer first). "彼が勉強しなかったからだ"
becomes "学生が勉強しなかった", "好きなので" becomes "好きだ", "来なければ" becomes "来ない", and
the second half of an inverted sentence ("教授は言った。彼は馬鹿だと。") loses its quotative: "学生は
馬鹿だ"; a frame closed by the copula goes ("戻ってきたときだった" → "戻ってきた"). An ending is only
removed when what is left ends like a sentence.
"""
from __future__ import annotations

TAILS = (
    # a time or purpose frame closed by the copula ("球が戻ってきたときだった", "運転した後のことだ",
    # "長生きできるようにだ"): the event itself is the sentence
    ("後のことだった", ""), ("前のことだった", ""), ("後のことだ", ""), ("前のことだ", ""), ("ときでした", ""),
    ("ときだった", ""), ("時でした", ""), ("時だった", ""), ("ためだった", ""), ("からだった", ""), ("せいだった", ""),
    ("ときだ", ""), ("時だ", ""), ("ようにだ", ""),
    ("にもかかわらず", ""), ("からである", ""), ("ためである", ""), ("かどうか", ""), ("からです", ""),
    ("ためです", ""), ("のである", ""), ("けれども", ""), ("なければ", "ない"), ("からだ", ""), ("ためだ", ""),
    ("せいだ", ""), ("わけだ", ""), ("のです", ""), ("なので", "だ"), ("なのに", "だ"), ("なのだ", "だ"),
    ("のにだ", ""), ("のだが", ""), ("のかと", ""), ("ことを", ""), ("ように", ""), ("ために", ""), ("までは", ""), ("けれど", ""),
    ("ければ", "い"), ("ならば", ""), ("のだ", ""), ("けど", ""), ("ので", ""), ("のに", ""), ("から", ""),
    ("ため", ""), ("なら", ""), ("れば", "る"), ("とき", ""), ("あと", ""), ("まで", ""), ("限り", ""), ("かと", ""),
    ("時", ""), ("後", ""), ("が", ""), ("と", ""),
)

#: what a rewritten ending puts in place of its tail's first characters, one for one ("なければ" → "ない": け → い);
#: the minimal-edit guard accepts these changes and no other
REWRITTEN = frozenset((old, new) for tail, ending in TAILS for old, new in zip(tail, ending) if old != new)

#: phrases that name a source or standpoint before a comma ("彼によると、…", "彼女からすれば、…"): they end like a
#: clause ("と", "れば") but are none, so the hypothesis is their whole sentence, never "ジョンによる。"
SOURCE_PHRASES = (
    "によると", "によれば", "に従うと", "に従えば", "に言わせると", "に言わせれば", "からすると", "からすれば",
    "から見ると", "から見れば", "にしてみれば",
)
