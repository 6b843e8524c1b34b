"""Connectives that open a clause, dropped from the start of an NLI hypothesis (因为他很累 → 他很累).

The value says whether the word also ends a clause in the middle of a sentence that has no comma
there (老王哭了因为小明…): only words that cannot be a noun or an adverb inside a clause.
"""
from __future__ import annotations

CONNECTIVES: dict[str, bool] = {
    "因为": True,
    "由于": True,
    "所以": True,
    "因此": True,
    "因而": True,
    "于是": True,
    "但是": True,
    "可是": True,
    "然而": True,
    "不过": False,  # also a verb complement: 绕不过, 比不过
    "但": False,
    "而且": True,
    "并且": True,
    "而": False,
    "然后": True,
    "接着": False,
    "后来": False,
    "结果": False,
    "如果": True,
    "要是": True,
    "假如": True,
    "虽然": True,
    "尽管": True,
    "即使": True,
    "就算": True,
    "既然": True,
    "只要": False,
    "除非": True,
    "否则": True,
    "直到": True,
    "以便": True,
    "这样": False,
    "那么": False,
    "这是因为": False,
    "那是因为": False,
    "是因为": False,
    "还好": False,
    "幸好": False,
    "幸亏": False,
}

#: connectives that make their clause a condition, a purpose or an alternative, not a fact (如果他来了，…): a hypothesis cut
#: after one would assert what the sentence only supposes
CONDITIONALS: tuple[str, ...] = (
    "如果", "要是", "假如", "假若", "倘若", "如若", "若是", "万一", "只要", "除非", "即使", "就算", "哪怕", "以便", "为了",
    "否则", "不然", "要不然", "要不",  # "otherwise": what would happen, not what did
    "要不是", "若不是", "若", "假使", "倘使", "一旦", "的话",  # "but for", "once", "…的话" closing a condition
)

#: what opens the consequence of a condition the sentence leaves unmarked (他不早点起床，就会迟到; 只有…，病才会好): a
#: word among the first of a later clause that starts with one of these (就, 就要, 才能) makes the sentence a condition
CONSEQUENCES: tuple[str, ...] = ("就", "才", "便")
#: how many words into a clause a consequence word may come (我们|就, 病|才)
CONSEQUENCE_REACH = 3
