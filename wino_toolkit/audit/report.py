"""The audit itself: read the corpora once, compute each section apart with its own time, and keep every
figure in an :class:`AuditReport` (JSON, or one HTML page through :mod:`.html`). Nothing here prints."""
from __future__ import annotations

import hashlib
import os
import shlex
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from wino_toolkit.errors import WinoError

from .inputs import Loaded, load

__all__ = ["Section", "AuditReport", "audit", "SECTIONS"]

#: every section, in the report's order: key, the question it answers
SECTIONS = {
    "summary": "What is in it?",
    "validity": "Is it well formed?",
    "twins": "Are the twins intact?",
    "balance": "Is it balanced?",
    "artefacts": "Do surface cues give the answer away?",
    "contamination": "How much does it overlap the known corpora, also in translation?",
    "pmi": "Is it resistant to word association?",
    "predictability": "How predictable are its labels from embeddings?",
    "zero_shot": "How do language models do on it?",
}
OK, NOT_RUN, FAILED = "ok", "not run", "failed"

Progress = Callable[[str, int, int], None]  # (section key, sections done, sections in all)


@dataclass
class Section:
    """One question's answer: a one-line verdict, every figure behind it, its time and the command that redoes it."""

    key: str
    question: str
    status: str  # "ok", "not run" (its input was not given) or "failed" (the message is the verdict)
    verdict: str
    figures: dict[str, Any]
    seconds: float
    command: str


@dataclass
class AuditReport:
    """Every section of one audit, with what is needed to reproduce it."""

    corpora: list[str]
    sections: list[Section]
    signature: str
    seed: int
    command: str
    options: dict[str, Any] = field(default_factory=dict)

    def section(self, key: str) -> Section:
        for s in self.sections:
            if s.key == key:
                return s
        raise KeyError(key)

    @property
    def seconds(self) -> float:
        return sum(s.seconds for s in self.sections)

    def to_json(self) -> dict[str, Any]:
        """Every figure of every section, JSON-ready."""
        return {"signature": self.signature, "seed": self.seed, "command": self.command, "corpora": self.corpora,
                "options": self.options, "seconds": round(self.seconds, 3),
                "sections": {s.key: {**asdict(s), "seconds": round(s.seconds, 3)} for s in self.sections}}

    def html(self) -> str:
        """The report as one self-contained HTML page (inline CSS and SVG, no network reference)."""
        from .html import render

        return render(self)


def audit(corpora: Sequence[str | os.PathLike], *, against: Sequence[str | os.PathLike] | None = None,
          index: str | os.PathLike | Sequence[str | os.PathLike] | None = None, model: str | None = None,
          lm: str | None = None, seed: int = 0, progress: Progress | None = None) -> AuditReport:
    """Audit ``corpora``: every section the inputs allow, each timed apart.

    A section whose computation fails (a missing extra, a model that cannot be loaded) says why in its verdict
    with status ``"failed"``; the others are still computed.

    Parameters
    ----------
    corpora
        corpus files, each read on its own (the format is detected).
    against
        known corpora for the contamination section; without them it says what to pass.
    index
        PMI index directory (or one per language) for the word-association section.
    model
        Hugging Face encoder for the AFLite predictability section.
    lm
        Hugging Face causal LM for the zero-shot section.
    seed
        seed of every random step (the artefacts' cross-validation, PMI's random fallback, the probe's folds,
        the bootstrap); recorded in the signature.
    progress
        called as ``progress(section, done, total)`` after each section.
    """
    if not corpora:
        raise WinoError("wino audit needs at least one corpus file")
    indexes = [index] if isinstance(index, (str, os.PathLike)) else list(index or [])
    for path in [*corpora, *(against or []), *indexes]:
        if not Path(path).exists():
            raise WinoError(f"{path}: no such file or directory")
    data = load(corpora)
    known = load(against) if against else None
    files = [str(p) for p in corpora]
    audit_cmd = _command(files, against, indexes, model, lm)
    plans: list[tuple[str, Callable[[], tuple[str, dict[str, Any]]] | None, str, str]] = [
        ("summary", lambda: _run("summary", data), "", shlex.join(["wino", "stats", *files])),
        ("validity", lambda: _run("validity", data), "", shlex.join(["wino", "validate", *files])),
        ("twins", lambda: _run("twins", data), "", audit_cmd + " --json"),
        ("balance", lambda: _run("balance", data), "", audit_cmd + " --json"),
        ("artefacts", lambda: _artefacts(data, seed), "", audit_cmd + " --json"),
        ("contamination", (lambda: _contamination(data, known)) if known else None, "--against KNOWN...",
         shlex.join(["wino", "overlap", *files, "--against", *map(str, against or ["KNOWN"])])),
        ("pmi", (lambda: _models("pmi_resistance", data.items, indexes, seed=seed)) if indexes else None,
         "--index PMI_IDX (built by wino pmi index)",
         shlex.join(["wino", "pmi", "check", *files, *[a for i in indexes or ["PMI_IDX"] for a in ("--index", str(i))]])),
        ("predictability", (lambda: _models("predictability", data.items, model, seed=seed)) if model else None,
         "--model ENCODER", audit_cmd + " --json" if model else shlex.join(["wino", "audit", *files, "--model", "ENCODER"])),
        ("zero_shot", (lambda: _models("zero_shot", data.items, lm, seed=seed)) if lm else None, "--lm LM",
         shlex.join(["wino", "eval", "lm", *files, "--model", lm or "LM", "--seed", str(seed)])),
    ]
    sections = []
    for done, (key, work, needs, command) in enumerate(plans, 1):
        sections.append(_section(key, work, needs, command))
        if progress is not None:
            progress(key, done, len(plans))
    return AuditReport(files, sections, _signature(data, known, seed), seed, audit_cmd,
                       {"against": [str(p) for p in against or []], "index": [str(i) for i in indexes],
                        "model": model, "lm": lm})


