"""What makes a Japanese clause one the text supposes, reports or wishes rather than asserts.

A clause cut from such a sentence would assert what the sentence does not: "彼がいなければ、仕事は終わらなかった"
does not say that he was absent, "彼が病気だったので、会議に出られないそうだ" only reports why, "彼が無事に帰るように、
祈った" wishes it. The NLI hypothesis is then the whole sentence with the pronoun replaced, which the text asserts.
"""
from __future__ import annotations

import re

#: endings of a clause before a comma that make what follows it a consequence (…なければ、…たら、…なら、…と、…限り、)
CONDITIONAL_ENDS = ("ば", "たら", "だら", "なら", "と", "って", "限り", "場合", "場合は", "場合には")

#: endings of a clause before a comma that make it a quotation, a thought, a wish or a question (…と、…ように、…かどうか、)
QUOTED_ENDS = ("と", "って", "ように", "かどうか", "か")

#: tails (``tails.TAILS``) never removed: they close a quotation, a question or a wish, whose content nobody asserts;
#: an afterthought ending in one ("父は言った。彼はもう子供ではないと。") keeps the sentence it completes
UNASSERTED_TAILS = frozenset({"かどうか", "のかと", "かと", "と", "ように", "ならば"})

#: tails never removed before a comma: they close a condition, so the clause does not end like a sentence without
#: them and is widened to its sentence. An afterthought ending in one ("…だろう。もしそれが来るならば。") keeps it, and
#: the sentence it completes (UNASSERTED_TAILS), as one ending in "ようにだ" does; one ending in "ことを" still loses it
#: (a factive こと before a comma is asserted, and the two are not told apart yet)
CONDITIONAL_TAILS = frozenset({"なければ", "ければ", "れば", "ならば", "なら", "限り"})

#: tails removed only after a past form, since after a non-past one they state a purpose or a wish ("合格するために",
#: "元気でいることを") rather than a cause or a fact ("遅れたために", "盗んだことを"); こと only before a comma
PAST_ONLY = ("ため", "こと")
PAST_ONLY_AT_END = ("ため",)
PAST_ENDS = "ただ"

#: sentence endings of hearsay, appearance or conjecture: what the sentence holds is reported or guessed
HEARSAY_ENDS = (
    "そうだ", "そうです", "そうだった", "そうでした", "らしい", "らしかった", "らしいです", "ようだ", "ようだった", "ようです",
    "みたいだ", "みたいだった", "みたいです", "だろう", "でしょう", "だろうか", "かもしれない", "かもしれなかった",
    "かもしれません", "に違いない", "に違いなかった", "はずだ", "はずだった", "はずです",
)

#: a quotation, thought or wish marker, then (a few characters on, no comma) a verb of saying, thinking, hearing or
#: wishing: "…と言った", "…と母から聞いた", "…ように祈った", "…ことを願った"
REPORTED = re.compile(
    r"(?:と|って|ように|ことを|かどうか)[^、，,。]{0,8}?"
    r"(?:言|いう|いっ|いわ|思|考え|信じ|聞|願|祈|望|頼|疑|答え|叫|伝え|感じ|誓|約束|主張|説明|述べ|書|申し|おっしゃ|"
    r"確かめ|期待|予想|想像|命じ|心配)"
)
