"""Rich tables of ``wino pmi``'s results, built from the same rows its ``--json`` prints, so the CLI only prints."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["query_table"]


def query_table(row: Mapping[str, Any]) -> Any:
    """A rich table of one ``wino pmi query`` row: window counts, probabilities and the PMI, the index
    signature as its caption. ``row["pmi"]`` is a number, ``"-inf"`` (never together) or ``None`` (a term
    absent from the index), as in the JSON."""
    from rich.table import Table

    n = row["windows"]
    table = Table(title=f"PMI({row['term1']}, {row['term2']}) in {row['index']}", title_justify="left", show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right")
    table.add_row("windows", f"{n:,}")
    for word, term, count in ((row["w1"], row["term1"], row["count1"]), (row["w2"], row["term2"], row["count2"])):
        shown = term if term == word else f"{word} → {term}"
        table.add_row(f"windows with {shown}", f"{count:,}  P = {count / n if n else 0:.3g}")
    nab = row["count_both"]
    table.add_row("windows with both", f"{nab:,}  P = {nab / n if n else 0:.3g}")
    pmi = row["pmi"]
    shown_pmi = "absent from the index" if pmi is None else "-inf (never together)" if pmi == "-inf" else f"{pmi:.4f}"
    table.add_row("PMI (log2)", shown_pmi)
    table.caption = row["signature"]
    return table
