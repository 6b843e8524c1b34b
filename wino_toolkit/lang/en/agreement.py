"""What a pronoun does in its sentence, and the verb edits a new subject needs.

``role`` decides the ambiguous forms from their neighbours ("her trainer" is possessive, "told her
about" is an object; "it was" is a subject). ``verb_edits`` makes the verb after a replaced subject
agree with the candidate ("they were" → "the trophy was", "it fits" → "the suitcases fit") and spells
out contractions that cannot follow a noun ("they're" → "the trophy is").
"""
from __future__ import annotations

from ...errors import FormError
from .lexicon import Lexicon, Parse
from .nouns import DETERMINERS, ING_NOUNS
from .pronouns import NOT_POSSESSED, PREPOSITIONS, PRONOUNS
from .verbs import (
    BARE_INFINITIVE,
    CONTRACTIONS,
    DITRANSITIVE,
    INVARIANT,
    PERFECT_MARKERS,
    PLURAL_OF,
    PREVERBAL_ADVERBS,
    SAME_PAST,
    SINGULAR_OF,
)

__all__ = ["role", "verb_edits", "Edit"]

Edit = tuple[int, int, str]  # replace text[start:end] by the string
PAST_AUXILIARIES = frozenset(("was", "were", "had", "did"))


def role(p: Parse, first: int, after: int, lex: Lexicon) -> str:
    """The pronoun's role (see :data:`PRONOUNS`); a full noun phrase is ``subject`` before a verb."""
    key = " ".join(p.lower[first:after])
    case = PRONOUNS[key][0] if key in PRONOUNS else "subject|object"
    if case == "object|possessive":
        return "possessive" if _possessed(p, first, after, lex) else "object"
    if case == "subject|object":
        return "subject" if _verb_follows(p, first, _skip_adverbs(p, after, lex), lex) else "object"
    if case == "possessive" and not _word_at(p, after):
        return "independent"  # "more than his."
    return case


def verb_edits(p: Parse, after: int, number: str | None, was: str, lex: Lexicon) -> list[Edit]:
    """Edits to the words after a subject (ending before token ``after``) that now has ``number``.

    ``was`` is the number of the pronoun it replaced; contractions are spelled out whatever the numbers.
    """
    n = len(p.words)
    if after >= n:
        return []
    target = number or was
    word = p.lower[after]
    attached = p.starts[after] == p.ends[after - 1]
    if attached and word in CONTRACTIONS:
        return [(p.ends[after - 1], p.ends[after], " " + CONTRACTIONS[word][target == "sg"])]
    if attached and word in ("'s", "'d", "’s", "’d"):
        perfect = after + 1 < n and (p.lower[after + 1] in PERFECT_MARKERS or p.lower[after + 1].endswith("ed"))
        if word[-1] == "d":
            spelled = "had" if perfect else "would"
        else:
            spelled = ("has" if perfect else "is") if target == "sg" else ("have" if perfect else "are")
        return [(p.ends[after - 1], p.ends[after], " " + spelled)]
    if number is None or number == was:
        return []
    j = _skip_adverbs(p, after, lex)
    if j >= n:
        return []
    word = p.lower[j]
    new = _agree(p, j, word, number, lex)
    if new is None or new == word:
        return []
    if p.words[j][:1].isupper():
        new = new[:1].upper() + new[1:]
    return [(p.starts[j], p.ends[j], new)]


def _agree(p: Parse, j: int, word: str, number: str, lex: Lexicon) -> str | None:
    if number == "sg":
        if word in SINGULAR_OF:
            return SINGULAR_OF[word]
        if (word in INVARIANT and not _main_verb_use(p, j)) or not lex.is_base_verb(word):
            return None
        if word in SAME_PAST and _past_sentence(p, j, lex):
            return None
        return lex.singular_verb(word)
    if word in PLURAL_OF:
        return PLURAL_OF[word]
    return lex.plural_verb(word)


#: modals that are also main verbs: "they need fish" → "it needs fish", but "they need not go" stays
SEMI_MODALS = frozenset(("need", "dare"))


def _main_verb_use(p: Parse, j: int) -> bool:
    """ "need"/"dare" is a main verb unless "not" follows: modal "need" lives in negations ("they need not go")."""
    if p.lower[j] not in SEMI_MODALS:
        return False
    return (p.lower[j + 1] if j + 1 < len(p.words) else "") not in ("not", "n't")


def _past_sentence(p: Parse, j: int, lex: Lexicon) -> bool:
    """Whether the sentence around token ``j`` is told in the past ("they put" is then past too)."""
    for i in range(p.sentence_of[j], p.sentence_end(j)):
        word = p.lower[i]
        if word in PAST_AUXILIARIES or (word.endswith("ed") and lex.verb_lemma(word) not in (None, word)):
            return True
    return False


