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

from wino_toolkit.errors import ParameterError, WinoError

from .inputs import Loaded, distinct, load

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

#: ``progress(section key, items done, items in all)``: at the start and end of each section, and in between
#: wherever a model section counts its work (the CLI draws one task per section, with its rate and time left)
Progress = Callable[[str, int, int], None]
#: the sections whose figures depend on the seed, and the input each model section needs
SEEDED = ("artefacts", "pmi", "predictability", "zero_shot")
NEEDS = {"contamination": "--against KNOWN...", "pmi": "--index PMI_IDX (built by wino pmi index)",
         "predictability": "--model ENCODER", "zero_shot": "--lm LM"}


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
          lm: str | None = None, seed: int = 0, options: dict[str, Any] | None = None,
          progress: Progress | None = None, sections: Sequence[str] | None = None) -> AuditReport:
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
    options
        reader options, ``{"subset": "wsc273"}`` for every file whose format takes them, ``{"FILE:KEY": value}``
        for one (``wino audit -O``); each file, corpus or known, is read once (:mod:`.inputs`).
    progress
        called as ``progress(section, done, total)`` in items: at the start and the end of each section, and
        after each batch of the model sections (so a long one shows its rate and the time left).
    sections
        the keys of :data:`SECTIONS` to compute (default: all); the report holds only these. Each section's
        ``command`` is ``wino audit ... --section KEY``, which recomputes that section alone.
    """
    if not corpora:
        raise WinoError("wino audit needs at least one corpus file")
    indexes = [index] if isinstance(index, (str, os.PathLike)) else list(index or [])
    for path in [*corpora, *(against or []), *indexes]:
        if str(path) != "-" and not Path(path).exists():
            raise WinoError(f"{path}: no such file or directory")
    distinct(indexes, "--index")
    chosen = _chosen(sections, {"contamination": against, "pmi": indexes, "predictability": model, "zero_shot": lm})
    data, known = load(corpora, against or (), options=options)
    files = [str(p) for p in corpora]
    audit_cmd = _command(files, against, indexes, model, lm, options=options, seed=seed,
                         sections=None if sections is None else chosen)
    tick = {key: _ticker(progress, key) for key in SECTIONS}
    plans: list[tuple[str, Callable[[], tuple[str, dict[str, Any]]] | None]] = [
        ("summary", lambda: _run("summary", data)),
        ("validity", lambda: _run("validity", data)),
        ("twins", lambda: _run("twins", data)),
        ("balance", lambda: _run("balance", data)),
        ("artefacts", lambda: _artefacts(data, seed)),
        ("contamination", (lambda: _contamination(data, known)) if known else None),
        ("pmi", (lambda: _models("pmi_resistance", data.items, indexes, seed=seed)) if indexes else None),
        ("predictability", (lambda: _models("predictability", data.items, model, seed=seed,
                                            progress=tick["predictability"])) if model else None),
        ("zero_shot", (lambda: _models("zero_shot", data.items, lm, seed=seed, progress=tick["zero_shot"])) if lm else None),
    ]
    sections = []
    for key, work in plans:
        if key in chosen:
            command = _command(files, *_inputs(key, against, indexes, model, lm), options=options,
                               seed=seed if key in SEEDED else 0, sections=[key], output=f"{key}.html")
            if work is not None:
                tick[key](0, len(data.items))
            sections.append(_section(key, work, NEEDS.get(key, ""), command))
            if work is not None:
                tick[key](len(data.items), len(data.items))
    _accuracy_apart(sections)
    return AuditReport(files, sections, _signature(data, known, seed), seed, audit_cmd,
                       {"against": [str(p) for p in against or []], "index": [str(i) for i in indexes],
                        "model": model, "lm": lm, "read_options": dict(options or {}), "sections": chosen})


def _chosen(sections: Sequence[str] | None, given: dict[str, Any]) -> list[str]:
    """The sections asked for, in the report's order; one asked for by name whose input is missing is refused."""
    if sections is None:
        return list(SECTIONS)
    unknown = [key for key in sections if key not in SECTIONS]
    if unknown or not sections:
        raise ParameterError(f"unknown audit section {', '.join(map(repr, unknown)) or '(none given)'}: "
                             f"choose from {', '.join(SECTIONS)}")
    missing = [key for key in sections if key in given and not given[key]]
    if missing:
        raise ParameterError("; ".join(f"--section {key} needs {NEEDS[key]}" for key in missing))
    return [key for key in SECTIONS if key in sections]


