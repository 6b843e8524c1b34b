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

#: the pronouns that name people: two of them in one marked span ("彼は彼女") are a pair, one of them the
#: referring expression; "それは彼" is not (それ names a thing or a situation, the candidates are people)
PERSONAL = frozenset({
    "彼", "彼ら", "彼等", "彼女", "彼女ら", "彼女たち", "あいつ", "こいつ", "そいつ", "あいつら", "そいつら", "こいつら",
})

#: what may follow a pronoun (after its plural ら) besides a particle: emphasis, restriction, 'self', copula,
#: a number of people or things ("彼ひとりでは", "それ一つ"), a topic-conditional ("彼なら", "彼女ならば")
FOLLOWERS = (
    "自身", "自体", "以外", "以上", "一人", "二人", "一つ", "ひとり", "ふたり", "ひとつ", "たち", "達", "こそ", "しか",
    "だけ", "ばかり", "など", "さえ", "すら", "ほど", "くらい", "ぐらい", "って", "なら", "です", "だ", "じゃ", "か",
)
#: words that begin with a pronoun and are none ("それぞれ" each, "それとも" or, "男の子" boy)
LONGER_WORDS = ("それぞれ", "それとも", "それなら", "それなのに", "男の子", "女の子", "男の人", "女の人")
#: pronouns that are nouns standing alone: after a kanji they end a compound ("長男", "少女", "彼女")
BOUND_NOUNS = ("男", "女")
#: the adnominal demonstratives, which a noun must follow ("その語彙")
ADNOMINALS = ("その", "この", "あの")
