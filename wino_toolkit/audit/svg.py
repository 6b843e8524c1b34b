"""Charts drawn as inline SVG strings: no plotting library, nothing fetched, sharp when printed."""
from __future__ import annotations

from html import escape
from typing import Sequence

__all__ = ["bars", "scatter"]

WIDTH = 640
ROW = 22
LABEL = 190  # pixels for the row labels
COLOURS = ("#3b6ea5", "#c8553d")  # label 1 (or the bars), label 2


def bars(rows: Sequence[tuple[str, float]], *, title: str, maximum: float | None = None,
         intervals: Sequence[tuple[float, float] | None] | None = None, reference: float | None = None,
         reference_label: str = "chance", percent: bool = False, marks: Sequence[float | None] | None = None) -> str:
    """Horizontal bars, one per ``(label, value)``, with optional 95% intervals, a dashed reference line across all
    rows, and ``marks``: each row's own reference (its chance), a short dashed tick on its bar."""
    if not rows:
        return ""
    top = maximum if maximum is not None else max([v for _, v in rows] + [hi for iv in intervals or () if iv for _, hi in [iv]]
                                                  + [reference or 0.0]) or 1.0
    span = WIDTH - LABEL - 70
    height = ROW * len(rows) + 30

    def x(value: float) -> float:
        return LABEL + span * max(0.0, min(value, top)) / top

    shown = (lambda v: f"{v:.1%}") if percent else (lambda v: f"{v:,.3g}")
    parts = [f'<svg class="chart" role="img" viewBox="0 0 {WIDTH} {height}" '
             f'width="{WIDTH}" height="{height}"><title>{escape(title)}</title>']
    for k, (label, value) in enumerate(rows):
        y = 8 + k * ROW
        parts.append(f'<text x="{LABEL - 6}" y="{y + 14}" text-anchor="end">{escape(_short(label))}</text>')
        parts.append(f'<rect x="{LABEL}" y="{y + 3}" width="{x(value) - LABEL:.1f}" height="{ROW - 8}" fill="{COLOURS[0]}"/>')
        interval = intervals[k] if intervals else None
        if interval:
            lo, hi = interval
            parts.append(f'<line x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{y + 10}" y2="{y + 10}" stroke="#111" stroke-width="2"/>')
        mark = marks[k] if marks else None
        if mark is not None:
            parts.append(f'<line x1="{x(mark):.1f}" x2="{x(mark):.1f}" y1="{y + 1}" y2="{y + ROW - 3}" stroke="#555" '
                         f'stroke-dasharray="3 2"><title>{escape(reference_label)} {shown(mark)}</title></line>')
        parts.append(f'<text x="{x(max(value, interval[1] if interval else value)) + 5:.1f}" y="{y + 14}">{shown(value)}</text>')
    if reference is not None:
        rx = x(reference)
        parts.append(f'<line x1="{rx:.1f}" x2="{rx:.1f}" y1="4" y2="{height - 18}" stroke="#555" stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{rx:.1f}" y="{height - 6}" text-anchor="middle" class="note">'
                     f'{escape(reference_label)} {shown(reference)}</text>')
    elif marks and any(m is not None for m in marks):
        parts.append(f'<text x="{LABEL}" y="{height - 6}" class="note">dashed ticks: each row\'s {escape(reference_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def scatter(points: Sequence[Sequence[float]], *, title: str, names: Sequence[str] = ("label 1", "label 2")) -> str:
    """``(x, y, label)`` points coloured by label (0 or 1), with a legend: the separation plot."""
    if not points:
        return ""
    size, pad = 360, 24
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def at(v: float, lo: float, hi: float) -> float:
        return pad + (size - 2 * pad) * ((v - lo) / (hi - lo) if hi > lo else 0.5)

    parts = [f'<svg class="chart" role="img" viewBox="0 0 {size + 120} {size}" '
             f'width="{size + 120}" height="{size}"><title>{escape(title)}</title>',
             f'<rect x="{pad}" y="{pad}" width="{size - 2 * pad}" height="{size - 2 * pad}" fill="none" stroke="#bbb"/>']
    for px, py, label in points:
        parts.append(f'<circle cx="{at(px, x0, x1):.1f}" cy="{size - at(py, y0, y1):.1f}" r="2.2" '
                     f'fill="{COLOURS[int(label) % 2]}" fill-opacity="0.6"/>')
    for k, name in enumerate(names):
        parts.append(f'<circle cx="{size + 8}" cy="{pad + 8 + 18 * k}" r="5" fill="{COLOURS[k]}"/>'
                     f'<text x="{size + 18}" y="{pad + 12 + 18 * k}">{escape(name)}</text>')
    parts.append(f'<text x="{size / 2}" y="{size - 6}" text-anchor="middle" class="note">PC1</text>'
                 f'<text x="10" y="{size / 2}" class="note">PC2</text></svg>')
    return "".join(parts)


def _short(label: str, most: int = 28) -> str:
    return label if len(label) <= most else label[: most - 1] + "…"
