"""Whole-process timing of Black Hole over a range of deal numbers, on one core.

Run from the repository root::

    time PYTHONPATH=. python benchmarks/games/black_hole_timing.py 1 100

Solves the deals one after another in this one process and prints the
verdicts, the total, the median and the slowest deal. The goal set for the
search core: deals 1..100 in less than 26 seconds in all (the C solver
black-hole-solver took 26 to 30 seconds on this machine), none over 5 seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire_solver.games.black_hole import BlackHole, BlackHoleRules, search
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import NO_LIMITS


def main() -> None:
    """Solve the deals and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    args = parser.parse_args()
    game = BlackHole(BlackHoleRules())
    times: list[tuple[float, int]] = []
    wins = 0
    t0 = time.perf_counter()
    for number in range(args.first, args.last + 1):
        t = time.perf_counter()
        result = search(game.deal(parse_deal_number(number)), NO_LIMITS)
        seconds = time.perf_counter() - t
        times.append((seconds, number))
        wins += result.won
        if args.verbose:
            print(number, result.status.value, result.stats.expanded, f"{seconds:.3f}")
    total = time.perf_counter() - t0
    slowest = max(times)
    median = statistics.median(s for s, _ in times)
    print(f"black-hole deals {args.first}..{args.last}: {wins} won, {len(times) - wins} lost")
    print(
        f"total {total:.2f} s, median {median:.3f} s, slowest deal {slowest[1]} {slowest[0]:.2f} s"
    )


if __name__ == "__main__":
    main()
