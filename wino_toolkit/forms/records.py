"""Record types of the derived forms that are not schema items or NLI pairs."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..schema import SCHEMA_VERSION

__all__ = ["Disambiguated", "TwinRecord"]


@dataclass(slots=True)
class Disambiguated:
    """The item's text with the referring expression replaced by one candidate; ``label`` says if it is the right one."""

    id: str
    item_id: str
    corpus: str
    language: str
    candidate: int
    candidate_text: str
    text: str
    label: bool | None
    split: str | None = None  # the item's release split
    parallel: str | None = None  # the item's parallel key (wino_toolkit.parallel), so translations stay traceable
    origin: str | None = field(default=None, compare=False, repr=False)

    def problems(self) -> list[str]:
        return [] if self.text and self.id else ["text: is empty"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "id": self.id,
            "item_id": self.item_id,
            "corpus": self.corpus,
            "split": self.split,
            "language": self.language,
            "candidate": self.candidate,
            "candidate_text": self.candidate_text,
            "text": self.text,
            "label": None if self.label is None else ("correct" if self.label else "wrong"),
            **({"parallel": self.parallel} if self.parallel is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str | None = None) -> Disambiguated:
        label = d.get("label")
        return cls(d["id"], d["item_id"], d["corpus"], d["language"], d["candidate"], d["candidate_text"], d["text"],
                   None if label is None else label == "correct", d.get("split"), d.get("parallel"), origin)


@dataclass(slots=True)
class TwinRecord:
    """The versions of one schema side by side (usually two; WSC's 253-255 are three)."""

    twin: str
    corpus: str
    language: str
    ids: list[str]
    roles: list[str | None]
    texts: list[str]
    triggers: list[list[str]]
    answers: list[int | None]
    answer_texts: list[str | None]
    split: str | None = None  # the items' release split
    parallel: list[str | None] | None = None  # each version's parallel key (wino_toolkit.parallel)
    origin: str | None = field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.twin

    def problems(self) -> list[str]:
        return [] if len(self.ids) >= 2 else ["ids: a twin record needs at least two versions"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "twin": self.twin,
            "corpus": self.corpus,
            "split": self.split,
            "language": self.language,
            "versions": [
                {"id": i, "role": r, "text": t, "triggers": tr, "answer": a, "answer_text": at, **({"parallel": k} if k else {})}
                for i, r, t, tr, a, at, k in zip(self.ids, self.roles, self.texts, self.triggers, self.answers,
                                                 self.answer_texts, self.parallel or [None] * len(self.ids))
            ],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str | None = None) -> TwinRecord:
        v = d["versions"]
        return cls(d["twin"], d["corpus"], d["language"], [x["id"] for x in v], [x["role"] for x in v],
                   [x["text"] for x in v], [x["triggers"] for x in v], [x["answer"] for x in v],
                   [x["answer_text"] for x in v], d.get("split"),
                   [x.get("parallel") for x in v] if any("parallel" in x for x in v) else None, origin)
