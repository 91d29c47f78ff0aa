"""Time Decade over a range of deal numbers, one core, and print the figures.

    PYTHONPATH=. python benchmarks/run_decade.py decade 1 10000
    PYTHONPATH=. python benchmarks/run_decade.py decade-optional 1 2000

Each deal is dealt from its number and solved (both are timed). Prints the
deals per second (wall clock, and CPU time of this process, which a shared
machine disturbs less), the mean and the slowest deal, and the win rate.
"""

from __future__ import annotations

import argparse
import time

from solitaire_solver import Limits, make_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", choices=["decade", "decade-optional"])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    args = parser.parse_args()
    game = make_game(args.preset)
    limits = Limits()
    numbers = range(args.first, args.last + 1)
    won = 0
    slowest = {"wall": (0.0, 0), "cpu": (0.0, 0)}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for number in numbers:
        t, c = time.perf_counter(), time.process_time()
        result = game.solve(game.deal(number), limits)
        spent = {"wall": time.perf_counter() - t, "cpu": time.process_time() - c}
        for clock, seconds in spent.items():
            slowest[clock] = max(slowest[clock], (seconds, number))
        won += result.won
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    n = len(numbers)
    print(f"{args.preset} deals {args.first}..{args.last}: {n} deals")
    print(f"  wall: {n / wall:,.0f} deals/s, mean {wall / n * 1000:.3f} ms")
    print(f"  cpu:  {n / cpu:,.0f} deals/s, mean {cpu / n * 1000:.3f} ms")
    for clock, (seconds, number) in slowest.items():
        print(f"  slowest ({clock}): deal {number}, {seconds * 1000:.2f} ms")
    print(f"  won: {won} of {n} ({won / n:.2%})")


if __name__ == "__main__":
    main()
