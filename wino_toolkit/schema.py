"""The one record type every converter reads into and writes from.

An :class:`Item` is one *version* of a Winograd schema: one sentence, one referring expression, its
candidate antecedents and (when known) the right one. The two versions of a schema share a ``twin``
group id. Everything a source format holds that has no slot here goes into ``meta``, so that
writing an item back in its source format loses nothing.

Construction does not validate (readers build items fast, then :func:`wino_toolkit.read` checks
each one and names the file and line of a bad one); call :meth:`Item.check` or
:meth:`Item.problems` yourself when you build items by hand.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import SchemaError

__all__ = ["SCHEMA_VERSION", "ROLES", "Span", "Candidate", "Knowledge", "Item", "NLIPair"]

SCHEMA_VERSION = "1.1"  # 1.1 adds ``split``; 1.0 lines still read
ROLES = ("special", "alternate")
MIN_CANDIDATES = 2  # any number above: SuperGLUE-WSC test rows give one pronoun 6 and more candidates


@dataclass(slots=True, frozen=True)
class Span:
    """Characters ``text[start:end]`` of the item's text.

    A zero-width span (``start == end``, ``text == ""``) marks a *zero-anaphora slot*: the place
    where Chinese or Japanese drops the pronoun that English would have.
    """

    start: int
    end: int
    text: str

    @property
    def is_slot(self) -> bool:
        return self.start == self.end

    def to_list(self) -> list:
        return [self.start, self.end, self.text]

    @classmethod
    def from_list(cls, value: list | None) -> Span | None:
        return None if value is None else cls(value[0], value[1], value[2])


@dataclass(slots=True)
class Candidate:
    """A candidate antecedent as the source names it, and where it is mentioned in the text.

    ``text`` keeps the source's spelling ("The city councilmen" as a WSC answer) even when the
    mention in the sentence differs in case ("the city councilmen"); ``span`` is that mention.
    """

    text: str
    span: Span | None = None


@dataclass(slots=True)
class Knowledge:
    """A knowledge sentence attached to an item (WinoLogic), with its truth and an optional formula."""

    text: str
    label: bool | None = None
    formula: str | None = None


@dataclass(slots=True)
class Item:
    """One version of a Winograd schema.

    Attributes
    ----------
    id
        unique within a corpus (the source's own id where it has one).
    corpus
        corpus name, e.g. ``"wsc285"``, ``"winogrande"``.
    language
        BCP-47 tag: ``en``, ``zh-Hans``, ``fr``, ``ja``, ``pt``, ``ru``.
    text
        the sentence(s), exactly as the source spells them.
    candidates
        2 or more candidate antecedents, in the order the source lists them. A single
        candidate is allowed only without an answer: a bare yes/no judgement such as a
        SuperGLUE-WSC row whose other candidates the source does not give.
    answer
        index into ``candidates`` of the right one; ``None`` for unlabeled data.
    pronoun
        the referring expression (a pronoun, WinoGrande's ``_``) or a zero-width slot.
    question
        a question form of the item, where the source has one ("Who feared violence?").
    twin
        id of the group the item's twin(s) share; ``None`` when the source has no twins.
    role
        ``"special"`` or ``"alternate"``: which version of the schema this is.
    triggers
        the word(s) of this version that differ from its twin ("small" vs "large").
    knowledge
        knowledge sentences about the item (WinoLogic).
    meta
        every source field without a slot above, keyed by field name.
    split
        the release split the item comes from (``train``, ``dev``, ``test`` ...), or ``None``;
        ids are unique within a corpus and split.
    origin
        where the item was read from ("dev.jsonl:12"), for messages; never written out.
    """

    id: str
    corpus: str
    language: str
    text: str
    candidates: list[Candidate]
    answer: int | None = None
    pronoun: Span | None = None
    question: str | None = None
    twin: str | None = None
    role: str | None = None
    triggers: list[str] = field(default_factory=list)
    knowledge: list[Knowledge] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    split: str | None = None
    origin: str | None = field(default=None, compare=False, repr=False)

    @property
    def correct(self) -> Candidate | None:
        return None if self.answer is None else self.candidates[self.answer]

    def problems(self) -> list[str]:
        """Every schema rule this item breaks, as short sentences naming the field."""
        try:
            if self._valid():
                return []
        except (TypeError, AttributeError):  # a field of the wrong type: the full check names it
            pass
        return self._problems()

    def _valid(self) -> bool:
        """The common case, fast: ``True`` when no rule is broken (conversions check every item)."""
        text = self.text
        size = len(text)
        if not (self.id.__class__ is str and self.id and text and self.language):
            return False
        candidates = self.candidates
        n = len(candidates)
        answer = self.answer
        if n < MIN_CANDIDATES or (answer is not None and (answer.__class__ is not int or not 0 <= answer < n)):
            return False
        if self.role is not None and self.role not in ROLES:
            return False
        if self.split is not None and self.split.__class__ is not str:
            return False
        span = self.pronoun
        if span is not None and not (0 <= span.start <= span.end <= size and text[span.start : span.end] == span.text):
            return False
        seen = set()
        for cand in candidates:
            span = cand.span
            if not cand.text or (span is not None and not (0 <= span.start <= span.end <= size and text[span.start : span.end] == span.text)):
                return False
            seen.add(cand.text.casefold())
        return len(seen) == n

    def _problems(self) -> list[str]:
        out = [f"{name}: must be a string" for name in ("id", "corpus", "language", "text") if not isinstance(getattr(self, name), str)]
        if not isinstance(self.candidates, list) or not all(isinstance(c, Candidate) and isinstance(c.text, str) for c in self.candidates):
            out.append("candidates: must be a list of candidates with text")
        if out:  # the checks below assume these types
            return out
        if not isinstance(self.id, str) or not self.id:
            out.append("id: must be a non-empty string")
        if not self.text:
            out.append("text: is empty")
        if not self.language:
            out.append("language: is empty")
        n = len(self.candidates)
        if not (n >= MIN_CANDIDATES or (n == 1 and self.answer is None)):
            out.append(f"candidates: {n} given, need at least {MIN_CANDIDATES} (1 only without an answer)")
        seen = set()
        for i, cand in enumerate(self.candidates):
            if not cand.text:
                out.append(f"candidates[{i}]: is empty")
            key = cand.text.casefold()
            if key in seen:
                out.append(f"candidates[{i}]: {cand.text!r} is listed twice")
            seen.add(key)
            if cand.span is not None:
                out.extend(self._span_problems(f"candidates[{i}].span", cand.span))
        if self.answer is not None and not (
            isinstance(self.answer, int) and not isinstance(self.answer, bool) and 0 <= self.answer < n
        ):
            out.append(f"answer: {self.answer!r} is not an index into {n} candidates")
        if self.pronoun is not None:
            out.extend(self._span_problems("pronoun", self.pronoun))
        if self.role is not None and self.role not in ROLES:
            out.append(f"role: {self.role!r} is not one of {', '.join(ROLES)}")
        if self.split is not None and not (isinstance(self.split, str) and self.split):
            out.append(f"split: {self.split!r} is not a non-empty string")
        return out

    def _span_problems(self, name: str, span: Span) -> list[str]:
        if not (isinstance(span.start, int) and isinstance(span.end, int)):
            return [f"{name}: offsets must be integers"]
        if not 0 <= span.start <= span.end <= len(self.text):
            return [f"{name}: [{span.start}, {span.end}) is outside the text (length {len(self.text)})"]
        actual = self.text[span.start : span.end]
        if actual != span.text:
            return [f"{name}: says {span.text!r} but the text has {actual!r} at [{span.start}, {span.end})"]
        return []

    def check(self) -> Item:
        """Raise :class:`SchemaError` listing every problem; return the item when there is none."""
        found = self.problems()
        if found:
            raise SchemaError(found, self.id)
        return self

    def to_dict(self) -> dict[str, Any]:
        """The native JSON object (see ``wino_toolkit/data/item.schema.json``)."""
        return {
            "schema_version": SCHEMA_VERSION,
            "id": self.id,
            "corpus": self.corpus,
            "split": self.split,
            "language": self.language,
            "text": self.text,
            "pronoun": None if self.pronoun is None else self.pronoun.to_list(),
            "candidates": [
                {"text": c.text, "span": None if c.span is None else c.span.to_list()} for c in self.candidates
            ],
            "answer": self.answer,
            "question": self.question,
            "twin": self.twin,
            "role": self.role,
            "triggers": self.triggers,
            "knowledge": [{"text": k.text, "label": k.label, "formula": k.formula} for k in self.knowledge],
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str | None = None) -> Item:
        """Inverse of :meth:`to_dict`; raises ``KeyError``/``TypeError`` on a malformed object."""
        return cls(
            id=d["id"],
            corpus=d["corpus"],
            language=d["language"],
            text=d["text"],
            candidates=[Candidate(c["text"], Span.from_list(c.get("span"))) for c in d["candidates"]],
            answer=d.get("answer"),
            pronoun=Span.from_list(d.get("pronoun")),
            question=d.get("question"),
            twin=d.get("twin"),
            role=d.get("role"),
            triggers=list(d.get("triggers") or ()),
            knowledge=[Knowledge(k["text"], k.get("label"), k.get("formula")) for k in d.get("knowledge") or ()],
            meta=dict(d.get("meta") or {}),
            split=d.get("split"),
            origin=origin,
        )


@dataclass(slots=True)
class NLIPair:
    """A GLUE/WNLI-style pair: does ``premise`` entail ``hypothesis``?

    ``label`` is ``True`` for ENTAILMENT, ``False`` for NOT ENTAILMENT, ``None`` when unlabeled.
    ``item_id`` and ``candidate`` point back to the schema item and candidate the pair was derived
    from, when it was derived rather than read.
    """

    id: str
    corpus: str
    language: str
    premise: str
    hypothesis: str
    label: bool | None = None
    item_id: str | None = None
    candidate: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    split: str | None = None
    origin: str | None = field(default=None, compare=False, repr=False)

    def problems(self) -> list[str]:
        out = []
        if not self.id:
            out.append("id: must be a non-empty string")
        if not self.premise:
            out.append("premise: is empty")
        if not self.hypothesis:
            out.append("hypothesis: is empty")
        if self.label is not None and not isinstance(self.label, bool):
            out.append(f"label: {self.label!r} is not true, false or null")
        return out

    def check(self) -> NLIPair:
        found = self.problems()
        if found:
            raise SchemaError(found, self.id)
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "id": self.id,
            "corpus": self.corpus,
            "split": self.split,
            "language": self.language,
            "premise": self.premise,
            "hypothesis": self.hypothesis,
            "label": self.label,
            "item_id": self.item_id,
            "candidate": self.candidate,
            "meta": self.meta,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str | None = None) -> NLIPair:
        return cls(
            id=d["id"],
            corpus=d["corpus"],
            language=d["language"],
            premise=d["premise"],
            hypothesis=d["hypothesis"],
            label=d.get("label"),
            item_id=d.get("item_id"),
            candidate=d.get("candidate"),
            meta=dict(d.get("meta") or {}),
            split=d.get("split"),
            origin=origin,
        )
