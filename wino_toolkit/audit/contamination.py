"""Contamination: which items also occur in the known corpora passed as ``--against``, by text (exact,
contained, near) and through the parallel key across languages (:func:`wino_toolkit.overlap.overlap`).

Items are compared by content, whatever their ids: a copy of a known item under the same corpus, split and
id (WinoGrande's train_s inside train_l) is found like any other. A known file of NLI pairs (WNLI) is compared
by each distinct premise and hypothesis. Every overlapping pair is listed, with counts per known corpus and
split and per known file; a known file that contributes nothing while others do is named. Given a zero-shot
section, :func:`accuracy_apart` sets the model's accuracy on the clean items beside that on the overlapping ones.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from wino_toolkit.intervals import wilson
from wino_toolkit.schema import Item, NLIPair

from .inputs import Loaded

__all__ = ["contamination", "comparable", "outcomes", "accuracy_apart", "NLI_FIELD", "CLEAN", "SNIPPET"]

SNIPPET = 160  # characters of each text shown with a pair
NLI_FIELD = "nli_field"  # meta key of an item made from an NLI pair: "premise" or "hypothesis"
CLEAN = "."  # in ``item_overlap``: the item overlaps nothing; else the first letter of its strongest kind
MARKS = {"exact": "e", "parallel": "p", "near": "n"}


def comparable(known: Loaded) -> list[tuple[str, Item]]:
    """``(file, item)`` for every known schema item, and for each file's NLI pairs one item per distinct premise
    and per distinct hypothesis (``meta[NLI_FIELD]`` says which; its id is the first pair's, with the field)."""
    out: list[tuple[str, Item]] = []
    for f in known.files:
        out += [(f.name, it) for it in f.items]
        seen: set[tuple[str, str]] = set()
        for pair in f.pairs:
            for name in ("premise", "hypothesis"):
                text = getattr(pair, name)
                if (name, text) not in seen:
                    seen.add((name, text))
                    out.append((f.name, _nli_item(pair, name, text)))
    return out


def _nli_item(pair: NLIPair, name: str, text: str) -> Item:
    return Item(f"{pair.id}:{name}", pair.corpus, pair.language, text, [], split=pair.split,
                meta={NLI_FIELD: name, "pair": pair.id})


def contamination(data: Loaded, known: Loaded, *, threshold: float = 0.9) -> tuple[str, dict[str, Any]]:
    """``(verdict, figures)``: counts per corpus and language, per known corpus and split and per known file, and
    every overlapping pair, strongest first; ``item_overlap`` marks each item in reading order (:data:`CLEAN`, or
    ``e``, ``p``, ``n`` for its strongest kind: exact, parallel key, near)."""
    from wino_toolkit.overlap import EXACT, KINDS, overlap

    sources = comparable(known)
    file_of = {id(it): name for name, it in sources}
    file_of.update({id(it): f.name for f in data.files for it in f.items})
    report = overlap(data.items, [it for _, it in sources], threshold=threshold)
    pairs = sorted(report.pairs, key=lambda p: (KINDS.index(p.kind), p.target.corpus, p.target.id,
                                                p.source.corpus, p.source.id))

    def group(kind: str) -> str:
        return "exact" if kind in EXACT else kind

    strongest: dict[int, str] = {}
    per_group: dict[tuple[str, str, int], str] = {}  # (known corpus, split, target) -> its strongest kind there
    per_file: dict[str, set[int]] = {name: set() for name in known.paths}
    for p in report.pairs:
        target = id(p.target)
        for table, key in ((strongest, target), (per_group, (p.source.corpus, p.source.split or "(none)", target))):
            if key not in table or KINDS.index(p.kind) < KINDS.index(table[key]):
                table[key] = p.kind
        per_file[file_of[id(p.source)]].add(target)
    marks = "".join(MARKS[group(strongest[id(it)])] if id(it) in strongest else CLEAN for it in data.items)
    found = {k: sum(1 for kind in strongest.values() if group(kind) == k) for k in MARKS}
    figures = {**report.to_json(), "against": _known_counts(known), "found": found,
               "by_known": _by_known(known, per_group, group), "files": _files(data, known, per_file),
               "pairs": [_listed(p, file_of) for p in pairs], "pair_count": len(pairs), "item_overlap": marks}
    overlapping = sum(found.values())
    items = len(data.items)
    against = ", ".join(figures["against"]) or "no item"
    silent = [name for name, row in figures["files"].items() if not row["overlapping"]] if overlapping else []
    figures["warnings"] = [f"{name}: contributes nothing: none of its items or NLI texts overlaps an audited item"
                           for name in silent]
    if not overlapping:
        return f"clean: none of {items:,} items overlaps {against}", figures
    verdict = (f"{overlapping:,} of {items:,} items ({overlapping / items:.1%}) overlap {against}: {found['exact']} exact, "
               f"{found['parallel']} by parallel key, {found['near']} near")
    return verdict + (f"; nothing from {', '.join(silent)}" if silent else ""), figures


def _known_counts(known: Loaded) -> dict[str, int]:
    """Schema items and NLI pairs per known corpus."""
    return dict(Counter(r.corpus for f in known.files for r in (*f.items, *f.pairs)))


def _by_known(known: Loaded, per_group: dict[tuple[str, str, int], str], group: Any) -> dict[str, dict[str, Any]]:
    """``{corpus: {split: {"items", "nli_pairs", "overlapping", "exact", "parallel", "near"}}}``: the audited items
    each known corpus and split holds, each under its strongest kind there."""
    out: dict[str, dict[str, Any]] = {}
    for f in known.files:
        for kind, records in (("items", f.items), ("nli_pairs", f.pairs)):
            for r in records:
                row = out.setdefault(r.corpus, {}).setdefault(r.split or "(none)", _row())
                row[kind] += 1
    for (corpus, split, _), kind in per_group.items():
        row = out[corpus][split]
        row["overlapping"] += 1
        row[group(kind)] += 1
    return out


def _row() -> dict[str, int]:
    return {"items": 0, "nli_pairs": 0, "overlapping": 0, **{k: 0 for k in MARKS}}


def _files(data: Loaded, known: Loaded, per_file: dict[str, set[int]]) -> dict[str, dict[str, Any]]:
    """What each known file gave to compare with, and how many audited items it overlaps."""
    audited = set(data.paths)
    return {f.name: {"format": f.format, "items": len(f.items), "nli_pairs": len(f.pairs),
                     "overlapping": len(per_file[f.name]), "also_audited": f.name in audited} for f in known.files}


def _listed(p: Any, file_of: dict[int, str]) -> dict[str, Any]:
    out = {**p.to_dict(), "target_split": p.target.split, "source_split": p.source.split,
           "target_language": p.target.language, "source_language": p.source.language,
           "target_file": file_of[id(p.target)], "source_file": file_of[id(p.source)],
           "target_text": p.target.text[:SNIPPET], "source_text": p.source.text[:SNIPPET]}
    if NLI_FIELD in p.source.meta:
        out["source"], out["source_field"] = p.source.meta["pair"], p.source.meta[NLI_FIELD]
    return out


def outcomes(items: Sequence[Item], scores: Any) -> str:
    """One character per item of ``items``, in order: ``1`` the model got it right, ``0`` wrong, ``-`` not scored
    or unlabeled. ``scores`` (:class:`~wino_toolkit.eval.score.Scores`) holds the scored items in the same order."""
    scored = iter(scores.items)
    current = next(scored, None)
    out = []
    for item in items:
        if current is not None and (current.corpus, current.id) == (item.corpus, item.id):
            out.append("-" if current.gold is None else "1" if current.prediction == current.gold else "0")
            current = next(scored, None)
        else:
            out.append("-")
    return "".join(out)


def accuracy_apart(overlap_figures: dict[str, Any], zero_shot_figures: dict[str, Any]) -> dict[str, Any] | None:
    """The zero-shot accuracy on the clean items and on the overlapping ones (also by kind), each with its 95%
    Wilson interval and a one-line ``verdict``; ``None`` when either section lacks its per-item figures."""
    marks, correct = overlap_figures.get("item_overlap"), zero_shot_figures.get("correct")
    if not isinstance(marks, str) or not isinstance(correct, str) or len(marks) != len(correct):
        return None
    groups: dict[str, list[bool]] = {"clean": [], "overlapping": [], **{k: [] for k in MARKS}}
    kind_of = {mark: kind for kind, mark in MARKS.items()}
    for mark, outcome in zip(marks, correct):
        if outcome == "-":
            continue
        right = outcome == "1"
        groups["clean" if mark == CLEAN else "overlapping"].append(right)
        if mark != CLEAN:
            groups[kind_of[mark]].append(right)
    out: dict[str, Any] = {}
    for name, values in groups.items():
        k, n = sum(values), len(values)
        out[name] = {"items": n, "accuracy": k / n if n else None, "ci95": list(wilson(k, n)) if n else None}

    def said(name: str) -> str:
        row = out[name]
        if not row["items"]:
            return f"no {name} item scored"
        low, high = row["ci95"]
        return f"{row['accuracy']:.1%} on {row['items']:,} {name} items (95% CI {low:.1%}-{high:.1%})"

    out["verdict"] = f"zero-shot accuracy {said('clean')}, {said('overlapping')}"
    return out
