"""A real pronoun for WinoGrande's blank, so that its NLI premise is a sentence (as GLUE WNLI's are).

The pronoun must fit *both* options, or it would give the answer away: "Mary thanked Susan because
_ had helped" → "she"; "the trophy ... the suitcase ... _ was too big" → "it"; two plurals → "they".
Who an option names comes from ``people`` (given names, nouns for men and women, nouns for persons)
and its number from ``mentions.noun_number``. An option the tables cannot place (a name given to
both sexes, "the doctor"), options that take different pronouns, or a "_'s" that may be "is" or
"has" raise :class:`FormError`, and the item is skipped with that reason.
"""
from __future__ import annotations

from ...errors import FormError
from ...schema import Item
from ..base import sentence_initial
from .lexicon import Lexicon, Parse
from .mentions import capitalise, noun_number
from .nouns import DETERMINERS, POSTMODIFIERS
from .people import FEMALE_NAMES, FEMALE_NOUNS, FEMALE_TITLES, MALE_NAMES, MALE_NOUNS, MALE_TITLES, PERSON_NOUNS, THING_AGENTS
from .pronouns import PREPOSITIONS
from .verbs import CONTRACTIONS, INVARIANT, PERFECT_MARKERS, PLURAL_OF, PREVERBAL_ADVERBS, SINGULAR_OF

__all__ = ["blank_premise", "referent"]

#: the pronoun of each referent in each role the blank can have
PRONOUN_FORMS: dict[str, dict[str, str]] = {
    "he": {"subject": "he", "object": "him", "possessive": "his", "independent": "his"},
    "she": {"subject": "she", "object": "her", "possessive": "her", "independent": "hers"},
    "it": {"subject": "it", "object": "it", "possessive": "its", "independent": "its"},
    "they": {"subject": "they", "object": "them", "possessive": "their", "independent": "theirs"},
}
#: pronoun options name their referent themselves
PRONOUN_REFERENTS = {"he": "he", "him": "he", "she": "she", "her": "she", "it": "it", "they": "they", "them": "they"}
#: a determiner before the blank belongs to the noun phrase it stands for ("the _" → "it");
#: "that" and "this" are left out: before a blank they are mostly conjunctions ("said that _ was")
BLANK_DETERMINERS = frozenset("the a an these those his her its their my our your".split())
POSSESSIVE_S = ("'s", "’s")
#: after "_'s", words that show a contraction of "is" or "has", not a possessive
CONTRACTED_BEFORE = frozenset("not a an the very so too really always never just going gone got gotten".split())
#: words that open a clause: a blank right after one is its subject
CLAUSE_OPENERS = frozenset(
    "because since as so but and or yet while when whenever until unless although though if whereas after "
    "before once than that which who where why how then therefore thus hence however".split()
)
#: a blank after one of these is a predicate ("the car was _"), which no pronoun can stand for
COPULAS = frozenset("is was are were be been being am seem seems seemed look looks looked become becomes became".split())
AUXILIARIES = frozenset(SINGULAR_OF) | frozenset(PLURAL_OF) | INVARIANT | frozenset(CONTRACTIONS)
AGENT_ENDINGS = ("er", "or")
PERSON_ENDINGS = ("ist", "ian")


def referent(phrase: str, lex: Lexicon) -> str | None:
    """``"he"``, ``"she"``, ``"it"`` or ``"they"`` for a noun phrase, or ``None`` when the tables cannot tell."""
    words = [w.strip(",") for w in phrase.split()]
    if not words:
        return None
    low = [w.lower() for w in words]
    if " ".join(low) in PRONOUN_REFERENTS:
        return PRONOUN_REFERENTS[" ".join(low)]
    number = noun_number(phrase, lex)
    if number == "pl":
        return "they"
    if number is None:
        return None
    end = next((i for i in range(1, len(low)) if low[i] in POSTMODIFIERS), len(low))
    if end > 1 and low[0] in MALE_TITLES and words[1][:1].isupper():
        return "he"
    if end > 1 and low[0] in FEMALE_TITLES and words[1][:1].isupper():
        return "she"
    possessor = end > 1 and low[0].endswith(("'s", "’s"))  # "Kim's kite" names the kite
    if low[0] not in DETERMINERS and not possessor and words[0][:1].isupper():  # a name, or a capitalised noun
        if low[0] in MALE_NAMES:
            return "he"
        if low[0] in FEMALE_NAMES:
            return "she"
        if end > 1 or low[0] not in lex.nouns:
            return None
    head = low[end - 1]
    if head in MALE_NOUNS:
        return "he"
    if head in FEMALE_NOUNS:
        return "she"
    return None if person_noun(head, lex) else "it"


