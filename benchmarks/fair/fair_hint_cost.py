"""What a fair hint costs, on positions along real games.

For each deal of a range, the greedy player (:mod:`solitaire_solver.advice.players`)
plays the deal; every ``--every``-th position of its line where there is a
choice (two legal moves or more) and cards are still hidden gets a fair hint
with ``--samples`` determinisations (:func:`~solitaire_solver.advice.fair.fair_hint`,
its default limits per sample). Prints, per preset, the positions, the mean,
median and largest seconds a hint took, and how many were exact; ``--quick``
times the hint a player gets (:func:`~solitaire_solver.advice.fair.fair_hint` with
``quick``). Example (the figures in docs/results/measurements.md)::

    nice python benchmarks/fair/fair_hint_cost.py decade decade-optional eagle-wing \\
        eagle-wing-coops --deals 1-10 --samples 200 --most 3
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire_solver import make_game
from solitaire_solver.advice.fair import fair_hint
from solitaire_solver.advice.players import Player, play
from solitaire_solver.numbering import parse_deal_number


def main() -> None:
    """Measure and print one line per preset."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("presets", nargs="+")
    ap.add_argument("--deals", default="1-10", help="a range A-B")
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--every", type=int, default=5, help="every k-th choice of the line")
    ap.add_argument("--most", type=int, default=3, help="positions a deal gives at most")
    ap.add_argument("--quick", action="store_true", help="the quick hint of play and hint --fair")
    args = ap.parse_args()
    low, high = (int(x) for x in args.deals.split("-"))
    for preset in args.presets:
        g = make_game(preset)
        seconds: list[float] = []
        exact = 0
        for n in range(low, high + 1):
            s = g.deal(parse_deal_number(n))
            line = play(g, s, Player("greedy")).moves
            taken = choice = 0
            for m in line:
                seen = g.seen(s)
                if seen.hidden and len(g.legal_moves(s)) > 1:
                    if choice % args.every == 0 and taken < args.most:
                        t = time.perf_counter()
                        hint = fair_hint(g, seen, samples=args.samples, seed=n, quick=args.quick)
                        seconds.append(time.perf_counter() - t)
                        exact += hint.exact
                        taken += 1
                    choice += 1
                s = g.apply(s, m)
        if not seconds:
            print(f"{preset}: no position with a choice and hidden cards")
            continue
        print(
            f"{preset}: {len(seconds)} positions, K={args.samples}"
            f"{', quick' if args.quick else ''}: mean "
            f"{statistics.mean(seconds):.3f} s, median {statistics.median(seconds):.3f} s, "
            f"max {max(seconds):.3f} s, {exact} exact",
            flush=True,
        )


if __name__ == "__main__":
    main()
