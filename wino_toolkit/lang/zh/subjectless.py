"""What opens a clause whose subject was left in an earlier clause (我用布擦刀，然后把它放进了橱柜):
a verb (jieba part-of-speech tags starting with these letters) or one of these function words,
but not an existential verb, whose clause needs no subject (没有客户住在那儿)."""
from __future__ import annotations

SUBJECTLESS_OPENERS: dict[str, tuple[str, ...]] = {
    "tags": ("v",),
    "words": ("把", "将", "被"),
    "existentials": ("有", "没有", "没", "还有", "只有"),
}
