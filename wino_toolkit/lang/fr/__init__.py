"""French: the pronoun replaced by the candidate, with the grammar that moves with it.

- subject pronouns (``il``, ``elle``, ``ils``, ``elles``, ``c'``): the candidate in their place,
  its determiner in lower case mid-sentence; ``qu'il`` becomes ``que le chat`` (``qu'Anne``
  before a vowel), ``s'il`` becomes ``si le chat``; a verb whose number no longer agrees is
  changed (``est``/``sont``, ``a``/``ont``, ``-ait``/``-aient``, ``-e``/``-ent``...), and so is
  the adjective or participle after ``être``;
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
"l'amie", "des enfants" → "les enfants", then "du chat", "aux enfants"). The NLI hypothesis of a clause
tied to a "si" condition keeps the condition ("Si Paul a faim, Paul mangera."). A marked span that is no
referring expression (an impersonal "il faut", "il y a", a word inside a candidate's mention) is refused
with "marked span is not a pronoun"; :meth:`French.edit_region` and :meth:`French.may_agree` tell the
minimal-edit guard what the rewrite may change.

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

import re
from functools import lru_cache
from typing import NamedTuple, Sequence

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Edit, Language, apply, sentence_initial
from .abbreviations import ABBREVIATIONS
from .adjectives import PRENOMINAL
from .adverbs import ADVERBS
from .auxiliaries import AUXILIARIES
from ..blanks import SubstitutionBlank
from .clauses import CLAUSE_OPENERS
from .clitics import CLITICS
from .completives import COMPLETIVE_FORMS
from .contractions import CONTRACTIONS
from .determiners import DETERMINERS, INDEFINITE
from .elision import ASPIRATED_H, ELISION, MUTE_H
from .endings import VERB_ENDINGS
from . import impersonal
from .negation import NEGATION
from .nouns import NOUN_GENDER
from .participles import INVARIANT_S
from .postnominal import POSTNOMINAL
from .prepositions import PREPOSITIONS
from .pronouns import PRONOUNS, Pronoun
from .subjects import SUBJECT_WORDS
from .subjunctive import SUBJUNCTIVE
from .verbs import VERB_NUMBER

__all__ = ["French", "Phrase"]

TOKEN = re.compile(r"\w+['’](?=\w)|\w+(?:-\w+)*|[^\w\s]")
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")
SENTENCE_END = frozenset(".!?…")
CLAUSE_PUNCT = frozenset(",;:")
#: prepositions a place candidate may come with ("dans le lac")
PLACE_PREPOSITIONS = frozenset("dans sur sous en chez vers derrière devant".split())
#: what an answer may open with when it names a possessor ("celle de la femme", "du barman")
POSSESSOR_HEADS = frozenset("celle celui ceux celles".split())
UNCONTRACTED = {"du": "le", "au": "le", "aux": "les"}
UNELIDED = {elided: full for full, elided in ELISION.items() if full not in ("le", "la")}
SINGULAR_OF = {plural: singular for singular, plural in VERB_NUMBER.items()}
NUMBER_NAMES = {"s": "singular", "p": "plural"}
#: clitics whose elision changes with the verb after them ("ne sont" / "n'est"): the guard lets them follow it
AGREEING_ELISIONS = {"ne": "n'", "se": "s'", "me": "m'", "te": "t'", "je": "j'"}
#: words that never agree with a subject: the guard refuses to see them inflected ("sur" → "surs")
CLOSED_CLASS = PREPOSITIONS | DETERMINERS.keys() | SUBJECT_WORDS | NEGATION | ADVERBS | CLITICS | frozenset(
    "que qu' et ou mais car donc si comme quand".split())


class Token(NamedTuple):
    start: int
    end: int
    text: str
    low: str  # lower case, typographic apostrophe made plain

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum()


class Phrase(NamedTuple):
    """A candidate as a French noun phrase: "la coupe", with what agreement needs to know."""

    text: str  # determiner in lower case
    gender: str | None  # "m", "f", None when unknown (names, "l'", "les")
    number: str  # "s" or "p"
    preposition: str | None  # the place preposition the candidate came with ("dans le lac")


def _openers_by(edge: int) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """:data:`CLAUSE_OPENERS` indexed by their first (``edge=0``) or last (``-1``) word, in table order."""
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for words, kind in CLAUSE_OPENERS.items():
        out.setdefault(words[edge], []).append((words, kind))
    return out


OPENERS_BY_FIRST = _openers_by(0)
OPENERS_BY_LAST = _openers_by(-1)


@lru_cache(maxsize=4096)
def tokenize(text: str) -> tuple[Token, ...]:
    """The tokens of ``text``; memoised, as every form asks again for the same texts and clauses."""
    return tuple(Token(m.start(), m.end(), m.group(), m.group().lower().replace("’", "'")) for m in TOKEN.finditer(text))


def starts_with_vowel(word: str) -> bool:
    return bool(word) and word[0].lower() in VOWELS


def elides_article(word: str) -> bool:
    """Whether le/la become l' before ``word``: a vowel or a mute h ("l'homme"), not an aspirated one ("le héros")."""
    low = word.lower()
    if not low.startswith("h"):
        return starts_with_vowel(low)
    if low in MUTE_H:
        return True
    if low in ASPIRATED_H:
        return False
    raise FormError(f"cannot tell whether the h of '{word}' is silent (le or l')")


