"""Portuguese: the candidate put in the slot (or in the pronoun's place) with the grammar around it.

Portuguese WSC items have a zero-width slot where the candidate was taken out of the sentence;
XWINO rows have real pronouns. What the slot needs is read off its neighbours:

- after a quantifier the candidate goes bare ("fazer mais | ." → "fazer mais biscoitos de aveia");
- after "através", "atrás", "suficiente"... and after verbs like "cuidar" it takes "de"
  ("através da fenda", "cuidar de John");
- before a noun it is the possessor: "apontou para | taça vazia" → "apontou para a taça vazia do
  barman" (article from the noun's ending, contracted with the preposition: em + o = no);
- after a noun opening its clause, or ending the sentence, it is a genitive ("a educação | estava" →
  "a educação da Emma");
- between a subject pronoun and its verb it is the object, after the verb ("Ele | abriu" → "Ele
  abriu seus olhos");
- after a preposition it contracts (de + o = do, em + a = na, a + a = à, por + o = pelo), except as
  the subject of an infinitive ("apesar de o tio ser");
- otherwise it is the subject: a verb of the other number is changed (é/são, foi/foram, -ava/-avam,
  -ou/-aram...), and so is the adjective after a copula.

Pronouns: ele/ela become the candidate (contracted after a preposition), dele/nele become do/no +
candidate, o/a/-lo/-la objects move after the verb ("convencê-lo" → "convencer o Sid"), seu/sua
become article + noun + de + candidate. A name takes the article the text uses with it ("da Emma"
when the text says "a mãe da Emma"), else none ("de Bill"). Anything else raises
:class:`~wino_toolkit.errors.FormError`.

The NLI hypothesis is the clause holding the slot (:mod:`.clauses`), with GLUE WNLI's conventions: a
clause after it that tells when stays ("Ele abriu seus olhos quando o vento parou."), a subjunctive is made
indicative, and an infinitive clause after "apesar de", "após"... becomes a finite sentence in the main
clause's tense ("apesar de | ser mais jovem" → "Joe é mais jovem.", :mod:`.finite`). A verb's "que" complement
stays with it; a clause with no finite verb ("Segurando a mão dela,") gives the whole premise with the reference
replaced; a clause inside a wish, a condition or what someone said is refused.

A candidate first mentioned with an indefinite article is named again with the definite one ("uma caixa" →
"a caixa", "numa caixa" → "a caixa", so "dela" → "da caixa"), and a bare common noun with the article of its
gender ("viu pastoras" → "as pastoras"). One picked out of a group stays so ("um dos caixas", never "os caixas",
even where the candidate is written "os caixas"; "de um dos caixas", uncontracted), a candidate's possessive
"sua secretária" becomes "a secretária" as a subject, whose possessor is no longer in its clause, and a name of
several words keeps the article of its mention ("porque o Banco Central ..."). A marked span that is not a pronoun here (the article "a" before a noun,
the contraction "na", the title "Seu" before a name) is refused: "marked span is not a pronoun". A verb is
made to agree only where it is next to the reference; a preposition there ("ela desde cedo trabalhava") is
never inflected. A subjunctive hypothesis is made indicative only after an opener that still states a fact
("até que", "embora", "para que": :mod:`.subjunctive`); after "se", "antes que", "queria que" it is refused.
For the minimal-edit guard, :meth:`Portuguese.may_agree` names the agreement these rules make and
:meth:`Portuguese.edit_region` the possessive's noun phrase.

The blank (WinoGrande) form reuses the rewrite (:mod:`wino_toolkit.lang.blanks`): the slot or
pronoun is rewritten with ``_`` as the noun phrase and each option is what the disambiguated
sentence puts there, article included ("o caminhão de entregas", "A torta" starting a sentence).
So an object clitic's blank follows the verb ("o elogiou" → "elogiou _") and a possessive's
follows the noun ("seu carro" → "o carro de _", never "porque _ vez"). A preposition that
contracts with an option's article (de + o = do, em + a = na, a + o = ao, por + a = pela) cannot
be written before the blank with the article in the option ("de o menino" is not Portuguese),
and an option holding the contraction ("do menino") is not a noun phrase: such items are
**skipped with the reason** where the options contract differently ("de Jim" / "do barman"); names without an
article ("de Bill") keep their blank, and where both contract alike the blank follows the contraction ("do _":
"menino", "pai"). A verb or adjective that agrees with one option only is skipped too; one that changes the same way
for both ("_ foi derrotado" for two singular names) is written so. (:meth:`Portuguese.shared_blank`.)
"""
from __future__ import annotations

