"""The cross-lingual resistance report: one table over every corpus and language, or JSON.

Each row is a :class:`~.check.Summary`; each index contributes its signature, printed under the table
and stored in the JSON, so a figure can always be traced to the dump, segmenter, window, threshold,
seed and toolkit version that produced it.
"""
from __future__ import annotations

from typing import Any, Sequence

from .check import INCONCLUSIVE, NOT_RESISTANT, CheckResult

__all__ = ["report_table", "report_json", "METHOD"]

#: what the figures mean, stored with every JSON report
METHOD = {
    "decision": "the candidate with the highest PMI(reference, answer term), when it beats the second by more "
    "than the threshold; otherwise (undefined difference, skipped terms) a seeded random candidate",
    "coverage": "items PMI decided",
    "precision": "correct / covered",
    "accuracy": "correct / items, with the seeded random draws",
    "expected_accuracy": "(correct covered + sum of 1/k over the random items) / items: the mean over all draws",
    "expected_accuracy_ci95": "Wilson 95% interval of the precision, mapped linearly onto the expected accuracy",
    "binomial_test": "exact two-sided binomial test (scipy.stats.binomtest) of correct covered in covered trials "
    "against the chance rate (0.5 for two candidates)",
    "verdict": "'not resistant' when p < alpha and the expected accuracy is above chance; otherwise 'resistant' when "
    "at least min_decided items were decided (80% power to detect a precision 25 points above chance at alpha, "
    "normal approximation), else 'inconclusive (n too small)'",
}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def report_table(results: Sequence[CheckResult]):
    """A rich table with one row per corpus and language, the signatures as its caption."""
    from rich.table import Table

    table = Table(title="PMI baseline: is word association enough? (cross-lingual resistance check)", title_justify="left")
    for col in ("corpus", "lang", "items", "terms", "covered", "precision %", "accuracy %", "expected %", "95% CI %", "p", "verdict"):
        table.add_column(col, justify="left" if col in ("corpus", "lang", "verdict") else "right")
    for result in results:
        for s in result.summaries:
            lo, hi = s.interval
            color = {NOT_RESISTANT: "red", INCONCLUSIVE: "yellow"}.get(s.verdict, "green")
            verdict = f"[{color}]{s.verdict}[/{color}]"
            table.add_row(
                s.corpus, s.language, str(s.items), str(s.with_terms), f"{s.decided} ({_pct(s.coverage)}%)",
                _pct(s.precision), _pct(s.accuracy), _pct(s.expected_accuracy), f"{_pct(lo)}-{_pct(hi)}",
                f"{s.p_value:.3g}", verdict,
            )
    table.caption = "\n".join(dict.fromkeys(r.signature for r in results))
    table.caption_justify = "left"
    return table


def report_json(results: Sequence[CheckResult], *, details: bool = False) -> dict[str, Any]:
    """The report as a JSON-ready dict; ``details`` adds every item's terms, PMI values and answer."""
    from wino_toolkit._version import __version__

    return {
        "tool": f"wino-toolkit {__version__}",
        "method": METHOD,
        "checks": [r.to_dict(details=details) for r in results],
    }
