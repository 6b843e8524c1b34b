"""The rewrite: the slot (or pronoun) replaced by the candidate's noun phrase, in the role its neighbours give it
(subject, object, possessor, genitive, after a preposition), and pronouns (ele, dele, -lo, seu) rewritten."""
from __future__ import annotations

import re
from typing import Sequence

from ...errors import FormError
from ...schema import Span
from ..base import Edit, Token, apply, same_case, sentence_initial
from .nouns import CONTRACTIONS, DETERMINERS, NOUN_EXCEPTIONS, NOUN_GENDER, PRENOMINAL
from .phrases import Phrase, bare, contract, unpossessed
from .pronouns import PRONOUNS, Pronoun
from .verbs import VERB_PREPOSITIONS
from .words import (
    CLAUSE_OPENERS,
    DE_WORDS,
    ENCLITIC,
    ENGLISH_WORDS,
    INFINITIVE_ACCENTS,
    PREPOSITIONS,
    QUANTIFIERS,
    QUOTES,
    SUBJECT_PRONOUNS,
    tokenize,
)

__all__ = ["ENCLITIC", "RewriteRules"]

GENITIVES = frozenset("de do da dos das d'".split())
#: inflections of an -ar verb that still govern its preposition ("cuida de", "cuidou de")
GOVERNED_ENDINGS = frozenset("a am ou aram ava avam ando ará aria".split())


