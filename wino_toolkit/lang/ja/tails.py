"""Clause endings the NLI hypothesis rewrites: explanations, conjunctions and polite endings removed.

Each row: an ending and what replaces it, tried in order (longer first). "彼が勉強しなかったからだ" becomes
"学生が勉強しなかった", "好きなので" becomes "好きだ", "謝ったんだ" becomes "謝った"; a frame closed by the copula goes
("戻ってきたときだった" → "戻ってきた"). An ending is only removed when what is left ends like a sentence, and
``scope`` says which never go (a quotation's, a question's, a wish's: "彼は馬鹿だと。" keeps its "と") and which
never go before a comma (a condition's: "彼が来なければ、" keeps its sentence).
"""
from __future__ import annotations

TAILS = (
    # polite, colloquial and explanatory endings around a reason or a fact ("来るからでした", "謝ったんだ", "頑張ったからね"):
    # the explanatory ん/の goes with its copula; ん only after a plain form (る, た, い, な), not in "読んだ"
    ("からですよね", ""), ("たんですよ", "た"), ("たんですね", "た"), ("るんですよ", "る"), ("るんですね", "る"), ("いんですよ", "い"), ("いんですね", "い"),
    ("なんですよ", "だ"), ("なんですね", "だ"), ("からなのです", ""), ("からなんです", ""), ("ためなのです", ""), ("ためなんです", ""), ("からなのだ", ""),
    ("からなんだ", ""), ("ためなのだ", ""), ("ためなんだ", ""), ("わけでした", ""), ("からでした", ""), ("ためでした", ""), ("せいでした", ""),
    ("からですね", ""), ("からですよ", ""), ("わけです", ""), ("のでした", ""), ("のだった", ""), ("のですね", ""), ("のですよ", ""), ("からだよ", ""),
    ("からだね", ""), ("たんです", "た"), ("るんです", "る"), ("いんです", "い"), ("なんです", "だ"), ("たんだよ", "た"), ("るんだよ", "る"),
    ("いんだよ", "い"), ("なんだよ", "だ"), ("からね", ""), ("からよ", ""), ("からさ", ""), ("からな", ""), ("のだよ", ""), ("のだね", ""),
    ("たんだ", "た"), ("るんだ", "る"), ("いんだ", "い"), ("なんだ", "だ"), ("のよ", ""), ("のね", ""),
    # a time or purpose frame closed by the copula ("球が戻ってきたときだった", "運転した後のことだ",
    # "長生きできるようにだ"): the event itself is the sentence
    ("後のことだった", ""), ("前のことだった", ""), ("後のことだ", ""), ("前のことだ", ""), ("ときでした", ""),
    ("ときだった", ""), ("時でした", ""), ("時だった", ""), ("ためだった", ""), ("からだった", ""), ("せいだった", ""),
    ("ときだ", ""), ("時だ", ""),
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
