"""Words after which an object pronoun (его, её, их) is genitive, not accusative.

Quantity words take the genitive ("больше их" → "больше печений"), and so do a few verbs
(lemmas): "боялся его" → "боялся мальчика", "не хватило их" → "не хватило книг", "захотелось его" →
"захотелось чая"; so does absence ("его не было" → "Петра не было") and a quantity after the pronoun
("их было много" → "яблок было много"). Elsewhere the object is accusative.
"""
from __future__ import annotations

QUANTIFIERS = frozenset("больше меньше много мало немного сколько столько несколько достаточно".split())

GENITIVE_VERBS = frozenset(
    "бояться испугаться избегать избежать добиться достичь достигнуть касаться коснуться лишить "
    "лишиться стесняться опасаться пугаться требовать ждать дождаться хотеть желать хотеться захотеться "
    "хватить хватать недоставать недостать".split()
)

#: words saying that something is absent, whose object is genitive ("нет его", "её не было")
ABSENCE: tuple[tuple[str, ...], ...] = (("нет",), ("не", "было"), ("не", "будет"), ("не", "осталось"), ("не", "стало"))

#: link verbs that may stand between the pronoun and its quantity ("их было много")
QUANTITY_LINKS = frozenset("было будет стало осталось оказалось казалось".split())

#: degree words that may stand before the quantity ("их было слишком много")
DEGREE = frozenset("слишком очень так совсем довольно".split())
