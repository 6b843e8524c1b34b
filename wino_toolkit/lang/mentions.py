"""Where a candidate or a pronoun is mentioned in a sentence: the one finder every format reader uses.

Readers of corpora that do not mark spans (PWS, DPR, WinoLogic, the XML dialects, the Portuguese
and French releases) must find the candidate's words and the pronoun in the text themselves. They
all ask the same questions, answered here once:

- *whole words*: a match never starts or ends inside a word ("he" is not in "the");
- *exact case first, then folded*: "The bee" is found as "the bee" only where no "The bee" is;
- *leading determiners dropped*: an answer written "the witness" is mentioned as "witness" in
  "to his witness";
- *pronouns by language*: the forms to look for come from the tables under ``lang/<code>/``,
  strongest first (see :func:`snippet_pronouns` and :func:`question_pronouns`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Collection, Iterable, Iterator

from ..schema import Span

__all__ = [
    "CJK", "WORD", "agreeing_first", "first_mention", "first_verbatim", "fold", "mentions", "pronoun_spans", "pronouns_in",
    "question_pronouns", "snippet_pronouns", "spans_of", "with_fewer_determiners", "word_regex",
]

#: a word, with a hyphen before it where it has one (a Portuguese enclitic: "encontrá-lo")
WORD = re.compile(r"-?\w+")
#: languages written without spaces: pronouns are found inside runs of characters, not as words
CJK = ("ja", "zh")


def word_regex(phrase: str, *, spacing: str = "exact", edges: str = "always") -> str:
    """``phrase`` as a regular expression that matches it as whole words.

    ``spacing``: ``"exact"`` (the phrase as written), ``"words"`` (any whitespace between its words) or
    ``"chars"`` (any whitespace, or none, between its characters: a spelling that spaces differently).
    ``edges``: ``"always"`` (nothing word-like just before or after the match), ``"letters"`` (so only where
    the phrase's own edge is a word character: "(the cat)" may follow a letter) or ``"none"`` (a substring)."""
    if spacing == "words":
        body = r"\s+".join(map(re.escape, phrase.split()))
    elif spacing == "chars":
        body = r"\s*".join(re.escape(ch) for ch in phrase if not ch.isspace())
    else:
        body = re.escape(phrase)
    if edges == "none":
        return body
    if edges == "letters":
        return (r"(?<!\w)" if re.match(r"\w", phrase[0]) else "") + body + (r"(?!\w)" if re.match(r"\w", phrase[-1]) else "")
    return rf"(?<!\w){body}(?!\w)"


def spans_of(matches: Iterator[re.Match]) -> list[Span]:
    """The matches as spans of the text they were found in."""
    return [Span(m.start(), m.end(), m.group()) for m in matches]


def mentions(text: str, phrase: str, *, folded: bool = False, spacing: str = "exact", edges: str = "always") -> list[Span]:
    """Every whole-word mention of ``phrase`` in ``text``, in order; ``folded`` ignores case."""
    return spans_of(re.finditer(word_regex(phrase, spacing=spacing, edges=edges), text, re.IGNORECASE if folded else 0))


def first_mention(text: str, phrase: str, *, exact_first: bool = True, spacing: str = "exact", edges: str = "always") -> Span | None:
    """The first whole-word mention of ``phrase``: in its exact case where there is one (``exact_first``),
    else ignoring case; None for an empty phrase (with ``spacing``, a blank one) or none found."""
    if not (phrase if spacing == "exact" else phrase.split()):
        return None
    pattern = word_regex(phrase, spacing=spacing, edges=edges)
    for flags in ((0, re.IGNORECASE) if exact_first else (re.IGNORECASE,)):
        found = re.search(pattern, text, flags)
        if found:
            return Span(found.start(), found.end(), found.group())
    return None


def first_verbatim(text: str, phrase: str) -> Span | None:
    """The first occurrence of ``phrase`` exactly as written, inside a word too: for a source that copies its
    candidates into the sentence verbatim (WinoGrande's options), or a script without spaces (Chinese)."""
    at = text.find(phrase)
    return None if at < 0 else Span(at, at + len(phrase), phrase)


def with_fewer_determiners(phrase: str, determiners: Collection[str], most: int | None = None, elided: bool = False) -> Iterator[str]:
    """The phrase, then the phrase without its first word while that word is one of ``determiners`` (lower
    case), at most ``most`` times (None: every leading determiner): "a sua mãe", "sua mãe", "mãe". With
    ``elided``, a determiner elided before an apostrophe goes too ("de l'homme", "l'homme", "homme")."""
    yield phrase
    dropped = 0
    while most is None or dropped < most:
        parts = phrase.split(None, 1)
        if not parts:
            return
        head, _, tail = parts[0].partition("'") if elided else (parts[0], "", "")
        if head.lower() not in determiners or not tail and len(parts) < 2:
            return
        phrase = " ".join([tail, *parts[1:]]) if tail else parts[1]
        dropped += 1
        yield phrase


def fold(word: str, language: str) -> str:
    """A word as the pronoun tables spell it: lower case, and in Russian ё written е."""
    word = word.lower()
    return word.replace("ё", "е") if language == "ru" else word


def pronouns_in(text: str, start: int, end: int, forms: frozenset[str], language: str) -> list[Span]:
    """The words of ``text[start:end]`` (a phrase known to hold the pronoun) that are among ``forms``; a word
    after a hyphen (a Portuguese enclitic, "encontrá-lo") is found as itself or as its ``"-"`` form, and its
    span leaves the hyphen out."""
    found = []
    for m in WORD.finditer(text[start:end]):
        bare = m.group().lstrip("-")
        key = fold(bare, language)
        if key in forms or (bare != m.group() and "-" + key in forms):
            at = start + m.end() - len(bare)
            found.append(Span(at, at + len(bare), bare))
    return found


def agreeing_first(found: list[Span], answers: Iterable[str], language: str) -> list[Span]:
    """``found`` with the pronouns agreeing in gender with both answers first, where the answers say one gender
    (Portuguese, whose answers carry their article: "O livro" → "ele"); as it is elsewhere."""
    if language != "pt" or len(found) < 2:
        return found
    from .pt.anaphors import ARTICLE_GENDER
    from .pt.pronouns import PRONOUNS as PT

    genders = {ARTICLE_GENDER.get(a.split()[0].lower()) if a.split() else None for a in answers}
    if len(genders) != 1 or None in genders:
        return found
    gender = genders.pop()
    return sorted(found, key=lambda span: PT.get(span.text.lower(), None) is None or PT[span.text.lower()].gender not in (gender, None))


def pronoun_spans(text: str, forms: frozenset[str], language: str) -> list[Span]:
    """Where ``forms`` occur in ``text``: whole words (after an elision too: "qu'elle"; whole tokens of Chinese
    written segmented, as PWS does), or, in Chinese and Japanese, longest forms first without overlap (彼女 is
    not 彼) and not inside another word (其他, それぞれ: the tables ``lang/zh/anaphors.py``, ``lang/ja/anaphors.py``)."""
    if language not in CJK:
        return [Span(m.start(), m.end(), m.group()) for m in WORD.finditer(text) if fold(m.group(), language) in forms]
    if language == "zh" and " " in text.strip():
        return [Span(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+", text) if m.group() in forms]
    from .ja.anaphors import NOT_PRONOUN_AFTER
    from .zh.anaphors import NOT_PRONOUN_BEFORE

    spans: list[Span] = []
    taken: set[int] = set()
    for form in sorted(forms, key=len, reverse=True):
        for m in re.finditer(re.escape(form), text):
            if taken & set(range(m.start(), m.end())):
                continue
            if language == "ja" and form.startswith("それ") and text.startswith(NOT_PRONOUN_AFTER, m.end()):
                continue
            if language == "zh" and text[m.start() - 1 : m.start()] in NOT_PRONOUN_BEFORE and m.start():
                continue
            taken.update(range(m.start(), m.end()))
            spans.append(Span(m.start(), m.end(), form))
    return sorted(spans, key=lambda s: s.start)


@lru_cache(maxsize=None)
def snippet_pronouns() -> dict[str, tuple[frozenset[str], ...]]:
    """Per base language, the pronoun forms to look for in a phrase known to hold the pronoun ("they feared
    violence"), strongest first (lower case; Russian ё as е)."""
    from .en.pronouns import PRONOUNS as EN
    from .pt.pronouns import PRONOUNS as PT
    from .ru.anaphors import DEMONSTRATIVES
    from .ru.pronouns import PERSONAL, REFLEXIVE

    strong_pt = frozenset(form for form, p in PT.items() if p.kind not in ("object",))
    return {
        "en": (frozenset(EN),),
        # object clitics (o, a, lo, na ...) are articles and contractions too: after a hyphen (encontrá-lo),
        # else o/a/os/as only where the snippet holds no other pronoun ("os abriu")
        "pt": (strong_pt, frozenset("-" + form for form, p in PT.items() if p.kind == "object"), frozenset({"o", "a", "os", "as"})),
        # then the demonstrative тот/та/те that Russian uses for the less salient referent ("та открыла")
        "ru": (frozenset(PERSONAL), REFLEXIVE, DEMONSTRATIVES),
    }


@lru_cache(maxsize=None)
def question_pronouns() -> dict[str, tuple[frozenset[str], ...]]:
    """Per base language, the pronoun forms looked for in a whole sentence (where only a question says which
    pronoun is meant), strongest first (no French or Portuguese object clitic: le/la/les/o/a are articles too;
    no Japanese この/その/あの)."""
    from .fr.pronouns import PRONOUNS as FR
    from .ja.pronouns import PRONOUNS as JA
    from .zh.pronouns import PRONOUNS as ZH

    lists = snippet_pronouns()
    return {
        "en": lists["en"],
        "pt": lists["pt"][:1],
        "ru": lists["ru"][:2],
        "fr": (frozenset(f for f, p in FR.items() if p.kind in ("subject", "stressed") and f not in ("ce", "c'")),
               frozenset(f for f, p in FR.items() if p.kind == "possessive")),
        "ja": (frozenset(f for f in JA if f.startswith("彼")), frozenset(("それら", "それ"))),
        "zh": (frozenset(ZH),),
    }
