"""The speed figures that compare the solvers before and on the search engine.

Each figure solves a fixed set of deals with whichever ``solitaire_solver``
the Python running it imports, so the same file measures an older checkout
too (it uses only ``make_game``, ``deal``, ``solve`` and ``Limits``):

- ``decade``: deals 1..10,000 of ``decade``, deals per second;
- ``decade-optional``, ``eagle-wing``, ``eagle-wing-coops``: deals 1..2,000,
  mean milliseconds per deal;
- ``black-hole``: deals 1..100, total seconds;
- ``windmill-won``: the deals of 1..300 that ``benchmarks/results/windmill.csv``
  records won, median milliseconds per deal;
- ``windmill-unknown``: deal 2 of ``windmill``, which no solver settles under
  the default limit, seconds and states.

The time is the process's CPU time spent solving (dealing excluded). Run
``python benchmarks/engine/engine_speed.py NAME``; compare two checkouts as whole
processes run in turns, e.g. ``hyperfine`` or ``/usr/bin/time`` on the two
commands, and the figure each prints.
"""

from __future__ import annotations

import csv
import statistics
import sys
import time
from pathlib import Path

from solitaire_solver import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits

RESULTS = Path(__file__).resolve().parents[1] / "results"


PASSES = 1
"""How many times each deal is solved (``--passes``; the figure is the last pass's).

Under an instruction counter such as callgrind, the difference between
two passes and one is the cost of solving alone, dealing and start-up left out.
"""


def solve_all(preset: str, deals: list[int]) -> list[float]:
    """CPU seconds of each solve (dealing done first, outside the clock)."""
    game = make_game(preset)
    starts = [game.deal(parse_deal_number(d)) for d in deals]
    limits = Limits()
    times: list[float] = []
    for _ in range(PASSES):
        times = []
        for start in starts:
            t0 = time.process_time()
            game.solve(start, SolveRequest.of(game, limits))
            times.append(time.process_time() - t0)
    return times


def won_windmill_deals(last: int) -> list[int]:
    """The deals of 1..``last`` that the recorded Windmill rows say are won."""
    with (RESULTS / "windmill.csv").open(newline="") as f:
        return [
            int(row["deal"])
            for row in csv.DictReader(f)
            if row["status"] == "won" and int(row["deal"]) <= last
        ]


def main(name: str) -> str:
    """The figure called ``name``, as a line of text."""
    if name == "decade":
        times = solve_all("decade", list(range(1, 10_001)))
        return f"decade 1..10,000: {len(times) / sum(times):,.0f} deals per second"
    if name in ("decade-optional", "eagle-wing", "eagle-wing-coops"):
        times = solve_all(name, list(range(1, 2001)))
        return f"{name} 1..2,000: mean {1000 * statistics.mean(times):.3f} ms per deal"
    if name == "black-hole":
        times = solve_all("black-hole", list(range(1, 101)))
        return f"black-hole 1..100: total {sum(times):.2f} s"
    if name == "windmill-won":
        deals = won_windmill_deals(300)
        times = solve_all("windmill", deals)
        return (
            f"windmill, the {len(deals)} won deals of 1..300: "
            f"median {1000 * statistics.median(times):.2f} ms per deal"
        )
    if name == "windmill-unknown":
        game = make_game("windmill")
        start = game.deal(parse_deal_number(2))
        t0 = time.process_time()
        result = game.solve(start, SolveRequest.of(game))
        return (
            f"windmill deal 2: {result.status.value} after {result.stats.expanded:,} states, "
            f"{time.process_time() - t0:.2f} s"
        )
    raise SystemExit(f"unknown figure {name!r}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3 and args[1] == "--passes":
        PASSES = int(args[2])
    elif len(args) != 1:
        raise SystemExit("usage: python benchmarks/engine/engine_speed.py FIGURE [--passes N]")
    print(main(args[0]))
