"""argparse types for numeric options: an impossible value (``--max-steps -3``, ``--lr 0``, ``--epochs nan``)
is a usage error at parsing, exit 2 in one line, rather than a traceback or a silently odd run later."""
from __future__ import annotations

import argparse
import math
from typing import Callable

__all__ = ["integer", "number"]


def integer(low: int) -> Callable[[str], int]:
    """A whole number of at least ``low``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return parse


def number(low: float, high: float | None = None, *, above: bool = False, below: bool = False) -> Callable[[str], float]:
    """A finite number from ``low`` (excluded with ``above``) up to ``high`` (excluded with ``below``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
        too_low = value <= low if above else value < low
        too_high = high is not None and (value >= high if below else value > high)
        if not math.isfinite(value) or too_low or too_high:
            lower = f"{'above' if above else 'at least'} {low:g}"
            upper = f" and {'below' if below else 'at most'} {high:g}" if high is not None else ""
            raise argparse.ArgumentTypeError(f"must be {lower}{upper}, not {text}")
        return value

    return parse
