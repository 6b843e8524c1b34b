"""Switched candidates (Trichelair et al. 2018): swap the two candidates' mentions; the answer must flip.

"The wolf chased the mouse because it was hungry" becomes "The mouse chased the wolf because it was
hungry": the hungry one is now the mouse. A model right on both versions reasons about the sentence;
one right on only one version may just prefer a name. The swap needs both candidates located in the
text; capitals follow the position ("The mouse" at the start, "the wolf" inside).
"""
from __future__ import annotations

import dataclasses

from wino_toolkit.schema import Candidate, Item, Span

__all__ = ["switched", "FUNCTION_WORDS"]

#: first words that are lower-cased when a mention moves off the start of a sentence
FUNCTION_WORDS = {"the", "a", "an", "his", "her", "its", "their", "my", "our", "your", "this", "that", "some"}


def _fit(incoming: str, occupant: str) -> str:
    """``incoming`` with the first-letter case its new place needs (that of the mention it replaces)."""
    if occupant[:1].isupper() and incoming[:1].islower():
        return incoming[:1].upper() + incoming[1:]
    if occupant[:1].islower() and incoming[:1].isupper() and incoming.split()[0].lower() in FUNCTION_WORDS:
        return incoming[:1].lower() + incoming[1:]
    return incoming


def switched(item: Item) -> Item | None:
    """The item with its two candidates' mentions exchanged and the answer flipped; None when they are not
    both located, overlap, or the referring expression sits inside one of them."""
    if len(item.candidates) != 2 or item.answer is None or item.pronoun is None:
        return None
    spans = [c.span for c in item.candidates if c.span is not None]
    if len(spans) != 2:
        return None
    first, second = sorted(range(2), key=lambda k: spans[k].start)
    a, b, p = spans[first], spans[second], item.pronoun
    if a.end > b.start or any(s.start < p.end and p.start < s.end for s in (a, b)):
        return None
    into_a, into_b = _fit(b.text, a.text), _fit(a.text, b.text)
    text = item.text[: a.start] + into_a + item.text[a.end : b.start] + into_b + item.text[b.end :]
    shift = len(into_a) - (a.end - a.start)
    moved = 0 if p.start < a.start else shift if p.start < b.start else shift + len(into_b) - (b.end - b.start)
    candidates = [item.candidates[0], item.candidates[1]]
    # each candidate keeps its name and moves to the other's place
    candidates[first] = Candidate(item.candidates[first].text, Span(b.start + shift, b.start + shift + len(into_b), into_b))
    candidates[second] = Candidate(item.candidates[second].text, Span(a.start, a.start + len(into_a), into_a))
    pronoun = Span(p.start + moved, p.end + moved, p.text)
    return dataclasses.replace(item, id=f"{item.id}~switched", text=text, candidates=candidates, pronoun=pronoun,
                               answer=1 - item.answer, twin=None, triggers=[])
