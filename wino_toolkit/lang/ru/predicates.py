"""Words around a subject's predicate: what agrees with the subject, what stands between.

A past verb agrees with its subject in gender and number ("она упала" / "мальчик упал"), a
present one in number, and so does the predicate after a link verb ("был расстроен" / "была
расстроена"): these are the words :meth:`~wino_toolkit.lang.ru.Russian.agreement` re-inflects.
"""
from __future__ import annotations

#: link verbs (lemmas) whose predicate adjective or participle agrees with the subject
COPULAS = frozenset("быть стать становиться оказаться оказываться казаться показаться являться выглядеть остаться оставаться".split())

#: words that may stand between a subject and its predicate without agreeing ("он бы уже ушел")
BETWEEN = frozenset(
    "не ни бы б же ж ли уже ещё еще очень так тоже также всё все всегда никогда теперь сейчас тогда "
    "только даже просто вдруг сразу вообще совсем точно наверное давно долго вовсе".split()
)

#: coordinators after which a second predicate of the same subject may follow ("передумал и включил")
COORDINATORS = frozenset("и или но а да".split())

#: impersonal predicates: a clause with one needs no subject ("надо очистить", "придется убить")
IMPERSONAL = frozenset(
    "надо нужно можно нельзя пора жаль придется пришлось приходится хочется хотелось стоит стоило "
    "следует следовало удалось удается казалось кажется".split()
)

#: parts of speech (pymorphy3) whose forms change with the subject or the noun they agree with: the
#: minimal-edit guard lets such a word become another form of itself, never another word
AGREEING_POS = frozenset({"VERB", "ADJF", "ADJS", "PRTF", "PRTS", "NPRO", "NUMR"})

#: lemmas of the words that stand before a pronoun and agree with it ("сама она", "все они"): they take the
#: candidate's gender and number; any other agreeing word there stops the item
PRONOUN_MODIFIERS = frozenset({"сам", "весь", "один"})
