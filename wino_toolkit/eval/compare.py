"""Is one run really better than another? McNemar's exact test on the items both runs scored.

Only the discordant items carry evidence: b items run A got right and run B wrong, c the other way.
Under "no difference" each discordant item falls either way with probability ½, so the two-sided
p-value is ``min(1, 2 · P(Binomial(b + c, ½) ≤ min(b, c)))``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wino_toolkit.errors import FormatError

__all__ = ["Comparison", "mcnemar_exact", "compare_predictions", "read_predictions"]


@dataclass(frozen=True)
class Comparison:
    items: int
    accuracy_a: float
    accuracy_b: float
    a_only: int  # right in A, wrong in B
    b_only: int
    p_value: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for ``b`` and ``c`` discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2**n
    return min(1.0, 2 * tail)


def read_predictions(path: str | Path) -> dict[tuple[str, str], bool]:
    """``(corpus, id) → right?`` from a ``wino eval lm --predictions`` file (labeled items only)."""
    out = {}
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                key, right = (row["corpus"], row["id"]), row["prediction"] == row["gold"]
            except (ValueError, KeyError, TypeError) as exc:
                raise FormatError(path, f"line {number}", f"not a prediction line ({exc})") from None
            if row["gold"] is not None:
                out[key] = right
    return out


def compare_predictions(a: str | Path, b: str | Path) -> Comparison:
    """McNemar's exact test between two prediction files, on the items both hold."""
    first, second = read_predictions(a), read_predictions(b)
    shared = sorted(first.keys() & second.keys())
    if not shared:
        raise FormatError(b, None, f"no item in common with {a}: compare runs on the same corpus")
    a_only = sum(first[k] and not second[k] for k in shared)
    b_only = sum(second[k] and not first[k] for k in shared)
    return Comparison(len(shared), sum(first[k] for k in shared) / len(shared), sum(second[k] for k in shared) / len(shared),
                      a_only, b_only, mcnemar_exact(a_only, b_only))
