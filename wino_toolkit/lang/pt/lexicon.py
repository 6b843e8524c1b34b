"""Word classes: whether a word is a verb, an infinitive, an adjective's form or a noun, by the tables, the
endings and spaCy's Portuguese lemma table (spacy-lookups-data, when installed)."""
from __future__ import annotations

import re
from functools import lru_cache

from ..base import Token
from .nouns import DETERMINERS, UNCONTRACTED
from .verbs import SHORT_INFINITIVES, VERB_FORMS, VERB_SUFFIXES
from .words import (
    ADVERBS,
    CLAUSE_OPENERS,
    CLITICS,
    DE_WORDS,
    PREPOSITIONS,
    QUANTIFIERS,
    SUBJECT_PRONOUNS,
)

__all__ = ["CLOSED_CLASSES", "WordRules", "lemmas"]

CLOSED_CLASSES = (
    ADVERBS | PREPOSITIONS | CLITICS | QUANTIFIERS | SUBJECT_PRONOUNS | DE_WORDS | CLAUSE_OPENERS
    | frozenset(DETERMINERS) | frozenset(UNCONTRACTED)
)
#: an accent before a final -ia marks a noun stressed before it ("infância", "notícia"); no verb form is
NOUN_STRESS = re.compile(r"[áéíóúâêô][^aeiouáéíóúâêôãõ]*ias?$")


@lru_cache(maxsize=1)
def lemmas() -> dict[str, str]:
    """spaCy's Portuguese lemma table (spacy-lookups-data), to tell a verb from a noun; empty if absent."""
    import gzip
    import json

    try:
        import spacy_lookups_data
    except ImportError:
        return {}
    with gzip.open(str(spacy_lookups_data.get_file("pt_lemma_lookup.json.gz")), "rt", encoding="utf-8") as fh:
        return json.load(fh)


class WordRules:
    """What a word is: a verb, an infinitive, an adjective's form, a noun (by the tables, endings and spaCy's lemmas)."""

    def verb_part(self, tok: Token) -> Token:
        """The verb of a hyphenated form ("convidou-a" → "convidou")."""
        head, dash, _ = tok.text.partition("-")
        return Token(tok.start, tok.start + len(head), head, head.lower()) if dash else tok

    def is_verb(self, word: str) -> bool:
        """A verb form by the tables or its ending, unless spaCy's lemma table says it is not ("vazia" → "vazio")."""
        head = word.partition("-")[0]
        if head in VERB_FORMS or head in SHORT_INFINITIVES:
            return True
        if len(head) <= 3 or not head.endswith(VERB_SUFFIXES) or NOUN_STRESS.search(head):
            return False
        lemma = lemmas().get(head)
        return lemma is None or lemma.endswith(("ar", "er", "ir", "or", "ôr"))

    def maybe_verb(self, word: str) -> bool:
        """A verb by the tables, or by spaCy's lemma table (which also lists nouns that are verb forms)."""
        if self.is_verb(word):
            return True
        lemma = lemmas().get(word)
        return lemma is not None and lemma != word and lemma.endswith(("ar", "er", "ir", "or"))

    def adjective(self, word: str) -> bool:
        """Whether spaCy's lemma table makes ``word`` the feminine or plural of an -o adjective ("seca" → "seco")."""
        lemma = lemmas().get(word)
        return lemma is not None and lemma.endswith("o") and lemma != word and word.rstrip("s")[:-1] == lemma[:-1]

    def is_infinitive(self, word: str) -> bool:
        return word in SHORT_INFINITIVES or (len(word) > 3 and word.endswith(("ar", "er", "ir")))

    def is_noun(self, word: str) -> bool:
        """A content word that is not a verb, by exclusion of the closed classes."""
        return word.isalpha() and word not in CLOSED_CLASSES and not self.is_verb(word)
