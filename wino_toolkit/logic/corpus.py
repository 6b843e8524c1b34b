"""Rendered problems as a corpus: each knowledge sentence joined to the WSC item it explains.

One item per sentence, as in WinoLogic: the item's text, pronoun, candidates and answer, with one
:class:`~wino_toolkit.schema.Knowledge` (text, truth, formula). So the result is written by any
format that holds knowledge (native JSON Lines, WinoLogic) and read back by ``wino convert`` and
the evaluation commands like any other corpus. The WSC sentences are not shipped with the
formalizations: they come from the corpus file the caller passes.

Each rendered item keeps its source item's twin group, role and triggers (so ``wino stats`` sees
the schemas), and a false sentence's item names the item of the true sentence it transforms
(``meta["true_item"]``). Candidates are written as the sentence mentions them ("the city
councilmen", not WSC's answer spelling "The city councilmen"), since a claim mentions them mid-sentence.
"""
from __future__ import annotations

import re
from typing import Iterable

from wino_toolkit.errors import FormatError
from wino_toolkit.schema import Candidate, Item, Knowledge

from .generate import KnowledgeSentence
from .syntax import Formalization

__all__ = ["rendered_items", "check_link", "mid_sentence"]


def _key(mention: str) -> str:
    """A mention as compared with a candidate: case aside, and a possessive candidate ("Ann's", WSC's
    spelling for "Ann's personal problems") names the person ("Ann")."""
    key = re.sub(r"^(the|a|an|his|her|its|their|my|your|our) ", "", mention.casefold().strip())  # "her daughter": "daughter"
    return key[:-2] if key.endswith("'s") else key


def mid_sentence(candidate: Candidate, text: str) -> Candidate:
    """``candidate`` as it reads inside a sentence: spelled as its mention in ``text`` where that differs
    only in case, and a capitalised leading article lowered ("The city councilmen" → "the city councilmen")."""
    span = candidate.span
    said = candidate.text
    if span is not None and text[span.start:span.end].casefold() == said.casefold():
        said = text[span.start:span.end]  # the sentence's own case ("his son"), but sentence-initial "The" too:
    return Candidate(re.sub(r"^(The|A|An)\b", lambda m: m.group(1).lower(), said), span)


def check_link(f: Formalization, item: Item) -> None:
    """Refuse a formalization whose two candidates (the ambiguity's entities) are not the item's, or whose
    answer is not the item's; other entities (a door, the ocean) are the scenario's and may be anything."""
    texts = [_key(c.text) for c in item.candidates]
    for entity in (f.entities[name] for name in f.candidates):
        if _key(entity.mention) not in texts:
            raise FormatError(f.path, None, f"entity {entity.name} ({entity.mention!r}) is not a candidate of item "
                                            f"{item.id!r} ({', '.join(repr(c.text) for c in item.candidates)})")
    said = _key(f.entities[f.answer].mention)
    if item.answer is None or texts[item.answer] != said:
        right = "none" if item.answer is None else repr(item.candidates[item.answer].text)
        raise FormatError(f.path, None, f"answer {f.answer} ({said!r}) is not item {item.id!r}'s answer ({right})")


def rendered_items(formalizations: Iterable[Formalization], sentences: Iterable[KnowledgeSentence],
                   items: Iterable[Item], *, corpus: str = "wsc285-logic") -> list[Item]:
    """One item per sentence, in the order given; ids ``<corpus>-1``, ``<corpus>-2``, ..."""
    by_id = {i.id: i for i in items}
    linked: dict[str, Item] = {}
    for f in formalizations:
        if f.item not in by_id:
            raise FormatError(f.path, None, f"item {f.item!r} is not in the corpus given (ids like {next(iter(by_id), '-')!r})")
        check_link(f, by_id[f.item])
        linked[f.item] = by_id[f.item]
    sentences = list(sentences)
    ids = {(s.item, s.name, s.variant): f"{corpus}-{n}" for n, s in enumerate(sentences, 1)}
    out = []
    for n, s in enumerate(sentences, 1):
        item = linked[s.item]
        meta = {"schema_item": s.item, "knowledge_name": s.name, "variant": s.variant, "origin": s.origin}
        if s.transformation is not None:
            meta["transformation"] = s.transformation
        if not s.truth and (s.item, s.of, s.variant) in ids:
            meta["true_item"] = ids[(s.item, s.of, s.variant)]
        out.append(Item(id=f"{corpus}-{n}", corpus=corpus, language=item.language, text=item.text, pronoun=item.pronoun,
                        candidates=[mid_sentence(c, item.text) for c in item.candidates], answer=item.answer, split=item.split,
                        twin=item.twin, role=item.role, triggers=list(item.triggers),
                        knowledge=[Knowledge(s.reason or s.text, s.truth, s.formula)], meta=meta))
    return out
