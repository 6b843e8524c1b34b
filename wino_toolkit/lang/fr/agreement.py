"""Agreement: the verb made to agree with a subject of another number, and the adjectives or participles
after être or a copula with a subject of another gender or number (:mod:`.adjectives` inflects them); a
participle's agreement with an object clitic undone once the object follows it."""
from __future__ import annotations

from typing import Sequence

from ...errors import FormError
from ..base import Edit, Token, same_case
from .adjectives import masculine_singular, reinflect
from .nouns import DETERMINERS, ELISION, UNCONTRACTED, UNELIDED, noun_gender
from .phrases import Phrase
from .pronouns import Pronoun
from .verbs import AUXILIARIES, INVARIANT_S, SINGULAR_OF, VERB_ENDINGS, VERB_NUMBER
from .words import ADJECTIVE_ADVERBS, ADVERBS, CLITICS, PREPOSITIONS, SUBJECT_WORDS, elides_article, starts_with_vowel

__all__ = ["AgreementRules", "adjective_number", "undo_agreement"]

NUMBER_NAMES = {"s": "singular", "p": "plural"}
#: participles of copulas: the adjective after them agrees too ("elle est devenue inutile")
COPULA_PARTICIPLES = frozenset("devenu redevenu resté demeuré".split())
#: words that join a second predicate to the first ("grande et forte", "grande, forte")
COORDINATORS = frozenset("et ou mais ,".split())
#: endings of the passé simple and of past participles or adjectives alike ("partit", "écrit"): after "et", either
PAST_ENDINGS = ("it", "ut", "vint", "tint")
#: endings like those that no passé simple has ("étroit", "cuit")
NOT_PAST_ENDINGS = ("oit", "uit", "ait")
#: "tout" as an adverb before an adjective, which agrees before a consonant ("toute petite", "tout étonnée")
TOUT = frozenset("tout toute toutes tous".split())
#: words that open something else than a second predicate after "et"
NOT_PREDICATES = DETERMINERS.keys() | UNCONTRACTED.keys() | SUBJECT_WORDS | PREPOSITIONS | CLITICS | COORDINATORS | frozenset(
    "que qu' qui puis ni car donc".split())
#: pronouns that can follow être ("il était celui qui..."): they do not agree with the subject
PRONOUN_PREDICATES = SUBJECT_WORDS | frozenset("celui celle ceux celles lui soi moi toi nous vous".split())
#: demonstrative pronouns, which agree in gender and number ("il était celui qui..." / "elle était celle qui...")
DEMONSTRATIVES = frozenset("celui celle ceux celles".split())
#: bare nouns that are the object of a reflexive verb's participle ("s'est rendu compte")
OBJECT_NOUNS = frozenset("compte part peur mal confiance".split())
#: participles of causative verbs, which never agree before an infinitive ("elle s'est fait couper les cheveux")
CAUSATIVES = frozenset("fait laissé".split())
#: adjectives in -er/-ir that are no infinitives ("léger", "cher")
ER_ADJECTIVES = frozenset("léger cher fier premier dernier entier étranger amer altier familier régulier".split())


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


