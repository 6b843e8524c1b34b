"""How a candidate reads where the pronoun was: its noun phrase, its number, its possessive.

A pronoun is a second mention, so the candidate that replaces it is made definite: "a pillar" →
"the pillar", bare "hair" → "the hair". In a hypothesis, which stands alone, demonstratives and
possessive determiners become "the" too ("that tree" → "the tree", "his son" → "the son"), except for
body parts ("his eyes"). A possessive candidate ("Susan's" in "Susan's door") names the possessor
("Susan"), or, when its noun is left out ("above Tina's and ..."), borrows the noun of the other
candidate ("Tina's drawing").

A mention is read with what the source puts before its span: its article, also before a name ("the
Springfield Museum", never "Springfield Museum was closed"), its possessor ("Dad's friend", not "the
friend"), and for a pronoun of the same number the partitive it is one of ("one of the tellers": "the
tellers" would name all of them).
"""
from __future__ import annotations

from ...schema import Candidate, Item
from ..base import own_mention
from .lexicon import Lexicon, Parse
from .nouns import (
    BODY_PARTS,
    DETERMINER_NUMBER,
    DETERMINERS,
    GROUP_ADJECTIVES,
    NO_ARTICLE,
    PLURAL_ONLY,
    POSTMODIFIERS,
    PARTITIVES,
    QUANTITY_PHRASES,
    SINGULAR_IN_S,
    SINGULAR_NAMES,
    ZERO_PLURALS,
)
from .people import FEMALE_NAMES, FEMALE_NOUNS, FEMALE_TITLES, MALE_NAMES, MALE_NOUNS, MALE_TITLES

__all__ = ["candidate_phrase", "noun_number", "possessive", "lower_determiner", "capitalise", "mid_sentence",
           "mention_before"]

APOSTROPHES = ("'s", "’s")
QUOTES = "\"“”"
POSSESSIVE_ENDS = ("'s", "’s", "s'", "s’")
#: words after a possessive candidate that show its noun was left out ("above Tina's and it ...")
ELLIPSIS_FOLLOWERS = frozenset("and or but , . ; : ! ? because so was were is are had has did".split())


def noun_number(phrase: str, lex: Lexicon, hint: str | None = None) -> str | None:
    """``"sg"``, ``"pl"`` or ``None`` when the phrase does not say ("the sheep").

    ``hint`` is the number of the pronoun the phrase replaces: it decides capitalised words in -s,
    which may be names ("Gates" for "he") or plurals ("Lions" for "they").
    """
    words = phrase.replace(",", " , ").split()
    if not words:
        return None
    low = [w.lower() for w in words]
    joined = " ".join(low)
    if joined in NO_ARTICLE:
        return NO_ARTICLE[joined]
    if len(low) > 2 and low[1] == "of" and low[0] in PARTITIVES:
        return PARTITIVES[low[0]]  # "one of the tellers" is one, "some of the students" several
    for quantity, number in QUANTITY_PHRASES.items():
        if joined.startswith(quantity + " "):
            return number or noun_number(phrase[len(quantity) + 1 :], lex, hint)
    end = next((i for i in range(1, len(low)) if low[i] in POSTMODIFIERS), len(low))
    name = " ".join(low[1 if low[0] == "the" else 0 : end])
    if name in SINGULAR_NAMES and words[end - 1][:1].isupper():
        return "sg"  # "the United States needs"
    if "and" in low[:end]:
        return "pl"
    if low[0] in DETERMINER_NUMBER and end > 1:
        return DETERMINER_NUMBER[low[0]]
    head, low_head = words[end - 1], low[end - 1]
    if low_head.endswith(("s'", "s’")):
        return "pl"
    if low_head.endswith(APOSTROPHES):
        return "sg"
    if low_head in ZERO_PLURALS or low_head.endswith("fish"):
        return None
    if low_head in PLURAL_ONLY or low_head.endswith("people"):
        return "pl"
    if end == 2 and low[0] == "the" and low_head in GROUP_ADJECTIVES:
        return "pl"  # "the rich"
    if low_head in SINGULAR_IN_S:
        return "sg"
    if head[:1].isupper():  # a name, but "Lions" and "Men" at a sentence start, and "the Beatles", are plural
        if low_head in lex.irregular_plurals:
            return "pl"
        if not low_head.endswith("s") or low_head.endswith(("ss", "us", "is")):
            return "sg"
        if hint is not None:
            return hint
        if end == 1:
            return "pl" if lex.plural_noun(low_head, known=True) else "sg"
        return "pl" if low[0] == "the" else "sg"
    return "pl" if lex.plural_noun(low_head) else "sg"


