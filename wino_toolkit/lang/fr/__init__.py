"""French: the pronoun replaced by the candidate, with the grammar that moves with it.

- subject pronouns (``il``, ``elle``, ``ils``, ``elles``, ``c'``): the candidate in their place,
  its determiner in lower case mid-sentence; ``qu'il`` becomes ``que le chat`` (``qu'Anne``
  before a vowel), ``s'il`` becomes ``si le chat``; a verb whose number no longer agrees is
  changed (``est``/``sont``, ``a``/``ont``, ``-ait``/``-aient``, ``-e``/``-ent``...), and the adjectives
  or participles after ``être`` or a copula take the candidate's gender and number ("elle était trop vieille"
  → "l'hôtel était trop vieux", :mod:`.adjectives`); a predicate that shows gender when the candidate's
  gender is unknown and its number differs is refused with the reason;
- object clitics (``le``, ``la``, ``l'``, ``les``) before the verb: the candidate goes after the
  verb, after ``pas`` in a negation and after the participle of a compound tense, whose
  agreement with the clitic is undone ("on les a punis" → "on a puni les lycéens");
  ``lui``/``leur`` before the verb likewise become ``à`` + candidate;
- stressed pronouns after a preposition: "de lui" → "du barman" (de + le = du, à + les = aux);
- possessives: "sur son dos" → "sur le dos de l'homme" (son → le/l', sa → la, ses → les, and
  ``leur`` when the noun's ending shows its gender);
- place pronouns: ``là-bas``/``dedans`` are replaced by the candidate's place phrase ("dans le
  lac"), ``y`` is dropped and the place phrase ends its clause.

An indefinite first mention is made definite, as an anaphor is ("un chat" → "le chat", "une amie" →
"l'amie", "des enfants" → "les enfants", then "du chat", "aux enfants"); one of a group stays one of it
("un des guichetiers" → "l'un des guichetiers"), a name of an institution keeps its article ("au Louvre" →
"le Louvre") and a numeral takes one ("les deux randonneurs"), see :mod:`.phrases`. The NLI hypothesis of a
clause tied to a "si" condition keeps the condition ("Si Paul a faim, Paul mangera."); a clause the sentence
does not assert (reported, believed, wished, a purpose, "sinon", "comme si") or that is no sentence on its own
("Pour le remercier", "puis la salua") gives the whole sentence instead, see :mod:`.clauses`. A marked span
that is no referring expression (an impersonal "il faut", "il y a", a word inside a candidate's mention) is
refused with "marked span is not a pronoun", and so is a possessive beside its clause's subject pronoun, an
article, or a pronoun whose gender neither candidate has (:mod:`.marking`); :meth:`French.edit_region` and
:meth:`French.may_agree` tell the minimal-edit guard what the rewrite may change.

Anything else (``en``, clitic clusters, an inverted subject, a verb the tables cannot inflect) is
a :class:`~wino_toolkit.errors.FormError` with the reason, never a guessed sentence.

The blank (WinoGrande) form reuses the rewrite (:mod:`.blanks`): the text is rewritten with ``_``
as the noun phrase, so the blank stands where a noun phrase stands, and each option is what the
disambiguated sentence puts there, determiner included ("le monument", "Le chat" starting a
sentence):

- ``qu'il`` and ``s'il`` are written out ("parce que _ avait faim"); an option that would elide
  them again ("qu'Anne") cannot be written after "que _": the item is skipped with the reason;
- an object clitic moves after its verb group like the candidate would ("on les a punis" →
  "on a puni _"), never "on _ a punis"; a clitic cluster is skipped, as for substitution;
- a possessive becomes article + noun + "de _" ("contre sa poitrine" → "contre la poitrine de
  _"); when "de" or "à" contracts with an option's article (du, des, au, aux) no one text fits
  both options, and the item is **skipped with the reason** rather than writing "de le garçon"
  or an option that is not a noun phrase ("du garçon"); the same holds for ``de lui``/``à lui``;
- place candidates must share their preposition ("nager dans _": "le lac", "la mer"), else the
  item is skipped;
- a verb or adjective that would agree with one option only ("ils ont perdu" with "Yakoutsk")
  is skipped with the reason.
"""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Language, Token
from ..blanks import SubstitutionBlank
from . import impersonal
from .adjectives import reinflect
from .agreement import TOUT, AgreementRules, adjective_number, undo_agreement
from .clauses import CLAUSE_OPENERS, ClauseRules
from .marking import MarkingRules
from .nouns import DETERMINERS
from .phrases import Phrase, PhraseRules
from .pronouns import PRONOUNS
from .rewrites import RewriteRules
from .verbs import AUXILIARIES, SUBJUNCTIVE
from .words import ADJECTIVE_ADVERBS, ADVERBS, CLITICS, NEGATION, PREPOSITIONS, SUBJECT_WORDS, tokenize

