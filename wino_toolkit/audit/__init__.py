"""``wino audit``: every question asked of a new Winograd-style corpus, answered in one report.

Is it well formed, are its twins intact, is it balanced, do surface cues give the answer away, how much
does it overlap the known corpora (also in translation), is it resistant to word association, how
predictable are its labels from embeddings, and how do LMs do on it. :func:`audit` computes each section
apart, with its own time, and returns an :class:`AuditReport` (JSON with every figure, or one
self-contained HTML page); it never prints.

>>> report = audit(["dev.jsonl"], against=["wsc285.xml"])  # doctest: +SKIP
>>> report.section("contamination").verdict  # doctest: +SKIP
'12 of 1,267 items (0.9%) overlap wsc285: 8 exact, 4 by parallel key, 0 near'
"""
from __future__ import annotations

from .report import AuditReport, Section, audit

__all__ = ["audit", "AuditReport", "Section"]
