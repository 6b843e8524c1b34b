"""What every language offers the derived forms: substitution, NLI hypotheses and blanks.

A language is a folder ``wino_toolkit/lang/<code>/`` whose ``__init__`` defines a subclass of
:class:`Language` and registers it; sibling modules hold its rules by concern (phrases, clauses,
agreement: mixins the class is composed of) and its tables by topic (pronoun forms, clause openers,
contractions) as UPPER_CASE constants. :class:`Token` and :func:`tokenizer` are the tokens the
rule-based languages share. This base class substitutes the mention
verbatim and cuts clauses at punctuation; the forms use it for a language without a folder only
when the user asks for verbatim substitution (``--verbatim``), since verbatim substitution mangles
languages that inflect ("потому что организаторам митинга опасались").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, ClassVar, NamedTuple

from ..errors import FormError
from ..schema import Item, Span

__all__ = ["Edit", "Language", "Token", "apply", "mention_text", "own_mention", "replace_span", "same_case", "sentence_initial", "tokenizer"]

SENTENCE_END = re.compile(r"[.!?。！？]+[\"'”’»）)]*")


class Token(NamedTuple):
    """A word or punctuation mark of a text, as the rule-based languages (fr, pt, ru) read it."""

    start: int
    end: int
    text: str
    low: str  # lower case, folded as the language's tables are written (see :func:`tokenizer`)

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


def tokenizer(pattern: re.Pattern[str], fold: Callable[[str], str] = str.lower) -> Callable[[str], tuple[Token, ...]]:
    """A memoised tokenizer for one language: what differs between languages is the word ``pattern`` (elisions,
    hyphens, apostrophes) and the ``fold`` that makes a token's ``low`` match the tables (French "’" → "'",
    Russian ё → е). Memoised per language, as every form asks again for the same texts and clauses."""

    @lru_cache(maxsize=4096)
    def tokenize(text: str) -> tuple[Token, ...]:
        """The tokens of ``text``; memoised, as every form asks again for the same texts and clauses."""
        return tuple(Token(m.start(), m.end(), m.group(), fold(m.group())) for m in pattern.finditer(text))

    return tokenize


def same_case(model: str, word: str) -> str:
    """``word`` with the capital of ``model``'s first letter ("Qu'" → "Que")."""
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def own_mention(item: Item, k: int) -> bool:
    """Whether candidate ``k``'s marked mention is its own: not inside another candidate's mention, as when PWS
    marks "drawing" of "Sam's drawing" for "Tina's drawing" (the words around it belong to the other one)."""
    span = item.candidates[k].span
    return span is None or not any(
        j != k and c.span is not None and c.span.start <= span.start and span.end <= c.span.end and c.span != span
        for j, c in enumerate(item.candidates))


def mention_text(item: Item, k: int) -> str:
    """How candidate ``k`` reads inside the sentence: its own mention if located, else the source's text."""
    cand = item.candidates[k]
    return cand.span.text if cand.span is not None and cand.span.text and own_mention(item, k) else cand.text


def replace_span(text: str, span: Span, new: str) -> str:
    return text[: span.start] + new + text[span.end :]


Edit = tuple[int, int, str]  # replace text[start:end] with a new string


def apply(text: str, edits: list[Edit]) -> str:
    """The text with every ``(start, end, new)`` edit made; edits must not overlap."""
    out, pos = [], len(text)
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        if end > pos:
            raise FormError("the rewrite rules collided on this sentence")
        out.append(text[end:pos])
        out.append(new)
        pos = start
    out.append(text[:pos])
    return "".join(reversed(out))


def sentence_initial(text: str, at: int) -> bool:
    """Whether character ``at`` starts a sentence (nothing but a sentence end and quotes before it)."""
    before = text[:at].rstrip().rstrip("\"'“‘«")
    return not before or SENTENCE_END.fullmatch(before[-1]) is not None