class RewriteRules:
    """The slot or pronoun rewritten as a noun phrase, by its neighbours (see the package docstring)."""

    # -- the rewrite --------------------------------------------------------------------------
    def rewrite(self, text: str, span: Span, np: Phrase) -> str:
        toks = tokenize(text)
        if span.is_slot and sum(t.low in ENGLISH_WORDS for t in toks) >= 2:
            edits = [self.insert(text, span.start, np.text)]  # an untranslated schema: no Portuguese rules
        else:
            edits = self.slot(text, toks, span.start, np) if span.is_slot else self.pronoun(text, toks, span, np)
        out = apply(text, edits)
        at = min(e[0] for e in edits)
        while at < len(out) and out[at] == " ":
            at += 1
        if sentence_initial(out, at):
            out = out[:at] + out[at : at + 1].upper() + out[at + 1 :]
        return out

    def slot(self, text: str, toks: Sequence[Token], k: int, np: Phrase) -> list[Edit]:
        """Where the candidate goes at a zero-width slot, and what changes around it (see :meth:`slot_role`)."""
        before = [t for t in toks if t.end <= k]
        prev = before[-1] if before else None
        nxt = next((t for t in toks if t.start >= k), None)
        role = self.slot_role(text, toks, k, np)
        if role == "bare":
            return [self.insert(text, k, bare(np))]
        if role in ("de", "governed", "genitive"):
            preposition = self.governed(prev.low, len(before) > 1 and before[-2].low == "se") if role == "governed" else "de"
            return [self.insert(text, k, contract(preposition, np))]
        if role == "possessive":
            return self.possessive_slot(text, toks, k, prev, np)
        if role == "object":
            verb = self.verb_part(nxt)
            return [(verb.end, verb.end, " " + np.text)]
        if role == "contracted":
            return [(prev.start, k, same_case(prev.text, contract(prev.low, np)) + self.space_after(text, k))]
        edits = [self.insert(text, k, unpossessed(np).text)]
        if nxt is not None and nxt.is_word:
            edits += self.agreement(toks, toks.index(nxt), np, None)
        return edits

    def slot_role(self, text: str, toks: Sequence[Token], k: int, np: Phrase) -> str:
        """What the slot at ``k`` is, read off its neighbours: after a quantifier ``bare``, after "através"...
        ``de``, after "cuidar"... ``governed``, before a noun it possesses ``possessive``, after a noun it
        completes ``genitive``, between a subject pronoun and its verb ``object``, after a preposition
        ``contracted``, else ``subject``."""
        before = [t for t in toks if t.end <= k]
        prev = before[-1] if before else None
        nxt = next((t for t in toks if t.start >= k), None)
        prev_low = prev.low if prev is not None else ""
        nxt_word = nxt is not None and nxt.is_word
        if prev_low in QUANTIFIERS and not nxt_word:
            return "bare"
        if prev_low in DE_WORDS and not (nxt_word and self.is_verb(nxt.low)):
            return "de"
        if self.governed(prev_low, len(before) > 1 and before[-2].low == "se") and not (nxt_word and nxt.low in PREPOSITIONS):
            return "governed"
        if nxt is not None and self.possessed(text, prev, nxt, np):
            return "possessive"
        if prev is not None and self.genitive_position(before, nxt):
            return "genitive"
        if prev_low in SUBJECT_PRONOUNS and nxt_word and self.is_verb(nxt.low):
            return "object"
        if prev_low in PREPOSITIONS and not (nxt_word and self.is_infinitive(nxt.low)):
            return "contracted"
        return "subject"

    def insert(self, text: str, k: int, phrase: str) -> Edit:
        """``phrase`` at slot ``k``, with a space on each side that has a word (or an opening quote)."""
        opening = k > 0 and text[k - 1] in "\"“«(" and (k < 2 or text[k - 2] == " ")
        before = "" if k == 0 or text[k - 1] == " " or opening else " "
        return (k, k, before + phrase + self.space_after(text, k))

    def space_after(self, text: str, k: int) -> str:
        """A space after an inserted phrase when a word (or an opening quote) follows."""
        opening = text[k : k + 1] in ("\"", "“", "«", "(") and text[k + 1 : k + 2].isalnum()
        return " " if k < len(text) and (text[k].isalnum() or opening) else ""

    def governed(self, word: str, pronominal: bool) -> str | None:
        """The preposition verb ``word`` takes its object with ("cuidar" → "de"), if any."""
        for key, preposition in VERB_PREPOSITIONS.items():
            reflexive, _, lemma = key.rpartition(" ")
            if reflexive and not pronominal:
                continue
            if word == lemma or word.startswith(lemma[:-2]) and word[len(lemma) - 2 :] in GOVERNED_ENDINGS:
                return preposition
        return None

    def possessed(self, text: str, prev: Token | None, nxt: Token, np: Phrase) -> bool:
        """Whether the slot stands before a noun it possesses ("| taça vazia", '| "eu primeiro!"').

        Where a subject is expected (after a conjunction or a comma) the word must not be a
        verb form even by spaCy's lemma table; after a verb it must not be an adjective by that
        table ("manter | seca" is "manter a revista seca").
        """
        if np.text.split()[-1].lower() in PRENOMINAL:
            return False
        if nxt.text in QUOTES:
            return text[nxt.end : nxt.end + 1].isalnum()
        word = nxt.low
        if not nxt.is_word or nxt.text[0].isupper() or not self.is_noun(word):
            return False
        if prev is None or not prev.is_word or prev.low in CLAUSE_OPENERS:
            return not self.maybe_verb(word)
        if prev.low in PREPOSITIONS:
            return True
        return self.is_verb(prev.low) and not self.adjective(word)

    def possessive_slot(self, text: str, toks: Sequence[Token], k: int, prev: Token | None, np: Phrase) -> list[Edit]:
        """"apontou para | taça vazia" → "apontou para a taça vazia do barman"."""
        j = next(n for n, t in enumerate(toks) if t.start >= k)
        end = self.noun_phrase_end(text, toks, j)
        article = "o" if toks[j].text in QUOTES else self.article(toks[j].low)
        edits = [(end, end, " " + contract("de", np))]
        if prev is not None and prev.end < k and (prev.low, article) in CONTRACTIONS:
            edits.append((prev.start, prev.end, same_case(prev.text, CONTRACTIONS[prev.low, article])))
        else:
            edits.append(self.insert(text, k, article))
        return edits

    def noun_phrase_end(self, text: str, toks: Sequence[Token], j: int) -> int:
        """End of the noun phrase opening at token ``j``: its adjectives and de-complements, or a quotation."""
        if toks[j].text in QUOTES:
            close = next((t for t in toks[j + 1 :] if t.text in QUOTES), None)
            if close is None:
                raise FormError("an opening quote after the slot is never closed")
            return close.end
        end, n = toks[j].end, j + 1
        while n < len(toks):
            tok = toks[n]
            if tok.low in GENITIVES and n + 1 < len(toks) and toks[n + 1].is_word:
                end, n = toks[n + 1].end, n + 2
                continue
            if not tok.is_word or tok.text[0].isupper() or not self.is_noun(tok.low) or self.maybe_verb(tok.low):
                break
            end, n = tok.end, n + 1
        return end

    def article(self, noun: str) -> str:
        """The definite article for ``noun``, from its ending ("taça" → "a", "costas" → "as")."""
        plural = noun.endswith("s") and not noun.endswith(("ês", "ás", "ós"))
        gender = NOUN_EXCEPTIONS.get(noun) or next((g for ending, g in NOUN_GENDER if noun.endswith(ending)), None)
        if gender is None:
            raise FormError(f"the gender of {noun!r} does not show, so its article is unknown")
        return ("a" if gender == "f" else "o") + ("s" if plural else "")

    def genitive_position(self, before: Sequence[Token], nxt: Token | None) -> bool:
        """Whether the slot follows a determiner + noun it completes ("a educação | estava", "o namorado | .")."""
        if len(before) < 2:
            return False
        noun, det = before[-1], before[-2]
        if det.low not in DETERMINERS or not noun.is_word or not self.is_noun(noun.low):
            return False
        if nxt is None or not nxt.is_word:
            return True
        opener = before[-3] if len(before) > 2 else None
        return self.is_verb(nxt.low) and (opener is None or not opener.is_word or opener.low in CLAUSE_OPENERS)

    def pronoun(self, text: str, toks: Sequence[Token], span: Span, np: Phrase) -> list[Edit]:
        """An explicit pronoun (checked by :meth:`reference`): ele/ela, dele/nele, the object clitics, lhe, seu/sua."""
        i = next(n for n, t in enumerate(toks) if t.start <= span.start < t.end)
        tok = toks[i]
        enclitic = ENCLITIC.match(tok.text)
        if enclitic and span.end == tok.end and span.start in (tok.start, tok.start + len(enclitic.group("verb")) + 1):
            return self.enclitic(tok, enclitic, np)
        pron = PRONOUNS[span.text.lower()]
        prev = toks[i - 1] if i else None
        if pron.kind == "subject":
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if prev is not None and prev.low in PREPOSITIONS and nxt is not None and self.is_infinitive(nxt.low):
                subject = unpossessed(np)  # "apesar de o Hugo ser": no contraction
                return [(tok.start, tok.end, f"{np.article} {subject.text}" if np.article else subject.text)]
            if prev is not None and prev.low in PREPOSITIONS:
                return [(prev.start, tok.end, same_case(prev.text, contract(prev.low, np)))]
            return [(tok.start, tok.end, unpossessed(np).text)] + self.agreement(toks, i + 1, np, pron)
        if pron.kind in ("genitive", "locative"):
            return [(tok.start, tok.end, contract(pron.preposition, np))]
        if pron.kind == "possessive":
            return self.possessive_pronoun(text, toks, i, pron, np)
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is None or not nxt.is_word or not self.is_verb(nxt.low):
            raise FormError(f"no verb after the clitic {tok.text!r}")
        verb = self.verb_part(nxt)
        new = contract("a", np) if pron.kind == "dative" else np.text
        return [(tok.start, nxt.start, ""), (verb.end, verb.end, " " + new)]

    def enclitic(self, tok: Token, m: re.Match, np: Phrase) -> list[Edit]:
        """"convencê-lo" → "convencer o Sid", "convidou-a" → "convidou a Jane", "deu-lhe" → "deu ao Rui"."""
        verb, clitic = m.group("verb"), m.group("clitic").lower()
        if clitic in ("lo", "la", "los", "las") and verb[-1:].lower() in INFINITIVE_ACCENTS:
            verb = verb[:-1] + INFINITIVE_ACCENTS[verb[-1].lower()]
        elif clitic in ("lo", "la", "los", "las"):
            raise FormError(f"cannot restore the verb of {tok.text!r}")
        new = contract("a", np) if clitic.startswith("lhe") else np.text
        return [(tok.start, tok.end, f"{verb} {new}")]

    def possessive_pronoun(self, text: str, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        """"sua mochila" → "a mochila do Rui"; after an article ("a sua mochila") the possessive just goes."""
        tok, prev = toks[i], toks[i - 1] if i else None
        if i + 1 >= len(toks) or not toks[i + 1].is_word:
            raise FormError(f"no noun after the possessive {tok.text!r}")
        end = self.noun_phrase_end(text, toks, i + 1)
        edits = [(end, end, " " + contract("de", np))]
        article = ("a" if pron.gender == "f" else "o") + ("s" if pron.number == "p" else "")
        if prev is not None and prev.low in (article, *(c for (p, a), c in CONTRACTIONS.items() if a == article)):
            edits.append((tok.start, toks[i + 1].start, ""))
        elif prev is not None and (prev.low, article) in CONTRACTIONS and prev.end < tok.start:
            edits.append((prev.start, tok.end, same_case(prev.text, CONTRACTIONS[prev.low, article])))
        else:
            edits.append((tok.start, tok.end, article))
        return edits
