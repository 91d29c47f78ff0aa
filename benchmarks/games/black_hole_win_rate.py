"""Win rate of Black Hole over a range of deal numbers, with a 95% Wilson interval.

Run from the repository root::

    PYTHONPATH=. python benchmarks/games/black_hole_win_rate.py 1 10000 --workers 2

Every deal is solved exactly (no limits); the published figure to compare
with is 86.9% of PySolFC's first million deals, from an independent solver.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from solitaire_solver.games.black_hole import BlackHole, BlackHoleRules, search
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import NO_LIMITS

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def solve_one(number: int) -> tuple[int, str, int, float]:
    """Deal number, verdict, states expanded and seconds for one deal."""
    game = BlackHole(BlackHoleRules())
    t0 = time.perf_counter()
    result = search(game.deal(parse_deal_number(number)), NO_LIMITS)
    return number, result.status.value, result.stats.expanded, time.perf_counter() - t0


def main() -> None:
    """Solve the deals, print one line per deal to ``--out`` and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="file for one 'number verdict states seconds' line a deal")
    args = parser.parse_args()
    numbers = range(args.first, args.last + 1)
    t0 = time.perf_counter()
    wins = lost = 0
    slowest = (0.0, 0)
    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    with multiprocessing.Pool(args.workers) as pool:
        for number, status, states, seconds in pool.imap(solve_one, numbers, chunksize=20):
            if status == "won":
                wins += 1
            elif status == "lost":
                lost += 1
            else:
                raise SystemExit(f"deal {number}: {status} without limits")
            slowest = max(slowest, (seconds, number))
            if out:
                print(number, status, states, f"{seconds:.3f}", file=out, flush=True)
    if out:
        out.close()
    n = wins + lost
    low, high = wilson(wins, n)
    print(f"black-hole deals {args.first}..{args.last}: {wins} won, {lost} lost")
    print(
        f"win rate {100 * wins / n:.2f}% (95% Wilson interval {100 * low:.2f}%..{100 * high:.2f}%)"
    )
    print("published: 86.9% of PySolFC's first million deals (independent solver)")
    wall = time.perf_counter() - t0
    print(f"slowest deal {slowest[1]}: {slowest[0]:.2f} s; wall clock {wall:.0f} s")


if __name__ == "__main__":
    main()