def possessive(phrase: str, number: str | None, apostrophe: str = "'") -> str:
    """ "Bob" → "Bob's", "the demonstrators" → "the demonstrators'"; an existing possessive stays."""
    if phrase.endswith(POSSESSIVE_ENDS):
        return phrase
    if number == "pl" and phrase.endswith("s"):
        return phrase + apostrophe
    return phrase + apostrophe + "s"


def lower_determiner(phrase: str) -> str:
    """ "The trophy" → "the trophy" for use mid-sentence; "The Beatles" (a name) keeps its capital."""
    first, _, rest = phrase.partition(" ")
    if rest and first[:1].isupper() and first.lower() in DETERMINERS and any(w[:1].islower() for w in rest.split()):
        return first.lower() + " " + rest
    return phrase


def mid_sentence(phrase: str, lex: Lexicon, *, initial: bool, hint: str | None = None) -> str:
    """The phrase as it reads mid-sentence. ``initial``: it starts a sentence in the source, so its first
    capital may only mark the sentence start: "The Home Owners Association" → "the Home Owners Association",
    "Sentient machines" → "sentient machines", "The CIA" → "the CIA". Names, acronyms and titles keep
    theirs ("Mr. Dombey", "Black Eyed Peas", "Channel 6 news team"); a capitalised plural stands for a
    singular pronoun ("Gates" for "he") only as a name. Elsewhere only a plain determiner is lowered.
    """
    if not initial:
        return lower_determiner(phrase)
    first, _, rest = phrase.partition(" ")
    low = first.lower()
    if not first[:1].isupper() or first[1:] != low[1:]:
        return phrase  # lower already, or an acronym / inner capital ("CIA", "McCain", "AT&T")
    if low in DETERMINERS or low in QUANTITY_PHRASES or phrase.lower().startswith(tuple(QUANTITY_PHRASES)):
        return low + (" " + rest if rest else "")
    if _proper(first, rest, lex):
        return phrase
    if not rest and not (lex.plural_noun(low, known=True) and hint != "sg"):
        return phrase  # a lone capitalised word is a name unless it is a plural for a plural pronoun
    return low + (" " + rest if rest else "")


def _proper(first: str, rest: str, lex: Lexicon) -> bool:
    """Whether a capitalised first word belongs to a name: a title, a given name, a word no table knows,
    or one with capitalised words or a number after it ("Dance Instructor Kate", "Sam and Amy", "Channel 6")."""
    low = first.lower()
    if first.endswith(".") or low in MALE_TITLES or low in FEMALE_TITLES or low in MALE_NAMES or low in FEMALE_NAMES:
        return True
    if any(w[:1].isupper() or w[:1].isdigit() for w in rest.split()):
        return True
    return not (low in lex.nouns or low in lex.adjectives or lex.plural_noun(low, known=True) or lex.verb_lemma(low))


def capitalise(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:]


