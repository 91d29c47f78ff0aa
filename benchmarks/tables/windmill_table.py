"""The Windmill deals of a table worth solving again at the default limit: those proved lost.

A Windmill table is made in two passes (docs/results/tables.md). The first solves
every deal of the range under a states limit well below the default, which
settles almost every won deal and leaves the rest unknown; hardly a loss
is proved there, since the relaxation, the member that proves Windmill's
losses from the deal, needs millions of relaxed positions for a proof (up
to its whole cap,
:data:`~solitaire_solver.games.windmill.solver.PLAN`) and has
only a share of the small limit. This script takes the deals the first
pass left unknown (from its store), runs on each the relaxation alone under
the cap it has within the default limit, and prints, as a ``--deals`` list,
those it proves lost. The second pass solves these with the whole solver
and its default limits::

    solitaire-solver stats windmill --deals 1-10000 --max-states 1000000 --db windmill.sqlite
    PYTHONPATH=. python benchmarks/tables/windmill_table.py windmill --db windmill.sqlite \\
        --deals 1-10000 --max-states 1000000 --csv windmill-relaxed.csv > lost.txt
    solitaire-solver stats windmill --deals "$(cat lost.txt)" --db windmill.sqlite

Why only those. Within the default limit the relaxation member reaches its
cap (the argument is in
:func:`~solitaire_solver.games.windmill.solver.relaxation`), and its
search does not depend on the other members, so on a deal it proves lost
alone the whole solver proves the loss too; a deal it does not prove lost
(its relaxation is won, most often at once, or outgrows the cap) can only
be settled there by another member. On deals 1..1,000 every loss the
default limit proved was the relaxation's, and the few wins beyond the
first pass's limit cost the whole default limit to learn that the other
deals stay unknown (85 to 137 s a deal, against a few seconds for the
relaxation). So the second
pass spends its time where it settles deals, and the store then holds, for
every deal, a verdict of the solver: won or lost, or unknown at the first
pass's limit, which is what the table's file records.

The relaxation's rows go to ``--csv`` (deal, verdict, relaxed positions,
seconds of CPU), read back on a rerun, so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from solitaire_solver import make_game
from solitaire_solver.games.knobs import parse_rule_assignments
from solitaire_solver.games.windmill import compact, rank_model
from solitaire_solver.games.windmill.relaxation import relaxed_run
from solitaire_solver.records.store import Store, StoreKey
from solitaire_solver.search import Budget, Limits, capped, drive
from solitaire_solver.stats import parse_deals


def relaxed(preset: str, rules: tuple[str, ...], deal: int) -> tuple[int, str, int, float]:
    """``(deal, verdict, relaxed positions, CPU seconds)`` of the relaxation cut at the first
    play under the cap it has within the default limit (verdict ``lost`` or ``open``)."""
    game = make_game(preset, list(rules))
    plan_cap = game.plan.member("relaxation").cap
    cap = None if plan_cap is None else plan_cap.for_limits(game.default_limits)
    started = time.process_time()
    budget = Budget(Limits(max_states=None if cap is None else cap + 1))
    problem = game.problem  # type: ignore[attr-defined]
    start = compact(problem.deal(deal))
    relax = partial(relaxed_run, rank_model(problem), start)
    verdict = drive(relax(budget) if cap is None else capped(relax, budget, cap), budget)
    if verdict is not None and verdict.won:
        raise AssertionError(f"deal {deal}: the relaxation gives no wins, only losses")
    status = "open" if verdict is None else "lost"
    return deal, status, budget.expanded, time.process_time() - started


def main(argv: list[str] | None = None) -> int:
    """Print the first pass's unknown deals that the relaxation proves lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", help="windmill or windmill-reversed")
    parser.add_argument("--rule", action="append", default=[], help="NAME=VALUE, as for stats")
    parser.add_argument("--db", type=Path, required=True, help="the first pass's store")
    parser.add_argument("--deals", required=True, help="the table's range, such as 1-10000")
    parser.add_argument("--max-states", type=int, required=True, help="the first pass's limit")
    parser.add_argument("--csv", type=Path, required=True, help="the relaxation's rows")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    game = make_game(args.preset, parse_rule_assignments(args.rule))
    numbers = [d.value for d in parse_deals(args.deals)]
    with Store(args.db) as store:
        first = store.settled(
            StoreKey.of(game), [str(n) for n in numbers], Limits(max_states=args.max_states)
        )
    unknown = [n for n in numbers if str(n) in first and first[str(n)].status.value == "unknown"]
    missing = sum(str(n) not in first for n in numbers)
    if missing:
        print(
            f"{missing} deals of {args.deals} are not in the store: run the first pass",
            file=sys.stderr,
        )
        return 2
    done: dict[int, str] = {}
    if args.csv.exists():
        with args.csv.open() as f:
            done = {int(r["deal"]): r["verdict"] for r in csv.DictReader(f)}
    todo = [n for n in unknown if n not in done]
    print(
        f"{game.preset}: {len(unknown)} deals unknown at {args.max_states:,} states, "
        f"{len(todo)} to relax",
        file=sys.stderr,
    )
    new = not args.csv.exists()
    with args.csv.open("a", newline="") as f, ProcessPoolExecutor(args.jobs) as pool:
        out = csv.writer(f)
        if new:
            out.writerow(["deal", "verdict", "relaxed", "seconds"])
        rules = tuple(args.rule)
        for k, (deal, status, expanded, seconds) in enumerate(
            pool.map(relaxed, [game.preset] * len(todo), [rules] * len(todo), todo), 1
        ):
            out.writerow([deal, status, expanded, f"{seconds:.2f}"])
            f.flush()
            done[deal] = status
            print(f"{k}/{len(todo)}: deal {deal} {status} ({expanded:,})", file=sys.stderr)
    lost = [n for n in unknown if done[n] == "lost"]
    print(f"{len(lost)} proved lost by the relaxation", file=sys.stderr)
    print(",".join(map(str, lost)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