class Language:
    """Default rules: verbatim substitution, punctuation-delimited clauses, no agreement.

    Subclasses override the hooks (``inflect``, ``clause_bounds``, ``finish``) rather than the
    public methods, so every language gets the same error handling and reporting.
    """

    code: ClassVar[str] = "und"
    name: ClassVar[str] = "generic"
    aliases: ClassVar[tuple[str, ...]] = ()
    #: characters that end a clause for the NLI hypothesis
    CLAUSE_PUNCT: ClassVar[str] = ",;:.!?，；：。！？"
    #: the form the blank takes in WinoGrande-style text
    BLANK: ClassVar[str] = "_"
    #: what ends a sentence made from a clause
    FULL_STOP: ClassVar[str] = "."
    #: words on each side of the referring expression that may change with it (articles, contractions,
    #: case particles); the minimal-edit guard (:mod:`wino_toolkit.forms.minimal`) allows no change beyond
    REFERENCE_REACH: ClassVar[int] = 1

    # -- public API used by the forms -------------------------------------------------------
    def premise(self, item: Item) -> str:
        """The text as an NLI premise: it must hold a real referring expression, never the blank.

        A WinoGrande-style blank has no pronoun to show; languages that can choose one that fits
        every option (English) override this, the others report the item.
        """
        span = self.reference(item)
        if span.text == self.BLANK:
            raise FormError(f"the text has a blank where the premise needs a pronoun, and no rules for language {item.language} choose one")
        return item.text

    def script_tag(self, tag: str, script: str | None) -> str:
        """The BCP-47 tag of text converted to ``script`` (the tag itself where no conversion applies)."""
        return tag

    def substitute(self, item: Item, k: int) -> str:
        """The text with the referring expression (or zero-anaphora slot) replaced by candidate ``k``."""
        span = self.reference(item)
        return self.finish(item, replace_span(item.text, span, self.inflect(item, k, span)), span.start)

    def hypothesis(self, item: Item, k: int) -> str:
        """The clause that holds the referring expression, with candidate ``k`` in its place."""
        span = self.reference(item)
        start, end = self.clause_bounds(item, span)
        clause = item.text[start : span.start] + self.inflect(item, k, span) + item.text[span.end : end]
        return self.sentence(clause.strip())

    def blank(self, item: Item) -> tuple[str, Span]:
        """WinoGrande style: the referring expression replaced by ``_``; returns the text and the blank."""
        span = self.reference(item)
        text = replace_span(item.text, span, self.BLANK)
        return text, Span(span.start, span.start + len(self.BLANK), self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        """Candidate ``k`` as a WinoGrande option: the words that fill the blank."""
        return mention_text(item, k)

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """Characters of the source the derived forms may rewrite with the referring expression: the expression
        itself by default; a language widens it where its rules rewrite more ("sa tasse vide" → "la tasse vide
        de Jim": the possessive's noun phrase). The minimal-edit guard allows no other change but agreement."""
        return span.start, span.end

    def may_agree(self, old: str, new: str) -> bool:
        """Whether the source's word ``old`` may become ``new`` because it agrees with the referring expression
        (a verb's person or number, an adjective's gender). The minimal-edit guard lets no other word change;
        the default knows no agreement: only a change of case."""
        return old.casefold() == new.casefold()

    # -- hooks --------------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        if item.pronoun is None:
            raise FormError("no referring expression or zero-anaphora slot is marked")
        return item.pronoun

    def inflect(self, item: Item, k: int, span: Span) -> str:
        """Candidate ``k`` in the grammatical form the referring expression's position needs."""
        return mention_text(item, k)

    def finish(self, item: Item, text: str, at: int) -> str:
        """Repairs after substitution at character ``at`` (agreement, contractions, capitals)."""
        if sentence_initial(text, at):
            return text[:at] + text[at : at + 1].upper() + text[at + 1 :]
        return text

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """Start and end of the clause around ``span``: between the nearest clause punctuation marks."""
        text = item.text
        start = max((text.rfind(ch, 0, span.start) for ch in self.CLAUSE_PUNCT), default=-1) + 1
        ends = [i for i in (text.find(ch, span.end) for ch in self.CLAUSE_PUNCT) if i >= 0]
        return start, min(ends, default=len(text))

    def sentence(self, clause: str) -> str:
        """A clause made a sentence: capitalised, with a full stop."""
        if not clause:
            raise FormError("the clause around the referring expression is empty")
        clause = clause[0].upper() + clause[1:]
        return clause if clause[-1] in ".!?。！？" else clause + self.FULL_STOP