def candidate_phrase(item: Item, k: int, p: Parse, lex: Lexicon, *, standalone: bool, hint: str | None = None) -> str:
    """Candidate ``k`` as a definite noun phrase for mid-sentence use.

    ``standalone`` is for the NLI hypothesis, which is read without the premise; ``hint`` is the
    pronoun's number (see :func:`noun_number`).
    """
    cand = item.candidates[k]
    if not own_mention(item, k):
        cand = Candidate(cand.text, None)
    phrase = cand.span.text if cand.span is not None and cand.span.text else cand.text
    phrase = " ".join(phrase.split())
    quoted = None if cand.span is None else _quoted(item.text, cand.span.start, cand.span.end)
    if quoted is not None:
        return quoted  # a quoted name, verbatim
    if cand.span is None:
        phrase = _answer_capital_lowered(phrase, lex)
    else:
        if hint != "sg":
            phrase = _common_plural_lowered(phrase, p, cand.span.start, lex)
        phrase = _resolve_possessive(item, k, phrase, p, lex)
        phrase = mention_before(p, cand.span.start, phrase, lex, hint)[0]
    first, _, rest = phrase.partition(" ")
    kind = DETERMINERS.get(first.lower()) if rest else None
    if phrase.lower().startswith(tuple(QUANTITY_PHRASES)):
        kind = "quantifier"  # "a lot of users" stays as it is
    if kind == "indefinite" or (standalone and kind == "demonstrative"):
        phrase = "the " + rest
    elif standalone and kind == "possessive" and _alienable(rest, lex):
        phrase = "the " + rest
    elif kind is None and phrase[:1].islower() and _takes_article(phrase):
        phrase = "the " + phrase
    initial = cand.span is not None and phrase.startswith(cand.span.text) and _at_sentence_start(p, cand.span.start)
    return mid_sentence(phrase, lex, initial=initial, hint=hint)


def _at_sentence_start(p: Parse, start: int) -> bool:
    i = p.token_at(start)
    return i < len(p.words) and p.sentence_of[i] == i


def _common_plural_lowered(phrase: str, p: Parse, start: int, lex: Lexicon) -> str:
    """ "Lions" capitalised only because it starts the sentence reads "lions" elsewhere."""
    first, _, rest = phrase.partition(" ")
    i = p.token_at(start)
    at_start = i == p.sentence_of[i]
    if at_start and first[:1].isupper() and first[1:].islower() and lex.plural_noun(first.lower(), known=True):
        return first.lower() + (" " + rest if rest else "")
    return phrase


def _answer_capital_lowered(phrase: str, lex: Lexicon) -> str:
    """A candidate not found in the text keeps the source's spelling, often capitalised as an answer
    ("Copies of the newsletter", "Prehistoric humans"): a capitalised adjective or plural is lowered,
    anything that may be a name ("Mary", "Rose") is not."""
    first, _, rest = phrase.partition(" ")
    low = first.lower()
    common = (low in lex.adjectives and low not in lex.nouns) or lex.plural_noun(low, known=True)
    if first[:1].isupper() and first[1:] == low[1:] and rest and common:
        return low + " " + rest
    return phrase


def _quoted(text: str, start: int, end: int) -> str | None:
    """The mention with its quotes ('"Tiger"', or '" Tiger "' in pre-tokenised text), if it is quoted."""
    a, b = start - 1, end
    if a > 0 and text[a] == " ":
        a -= 1
    if b < len(text) - 1 and text[b] == " ":
        b += 1
    if 0 <= a and b < len(text) and text[a] in QUOTES and text[b] in QUOTES:
        return text[a : b + 1]
    return None


def _alienable(rest: str, lex: Lexicon) -> bool:
    """ "his son" can become "the son"; "his eyes" and "her having ..." (a clause) cannot."""
    words = rest.lower().split()
    return words[-1] not in BODY_PARTS and not (words[0].endswith("ing") and words[0] not in lex.nouns)


def _takes_article(phrase: str) -> bool:
    """A bare common noun phrase ("hair", "lemon trees", "horse's foot"), not a pronoun, quantity or name."""
    words = phrase.split()
    named = words[-1][:1].isupper() or words[-1][:1].isdigit()  # "student B", "room 5"
    return phrase.lower() not in NO_ARTICLE and not phrase[:1].isdigit() and not named


def mention_before(p: Parse, start: int, phrase: str, lex: Lexicon, hint: str | None = None) -> tuple[str, int | None]:
    """``phrase`` (a mention starting at character ``start``) with the words before it that belong to it: a
    determiner or possessor ("the" of "the lemon trees", "Dad's" of "Dad's friend") and, for a pronoun of
    number ``hint``, the partitive ("one of" the tellers); and the character where the result starts in the
    text (``None`` when nothing was added)."""
    i = p.token_at(start)
    if i == 0 or p.ends[i - 1] == start:
        return phrase, None
    det = _determiner_before(p, i, phrase, lex)
    possessor = None if det is not None else _possessor_start(p, i, lex)
    if det is not None:
        phrase, first = det + " " + phrase, i - 1
    elif possessor is not None:
        phrase, first = " ".join(p.text[p.starts[possessor] : start].split() + [phrase]), possessor
    else:
        first = i
    quantifier = _partitive_before(p, first, hint)
    if quantifier is not None:
        phrase, first = quantifier + " of " + phrase, first - 2
    return phrase, (None if first == i else p.starts[first])


