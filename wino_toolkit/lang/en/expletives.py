"""Marked spans that are not referring expressions: a dummy "it", or a piece of another word.

Corpora carry annotation errors, and rewriting a dummy subject makes nonsense ("Tom is raining"). The
forms refuse them ("marked span is not a pronoun"). A dummy "it" is the subject of

- a weather verb: "it is raining", "when it snowed";
- a raising verb before a clause: "it seems that ...", "it appeared to him as if ...";
- a predicate whose real subject comes after it: "it is clear that the ...", "it was easy to lift the
  box" ("it was easy to lift", with the object left out, is about the thing lifted, so "it" refers; an
  infinitive with more after it is taken for the dummy reading, which refuses the item).

A degree word ("so heavy that", "too heavy to") makes the clause a comment on "it" itself: it refers.
"""
from __future__ import annotations

from .lexicon import Lexicon, Parse

__all__ = ["dummy_it"]

#: weather verbs: "it" before them refers to nothing
WEATHER_VERBS = frozenset("rain snow hail drizzle sleet thunder".split())

#: raising verbs whose "it" stands for the clause after them ("it seems that ...")
RAISING_VERBS = frozenset("seem appear happen turn".split())

#: forms of "be" that link "it" to an extraposed predicate
BE_FORMS = frozenset("is was 's be been being".split())

#: words that may stand between "it" and its verb (auxiliaries, negation, adverbs)
BETWEEN = frozenset(
    "will would might may could can should must has had have 's 'd 'll is was be been did does do began started "
    "kept stopped continued to not n't never still just always also often usually suddenly really certainly "
    "very quite rather extremely".split()
)

#: words that open a clause the extraposed "it" stands for
THAT_CLAUSE = (("that",), ("as", "if"), ("as", "though"))

#: adjectives whose infinitive is about their own subject ("it is able to beat scissors"): "it" refers
CONTROL_ADJECTIVES = frozenset(
    "able unable likely unlikely sure certain ready willing unwilling eager keen glad happy sad afraid free "
    "quick slow due bound supposed meant apt liable careful anxious proud determined".split()
)

#: prepositions and particles that may end an infinitive with a gap ("hard to talk to", "easy to pick up")
PARTICLES = frozenset("to with at on in up out off about for from into over".split())

#: words that may follow an infinitive with a gap: the clause ends there ("easy to lift because ...")
GAP_FOLLOWERS = frozenset("and or but because so since when while until after before although though".split())

#: words that start the subject of a "that" clause ("that the mouse was slow", "that he")
SUBJECT_WORDS = frozenset(
    "i you he she it we they there the a an his her its their my our your this these those some no every each all "
    "both one nobody everyone someone".split()
)

#: pronoun objects after a raising verb ("it seemed to him that")
OBLIQUE = frozenset("me him her us them you".split())


def dummy_it(p: Parse, first: int, lex: Lexicon) -> bool:
    """Whether "it" at token ``first`` is a dummy subject (see the module's docstring)."""
    if p.lower[first] != "it":
        return False
    n = len(p.words)
    i = first + 1
    while i < n and p.lower[i] in BETWEEN and not _verb_here(p, i, lex):
        i += 1
    if i >= n:
        return False
    word, lemma = p.lower[i], lex.verb_lemma(p.lower[i])
    if lemma in WEATHER_VERBS and (word != lemma or p.lower[i - 1] not in BE_FORMS):
        return True  # "it rained", "it will snow"; not "it was snow"
    if lemma in RAISING_VERBS:
        j = i + 1 + (p.lower[i + 1 : i + 2] == ("out",))
        if lemma == "turn" and j == i + 1:
            return False  # "it turned", not "it turned out that"
        if p.lower[j : j + 1] == ("to",) and j + 1 < n and (p.lower[j + 1] in OBLIQUE or p.words[j + 1][:1].isupper()):
            j += 2  # "it seemed to him that"
        return _clause_at(p, j)
    if any(w in BE_FORMS for w in p.lower[first + 1 : i]):
        return _extraposed(p, i, lex)
    return False


def _verb_here(p: Parse, i: int, lex: Lexicon) -> bool:
    """ "it rained": a weather verb in the auxiliaries' place stops the skipping."""
    return lex.verb_lemma(p.lower[i]) in WEATHER_VERBS and p.lower[i] not in ("'s", "'d")


def _extraposed(p: Parse, i: int, lex: Lexicon) -> bool:
    """ "it is clear that the ...", "it was easy to lift the box": the predicate's subject follows it."""
    word = p.lower[i]
    if word not in lex.adjectives or lex.verb_lemma(word) not in (None, word):
        return False  # a degree word ("so", "too") stopped the search before it, or a participle ("going to")
    j = i + 1
    if p.lower[j : j + 1] == ("enough",):
        return False
    if _clause_at(p, j):
        return True
    if p.lower[j : j + 1] == ("for",):  # "it was hard for Tom to lift the box"
        j = next((k for k in range(j + 1, min(j + 5, len(p.words))) if p.lower[k] == "to"), len(p.words))
    if p.lower[j : j + 1] != ("to",) or j + 1 >= len(p.words) or p.lower[j + 1] not in lex.verbs:
        return False
    if word in CONTROL_ADJECTIVES:
        return False
    return not _gap(p, j + 2)


def _gap(p: Parse, k: int) -> bool:
    """Whether the infinitive before token ``k`` lacks its object ("easy to lift.", "hard to talk to,"), so
    that "it" is what it is about; anything after it ("to score against that team") makes "it" a dummy."""
    if k < len(p.words) and p.lower[k] in PARTICLES:
        k += 1
    return k >= len(p.words) or not p.words[k][:1].isalnum() or p.lower[k] in GAP_FOLLOWERS


def _clause_at(p: Parse, j: int) -> bool:
    """Whether a "that" / "as if" clause starts at token ``j`` ("that" followed by a noun is a determiner)."""
    for opener in THAT_CLAUSE:
        if p.lower[j : j + len(opener)] == opener:
            k = j + len(opener)
            return opener != ("that",) or (k < len(p.words) and (p.lower[k] in SUBJECT_WORDS or p.words[k][:1].isupper()))
    return False
