"""The WinoGrande blank made from the disambiguated sentences, for languages whose substitution
rewrites more than the pronoun (French, Portuguese).

The blank text is the language's own rewrite with ``_`` as the noun phrase, so the blank stands
where the substituted noun phrase stands (after the verb for a moved clitic, after the noun for a
possessive); each option is then read off that candidate's disambiguated sentence: whatever lies
between the text before the blank and the text after it. An option therefore carries the
determiner the disambiguated form computes ("le monument", "o caminhão"), and a blank is produced
only when *every* disambiguated sentence is the blank text with its option in the blank. When one is
not (a preposition that contracts or elides with the option: "de" + "le barman" = "du barman"; a
verb or adjective that agrees with one option only), the item is refused with the reason, since
no single text fits both options.

Used by :mod:`wino_toolkit.lang.fr` and :mod:`wino_toolkit.lang.pt` through :class:`SubstitutionBlank`;
any language whose substitution rewrites more than the pronoun can use it.
"""
from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from ..errors import FormError
from ..schema import Item, Span

if TYPE_CHECKING:
    from .base import Language

__all__ = ["one_blank", "options_from_substitutions", "SubstitutionBlank"]

BLANK = "_"
WORD = re.compile(r"[\w'’-]+|[^\w\s]")


def _word_at(text: str, at: int, backwards: bool) -> str:
    """The word of ``text`` that holds character ``at`` (or ends just before it, going backwards)."""
    for m in WORD.finditer(text):
        if m.start() <= at < m.end() or (backwards and m.end() == at):
            return m.group()
    return text[at : at + 1]


def one_blank(blank_text: str) -> None:
    """Refuse a blank text that does not hold exactly one ``_`` (WinoGrande's readers find the blank by it)."""
    n = blank_text.count(BLANK)
    if n != 1:
        joined = " (a name joined with '_' would read as another blank)" if n > 1 else ""
        raise FormError(f"the blank text would hold {n} blanks ('{BLANK}'){joined}")


def options_from_substitutions(blank_text: str, substitutions: list[str], candidates: list[str]) -> list[str]:
    """The option each substitution puts in the blank of ``blank_text``, or FormError with the reason.

    ``substitutions[k]`` must read ``blank_text`` with something in place of the single ``_``; that
    something (non-empty, without surrounding spaces) is option ``k``.
    """
    one_blank(blank_text)
    at = blank_text.index(BLANK)
    before, after = blank_text[:at], blank_text[at + 1 :]
    options = []
    for k, text in enumerate(substitutions):
        if not text.startswith(before):
            n = next(i for i, (a, b) in enumerate(zip(before, text + "\0")) if a != b)
            raise FormError(
                f"the word before the blank changes with the option ({_word_at(before, n, True)!r} becomes "
                f"{_word_at(text, n, True)!r} with {candidates[k]!r}: a contraction or elision), "
                "so no one text fits both options"
            )
        if not text.endswith(after) or len(text) < len(before) + len(after):
            c = 0
            while c < len(after) and c < len(text) and after[-1 - c] == text[-1 - c]:
                c += 1
            raise FormError(
                f"the words after the blank change with the option ({_word_at(after, len(after) - 1 - c, False)!r} becomes "
                f"{_word_at(text, len(text) - 1 - c, False)!r} with {candidates[k]!r}: agreement), so no one text fits both options"
            )
        option = text[len(before) : len(text) - len(after)]
        if not option or option != option.strip() or BLANK in option:
            raise FormError(f"candidate {candidates[k]!r} does not fill the blank as one phrase")
        options.append(option)
    return options


#: the last item blanked per thread: ``blank`` and every ``blank_option`` need the same work, done once
_LAST = threading.local()


class SubstitutionBlank:
    """``blank`` and ``blank_option`` for a language whose blank is its own rewrite with ``_`` as the noun
    phrase (:meth:`blank_text`), each option read off that candidate's disambiguated sentence.

    Mix in before :class:`~wino_toolkit.lang.base.Language`. The work is shared between the two hooks
    through a one-item cache kept per thread, so threads deriving forms never see each other's items.
    """

    def blank_text(self, item: Item) -> str:
        """The item's text rewritten with ``_`` where the substituted noun phrase stands: each language using
        the mixin says where (French and Portuguese run their own rewrite with ``_`` as the noun phrase)."""
        raise NotImplementedError(f"{type(self).__name__} mixes in SubstitutionBlank but does not say where its blank stands")

    def blank(self: "Language", item: Item) -> tuple[str, Span]:
        text, _ = self._blanked(item)
        at = text.index(BLANK)
        return text, Span(at, at + 1, BLANK)

    def blank_option(self: "Language", item: Item, k: int) -> str:
        return self._blanked(item)[1][k]

    def _blanked(self: "Language", item: Item) -> tuple[str, list[str]]:
        last = getattr(_LAST, "entry", None)
        if last is not None and last[0] is self and last[1] is item:
            return last[2]
        text = self.blank_text(item)
        options = options_from_substitutions(text, [self.substitute(item, k) for k in range(len(item.candidates))],
                                             [c.text for c in item.candidates])
        _LAST.entry = (self, item, (text, options))
        return text, options
