"""Whether the clause cut out for the NLI hypothesis is a sentence the premise asserts.

A hypothesis must be a complete declarative sentence that the premise asserts or denies about the
candidate. The clause found by ``bounds`` fails that when

- the premise does not assert it: it is reported, wished or supposed ("Mary told Sue that she would
  win", "Tom hoped that he ..."), a condition or an open question ("if he asked", "unless she needs it",
  "whether he saw", "as long as he pays"), the main clause of a fronted condition ("If Jim asks, Tom
  will help him"), quoted speech, or a "before" clause that did not happen ("before he could escape");
  a purpose ("so that she could sleep") is kept, as WNLI's writers and readers take it;
- it is no sentence: it has no subject ("fired him a week later", "Blaming him ..."), starts with a
  preposition ("Despite Anna's cold", "Even with him limping"), has no finite verb, is a relative clause
  ("something he regretted", "the farm where he grew up") or drops a complement its verb needs ("as he
  pleased", "everything he asked for").

Then the hypothesis is the whole sentence with the candidate in the pronoun's place, which the premise
always asserts (the whole text when the sentence itself is a fragment or quoted speech): see
:func:`asserted_clause`.
"""
from __future__ import annotations

from .clauses import (
    BE_FORMS,
    CONDITION_PHRASES,
    COORDINATORS,
    CUT,
    FOCUS_ADVERBS,
    GAP_OPENERS,
    NEEDS_COMPLEMENT,
    NON_SUBJECTS,
    NON_VERIDICAL,
    OPENERS,
    PARTICIPLE_LEADS,
    PERSONAL,
    RELATIVE_HEADS,
    REPORT_ADJECTIVES,
    REPORT_VERBS,
    STRANDED,
    SUBJECT_STARTERS,
    UNREALISED,
)
from .lexicon import Lexicon, Parse
from .verbs import INVARIANT, IRREGULAR_PAST, PLURAL_OF, SINGULAR_OF

__all__ = ["asserted_clause"]

QUOTES = frozenset("\"'“”‘’")
PAIRS = {"“": "”", "”": "“"}
#: finite verb forms the tables know
FINITE = frozenset((*SINGULAR_OF, *PLURAL_OF, *INVARIANT, *IRREGULAR_PAST.values()))
#: how far back a framing verb may stand before the clause ("promised the clerk that he ...")
FRAME_REACH = 6
#: words that end the search for a framing verb: the clause before them is another one
FRAME_STOPS = frozenset((",", ";", ":", "--", "—", *OPENERS, *CUT, *COORDINATORS)) - NON_VERIDICAL


def asserted_clause(p: Parse, start: int, end: int, first: int, lex: Lexicon) -> tuple[int, int]:
    """Token range ``[start, end)`` of the clause holding the pronoun at ``first`` when it is an asserted
    sentence, else the pronoun's whole sentence (the whole text when that sentence is a fragment or the
    pronoun is quoted)."""
    quoted = _quoted(p, first)
    if not quoted and _asserted(p, start, end, first, lex) and _complete(p, start, end, first, lex):
        return _without_stray_quotes(p, start, end)
    sentence, stop = p.sentence_of[first], p.sentence_end(first)
    if not quoted and _subject_start(p, _skip_leads(p, sentence, stop), first, lex):
        return _without_stray_quotes(p, sentence, stop)
    return 0, len(p.words)


def _without_stray_quotes(p: Parse, start: int, stop: int) -> tuple[int, int]:
    """The range less a double quote at either end whose partner lies outside it (the tokenizer may give an
    opening quote to the sentence before)."""
    if stop - start > 1 and _unpaired(p.words[start:stop], p.words[stop - 1]):
        stop -= 1
    if stop - start > 1 and _unpaired(p.words[start:stop], p.words[start]):
        start += 1
    return start, stop


def _unpaired(words: tuple[str, ...], quote: str) -> bool:
    if quote == '"':
        return words.count('"') % 2 == 1
    if quote in PAIRS:
        return words.count(quote) > words.count(PAIRS[quote])
    return False


def _asserted(p: Parse, start: int, end: int, first: int, lex: Lexicon) -> bool:
    sentence = p.sentence_of[first]
    opening = _skip_leads(p, sentence, end)
    if start > sentence and p.lower[opening] in NON_VERIDICAL:
        return False  # "If Jim asks, Tom will help him": the main clause of a condition
    if start > 0 and p.lower[start - 1] == "before" and any(p.lower[j] in UNREALISED for j in range(start, end)):
        return False
    opener = start - 1 if start > 0 and p.lower[start - 1] == "that" else start
    if any(opener >= len(ph) and p.lower[opener - len(ph) : opener] == ph for ph in CONDITION_PHRASES):
        return False
    return not _framed(p, start, sentence, lex)


