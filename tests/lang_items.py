"""Items written for the language tests: a pronoun or a slot located in a sentence, candidates located by
their mention, and the blank form's checks shared by the French and Portuguese blank tests."""
from __future__ import annotations

import re
from typing import Callable

from wino_toolkit.forms import FormReport, blank
from wino_toolkit.lang.base import Language
from wino_toolkit.schema import Candidate, Item, Span

#: how a candidate is looked for in the text: its whole name, or another word of it (its head noun)
Locate = Callable[[str], str]


def whole(name: str) -> str:
    return name


def last_word(name: str) -> str:
    return name.split()[-1]


def mentions(text: str, candidates: list[str], locate: Locate = whole) -> list[Candidate]:
    """Each candidate with the span of its first whole-word mention (case-insensitive), or none."""
    out = []
    for name in candidates:
        m = re.search(rf"(?<!\w){re.escape(locate(name))}(?!\w)", text, re.IGNORECASE)
        out.append(Candidate(name, Span(m.start(), m.end(), m.group()) if m else None))
    return out


def pronoun_item(language: str, text: str, word: str, candidates: list[str], nth: int = 0, locate: Locate = whole) -> Item:
    """An item whose pronoun is the ``nth`` whole-word ``word`` of ``text`` (an elided "l'" or "qu'" too)."""
    tail = "" if word.endswith("'") else r"(?![\w'])"
    found = list(re.finditer(rf"(?<!\w){re.escape(word)}{tail}", text))[nth]
    return Item(id="t", corpus="test", language=language, text=text, candidates=mentions(text, candidates, locate),
                answer=0, pronoun=Span(found.start(), found.end(), found.group())).check()


def slot_item(language: str, marked: str, candidates: list[str], locate: Locate = whole) -> Item:
    """An item with a zero-width slot where ``marked`` has ``|`` (as the Portuguese WSC marks it)."""
    k = marked.index("|")
    text = marked.replace("|", "")
    return Item(id="t", corpus="test", language=language, text=text, candidates=mentions(text, candidates, locate),
                answer=0, pronoun=Span(k, k, "")).check()


def blanked(item: Item) -> tuple[str, list[str]]:
    """The blank form's text and options for ``item``; it must not be skipped."""
    report = FormReport()
    made = list(blank([item], report))
    assert made, report.skipped
    return made[0].text, [c.text for c in made[0].candidates]


def skipped(item: Item) -> str:
    """Why the blank form skips ``item``; it must be skipped."""
    report = FormReport()
    assert list(blank([item], report)) == []
    return report.skipped[0].reason


def assert_fills(lang: Language, item: Item, text: str, options: list[str]) -> None:
    """Each option put in the blank gives that candidate's disambiguated sentence."""
    for option in options:
        k = next(k for k in range(len(item.candidates)) if lang.blank_option(item, k) == option)
        assert text.replace("_", option) == lang.substitute(item, k)
