"""Fine-tuning experiments that take several runs: a hyper-parameter grid over seeds, and a learning curve.

Single-seed numbers mislead on Winograd fine-tuning (jiant #996: 0.51 to 0.80 on WinoGrande by
learning rate and seed), so every setting is run with several seeds and reported as a mean with its
spread. Each run lives in its own directory under ``output_dir`` (``lr=1e-05,epochs=3/seed-0``), so
an interrupted grid resumes where it stopped: a finished run is loaded, not trained again.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from wino_toolkit.eval.results import OverSeeds
from wino_toolkit.errors import ParameterError, WinoError
from wino_toolkit.locks import locks_directory
from wino_toolkit.schema import Item

from wino_toolkit.tuning import RUN_FILE, Run, TrainConfig, fine_tune, reuse_differences

__all__ = ["ALIASES", "parse_grid", "GridPoint", "GridResult", "grid_search", "run_or_load", "learning_curve"]

#: short names accepted in ``--grid`` for the settings of :class:`~wino_toolkit.tuning.TrainConfig`
ALIASES = {"lr": "learning_rate", "bs": "batch_size", "wd": "weight_decay", "warmup": "warmup_ratio",
           "accumulation": "gradient_accumulation", "len": "max_length"}


def parse_grid(specs: Iterable[str]) -> dict[str, list[Any]]:
    """``["lr=1e-5,2e-5", "epochs=2,3"]`` → ``{"learning_rate": [1e-05, 2e-05], "epochs": [2.0, 3.0]}``,
    each value converted to the setting's type; an unknown setting or a bad value is an error."""
    fields = TrainConfig.__dataclass_fields__
    out: dict[str, list[Any]] = {}
    for spec in specs:
        key, sep, values = spec.partition("=")
        name = ALIASES.get(key.strip(), key.strip())
        if not sep or name not in fields or name in ("form", "device", "precision", "group_by_length", "pad_to_max_length",
                                                     "remove_checkpoints"):
            raise ParameterError(f"--grid takes SETTING=V1,V2 with a numeric training setting, not {spec!r}")
        kind = type(getattr(TrainConfig(), name)) if getattr(TrainConfig(), name) is not None else int
        try:
            out[name] = [kind(v) if kind is not float else float(v) for v in values.split(",") if v.strip()]
        except ValueError:
            raise ParameterError(f"--grid {spec!r}: every value of {name} must be a {kind.__name__}") from None
        if not out[name]:
            raise ParameterError(f"--grid {spec!r} gives no value")
        for value in out[name]:  # an impossible value is refused now, not after the runs before it
            try:
                TrainConfig().replace(**{name: value})
            except WinoError as exc:
                raise ParameterError(f"--grid {spec!r}: {exc}") from None
    return out


@dataclass
class GridPoint(OverSeeds):
    """One setting of the grid: its runs' development accuracies, one per seed."""

    settings: dict[str, Any]
    seeds: list[int]
    accuracies: list[float]
    runs: list[str]  # run directories, relative to the grid's directory

    @property
    def label(self) -> str:
        return ",".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in self.settings.items()) or "default"


@dataclass
class GridResult:
    """Every setting's mean and spread over seeds; ``best`` is the highest mean (ties: the first)."""

    points: list[GridPoint]
    signature: str
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> GridPoint:
        return max(self.points, key=lambda p: p.mean)

    def to_json(self) -> dict[str, Any]:
        return {"signature": self.signature, **self.extra, "best": self.best.settings,
                "points": [{"settings": p.settings, "seeds": p.seeds, "dev_accuracies": p.accuracies, "mean": p.mean,
                            "std": p.std, "runs": p.runs} for p in self.points]}

    def save(self, directory: str | Path) -> list[Path]:
        """``grid.json`` (:meth:`to_json`) and ``grid.md`` (:meth:`markdown`) in ``directory``: the paths written."""
        from .outputs import write_outputs

        return write_outputs(directory, "grid", self.to_json(), self.markdown())

    def markdown(self) -> str:
        lines = ["| settings | seeds | dev accuracy (mean ± std) | per seed |", "|---|---:|---:|---|"]
        for p in self.points:
            lines.append(f"| {p.label} | {len(p.seeds)} | {p.mean:.3f} ± {p.std:.3f} | "
                         + " ".join(f"{a:.3f}" for a in p.accuracies) + " |")
        return "\n".join(lines) + f"\n\n`{self.signature}`\n"

    def table(self) -> Any:
        from rich.table import Table

        table = Table(title="fine-tuning: development accuracy over seeds", caption=self.signature)
        for column in ("settings", "seeds", "mean", "std", "per seed"):
            table.add_column(column, justify="left" if column in ("settings", "per seed") else "right")
        best = self.best
        for p in self.points:
            table.add_row(p.label + (" (best)" if p is best else ""), str(len(p.seeds)), f"{p.mean:.3f}", f"{p.std:.3f}",
                          " ".join(f"{a:.3f}" for a in p.accuracies))
        return table


