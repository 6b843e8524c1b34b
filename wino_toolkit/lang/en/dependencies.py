"""Clause extraction from a dependency parse, used when a trained English pipeline is installed.

The clause is the subtree of the verb that governs the pronoun, without the clauses attached to it
(``advcl``, ``conj``, ``parataxis``) and the word that introduces it ("because", "but"), as in the
rule-based extraction; an adverbial "when/until/before/after" clause that follows stays. When the
result is not a contiguous stretch of text, the caller falls back to the rules.
"""
from __future__ import annotations

__all__ = ["dependency_clause"]

#: dependency labels of clause heads
CLAUSE_DEPS = frozenset(("ROOT", "advcl", "ccomp", "conj", "relcl", "parataxis", "csubj", "acl"))
#: children of the clause head that the hypothesis leaves out (unless they hold the pronoun)
DROPPED = frozenset(("advcl", "conj", "parataxis", "cc", "mark", "punct", "preconj"))
#: subordinators of a following adverbial clause that the hypothesis keeps
KEPT_MARKERS = frozenset(("when", "until", "till", "before", "after", "while", "once"))


def dependency_clause(doc, first: int, after: int) -> tuple[int, int] | None:
    """Token range ``[start, end)`` of the clause holding tokens ``[first, after)``, or ``None``."""
    head = doc[first].head
    while head.dep_ not in CLAUSE_DEPS and head.head.i != head.i:
        head = head.head
    pronoun = set(range(first, after))
    kept = set()
    for child in head.children:
        subtree = {t.i for t in child.subtree}
        if child.dep_ in DROPPED and not subtree & pronoun and not _kept_adverbial(child, head):
            continue
        kept |= subtree
    kept.add(head.i)
    start, end = min(kept), max(kept) + 1
    if len(kept) != end - start or not pronoun <= kept:
        return None
    while end - start > 1 and doc[end - 1].is_punct:
        end -= 1
    while end - start > 1 and doc[start].is_punct:
        start += 1
    return start, end


def _kept_adverbial(child, head) -> bool:
    """ "He opened them when the wind stopped": a temporal clause after the verb stays."""
    return child.dep_ == "advcl" and child.i > head.i and any(
        t.dep_ == "mark" and t.lower_ in KEPT_MARKERS for t in child.children
    )
