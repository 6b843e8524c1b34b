"""Russian: the candidate put in the pronoun's case, with the agreement that moves with it.

Russian marks case on the noun, so a candidate cannot go in verbatim ("потому что организаторам
митинга опасались"): pymorphy3 (the ``ru`` extra) parses it and puts it in the case the pronoun had.

- a personal pronoun (он, его, ему, им, нём, ...) becomes the candidate in the pronoun's case and
  the candidate's own number: "Я дал ему книгу" → "Я дал мальчику книгу"; after a preposition the
  н-forms take the case the preposition governs ("о нём" → "о мальчике", "к нему" → "к мальчику";
  "о" becomes "об" before a vowel); его/её/их without a preposition are accusative, genitive
  after a quantity word or a verb that takes the genitive (:mod:`.sites`); forms that read
  two ways (им: dative plural or instrumental singular) take the reading whose number the
  candidates have; a foreign name that does not decline ("Гете", a woman's "Бетт") stays as written;
- a subject pronoun's predicate is made to agree with the candidate: a past verb in gender and
  number, a present one in number, the adjective or participle after a link verb ("она была
  голодна" → "кот был голоден"). Where a word of the clause still agrees with the pronoun and the
  rules cannot tell whether it is the predicate, the item is skipped;
- a possessive (его/её/их before a noun phrase, and свой) goes, and the candidate follows the
  possessed noun in the genitive: "его слона" → "слона Тома", "в своих руках" → "в руках отца";
- punctuation on the pronoun's token stays ("ему," keeps its comma); a sentence that now opens
  with the candidate or a common noun is capitalised, a sentence-initial common noun in the
  candidate is written in lower case mid-sentence ("Кубок" → "кубок"), names keep their capital.

The NLI hypothesis is the clause holding the pronoun (Russian sets clauses off with commas)
without its conjunction (:mod:`.clauses`), following GLUE WNLI's conventions: a when-clause keeps
its main clause, a time clause or the verb's что-object after it stays, a dash standing for the link
verb is no boundary; where that clause is no sentence the text asserts (a relative or question clause,
a subject outside it, a wish, condition or reported speech), the hypothesis is the whole text with the
candidate. The blank form puts ``_`` where the candidate goes, with options in the pronoun's case; where
the options would need different agreement around the blank, it is skipped.
Anything else raises :class:`~wino_toolkit.errors.FormError` with the reason.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Edit, Language, apply, same_case, sentence_initial
from .agreement import AGREEING_POS, AgreementRules
from .clauses import ClauseRules
from .morphology import parses
from .prepositions import VARIANTS
from .sites import SiteRules
from .words import TOKEN, tokenize

__all__ = ["Russian", "tokenize"]


class Rewrite(NamedTuple):
    """A text rewritten for one candidate: the edits besides the slot, the slot, the candidate's form."""

    edits: list[Edit]
    slot: tuple[int, int, str, str]
    form: str

    def text(self, text: str, form: str | None = None) -> str:
        start, end, before, after = self.slot
        return apply(text, [*self.edits, (start, end, before + (self.form if form is None else form) + after)])


