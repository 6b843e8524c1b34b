"""Words that name a person together with the name after them, and the numerals a candidate may count with.

"господин Котов" is one phrase: the title and the surname decline together ("господина Котова"), as a
given name and a surname do ("Петра Ильина"). A numeral governs its noun: after два, три, четыре (and
оба) the noun is genitive singular in the nominative ("три сестры"), after пять and more genitive plural.
"""
from __future__ import annotations

#: titles and kinship words that stand before a name in apposition (lemmas)
TITLES = frozenset(
    "господин госпожа мистер миссис мисс сэр леди доктор профессор капитан генерал полковник майор лейтенант "
    "сержант товарищ князь княгиня граф графиня король королева принц принцесса царь судья инспектор "
    "дядя тётя тетя бабушка дедушка брат сестра".split()
)

#: numerals (lemmas) after which a noun in the nominative is genitive singular; other numerals take the plural
FEW = frozenset({"два", "три", "четыре", "оба"})
