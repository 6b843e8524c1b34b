"""The clause that holds the pronoun, for the NLI hypothesis, found from boundary words.

(With a trained pipeline installed, the dependency parse decides instead: see ``dependencies``.)

GLUE WNLI's hand-written hypotheses follow these conventions, which the rules implement (the boundary
words are tables in ``clauses``):

- The hypothesis is the clause that holds the pronoun, made a sentence, with the candidate in the
  pronoun's place: it starts after the conjunction, relative word or comma that opens it (a fronted
  adverbial such as "Next time," is dropped) and ends before a comma + new clause, a bare
  "because/but/although" or the end of the sentence. Clauses after it that carry the time ("when ...",
  "until ...") stay; "until/after/before" clauses holding the pronoun stand alone ("It was empty.").
- A pronoun inside a fronted subordinate clause ("Since she always wears ..., Alice spotted her") keeps
  the whole sentence; so does one in a clause opened by a temporal conjunction after its main clause
  (when, whenever, once, as soon as: "Tom left the party early when Tom felt sick."), unless that main
  clause has no subject of its own (", but backed down when he ...": the when-clause alone).
- An infinitive complement goes with the verb that governs it: "The manager wanted nobody but Sam to
  open the shop.", not "Sam to open the shop." (an exceptive "but" after "nobody/anyone/all ..." opens
  no clause).
- A clause inside the subject closes before the main verb: "Anyone who knew that he was 19 could take
  his claim away from Bernard." (two finite verbs with no new subject between them).
- Trailing conjuncts and adjuncts of the same clause stay: "..., for the children's sake.", "gave Tom,
  without a word, the letter", "turned it off, and went out"; a comma + coordinator ends the clause only
  when a new clause follows (", and she left", ", and when she ...", ", and catching him, he ...", ", and
  even one thread ...": a focus adverb may stand before the new subject).
- A clause cut out of a question is a statement ("... because you thought they were onions?" → "You
  thought the tulip bulbs were onions."); an exclamation keeps its "!" as WNLI's do.
- Participial openings ("Knowing the way, ...", "And muttering ... to herself, ...") are cut; an opening
  participle that holds the pronoun becomes a finite sentence with the main clause's subject: "She
  muttered about the weather to Mary." (``participial_opening``, ``past_tense``).
- A clause the premise does not assert (reported, wished or supposed, a condition, quoted speech) or that
  is no sentence (no subject, no finite verb, a dropped complement) gives the whole sentence instead,
  which the premise always asserts: "Mary told Sue that Sue would win.", "If Jim asks, Tom will help
  Jim." (``assertion``). WNLI's writers sometimes took such clauses; issue #31 found them wrong.
- Possessive pronouns become possessive noun phrases ("his coat" → "Tom's coat"); a quantified noun
  phrase keeps its determiner and case ("any cousin of Anna's"); a comma attached to the pronoun's
  token is kept, never swallowed.
- A pronoun inside an "as if" / "as though" clause gives no hypothesis: the source only supposes it, and
  the item is skipped with that reason (:class:`FormError`).
- Commas inside a candidate ("Gold, Lee and Partners") are never boundaries.
"""
from __future__ import annotations

from ...errors import FormError
from .assertion import asserted_clause
from .clauses import (
    COORDINATORS,
    COORDINATORS_KEPT,
    CUT,
    CUT_AFTER_COMMA,
    CUT_BEFORE_SUBJECT,
    EXCEPTIVE_BEFORE,
    FOCUS_ADVERBS,
    FRONTING,
    OPENERS,
    OPENERS_BEFORE_SUBJECT,
    OBJECT_PRONOUNS,
    PARTICIPLE_LEADS,
    PERSONAL,
    SUBJECT_STARTERS,
    SUPPOSITION,
    TELL_VERBS,
    TEMPORAL,
    TEMPORAL_PHRASES,
)
from .dependencies import dependency_clause
from .lexicon import Lexicon, Parse
from .nouns import DETERMINERS
from .verbs import INVARIANT, IRREGULAR_PAST, PLURAL_OF, SINGULAR_OF

__all__ = ["clause_tokens", "participial_opening", "past_tense"]

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
            return asserted_clause(p, *found, first, lex)
    sentence = p.sentence_of[first]
    stop = p.sentence_end(first)
    start = _start(p, first, first, sentence, protected, lex)
    if _opened_by(p, start, SUPPOSITION):
        raise FormError("the pronoun is in an 'as if' clause, which the source only supposes; no hypothesis")
    opener = _temporal_opener(p, start)
    if opener is not None and opener > sentence and not _only_quotes(p, sentence, opener):
        main = _start(p, opener, first, sentence, protected, lex)  # "Tom left early when he felt sick"
        if main == sentence or _subject_at(p, main, first):  # not a subjectless "..., but backed down when he"
            start = main
    fronted = start > sentence and p.lower[start - 1] in FRONTING and _only_quotes(p, sentence, start - 1)
    if fronted:
        start -= 1
    elif start == sentence and _participle(p.lower[_opening(p, sentence, stop)], lex):
        fronted = True  # "Stretching her back, the woman smiled": keep the main clause
    end, main_clause = _end(p, after, stop, protected, fronted, lex)
    if fronted and not main_clause and p.lower[start] in FRONTING:
        start += 1  # a fragment ("Because Joel is good with kids."): the subordinator goes
    while start > sentence and _elliptical(p, start, end):
        start = _start(p, start - 1, first, sentence, protected, lex)  # "why he was," needs "I don't know"
    return asserted_clause(p, start, end, first, lex)


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
            if not (word == "while" and i > 0 and p.lower[i - 1] == "a") and not _exceptive(p, i):
                return i + 1
        elif word in OPENERS_BEFORE_SUBJECT:
            if word == "that" and not _conjunction_that(p, i, lex):
                continue
            if _closed(p, i + 1, first):
                continue  # "anyone who knew that he was 19 could take ... him": the that-clause ended
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
    if word in STOPS or (word in CUT and not _exceptive(p, j)):
        return True
    if word == ",":
        if _inside(p.starts[j], protected):
            return False
        nxt = _skip_quotes(p, j + 1, stop)
        if nxt >= stop:
            return True
        follower = p.lower[nxt]
        if follower in COORDINATORS_KEPT:  # ", for the children's sake" stays; ", and she left" is a new clause,
            after_it = p.lower[nxt + 1] if nxt + 1 < stop else ""  # as are ", and catching him, she ..."
            opens = after_it in OPENERS or after_it in OPENERS_BEFORE_SUBJECT  # and ", and when she was ill"
            return opens or _participle(after_it, lex) or _clause_after(p, nxt + 1, stop, lex)
        clause_follows = _clause_after(p, nxt, stop, lex) or _participle(follower, lex) or follower in FINITE
        return follower in CUT_AFTER_COMMA or clause_follows
    if word in CUT_BEFORE_SUBJECT and j + 1 < stop:
        follower = p.lower[j + 1]
        if follower in PERSONAL or (word == "so" and follower == "that"):
            return True
        return word != "and" and _subject_at(p, j + 1, -1)
    return False