def _determiner_before(p: Parse, i: int, phrase: str, lex: Lexicon) -> str | None:
    """The determiner at token ``i - 1``, before a mention that the source left out of the span; "the" also
    before a capitalised name ("the Red Cross")."""
    first = phrase.split(" ", 1)[0].lower()
    det = p.lower[i - 1]
    kind = DETERMINERS.get(det)
    if first in DETERMINERS or kind is None or kind == "quantifier":
        return None
    if not phrase[:1].islower():
        return det if det == "the" and not phrase.endswith(APOSTROPHES) else None
    if kind == "demonstrative" and DETERMINER_NUMBER.get(det) != noun_number(phrase, lex):
        return None  # "that" before a plural is a conjunction: "knew that lemons ..."
    return det


def _possessor_start(p: Parse, i: int, lex: Lexicon) -> int | None:
    """The first token of a possessor ending in "'s" just before token ``i`` ("Dad's", "Uncle Joe's", "the
    old man's"), or ``None``: a name with the titles and names before it, or a common noun with its
    adjectives and the determiner they need."""
    head = i - 2
    if i < 2 or p.lower[i - 1] not in APOSTROPHES or p.starts[i - 1] != p.ends[head] or not p.words[head][:1].isalpha():
        return None
    sentence = p.sentence_of[head]
    if p.words[head][:1].isupper():
        first = head
        while first > sentence and first > head - 3 and _name_word(p, first - 1, lex):
            first -= 1
        return first
    first = head
    while first > sentence and first > head - 3 and _modifier_word(p.lower[first - 1], lex):
        first -= 1
    if first > sentence and DETERMINERS.get(p.lower[first - 1]) not in (None, "quantifier"):
        return first - 1
    return head


def _name_word(p: Parse, j: int, lex: Lexicon) -> bool:
    """A title or name before a name ("Uncle Joe", "Mr. Hill"); at the sentence start only a known one."""
    word, low = p.words[j], p.lower[j]
    if not word[:1].isupper():
        return False
    if j != p.sentence_of[j]:
        return True
    known = (MALE_NAMES, FEMALE_NAMES, MALE_TITLES, FEMALE_TITLES, MALE_NOUNS, FEMALE_NOUNS)
    return any(low in table for table in known) or low.rstrip(".") in MALE_TITLES | FEMALE_TITLES


def _modifier_word(word: str, lex: Lexicon) -> bool:
    """An adjective or noun before a common noun ("old" of "the old man's"), never a verb form ("saw")."""
    return word in lex.adjectives or (word in lex.nouns and lex.verb_lemma(word) is None)


def _partitive_before(p: Parse, first: int, hint: str | None) -> str | None:
    """ "one" of "one of the tellers" when the pronoun's number ``hint`` is the quantifier's."""
    if first < 2 or p.lower[first - 1] != "of":
        return None
    quantifier = p.lower[first - 2]
    return quantifier if hint is not None and PARTITIVES.get(quantifier) == hint else None


def _resolve_possessive(item: Item, k: int, phrase: str, p: Parse, lex: Lexicon) -> str:
    """ "Susan's" (of "Susan's door") → "Susan"; "Tina's" (noun left out) → "Tina's drawing"."""
    if not phrase.endswith(APOSTROPHES):
        return phrase
    j = p.token_at(item.candidates[k].span.end)
    follower = p.lower[j] if j < len(p.words) else "."
    if follower not in ELLIPSIS_FOLLOWERS:
        return phrase[:-2]
    for i, other in enumerate(item.candidates):
        _, mark, noun = other.text.partition("'s ")
        if i != k and mark and noun:
            return phrase + " " + noun
    return phrase

