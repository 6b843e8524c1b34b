"""A candidate as a Portuguese noun phrase: the article it takes again (definite, a name's from the text), and the
noun phrase after a preposition (contracted: "do pai", "na escrita")."""
from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import FormError
from ...schema import Item, Span
from ..base import sentence_initial
from .lexicon import CLOSED_CLASSES
from .nouns import (
    CONTRACTIONS,
    DEFINITE_OF,
    DETERMINERS,
    PARTITIVE_LINKS,
    PARTITIVES,
    POSSESSIVES,
    UNCONTRACTED,
)
from .pronouns import PRONOUNS
from .words import QUOTES, tokenize

__all__ = ["Phrase", "PhraseRules", "bare", "contract", "unpossessed"]

#: the articles a multi-word name takes from its mention ("o Banco Central" → "porque o Banco Central ...")
ARTICLES = frozenset("o a os as".split())


class Phrase(NamedTuple):
    """A candidate as a Portuguese noun phrase: "a medalha", "Paul", with what agreement needs."""

    text: str  # determiner in lower case
    gender: str | None
    number: str | None  # "s", "p" or None when nothing shows it
    determiner: str | None  # the opening determiner, lower case
    article: str | None = None  # the article the text uses with a name ("da Emma"), for contractions


def contract(preposition: str, np: Phrase) -> str:
    """Preposition + noun phrase: "de" + "o pai" = "do pai", "em" + "a escrita" = "na escrita".

    A name takes the article the text uses with it: "de" + "Emma" = "da Emma" after "a mãe da Emma".
    """
    text = f"{np.article} {np.text}" if np.article else np.text
    first, _, rest = text.partition(" ")
    if rest and (preposition, first) in CONTRACTIONS and first not in DEFINITE_OF:  # "de um dos alunos", not "dum"
        return f"{CONTRACTIONS[preposition, first]} {rest}"
    return f"{preposition} {text}"


def unpossessed(np: Phrase) -> Phrase:
    """The noun phrase as a subject: a third-person possessive becomes the article ("sua irmã" → "a irmã", "uma de
    suas amigas" → "uma das amigas"), since its possessor is no longer in the subject's clause to anchor it."""
    words = np.text.split()
    if words[0] in POSSESSIVES:
        words[0] = POSSESSIVES[words[0]]
    else:
        at = next((n for n in range(len(words) - 1) if words[n] == "de" and words[n + 1] in POSSESSIVES), None)
        if at is None:
            return np
        words[at : at + 2] = [CONTRACTIONS["de", POSSESSIVES[words[at + 1]]]]
    return np._replace(text=" ".join(words), determiner=words[0] if words[0] in DETERMINERS else np.determiner)


def bare(np: Phrase) -> str:
    """The noun phrase without its article (after a quantifier: "mais biscoitos")."""
    if np.determiner in ("o", "a", "os", "as", "the"):
        return np.text.partition(" ")[2]
    return np.text