def _skip_adverbs(p: Parse, i: int, lex: Lexicon) -> int:
    n = len(p.words)
    while i < n and (p.lower[i] in PREVERBAL_ADVERBS or (p.lower[i].endswith("ly") and p.lower[i] in lex.adverbs)):
        i += 1
    return i


def _verb_follows(p: Parse, first: int, i: int, lex: Lexicon) -> bool:
    """Whether "it" at ``first`` is a subject: an auxiliary follows, or a verb follows and no verb or
    preposition precedes ("because it fits" but "gave it books", "turned it off")."""
    if i >= len(p.words):
        return False
    word = p.lower[i]
    if word in SINGULAR_OF or word in PLURAL_OF or word in INVARIANT or word in CONTRACTIONS:
        return True
    if word in ("'s", "'d", "’s", "’d"):
        return p.starts[i] == p.ends[i - 1]
    prev = p.lower[first - 1] if first > 0 else ""
    if prev in PREPOSITIONS or (prev.isalpha() and lex.verb_lemma(prev) is not None):
        return False
    return lex.verb_lemma(word) is not None


def _word_at(p: Parse, i: int) -> bool:
    """Whether a word follows at token ``i`` (an opening quote may come first: his "Dibs!")."""
    if i < len(p.words) and p.words[i] in ('"', "“") and p.starts[i] > p.ends[i - 1]:
        i += 1
    return i < len(p.words) and p.words[i][:1].isalnum()


def _possessed(p: Parse, first: int, after: int, lex: Lexicon) -> bool:
    """Whether "her" is a determiner: a noun or adjective follows ("saw her dog"), not an object's article
    ("gave her a dog"), a particle ("told her about") or a bare infinitive ("let her leave").

    Where the words allow both readings the item is refused (:class:`FormError`): after a verb of giving
    ("gave her flowers": flowers for her, or her flowers?) unless a recipient or a second object follows
    ("lent her coat to Mary", "gave her dog a bone"), and after a causative or a verb of perception before a
    noun that is also a verb ("made her cry", "saw her dance"), unless an object follows it ("helped her carry
    the box")."""
    if not _word_at(p, after):
        return False
    word = p.lower[after]
    if word == "own":
        return True
    if word in NOT_POSSESSED:
        return False
    if not _nominal(word, lex):
        return _modifier(p, after, lex)
    verb = p.lower[first - 1] if first > 0 else ""
    if verb in BARE_INFINITIVE and word.endswith("ing") and lex.verb_lemma(word) is not None:
        return _perceived(p, first, word)
    if verb in DITRANSITIVE:
        if _object_follows(p, after, lex):
            return True
        raise FormError(f"'{p.words[first]}' after '{p.words[first - 1]}' may be its object or a possessive; "
                        "the sentence does not tell which")
    if verb in BARE_INFINITIVE and lex.is_base_verb(word):
        follower = p.lower[after + 1] if after + 1 < len(p.words) else ""
        if word in lex.nouns and follower not in DETERMINERS:
            raise FormError(f"'{p.words[first]} {p.words[after]}' may be an object and a verb or a possessive "
                            "and a noun; the sentence does not tell which")
        return False
    return True


def _perceived(p: Parse, first: int, word: str) -> bool:
    """ "saw her crying": "her" is the object and the participle what she did; "saw her painting" may also be
    her picture, so a participle that is also a thing (``ING_NOUNS``) is refused."""
    if word in ING_NOUNS:
        raise FormError(f"'{p.words[first]} {word}' after '{p.words[first - 1]}' may be an object and a participle "
                        "or a possessive and a noun; the sentence does not tell which")
    return False


def _modifier(p: Parse, i: int, lex: Lexicon) -> bool:
    """Whether token ``i``, a word no table knows as a noun or adjective, modifies the noun after it ("her
    mittened hand", "her purring kitten"): it is no bare verb ("let her go home") and a noun follows."""
    word = p.lower[i]
    if not word.isalpha() or word in DETERMINERS or word in PRONOUNS or lex.is_base_verb(word) or i + 1 >= len(p.words):
        return False
    follower = p.lower[i + 1]
    return follower not in NOT_POSSESSED and (follower in lex.nouns or lex.plural_noun(follower, known=True))


def _object_follows(p: Parse, after: int, lex: Lexicon) -> bool:
    """Whether the noun phrase from token ``after`` is followed by a recipient ("to Mary") or a second
    object ("a bone"), which makes it the object and "her" its possessive."""
    n, j = len(p.words), after
    while j < n and j < after + 4 and _nominal(p.lower[j], lex):
        j += 1
    return j < n and (p.lower[j] == "to" or p.lower[j] in DETERMINERS)


def _nominal(word: str, lex: Lexicon) -> bool:
    """A noun or adjective of a noun phrase, not an article ("a" is also a noun in the tables)."""
    if word in DETERMINERS:
        return False
    return word in lex.nouns or word in lex.adjectives or lex.plural_noun(word, known=True)
