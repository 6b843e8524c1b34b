"""The transfer matrix of issue #12: accuracy of an encoder fine-tuned on one corpus (a row) on others (columns).

Every cell is a mean over seeds with its sample standard deviation, because one seed's number on
Winograd fine-tuning can be anywhere between chance and the best (jiant #996). The paper's "-ft"
rows, further fine-tuned on the target's training split, are rows of their own (``"<source> -ft"``).

The heatmap's colour scale is fixed at 0.4 to 1.0 (``VMIN``, ``VMAX``) so that two matrices can be
compared by eye: 0.5 is chance on two candidates, and lower accuracies take the bottom colour.
The figure helpers here (:func:`save_figure`, :func:`add_signature`) are shared with the learning curve.
"""
from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from .results import OverSeeds
from wino_toolkit.errors import ParameterError
from wino_toolkit.extras import require
from wino_toolkit.io import atomic_output

__all__ = ["Cell", "TransferMatrix", "VMIN", "VMAX", "FORMATS", "save_figure", "add_signature", "model_of"]

VMIN, VMAX = 0.4, 1.0  # the heatmap's fixed colour scale
FORMATS = ("png", "svg", "pdf")  # what plots can be saved as
DPI = 100


@dataclass
class Cell(OverSeeds):
    """One source → target pair: the target's accuracy after each seed's fine-tuning on the source."""

    source: str
    target: str
    accuracies: list[float]  # one per seed
    items: int  # target items scored
    excluded: int = 0  # target items left out as overlapping the source (--dedupe)
    predictions: list[str] = field(default_factory=list)  # one predictions file per seed, relative to the run dir
    finetuned: bool = False  # further fine-tuned on the target's training split (the paper's "-ft" rows)

    @property
    def row(self) -> str:
        return f"{self.source} -ft" if self.finetuned else self.source

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "target": self.target, "finetuned": self.finetuned, "mean": self.mean,
                "std": self.std, "accuracies": self.accuracies, "items": self.items, "excluded": self.excluded,
                "predictions": self.predictions}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Cell:
        """A cell from :meth:`to_json` (``mean`` and ``std`` are recomputed from the accuracies)."""
        return cls(record["source"], record["target"], list(record["accuracies"]), record["items"],
                   record.get("excluded", 0), list(record.get("predictions", [])), record.get("finetuned", False))



