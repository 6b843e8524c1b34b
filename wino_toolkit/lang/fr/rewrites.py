"""The rewrite: the pronoun replaced by the candidate's noun phrase, by what the pronoun does (subject, object
clitic, stressed, possessive, place), with what moves with it."""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Span
from ..base import Edit, Token, apply, same_case, sentence_initial
from .agreement import undo_agreement
from .nouns import (
    CONTRACTIONS,
    DETERMINERS,
    ELISION,
    NOUN_GENDER,
    POSTNOMINAL,
    PRENOMINAL,
    UNELIDED,
)
from .phrases import Phrase, with_a, with_de
from .pronouns import PRONOUNS, Pronoun
from .verbs import AUXILIARIES, auxiliary
from .words import (
    ADVERBS,
    CLITICS,
    NEGATION,
    PREPOSITIONS,
    SUBJECT_WORDS,
    elides_article,
    starts_with_vowel,
    tokenize,
)

__all__ = ["RewriteRules"]


class RewriteRules:
    """The pronoun at a span rewritten as a noun phrase, the sentence repaired around it."""

    def rewrite(self, text: str, span: Span, np: Phrase) -> str:
        """``text`` with the pronoun at ``span`` replaced by ``np`` and the sentence repaired."""
        toks = tokenize(text)
        form = span.text.lower().replace("’", "'")
        pron = PRONOUNS.get(form)
        if pron is None:
            raise FormError(f"{span.text!r} is not a pronoun the French rules handle")
        i = next((n for n, t in enumerate(toks) if t.start == span.start and t.end == span.end), None)
        if i is None:
            edits = self.hyphenated(text, span, pron, np)
        else:
            edits = self.edits(text, toks, i, pron, np)
        out = apply(text, edits)
        at = min(e[0] for e in edits)
        if sentence_initial(out, at):
            out = out[:at] + out[at : at + 1].upper() + out[at + 1 :]
        return out

    def kind(self, toks: Sequence[Token], i: int, pron: Pronoun) -> str:
        """What the pronoun does here: ``lui``/``leur``/``elle`` change with their neighbours."""
        form = toks[i].low
        prev = toks[i - 1].low if i else ""
        nxt = toks[i + 1].low if i + 1 < len(toks) else ""
        if form in ("lui", "elle", "elles", "eux") and prev in PREPOSITIONS:
            return "stressed"
        if form == "lui":
            return "dative"
        if form == "leur" and (prev in SUBJECT_WORDS or prev in ("ne", "n'") or nxt in AUXILIARIES):
            return "dative"
        return pron.kind

    def edits(self, text: str, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        kind = self.kind(toks, i, pron)
        if kind == "subject":
            return self.subject(toks, i, pron, np)
        if kind == "stressed":
            return self.stressed(toks, i, np)
        if kind == "object":
            return self.move(toks, i, np.text)
        if kind == "dative":
            return self.move(toks, i, with_a(np))
        if kind == "possessive":
            return self.possessive(toks, i, np)
        if kind == "locative":
            return self.locative(text, toks, i, pron, np)
        raise FormError(f"'{toks[i].text}' stands for a quantity or a de-phrase; French has no general rewrite for it")

    def hyphenated(self, text: str, span: Span, pron: Pronoun, np: Phrase) -> list[Edit]:
        """A pronoun joined to its verb: the imperative "prends-le"; an inverted subject fails."""
        if text[span.start - 1 : span.start] != "-" or pron.kind not in ("object", "stressed"):
            raise FormError(f"the pronoun {span.text!r} is part of a hyphenated word (an inverted subject?)")
        new = np.text if pron.kind == "object" else with_a(np)
        return [(span.start - 1, span.end, " " + new)]

    def subject(self, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        tok = toks[i]
        prev = toks[i - 1] if i else None
        if tok.low in ("c'", "ce"):
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is None or AUXILIARIES.get(nxt.low) != "être":
                raise FormError(f"'{tok.text}' is not followed by a form of être")
            edits = [(tok.start, nxt.start, np.text + " ")]
        elif prev is not None and prev.end == tok.start and prev.low.endswith("'"):
            full = "si" if prev.low == "s'" else UNELIDED.get(prev.low)
            if full is None:
                raise FormError(f"cannot undo the elision of {prev.text!r} before the candidate")
            edits = [(prev.start, tok.end, self.join(same_case(prev.text, full), np.text))]
        else:
            edits = [(tok.start, tok.end, np.text)]
        return edits + self.agreement(toks, i, pron, np)

    def join(self, word: str, phrase: str) -> str:
        """``word`` then ``phrase``, elided when French needs it ("que" + "Anne" → "qu'Anne")."""
        elided = ELISION.get(word.lower())
        if elided and word.lower() not in ("le", "la") and starts_with_vowel(phrase):
            return same_case(word, elided) + phrase
        return f"{word} {phrase}"

    def stressed(self, toks: Sequence[Token], i: int, np: Phrase) -> list[Edit]:
        """After a preposition: "de lui" → "du barman", "à eux" → "aux lycéens", "pour elle"."""
        tok, prev = toks[i], toks[i - 1]
        if prev.low in ("de", "d'"):
            return [(prev.start, tok.end, same_case(prev.text, with_de(np)))]
        if prev.low == "à":
            return [(prev.start, tok.end, same_case(prev.text, with_a(np)))]
        return [(tok.start, tok.end, np.text)]

    def move(self, toks: Sequence[Token], i: int, phrase: str) -> list[Edit]:
        """A clitic before its verb: drop it and put ``phrase`` after the verb group.

        The verb group is the verb, the second half of a negation, and the participle of
        avoir/être, whose agreement with a preceding direct object is undone.
        """
        tok = toks[i]
        prev = toks[i - 1] if i else None
        if i + 1 >= len(toks) or not toks[i + 1].is_word:
            raise FormError(f"no verb after the clitic '{tok.text}'")
        verb = toks[i + 1]
        gerund = prev is not None and prev.low == "en" and verb.low.endswith("ant")  # "en le voyant": "en" is a preposition
        if prev is not None and prev.low in CLITICS and prev.low not in ("ne", "n'") and not gerund:
            raise FormError(f"'{prev.text} {tok.text}' is a clitic cluster; only a lone clitic is moved")
        if verb.low in CLITICS:
            raise FormError(f"'{tok.text} {verb.text}' is a clitic cluster; only a lone clitic is moved")
        if verb.low in DETERMINERS or verb.low in PREPOSITIONS or verb.text[0].isupper():
            raise FormError(f"'{tok.text}' is not followed by a verb, so it is not an object pronoun here")
        j, participle = self.verb_group(toks, i)
        last, edits = toks[j], []
        if participle and auxiliary(verb.low) == "avoir":
            edits.append((last.start, last.end, undo_agreement(last.text, tok.low) + " " + phrase))
        if not edits:
            edits.append((last.end, last.end, " " + phrase))
        if prev is not None and prev.low in ELISION and prev.low not in ("le", "la") and starts_with_vowel(verb.text):
            edits.append((prev.start, verb.start, same_case(prev.text, ELISION[prev.low])))
        else:
            edits.append((tok.start, verb.start, ""))
        return edits

    def verb_group(self, toks: Sequence[Token], i: int) -> tuple[int, bool]:
        """The last token of the verb group after the clitic at ``i`` (the verb, the second half of a negation,
        or the participle of avoir/être), and whether it is that participle."""
        negated = i > 0 and toks[i - 1].low in ("ne", "n'")
        last, k = i + 1, i + 2
        while negated and k < len(toks) and toks[k].low in NEGATION:
            last, k = k, k + 1
        if auxiliary(toks[i + 1].low) in ("avoir", "être"):
            while k < len(toks) and toks[k].low in ADVERBS:
                k += 1
            if k < len(toks) and toks[k].is_word:
                return k, True
        return last, False

    def noun_phrase(self, toks: Sequence[Token], i: int) -> tuple[int, int]:
        """The noun and the last token of the noun phrase the possessive at ``i`` opens ("sa tasse vide")."""
        if i + 1 >= len(toks) or not toks[i + 1].is_word:
            raise FormError(f"no noun after the possessive '{toks[i].text}'")
        k = i + 1
        if toks[k].low in PRENOMINAL and k + 1 < len(toks) and toks[k + 1].is_word:
            k += 1
        noun = k
        if k + 1 < len(toks) and toks[k + 1].low in POSTNOMINAL:
            k += 1
        return noun, k

    def possessive(self, toks: Sequence[Token], i: int, np: Phrase) -> list[Edit]:
        """"sur son dos" → "sur le dos de l'homme": article for the possessive, possessor after the noun."""
        n, k = self.noun_phrase(toks, i)
        tok, first, noun = toks[i], toks[i + 1], toks[n]
        article = self.article(tok.low, first, noun)
        prev = toks[i - 1] if i else None
        edits = [(toks[k].end, toks[k].end, " " + with_de(np))]
        if prev is not None and (prev.low, article) in CONTRACTIONS and prev.end < tok.start:
            edits.append((prev.start, first.start, same_case(prev.text, CONTRACTIONS[prev.low, article]) + " "))
        elif article == "l'":
            edits.append((tok.start, first.start, "l'"))
        else:
            edits.append((tok.start, tok.end, article))
        return edits

    def article(self, possessive: str, first: Token, noun: Token) -> str:
        """The definite article that replaces ``possessive`` before ``first`` (the noun phrase's first word)."""
        if possessive in ("ses", "leurs"):
            return "les"
        if possessive == "sa":
            return "la"
        if elides_article(first.text):
            return "l'"
        if possessive == "son":
            return "le"
        gender = next((g for ending, g in NOUN_GENDER if noun.low.endswith(ending)), None)
        if gender is None:
            raise FormError(f"'leur' does not show the gender of {noun.text!r}, and its ending does not either")
        return "le" if gender == "m" else "la"

    def locative(self, text: str, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        """Place pronouns: "dedans" → "dans le gâteau"; "y" is dropped and the place ends its clause."""
        tok = toks[i]
        if np.preposition:
            place = with_a(np) if np.preposition == "à" else f"{np.preposition} {np.text}"
        elif pron.preposition == "à":
            place = with_a(np)
        elif pron.preposition:
            place = f"{pron.preposition} {np.text}"
        else:
            raise FormError(f"'{tok.text}' needs a place phrase ('dans le lac'), and the candidate is not one")
        if tok.low != "y":
            return [(tok.start, tok.end, place)]
        if i + 1 >= len(toks) or not toks[i + 1].is_word:
            raise FormError("no verb after the clitic 'y'")
        verb, prev = toks[i + 1], toks[i - 1] if i else None
        _, end = self.bounds(text, toks, i)
        end = len(text[:end].rstrip())
        edits = [(end, end, " " + place)]
        if prev is not None and prev.end == tok.start and prev.low.endswith("'") and not starts_with_vowel(verb.text):
            full = UNELIDED.get(prev.low)
            if full is None:
                raise FormError(f"cannot undo the elision of {prev.text!r}")
            edits.append((prev.start, verb.start, same_case(prev.text, full) + " "))
        else:
            edits.append((tok.start, verb.start, ""))
        return edits
