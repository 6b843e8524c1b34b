"""Contamination: which items also occur in the known corpora passed as ``--against``, by text (exact,
contained, near) and through the parallel key across languages (:func:`wino_toolkit.train.overlap.overlap`)."""
from __future__ import annotations

from typing import Any

from .inputs import Loaded

__all__ = ["contamination", "LISTED"]

LISTED = 500  # pairs listed with their texts (the counts are always complete)
SNIPPET = 160  # characters of each text shown


def contamination(data: Loaded, known: Loaded, *, threshold: float = 0.9) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: counts per corpus and language, and the overlapping pairs, strongest first."""
    from wino_toolkit.train.overlap import KINDS, overlap

    report = overlap(data.items, known.items, threshold=threshold)
    pairs = sorted(report.pairs, key=lambda p: (KINDS.index(p.kind), p.target.corpus, p.target.id))
    listed = [{**p.to_dict(), "target_language": p.target.language, "source_language": p.source.language,
               "target_text": p.target.text[:SNIPPET], "source_text": p.source.text[:SNIPPET]} for p in pairs[:LISTED]]
    found = {k: sum(row[k] for row in report.counts.values()) for k in ("exact", "parallel", "near")}
    items = sum(row["items"] for row in report.counts.values())
    figures = {**report.to_json(), "found": found, "pairs": listed, "pair_count": len(pairs),
               "against_files": known.paths, "against_unreadable": known.unreadable}
    overlapping = sum(found.values())
    against = ", ".join(report.sources) or "no item"
    if not overlapping:
        return f"clean: none of {items:,} items overlaps {against}", figures
    share = overlapping / items if items else 0.0
    return (f"{overlapping:,} of {items:,} items ({share:.1%}) overlap {against}: {found['exact']} exact, "
            f"{found['parallel']} by parallel key, {found['near']} near"), figures