def definite(text: str, det: str) -> str:
    """An indefinite noun phrase made definite, as a pronoun refers back to it: "un arbre" → "l'arbre"."""
    rest = text[len(det) :].lstrip()
    head = rest.split(" ", 1)[0].lower()
    if head in ("de", "des", "du") or head.startswith("d'"):
        raise FormError(f"the candidate '{text}' names one of a group; no definite noun phrase stands for it")
    article = INDEFINITE[det]
    return "l'" + rest if article != "les" and elides_article(head) else f"{article} {rest}"


def same_case(model: str, word: str) -> str:
    """``word`` with the capital of ``model``'s first letter ("Qu'" → "Que")."""
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def with_de(np: Phrase) -> str:
    """de + noun phrase, contracted and elided: "du barman", "des cerfs", "d'Anne", "de la femme"."""
    first, _, rest = np.text.partition(" ")
    if rest and ("de", first) in CONTRACTIONS:
        return f"{CONTRACTIONS['de', first]} {rest}"
    if first == "des":
        return np.text
    return ("d'" if starts_with_vowel(np.text) else "de ") + np.text


def with_a(np: Phrase) -> str:
    """à + noun phrase, contracted: "au barman", "aux lycéens", "à l'homme"."""
    first, _, rest = np.text.partition(" ")
    if rest and ("à", first) in CONTRACTIONS:
        return f"{CONTRACTIONS['à', first]} {rest}"
    return "à " + np.text


def adjective_number(word: str, number: str) -> str:
    """An adjective or participle in the other number: "grands" → "grand", "égal" → "égaux"."""
    low = word.lower()
    if number == "p":
        if low.endswith(("s", "x", "z")):
            return word
        if low.endswith("al"):
            return word[:-2] + "aux"
        return word + ("x" if low.endswith("eau") else "s")
    if low in INVARIANT_S or not low.endswith(("s", "x")):
        return word
    if low.endswith("eaux"):
        return word[:-1]
    if low.endswith("aux"):
        return word[:-3] + "al"
    return word if low.endswith("x") else word[:-1]


def undo_agreement(participle: str, clitic: str) -> str:
    """The participle of avoir made masculine singular once its object follows it ("punis" → "puni")."""
    low = participle.lower()
    if clitic == "les":
        if low.endswith("es") and low[:-2].endswith(("é", "i", "u", "s", "t")):
            return participle[:-2]
        return participle if low in INVARIANT_S or not low.endswith("s") else participle[:-1]
    if clitic in ("la", "l'") and low.endswith(("ée", "ie", "ue", "se", "te")):
        return participle[:-1]
    return participle


