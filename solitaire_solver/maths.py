"""Statistics maths: the Wilson interval of a win rate, the t interval of a mean, and
percentiles.

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


_T975 = (
    12.706205,
    4.302653,
    3.182446,
    2.776445,
    2.570582,
    2.446912,
    2.364624,
    2.306004,
    2.262157,
    2.228139,
)
"""The 97.5% quantiles of Student's t with 1 to 10 degrees of freedom."""


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (1 or more).

    A table up to 10, then the Cornish-Fisher expansion about the normal
    quantile (Abramowitz and Stegun 26.7.5), within 0.0001 from there on.

    >>> round(t95(30), 3), round(t95(9_999), 4)
    (2.042, 1.9602)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z, v = Z95, float(df)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / v + g2 / v**2 + g3 / v**3 + g4 / v**4


def t_interval(count: int, mean: float, sd: float) -> tuple[float, float]:
    """The 95% t interval of a mean of ``count`` values with sample standard deviation ``sd``
    (the whole real line with fewer than two values).

    >>> [round(x, 4) for x in t_interval(100, 0.5, 0.5)]
    [0.4008, 0.5992]
    """
    if count < 2:
        return (-math.inf, math.inf)
    half = t95(count - 1) * sd / math.sqrt(count)
    return (mean - half, mean + half)


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