def _framed(p: Parse, start: int, sentence: int, lex: Lexicon) -> bool:
    """Whether a condition, a question word or a verb of saying, thinking or wishing frames the clause."""
    for j in range(start - 1, max(sentence, start - FRAME_REACH) - 1, -1):
        word = p.lower[j]
        if word in NON_VERIDICAL:
            return True
        if word in FRAME_STOPS:
            return False
        if word in REPORT_ADJECTIVES or lex.verb_lemma(word) in REPORT_VERBS:
            return True
    return False


def _quoted(p: Parse, first: int) -> bool:
    """Whether the pronoun stands inside double quotes: quoted speech, which the premise only reports, and
    whose sentence may lack its frame ('Tom smiled. "Jim says he is tired."'), so the whole text is taken."""
    before = p.words[:first]
    return before.count('"') % 2 == 1 or before.count("“") > before.count("”")


def _complete(p: Parse, start: int, end: int, first: int, lex: Lexicon) -> bool:
    """Whether tokens ``[start, end)`` make a sentence: a subject, a finite verb, no gap."""
    if start > 0 and p.lower[start - 1] in GAP_OPENERS:
        return False
    i = _skip_leads(p, start, end)
    if p.lower[i] not in NON_SUBJECTS and not _subject_start(p, i, first, lex):
        return False  # a fronted phrase ("on the floor there were ...") leaves the finite verb to decide
    if p.lower[i] in RELATIVE_HEADS and i + 1 < end and _names_a_subject(p, i + 1):
        return False  # "something the chef regretted"
    if not any(_finite(p.lower[j], lex) for j in range(i + 1, end)):
        return False
    if any(p.words[j] == "," and j + 1 < end and _bare_verb(p.lower[j + 1], lex) for j in range(i, end)):
        return False  # "he was lonely, took him under his wing": a verb without its subject
    return not _dropped_complement(p, i, end, lex)


def _skip_leads(p: Parse, i: int, end: int) -> int:
    """The first word after quotes, a leading "and/but" and focus adverbs ("Even with him ...")."""
    while i < end - 1 and (p.words[i] in QUOTES or p.lower[i] in PARTICIPLE_LEADS or p.lower[i] in FOCUS_ADVERBS):
        i += 1
    return i


def _subject_start(p: Parse, i: int, first: int, lex: Lexicon) -> bool:
    """Whether a subject can start at token ``i``: the pronoun, a determiner or pronoun, a name or a noun,
    never a preposition, a participle or a verb."""
    word, low = p.words[i], p.lower[i]
    if i == first or low in SUBJECT_STARTERS or low in PERSONAL or word == "_":
        return True
    if low in NON_SUBJECTS or not word[:1].isalnum():
        return False
    if word[:1].isupper():  # a name ("Harry", "Mark"), unless an inflected verb starts the sentence ("Took ...")
        return i != p.sentence_of[i] or lex.verb_lemma(low) in (None, low)
    return not _bare_verb(low, lex) and not (low.endswith("ing") and lex.verb_lemma(low) is not None)


def _names_a_subject(p: Parse, i: int) -> bool:
    return p.lower[i] in SUBJECT_STARTERS or p.lower[i] in PERSONAL or p.words[i][:1].isupper()


def _finite(word: str, lex: Lexicon) -> bool:
    """A finite verb: an auxiliary, a modal, a past or present form (not a participle in -ing)."""
    if word in FINITE or word in ("'s", "'re", "'d", "’s", "’re", "’d"):
        return True
    lemma = lex.verb_lemma(word)
    return lemma is not None and not word.endswith("ing") and (lemma != word or word in lex.verbs)


def _bare_verb(word: str, lex: Lexicon) -> bool:
    """A verb form that is no noun ("fired", "took", "benched"): it cannot start a subject."""
    if word in SUBJECT_STARTERS or word in lex.nouns or lex.plural_noun(word, known=True):
        return False
    return word in FINITE or lex.verb_lemma(word) is not None


def _dropped_complement(p: Parse, i: int, end: int, lex: Lexicon) -> bool:
    """Whether the clause ends where a complement should follow: a stranded preposition ("asked for") or a
    verb that needs an object ("as he pleased"), unless a form of "be" makes it a passive ("was pleased")."""
    last = end - 1
    while last > i and not p.words[last][:1].isalnum():
        last -= 1
    word = p.lower[last]
    if word in STRANDED:
        return True
    return lex.verb_lemma(word) in NEEDS_COMPLEMENT and p.lower[last - 1] not in BE_FORMS