@register_language
class French(SubstitutionBlank, Language):
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

    def indicative(self, clause: str) -> str:
        """The clause's first subjunctive verb made indicative ("la carafe soit vide" → "... est vide")."""
        for tok in tokenize(clause):
            if tok.low in SUBJUNCTIVE:
                return clause[: tok.start] + SUBJUNCTIVE[tok.low] + clause[tok.end :]
        return clause

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        toks = tokenize(item.text)
        i = next((n for n, t in enumerate(toks) if t.start <= span.start < t.end), None)
        if i is None:
            raise FormError(f"the pronoun {span.text!r} is not a word of the text")
        return self.with_condition(item.text, toks, *self.bounds(item.text, toks, i))

    def with_condition(self, text: str, toks: Sequence[Token], start: int, end: int) -> tuple[int, int]:
        """The clause ``[start, end)`` widened to its "si" condition, or a "si" clause to the clause it conditions:
        neither holds alone ("Si Paul a faim, il mangera" does not say that anyone eats)."""
        inside = [n for n, t in enumerate(toks) if start <= t.start and t.end <= end]
        if not inside:
            return start, end
        first, last = inside[0], inside[-1]
        if first > 0 and self.opens_condition(toks, first - 1):
            opener = first - 1
            if opener > 0 and not self.ends_sentence(toks, opener - 1):  # "... vendra si elle ..."
                j = opener - 1 if toks[opener - 1].is_word else opener - 2
                if j >= 0:
                    return self.bounds(text, toks, j)[0], end
            if last + 2 < len(toks) and toks[last + 1].low in (",", "alors"):  # "Si elle ..., Marie ..."
                return toks[opener].start, self.bounds(text, toks, last + 2)[1]
            return toks[opener].start, end  # "Si la chance ... il aurait perdu": the main clause follows unmarked
        if first >= 2 and toks[first - 1].low in (",", "alors"):
            before = self.bounds(text, toks, first - 2)[0]
            opener = next((n for n, t in enumerate(toks) if t.start >= before), first) - 1
            if opener >= 0 and self.opens_condition(toks, opener):
                return toks[opener].start, end
        after = last + 1 + (last + 1 < len(toks) and toks[last + 1].text == ",")
        if after + 1 < len(toks) and self.opens_condition(toks, after):  # "Marie viendra(,) si ..."
            return start, self.bounds(text, toks, after + 1)[1]
        return start, end

    def opens_condition(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is the "si" (or "s'") that opens a clause, not the adverb of "si grand"."""
        return toks[j].low in ("si", "s'") and self.subject_follows(toks, j + 1)

    def reference(self, item: Item) -> Span:
        """The marked span, refused when it is no referring expression the rules know (corpora mark one by
        mistake): an impersonal "il", a word inside a candidate's own mention, a word that is no pronoun."""
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
        :mod:`.endings`; "sont" → "est"), made indicative (:mod:`.subjunctive`), an adjective or participle in
        the other number or with its agreement undone ("punis" → "puni"), a clitic eliding before the new verb
        ("se" → "s'"). A word of a closed class (preposition, determiner, pronoun, adverb) never agrees."""
        a, b = old.lower().replace("’", "'"), new.lower().replace("’", "'")
        if a == b:
            return True
        if AGREEING_ELISIONS.get(a) == b or AGREEING_ELISIONS.get(b) == a:
            return True
        if a in CLOSED_CLASS or b in CLOSED_CLASS:
            return False
        verbs = {a, SUBJUNCTIVE.get(a, a)}
        forms = {self.verb_number(v, n) for v in verbs for n in ("s", "p")} | verbs
        forms |= {adjective_number(a, n) for n in ("s", "p")} | {undo_agreement(a, c) for c in ("les", "la")}
        return b in forms

    # -- the candidate ------------------------------------------------------------------------
    def phrase(self, item: Item, k: int) -> Phrase:
        """Candidate ``k`` as a noun phrase: "du barman" → "le barman", "dans le lac" keeps "dans", and an
        indefinite first mention made definite ("un chat" → "le chat", "des enfants" → "les enfants").

        A bare noun ("monument", as XWINO lists candidates) takes the determiner before its
        mention in the text ("ce monument"); a bare noun without one is an error.
        """
        cand = item.candidates[k]
        words = cand.text.split()
        if not words:
            raise FormError(f"candidate {k} is empty")
        low = [w.lower().replace("’", "'") for w in words]
        if low[0] in POSSESSOR_HEADS and len(words) > 2 and (low[1] in ("de", "du", "des") or low[1].startswith("d'")):
            words, low = words[1:], low[1:]
        preposition = None
        if low[0] in PLACE_PREPOSITIONS and len(words) > 1:
            preposition, words, low = low[0], words[1:], low[1:]
        if low[0] in UNCONTRACTED and len(words) > 1:
            words, low = [UNCONTRACTED[low[0]], *words[1:]], [UNCONTRACTED[low[0]], *low[1:]]
        elif low[0] in ("de", "à") and len(words) > 1:
            words, low = words[1:], low[1:]
        elif low[0].startswith("d'") and len(low[0]) > 2:
            words, low = [words[0][2:], *words[1:]], [low[0][2:], *low[1:]]
        text = " ".join(words)
        det = low[0] if low[0] in DETERMINERS else ("l'" if low[0].startswith("l'") else None)
        if det is not None:
            text = text[: len(det)].lower() + text[len(det) :]
        elif text[0].islower():
            det = self.determiner_before(item, k)
            text = det + ("" if det.endswith("'") else " ") + text
        gender, number = DETERMINERS.get(det, (None, "s")) if det else (None, "s")
        if det in INDEFINITE:
            text = definite(text, det)
        if " et " in f" {text} ":
            number = "p"
        return Phrase(text, gender, number, preposition)

    def determiner_before(self, item: Item, k: int) -> str:
        """The determiner before candidate ``k``'s mention, uncontracted ("au témoin" → "le")."""
        cand = item.candidates[k]
        if cand.span is not None:
            before = tokenize(item.text[: cand.span.start])
            if before:
                word = before[-1].low
                word = UNCONTRACTED.get(word, word)
                if word in DETERMINERS or word == "l'":
                    return word
        raise FormError(f"candidate {cand.text!r} has no determiner, and none stands before its mention")

    # -- the rewrite --------------------------------------------------------------------------
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

    def agreement(self, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        """Make the verb (and a predicate after être) agree with a candidate of another number.

        A candidate of the other gender than the pronoun is fine unless a predicate adjective
        or participle agrees with the pronoun ("elle est grande"): that fails.
        """
        number = np.number != pron.number
        gender = np.gender is not None and pron.gender is not None and np.gender != pron.gender
        if not (number or gender):
            return []
        j = i + 1
        while j < len(toks) and toks[j].low in CLITICS:
            j += 1
        if j >= len(toks) or not toks[j].is_word:
            if number:
                raise FormError("no verb after the subject to make agree with the candidate")
            return []
        verb, edits = toks[j], []
        form = verb.low
        if number:
            new = self.verb_number(form, np.number)
            if new is None:
                raise FormError(f"cannot make {verb.text!r} agree with a {NUMBER_NAMES[np.number]} subject")
            edits += self.junction(toks[j - 1] if j - 1 > i else None, verb, same_case(verb.text, new))
            form = new
        return edits + self.predicate(toks, j, AUXILIARIES.get(form), number and np.number, gender)

    def predicate(self, toks: Sequence[Token], j: int, aux: str | None, number: str | None, gender: bool) -> list[Edit]:
        """The adjective or participle after être (``j`` is the verb) put in ``number``."""
        k = j + 1
        while k < len(toks) and toks[k].low in ADVERBS:
            k += 1
        if aux == "avoir" and k < len(toks) and toks[k].low == "été":
            aux, k = "être", k + 1
            while k < len(toks) and toks[k].low in ADVERBS:
                k += 1
        if aux not in ("être", "copula") or k >= len(toks) or not toks[k].is_word:
            return []
        pred = toks[k]
        if pred.low in DETERMINERS or pred.low in UNCONTRACTED:
            if number:
                raise FormError(f"the predicate noun phrase at {pred.text!r} would have to change number too")
            return []
        if pred.low in PREPOSITIONS:
            return []
        if gender:
            raise FormError(f"the predicate {pred.text!r} agrees in gender with the pronoun, not the candidate")
        return [(pred.start, pred.end, adjective_number(pred.text, number))] if number else []

    def verb_number(self, word: str, number: str) -> str | None:
        """The third-person form of ``word`` in ``number``, or None when the tables do not know it."""
        table = VERB_NUMBER if number == "p" else SINGULAR_OF
        if word in table:
            return table[word]
        for singular, plural, exceptions in VERB_ENDINGS:
            have, want = (singular, plural) if number == "p" else (plural, singular)
            if word.endswith(have) and len(word) > len(have) + 1:
                return None if number == "s" and word.endswith(exceptions) else word[: -len(have)] + want
        return None

    def junction(self, before: Token | None, verb: Token, new: str) -> list[Edit]:
        """Replace ``verb`` by ``new``, eliding or un-eliding the clitic glued before it."""
        if before is not None and before.low.endswith("'") and before.end == verb.start and not starts_with_vowel(new):
            full = UNELIDED.get(before.low)
            if full is None:
                raise FormError(f"cannot undo the elision of {before.text!r} before {new!r}")
            return [(before.start, verb.end, same_case(before.text, full) + " " + new)]
        if before is not None and before.low in ELISION and starts_with_vowel(new):
            return [(before.start, verb.end, same_case(before.text, ELISION[before.low]) + new)]
        return [(verb.start, verb.end, new)]

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
        if prev is not None and prev.low in CLITICS and prev.low not in ("ne", "n'"):
            raise FormError(f"'{prev.text} {tok.text}' is a clitic cluster; only a lone clitic is moved")
        if i + 1 >= len(toks) or not toks[i + 1].is_word:
            raise FormError(f"no verb after the clitic '{tok.text}'")
        verb = toks[i + 1]
        if verb.low in CLITICS:
            raise FormError(f"'{tok.text} {verb.text}' is a clitic cluster; only a lone clitic is moved")
        if verb.low in DETERMINERS or verb.low in PREPOSITIONS or verb.text[0].isupper():
            raise FormError(f"'{tok.text}' is not followed by a verb, so it is not an object pronoun here")
        j, participle = self.verb_group(toks, i)
        last, edits = toks[j], []
        if participle and AUXILIARIES.get(verb.low) == "avoir":
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
        if AUXILIARIES.get(toks[i + 1].low) in ("avoir", "être"):
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

    # -- clauses ------------------------------------------------------------------------------
    def bounds(self, text: str, toks: Sequence[Token], i: int) -> tuple[int, int]:
        """Start and end of the clause holding token ``i``.

        A clause ends at sentence punctuation, at , ; : and at a word of :data:`CLAUSE_OPENERS`.
        Going left, a comma or a coordinator counts only when a subject follows it, so that a
        verb phrase is not cut from its subject ("Thomas a dit ... et a déplacé son fou").
        """
        start = 0
        for j in range(i - 1, -1, -1):
            tok = toks[j]
            if self.ends_sentence(toks, j):
                start = tok.end
                break
            opener = "coordinator" if tok.text in CLAUSE_PUNCT else self.opener_ending(toks, j)
            if opener and (opener != "coordinator" or self.subject_follows(toks, j + 1)):
                start = tok.end
                break
            if self.completive(toks, j):  # "Elle pense que | le pull ...": the frame is cut
                start = tok.end
                break
        end = len(text)
        for j in range(i + 1, len(toks)):
            tok = toks[j]
            if self.ends_sentence(toks, j) or tok.text in CLAUSE_PUNCT or self.opener_starting(toks, j):
                end = tok.start
                break
        return start, end

    def completive(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is the "que" of a verb's object clause (:mod:`.completives`): after the verb, or
        after the verb and its object ("a informé Michel que"), with a subject after it."""
        if toks[j].low not in ("que", "qu'") or not self.subject_follows(toks, j + 1):
            return False
        before = [t for t in toks[max(j - 3, 0) : j] if t.is_word]
        if before and before[-1].low in COMPLETIVE_FORMS:
            return True
        return len(before) >= 2 and before[-2].low in COMPLETIVE_FORMS and (before[-1].text[:1].isupper() or before[-1].low in ("lui", "leur", "me", "te", "nous", "vous"))

    def ends_sentence(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` is a full stop (or ! ?) that ends a sentence, not an abbreviation's."""
        return toks[j].text in SENTENCE_END and not (toks[j].text == "." and j and toks[j - 1].low in ABBREVIATIONS)

    def opener_ending(self, toks: Sequence[Token], j: int) -> str | None:
        """The kind of the clause opener (see :data:`CLAUSE_OPENERS`) that ends with token ``j``, if any."""
        for words, kind in OPENERS_BY_LAST.get(toks[j].low, ()):
            n = len(words)
            if j + 1 >= n and tuple(t.low for t in toks[j + 1 - n : j + 1]) == words:
                return kind
        return None

    def opener_starting(self, toks: Sequence[Token], j: int) -> bool:
        """Whether a clause opener starts at token ``j`` (a coordinator only before a subject)."""
        return any(
            tuple(t.low for t in toks[j : j + len(words)]) == words
            and (kind != "coordinator" or self.subject_follows(toks, j + len(words)))
            for words, kind in OPENERS_BY_FIRST.get(toks[j].low, ())
        )

    def subject_follows(self, toks: Sequence[Token], j: int) -> bool:
        """Whether token ``j`` can open a clause as its subject: a pronoun, a determiner, a name."""
        if j >= len(toks):
            return False
        tok = toks[j]
        if tok.low in ("le", "la", "les", "l'") and j + 1 < len(toks) and toks[j + 1].low in AUXILIARIES:
            return False  # an object clitic before its verb ("et l'a invitée")
        return tok.low in SUBJECT_WORDS or tok.low in DETERMINERS or tok.low == "l'" or tok.text[:1].isupper()
