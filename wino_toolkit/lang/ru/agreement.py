"""Agreement: the subject's predicate, and a word agreeing before the pronoun, made to agree with the candidate.

The tables name the words around a subject's predicate: what agrees with the subject, what stands between.
A past verb agrees with its subject in gender and number ("она упала" / "мальчик упал"), a
present one in number, and so does the predicate after a link verb ("был расстроен" / "была
расстроена"): these are the words :meth:`AgreementRules.agreement` re-inflects.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...errors import FormError
from ..base import Edit, Token, same_case
from .morphology import parses
from .phrases import Phrase, gender_fits, number_of
from .pronouns import GRAMMEME_NAMES, Reading
from .words import top

__all__ = ["AGREEING_POS", "AgreementRules"]

#: link verbs (lemmas) whose predicate adjective or participle agrees with the subject
COPULAS = frozenset("быть стать становиться оказаться оказываться казаться показаться являться выглядеть остаться оставаться".split())

#: words that may stand between a subject and its predicate without agreeing ("он бы уже ушел")
BETWEEN = frozenset(
    "не ни бы б же ж ли уже ещё еще очень так тоже также всё все всегда никогда теперь сейчас тогда "
    "только даже просто вдруг сразу вообще совсем точно наверное давно долго вовсе".split()
)

#: object pronouns that may stand between a subject and its predicate ("они давно её не видели")
OBJECTS = frozenset("меня тебя его ее их нас вас мне тебе ему ей им нам вам".split())

#: coordinators after which a second predicate of the same subject may follow ("передумал и включил")
COORDINATORS = frozenset("и или но а да".split())

#: parts of speech (pymorphy3) whose forms change with the subject or the noun they agree with: the
#: minimal-edit guard lets such a word become another form of itself, never another word
AGREEING_POS = frozenset({"VERB", "ADJF", "ADJS", "PRTF", "PRTS", "NPRO", "NUMR"})

#: lemmas of the words that stand before a pronoun and agree with it ("сама она", "все они"): they take the
#: candidate's gender and number; any other agreeing word there stops the item
PRONOUN_MODIFIERS = frozenset({"сам", "весь", "один"})


class AgreementRules:
    """The words that agree with the pronoun, re-inflected for the candidate."""

    def modifier(self, tok: Token, pron: Reading, np: Phrase) -> list[Edit]:
        """A word before the pronoun that agrees with it ("сама она" → "сам Пётр") takes the candidate's gender
        and number; any other agreeing word there ("бедная она") stops the item."""
        parse = next((p for p in parses(tok.low)[:2] if p.tag.POS in ("ADJF", "PRTF") and p.tag.case == pron.case
                      and self.matches(p.tag, Reading(pron.case, pron.gender, pron.number))), None)
        if parse is None or (np.number == pron.number and (np.number == "plur" or np.gender == pron.gender)):
            return []
        if parse.normal_form not in PRONOUN_MODIFIERS and pron.case != "nomn":
            return []  # "увидевший его": a participle governing its object, not agreeing with it
        if parse.normal_form not in PRONOUN_MODIFIERS:
            raise FormError(f"{tok.text!r} before the pronoun agrees with it, and the rules cannot tell how it must change")
        want = {pron.case, np.number} | ({np.gender} if np.number == "sing" and np.gender else set())
        out = parse.inflect(want)
        if out is None or (np.number == "sing" and np.gender is None):
            raise FormError(f"pymorphy3 cannot make {tok.text!r} agree with the candidate")
        return [(tok.start, tok.end, same_case(tok.text, out.word))]

    def agreement(self, toks: Sequence[Token], i: int, pron: Reading, np: Phrase, yo: bool = True) -> list[Edit]:
        """The subject's predicate made to agree with the candidate instead of the pronoun.

        From the pronoun on: words of :data:`BETWEEN` and adverbs are passed over; a
        verb, a short adjective or participle, or (after a link verb) a full adjective agreeing
        with the pronoun is re-inflected; a second verb after "и" too. Any other word of the
        clause that still agrees with the pronoun and not the candidate stops the item.
        """
        gender = np.gender or pron.gender
        if np.number == pron.number and (np.number == "plur" or gender == pron.gender or pron.gender is None):
            return []
        if np.number == "sing" and gender is None:
            raise FormError("the candidate's gender does not show, so the verb cannot be made to agree")
        new = Reading("nomn", gender, np.number)
        edits: list[Edit] = []
        j, copula = i + 1, False
        while j < len(toks) and toks[j].is_word:
            tok = toks[j]
            parse = self.agreeing(tok.low, pron, copula)
            if parse is not None:
                word = self.inflect(parse, new)
                edits.append((tok.start, tok.end, same_case(tok.text, word if yo else word.replace("ё", "е"))))
                copula = copula or (parse.tag.POS == "VERB" and parse.normal_form in COPULAS)
                if parse.tag.POS in ("ADJF", "PRTF") and j + 1 < len(toks) and self.noun(toks[j + 1].low) and top(toks[j + 1].low).tag.POS == "NOUN":
                    raise FormError(f"the predicate noun phrase at {tok.text!r} would have to change too")
            elif tok.low in BETWEEN or tok.low in OBJECTS or any(p.tag.POS in ("ADVB", "PRCL", "COMP") for p in parses(tok.low)[:3]):
                pass  # "плохо" reads as an adverb too, "так и не" holds the particle и
            elif tok.low == "и" and j + 1 < len(toks) and toks[j + 1].low == "не":
                pass
            elif tok.low in COORDINATORS and edits and j + 1 < len(toks) and self.agreeing(toks[j + 1].low, pron, False) is not None:
                pass
            else:
                break
            j += 1
        done = {e[0] for e in edits}
        for tok in self.clause(toks, i)[1:]:
            if tok.start not in done and tok.is_word and self.agreeing(tok.low, pron, True, strict=True) is not None:
                raise FormError(f"{tok.text!r} may agree with the pronoun {toks[i].text!r}, and the rules cannot tell whether it must change")
        return edits

    def agreeing(self, word: str, pron: Reading, copula: bool, strict: bool = False) -> Any | None:
        """The parse of ``word`` as a predicate agreeing with ``pron`` (None if it is not one).

        ``strict``: only a parse that shows the pronoun's gender or number and not the candidate's
        counts (the check for words the rules passed over).
        """
        found = parses(word)[:3] if not strict else parses(word)[:1]
        if copula:  # after a link verb a short adjective is the predicate, however rare the reading ("оказалось мало")
            found = (*found, *(p for p in parses(word) if p.tag.POS in ("ADJS", "PRTS")))
        for p in found:
            t = p.tag
            pos = t.POS
            if pos == "VERB" and "past" in t:
                ok = self.matches(t, pron)
            elif pos == "VERB" and "3per" in t:
                ok = number_of(t) == pron.number
            elif pos in ("ADJS", "PRTS"):
                ok = self.matches(t, pron)
            elif pos in ("ADJF", "PRTF") and not strict and (t.case == "nomn" or (copula and t.case == "ablt")):
                ok = self.matches(t, pron) and (copula or t.case == "nomn")
            else:
                ok = False
            if ok:
                return p
        return None

    @staticmethod
    def matches(tag: Any, pron: Reading) -> bool:
        if number_of(tag) != pron.number:
            return False
        return pron.number == "plur" or gender_fits(tag, pron.gender)

    @staticmethod
    def inflect(parse: Any, new: Reading) -> str:
        want = {new.number} if new.number == "plur" or "pres" in parse.tag or "futr" in parse.tag else {new.gender, new.number}
        out = parse.inflect(want)
        if out is None:
            subject = " ".join(GRAMMEME_NAMES.get(g, g) for g in (new.gender, new.number) if g)
            raise FormError(f"pymorphy3 cannot make {parse.word!r} agree with a {subject} subject")
        return out.word