def participial_opening(p: Parse, first: int, after: int, lex: Lexicon) -> tuple[int, int, int, int] | None:
    """For a pronoun inside an opening participle ("And muttering about the weather to herself, she left"),
    the tokens ``(participle, comma, subject_start, subject_end)`` that make it a finite sentence ("She
    muttered about the weather to herself."); ``None`` for any other pronoun."""
    sentence = p.sentence_of[first]
    stop = p.sentence_end(first)
    verb = _opening(p, sentence, stop)
    if verb >= first or not _participle(p.lower[verb], lex):
        return None
    comma = next((j for j in range(after, stop) if p.words[j] == ","), None)
    if comma is None or any(p.words[j] in (",", *STOPS) for j in range(verb, first)):
        return None
    subject = comma + 1
    if not _subject_at(p, subject, -1):
        return None
    for end in range(subject + 1, min(subject + 6, stop)):
        word = p.lower[end]
        if word in FINITE or word in IRREGULAR_PAST.values() or lex.verb_lemma(word) not in (None, word):
            return verb, comma, subject, end
        if not word[:1].isalnum():
            return None
    return None


def past_tense(participle: str, lex: Lexicon) -> str:
    """ "muttering" → "muttered", "knowing" → "knew", "stopping" → "stopped", "hoping" → "hoped"."""
    lemma = lex.verb_lemma(participle.lower()) or participle[:-3]
    if lemma in IRREGULAR_PAST:
        return IRREGULAR_PAST[lemma]
    stem = participle.lower()[:-3]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls" and stem[:-1] == lemma:
        return stem + "ed"  # "stopping" → "stopped"
    if lemma.endswith("e"):
        return lemma + "d"
    if lemma.endswith("y") and len(lemma) > 2 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ied"
    return lemma + "ed"


def _opening(p: Parse, sentence: int, stop: int) -> int:
    """The first word of a sentence after its quotes and a leading "And"/"But"."""
    i = _skip_quotes(p, sentence, stop)
    if i + 1 < stop and p.lower[i] in PARTICIPLE_LEADS:
        i += 1
    return i


def _temporal_opener(p: Parse, start: int) -> int | None:
    """The index of the temporal subordinator ("when", "as soon as") that opens the clause at ``start``."""
    if start > 0 and p.lower[start - 1] in TEMPORAL:
        return start - 1
    for phrase in TEMPORAL_PHRASES:
        if _opened_by(p, start, (phrase,)):
            return start - len(phrase)
    return None


def _opened_by(p: Parse, start: int, phrases: tuple[tuple[str, ...], ...]) -> bool:
    return any(start >= len(ph) and tuple(p.lower[start - len(ph) : start]) == ph for ph in phrases)


def _exceptive(p: Parse, i: int) -> bool:
    """ "nobody but him": an exceptive "but", inside a noun phrase."""
    return p.lower[i] == "but" and i > 0 and p.lower[i - 1] in EXCEPTIVE_BEFORE


def _closed(p: Parse, i: int, first: int) -> bool:
    """Whether the clause from token ``i`` closed before the pronoun at ``first``: it holds two finite verbs
    with no subject between them ("that he was 19 years old could take ..."), so the second one belongs to
    an outer clause."""
    finite = [j for j in range(i, first) if p.lower[j] in FINITE]
    if len(finite) < 2:
        return False
    a, b = finite[0], finite[1]
    return not any(p.lower[j] in SUBJECT_STARTERS or not p.words[j][:1].isalnum() for j in range(a + 1, b))


def _clause_after(p: Parse, i: int, stop: int, lex: Lexicon) -> bool:
    """Whether a clause (a subject and its verb) starts at token ``i``."""
    i = _skip_quotes(p, i, stop)
    if i >= stop:
        return False
    if p.lower[i] in PERSONAL:
        return True
    if not _subject_at(p, i, -1):
        return False
    for j in range(i + 1, min(i + 7, stop)):
        word = p.lower[j]
        if not word[:1].isalnum():
            return False
        if word in FINITE or (lex.verb_lemma(word) not in (None, word) and not word.endswith(("'s", "’s"))):
            return True
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
    if i + 1 < len(p.words) and p.lower[i] in FOCUS_ADVERBS and i != target:
        i += 1  # ", and even one thread ...": a focus adverb before the subject
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