def run_or_load(directory: Path, train: Sequence[Item], *, model: str, dev: Sequence[Item] | None = None,
                config: TrainConfig | None = None, **kwargs: Any) -> Run:
    """The finished run in ``directory`` if its settings, model and data are the ones asked for (else a
    :class:`WinoError` naming what differs), or a new run there (resumed from its checkpoints)."""
    if (directory / RUN_FILE).is_file():
        run = Run.load(directory)
        differences = reuse_differences(run, train, model=model, dev=dev, config=config)
        if differences:
            raise WinoError(f"{directory} was trained with {'; '.join(differences)}: use another -o, or remove it "
                            "to train again")
        return run
    return fine_tune(train, output_dir=directory, resume=(directory / "checkpoints").exists(), model=model, dev=dev,
                     config=config, **kwargs)


@locks_directory("output_dir", what="a fine-tuning grid")
def grid_search(items: Sequence[Item], *, model: str, output_dir: str | Path, grid: dict[str, list[Any]] | None = None,
                seeds: Sequence[int] = (0,), dev: Sequence[Item] | None = None, config: TrainConfig | None = None,
                progress: Callable[[str, int, int], None] | None = None) -> GridResult:
    """Fine-tune ``model`` on ``items`` for every combination of ``grid`` values and every seed.

    The development split is the same for every run: ``dev``, or one twin-safe tenth of ``items``
    held out with the first seed, so settings are compared on the same items.
    """
    config = config or TrainConfig()
    if dev is None:
        from .splits import split

        parts = split(list(items), dev=0.1, seed=seeds[0])
        items, dev = parts["train"], parts["dev"]
    grid = grid or {}
    names = list(grid)
    points = []
    for values in itertools.product(*(grid[n] for n in names)):
        settings = dict(zip(names, values))
        point = GridPoint(settings, list(seeds), [], [])
        label = point.label
        for seed in seeds:
            where = Path(output_dir) / label / f"seed-{seed}"
            hook = (lambda step, total, _l=f"{label} seed {seed}": progress(_l, step, total)) if progress else None
            run = run_or_load(where, items, model=model, dev=dev, config=config.replace(seed=seed, **settings), progress=hook)
            point.accuracies.append(run.dev_accuracy if run.dev_accuracy is not None else float("nan"))
            point.runs.append(str(Path(label) / f"seed-{seed}"))
        points.append(point)
    signature = f"{run.signature.rsplit('|seed:', 1)[0]}|seeds:{','.join(map(str, seeds))}|grid:{';'.join(p.label for p in points)}"
    # every run read the same items in the same form, so the last one's skips are every run's
    return GridResult(points, signature, {"train_items": run.train_items, "dev_items": run.dev_items,
                                          "skipped": run.skipped, "skip_reasons": run.skip_reasons})


@locks_directory("output_dir", what="a learning curve")
def learning_curve(items: Sequence[Item], *, model: str, sizes: Sequence[int], output_dir: str | Path,
                   evaluate_on: Sequence[Item], dev: Sequence[Item] | None = None, seeds: Sequence[int] = (0,),
                   config: TrainConfig | None = None, target: str = "development split",
                   progress: Callable[[str, int, int], None] | None = None) -> Any:
    """Accuracy on ``evaluate_on`` after fine-tuning on nested, twin-safe samples of ``items`` of each size.

    Each seed draws its own nested samples (the smaller inside the larger) and seeds its own runs;
    early stopping uses ``dev`` (or, without it, none: the sizes are too small to spare items).
    """
    from .curves import CurvePoint, LearningCurve
    from .predict import predict
    from wino_toolkit.splits import nested_samples

    config = config or TrainConfig()
    if dev is None:
        config = config.replace(patience=None)
    points = {size: CurvePoint(size, []) for size in sorted(sizes)}
    signature = ""
    for seed in seeds:
        samples = nested_samples(list(items), sorted(sizes), seed=seed)
        for size, sample in zip(sorted(sizes), samples):
            where = Path(output_dir) / f"size-{size}" / f"seed-{seed}"
            hook = (lambda step, total, _l=f"size {size} seed {seed}": progress(_l, step, total)) if progress else None
            run = run_or_load(where, sample, model=model, dev=dev or [], config=config.replace(seed=seed), progress=hook)
            network, tokenizer = run.load_model()
            scores = predict(network, tokenizer, evaluate_on, form=run.config.form, max_length=run.config.max_length,
                             batch_size=run.config.eval_batch_size)
            points[size].accuracies.append(scores.accuracy)
            signature = run.signature.rsplit("|seed:", 1)[0]
    n = {len(i.candidates) for i in evaluate_on}
    chance = 1 / n.pop() if len(n) == 1 else None
    # every run scores the same evaluation items in the same form, so they skip the same ones
    skipped = Counter(s.reason for s in scores.skipped)
    return LearningCurve(list(points.values()), target, f"{signature}|seeds:{','.join(map(str, seeds))}", chance,
                         dict(skipped.most_common()))