def person_noun(noun: str, lex: Lexicon) -> bool:
    """Whether a singular noun may name a person: listed, or an agent noun (teacher, pianist)."""
    if noun in PERSON_NOUNS or noun.endswith(("man", "person")):
        return True
    if noun in THING_AGENTS:
        return False
    if noun.endswith(AGENT_ENDINGS):  # teacher ← teach, driver ← drive, runner ← run, carrier ← carry
        stems = {noun[:-2], noun[:-1], noun[:-3], noun[:-3] + "y"}
        return any(stem in lex.verbs for stem in stems if len(stem) > 2)
    return len(noun) > 5 and noun.endswith(PERSON_ENDINGS)


def blank_premise(item: Item, p: Parse, lex: Lexicon) -> str:
    """The item's text with its blank (and a determiner before it) replaced by the fitting pronoun."""
    text, span = item.text, item.pronoun
    first = p.token_at(span.start)
    if first >= len(p.words) or p.starts[first] != span.start:
        raise FormError("the blank is not a word of the text")
    start, det = span.start, None
    if first > 0 and p.lower[first - 1] in BLANK_DETERMINERS:
        start, det = p.starts[first - 1], p.lower[first - 1]
    kinds = []
    for cand in item.candidates:
        kind = referent(cand.text if det is None else f"{det} {cand.text}", lex)
        if kind is None:
            raise FormError(f"no pronoun is known for the option {cand.text!r} (the tables do not say who it names)")
        kinds.append(kind)
    if len(set(kinds)) > 1:
        raise FormError(f"the options take different pronouns ({' / '.join(kinds)}), which would give the answer away")
    blank_role, end = _role(text, span.end, p, first, first - (det is not None), lex)
    forms = PRONOUN_FORMS[kinds[0]]
    if blank_role == "ambiguous":
        if forms["subject"] != forms["object"]:
            raise FormError(f"the words around the blank do not show whether it is a subject or an object ({forms['subject']} / {forms['object']})")
        blank_role = "subject"
    pronoun = forms[blank_role]
    if sentence_initial(text, start):
        pronoun = capitalise(pronoun)
    return text[:start] + pronoun + text[end:]


def _role(text: str, end: int, p: Parse, first: int, np_first: int, lex: Lexicon) -> tuple[str, int]:
    """The blank's role and where the words it replaces end ("_'s" takes its ending along).

    Only what the neighbours make plain is decided; a blank that may modify the next word ("_ coffee")
    or head a clause ("_ the contract had"), or a subject/object the words around cannot tell apart,
    raises :class:`FormError` (for "it" the two are one form, so only the pronoun's form matters).
    """
    if text.startswith(POSSESSIVE_S, end):
        return _possessive(p, p.token_at(end + 2), lex), end + 2
    n = len(p.words)
    prev = p.lower[np_first - 1] if np_first > 0 and p.words[np_first - 1][:1].isalnum() else ""
    at = first + 1
    while at < n and p.lower[at] in PREVERBAL_ADVERBS:
        at += 1
    following = p.lower[at] if at < n else ""
    if not following[:1].isalnum() and following not in AUXILIARIES:
        return "object", end  # "than _." "with _,"
    if prev in COPULAS:
        raise FormError("the blank is a predicate; a pronoun cannot stand for it")
    if prev in PREPOSITIONS:
        return "object", end
    verb = following in AUXILIARIES or lex.verb_lemma(following) is not None
    if following in DETERMINERS:
        if prev and lex.verb_lemma(prev) is not None:
            return "object", end  # "gave _ a book"
        raise FormError("a clause follows the blank directly; a pronoun cannot take it")
    if following in lex.nouns and not verb:
        raise FormError(f"the blank modifies the next word ({p.words[at]}); a pronoun cannot")
    opens = not prev or prev in CLAUSE_OPENERS or (prev in lex.adverbs and lex.verb_lemma(prev) is None)
    if following in AUXILIARIES or (opens and verb):
        return "subject", end
    if verb and prev and lex.verb_lemma(prev) is not None and following not in lex.nouns:
        return "subject", end  # "said _ wanted"
    if not verb and prev and lex.verb_lemma(prev) is not None:
        return "object", end  # "told _ that"
    return "ambiguous", end


def _possessive(p: Parse, at: int, lex: Lexicon) -> str:
    following = p.lower[at] if at < len(p.words) else ""
    if not following[:1].isalnum():
        return "independent"  # "than _'s."
    if following in CONTRACTED_BEFORE or following in PERFECT_MARKERS or following.endswith("ing"):
        raise FormError("'_'s' reads as '_ is' or '_ has' here, not as a possessive; no pronoun is chosen")
    if following in lex.nouns or following in lex.adjectives or following == "own":
        return "possessive"
    raise FormError("cannot tell whether '_'s' is a possessive or '_ is' / '_ has'")
