"""Japanese: the pronoun replaced by the candidate, no spaces, particles kept.

- ``彼が`` → ``教授が``, ``彼の`` → ``教授の``: the candidate takes the pronoun's place and the
  particle that follows (inside or after the span) stays; ``その語彙`` → ``英語の語彙`` (an
  adnominal demonstrative needs ``の``);
- a zero-width slot (zero pronoun) gets the candidate; where no particle follows the slot, the
  candidate takes ``は`` at the start of a clause (after 。、 or a connective) and the rewrite
  fails elsewhere, since the case the dropped argument had is unknown;
- NLI hypothesis: the clause from the previous 。 or 、 to the next, leading connectives
  (だから, しかし, そして...) dropped, and explanatory or conjunctive endings removed (からだ,
  のだ, ので...): "教授は学生に低い成績をつけた。彼が勉強しなかったからだ。" gives
  "学生が勉強しなかった。". A clause that does not then end like a sentence (a te-form before 、)
  is widened to its whole sentence, and fails if that does not end like one either.

Nothing here segments words: the reader's spans say where the pronoun is.
"""
from __future__ import annotations

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Language
from .connectives import CONNECTIVES
from .endings import FINAL_CHARACTERS
from .particles import PARTICLES
from .pronouns import PRONOUNS
from .tails import TAILS

__all__ = ["Japanese"]

SENTENCE_END = "。！？!?"
CLAUSE_END = "、，,"
#: what may close a sentence after its final predicate
CLOSERS = "」』）)"


@register_language
class Japanese(Language):
    """Pronouns and zero-pronoun slots; see the module docstring."""

    code = "ja"
    name = "Japanese"
    aliases = ("ja-JP", "jp")
    FULL_STOP = "。"
    PRONOUNS = PRONOUNS
    PARTICLES = PARTICLES
    CONNECTIVES = CONNECTIVES
    TAILS = TAILS

    # -- public API ---------------------------------------------------------------------------
    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end, new = self.replacement(item.text, span, self.candidate(item, k))
        return item.text[:start] + new + item.text[end:]

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end, new = self.replacement(item.text, span, self.candidate(item, k))
        sentence_start, sentence_end = self.sentence_bounds(item.text, span)
        clause_start, clause_end = self.clause_bounds(item, span)
        for a, b in ((clause_start, clause_end), (sentence_start, sentence_end)):
            clause = self.finite(item.text[a:start] + new + item.text[end:b])
            if clause is not None:
                return clause + self.FULL_STOP
        raise FormError("the clause holding the pronoun does not end like a sentence, even with its tail removed")

    # -- substitution -------------------------------------------------------------------------
    def candidate(self, item: Item, k: int) -> str:
        """Candidate ``k`` as it reads in the text: its mention if located, else the source's text."""
        cand = item.candidates[k]
        text = cand.span.text if cand.span is not None and cand.span.text else cand.text
        text = "".join(text.split())
        if not text:
            raise FormError(f"candidate {k} is empty")
        return text

    def replacement(self, text: str, span: Span, candidate: str) -> tuple[int, int, str]:
        """The characters ``[start, end)`` to replace and what replaces them."""
        if span.is_slot:
            return span.start, span.end, self.slot(text, span.start, candidate)
        form, end = span.text, span.end
        if text[end : end + 1] == "ら" and form in ("彼", "彼女", "それ", "これ", "あれ"):
            form, end = form + "ら", end + 1
        if text[span.start : end + 2].startswith("それぞれ"):
            raise FormError("'それぞれ' (each) is not a pronoun")
        base = next((p for p in sorted(PRONOUNS, key=len, reverse=True) if form.startswith(p)), None)
        rest = form[len(base) :] if base is not None else None
        if base is None or rest and rest not in PARTICLES:
            raise FormError(f"{span.text!r} is not a pronoun the Japanese rules handle")
        return span.start, end, candidate + PRONOUNS[base] + rest

    def slot(self, text: str, k: int, candidate: str) -> str:
        """A zero pronoun: the candidate, with は when no particle follows and a clause starts here."""
        if text[k:].startswith(PARTICLES):
            return candidate
        before = text[:k]
        for connective in CONNECTIVES:
            if before.endswith(connective):
                before = before[: -len(connective)]
                break
        if not before or before[-1] in SENTENCE_END + CLAUSE_END:
            return candidate + "は"
        raise FormError("the zero-pronoun slot has no particle after it and does not open a clause")

    # -- clauses ------------------------------------------------------------------------------
    def sentence_bounds(self, text: str, span: Span) -> tuple[int, int]:
        start = max(text.rfind(ch, 0, span.start) for ch in SENTENCE_END) + 1
        ends = [i for i in (text.find(ch, span.end) for ch in SENTENCE_END) if i >= 0]
        return start, min(ends, default=len(text))

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        text = item.text
        start = max(text.rfind(ch, 0, span.start) for ch in SENTENCE_END + CLAUSE_END) + 1
        ends = [i for i in (text.find(ch, span.end) for ch in SENTENCE_END + CLAUSE_END) if i >= 0]
        return start, min(ends, default=len(text))

    def finite(self, clause: str) -> str | None:
        """The clause as a sentence body: connectives dropped, tail rewritten; None if it cannot end one."""
        clause = clause.strip(" \u3000")
        for connective in CONNECTIVES:
            if clause.startswith(connective):
                clause = clause[len(connective) :].lstrip("、， \u3000")
                break
        body = clause.rstrip(CLOSERS)
        for tail, new in TAILS:
            if body.endswith(tail) and len(body) > len(tail):
                shorter = body[: -len(tail)] + new
                if shorter[-1] in FINAL_CHARACTERS:
                    return shorter
        return body if body and body[-1] in FINAL_CHARACTERS else None
