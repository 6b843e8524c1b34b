"""The clause that holds the pronoun, for the NLI hypothesis, found from boundary words.

(With a trained pipeline installed, the dependency parse decides instead: see ``dependencies``.)

Following the GLUE WNLI hypotheses: the clause starts after the conjunction, relative word or comma
that opens it (a fronted adverbial such as "Next time," is dropped) and ends before a comma + conjunction,
a bare "because/but/although" or the end of the sentence; "when ..." and "until ..." stay. A pronoun
inside a fronted subordinate clause ("Since she always wears ..., Alice spotted her") keeps the whole
sentence. Commas inside a candidate ("Gold, Lee and Partners") are never boundaries.
"""
from __future__ import annotations

from .clauses import (
    COORDINATORS,
    CUT,
    CUT_AFTER_COMMA,
    CUT_BEFORE_SUBJECT,
    FRONTING,
    OPENERS,
    OPENERS_BEFORE_SUBJECT,
    OBJECT_PRONOUNS,
    PERSONAL,
    SUBJECT_STARTERS,
    TELL_VERBS,
)
from .dependencies import dependency_clause
from .lexicon import Lexicon, Parse
from .nouns import DETERMINERS
from .verbs import INVARIANT, PLURAL_OF, SINGULAR_OF

__all__ = ["clause_tokens"]

QUOTES = frozenset("\"'“”‘’")
#: finite verbs after a comma close an embedded clause: "Bernard, who ... a claim, did not consider"
FINITE = frozenset((*SINGULAR_OF, *PLURAL_OF, *INVARIANT))
STOPS = frozenset((";", ":", "--", "—"))
WH_WORDS = frozenset(("who", "whom", "what", "which", "where", "how", "whatever", "whoever"))


def clause_tokens(p: Parse, first: int, after: int, protected: list[tuple[int, int]], lex: Lexicon) -> tuple[int, int]:
    """Token range ``[start, end)`` of the clause around the pronoun's tokens ``[first, after)``.

    ``protected`` are character ranges (the candidates' mentions) whose commas are not boundaries.
    """
    if p.doc is not None and p.doc.has_annotation("DEP"):
        found = dependency_clause(p.doc, first, after)
        if found is not None:
            return found
    sentence = p.sentence_of[first]
    stop = p.sentence_end(first)
    start = _start(p, first, first, sentence, protected, lex)
    fronted = start > sentence and p.lower[start - 1] in FRONTING and _only_quotes(p, sentence, start - 1)
    if fronted:
        start -= 1
    elif start == sentence and _participle(p.lower[_skip_quotes(p, sentence, stop)], lex):
        fronted = True  # "Stretching her back, the woman smiled": keep the main clause
    end, main_clause = _end(p, after, stop, protected, fronted, lex)
    if fronted and not main_clause and p.lower[start] in FRONTING:
        start += 1  # a fragment ("Because Joel is good with kids."): the subordinator goes
    while start > sentence and _elliptical(p, start, end):
        start = _start(p, start - 1, first, sentence, protected, lex)  # "why he was," needs "I don't know"
    return start, end


def _start(p: Parse, below: int, first: int, sentence: int, protected: list[tuple[int, int]], lex: Lexicon) -> int:
    """The clause start: after the nearest boundary before token ``below``."""
    for i in range(below - 1, sentence - 1, -1):
        word = p.lower[i]
        if word in STOPS:
            return i + 1
        if word == ",":
            if not _inside(p.starts[i], protected) and _subject_at(p, i + 1, first):
                return i + 1
        elif word in OPENERS:
            if not (word == "while" and i > 0 and p.lower[i - 1] == "a"):
                return i + 1
        elif word in OPENERS_BEFORE_SUBJECT:
            if word == "that" and not _conjunction_that(p, i, lex):
                continue
            if _subject_at(p, i + 1, first) or (word == "so" and i > 0 and p.words[i - 1] == ","):
                return i + 1
        elif word in COORDINATORS:
            if i > 0 and p.words[i - 1] == ",":
                if _subject_at(p, i + 1, first) or lex.verb_lemma(p.lower[i + 1]) is None:
                    return i + 1  # ", and brought his dog" shares the subject: no new clause
            elif word != "for" and (i + 1 == first or p.lower[i + 1] in PERSONAL):
                return i + 1
    return sentence


