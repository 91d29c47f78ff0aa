"""Solve Eagle Wing deals one after another and report the figures of the README.

    PYTHONPATH=. nice python benchmarks/games/run_eagle_wing.py eagle-wing 1 10000
    PYTHONPATH=. nice python benchmarks/games/run_eagle_wing.py eagle-wing-coops 1 5000 --out a.tsv

Every deal is solved with no limit; every won line is replayed to a won
position. Prints the win rate, the mean time per deal (solving only, the
deal itself excluded; wall clock, and the CPU time of this process, which a
busy machine disturbs less), the slowest deal (wall clock) and the largest
state count; with
``--out`` also one line per deal (number, verdict, states, seconds).
"""

from __future__ import annotations

import argparse
import sys
import time

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest


def main(argv: list[str] | None = None) -> int:
    """Run the deals given on the command line."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("preset")
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--rule", action="append", default=[], help="NAME=VALUE knob override")
    ap.add_argument("--out", help="file for one line per deal")
    args = ap.parse_args(argv)
    game = make_game(args.preset, args.rule)
    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    won = total = 0
    elapsed = cpu = 0.0
    slowest = (0.0, 0)
    largest = (0, 0)
    for number in range(args.first, args.last + 1):
        start = game.deal(parse_deal_number(number))
        t0 = time.perf_counter()
        c0 = time.process_time()
        result = game.solve(start, SolveRequest.of(game))
        dt = time.perf_counter() - t0
        cpu += time.process_time() - c0
        state = start
        for move in result.moves:
            state = game.play(state, move)
        if result.won and not game.is_won(state):
            print(f"deal {number}: the winning line does not replay", file=sys.stderr)
            return 1
        if not (result.won or result.lost):
            print(f"deal {number}: no verdict", file=sys.stderr)
            return 1
        total += 1
        won += result.won
        elapsed += dt
        slowest = max(slowest, (dt, number))
        largest = max(largest, (result.stats.unique, number))
        if out:
            print(
                number, result.status.value, result.stats.unique, f"{dt:.4f}", file=out, flush=True
            )
    if out:
        out.close()
    print(
        f"{args.preset} {' '.join(args.rule)} deals {args.first}..{args.last}: "
        f"won {won} of {total} ({100 * won / total:.2f}%); "
        f"mean {1000 * elapsed / total:.3f} ms/deal ({1000 * cpu / total:.3f} ms of CPU); "
        f"slowest deal {slowest[1]} ({slowest[0]:.3f} s); "
        f"largest state count {largest[0]} (deal {largest[1]})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
