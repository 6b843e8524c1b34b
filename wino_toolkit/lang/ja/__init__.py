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
  is widened to its whole sentence, and fails if that does not end like one either; so is a clause cut at a
  comma that loses no such ending (it ends in an adverb or a continuative form: "彼はまた、", "安く、");
- never a clause the text does not assert (``scope``): a condition ("彼がいなければ、仕事は終わらなかった" does not say
  he was absent), a clause under one ("雨が降れば、|彼は来ない"), a quotation, a question or a wish ("彼が犯人だと、",
  "彼が来るかどうか、", "彼が無事なように、"), or one in a sentence that ends in hearsay, conjecture or a verb of saying
  ("彼が病気だったので、休むそうだ", "…ので、遅れたと言った"): the hypothesis is then the whole sentence; an afterthought
  that is no sentence on its own ("教授は言った。彼は馬鹿だと。", "…邪魔をした。彼が…ために。") keeps the sentence it
  completes; a non-past ため states a purpose and stays ("合格するためだ");
- the minimal-edit guard sees the characters the hypothesis is really cut from (``clause_bounds``), and
  accepts no change but the pronoun's and an ending's rewrite (``may_agree``: け → い in ければ → い);
- a source phrase before a comma ("彼によると、", "医者によれば、") is no clause: the hypothesis is its whole
  sentence, neither the fragment "ジョンによる。" nor the reported clause asserted as the text's own;
- a marked span that is no pronoun of its own (a character of 彼岸, 男性 or 彼女, それぞれ, a connective
  それでも、) is skipped with the reason "marked span is not a pronoun"; a word that may follow a pronoun
  (自身, ひとり, なら: "彼自身が", "彼ならば") stays after the candidate, in the span or after it.

