"""Transfer: fine-tune on each source corpus, evaluate on every target (the WinoGrande paper's Table 6).

For each source and seed a run is fine-tuned (or loaded, when its directory already holds one) and
every target is scored with it; a cell is the accuracy over seeds with its spread, and links to one
predictions file per seed. A target that holds several languages (XWINO) is one column per language,
so cross-lingual transfer reads off the same matrix. With ``finetune_targets`` each target is split
twin-safe into train / dev / test (seeded), the source's model is fine-tuned further on the target's
train part, and both rows, zero-shot and "-ft", are scored on the same test part. Overlap between a
target and a source (contamination) is counted for every cell and, with ``dedupe``, left out of the
score.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from wino_toolkit.eval.matrix import Cell, TransferMatrix
from wino_toolkit.fingerprint import items_checksum
from wino_toolkit.io import atomic_output, text_writer
from wino_toolkit.locks import locks_directory
from wino_toolkit.schema import Item
from wino_toolkit.tuning import Run

__all__ = ["by_corpus_and_language", "transfer", "TransferRecord", "transfer_json", "save_transfer"]


@dataclass
class TransferRecord:
    """What :func:`transfer` ran, beside its matrix (``transfer.json``): every run's record (``source``, its
    directory relative to the output, :meth:`~wino_toolkit.tuning.Run.to_json`), the split seed (with ``finetune_targets``),
    the overlap of each target with each source (``overlap``: items; ``overlap_routes``: those items by route,
    ``text``, ``parallel key`` for a translation, ``trained on`` for an item trained on), the targets left out
    because the form makes no labeled item of them (``unscorable``, with the reason), each target's items the form
    cannot make (``skipped``: reason → count; each run has its own), the run directories found finished and
    loaded rather than trained (``reused``) and the cells ``dedupe`` emptied (``emptied``: every target item
    overlaps the source)."""

    split_seed: int | None
    dedupe: bool
    runs: list[dict[str, Any]] = field(default_factory=list)
    overlap: dict[str, dict[str, int]] = field(default_factory=dict)
    overlap_routes: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    unscorable: dict[str, str] = field(default_factory=dict)
    skipped: dict[str, dict[str, int]] = field(default_factory=dict)
    reused: list[str] = field(default_factory=list)
    emptied: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"split_seed": self.split_seed, "dedupe": self.dedupe, "runs": self.runs, "overlap": self.overlap,
                "overlap_routes": self.overlap_routes, "unscorable": self.unscorable, "skipped": self.skipped,
                "reused": self.reused, "emptied": self.emptied}


def transfer_json(matrix: TransferMatrix) -> dict[str, Any]:
    """``transfer.json``: the record of what ran (:class:`TransferRecord`) and the matrix itself (``matrix``)."""
    return {**matrix.record.to_json(), "matrix": matrix.to_json()}


def save_transfer(matrix: TransferMatrix, directory: str | Path) -> list[Path]:
    """``transfer.json`` (:func:`transfer_json`), ``transfer.md`` and the heatmap (``transfer.png``, ``.svg``) in
    ``directory``: the paths written."""
    from .outputs import write_outputs

    files = write_outputs(directory, "transfer", transfer_json(matrix), matrix.markdown())
    return files + matrix.plot(Path(directory) / "transfer", formats=("png", "svg"))


def by_corpus_and_language(items: Iterable[Item]) -> dict[str, list[Item]]:
    """Items grouped as matrix columns: ``corpus``, or ``corpus/language`` for a corpus in several languages."""
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        groups.setdefault((item.corpus, item.language), []).append(item)
    languages: dict[str, int] = {}
    for corpus, _ in groups:
        languages[corpus] = languages.get(corpus, 0) + 1
    return {(corpus if languages[corpus] == 1 else f"{corpus}/{language}"): found for (corpus, language), found in groups.items()}


def _write_predictions(path: Path, scores: Any) -> None:
    from wino_toolkit import launch

    if not launch.is_main():  # under torchrun / accelerate launch every process scores alike; the main one writes
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_output(path) as fh, text_writer(fh) as w:
        w.writelines(json.dumps(s.to_dict(), ensure_ascii=False) + "\n" for s in scores.items)


def _key(item: Item) -> tuple[str, str | None, str]:
    return item.corpus, item.split, item.id


def _safe(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in label)


@locks_directory("output_dir", what="a transfer matrix")
def transfer(sources: Mapping[str, Sequence[Item]], targets: Mapping[str, Sequence[Item]], *, model: str,
             output_dir: str | Path, seeds: Sequence[int] = (0,), config: Any = None, finetune_targets: bool = False,
             split_seed: int = 0, dedupe: bool = False, threshold: float = 0.9,
             progress: Callable[[str, int, int], None] | None = None) -> TransferMatrix:
    """The transfer matrix of ``model`` fine-tuned on each of ``sources`` and scored on each of ``targets``; its
    ``record`` (:class:`TransferRecord`) is what ran. ``output_dir`` is held (:mod:`wino_toolkit.locks`) while it
    runs.
    """
    from wino_toolkit.forms import FormReport
    from wino_toolkit.overlap import overlap
    from wino_toolkit.splits import split
    from wino_toolkit.tuning import TrainConfig, examples

    from .experiments import run_or_load
    from .predict import predict

    config = config or TrainConfig()
    out = Path(output_dir)
    unscorable, skipped = {}, {}
    for name, found in targets.items():  # e.g. XWINO's Russian rows: no rules for the language yet
        report = FormReport()
        made = examples(found, config.form, report)
        if report.skipped:
            skipped[name] = dict(report.reasons().most_common())
        if not any(e.label is not None for e in made):
            unscorable[name] = "no labeled item" if made else f"the {config.form} form makes none of its items"
    targets = {name: found for name, found in targets.items() if name not in unscorable}
    parts = {name: split(list(found), dev=0.1, test=0.3, seed=split_seed) for name, found in targets.items()} if finetune_targets else {}
    evaluated = {name: parts[name]["test"] if finetune_targets else list(found) for name, found in targets.items()}
    cells: list[Cell] = []
    record = TransferRecord(split_seed if finetune_targets else None, dedupe, unscorable=unscorable, skipped=skipped)
    first: Run | None = None  # its settings name the matrix
    emptied: dict[str, set[str]] = {}

    def hook(label: str) -> Callable[[int, int], None] | None:
        return (lambda step, total: progress(label, step, total)) if progress else None

    for source, train in sources.items():
        # a target item overlaps when its text is found in the source (exactly or nearly), or when it is
        # one of the very items trained on (a corpus evaluated on its own training file)
        trained = {_key(i) for i in train}
        routes = {name: {**overlap(evaluated[name], list(train), threshold=threshold).routes(),
                         **{_key(i): "trained on" for i in evaluated[name] if _key(i) in trained}} for name in targets}
        found = {name: set(routed) for name, routed in routes.items()}
        record.overlap[source] = {name: len(keys) for name, keys in found.items()}
        record.overlap_routes[source] = {name: dict(Counter(routed.values())) for name, routed in routes.items()}
        rows: dict[tuple[str, bool], Cell] = {}
        for seed in seeds:
            seeded = config.replace(seed=seed)
            run = run_or_load(out / "runs" / _safe(source) / f"seed-{seed}", train, model=model, config=seeded,
                              progress=hook(f"{source} seed {seed}"))
            record.runs.append({"source": source, **run.to_json(), "directory": str(run.directory.relative_to(out))})
            first = first or run
            if run.reused:
                record.reused.append(str(run.directory.relative_to(out)))
            network, tokenizer = run.load_model()
            for name in targets:
                excluded = found[name] if dedupe else set()
                scored_items = [i for i in evaluated[name] if _key(i) not in excluded]
                if not scored_items:  # every item overlaps the source (--dedupe): no cell
                    emptied.setdefault(source, set()).add(name)
                    continue
                runs = [(False, network, tokenizer, run)]
                if finetune_targets:
                    tuned = run_or_load(out / "runs" / f"{_safe(source)}-ft-{_safe(name)}" / f"seed-{seed}", parts[name]["train"],
                                        model=str(run.model_dir), dev=parts[name]["dev"], config=seeded,
                                        progress=hook(f"{source} -ft {name} seed {seed}"))
                    runs.append((True, *tuned.load_model(), tuned))
                    if tuned.reused:
                        record.reused.append(str(tuned.directory.relative_to(out)))
                for finetuned, net, tok, used in runs:
                    scores = predict(net, tok, scored_items, form=used.config.form, max_length=used.config.max_length,
                                     batch_size=used.config.eval_batch_size)
                    rel = Path("predictions") / f"{_safe(source)}{'-ft' if finetuned else ''}__{_safe(name)}__seed-{seed}.jsonl"
                    _write_predictions(out / rel, scores)
                    labeled = sum(s.gold is not None for s in scores.items)
                    cell = rows.setdefault((name, finetuned), Cell(source, name, [], labeled, len(excluded), finetuned=finetuned))
                    cell.accuracies.append(scores.accuracy)
                    cell.predictions.append(str(rel))
        cells += list(rows.values())
    record.emptied = {source: sorted(names) for source, names in emptied.items()}
    # the runs' settings (without their seed and training data), then what was trained and scored on
    settings = first.settings_signature if first else ""
    signature = (f"transfer|{settings}|seeds:{','.join(map(str, seeds))}|sources:{items_checksum(i for s in sources.values() for i in s)}"
                 f"|targets:{items_checksum(i for t in targets.values() for i in t)}" + ("|ft" if finetune_targets else "")
                 + ("|dedupe" if dedupe else ""))
    return TransferMatrix(cells, signature, record)
