"""A candidate as a Portuguese noun phrase: the article it takes again (definite, a name's from the text), and the
noun phrase after a preposition (contracted: "do pai", "na escrita")."""
from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import FormError
from ...schema import Item, Span
from ..base import sentence_initial
from .lexicon import CLOSED_CLASSES
from .nouns import CONTRACTIONS, DEFINITE_OF, DETERMINERS, UNCONTRACTED
from .pronouns import PRONOUNS
from .words import QUOTES, tokenize

__all__ = ["Phrase", "PhraseRules", "bare", "contract"]


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
    if rest and (preposition, first) in CONTRACTIONS:
        return f"{CONTRACTIONS[preposition, first]} {rest}"
    return f"{preposition} {text}"


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
        first = words[0].lower()
        name_article = None
        pronoun = item.pronoun is not None and not item.pronoun.is_slot
        if first in DETERMINERS:
            words[0] = first
        elif pronoun and cand.span is not None and self.bare_noun(item, cand.span, words):
            gender = PRONOUNS[item.pronoun.text.lower()].gender if item.pronoun.text.lower() in PRONOUNS else None
            words = self.with_article(item.text[: cand.span.start], [words[0].lower(), *words[1:]], gender)
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