def _end(
    p: Parse, after: int, stop: int, protected: list[tuple[int, int]], fronted: bool, lex: Lexicon
) -> tuple[int, bool]:
    """The clause end, and whether the comma closing a fronted clause was passed (main clause taken in)."""
    passed = False
    for j in range(after, stop):
        if _ends_at(p, j, stop, protected, lex):
            if fronted and not passed and p.words[j] == ",":
                passed = True
                continue
            return j, passed
    return stop, passed


def _ends_at(p: Parse, j: int, stop: int, protected: list[tuple[int, int]], lex: Lexicon) -> bool:
    word = p.lower[j]
    if word in STOPS or word in CUT:
        return True
    if word == ",":
        if _inside(p.starts[j], protected):
            return False
        nxt = _skip_quotes(p, j + 1, stop)
        if nxt >= stop:
            return True
        follower = p.lower[nxt]
        clause_follows = _subject_at(p, nxt, -1) or _participle(follower, lex) or follower in FINITE
        return follower in CUT_AFTER_COMMA or clause_follows
    if word in CUT_BEFORE_SUBJECT and j + 1 < stop:
        follower = p.lower[j + 1]
        if follower in PERSONAL or (word == "so" and follower == "that"):
            return True
        return word != "and" and _subject_at(p, j + 1, -1)
    return False


def _conjunction_that(p: Parse, i: int, lex: Lexicon) -> bool:
    """ "that" after a verb, adjective or object opens a clause; after a noun it is a relative pronoun."""
    if i == 0:
        return True
    prev = p.lower[i - 1]
    if prev in OBJECT_PRONOUNS or prev in ("so", "such", "now") or p.words[i - 1][:1].isupper() or not prev.isalpha():
        return True
    if any(p.lower[j] in TELL_VERBS for j in range(max(0, i - 5), i)):
        return True
    noun = prev in lex.nouns or lex.plural_noun(prev)
    return not (noun and (i < 2 or p.lower[i - 2] in DETERMINERS or lex.verb_lemma(prev) is None))


def _elliptical(p: Parse, start: int, end: int) -> bool:
    """A clause ending in an auxiliary ("why he was", "they were forced to") is not a sentence on its own;
    one with a wh-word ("who this hero is") is complete."""
    if any(p.lower[i] in WH_WORDS for i in range(start, end)):
        return False
    last = end - 1
    while last > start and (not p.words[last][:1].isalnum() or p.lower[last] in ("n't", "not")):
        last -= 1
    return p.lower[last] in FINITE or p.lower[last] == "to"


def _subject_at(p: Parse, i: int, target: int) -> bool:
    """Whether a subject starts at token ``i`` (a pronoun, a determiner, a name, the pronoun itself)."""
    i = _skip_quotes(p, i, len(p.words))
    if i >= len(p.words):
        return False
    word = p.words[i]
    if i == target or p.lower[i] in SUBJECT_STARTERS or word == "_":
        return True
    return word[:1].isupper() and i != p.sentence_of[i]  # a name


def _participle(word: str, lex: Lexicon) -> bool:
    return word.endswith("ing") and lex.verb_lemma(word) is not None


def _skip_quotes(p: Parse, i: int, stop: int) -> int:
    while i < stop and p.words[i] in QUOTES:
        i += 1
    return i


def _only_quotes(p: Parse, start: int, end: int) -> bool:
    return all(p.words[i] in QUOTES for i in range(start, end))


def _inside(char: int, protected: list[tuple[int, int]]) -> bool:
    return any(a <= char < b for a, b in protected)
