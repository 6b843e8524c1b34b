"""English: pronoun case, possessives, reflexives, capitals, verb agreement and clause extraction.

Rules (tables in the sibling modules, decisions in ``mentions``, ``agreement`` and ``bounds``):

- Substitution puts the candidate where the pronoun was: he/him/she/her/it/they/them → "the trophy";
  his/her/its/their → "Bob's", "the demonstrators'" (a plural in -s takes only the apostrophe); a
  reflexive (himself) → the plain candidate ("Sam told Bob about Bob"): an emphatic "Bob himself" would
  add a stress the original does not have.
- The candidate is a second mention, so it is made definite ("a pillar" → "the pillar", bare "hair"
  → "the hair"); its determiner is lower-cased mid-sentence ("The trophy" → "the trophy") unless a
  capitalised word follows it ("The Beatles"); at a sentence start it is capitalised.
- A new subject makes the verb agree: "they were" → "the trophy was", "they don't" → "doesn't",
  "they fear" → "fears", "it was" → "the suitcases were"; contractions after it are spelled out
  ("they're" → "the trophy is"). The candidate's number comes from its head noun (lemma tables, a
  few lists of irregular nouns), coordination ("Sam and Amy") or its determiner; names are singular;
  nouns like "sheep" leave the verb as it is.
- A capital that only marks a sentence start in the source is not carried mid-sentence: "The Home
  Owners Association" → "the Home Owners Association", "Sentient machines" → "sentient machines";
  names, acronyms and titles keep theirs ("the CIA", "Mr. Dombey"), and a capitalised plural for a
  singular pronoun is a name ("Gates"). A determiner capitalised mid-sentence ("met The Beatles") stays.
  Plural-looking names of one thing take a singular verb ("the United States needs"; ``nouns.SINGULAR_NAMES``).
- WinoGrande's blank "_" is written for its options: the option goes in as it is (capitalised at a
  sentence start, its sentence-start capital lowered mid-sentence), without agreement or added articles.
- The NLI hypothesis follows GLUE WNLI's hand-written hypotheses (the conventions are listed in
  ``bounds``): the clause that holds the pronoun, with the same edits, made a sentence; there
  demonstratives and possessive determiners of a candidate become "the" ("his son" → "the son"), an
  opening participle holding the pronoun becomes a finite sentence, a clause the premise does not
  assert or that is no sentence gives the whole sentence (``assertion``), and a pronoun inside an "as if"
  clause gives no hypothesis (:class:`FormError`).
- ``blank`` puts "_" in place of the pronoun, "_'s" for a possessive (WinoGrande options are noun
  phrases, so the possessive ending stays in the text), "_" for a reflexive; the options are the
  candidates as they read mid-sentence (see above), with the determiner the text gives their mention
  ("his father" for the candidate "father"). A comma or stop the pronoun's span took along
  ("him,") stays after the candidate or the blank in every form.
- The NLI premise of a WinoGrande item puts back a pronoun that fits both options ("she" for two
  women's names, "it" for two things, "they" for two plurals; see ``blanks``), or reports the item.

A trained English pipeline (en_core_web_sm/md/lg/trf), when installed, tokenises the text and its
dependency parse gives the hypothesis clause (``dependencies``); it is never required: the rules
above run on the blank pipeline with spacy-lookups-data's tables.
"""
from __future__ import annotations

from ...errors import FormError
from ...schema import Item, Span
from .. import register_language
from ..base import Language, mention_text, own_mention, sentence_initial
from .agreement import Edit, role, verb_edits
from .blanks import blank_premise
from .bounds import clause_tokens, participial_opening, past_tense
from .clauses import QUESTION_STARTERS
from .expletives import dummy_it
from .guard import verb_number_changed
from .lexicon import lexicon, parse
from .mentions import candidate_phrase, capitalise, mention_before, mid_sentence, noun_number, possessive
from .pronouns import PRONOUN_CASES, PRONOUNS
from .reflexives import is_reflexive_change, reflexive_edits

__all__ = ["English"]

ARTICLES = frozenset(("the", "a", "an"))


