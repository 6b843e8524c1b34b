"""A candidate as a French noun phrase: its determiner made definite, a place preposition kept, and the
noun phrase after "de" and "à" (contracted: "du barman", "aux enfants").

Three determiners an anaphor must keep: one of a group stays one of it ("un des guichetiers" → "l'un des
guichetiers", never "les guichetiers", which names them all); a name of an institution keeps the article its
mention has ("au Louvre" → "le Louvre", never "Louvre était fermé"); a numeral takes the article ("deux
randonneurs" → "les deux randonneurs")."""
from __future__ import annotations

from typing import NamedTuple

from ...errors import FormError
from ...schema import Item
from ..base import Token
from .nouns import (
    CONTRACTIONS,
    DETERMINERS,
    FEMININE_BEFORE_NOUN,
    GROUP_LINKS,
    INDEFINITE,
    NAME_ARTICLES,
    NUMERALS,
    ONE_OF,
    UNCONTRACTED,
    VOWEL_POSSESSIVES,
)
from .words import elides_article, starts_with_vowel, tokenize

__all__ = ["Phrase", "PhraseRules", "definite", "with_a", "with_de"]

#: prepositions a place candidate may come with ("dans le lac")
PLACE_PREPOSITIONS = frozenset("dans sur sous en chez vers derrière devant".split())
#: what an answer may open with when it names a possessor ("celle de la femme", "du barman")
POSSESSOR_HEADS = frozenset("celle celui ceux celles".split())


class Phrase(NamedTuple):
    """A candidate as a French noun phrase: "la coupe", with what agreement needs to know."""

    text: str  # determiner in lower case
    gender: str | None  # "m", "f", None when unknown (names, "l'", "les")
    number: str  # "s" or "p"
    preposition: str | None  # the place preposition the candidate came with ("dans le lac")


def definite(text: str, det: str) -> str:
    """An indefinite noun phrase made definite, as a pronoun refers back to it: "un arbre" → "l'arbre"."""
    rest = text[len(det) :].lstrip()
    head = rest.split(" ", 1)[0].lower()
    if head in ("de", "des", "du") or head.startswith("d'"):
        raise FormError(f"the candidate '{text}' names one of a group; no definite noun phrase stands for it")
    article = INDEFINITE[det]
    return "l'" + rest if article != "les" and elides_article(head) else f"{article} {rest}"


def with_de(np: Phrase) -> str:
    """de + noun phrase, contracted and elided: "du barman", "des cerfs", "d'Anne", "de la femme"."""
    first, _, rest = np.text.partition(" ")
    if rest and ("de", first) in CONTRACTIONS:
        return f"{CONTRACTIONS['de', first]} {rest}"
    if first == "des":
        return np.text
    return ("d'" if starts_with_vowel(np.text) else "de ") + np.text


def with_a(np: Phrase) -> str:
    """à + noun phrase, contracted: "au barman", "aux lycéens", "à l'homme"."""
    first, _, rest = np.text.partition(" ")
    if rest and ("à", first) in CONTRACTIONS:
        return f"{CONTRACTIONS['à', first]} {rest}"
    return "à " + np.text


def tokens_before(text: str, at: int) -> list[Token]:
    """The tokens of ``text`` that end by ``at``, tokenised whole so that an elision before ``at`` stays one ("l'")."""
    return [t for t in tokenize(text) if t.end <= at]


def _one_of(words: list[str]) -> tuple[str, str] | None:
    """"un des guichetiers" (or "l'un des", "une de ses amies") as "l'un des guichetiers" and its gender; else None."""
    low = [w.lower().replace("’", "'") for w in words]
    if len(low) > 2 and low[0] in ONE_OF and (low[1] in GROUP_LINKS or low[1].startswith("d'")):
        gender, head = ONE_OF[low[0]]
        return " ".join([head, *words[1:]]), gender
    return None