@register_language
class Russian(SiteRules, AgreementRules, ClauseRules, Language):
    """Pronouns replaced by the candidate in their case, with agreement; see the module docstring."""

    code = "ru"
    name = "Russian"
    aliases = ("ru-RU",)

    # -- public API ---------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        """The pronoun's word: a token carrying punctuation ("ему,") leaves the punctuation in the text."""
        span = super().reference(item)
        if span.is_slot:
            raise FormError("the Russian rules need the pronoun itself; a zero-anaphora slot is not handled")
        m = re.search(r"\w+", span.text)
        if m is None:
            raise FormError(f"the referring expression {span.text!r} holds no word")
        start = span.start + m.start()
        return Span(start, start + len(m.group()), m.group())

    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        rw = self.rewrite(item, item.text, span, k)
        return self.capitalise(rw.text(item.text), rw)

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end = self.clause_bounds(item, span)
        if (start, end) == (0, len(item.text)):  # no clause the text asserts stands alone: the whole text
            return self.substitute(item, k)
        clause = item.text[start:end]
        inner = Span(span.start - start, span.end - start, span.text)
        return self.sentence(self.rewrite(item, clause, inner, k).text(clause).strip())

    def blank(self, item: Item) -> tuple[str, Span]:
        span = self.reference(item)
        rewrites = self.both(item, span)
        start, end, before, _ = rewrites[0].slot
        text = rewrites[0].text(item.text, self.BLANK)
        # edits before the slot (a possessive taken out) move it
        shift = sum(len(new) - (e - s) for s, e, new in rewrites[0].edits if e <= start)
        at = start + shift + len(before)
        return text, Span(at, at + len(self.BLANK), self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        """Candidate ``k`` as it fills the blank: capitalised only where the blank opens a sentence (judged in
        the blank text, where edits before the slot, such as a possessive taken out, have moved it)."""
        text, at = self.blank(item)
        rw = self.both(item, self.reference(item))[k]
        return same_case("A", rw.form) if sentence_initial(text, at.start) else rw.form

    # -- what the minimal-edit guard allows --------------------------------------------------
    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """A possessive's noun phrase, which the rules rewrite whole ("его пустой стакан" → "пустой стакан
        Джима"); the pronoun alone elsewhere."""
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if (t.start, t.end) == (span.start, span.end)), None)
        if i is None:
            return span.start, span.end
        try:
            site = self.site(item, item.text, toks, i)
        except FormError:
            return span.start, span.end
        return span.start, max(span.end, site.slot[1])

    def may_agree(self, old: str, new: str) -> bool:
        """Another form of the same word (lemma and part of speech) of a kind that agrees: a verb, an
        adjective or participle, a pronoun, a numeral; or another form of one preposition ("о" / "об")."""
        if super().may_agree(old, new):
            return True
        a, b = old.lower().replace("ё", "е"), new.lower().replace("ё", "е")
        if a in VARIANTS or b in VARIANTS:
            return VARIANTS.get(a) is not None and VARIANTS.get(a) == VARIANTS.get(b)
        if not (TOKEN.fullmatch(a) and TOKEN.fullmatch(b) and a[0].isalpha() and b[0].isalpha()):
            return False
        lemmas = {(p.normal_form, p.tag.POS) for p in parses(a) if p.tag.POS in AGREEING_POS}
        return any((p.normal_form, p.tag.POS) in lemmas for p in parses(b))

    # -- the rewrite --------------------------------------------------------------------------
    def both(self, item: Item, span: Span) -> list[Rewrite]:
        """The rewrite for every candidate, when they differ only in the words that fill the slot."""
        rewrites = [self.rewrite(item, item.text, span, k) for k in range(len(item.candidates))]
        first = rewrites[0]
        for rw in rewrites[1:]:
            if rw.slot != first.slot or sorted(rw.edits) != sorted(first.edits):
                raise FormError("the options need different agreement around the blank (gender or number), so no one blank text fits them all")
        return rewrites

    def rewrite(self, item: Item, text: str, span: Span, k: int) -> Rewrite:
        """``text`` with the pronoun at ``span`` replaced by candidate ``k``."""
        toks = tokenize(text)
        i = next((n for n, t in enumerate(toks) if (t.start, t.end) == (span.start, span.end)), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a whole word of the text")
        site = self.site(item, text, toks, i)
        np = self.phrase(item, k, [site.reading] if site.kind == "personal" else self.readings(toks[i].low))
        form = np.form(site.reading.case)
        edits = list(site.edits)
        if site.kind == "personal" and site.reading.case == "nomn":
            edits += self.agreement(toks, i, site.reading, np, yo=np.yo)
        if i and toks[i - 1].low in VARIANTS and site.kind == "personal":
            edits += self.preposition(toks[i - 1], form)
        if i and site.kind == "personal":
            edits += self.modifier(toks[i - 1], site.reading, np)
        return Rewrite(edits, site.slot, form)

    def capitalise(self, text: str, rw: Rewrite) -> str:
        """A sentence that now opens with the change starts with a capital."""
        at = min([rw.slot[0] + len(rw.slot[2]), *(e[0] for e in rw.edits)])
        while at < len(text) and text[at].isspace():
            at += 1
        if at < len(text) and sentence_initial(text, at):
            return text[:at] + text[at].upper() + text[at + 1 :]
        return text
