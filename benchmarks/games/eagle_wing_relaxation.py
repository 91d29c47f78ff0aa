"""What the Eagle Wing relaxation settles, and what it costs, against the shipped verdicts.

Run from the project root, for example::

    PYTHONPATH=. nice python benchmarks/games/eagle_wing_relaxation.py eagle-wing-coops 1 10000

For every deal of the range, the relaxation of
:mod:`solitaire_solver.games.eagle_wing.relaxation` is cut at the deal and
searched alone (as the solver does before its search), and its answer is
set beside the deal's verdict in the shipped table
(``solitaire_solver/data/<preset>.verdicts``). Printed, for won deals, lost
deals it proves and lost deals it cannot tell: how many, and the relaxed
positions expanded and CPU time per deal (median, 99th percentile, most).
A won deal proved lost would be a bug: it is printed, and the exit status
is 1. ``--out`` keeps one line per deal: number, verdict, relaxed answer
(``lost`` or ``-``), relaxed positions, CPU seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from solitaire_solver.games import make_game
from solitaire_solver.games.eagle_wing.relaxation import relaxed_run
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.verdicts import shipped_verdicts
from solitaire_solver.search import Budget, drive


def main(argv: list[str] | None = None) -> int:
    """Run the relaxation over the deals and print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("preset", choices=["eagle-wing", "eagle-wing-coops"])
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--out", type=Path, help="one line per deal")
    args = ap.parse_args(argv)
    game = make_game(args.preset)
    verdicts = shipped_verdicts(args.preset)
    assert verdicts is not None
    rows = []
    for number in range(args.first, args.last + 1):
        state = game.deal(parse_deal_number(number))
        c0 = time.process_time()
        budget = Budget()
        proved = drive(relaxed_run(game.rules, state, budget), budget) is not None
        cpu = time.process_time() - c0
        rows.append((number, verdicts.status(number), proved, budget.expanded, cpu))
    groups = {
        "won deals": [r for r in rows if r[1] == "won"],
        "lost deals proved lost": [r for r in rows if r[1] == "lost" and r[2]],
        "lost deals not proved": [r for r in rows if r[1] == "lost" and not r[2]],
    }
    print(f"{args.preset} deals {args.first}..{args.last}")
    for name, group in groups.items():
        if not group:
            print(f"{name}: 0")
            continue
        states = sorted(r[3] for r in group)
        cpu = sorted(r[4] for r in group)
        p99 = int(0.99 * (len(group) - 1))
        print(
            f"{name}: {len(group)}; relaxed positions median {statistics.median(states):g}, "
            f"99% {states[p99]}, most {states[-1]}; CPU ms median "
            f"{1000 * statistics.median(cpu):.3f}, 99% {1000 * cpu[p99]:.3f}, "
            f"most {1000 * cpu[-1]:.3f}"
        )
    lost = len(groups["lost deals proved lost"]) + len(groups["lost deals not proved"])
    if lost:
        print(f"proved: {len(groups['lost deals proved lost'])} of {lost} lost deals")
    bad = [r[0] for r in groups["won deals"] if r[2]]
    print(f"won deals proved lost: {len(bad)}" + (f" (deals {bad[:20]})" if bad else ""))
    if args.out:
        with args.out.open("w") as out:
            for r in rows:
                print(r[0], r[1], "lost" if r[2] else "-", r[3], f"{r[4]:.6f}", file=out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
