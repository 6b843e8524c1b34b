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
clause's tense ("apesar de | ser mais jovem" → "Joe é mais jovem.", :mod:`.finite`).

A candidate first mentioned with an indefinite article is named again with the definite one ("uma caixa" →
"a caixa", "numa caixa" → "a caixa", so "dela" → "da caixa"), and a bare common noun with the article of its
gender ("viu pastoras" → "as pastoras"). A marked span that is not a pronoun here (the article "a" before a noun,
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
**skipped with the reason**; names without an article ("de Bill") keep their blank. A verb or
adjective that agrees with one option only is skipped too.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple, Sequence

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Edit, Language, apply, sentence_initial
from ..blanks import SubstitutionBlank
from .adjectives import PRENOMINAL
from .adverbs import ADVERBS, FOCUS_ADVERBS
from .clauses import CLAUSE_OPENERS, TIME_OPENERS
from .clitics import CLITICS
from .complements import DE_WORDS
from .contractions import CONTRACTIONS
from .copulas import COPULAS
from .determiners import DEFINITE_OF, DETERMINERS
from .endings import VERB_ENDINGS
from .english import ENGLISH_WORDS
from .exceptions import NOUN_EXCEPTIONS
from .finite import IRREGULAR, NONFINITE_LEADS, PAST_ENDINGS, PAST_FORMS, REGULAR
from .governed import VERB_PREPOSITIONS
from .infinitives import SHORT_INFINITIVES
from .modal import TER_FORMS
from .nouns import NOUN_GENDER
from .prepositions import PREPOSITIONS
from .pronouns import PRONOUNS, Pronoun
from .quantifiers import QUANTIFIERS
from .subjects import SUBJECT_PRONOUNS
from .subjunctive import ASSERTED_AFTER, PRESENT_SUBJUNCTIVE, SUBJUNCTIVE, UNASSERTED_AFTER, WILL_VERBS
from .suffixes import VERB_SUFFIXES
from .verbs import VERB_NUMBER

__all__ = ["Portuguese", "Phrase"]

TOKEN = re.compile(r"\w+(?:[-'’]\w+)*|[^\w\s]")
SENTENCE_END = frozenset(".!?")
CLAUSE_PUNCT = frozenset(",;:")
QUOTES = frozenset("\"“”«»")
UNCONTRACTED = {contracted: pair for pair, contracted in CONTRACTIONS.items()}
SINGULAR_OF = {plural: singular for singular, plural in VERB_NUMBER.items()}
VERB_FORMS = frozenset(VERB_NUMBER) | frozenset(SINGULAR_OF)
GENITIVES = frozenset("de do da dos das d'".split())
#: inflections of an -ar verb that still govern its preposition ("cuida de", "cuidou de")
GOVERNED_ENDINGS = frozenset("a am ou aram ava avam ando ará aria".split())
CLOSED_CLASSES = (
    ADVERBS | PREPOSITIONS | CLITICS | QUANTIFIERS | SUBJECT_PRONOUNS | DE_WORDS | CLAUSE_OPENERS
    | frozenset(DETERMINERS) | frozenset(UNCONTRACTED)
)
NUMBER_NAMES = {"s": "singular", "p": "plural"}
#: enclitic infinitives: "convencê-lo" is "convencer" + "o"
INFINITIVE_ACCENTS = {"á": "ar", "ê": "er", "í": "ir", "ô": "or"}
NOT_A_PRONOUN = "marked span is not a pronoun"
#: an accent before a final -ia marks a noun stressed before it ("infância", "notícia"); no verb form is
NOUN_STRESS = re.compile(r"[áéíóúâêô][^aeiouáéíóúâêôãõ]*ias?$")
ENCLITIC = re.compile(r"^(?P<verb>\w+)-(?P<clitic>o|a|os|as|lo|la|los|las|no|na|nos|nas|lhe|lhes)$", re.IGNORECASE)



class Token(NamedTuple):
    start: int
    end: int
    text: str
    low: str

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


class Phrase(NamedTuple):
    """A candidate as a Portuguese noun phrase: "a medalha", "Paul", with what agreement needs."""

    text: str  # determiner in lower case
    gender: str | None
    number: str | None  # "s", "p" or None when nothing shows it
    determiner: str | None  # the opening determiner, lower case
    article: str | None = None  # the article the text uses with a name ("da Emma"), for contractions


@lru_cache(maxsize=4096)
def tokenize(text: str) -> tuple[Token, ...]:
    """The tokens of ``text``; memoised, as every form asks again for the same texts and clauses."""
    return tuple(Token(m.start(), m.end(), m.group(), m.group().lower()) for m in TOKEN.finditer(text))


def same_case(model: str, word: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


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


def inflect_adjective(word: str, gender: str | None, number: str | None) -> str:
    """A predicate adjective in the candidate's gender and number ("pequena" → "pequenos")."""
    low = word.lower()
    cut = 2 if low.endswith(("os", "as")) else 1 if low.endswith(("o", "a")) else 0
    stem, ending = low[: len(low) - cut], low[len(low) - cut :]
    if ending:
        g = gender or ("f" if ending[0] == "a" else "m")
        n = number or ("p" if ending.endswith("s") else "s")
        return word[: len(stem)] + ("a" if g == "f" else "o") + ("s" if n == "p" else "")
    if number is None or (number == "p") == low.endswith("s"):
        return word
    if number == "p":
        if low.endswith("l"):
            return word[:-1] + "is"
        if low.endswith("m"):
            return word[:-1] + "ns"
        return word + ("es" if low.endswith(("r", "z")) else "s")
    if low.endswith("eis"):
        return word[:-3] + "el"
    if low.endswith("ais"):
        return word[:-3] + "al"
    if low.endswith(("res", "zes")):
        return word[:-2]
    return word[:-1]


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


@register_language
class Portuguese(SubstitutionBlank, Language):
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
        clause = item.text[start:end]
        lead = len(clause) - len(clause.lstrip())
        clause = clause.strip()
        at = min(max(span.start - start - lead, 0), len(clause))
        inner = Span(at, at + len(span.text), span.text)
        clause = self.indicative(clause, inner, self.asserted_mood(item.text, span, start))
        return self.sentence(self.rewrite(clause, inner, self.phrase(item, k)).strip())

    def blank_text(self, item: Item) -> str:
        """The text with ``_`` where the substituted noun phrase stands (see the module docstring)."""
        return self.rewrite(item.text, self.reference(item), Phrase(self.BLANK, None, None, None))

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """The reference, or for a possessive (the pronoun "sua", a slot before the noun it possesses) the whole
        noun phrase, whose possessor goes after it: "apontou para | taça vazia" → "para a taça vazia de Jim"."""
        toks = tokenize(item.text)
        if span.is_slot:
            if not any(self.slot_role(item.text, toks, span.start, self.phrase(item, k)) == "possessive"
                       for k in range(len(item.candidates))):
                return span.start, span.end
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

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause the hypothesis is cut from (:meth:`clause_span`); for an infinitive clause made finite, from
        its preposition on ("apesar de | ser mais jovem"), since the main clause before it is left out."""
        start, end = self.clause_span(item, span)
        finite = self.finite_clause(item.text, span, start, end)
        return (finite[2], end) if finite is not None else (start, end)

    def clause_span(self, item: Item, span: Span) -> tuple[int, int]:
        """From the last , ; : . or clause opener before the slot to the first one after it.

        A clause that would open with a gerund ("quebrando | promessa") has no subject: it
        keeps going left to the previous boundary. Quoted text holds no boundary.
        """
        toks = tokenize(item.text)
        quoted = self.quoted(toks)
        start = 0
        before = [t for t in toks if t.end <= span.start]
        for j in range(len(before) - 1, -1, -1):
            tok = before[j]
            if j in quoted:
                continue
            if tok.text in SENTENCE_END:
                start = tok.end
                break
            if self.boundary(toks, j, forward=False):
                following = toks[j + 1] if j + 1 < len(toks) else None
                if following is None or following.start >= span.start or not following.low.endswith("ndo"):
                    start = tok.end
                    break
        end = len(item.text)
        kept = -1  # the last token of a time clause's opening passed over
        for n, tok in enumerate(toks):
            if n in quoted or tok.start < span.end or n <= kept:
                continue
            if tok.text in SENTENCE_END or self.boundary(toks, n, forward=True):
                if kept < 0 and self.time_clause(toks, n):
                    kept = n + 1 if tok.text == "," else n  # "... seus olhos quando o vento parou.": its time stays
                    continue
                end = tok.start
                break
        return start, end

    @staticmethod
    def time_clause(toks: Sequence[Token], n: int) -> bool:
        """Whether the boundary at token ``n`` opens a clause that tells when ("quando", "até que", ", assim que")."""
        if toks[n].text == "," and n + 1 < len(toks):
            n += 1
        words = [t.low for t in toks[n : n + 2]]
        before = [t.low for t in toks[max(n - 1, 0) : n + 1]]  # "até que": the boundary is at "que"
        return any(words[: len(o)] == list(o) or (len(o) == 2 and before == list(o)) for o in TIME_OPENERS)

    def boundary(self, toks: Sequence[Token], n: int, forward: bool) -> bool:
        """Whether token ``n`` (not a full stop) ends the clause before it (see :mod:`.clauses`)."""
        tok = toks[n]
        if tok.text in CLAUSE_PUNCT:
            return True
        if tok.low not in CLAUSE_OPENERS:
            return False
        prev = toks[n - 1] if n else None
        nxt = toks[n + 1] if n + 1 < len(toks) else None
        after_verb = prev is not None and prev.is_word and self.is_verb(prev.low)
        if tok.low == "se":
            return not after_verb and not (nxt is not None and nxt.is_word and self.is_verb(nxt.low))
        if tok.low == "embora":
            return not after_verb
        if tok.low == "que" and prev is not None:
            return not (prev.low in TER_FORMS or prev.text[0].islower() and self.is_noun(prev.low))
        if tok.low in ("e", "ou") and forward:
            return self.clause_follows(toks, tok)
        return True

    def quoted(self, toks: Sequence[Token]) -> set[int]:
        """Indices of the tokens inside quotation marks, whose punctuation ends no clause ('"Eu primeiro!"')."""
        inside, out = False, set()
        for n, tok in enumerate(toks):
            if tok.text in QUOTES:
                inside = not inside
            elif inside:
                out.add(n)
        return out

    def clause_follows(self, toks: Sequence[Token], tok: Token) -> bool:
        """Whether the coordinator ``tok`` joins clauses (a verb follows soon), not two noun phrases."""
        n = toks.index(tok)
        return any(self.is_verb(t.low) for t in toks[n + 1 : n + 4] if t.is_word)

    def finite_clause(self, text: str, span: Span, start: int, end: int) -> tuple[str, Span, int] | None:
        """The infinitive clause the reference is the subject of, made finite, when a preposition of
        :data:`.finite.NONFINITE_LEADS` opens it: the clause from the reference on, where the reference is in
        it, and where the preposition starts in ``text``."""
        toks = tokenize(text)
        before = [t for t in toks if start <= t.start and t.end <= span.start]
        words = [t.low for t in before]
        lead = next((lead for lead in NONFINITE_LEADS if tuple(words[-len(lead):]) == lead), None)
        if lead is None:
            return None
        after = [t for t in toks if t.start >= span.end and t.end <= end]
        if not after or not after[0].is_word or not self.is_infinitive(after[0].low):
            return None
        verb = after[0]
        sentence_start = max((t.end for t in toks if t.text in SENTENCE_END and t.end <= start), default=0)
        sentence_end = min((t.start for t in toks if t.text in SENTENCE_END and t.start >= end), default=len(text))
        main = [t.low for t in toks if sentence_start <= t.start < sentence_end and not (span.start <= t.start < end)]
        past = any(w in PAST_FORMS or (w.endswith(PAST_ENDINGS) and self.is_verb(w)) for w in main)
        perfect = verb.low == "ter" and len(after) > 1 and after[1].low.endswith(("ado", "ido", "to", "so"))
        if perfect and not past:
            raise FormError("a perfect infinitive in a present-tense sentence: no finite form is derived for it")
        form = self.finite(verb.low, past and not perfect) if not perfect else "tinha"
        clause = text[span.start : verb.start] + same_case(verb.text, form) + text[verb.end : end]
        return clause, Span(0, len(span.text), span.text), before[-len(lead)].start

    @staticmethod
    def finite(infinitive: str, past: bool) -> str:
        """The third person singular of ``infinitive``, present or past (see :mod:`.finite`)."""
        if infinitive in IRREGULAR:
            return IRREGULAR[infinitive][past]
        present, preterite = REGULAR.get(infinitive[-2:], (None, None))
        if present is None:
            raise FormError(f"{infinitive!r} is not an infinitive the rules can make finite")
        return infinitive[:-2] + (preterite if past else present)

    def asserted_mood(self, text: str, span: Span, start: int) -> bool:
        """Whether the clause from ``start`` must be in the subjunctive and still states a fact (after "embora",
        "até que": :data:`.subjunctive.ASSERTED_AFTER`); FormError when it states none (after "se", "antes que",
        "queria que": a condition or a wish cannot stand alone as a hypothesis)."""
        toks = tokenize(text)
        opening = max((t.end for t in toks if t.text in SENTENCE_END and t.end <= start), default=0)
        outside = tuple(t.low for t in toks if opening <= t.start and t.end <= start and t.is_word)[-3:]
        inside = tuple(t.low for t in toks if start <= t.start and t.end <= span.start and t.is_word)
        wish = len(outside) > 1 and outside[-1] == "que" and lemmas().get(outside[-2], outside[-2]) in WILL_VERBS
        unasserted = next((o for o in UNASSERTED_AFTER if outside[-len(o):] == o or inside[: len(o)] == o), None)
        if wish or unasserted:
            opener = " ".join(outside[-2:] if wish else unasserted)
            raise FormError(f"the clause after {opener!r} states no fact (a wish or a condition), so it cannot stand alone as a hypothesis")
        return any(outside[-len(o):] == o for o in ASSERTED_AFTER)

    def indicative(self, clause: str, inner: Span, governed: bool) -> str:
        """The clause with its subjunctive verb made indicative ("ficasse" → "ficava"): the first verb after the
        reference, else before it. ``governed``: the opener requires the subjunctive, so a present subjunctive
        ("chegue" → "chega") is looked for too, and a verb that cannot be made indicative is refused."""
        toks = [t for t in tokenize(clause) if t.is_word]
        order = [t for t in toks if t.start >= inner.end] + [t for t in toks if t.end <= inner.start]
        for tok in order:
            if tok.low in CLOSED_CLASSES:
                continue
            new = self.indicative_of(tok.low, governed)
            if new is not None:
                return clause[: tok.start] + same_case(tok.text, new) + clause[tok.end :]
            if self.is_verb(tok.low) or tok.low in VERB_FORMS:
                break
        if governed:
            raise FormError("the clause is in the subjunctive and its verb has no indicative form the rules know")
        return clause

    def indicative_of(self, word: str, present: bool) -> str | None:
        """The indicative of a subjunctive form, or None: the tables, the imperfect's regular endings ("-asse" →
        "-ava"), and with ``present`` the regular present ("chegue" → "chega", "coma" → "come") when spaCy's lemma
        table gives both forms the same verb."""
        if word in SUBJUNCTIVE:
            return SUBJUNCTIVE[word]
        if present and word in PRESENT_SUBJUNCTIVE:
            return PRESENT_SUBJUNCTIVE[word]
        ending = next((e for e in SUBJUNCTIVE if e.startswith("-") and word.endswith(e[1:])), None)
        if ending is not None and len(word) > len(ending) + 1 and self.is_verb(word):
            return word[: 1 - len(ending)] + SUBJUNCTIVE[ending][1:]
        if not present:
            return None
        plural = word.endswith("m")
        stem, vowel = (word[:-2], word[-2]) if plural else (word[:-1], word[-1:])
        lemma = lemmas().get(word, "")
        if lemma.endswith("ar") and vowel == "e":
            singular = re.sub(r"gu$", "g", re.sub(r"qu$", "c", re.sub(r"c$", "ç", stem))) + "a"
        elif lemma.endswith(("er", "ir")) and vowel == "a":
            singular = re.sub(r"ç$", "c", re.sub(r"j$", "g", stem)) + "e"
        else:
            return None
        return singular + ("m" if plural else "") if lemmas().get(singular) == lemma else None

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
        edits = [self.insert(text, k, np.text)]
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
                named = f"{np.article} {np.text}" if np.article else np.text  # "apesar de o Hugo ser": no contraction
                return [(tok.start, tok.end, named)]
            if prev is not None and prev.low in PREPOSITIONS:
                return [(prev.start, tok.end, same_case(prev.text, contract(prev.low, np)))]
            return [(tok.start, tok.end, np.text)] + self.agreement(toks, i + 1, np, pron)
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

    def agreement(self, toks: Sequence[Token], j: int, np: Phrase, pron: Pronoun | None) -> list[Edit]:
        """The verb at or after token ``j`` (and a predicate after a copula) made to agree with ``np``."""
        while j < len(toks) and (toks[j].low in ADVERBS or toks[j].low in CLITICS or self.focus_adverb(toks, j)):
            j += 1
        if j >= len(toks) or not toks[j].is_word:
            return []
        verb = self.verb_part(toks[j])
        have = pron.number if pron is not None else self.verb_number(verb.low)
        edits: list[Edit] = []
        form = verb.low
        if form in CLOSED_CLASSES and form not in VERB_FORMS:  # "ela desde cedo trabalhava": no verb to inflect here
            if np.number is not None and have is not None and have != np.number:
                raise FormError(f"the verb that agrees with the reference is not next to it ({verb.text!r} stands between them)")
            return []
        if np.number is not None and have is not None and have != np.number:
            new = self.inflect_verb(verb.low, np.number)
            if new is None:
                raise FormError(f"cannot make {verb.text!r} agree with a {NUMBER_NAMES[np.number]} subject")
            edits.append((verb.start, verb.end, same_case(verb.text, new)))
            form = new
        if form not in COPULAS:
            return edits
        k = j + 1
        while k < len(toks) and toks[k].low in ADVERBS:
            k += 1
        if k >= len(toks) or not toks[k].is_word or toks[k].text[0].isupper():
            return edits
        pred = toks[k]
        if pred.low in DETERMINERS or pred.low in PREPOSITIONS or pred.low in UNCONTRACTED or self.is_verb(pred.low):
            return edits
        new = inflect_adjective(pred.text, np.gender, np.number)
        return edits + ([(pred.start, pred.end, new)] if new != pred.text else [])

    def focus_adverb(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is a preposition used as an adverb before a verb ("ele até gostou": even)."""
        return toks[j].low in FOCUS_ADVERBS and j + 1 < len(toks) and self.is_verb(toks[j + 1].low)

    # -- words --------------------------------------------------------------------------------
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

    def verb_number(self, word: str) -> str | None:
        """The number a verb form shows: "s", "p", or None for a word the tables do not know."""
        if word in VERB_NUMBER:
            return "s"
        if word in SINGULAR_OF or word.endswith(("am", "ão", "em")):
            return "p"
        if self.is_verb(word) and not word.endswith(("mos", "ar", "er", "ir", "ndo")):
            return "s"
        return None

    def inflect_verb(self, word: str, number: str) -> str | None:
        table = VERB_NUMBER if number == "p" else SINGULAR_OF
        if word in table:
            return table[word]
        for singular, plural in VERB_ENDINGS:
            have, want = (singular, plural) if number == "p" else (plural, singular)
            if word.endswith(have) and len(word) > len(have) + 1:
                return word[: -len(have)] + want
        return None