import os

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Language
from ..blanks import SubstitutionBlank, options_from_substitutions
from .agreement import AgreementRules, inflect_adjective
from .clauses import ClauseRules
from .lexicon import CLOSED_CLASSES, WordRules
from .nouns import CONTRACTIONS, DETERMINERS, UNCONTRACTED
from .phrases import Phrase, PhraseRules, unpossessed
from .pronouns import PRONOUNS
from .rewrites import ENCLITIC, RewriteRules
from .verbs import VERB_FORMS
from .words import CLAUSE_OPENERS, tokenize

__all__ = ["Phrase", "Portuguese", "inflect_adjective", "tokenize"]

NOT_A_PRONOUN = "marked span is not a pronoun"


@register_language
class Portuguese(RewriteRules, AgreementRules, PhraseRules, ClauseRules, WordRules, SubstitutionBlank, Language):
    """Slots and pronouns with contractions and agreement; see the module docstring."""

    code = "pt"
    name = "Portuguese"
    aliases = ("pt-BR", "pt-PT")
    PRONOUNS = PRONOUNS
    CONTRACTIONS = CONTRACTIONS
    CLAUSE_OPENERS = CLAUSE_OPENERS

    # -- public API ---------------------------------------------------------------------------
    def substitute(self, item: Item, k: int) -> str:
        return self.rewrite(item.text, self.reference(item), self.phrase(item, k))

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end = self.clause_span(item, span)
        finite = self.finite_clause(item.text, span, start, end)
        if finite is not None:  # "apesar de | ser mais jovem" → "Joe é mais jovem."
            clause, inner, _ = finite
            return self.sentence(self.rewrite(clause, inner, self.phrase(item, k)).strip())
        governed = self.asserted_mood(item.text, span, start)
        if self.fragment(item.text, span, start, end):  # "Segurando a mão dela,": the whole premise, never a fragment
            return self.sentence(self.substitute(item, k))
        clause = item.text[start:end]
        lead = len(clause) - len(clause.lstrip())
        clause = clause.strip()
        at = min(max(span.start - start - lead, 0), len(clause))
        inner = Span(at, at + len(span.text), span.text)
        clause = self.indicative(clause, inner, governed)
        return self.sentence(self.rewrite(clause, inner, self.phrase(item, k)).strip())

    def blank_text(self, item: Item) -> str:
        """The text with ``_`` where the substituted noun phrase stands (see the module docstring); where a word
        next to it changes with the option but changes the same way for every option ("do _" for "do Rui" and "do
        Paulo", "_ foi derrotado" for two singular names), the text the disambiguated sentences share."""
        text = self.rewrite(item.text, self.reference(item), Phrase(self.BLANK, None, None, None))
        sentences = [self.substitute(item, k) for k in range(len(item.candidates))]
        try:
            options_from_substitutions(text, sentences, [c.text for c in item.candidates])
        except FormError:
            shared = self.shared_blank(item, sentences)
            if shared is None:
                raise
            return shared
        return text

    def shared_blank(self, item: Item, sentences: list[str]) -> str | None:
        """The text two disambiguated sentences share around the words where they differ, with ``_`` there, when
        each option is its candidate's noun phrase, whole or after the article both share ("da _": "fenda",
        "parede"); None when they differ elsewhere too ("de Jim" / "do barman", "foi" / "foram")."""
        if len(sentences) != 2:
            return None
        a, b = sentences
        head = len(os.path.commonprefix([a, b]))
        while head and a[head - 1] != " ":
            head -= 1
        tail = len(os.path.commonprefix([a[head:][::-1], b[head:][::-1]]))
        while tail and a[len(a) - tail].isalnum():
            tail -= 1
        options = [s[head : len(s) - tail] for s in sentences]
        if not all(o and o == o.strip() for o in options) or not all(
                self.names_candidate(item, k, o) for k, o in enumerate(options)):
            return None
        return a[:head] + self.BLANK + a[len(a) - tail :]

    def names_candidate(self, item: Item, k: int, option: str) -> bool:
        """Whether ``option`` is candidate ``k``'s noun phrase (as a subject too), or that phrase after its article."""
        np = self.phrase(item, k)
        phrases = {np.text.lower(), unpossessed(np).text.lower()}
        return option.lower() in phrases | {p.partition(" ")[2] for p in phrases if p.split()[0] in DETERMINERS}

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """The reference, or for a possessive (the pronoun "sua", a slot before the noun it possesses) the whole
        noun phrase, whose possessor goes after it: "apontou para | taça vazia" → "para a taça vazia de Jim"."""
        toks = tokenize(item.text)
        if span.is_slot:
            if not any(self.slot_role(item.text, toks, span.start, self.phrase(item, k)) == "possessive"
                       for k in range(len(item.candidates))):
                return span.start, span.end
        elif (tok := next((t for t in toks if t.start <= span.start < t.end), None)) and ENCLITIC.match(tok.text):
            return tok.start, tok.end  # "vê-lo" → "ver o Rui": the verb takes back its infinitive ending
        elif getattr(PRONOUNS.get(span.text.lower()), "kind", None) != "possessive":
            return span.start, span.end
        j = next((n for n, t in enumerate(toks) if t.start >= span.end), None)
        return span.start, (self.noun_phrase_end(item.text, toks, j) if j is not None else span.end)

    def may_agree(self, old: str, new: str) -> bool:
        """Whether ``new`` is ``old`` agreeing with another subject or made indicative: a verb's number
        ("estavam" → "estava") and mood ("pudesse" → "podia"), a participle's or adjective's gender and number
        ("derrotados" → "derrotado"), by the same tables the rules use. Never a preposition or another closed word."""
        a, b = old.lower(), new.lower()
        if a == b:
            return True
        if not (a.isalpha() and b.isalpha()) or (a in CLOSED_CLASSES and a not in VERB_FORMS):
            return False
        forms = {a} | {f for f in (self.indicative_of(a, True),) if f is not None}
        forms |= {self.inflect_verb(f, n) for f in list(forms) for n in ("s", "p")}
        forms |= {inflect_adjective(a, g, n) for g in ("m", "f", None) for n in ("s", "p", None)}
        return b in forms

    def reference(self, item: Item) -> Span:
        """The marked span, when it is a referring expression the rules know: a slot between words, an enclitic,
        or a pronoun of :data:`.pronouns.PRONOUNS` that is not its homograph (the article "a" before a noun,
        the contraction "na", the preposition "a" before an infinitive, the title "Seu" before a name)."""
        span = super().reference(item)
        text, toks = item.text, tokenize(item.text)
        if span.is_slot:
            if any(t.start < span.start < t.end for t in toks):
                raise FormError(f"{NOT_A_PRONOUN}: the slot is inside the word {text[span.start - 1 : span.end + 1]!r}")
            return span
        i = next((n for n, t in enumerate(toks) if t.start <= span.start < t.end), None)
        if i is None:
            raise FormError(f"{NOT_A_PRONOUN}: {span.text!r} is not a word of the text")
        tok, nxt = toks[i], toks[i + 1] if i + 1 < len(toks) else None
        enclitic = ENCLITIC.match(tok.text)
        if enclitic and span.end == tok.end and span.start in (tok.start, tok.start + len(enclitic.group("verb")) + 1):
            return span
        pron = PRONOUNS.get(span.text.lower())
        if pron is None or (tok.start, tok.end) != (span.start, span.end):
            raise FormError(f"{NOT_A_PRONOUN}: {span.text!r} is not a pronoun the Portuguese rules handle")
        following = nxt.low if nxt is not None and nxt.is_word else ""
        if pron.kind == "object" and tok.low in UNCONTRACTED:
            raise FormError(f"{NOT_A_PRONOUN}: {tok.text!r} standing alone is the contraction of a preposition and an article")
        if pron.kind == "object" and not (following and self.is_verb(following) and not self.is_infinitive(following)):
            raise FormError(f"{NOT_A_PRONOUN}: {tok.text!r} is an article or preposition here, no verb follows it")
        if pron.kind == "possessive" and nxt is not None and nxt.is_word and nxt.text[0].isupper():
            raise FormError(f"{NOT_A_PRONOUN}: {tok.text!r} is a title before the name {nxt.text!r}")
        return span
