"""A review sheet as ONE self-contained HTML page to read while judging (inline CSS, no script, no network
reference): the referring expression highlighted, each derived sentence on its own line. The TSV is what a
reviewer fills in; the page shows the same rows, judgements included once they are written."""
from __future__ import annotations

from html import escape

from .sheet import LEGEND, MARK_CLOSE, MARK_OPEN, REFUSED, ReviewRow, ReviewSheet

__all__ = ["render"]

CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:75rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin-bottom:.2rem}.meta{color:#555;font-size:.85rem}
table{border-collapse:collapse;margin:.8rem 0;font-size:.9rem;width:100%}th,td{border:1px solid #ddd;padding:.3rem .45rem;text-align:left;vertical-align:top}
th{background:#f6f6f6}mark{background:#ffe08a;padding:0 .1rem}td.n{text-align:right;font-variant-numeric:tabular-nums}
ol.derived{margin:0;padding:0;list-style:none}tr.refused td.derived{color:#8a2d1c}.id{color:#555;font-size:.8rem}
td.judgement{min-width:7rem}
@media print{body{max-width:none;margin:0;font-size:10pt}tr{break-inside:avoid;page-break-inside:avoid}}
"""

HEADINGS = ("#", "item", "text", "candidates", "answer", "form's output", "judgement", "error class", "note")


def render(sheet: ReviewSheet) -> str:
    """The sheet as an HTML page: its signature and legend, then one table row per item."""
    form = sheet.rows[0].form if sheet.rows else ""
    title = f"Review of the {form} form" if form else "Review of a derived form"
    legend = "".join(f"<li>{escape(line)}</li>" for line in LEGEND)
    head = "".join(f"<th>{escape(h)}</th>" for h in HEADINGS)
    rows = "".join(_row(row) for row in sheet.rows)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{escape(title)}</title><style>{CSS}</style></head>'
            f'<body><header><h1>{escape(title)}</h1><p class="meta">{escape(sheet.signature or "no signature")}</p>'
            f'<ul class="meta">{legend}</ul></header><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
            "</body></html>\n")


def _row(row: ReviewRow) -> str:
    status = ' class="refused"' if row.status == REFUSED else ""
    derived = "".join(f"<li>{escape(line)}</li>" for line in row.derived.split("\n"))
    cells = [f'<td class="n">{row.n}</td>',
             f'<td>{escape(row.language)}<br><span class="id">{escape(row.corpus)} {escape(row.id)}</span></td>',
             f"<td>{_marked(row.text)}</td>",
             f"<td>{'<br>'.join(escape(c) for c in row.candidates.split(' | '))}</td>",
             f"<td>{escape(row.answer)}</td>",
             f'<td class="derived"><ol class="derived">{derived}</ol></td>',
             f'<td class="judgement">{escape(row.judgement)}</td>', f"<td>{escape(row.error_class)}</td>",
             f"<td>{escape(row.note)}</td>"]
    return f"<tr{status}>{''.join(cells)}</tr>"


def _marked(text: str) -> str:
    """``text`` escaped, its first ⟦...⟧ span highlighted (the brackets kept, so the page reads as the TSV)."""
    start = text.find(MARK_OPEN)
    end = text.find(MARK_CLOSE, start + 1) if start >= 0 else -1
    if end < 0:
        return escape(text)
    return f"{escape(text[:start])}<mark>{escape(text[start:end + 1])}</mark>{escape(text[end + 1:])}"
