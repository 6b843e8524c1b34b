"""The toolkit's one confidence interval of a share: Wilson's score interval.

Every verdict that rests on a share (the audit's cues and balance, the PMI baseline's precision, the
agreement of derived forms with references, accuracies apart by overlap) uses this function, so one
convention holds everywhere: z is the standard normal's exact 97.5% quantile, and a share measured on
no items has the interval ``(0.0, 1.0)``: nothing was observed, so anything is possible (callers that
must say "not measured" test ``n`` themselves). It sits at the bottom of the package (it imports only
the errors) so that any layer may use it.
"""
from __future__ import annotations

import math

from .errors import ParameterError

__all__ = ["Z95", "wilson"]

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile: a two-sided 95% interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the share ``k / n`` (95% by default), clipped to [0, 1].

    Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or ``n`` successes,
    which is where small corpora put their shares. ``(0.0, 1.0)`` when ``n`` is 0.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n < 0 or not 0 <= k <= n:
        raise ParameterError(f"a Wilson interval needs 0 <= successes <= trials, not {k} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # at k = 0 (k = n) the bound is exactly 0 (1); said so, not left to rounding
    return 0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half)