@register_language
class English(Language):
    """Derived forms for English text (WSC, PDP, DPR, WinoGrande, SuperGLUE, WinoLogic, XWINO)."""

    code = "en"
    name = "English"

    def substitute(self, item: Item, k: int) -> str:
        span = self.reference(item)
        return _apply(item.text, self._edits(item, k, span, standalone=False), 0, len(item.text))

    def hypothesis(self, item: Item, k: int) -> str:
        span = self.reference(item)
        p = parse(item.text)
        opening = participial_opening(p, *_tokens(p, span), lexicon())
        if opening is not None:
            return self._finite_opening(item, k, span, p, opening)
        start, end = self.clause_bounds(item, span)
        edits = [e for e in self._edits(item, k, span, standalone=True) if start <= e[0] and e[1] <= end]
        return _statement(self.sentence(_tidy(_apply(item.text, edits, start, end))))

    def premise(self, item: Item) -> str:
        span = self.reference(item)
        return item.text if span.text != self.BLANK else blank_premise(item, parse(item.text), lexicon())

    def blank(self, item: Item) -> tuple[str, Span]:
        span = self.reference(item)
        if span.text == self.BLANK:
            return item.text, span
        p = parse(item.text)
        first, after = _tokens(p, span)
        pronoun_role = role(p, first, after, lexicon())
        mark = "_'s" if pronoun_role in ("possessive", "independent") else self.BLANK
        edits: list[Edit] = [(span.start, span.end, mark + _attached_punctuation(span.text))]
        if pronoun_role == "subject":  # "they're" → "_ are": "_'re" cannot follow an option
            edits += verb_edits(p, after, None, _pronoun_number(span.text) or "sg", lexicon())
        return _apply(item.text, edits, 0, len(item.text)), Span(span.start, span.start + 1, self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        """The option as it fills a blank mid-sentence: the mention with the determiner the text gives it ("his
        father" where the candidate is "father"); a capital that only marked the sentence start in the source
        goes ("The Home Owners Association" → "the Home Owners Association"); names keep theirs."""
        phrase = " ".join(mention_text(item, k).split())
        span = item.candidates[k].span if own_mention(item, k) else None
        start = None if span is None else span.start
        hint = None if item.pronoun is None else _pronoun_number(item.pronoun.text)
        if span is not None:
            phrase, before = mention_before(parse(item.text), span.start, phrase, lexicon(), hint)
            start = start if before is None else before
        initial = _starts_sentence(item.text, phrase) if start is None else sentence_initial(item.text, start)
        return mid_sentence(phrase, lexicon(), initial=initial, hint=hint)

    def sentence(self, clause: str) -> str:
        """A clause made a sentence: first letter capitalised (after any quote), full stop if none."""
        if not clause:
            raise FormError("the clause around the pronoun is empty")
        i = len(clause) - len(clause.lstrip('"“'))
        clause = clause[:i] + clause[i : i + 1].upper() + clause[i + 1 :]
        return clause if clause.rstrip('"”')[-1:] in (".", "!", "?") else clause + self.FULL_STOP

    # -- hooks ----------------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        """The marked pronoun; a piece of a word or a dummy "it" ("it is raining") refers to nothing."""
        span = super().reference(item)
        if span.is_slot:
            raise FormError("English text marks its pronoun; a zero-anaphora slot cannot be filled")
        if span.text == self.BLANK:
            return span
        text = item.text
        if text[span.start - 1 : span.start].isalnum() or text[span.end : span.end + 1].isalnum():
            raise FormError(f"marked span is not a pronoun ('{span.text}' is part of a word)")
        p = parse(text)
        if dummy_it(p, _tokens(p, span)[0], lexicon()):
            raise FormError(f"marked span is not a pronoun ('{span.text}' is a dummy subject that refers to nothing)")
        return span

    def may_agree(self, old: str, new: str) -> bool:
        """A verb after the replaced subject takes the candidate's number ("they come" → "Chelsea comes"), and
        a reflexive in its clause the candidate's number and gender ("themselves" → "himself")."""
        return super().may_agree(old, new) or verb_number_changed(old, new, lexicon()) or is_reflexive_change(old, new)

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """The pronoun, or for one inside an opening participle the participle too: the hypothesis makes it
        finite and puts the main clause's subject before it ("Stretching her back, ..." → "The woman stretched
        the girl's back.")."""
        if span.text == self.BLANK:
            return span.start, span.end
        p = parse(item.text)
        opening = participial_opening(p, *_tokens(p, span), lexicon())
        return (span.start if opening is None else p.starts[opening[0]]), span.end

    def inflect(self, item: Item, k: int, span: Span) -> str:
        """Candidate ``k`` as the pronoun's position needs it (possessive, capitalised, ...)."""
        return self._phrase(item, k, span, standalone=False)[0]

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The clause around the pronoun; for a pronoun in an opening participle, the participle's phrase,
        which the hypothesis keeps (its subject comes from the main clause, inside :meth:`edit_region`)."""
        p = parse(item.text)
        first, after = _tokens(p, span)
        opening = participial_opening(p, first, after, lexicon())
        if opening is not None:
            return p.starts[opening[0]], p.starts[opening[1]]
        protected = [(c.span.start, c.span.end) for c in item.candidates if c.span is not None]
        start, end = clause_tokens(p, first, after, protected, lexicon())
        if end <= start:
            raise FormError("no clause around the pronoun")
        return min(p.starts[start], span.start), max(p.ends[end - 1], span.end)

    # -- internals ------------------------------------------------------------------------------
    def _phrase(self, item: Item, k: int, span: Span, *, standalone: bool) -> tuple[str, str | None, str]:
        """The candidate's text in the pronoun's place, its number, and the pronoun's role."""
        text = item.text
        lex = lexicon()
        if span.text == self.BLANK:
            phrase = " ".join(item.candidates[k].text.split())
            if sentence_initial(text, span.start):
                return capitalise(phrase), None, "blank"
            return mid_sentence(phrase, lex, initial=_starts_sentence(text, phrase)), None, "blank"
        p = parse(text)
        first, after = _tokens(p, span)
        if first > 0 and p.lower[first - 1] in ARTICLES:
            raise FormError(f"an article stands before the pronoun ({p.words[first - 1]} {span.text})")
        pronoun_role = role(p, first, after, lex)
        hint = _pronoun_number(span.text)
        phrase = candidate_phrase(item, k, p, lex, standalone=standalone, hint=hint)
        number = noun_number(phrase, lex, hint)
        cases = PRONOUN_CASES.get(phrase.lower())
        if cases is not None:  # a pronoun candidate takes the case of the position: "him" → "he"
            phrase = cases["object" if pronoun_role == "reflexive" else pronoun_role]
        elif pronoun_role in ("possessive", "independent"):
            phrase = possessive(phrase, number, "’" if "’" in text and "'" not in text else "'")
        if sentence_initial(text, span.start):
            phrase = capitalise(phrase)
        return phrase, number, pronoun_role

    def _finite_opening(self, item: Item, k: int, span: Span, p, opening: tuple[int, int, int, int]) -> str:
        """ "Muttering about the weather to herself, she left" → "She muttered about the weather to Mary.":
        the main clause's subject, the participle in the past tense, the rest of the opening."""
        verb, comma, subject_start, subject_end = opening
        start, end = p.starts[verb], p.starts[comma]
        edits = [e for e in self._edits(item, k, span, standalone=True) if start <= e[0] and e[1] <= end]
        edits.append((p.starts[verb], p.ends[verb], past_tense(p.words[verb], lexicon())))
        subject = item.text[p.starts[subject_start] : p.ends[subject_end - 1]]
        return self.sentence(_tidy(subject + " " + _apply(item.text, edits, start, end)))

    def _edits(self, item: Item, k: int, span: Span, *, standalone: bool) -> list[Edit]:
        phrase, number, pronoun_role = self._phrase(item, k, span, standalone=standalone)
        edits: list[Edit] = [(span.start, span.end, phrase + _attached_punctuation(span.text))]
        if pronoun_role == "subject":
            p = parse(item.text)
            was = _pronoun_number(span.text) or noun_number(span.text, lexicon()) or "sg"
            edits += verb_edits(p, _tokens(p, span)[1], number, was, lexicon())
            edits += reflexive_edits(p, _tokens(p, span)[1], span.text, phrase, lexicon())
        return edits


def _statement(hypothesis: str) -> str:
    """A clause cut out of a question is a statement: its "?" becomes "." unless it opens like a question."""
    first = hypothesis.lstrip('"“').split(" ", 1)[0].lower()
    if hypothesis.endswith("?") and first not in QUESTION_STARTERS:
        return hypothesis[:-1] + "."
    return hypothesis


def _starts_sentence(text: str, phrase: str) -> bool:
    """Whether ``phrase`` (an option not located in the text) stands at a sentence start there."""
    at = text.find(phrase)
    while at >= 0:
        if sentence_initial(text, at):
            return True
        at = text.find(phrase, at + 1)
    return False


def _attached_punctuation(pronoun: str) -> str:
    """A comma or stop that the source's pronoun span took along ("him,"): it stays in the text."""
    return pronoun[len(pronoun.rstrip(",.;:!?")) :]


def _pronoun_number(text: str) -> str | None:
    entry = PRONOUNS.get(text.lower())
    return None if entry is None else entry[1]


def _tokens(p, span: Span) -> tuple[int, int]:
    """Token range of the pronoun (its tokens may be more than one: DPR's "the man")."""
    first = p.token_at(span.start)
    after = max(p.token_at(span.end), first + 1)
    if first >= len(p.words):
        raise FormError(f"the pronoun {span.text!r} is not a word of the text")
    return first, after


def _apply(text: str, edits: list[Edit], start: int, end: int) -> str:
    out, at = [], start
    for a, b, new in sorted(edits):
        out.append(text[at:a])
        out.append(new)
        at = b
    out.append(text[at:end])
    return "".join(out)


def _tidy(clause: str) -> str:
    """A clause on one line, without dangling commas, a space before its full stop, or unmatched quotes."""
    clause = " ".join(clause.split()).strip(",").strip()
    if len(clause) > 2 and clause[-2] == " " and clause[-1] in ".!?":
        clause = clause[:-2] + clause[-1]
    if clause.count('"') % 2:
        clause = clause[1:] if clause.startswith('"') else clause[:-1] if clause.endswith('"') else clause
    if clause[:1] in "\"“" and clause.rstrip(".!?")[-1:] in "\"”" and sum(clause.count(q) for q in "\"“”") == 2:
        clause = clause[1:].replace("”", "").replace('"', "")  # reported speech: the quoted words alone
    if clause.startswith("“") and "”" not in clause:
        clause = clause[1:]
    if clause.endswith("”") and "“" not in clause:
        clause = clause[:-1]
    return clause.strip().rstrip(",;:").strip()