def _section(key: str, work: Callable[[], tuple[str, dict[str, Any]]] | None, needs: str, command: str) -> Section:
    """Run one section, timed; a missing input or a failure is said in the verdict, never raised."""
    if work is None:
        return Section(key, SECTIONS[key], NOT_RUN, f"not run: pass {needs}", {}, 0.0, command)
    started = time.perf_counter()
    try:
        verdict, figures = work()
        status = OK
    except (WinoError, ImportError, OSError, ValueError) as exc:
        verdict, figures, status = f"failed: {exc}", {"error": str(exc)}, FAILED
    return Section(key, SECTIONS[key], status, verdict, figures, time.perf_counter() - started, command)


def _run(name: str, data: Loaded) -> tuple[str, dict[str, Any]]:
    from importlib import import_module

    return getattr(import_module(f".{name}", __package__), name)(data)


def _contamination(data: Loaded, known: Loaded) -> tuple[str, dict[str, Any]]:
    from .contamination import contamination

    return contamination(data, known)


def _models(name: str, *args: Any, **kwargs: Any) -> tuple[str, dict[str, Any]]:
    from . import models

    return getattr(models, name)(*args, **kwargs)


def _artefacts(data: Loaded, seed: int) -> tuple[str, dict[str, Any]]:
    """The sibling module's surface cues: word-label association, candidate order and length."""
    from .artefacts import surface_artefacts

    figures = surface_artefacts(data.items, seed=seed)
    parts = [f"{key.replace('_', '-')}: {figures[key]['verdict']}" for key in ("word_label", "candidate_order", "length")
             if isinstance(figures.get(key), dict) and "verdict" in figures[key]]
    return "; ".join(parts) or "no verdict", figures


def _command(files: list[str], against: Any, indexes: list, model: str | None, lm: str | None) -> str:
    words = ["wino", "audit", *files]
    if against:
        words += ["--against", *map(str, against)]
    for i in indexes:
        words += ["--index", str(i)]
    words += ["--model", model] if model else []
    words += ["--lm", lm] if lm else []
    return shlex.join(words)


def _signature(data: Loaded, known: Loaded | None, seed: int) -> str:
    """``audit|data:3f9c2a1e|against:none|seed:0|v:0.1.0`` (sacrebleu style): which items, which known corpora."""
    from wino_toolkit import __version__

    def checksum(loaded: Loaded) -> str:
        digest = hashlib.sha256()
        for it in loaded.items:
            digest.update(f"{it.corpus}\t{it.split}\t{it.id}\t{it.text}\t{it.answer}\n".encode("utf-8"))
        return digest.hexdigest()[:8]

    return f"audit|data:{checksum(data)}|against:{checksum(known) if known else 'none'}|seed:{seed}|v:{__version__}"
