"""spaCy for English: the blank pipeline's tokenizer, the lookup lemmatizer, and word classes.

Everything is loaded once, lazily (importing spaCy takes seconds), and parses are cached by text so
that the four forms of an item (two substitutions, two hypotheses, a blank) tokenise it once.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...errors import MissingDependencyError
from .verbs import IRREGULAR_THIRD

__all__ = ["Parse", "parse", "lexicon", "Lexicon", "trained_pipeline"]

#: trained pipelines used for dependency-based clauses when installed, best first
TRAINED = ("en_core_web_trf", "en_core_web_lg", "en_core_web_md", "en_core_web_sm")
SENTENCE_END = frozenset(".!?")
#: suffix rules for plural nouns (spacy-lookups-data's en lemma_rules, plus -ves → -fe)
NOUN_RULES = (
    ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("ies", "y"), ("ves", "f"), ("ves", "fe"),
    ("s", ""),
)
#: suffix rules for verb forms the lookup table misses (from spacy-lookups-data's en lemma_rules)
VERB_RULES = (
    ("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
)
CLOSERS = frozenset(("\"", "'", "”", "’", ")"))
#: besides capitals and digits, what may start a sentence (quotes, WinoGrande's blank)
SENTENCE_OPENERS = "\"“'‘_"


@dataclass(slots=True, frozen=True)
class Parse:
    """A tokenised text: words with character offsets, and where each sentence starts."""

    text: str
    words: tuple[str, ...]
    lower: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    sentence_of: tuple[int, ...]  # index of the first token of each token's sentence
    doc: Any = None  # the trained pipeline's Doc, when one is installed

    def token_at(self, char: int) -> int:
        """Index of the first token that starts at or after ``char``."""
        return bisect_left(self.starts, char)

    def sentence_end(self, i: int) -> int:
        """Index one past the last token of the sentence holding token ``i``."""
        first = self.sentence_of[i]
        n = len(self.words)
        while i < n and self.sentence_of[i] == first:
            i += 1
        return i


class Lexicon:
    """Word classes and lemmas from spacy-lookups-data (WordNet-based indexes and lookup tables)."""

    def __init__(self) -> None:
        try:
            import spacy
            from spacy.lookups import load_lookups
        except ImportError as exc:  # pragma: no cover - spacy is a core dependency
            raise MissingDependencyError("English forms need spaCy: pip install spacy spacy-lookups-data") from exc
        nlp = spacy.blank("en")
        try:
            nlp.add_pipe("lemmatizer", config={"mode": "lookup"}).initialize()
            tables = load_lookups("en", ["lemma_index", "lemma_exc"])
            index, exceptions = tables.get_table("lemma_index"), tables.get_table("lemma_exc")
        except (ValueError, ImportError) as exc:
            raise MissingDependencyError(
                "English forms need spaCy's lookup tables: pip install spacy-lookups-data"
            ) from exc
        self.tokenizer = nlp.tokenizer
        self.lemmas = dict(nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup").items())
        self.nouns = frozenset(index["noun"])
        self.verbs = frozenset(index["verb"])
        self.adjectives = frozenset(index["adj"])
        self.adverbs = frozenset(index["adv"])
        self.irregular_plurals = frozenset(w for w, lemmas in exceptions["noun"].items() if w not in lemmas)
        self.verb_forms = {w: lemmas[0] for w, lemmas in exceptions["verb"].items() if w not in lemmas}
        self.trained = trained_pipeline()

    def verb_lemma(self, word: str) -> str | None:
        """The verb a form belongs to (lifting → lift, stopped → stop), or ``None`` if it is not a verb."""
        base = self.verb_forms.get(word) or self.lemmas.get(word, word)
        if base in self.verbs:
            return base
        for suffix, repl in VERB_RULES:
            if word.endswith(suffix) and len(word) > len(suffix) + 1:
                stem = word[: -len(suffix)] + repl
                if stem in self.verbs:
                    return stem
                if not repl and len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in self.verbs:
                    return stem[:-1]  # stopped → stop
        return None

    def is_base_verb(self, word: str) -> bool:
        """A verb in its base form ("fear", not "feared", "fears" or "felt")."""
        return word in self.verbs and word not in self.verb_forms and self.lemmas.get(word, word) == word

    def singular_verb(self, base: str) -> str:
        """Third-person singular present of a base-form verb: fear → fears, carry → carries."""
        if base in IRREGULAR_THIRD:
            return IRREGULAR_THIRD[base]
        if base.endswith(("s", "sh", "ch", "x", "z", "o")):
            return base + "es"
        if base.endswith("y") and len(base) > 1 and base[-2] not in "aeiou":
            return base[:-1] + "ies"
        return base + "s"

    def plural_verb(self, word: str) -> str | None:
        """The base form of a third-person singular verb (fits → fit), or ``None`` if it is not one."""
        if not word.endswith("s"):
            return None
        base = self.verb_lemma(word)
        return base if base is not None and self.singular_verb(base) == word else None

    def plural_noun(self, word: str, *, known: bool = False) -> bool:
        """Whether a lowercase common noun has a plural form (demonstrators, foxes, men, children).

        An unknown word in -s ("chatbots") counts as plural unless ``known`` asks for a known stem.
        """
        base = self.lemmas.get(word)
        if word in self.irregular_plurals or (base is not None and base != word and base in self.nouns):
            return True
        if word.endswith("men"):
            return word[:-3] + "man" in self.nouns
        if not word.endswith("s") or word.endswith(("ss", "us", "is")):
            return False
        stems = [word[: len(word) - len(suffix)] + repl for suffix, repl in NOUN_RULES if word.endswith(suffix)]
        return any(stem in self.nouns for stem in stems) or not (known or word in self.nouns)

    def parse(self, text: str) -> Parse:
        doc = self.tokenizer(text) if self.trained is None else self.trained(text)
        pairs = [(t.text, t.idx) for t in doc]  # one pass: making spaCy Token objects is the cost
        words = tuple(w for w, _ in pairs)
        starts = tuple(i for _, i in pairs)
        ends = tuple(i + len(w) for w, i in pairs)
        sentence_of: list[int] = []
        first, i, n = 0, 0, len(words)
        while i < n:
            sentence_of.append(first)
            i += 1
            if set(words[i - 1]) <= SENTENCE_END:
                j = i
                while j < n and (words[j] in CLOSERS or words[j].isspace()):
                    j += 1
                if j < n and not (words[j][:1].isupper() or words[j][:1].isdigit() or words[j][:1] in SENTENCE_OPENERS):
                    continue  # 'his "Dibs!" was slow': the sentence goes on
                while i < j:
                    sentence_of.append(first)
                    i += 1
                first = i
        trained = doc if self.trained is not None else None
        return Parse(text, words, tuple(w.lower() for w in words), starts, ends, tuple(sentence_of), trained)


def trained_pipeline():
    """A trained English pipeline if the user has one installed (never required), else ``None``."""
    import spacy

    for name in TRAINED:
        if spacy.util.is_package(name):
            return spacy.load(name, exclude=["ner"])
    return None


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    return Lexicon()


@lru_cache(maxsize=8192)
def parse(text: str) -> Parse:
    """The cached parse of ``text``."""
    return lexicon().parse(text)
