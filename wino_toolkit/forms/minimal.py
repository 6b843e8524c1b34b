"""The minimal-edit guard: a derived sentence may differ from its source only where the rules may change it.

Hand judgement of the derived forms on unseen data found rules firing where they should not (a preposition
inflected as a verb, a word far from the pronoun rewritten) and reporting the result as derived. The guard
turns such unknown failure modes into skips: it aligns the words of the source and of the derived sentence
and allows a difference only

- in the referring expression's region (:meth:`Language.edit_region`: the expression, or the noun phrase
  a possessive rewrites) and up to :attr:`Language.REFERENCE_REACH` words on each side (articles,
  contractions and case particles that change with the mention);
- where a source word became a word the language says may agree with the referring expression
  (:meth:`Language.may_agree`: a verb's person, an adjective's gender), one word for one;
- for an NLI hypothesis, at the edges of the clause it is cut from (:meth:`Language.clause_bounds`): a
  conjunction the cut leaves out at its start, and its closing punctuation.

Words are compared in order from both ends of the sentence towards the referring expression, so a
candidate that repeats words of the sentence cannot be mistaken for them.

Anything else skips the item with a reason naming the words that changed.
"""
from __future__ import annotations

from difflib import SequenceMatcher

from ..errors import FormError
from ..lang import Language
from ..schema import Item
from ..tokens import token_spans

__all__ = ["check_minimal_edit", "words"]

_UNSPACED = {"zh", "ja"}
MAX_DROPPED = 3  # words an NLI hypothesis may leave out at the start of its clause ("and because", "したので")  # segmentation depends on the neighbours: compare characters instead


def words(text: str, language: str) -> list[tuple[int, int]]:
    """Character spans of the units the guard compares: characters in Chinese and Japanese, tokens elsewhere."""
    if language.split("-", 1)[0].lower() in _UNSPACED:
        return [(i, i + 1) for i, ch in enumerate(text) if not ch.isspace()]
    return token_spans(text, language)


def check_minimal_edit(lang: Language, item: Item, derived: str, *, bounds: tuple[int, int] | None = None) -> None:
    """Refuse ``derived`` when it changes the item's text outside its referring expression and agreement.

    ``bounds``: ``derived`` is an NLI hypothesis cut from ``source[start:end]``; up to :data:`MAX_DROPPED`
    words at the clause's start may go (a conjunction), and its own punctuation may close it.
    """
    source, language = item.text, item.language
    region = lang.edit_region(item, lang.reference(item))
    start, end = bounds if bounds is not None else (0, len(source))
    a_spans = [(s, e) for s, e in words(source, language) if start <= s and e <= end]
    b_spans = words(derived, language)
    a, b = [source[s:e] for s, e in a_spans], [derived[s:e] for s, e in b_spans]
    if bounds is not None:  # the closing punctuation is the hypothesis's own
        while b and not b[-1].isalnum() and (not a or b[-1] != a[-1]):
            b.pop()
    inside = [k for k, (s, e) in enumerate(a_spans) if s < region[1] and e > region[0]]
    low, high = (inside[0], inside[-1] + 1) if inside else ((n := sum(1 for s, _ in a_spans if s < region[0])), n)
    reach = lang.REFERENCE_REACH

    def same(x: str, y: str) -> bool:
        return x.casefold() == y.casefold() or lang.may_agree(x, y)

    def run(xs: list[str], ys: list[str], most: int) -> int:
        k = 0
        while k < most and k < len(xs) and k < len(ys) and same(xs[k], ys[k]):
            k += 1
        return k

    head, first = run(a[:low], b, low), 0
    if bounds is not None and head < low - reach:  # the cut may leave out the clause's first words (a conjunction)
        first = next((i for i in range(1, min(low, MAX_DROPPED) + 1) if run(a[i:low], b, low - i) >= low - reach - i), 0)
        head = run(a[first:low], b, low - first)
    tail, last = run(a[high:][::-1], b[head:][::-1], len(a) - high), len(a)
    # what is left between the anchored ends: aligned word by word, each difference must touch the region
    lo, hi = first + head, last - tail
    a_mid, b_mid = a[lo:hi], b[head:len(b) - tail]
    matcher = SequenceMatcher(None, [w.casefold() for w in a_mid], [w.casefold() for w in b_mid], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (i2 - i1 == j2 - j1 and all(same(x, y) for x, y in zip(a_mid[i1:i2], b_mid[j1:j2]))):
            continue
        before = [k for k in range(lo + i1, lo + i2) if k < low - reach]
        after = [k for k in range(lo + i1, lo + i2) if k >= high + reach]
        outside = before + after
        if i1 == i2:  # words added: only next to the region
            if low - reach <= lo + i1 <= high + reach:
                continue
        elif len(outside) <= j2 - j1 and all(  # words beyond the region, matched from the block's ends, agree
                same(a[k], y) for k, y in [*zip(before, b_mid[j1:j2]), *zip(after[::-1], b_mid[j1:j2][::-1])]):
            continue
        old, new = " ".join(a[k] for k in outside), " ".join(b_mid[j1:j2])
        change = f"'{old}' became '{new}'" if old and new else f"'{old}' removed" if old else f"'{new}' added"
        raise FormError(f"the rules changed words other than the referring expression and its agreement ({change})")