class PhraseRules:
    """Candidate ``k`` of an item as the noun phrase that replaces the pronoun."""

    # -- the candidate ------------------------------------------------------------------------
    def phrase(self, item: Item, k: int) -> Phrase:
        """Candidate ``k`` as a noun phrase: "du barman" → "le barman", "dans le lac" keeps "dans", and an
        indefinite first mention made definite ("un chat" → "le chat", "des enfants" → "les enfants").

        A bare noun ("monument", as XWINO lists candidates) takes the determiner before its
        mention in the text ("ce monument"); a bare noun without one is an error.
        """
        cand = item.candidates[k]
        words = cand.text.split()
        if not words:
            raise FormError(f"candidate {k} is empty")
        low = [w.lower().replace("’", "'") for w in words]
        if low[0] in POSSESSOR_HEADS and len(words) > 2 and (low[1] in ("de", "du", "des") or low[1].startswith("d'")):
            words, low = words[1:], low[1:]
        preposition = None
        if low[0] in PLACE_PREPOSITIONS and len(words) > 1:
            preposition, words, low = low[0], words[1:], low[1:]
        if low[0] in UNCONTRACTED and len(words) > 1:
            words, low = [UNCONTRACTED[low[0]], *words[1:]], [UNCONTRACTED[low[0]], *low[1:]]
        elif low[0] in ("de", "à") and len(words) > 1:
            words, low = words[1:], low[1:]
        elif low[0].startswith("d'") and len(low[0]) > 2:
            words, low = [words[0][2:], *words[1:]], [low[0][2:], *low[1:]]
        group = self.one_of(item, k, words)
        if group is not None:
            return Phrase(group[0], group[1], "s", preposition)
        text = " ".join(words)
        det = low[0] if low[0] in DETERMINERS else ("l'" if low[0].startswith("l'") else None)
        if det is not None:
            text = text[: len(det)].lower() + text[len(det) :]
        else:
            det = self.determiner_before(item, k) if text[0].islower() else self.name_article(item, k)
            if det is not None:
                text = det + ("" if det.endswith("'") else " ") + text
        gender, number = DETERMINERS.get(det, (None, "s")) if det else (None, "s")
        if det in VOWEL_POSSESSIVES and len(low) > 1 and elides_article(low[1]):  # "son amie": the form says nothing
            gender = "f" if low[1] in FEMININE_BEFORE_NOUN else None
        if det in INDEFINITE:
            text = definite(text, det)
        elif det in NUMERALS:
            text, number = "les " + text, "p"
        if " et " in f" {text} ":
            number = "p"
        return Phrase(text, gender, number, preposition)

    def one_of(self, item: Item, k: int, words: list[str]) -> tuple[str, str] | None:
        """Candidate ``k`` as one of a group ("l'un des guichetiers") and its gender, when its words or its mention
        say so ("un des guichetiers"; "guichetiers" mentioned after "un des"; "cousins" after "une de ses"); else None."""
        found = _one_of(words)
        cand = item.candidates[k]
        if found is not None or cand.span is None:
            return found
        found = _one_of(cand.span.text.split())
        if found is not None:
            return found
        before = tokens_before(item.text, cand.span.start)[-3:]
        lows = [t.low for t in before]
        first = cand.span.text.split(" ", 1)[0].lower().replace("’", "'")
        if lows and lows[-1] in ONE_OF and (first in GROUP_LINKS or first.startswith("d'")):  # "un" + "des guichetiers"
            gender, head = ONE_OF[lows[-1]]
            return f"{head} {cand.span.text}", gender
        for n in (2, 3):  # "un des" + "guichetiers", "une de ses" + "amies"
            link = lows[-n + 1] if len(lows) >= n else ""
            if link in GROUP_LINKS and lows[-n] in ONE_OF and (n == 2 or lows[-1] in DETERMINERS):
                gender, head = ONE_OF[lows[-n]]
                return f"{head} {item.text[before[-n + 1].start : cand.span.end]}", gender
        return None

    def name_article(self, item: Item, k: int) -> str | None:
        """The article before a capitalised candidate's mention ("au Louvre" → "le", "la Banque de France" → "la"):
        a name of an institution keeps it; a person's name has none (None)."""
        cand = item.candidates[k]
        if cand.span is None:
            return None
        before = tokens_before(item.text, cand.span.start)
        if not before or item.text[before[-1].end : cand.span.start].strip():
            return None
        return NAME_ARTICLES.get(before[-1].low)

    def determiner_before(self, item: Item, k: int) -> str:
        """The determiner before candidate ``k``'s mention, uncontracted ("au témoin" → "le")."""
        cand = item.candidates[k]
        if cand.span is not None:
            before = tokens_before(item.text, cand.span.start)
            if before:
                word = before[-1].low
                word = UNCONTRACTED.get(word, word)
                if word in DETERMINERS or word == "l'":
                    return word
        raise FormError(f"candidate {cand.text!r} has no determiner, and none stands before its mention")