class PhraseRules:
    """Candidate ``k`` of an item as the noun phrase that fills the slot."""

    # -- the candidate ------------------------------------------------------------------------
    def phrase(self, item: Item, k: int) -> Phrase:
        """Candidate ``k`` as a noun phrase; a bare noun takes the article before its mention."""
        cand = item.candidates[k]
        words = cand.text.split()
        if not words:
            raise FormError(f"candidate {k} is empty")
        if len(words) > 1 and words[0].lower() in UNCONTRACTED:  # "numa caixa": the mention cut with its preposition
            words = [UNCONTRACTED[words[0].lower()][1], *words[1:]]
        partitive = self.partitive(item.text, cand.span, words)
        if partitive is not None:
            return partitive
        first = words[0].lower()
        name_article = None
        pronoun = item.pronoun is not None and not item.pronoun.is_slot
        if first in DETERMINERS:
            words[0] = first
        elif pronoun and cand.span is not None and self.bare_noun(item, cand.span, words):
            gender = PRONOUNS[item.pronoun.text.lower()].gender if item.pronoun.text.lower() in PRONOUNS else None
            words = self.with_article(item.text[: cand.span.start], [words[0].lower(), *words[1:]], gender)
        elif words[0][0].isupper() and len(words) > 1 and self.article_before(item.text, cand.span) is not None:
            words = [self.article_before(item.text, cand.span), *words]  # "o Banco Central": a name with its article
        elif words[0][0].isupper():
            name_article = self.name_article(item.text, " ".join(words))
        words[0] = DEFINITE_OF.get(words[0], words[0])
        text = " ".join(words)
        det = words[0].lower() if words[0].lower() in DETERMINERS else None
        gender, number = DETERMINERS[det] if det else (None, None)
        if re.search(r"\s(?:e|and)\s", text):
            number = "p"
        elif det is None and len(words) == 1 and words[0][0].isupper() and not words[0].endswith("s"):
            number = "s"
        return Phrase(text, gender, number, det, name_article)

    def partitive(self, text: str, mention: Span | None, words: list[str]) -> Phrase | None:
        """A candidate picked out of a group, named again as such: "um dos caixas", "alguns dos alunos", also where
        the candidate names the group ("os caixas") but its mention is "um dos caixas"; None for any other."""
        if len(words) > 2 and words[0].lower() in PARTITIVES and words[1].lower() in PARTITIVE_LINKS:
            picked = [words[0].lower(), *words[1:]]
        elif mention is not None and words[-1].lower() == mention.text.split()[-1].lower():
            picked = self.picked_by_mention(text, mention)
        else:
            picked = None
        if picked is None:
            return None
        gender, number = PARTITIVES[picked[0]]
        group = UNCONTRACTED.get(picked[1], ("", picked[2] if picked[1] == "de" else picked[1]))[1]  # "dos" → "os"
        return Phrase(" ".join(picked), gender or DETERMINERS.get(group, (None, None))[0], number, None)

    @staticmethod
    def picked_by_mention(text: str, mention: Span) -> list[str] | None:
        """The words from a partitive before ``mention`` to its end ("um dos caixas", "uma de suas amigas"), or None."""
        before = tokenize(text[: mention.start])
        for n, possessive in ((len(before) - 2, False), (len(before) - 3, True)):
            if n >= 0 and before[n].low in PARTITIVES and before[n + 1].low in PARTITIVE_LINKS and (
                    not possessive or before[n + 2].low in POSSESSIVES):
                return [before[n].low, *text[before[n + 1].start : mention.end].split()]
        return None

    @staticmethod
    def article_before(text: str, mention: Span | None) -> str | None:
        """The article (alone or in a contraction) just before a mention: "o" for "do Banco Central"."""
        before = tokenize(text[: mention.start]) if mention is not None else ()
        if not before:
            return None
        word = before[-1].low
        article = UNCONTRACTED[word][1] if word in UNCONTRACTED else word
        return article if article in ARTICLES else None

    def bare_noun(self, item: Item, mention: Span, words: list[str]) -> bool:
        """Whether a candidate without a determiner is a common noun, which the reference names with an article.

        A lower-case word is one; a capitalised one is a name, unless it opens the sentence, ends in -s and a
        plural pronoun refers to it ("Pastoras cuidavam ... elas": "as pastoras").
        """
        if not words[0].isalpha() or item.text[mention.start - 1 : mention.start] in QUOTES:
            return False  # a quoted string or a code is named again as it is
        if words[0][0].islower():
            return True
        pron = PRONOUNS.get(item.pronoun.text.lower()) if item.pronoun is not None else None
        return (pron is not None and pron.number == "p" and words[0].lower().endswith("s")
                and all(w[0].islower() for w in words[1:]) and sentence_initial(item.text, mention.start))

    def with_article(self, before: str, words: list[str], gender: str | None = None) -> list[str]:
        """A bare noun given the article its mention follows ("da mochila" → "a mochila"), else the definite
        article of its gender: a noun mentioned bare is named again with it ("viu pastoras" → "as pastoras").
        ``gender``: what the pronoun shows ("eles": "os arqueologistas"), else the noun's ending tells."""
        toks = tokenize(before)
        if toks:
            word = toks[-1].low
            article = UNCONTRACTED[word][1] if word in UNCONTRACTED else word
            if article in DETERMINERS and article not in ("the", "an"):
                return [article, *words]
        if words[0] in CLOSED_CLASSES or not words[0].isalpha():
            raise FormError(f"the candidate {' '.join(words)!r} is not a noun phrase the rules can name again")
        if gender is None:
            return [self.article(words[0]), *words]
        plural = words[0].endswith("s") and not words[0].endswith(("ês", "ás", "ós"))
        return [("a" if gender == "f" else "o") + ("s" if plural else ""), *words]

    def name_article(self, text: str, name: str) -> str | None:
        """The article the text puts before a name ("da Emma", "o George" → "a", "o"), or None.

        Only unambiguous evidence counts: a contraction or "o"; a bare "a" may be the preposition
        ("prometeu a Bill").
        """
        for m in re.finditer(rf"(?<!\w)(\w+)\s+{re.escape(name)}(?!\w)", text):
            word = m.group(1).lower()
            if word == "o" or word in UNCONTRACTED and UNCONTRACTED[word][1] in ("o", "a"):
                return "o" if word == "o" else UNCONTRACTED[word][1]
        return None