@dataclass
class TransferMatrix:
    """Rows are training corpora (in first-seen order), columns the corpora evaluated on. ``record`` is what
    :func:`wino_toolkit.train.transfer.transfer` ran (a :class:`~wino_toolkit.train.transfer.TransferRecord`: every
    run's record, the overlap counts); it is not part of :meth:`to_json`."""

    cells: list[Cell]
    signature: str
    record: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        seen = set()
        for c in self.cells:
            if (c.row, c.target) in seen:
                raise ValueError(f"two cells for {c.row} → {c.target}")
            seen.add((c.row, c.target))

    @property
    def sources(self) -> list[str]:
        """Row labels: ``"<source> -ft"`` for the rows further fine-tuned on the target."""
        return list(dict.fromkeys(c.row for c in self.cells))

    @property
    def targets(self) -> list[str]:
        return list(dict.fromkeys(c.target for c in self.cells))

    def cell(self, source: str, target: str, finetuned: bool = False) -> Cell | None:
        return next((c for c in self.cells if (c.source, c.target, c.finetuned) == (source, target, finetuned)), None)

    def _at(self, row: str, target: str) -> Cell | None:
        return next((c for c in self.cells if (c.row, c.target) == (row, target)), None)

    def to_json(self) -> dict[str, Any]:
        return {"signature": self.signature, "sources": self.sources, "targets": self.targets,
                "cells": [c.to_json() for c in self.cells]}

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> TransferMatrix:
        return cls([Cell.from_json(c) for c in record["cells"]], record["signature"])

    def to_frame(self) -> Any:
        """A pandas DataFrame with a row per source and columns ``(statistic, target)``: ``frame["mean"]``
        is the matrix of mean accuracies and ``frame["std"]`` their spreads over seeds; NaN where no cell."""
        pandas = require("pandas", "all", "TransferMatrix.to_frame")
        columns = pandas.MultiIndex.from_product([("mean", "std"), self.targets], names=["statistic", "target"])
        frame = pandas.DataFrame(index=pandas.Index(self.sources, name="source"), columns=columns, dtype=float)
        for c in self.cells:
            frame.loc[c.row, ("mean", c.target)] = c.mean
            frame.loc[c.row, ("std", c.target)] = c.std
        frame.attrs["signature"] = self.signature
        return frame

    def markdown(self) -> str:
        """A Markdown table (a cell links to its first seed's predictions) with the signature under it."""
        lines = ["| source | " + " | ".join(map(_md, self.targets)) + " |", "|---|" + "---:|" * len(self.targets)]
        for row in self.sources:
            lines.append(f"| {_md(row)} | " + " | ".join(_md_cell(self._at(row, t)) for t in self.targets) + " |")
        note = self._excluded()
        return "\n".join(lines) + (f"\n\n{note}" if note else "") + f"\n\n`{self.signature}`\n"

    def table(self) -> Any:
        """A rich table of the same cells (without links), the signature as its caption."""
        from rich.markup import escape
        from rich.table import Table

        note = self._excluded()
        table = Table(title="transfer accuracy (mean ± std over seeds)",
                      caption=escape(f"{note}\n{self.signature}" if note else self.signature))
        table.add_column("source")
        for target in self.targets:
            table.add_column(escape(target), justify="right")
        for row in self.sources:
            table.add_row(escape(row), *((c.text() if c else "-") for c in (self._at(row, t) for t in self.targets)))
        return table

    def _excluded(self) -> str:
        """Which cells left target items out as overlapping their source: their accuracy is on fewer items."""
        parts = [f"{c.row} → {c.target}: {c.excluded} of {c.items + c.excluded}" for c in self.cells if c.excluded]
        return "excluded as overlapping the source: " + "; ".join(parts) if parts else ""

    def figure(self) -> Any:
        """The heatmap as a matplotlib Figure (for notebooks; :meth:`plot` saves it)."""
        matplotlib = require("matplotlib", "neural", "Transfer matrix plots")
        figure_module = require("matplotlib.figure", "neural", "Transfer matrix plots")
        rows, targets = self.sources, self.targets
        means = np.ma.masked_invalid([[c.mean if (c := self._at(r, t)) else np.nan for t in targets] for r in rows])
        fig = figure_module.Figure(figsize=(2.6 + 1.1 * len(targets), 1.9 + 0.7 * len(rows)), dpi=DPI, layout="constrained")
        ax = fig.add_subplot()
        cmap = matplotlib.colormaps["viridis"].with_extremes(bad="lightgrey")
        image = ax.imshow(means, cmap=cmap, norm=matplotlib.colors.Normalize(VMIN, VMAX), aspect="auto")
        fig.colorbar(image, ax=ax, extend="min", label="mean accuracy over seeds")
        for i, row in enumerate(rows):
            for j, target in enumerate(targets):
                if c := self._at(row, target):
                    r, g, b, _ = cmap(image.norm(c.mean))
                    ink = "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"
                    ax.text(j, i, c.text(2).replace(" ± ", "\n±"), ha="center", va="center", color=ink, fontsize="small")
        slanted = len(targets) > 3  # long corpus names would overlap
        ax.set_xticks(range(len(targets)), labels=targets, rotation=30 if slanted else 0, ha="right" if slanted else "center")
        ax.set_yticks(range(len(rows)), labels=rows)
        ax.set_xticks(np.arange(len(targets) + 1) - 0.5, minor=True)
        ax.set_yticks(np.arange(len(rows) + 1) - 0.5, minor=True)
        ax.grid(which="minor", color="white", linewidth=2)
        ax.tick_params(which="minor", length=0)
        ax.set_xlabel("evaluated on")
        ax.set_ylabel("fine-tuned on")
        model = model_of(self.signature)
        ax.set_title(f"transfer accuracy: {model}" if model else "transfer accuracy")
        add_signature(fig, self.signature)
        return fig

    def plot(self, path: str | Path, *, formats: Iterable[str] = ("png",)) -> list[Path]:
        """The heatmap saved as ``path`` with each format's suffix (``matrix`` → ``matrix.png``, ``matrix.svg``)."""
        return save_figure(self.figure(), path, formats)


def save_figure(fig: Any, path: str | Path, formats: Iterable[str]) -> list[Path]:
    """Write ``fig`` once per format beside ``path`` (an image suffix on it is dropped), each file atomically.

    SVG keeps its text as text (searchable, editable in a paper) and is reproducible: no date, fixed ids.
    """
    formats = list(formats)
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        raise ParameterError(f"plot formats must be some of {', '.join(FORMATS)}, not {unknown or 'none'}")
    path = Path(path)
    stem = path.with_suffix("") if path.suffix.lstrip(".").lower() in FORMATS else path
    matplotlib = require("matplotlib", "neural", "plots")
    written = []
    for fmt in formats:
        target = stem.with_name(f"{stem.name}.{fmt}")
        svg = fmt == "svg"
        settings = matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "wino-toolkit"}) if svg else nullcontext()
        with settings, atomic_output(target) as fh:
            fig.savefig(fh, format=fmt, dpi=DPI, metadata={"Date": None} if svg else None)
        written.append(target)
    return written


def add_signature(fig: Any, signature: str, width: int = 100) -> None:
    """The signature in small print under the figure, broken at its ``|`` so that it fits."""
    lines = [""]
    for part in signature.split("|"):
        if lines[-1] and len(lines[-1]) + len(part) + 1 > width:
            lines.append("")
        lines[-1] += ("|" if lines[-1] else "") + part
    fig.supxlabel("\n".join(lines), fontsize="x-small", color="grey")


def model_of(signature: str) -> str:
    """The ``model:`` field of a signature (``train|model:roberta-large@abc|...``), or ``""``."""
    return next((p.removeprefix("model:") for p in signature.split("|") if p.startswith("model:")), "")


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _md_cell(cell: Cell | None) -> str:
    if cell is None:
        return "-"
    if not cell.predictions:
        return cell.text()
    link = cell.predictions[0]
    return f"[{cell.text()}]({f'<{link}>' if any(ch in link for ch in ' ()<>') else link})"