class AgreementRules:
    """The words that agree with the subject, changed for the candidate."""

    def agreement(self, toks: Sequence[Token], i: int, pron: Pronoun, np: Phrase) -> list[Edit]:
        """Make the verb, and a predicate after être or a copula, agree with the candidate.

        The predicate takes the candidate's gender and number ("elle était vieille" → "l'hôtel était
        vieux"); "ce" agrees in the masculine singular. A candidate whose gender neither its determiner
        nor its noun shows is taken to have the pronoun's, unless its number differs too: then a
        predicate that shows gender cannot be made right, and the rewrite fails with the reason.
        """
        source = (pron.gender or "m", pron.number)
        gender = np.gender or self.noun_gender(np)
        number = np.number != pron.number
        if not (number or (gender or source[0]) != source[0]):
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
        targets = [(gender, np.number)] if gender else [(g, np.number) for g in ("m", "f")]
        return edits + self.predicate(toks, j, AUXILIARIES.get(form), source, targets, np)

    def noun_gender(self, np: Phrase) -> str | None:
        """The gender the candidate's head noun shows ("l'usine" says nothing, "les oiseaux" is masculine)."""
        words = np.text.replace("'", "' ").split()
        head = next((w for w in words if w.lower() not in DETERMINERS and w.lower() not in ("l'", "l'un", "l'une")), None)
        if head is None or not head.isalpha() or head[:1].isupper():  # a name, or the blank "_", shows none
            return None
        return noun_gender(head, np.number)

    def predicate(self, toks: Sequence[Token], j: int, aux: str | None, source: tuple[str, str],
                  targets: list[tuple[str, str]], np: Phrase) -> list[Edit]:
        """The adjectives or participles after être or a copula (``j`` is the verb) made to agree with the
        candidate: ``targets`` holds its gender and number, or both genders when its gender is unknown."""
        k = self.skip_adverbs(toks, j + 1)
        if aux == "avoir" and k < len(toks) and toks[k].low == "été":
            aux, k = "être", self.skip_adverbs(toks, k + 1)
        if aux not in ("être", "copula") or k >= len(toks) or not toks[k].is_word:
            return []
        pred = toks[k]
        if pred.low in DETERMINERS or pred.low in UNCONTRACTED:
            if source[1] != targets[0][1]:
                raise FormError(f"the predicate noun phrase at {pred.text!r} would have to change number too")
            return []
        if pred.low in DEMONSTRATIVES and targets != [source]:
            raise FormError(f"the predicate pronoun {pred.text!r} would have to agree with the candidate too")
        if pred.low in PREPOSITIONS or pred.low in PRONOUN_PREDICATES or self.reflexive_with_object(toks, j, k):
            return []
        edits = self.quantifier(toks, j + 1, k, source, targets)
        for n in self.predicates(toks, k, source):
            edits += self.agree(toks[n], source, targets, np, n == k)
        return edits

    def reflexive_with_object(self, toks: Sequence[Token], j: int, k: int) -> bool:
        """Whether the participle at ``k`` of a reflexive verb has its object after it ("s'est lavé les mains",
        "s'est rendu compte", "s'est fait couper"): it agrees with nothing then."""
        if toks[j - 1].low not in ("se", "s'") or k + 1 >= len(toks) or not toks[k + 1].is_word:
            return False
        after = toks[k + 1].low
        return after in DETERMINERS or after in OBJECT_NOUNS or toks[k].low in CAUSATIVES

    def skip_adverbs(self, toks: Sequence[Token], k: int) -> int:
        """The first token from ``k`` on that is no adverb ("n'était pas vraiment très grand"); a word that is
        also an adjective ("fort") is the predicate when nothing follows it ("il était fort.")."""
        while k < len(toks) and (toks[k].low in ADVERBS or self.adverb_in_ment(toks, k) or self.du_tout(toks, k)):
            k += self.du_tout(toks, k)
            last = k + 1 >= len(toks) or not toks[k + 1].is_word or toks[k + 1].low in COORDINATORS
            if last and toks[k].low in ADJECTIVE_ADVERBS:
                break
            k += 1
        return k

    def du_tout(self, toks: Sequence[Token], k: int) -> bool:
        """Whether "du tout" starts at ``k`` ("pas du tout effrayé"), an adverb in two words."""
        return toks[k].low == "du" and k + 1 < len(toks) and toks[k + 1].low == "tout"

    def adverb_in_ment(self, toks: Sequence[Token], k: int) -> bool:
        """An adverb in -ment before another word ("extrêmement fatigué"), not an adjective ("véhément")."""
        return toks[k].low.endswith("ment") and k + 1 < len(toks) and toks[k + 1].is_word

    def predicates(self, toks: Sequence[Token], k: int, source: tuple[str, str]) -> list[int]:
        """The predicate at ``k``, what a copula's participle introduces ("devenue inutile"), and the predicates
        coordinated with it ("distrait et paresseux")."""
        found = [k]
        while True:
            n = self.skip_adverbs(toks, k + 1)
            if masculine_singular(toks[k].low, *source) in COPULA_PARTICIPLES and n < len(toks) and toks[n].is_word:
                k = n
            elif n < len(toks) and toks[n].low in COORDINATORS:
                k = self.skip_adverbs(toks, n + 1)
                if k >= len(toks) or not self.may_be_predicate(toks[k], source):
                    return found
            else:
                return found
            found.append(k)

    def may_be_predicate(self, tok: Token, source: tuple[str, str]) -> bool:
        """Whether the word after "et" may be a second adjective rather than a verb or a new subject."""
        low = tok.low
        if not tok.is_word or tok.text[:1].isupper() or low in NOT_PREDICATES or low in AUXILIARIES:
            return False
        if low in VERB_NUMBER or low in SINGULAR_OF or low.endswith(("a", "ait", "aient")):
            return False
        return not (source[1] == "p" and low.endswith("ent"))

    def ambiguous_past(self, tok: Token, first: bool) -> bool:
        """Whether a second predicate may be a verb in the passé simple ("fatigué et partit")."""
        return not first and tok.low.endswith(PAST_ENDINGS) and not tok.low.endswith(NOT_PAST_ENDINGS)

    def agree(self, tok: Token, source: tuple[str, str], targets: list[tuple[str, str]], np: Phrase,
              first: bool) -> list[Edit]:
        """``tok`` made to agree with the candidate; refused when its gender is unknown and the word shows it, or
        when a word after "et" may be a verb as well as a participle and would change."""
        if tok.low.endswith(("er", "ir", "oir")) and tok.low not in ER_ADJECTIVES:
            return []  # an infinitive after a copula ("semblait dormir")
        forms = {reinflect(tok.text, source, target) for target in targets}
        if len(forms) > 1:
            raise FormError(f"the predicate {tok.text!r} shows gender, and neither the determiner nor the noun of "
                            f"{np.text!r} shows its gender")
        new = forms.pop()
        if new != tok.text and self.ambiguous_past(tok, first):
            raise FormError(f"{tok.text!r} after the predicate may be a verb (passé simple) or a participle; "
                            "only a participle would agree")
        return [] if new == tok.text else [(tok.start, tok.end, new)]

    def quantifier(self, toks: Sequence[Token], start: int, k: int, source: tuple[str, str],
                   targets: list[tuple[str, str]]) -> list[Edit]:
        """"tout"/"toute" before the predicate, made to agree ("toute petite" → "tout petit"); a floating "tous"
        ("ils étaient tous partis") counts a plural subject, and a singular candidate has nothing to count."""
        for n in range(start, k):
            low = toks[n].low
            if low not in TOUT or toks[n - 1].low == "du":  # "pas du tout" never agrees
                continue
            if source[1] == "p" and low in ("tous", "toutes") and targets[0][1] == "s":
                raise FormError(f"{toks[n].text!r} counts the members of a plural subject; a singular candidate has none")
            gender, number = targets[0] if len(targets) == 1 else (None, targets[0][1])
            if gender is None:
                raise FormError(f"{toks[n].text!r} shows gender, and the candidate's gender is unknown")
            feminine = gender == "f" and not elides_article(toks[k].text)
            new = ("toutes" if number == "p" else "toute") if feminine else "tout"
            if new != low:
                return [(toks[n].start, toks[n].end, same_case(toks[n].text, new))]
        return []

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
