"""The learning curve: accuracy after fine-tuning on nested samples of growing size, over several seeds.

Small training sets are where seeds disagree most, so every size keeps each seed's accuracy and the
plot shows them with the mean and its spread; sizes are drawn on a log axis, as they usually grow
geometrically (WinoGrande's XS to XL).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from wino_toolkit.errors import ParameterError
from wino_toolkit.eval.results import OverSeeds
from wino_toolkit.eval.matrix import DPI, add_signature, model_of, save_figure
from wino_toolkit.extras import require

__all__ = ["CurvePoint", "LearningCurve"]


@dataclass
class CurvePoint(OverSeeds):
    """One training size: the evaluation accuracy of each seed's run."""

    size: int  # training items
    accuracies: list[float]  # one per seed


@dataclass
class LearningCurve:
    """Accuracy on ``target`` by training size (points kept sorted by size); ``chance`` is drawn as a baseline."""

    points: list[CurvePoint]
    target: str  # what the accuracy is measured on, e.g. "winogrande dev"
    signature: str
    chance: float | None = None  # e.g. 0.5 for two candidates
    skip_reasons: dict[str, int] = field(default_factory=dict)  # evaluation items the form could not score, and why

    def __post_init__(self) -> None:
        self.points = sorted(self.points, key=lambda p: p.size)
        sizes = [p.size for p in self.points]
        if len(set(sizes)) != len(sizes):
            raise ParameterError(f"a learning curve has one point per size, not {sizes}")

    def to_json(self) -> dict[str, Any]:
        return {"signature": self.signature, "target": self.target, "chance": self.chance,
                "skipped": sum(self.skip_reasons.values()), "skip_reasons": self.skip_reasons,
                "points": [{"size": p.size, "mean": p.mean, "std": p.std, "accuracies": p.accuracies} for p in self.points]}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> LearningCurve:
        """A curve from :meth:`to_json` (``mean`` and ``std`` are recomputed from the accuracies)."""
        return cls([CurvePoint(p["size"], list(p["accuracies"])) for p in record["points"]], record["target"],
                   record["signature"], record.get("chance"), record.get("skip_reasons", {}))

    def to_frame(self) -> Any:
        """A pandas DataFrame indexed by ``size`` with columns ``mean``, ``std``, ``seeds`` and ``accuracies`` (a list)."""
        pandas = require("pandas", "all", "LearningCurve.to_frame")
        frame = pandas.DataFrame({"mean": [p.mean for p in self.points], "std": [p.std for p in self.points],
                                  "seeds": [len(p.accuracies) for p in self.points],
                                  "accuracies": [list(p.accuracies) for p in self.points]},
                                 index=pandas.Index([p.size for p in self.points], name="size"))
        frame.attrs.update(signature=self.signature, target=self.target, chance=self.chance)
        return frame

    def save(self, directory: str | Path) -> list[Path]:
        """``curve.json``, ``curve.md`` and the plot (``curve.png``, ``curve.svg``) in ``directory``: the paths written."""
        from .outputs import write_outputs

        return write_outputs(directory, "curve", self.to_json(), self.markdown()) + self.plot(Path(directory) / "curve")

    def markdown(self) -> str:
        """A Markdown table, the chance level and the signature under it."""
        target = self.target.replace("|", "\\|")
        lines = [f"| training items | seeds | accuracy on {target} | per seed |", "|---:|---:|---:|---|"]
        for p in self.points:
            lines.append(f"| {p.size} | {len(p.accuracies)} | {p.text()} | " + " ".join(f"{a:.3f}" for a in p.accuracies) + " |")
        chance = "" if self.chance is None else f"\n\nchance: {self.chance:.3f}"
        return "\n".join(lines) + chance + f"\n\n`{self.signature}`\n"

    def table(self) -> Any:
        """A rich table with the signature as its caption."""
        from rich.markup import escape
        from rich.table import Table

        chance = "" if self.chance is None else f" (chance {self.chance:.3f})"
        table = Table(title=escape(f"learning curve: accuracy on {self.target}{chance}"), caption=escape(self.signature))
        for column in ("training items", "seeds", "accuracy", "per seed"):
            table.add_column(column, justify="left" if column == "per seed" else "right")
        for p in self.points:
            table.add_row(str(p.size), str(len(p.accuracies)), p.text(), " ".join(f"{a:.3f}" for a in p.accuracies))
        return table

    def figure(self) -> Any:
        """The curve as a matplotlib Figure (for notebooks; :meth:`plot` saves it).

        Its artists carry ids that SVG keeps (``mean``, ``spread``, ``seeds``, ``chance``), so a
        figure can be restyled or checked without redrawing it.
        """
        figure_module = require("matplotlib.figure", "neural", "Learning curve plots")
        ticker = require("matplotlib.ticker", "neural", "Learning curve plots")
        sizes = [p.size for p in self.points]
        means = [p.mean for p in self.points]
        fig = figure_module.Figure(figsize=(6.4, 4.4), dpi=DPI, layout="constrained")
        ax = fig.add_subplot()
        ax.set_xscale("log")
        ax.fill_between(sizes, [p.mean - p.std for p in self.points], [p.mean + p.std for p in self.points],
                        color="C0", alpha=0.2, linewidth=0, label="mean ± std", gid="spread")
        ax.scatter([p.size for p in self.points for _ in p.accuracies], [a for p in self.points for a in p.accuracies],
                   color="C0", alpha=0.35, s=14, linewidths=0, label="seeds", gid="seeds")
        ax.plot(sizes, means, color="C0", marker="o", label="mean", gid="mean")
        if self.chance is not None:
            ax.axhline(self.chance, color="grey", linestyle="--", linewidth=1, zorder=1,  # under the data, which may sit on it
                       label=f"chance ({self.chance:g})", gid="chance")
        ax.xaxis.set_major_locator(ticker.FixedLocator(sizes))
        ax.xaxis.set_major_formatter(ticker.FixedFormatter([f"{s:,}" for s in sizes]))
        ax.xaxis.set_minor_locator(ticker.NullLocator())
        ax.set_xlabel("training items (log scale)")
        ax.set_ylabel(f"accuracy on {self.target}")
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize="small")
        model = model_of(self.signature)
        ax.set_title(f"learning curve on {self.target}" + (f": {model}" if model else ""))
        add_signature(fig, self.signature)
        return fig

    def plot(self, path_stem: str | Path, *, formats: Iterable[str] = ("png", "svg")) -> list[Path]:
        """The curve saved as ``path_stem`` with each format's suffix (``curve.png``, ``curve.svg``)."""
        return save_figure(self.figure(), path_stem, formats)
