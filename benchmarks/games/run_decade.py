"""Time Decade over a range of deal numbers, one core, and print the figures.

    PYTHONPATH=. python benchmarks/games/run_decade.py decade 1 10000
    PYTHONPATH=. python benchmarks/games/run_decade.py decade-optional 1 2000

Each deal is dealt from its number and solved (both are timed). Prints the
deals per second (wall clock, and CPU time of this process, which a shared
machine disturbs less), the mean and the slowest deal, and the win rate.
On a busy machine single deals catch pauses that are not theirs; with
``--best-of K`` each deal is also re-solved until it has been timed K
times, and the slowest deal by its fastest time is printed too.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from solitaire_solver import Game, Limits, make_game
from solitaire_solver.request import SolveRequest


def timed(game: Game[Any, Any], number: int, limits: Limits) -> float:
    """Wall-clock seconds to deal and solve one deal."""
    t = time.perf_counter()
    game.solve(game.deal(number), SolveRequest.of(game, limits))
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", choices=["decade", "decade-optional"])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--best-of", type=int, default=1, metavar="K")
    args = parser.parse_args()
    game = make_game(args.preset)
    limits = Limits()
    numbers = range(args.first, args.last + 1)
    won = 0
    slowest = {"wall": (0.0, 0), "cpu": (0.0, 0)}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for number in numbers:
        t, c = time.perf_counter(), time.process_time()
        result = game.solve(game.deal(number), SolveRequest.of(game, limits))
        spent = {"wall": time.perf_counter() - t, "cpu": time.process_time() - c}
        for clock, seconds in spent.items():
            slowest[clock] = max(slowest[clock], (seconds, number))
        won += result.won
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    steady = (0.0, 0)
    if args.best_of > 1:
        for number in numbers:
            fastest = min(timed(game, number, limits) for _ in range(args.best_of))
            steady = max(steady, (fastest, number))
    n = len(numbers)
    print(f"{args.preset} deals {args.first}..{args.last}: {n} deals")
    print(f"  wall: {n / wall:,.0f} deals/s, mean {wall / n * 1000:.3f} ms")
    print(f"  cpu:  {n / cpu:,.0f} deals/s, mean {cpu / n * 1000:.3f} ms")
    for clock, (seconds, number) in slowest.items():
        print(f"  slowest ({clock}): deal {number}, {seconds * 1000:.2f} ms")
    if args.best_of > 1:
        seconds, number = steady
        print(f"  slowest (wall, best of {args.best_of}): deal {number}, {seconds * 1000:.2f} ms")
    print(f"  won: {won} of {n} ({won / n:.2%})")


if __name__ == "__main__":
    main()