def _ticker(progress: Progress | None, key: str) -> Callable[[int, int], None]:
    """``progress`` of one section, as the ``(done, total)`` callback the model functions take."""
    return (lambda done, total: None) if progress is None else (lambda done, total: progress(key, done, total))


def _inputs(key: str, against: Any, indexes: list, model: str | None, lm: str | None) -> tuple[Any, list, str | None, str | None]:
    """The inputs of :func:`_command` that section ``key`` needs (a placeholder where one was not given)."""
    return (against or ["KNOWN"] if key == "contamination" else None, indexes or ["PMI_IDX"] if key == "pmi" else [],
            model or "ENCODER" if key == "predictability" else None, lm or "LM" if key == "zero_shot" else None)


def _accuracy_apart(sections: list[Section]) -> None:
    """Given both, the zero-shot accuracy on clean and on overlapping items apart, in the contamination section."""
    from .contamination import accuracy_apart

    found = {s.key: s for s in sections}
    if "contamination" not in found or "zero_shot" not in found:  # not both asked for (--section)
        return
    overlap, zero = found["contamination"], found["zero_shot"]
    if overlap.status == OK and zero.status == OK and (apart := accuracy_apart(overlap.figures, zero.figures)):
        overlap.figures["zero_shot"] = apart
        overlap.verdict += f"; {apart['verdict']}"


def _section(key: str, work: Callable[[], tuple[str, dict[str, Any]]] | None, needs: str, command: str) -> Section:
    """Run one section, timed; a missing input or a failure is said in the verdict, never raised."""
    if work is None:
        return Section(key, SECTIONS[key], NOT_RUN, f"not run: pass {needs}", {}, 0.0, command)
    started = time.perf_counter()
    try:
        verdict, figures = work()
        status = OK
    except (WinoError, ImportError, OSError, ValueError) as exc:
        verdict, status = f"failed: {exc}", FAILED
        figures = {"error": str(exc), "missing_extra": isinstance(exc, ImportError)}  # an extra not installed
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
    """The sibling module's surface cues (word-label association, candidate order and length), also per row."""
    from .artefacts import audit_artefacts

    return audit_artefacts(data.items, seed=seed)


def _command(files: list[str], against: Any, indexes: list, model: str | None, lm: str | None, *,
             options: dict[str, Any] | None = None, seed: int = 0, sections: Sequence[str] | None = None,
             output: str | None = None) -> str:
    """``wino audit`` with these inputs and reader options, ``--seed`` unless it is the default, ``--section``
    for each of ``sections`` and ``-o output``."""
    words = ["wino", "audit", *files]
    if against:
        words += ["--against", *map(str, against)]
    for i in indexes:
        words += ["--index", str(i)]
    words += ["--model", model] if model else []
    words += ["--lm", lm] if lm else []
    for key, value in (options or {}).items():
        words += ["-O", f"{key}={value}"]
    words += ["--seed", str(seed)] if seed else []
    for key in sections or ():
        words += ["--section", key]
    words += ["-o", output] if output else []
    return shlex.join(words)


def _signature(data: Loaded, known: Loaded | None, seed: int) -> str:
    """``audit|data:3f9c2a1e|against:none|seed:0|v:0.1.0`` (sacrebleu style): which items, which known corpora."""
    from wino_toolkit._version import __version__

    def checksum(loaded: Loaded) -> str:
        digest = hashlib.sha256()
        for it in loaded.items:
            digest.update(f"{it.corpus}\t{it.split}\t{it.id}\t{it.text}\t{it.answer}\n".encode("utf-8"))
        for pair in loaded.pairs:  # a known file of NLI pairs is compared too
            digest.update(f"{pair.corpus}\t{pair.split}\t{pair.id}\t{pair.premise}\t{pair.hypothesis}\t{pair.label}\n".encode("utf-8"))
        return digest.hexdigest()[:8]

    return f"audit|data:{checksum(data)}|against:{checksum(known) if known else 'none'}|seed:{seed}|v:{__version__}"