__all__ = ["French", "Phrase", "adjective_number", "tokenize", "undo_agreement"]

#: clitics whose elision changes with the verb after them ("ne sont" / "n'est"): the guard lets them follow it
AGREEING_ELISIONS = {"ne": "n'", "se": "s'", "me": "m'", "te": "t'", "je": "j'"}
#: the genders and numbers a predicate may agree with
AGREEMENTS = [(g, n) for g in ("m", "f") for n in ("s", "p")]
#: words that never agree with a subject: the guard refuses to see them inflected ("sur" → "surs")
CLOSED_CLASS = PREPOSITIONS | DETERMINERS.keys() | SUBJECT_WORDS | NEGATION | (ADVERBS - ADJECTIVE_ADVERBS) | CLITICS | frozenset(
    "que qu' et ou mais car donc si comme quand".split())


@register_language
class French(RewriteRules, AgreementRules, PhraseRules, ClauseRules, MarkingRules, SubstitutionBlank, Language):
    """Subject, object, stressed, possessive and place pronouns; see the module docstring."""

    code = "fr"
    name = "French"
    aliases = ("fr-FR", "fr-BE", "fr-CA", "fr-CH")
    PRONOUNS = PRONOUNS
    DETERMINERS = DETERMINERS
    CLAUSE_OPENERS = CLAUSE_OPENERS

    # -- public API ---------------------------------------------------------------------------
    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        return self.rewrite(item.text, span, self.phrase(item, k))

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        start, end = self.clause_bounds(item, span)
        clause = item.text[start:end]
        lead = len(clause) - len(clause.lstrip())
        clause = clause.strip()
        inner = Span(span.start - start - lead, span.end - start - lead, span.text)
        out = self.rewrite(clause, inner, self.phrase(item, k)).strip()
        before = [tok for tok in tokenize(item.text) if tok.end <= start]
        if before and self.opener_ending(before, len(before) - 1) == "subjunctive":
            out = self.indicative(out)
        return self.sentence(out)

    def blank_text(self, item: Item) -> str:
        """The text with ``_`` where the substituted noun phrase stands (see the module docstring)."""
        span = self.reference(item)
        pron = PRONOUNS.get(span.text.lower().replace("’", "'"))
        if pron is None:
            raise FormError(f"{span.text!r} is not a pronoun the French rules handle")
        places = {self.phrase(item, k).preposition for k in range(len(item.candidates))}
        if len(places) > 1:
            named = " and ".join(sorted(repr(p) if p else "none" for p in places))  # in words: never a tuple's look
            raise FormError(f"the candidates are place phrases with different prepositions ({named}): no one blank fits both")
        return self.rewrite(item.text, span, Phrase(self.BLANK, None, pron.number, places.pop()))

    def reference(self, item: Item) -> Span:
        """The marked span, refused when it is no referring expression the rules know (corpora mark one by
        mistake): an impersonal "il", a word inside a candidate's own mention, a word that is no pronoun, and
        what :mod:`.marking` refuses (a possessive beside the subject pronoun, an article, a pronoun agreeing
        with neither candidate)."""
        span = super().reference(item)
        if span.text == self.BLANK:
            return span
        if PRONOUNS.get(span.text.lower().replace("’", "'")) is None:
            raise FormError(f"marked span is not a pronoun: '{span.text}' is no pronoun form the French rules know")
        for cand in item.candidates:
            if cand.span is not None and cand.span.start < span.end and span.start < cand.span.end:
                raise FormError(f"marked span is not a pronoun: '{span.text}' lies inside the mention of '{cand.text}'")
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if t.start == span.start and t.end == span.end), None)
        if i is not None and toks[i].low == "il" and self.impersonal(toks, i):
            raise FormError(f"marked span is not a pronoun: '{span.text}' is an impersonal subject here ('{toks[i].text} "
                            f"{toks[i + 1].text} ...' stands for no one)")
        if i is not None:
            self.check_marking(item, toks, i, PRONOUNS[toks[i].low])
        return span

    def impersonal(self, toks: Sequence[Token], i: int) -> bool:
        """Whether the "il" at ``i`` is impersonal ("il faut", "il y a", "il est important de"); see :mod:`.impersonal`."""
        def low(k: int) -> str:
            return toks[k].low if k < len(toks) else ""

        j, clitic = i + 1, None
        while low(j) in ("ne", "n'", "y", "en", "se", "s'"):
            clitic = low(j) if low(j) in impersonal.AFTER_CLITIC else clitic
            j += 1
        verb = low(j)
        if verb in impersonal.ALWAYS or (clitic and verb in impersonal.AFTER_CLITIC[clitic]):
            return True
        if verb in impersonal.BEFORE_QUE and low(j + 1) in ("que", "qu'"):
            return True
        if verb in impersonal.RESTER and low(j + 1) in impersonal.QUANTITIES:
            return True
        k = j + 1
        while low(k) in ADVERBS or low(k) in NEGATION:
            k += 1
        if AUXILIARIES.get(verb) == "être":
            return low(k) in impersonal.TIMES or (low(k) in impersonal.BEFORE_DE and low(k + 1) in ("de", "d'", "que", "qu'"))
        return verb in impersonal.FAIRE and low(k) in impersonal.WEATHER

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """The pronoun, and what its rewrite moves or rebuilds: a clitic's verb group ("on les a punis" → "on a puni
        les lycéens"), a possessive's noun phrase ("sa pinte vide" → "la pinte vide de Gérard"), the clause "y"
        sends its place phrase to the end of ("qu'il y faisait chaud" → "qu'il faisait chaud sur la pelouse")."""
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if t.start == span.start and t.end == span.end), None)
        pron = PRONOUNS.get(span.text.lower().replace("’", "'"))
        if i is None or pron is None:
            return span.start, span.end
        kind = self.kind(toks, i, pron)
        if kind in ("object", "dative") and i + 1 < len(toks) and toks[i + 1].is_word:
            return span.start, toks[self.verb_group(toks, i)[0]].end
        if kind == "possessive" and i + 1 < len(toks) and toks[i + 1].is_word:
            return span.start, toks[self.noun_phrase(toks, i)[1]].end
        if kind == "locative" and toks[i].low == "y":
            return span.start, self.bounds(item.text, toks, i)[1]
        return span.start, span.end

    def may_agree(self, old: str, new: str) -> bool:
        """Whether ``old`` may become ``new`` with the subject: a verb in the other number (:mod:`.verbs`,
        :data:`~.verbs.VERB_ENDINGS`; "sont" → "est"), made indicative (:data:`~.verbs.SUBJUNCTIVE`), an adjective or participle in
        the other number or gender or with its agreement undone ("punis" → "puni", "vieille" → "vieux"),
        "toute" → "tout" before it, a clitic eliding before the new verb
        ("se" → "s'"). A word of a closed class (preposition, determiner, pronoun, adverb) never agrees."""
        a, b = old.lower().replace("’", "'"), new.lower().replace("’", "'")
        if a == b:
            return True
        if AGREEING_ELISIONS.get(a) == b or AGREEING_ELISIONS.get(b) == a or (a in TOUT and b in TOUT):
            return True
        if a in CLOSED_CLASS or b in CLOSED_CLASS:
            return False
        verbs = {a, SUBJUNCTIVE.get(a, a)}
        forms = {self.verb_number(v, n) for v in verbs for n in ("s", "p")} | verbs
        forms |= {adjective_number(a, n) for n in ("s", "p")} | {undo_agreement(a, c) for c in ("les", "la")}
        forms |= {reinflect(a, source, target) for source in AGREEMENTS for target in AGREEMENTS}
        return b in forms
