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
    ENCLITIC,
    INFINITIVE_ACCENTS,
    PREPOSITIONS,
    QUANTIFIERS,
    SUBJECT_PRONOUNS,
)

__all__ = ["CLOSED_CLASSES", "NONFINITE_ENDINGS", "WordRules", "lemmas"]

CLOSED_CLASSES = (
    ADVERBS | PREPOSITIONS | CLITICS | QUANTIFIERS | SUBJECT_PRONOUNS | DE_WORDS | CLAUSE_OPENERS
    | frozenset(DETERMINERS) | frozenset(UNCONTRACTED)
)
#: endings of the gerund and the participles, which make no clause finite ("tendo treinado", "sentada")
NONFINITE_ENDINGS = ("ndo", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas")
#: words after which a form the lemma table calls a verb is a noun or an adverb ("a casa", "mais tarde", "desde cedo")
NOT_BEFORE_A_VERB = PREPOSITIONS | ADVERBS | QUANTIFIERS | frozenset(DETERMINERS) | frozenset(UNCONTRACTED)
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
        """Whether spaCy's lemma table makes ``word`` the feminine of an -o adjective ("seca" → "seco", "secas");
        a masculine plural ("ombros" → "ombro") is as much a noun's, so it tells nothing."""
        lemma = lemmas().get(word)
        return (lemma is not None and lemma.endswith("o") and lemma != word and word.rstrip("s").endswith("a")
                and word.rstrip("s")[:-1] == lemma[:-1])

    def is_infinitive(self, word: str) -> bool:
        return word in SHORT_INFINITIVES or (len(word) > 3 and word.endswith(("ar", "er", "ir")))

    def is_noun(self, word: str) -> bool:
        """A content word that is not a verb, by exclusion of the closed classes."""
        return word.isalpha() and word not in CLOSED_CLASSES and not self.is_verb(word)

    def finite_verb(self, tok: Token, prev: str) -> bool:
        """Whether ``tok`` (after the word ``prev``) is a finite verb: by the tables, or by spaCy's lemma table where
        no determiner, preposition or adverb before it makes it a noun or adverb ("mais tarde" is no verb)."""
        head = self.verb_part(tok).low  # "deu-lhe": the verb, not its clitic
        enclitic = ENCLITIC.match(tok.text)
        if enclitic and enclitic.group("clitic").lower().startswith("l") and head[-1:] in INFINITIVE_ACCENTS:
            return False  # "vê-lo" is the infinitive "ver" + "o"
        if head in CLOSED_CLASSES and head not in VERB_FORMS or self.is_infinitive(head) or head.endswith(NONFINITE_ENDINGS):
            return False
        return self.is_verb(head) or self.maybe_verb(head) and prev not in NOT_BEFORE_A_VERB
