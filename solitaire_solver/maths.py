"""Statistics maths: the Wilson interval of a win rate, and percentiles.

>>> [round(x, 4) for x in wilson_interval(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    With no trials it is the whole range ``(0, 1)``. The ends are exactly 0
    with no successes and exactly 1 with no failures.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} not between 0 and trials {trials}")
    if trials == 0:
        return (0.0, 1.0)
    n = trials
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile: the smallest value with p% at or below it."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[nearest_rank(p, len(ordered)) - 1])


def nearest_rank(p: float, count: int) -> int:
    """The rank (from 1) of the nearest-rank ``p``-th percentile among ``count`` values.

    >>> nearest_rank(99, 1000), nearest_rank(99, 10), nearest_rank(0, 10)
    (990, 10, 1)
    """
    return max(1, math.ceil(p / 100 * count))


def count_percentile(counts: Sequence[tuple[int, int]], p: float) -> int:
    """The nearest-rank ``p``-th percentile of values given as ``(value, count)`` pairs,
    sorted by value: what :func:`percentile` gives for the values written out.

    >>> count_percentile([(10, 1), (20, 2), (30, 1)], 50)
    20
    """
    total = sum(n for _, n in counts)
    if not total:
        return 0
    rank = nearest_rank(p, total)
    seen = 0
    for value, n in counts:
        seen += n
        if seen >= rank:
            return value
    return counts[-1][0]