- which pronoun: where the text holds the marked pronoun more than once, the one whose role
  (subject, object, possessive; read from the particle after it, see ``roles``) matches the English
  source's pronoun (``meta["en"]``, as the Japanese DPR keeps it) is taken: for "he", "彼は" rather
  than an earlier "彼の"; a marked span that holds two pronouns of a kind ("彼は彼", "彼女は彼", as
  XWINO's tokens mark some) is narrowed the same way, and to its first pronoun when the English does
  not single one out: the first is the referring expression, the second belongs to the rest of the
  sentence ("彼は彼を信じていた" → "健は彼を信じていた");
- blank (WinoGrande): ``_`` takes the pronoun's place only, whatever follows it stays outside the
  blank as in the substitution ("彼を" → "_を", "その語彙" → "_の語彙"); options are the candidates'
  mentions.

Nothing here segments words: the reader's spans say where the pronoun is.
"""
from __future__ import annotations

import re

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Language
from .connectives import CONNECTIVES
from .endings import FINAL_CHARACTERS
from .particles import PARTICLES
from .pronouns import ADNOMINALS, BOUND_NOUNS, FOLLOWERS, LONGER_WORDS, PERSONAL, PRONOUNS
from .roles import AFTER_OBJECT, CLAUSE_OPENERS, ENGLISH_ROLES, JAPANESE_ROLES, OBJECT, POSSESSIVE, SUBJECT
from .scope import (CONDITIONAL_ENDS, CONDITIONAL_TAILS, HEARSAY_ENDS, PAST_ENDS, PAST_ONLY, PAST_ONLY_AT_END,
                    QUOTED_ENDS, REPORTED, UNASSERTED_TAILS)
from .tails import REWRITTEN, SOURCE_PHRASES, TAILS

__all__ = ["Japanese", "english_role", "japanese_role"]

SENTENCE_END = "。！？!?"
CLAUSE_END = "、，,"
CLAUSE_SPLIT = re.compile(f"[{CLAUSE_END}]")
#: what may close a sentence after its final predicate
CLOSERS = "」』）)"
#: pronouns a plural ら may follow outside the marked span ("彼" + "ら")
TAKES_RA = ("彼", "彼女", "それ", "これ", "あれ")
#: longest first, so that 彼女 is not read as 彼
BY_LENGTH = sorted(PRONOUNS, key=len, reverse=True)


@register_language
class Japanese(Language):
    """Pronouns and zero-pronoun slots; see the module docstring."""

    code = "ja"
    name = "Japanese"
    aliases = ("ja-JP", "jp")
    FULL_STOP = "。"
    #: nothing beside the pronoun changes with it: its particles stay (the guard compares characters)
    REFERENCE_REACH = 0
    PRONOUNS = PRONOUNS
    PARTICLES = PARTICLES
    CONNECTIVES = CONNECTIVES
    TAILS = TAILS

    # -- public API ---------------------------------------------------------------------------
    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end, new = self.replacement(item.text, span, self.candidate(item, k))
        return item.text[:start] + new + item.text[end:]

    def blank(self, item: Item) -> tuple[str, Span]:
        """``_`` for the pronoun alone: the particle or の after it stays outside ("彼を" → "_を")."""
        span = self.reference(item)
        start, end, after = self.parts(item.text, span)
        text = item.text[:start] + self.BLANK + after + item.text[end:]
        return text, Span(start, start + len(self.BLANK), self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        return self.candidate(item, k)

    # -- which pronoun --------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        """The marked pronoun, or the occurrence of it whose role the English source's pronoun has."""
        span = super().reference(item)
        if span.is_slot:
            return span
        text = item.text
        base = self.pronoun_at(text, span.start)
        if base is None:
            return span
        pair = self.paired(item, span, base)
        if pair is not None:
            return self.one_of(item, pair)
        found = self.occurrences(item, base)
        wanted = english_role(item)
        matching = [s for s in found if wanted is not None and japanese_role(text, s.end) == wanted]
        if wanted is None or not matching or japanese_role(text, span.start + len(base)) == wanted:
            return span
        return matching[0]

    def paired(self, item: Item, span: Span, base: str) -> tuple[Span, Span] | None:
        """The first two pronouns of a marked span that starts with one and holds another of its kind: the same
        pronoun ("彼は彼", "それはそれ") or two that name people ("彼女は彼"); None for any other span. A pronoun inside
        a candidate's mention (彼 of "彼の友人") is that candidate, not the second of a pair."""
        text, first = item.text, Span(span.start, span.start + len(base), base)
        taken = [c.span for c in item.candidates if c.span is not None and not c.span.is_slot]
        for at in range(first.end, span.end):
            second = self.pronoun_at(text, at)
            inside = second is not None and any(at < t.end and t.start < at + len(second) for t in taken)
            if second is not None and not inside:
                alike = second == base or {base, second} <= PERSONAL
                return (first, Span(at, at + len(second), second)) if alike else None
        return None

    def one_of(self, item: Item, pair: tuple[Span, Span]) -> Span:
        """The pronoun of the pair the English source's pronoun names by its role; else the first, which is the
        referring expression: the second belongs to the rest of the sentence ("彼は彼を信じていた": 彼は)."""
        wanted = english_role(item)
        named = [s for s in pair if wanted is not None and japanese_role(item.text, s.end) == wanted]
        return named[0] if len(named) == 1 else pair[0]

    def pronoun_at(self, text: str, at: int) -> str | None:
        """The pronoun starting at ``at`` (longest, 彼女 not 彼), with a plural ら after it; None if none."""
        base = next((p for p in BY_LENGTH if text.startswith(p, at)), None)
        if base is not None and base in TAKES_RA and text.startswith("ら", at + len(base)):
            base += "ら"
        if base is None or not_a_word(text, at, at + len(base)) is not None:
            return None
        return base

    def occurrences(self, item: Item, base: str) -> list[Span]:
        """Every occurrence of pronoun ``base`` outside the candidates' mentions (not inside 彼女 for 彼)."""
        text = item.text
        taken = [c.span for c in item.candidates if c.span is not None and not c.span.is_slot]
        out = []
        for m in re.finditer(re.escape(base), text):
            if self.pronoun_at(text, m.start()) != base or (m.start() and self.pronoun_at(text, m.start() - 1)):
                continue
            if any(m.start() < t.end and t.start < m.end() for t in taken):
                continue
            out.append(Span(m.start(), m.end(), base))
        return out

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end, new = self.replacement(item.text, span, self.candidate(item, k))
        first, stop, ending = self.cut(item, span)
        return item.text[first:start] + new + item.text[end:stop] + ending + self.FULL_STOP

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """The pronoun with the plural ら the candidate also replaces; its particles stay as they are."""
        start, end, _ = self.parts(item.text, span)
        return start, end

    def may_agree(self, old: str, new: str) -> bool:
        """Only where a clause ending is rewritten one character for one ("なければ" → "ない": け → い)."""
        return old == new or (old, new) in REWRITTEN

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
        start, end, after = self.parts(text, span)
        return start, end, candidate + after

    def parts(self, text: str, span: Span) -> tuple[int, int, str]:
        """The characters ``[start, end)`` the candidate replaces, and what must follow it there
        (a particle of the span, の after an adnominal その, は for a clause-opening slot)."""
        if span.is_slot:
            return span.start, span.end, self.slot(text, span.start)
        form, end = span.text, span.end
        if text[end : end + 1] == "ら" and form in TAKES_RA:
            form, end = form + "ら", end + 1
        base = next((p for p in BY_LENGTH if form.startswith(p)), None)
        rest = form[len(base) :] if base is not None else None
        longer = next((w for w in LONGER_WORDS if text.startswith(w, span.start)), None)
        if base is None or not stays(rest) or longer:
            part = f"part of {longer!r}" if longer else "not one the Japanese rules know"
            raise FormError(f"marked span is not a pronoun ({span.text!r} is {part})")
        reason = not_a_word(text, span.start, span.start + len(base))
        if reason is not None:
            raise FormError(f"marked span is not a pronoun ({reason})")
        return span.start, end, PRONOUNS[base] + rest

    def slot(self, text: str, k: int) -> str:
        """What follows the candidate in a zero-pronoun slot: は when no particle follows and a clause starts here."""
        if text[k:].startswith(PARTICLES):
            return ""
        before = text[:k]
        for connective in CONNECTIVES:
            if before.endswith(connective):
                before = before[: -len(connective)]
                break
        if not before or before[-1] in SENTENCE_END + CLAUSE_END:
            return "は"
        raise FormError("the zero-pronoun slot has no particle after it and does not open a clause")

    # -- clauses ------------------------------------------------------------------------------
    def sentence_bounds(self, text: str, span: Span) -> tuple[int, int]:
        start = max(text.rfind(ch, 0, span.start) for ch in SENTENCE_END) + 1
        ends = [i for i in (text.find(ch, span.end) for ch in SENTENCE_END) if i >= 0]
        return start, min(ends, default=len(text))

    def clause_around(self, text: str, span: Span) -> tuple[int, int]:
        start = max(text.rfind(ch, 0, span.start) for ch in SENTENCE_END + CLAUSE_END) + 1
        ends = [i for i in (text.find(ch, span.end) for ch in SENTENCE_END + CLAUSE_END) if i >= 0]
        return start, min(ends, default=len(text))

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The characters the hypothesis is cut from, so that the minimal-edit guard compares like with like:
        without the connective it drops, up to the ending it rewrites (as many characters as replace it)."""
        first, stop, ending = self.cut(item, span)
        return first, stop + len(ending)

    def cut(self, item: Item, span: Span) -> tuple[int, int, str]:
        """The hypothesis's source characters ``[first, stop)`` and the ending that replaces what follows them:
        the pronoun's clause, else its whole sentence, whichever first ends like a sentence."""
        text = item.text
        start, end, _ = self.parts(text, span)
        clause, sentence = self.clause_around(text, span), self.sentence_bounds(text, span)
        for a, b in (sentence,) if self.supposed(text, clause, sentence) else (clause, sentence):
            found = self.finite(text, a, b, (start, end), at_comma=b < len(text) and text[b] in CLAUSE_END)
            if found is not None:
                return found
        completed = self.completed(text, sentence)
        if completed is not None:
            return completed
        raise FormError("the clause holding the pronoun does not end like a sentence, even with its tail removed")

    def completed(self, text: str, sentence: tuple[int, int]) -> tuple[int, int, str] | None:
        """An afterthought that ends in a purpose or a condition ("…邪魔をした。彼が部屋を独占できるようにするために。")
        with the sentence it completes, as the text has them: the purpose alone is not asserted. None for a first
        sentence."""
        s, e = sentence
        if s == 0:
            return None
        return max(text.rfind(ch, 0, s - 1) for ch in SENTENCE_END) + 1, e, ""

    def supposed(self, text: str, clause: tuple[int, int], sentence: tuple[int, int]) -> bool:
        """Whether the sentence only supposes, reports or wishes what the pronoun's clause says: a condition before it
        ("雨が降らなければ、|彼は…"), a quotation or wish after it ("彼は…が、|少し遅いと、|店長は言った"), or a sentence
        ending in hearsay, conjecture or a verb of saying ("…ので、休むそうだ", "…ので、遅れたと言った"); see ``scope``."""
        (a, b), (s, e) = clause, sentence
        if (a, b) == (s, e):
            return False
        before = CLAUSE_SPLIT.split(text[s:a])[:-1]
        after = CLAUSE_SPLIT.split(text[b:e]) if b < e else ["", text[a:e]]
        last = after[-1].rstrip(CLOSERS + " \u3000")
        return (any(seg.rstrip(CLOSERS + " \u3000").endswith(CONDITIONAL_ENDS) for seg in before)
                or any(seg.rstrip(CLOSERS + " \u3000").endswith(QUOTED_ENDS) for seg in after[1:-1])
                or last.endswith(HEARSAY_ENDS) or REPORTED.search(last) is not None)

    def finite(self, text: str, a: int, b: int, pronoun: tuple[int, int], *, at_comma: bool) -> tuple[int, int, str] | None:
        """``text[a:b]`` as a sentence body: ``(first, stop, ending)`` with a leading connective dropped and a
        conjunctive or explanatory tail rewritten; None if it cannot end a sentence. A clause cut at a comma
        must lose such a tail: what else ends there is a continuative form or an adverb ("高く、", "また、"). A source
        phrase ("によると、") on either side of a comma makes no clause of its own: the whole sentence is taken."""
        start, end = pronoun
        if a and text[a - 1] in CLAUSE_END and text[: a - 1].endswith(SOURCE_PHRASES):
            return None  # "医者によると、彼は元気だった": the clause is the doctor's word, not the text's
        while a < start and text[a] in " \u3000":
            a += 1
        for connective in CONNECTIVES:
            if text.startswith(connective, a) and a + len(connective) <= start:
                a += len(connective)
                while a < start and text[a] in CLAUSE_END + " \u3000":
                    a += 1
                break
        stop = b
        while stop > end and text[stop - 1] in CLOSERS + " \u3000":
            stop -= 1
        if at_comma and text[end:stop].endswith(SOURCE_PHRASES):
            return None
        for tail, new in TAILS:  # the pronoun itself never ends the sentence: something after it must
            cut = stop - len(tail)
            rest = text[end:cut] + new
            ends = cut >= end and rest and text.startswith(tail, cut) and rest[-1] in FINAL_CHARACTERS
            if ends and removable(text, cut, tail, at_comma=at_comma):
                return a, cut, new
        rest = text[end:stop]
        if at_comma or not rest or rest[-1] not in FINAL_CHARACTERS:
            return None
        return a, stop, ""


def removable(text: str, cut: int, tail: str, *, at_comma: bool) -> bool:
    """Whether ``tail`` at ``cut`` may go: never a quotation's, a question's or a wish's, before a comma not a
    condition's, and a purpose's (ため, こと) only after a past form ("遅れたため" a cause, "合格するため" a purpose);
    see ``scope``."""
    if tail in UNASSERTED_TAILS or (at_comma and tail in CONDITIONAL_TAILS):
        return False
    purpose = tail.startswith(PAST_ONLY) if at_comma else tail.startswith(PAST_ONLY_AT_END)
    return not purpose or text[cut - 1 : cut] in PAST_ENDS


def stays(rest: str | None) -> bool:
    """Whether what the marked span holds after its pronoun stays after the candidate: nothing, a particle, or
    a word that may follow a pronoun with an optional particle ("彼自身が" → "ジョン自身が")."""
    if rest is None:
        return False
    follower = next((f for f in FOLLOWERS if rest.startswith(f)), "")
    rest = rest[len(follower) :]
    return not rest or rest in PARTICLES


def not_a_word(text: str, start: int, end: int) -> str | None:
    """Why ``text[start:end]``, spelled like a pronoun, is no word of its own (a character of 彼岸, 男性, 彼女,
    それぞれ, a connective それでも、); None when it stands as a pronoun."""
    word, after, before = text[start:end], text[end:], text[start - 1 : start]
    longer = next((w for w in LONGER_WORDS if text.startswith(w, start)), None)
    connective = next((c for c in CONNECTIVES if text.startswith(c, start) and text[start + len(c) :][:1] in CLAUSE_END), None)
    if longer or connective:
        return f"{word!r} is part of {longer or connective!r}"
    if word in BOUND_NOUNS and before and (is_kanji(before) or before + word in PRONOUNS):
        return f"{word!r} ends the word {before + word!r}"
    if word in ADNOMINALS:
        return None if after[:1].isalpha() and not after.startswith(PARTICLES) else f"no noun follows {word!r}"
    if not after[:1].isalnum() or after.startswith(PARTICLES + FOLLOWERS):
        return None
    if word.endswith(("ら", "等")) and is_kanji(after[0]):  # a plural ends the word: the next one starts here
        return None
    return f"{word!r} runs into {after[:1]!r}: part of a longer word"


def is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch in "々〆"


def english_role(item: Item) -> str | None:
    """The role of the pronoun the English source marks (``meta["en"]``): subject, object, possessive or None."""
    english = item.meta.get("en") if isinstance(item.meta, dict) else None
    if not isinstance(english, dict):
        return None
    word, sentence = str(english.get("pronoun", "")).strip(), str(english.get("sentence", ""))
    if not word or " " in word:
        return None
    role = ENGLISH_ROLES.get(word.lower())
    if role is not None or word.lower() not in ("it", "her"):
        return role
    found = re.search(rf"\b{re.escape(word)}\b", sentence) or re.search(rf"(?i)\b{re.escape(word)}\b", sentence)
    if found is None:
        return None
    before = re.findall(r"[\w']+|[,;:]", sentence[: found.start()])
    after = re.findall(r"[\w']+|[^\w\s]", sentence[found.end() :])
    ends = not after or not after[0][0].isalnum() or after[0].lower() in AFTER_OBJECT
    if word.lower() == "it":  # a clause opens before it, or a verb follows it: its subject
        opens = not before or before[-1].lower() in CLAUSE_OPENERS or before[-1] in ",;:"
        return SUBJECT if opens or not ends else OBJECT
    return OBJECT if ends else POSSESSIVE


def japanese_role(text: str, at: int) -> str | None:
    """The role the words from ``at`` (just after a pronoun) give it, or None when they do not tell."""
    return next((role for particle, role in JAPANESE_ROLES if text.startswith(particle, at)), None)
