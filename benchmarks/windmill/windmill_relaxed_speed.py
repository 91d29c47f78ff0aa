"""The speed of Windmill's relaxed search: CPU time on fixed positions, verdicts kept.

Run from the project root, with the package to measure first on the path::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_relaxed_speed.py --runs 3

Two measurements, each the fastest of ``--runs`` runs (CPU time of this
process, so other work on the machine counts less):

- ``cut``: the relaxation cut at the first play
  (:func:`~solitaire_solver.games.windmill.relaxation.relaxed_run`) on
  deals it proves lost, each to its verdict;
- ``tests``: the depth-first search with the relaxation as its dead-end
  test (:class:`~solitaire_solver.games.windmill.relaxation.RelaxedPruned`)
  from deals left unknown, under a fixed number of states, where the
  dead-end tests make up most of the work.

Each line: measurement, variant, deal, verdict, states expanded, best CPU
seconds. The verdicts and the states must be the same before and after a
change that only moves the search; the seconds are the comparison.

``--losses V1,V2`` instead cuts the relaxation at the first play of every
deal of those variants that ``benchmarks/results/windmill-settle.csv``
records relaxed lost, and prints whether it is lost after the same
relaxed positions as recorded (``same``) or not (``DIFF``).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

# A script's own folder is first on the import path: its neighbours import by name.
from windmill_settle import VARIANTS

from solitaire_solver.games.windmill import WindmillProblem, compact, rank_model
from solitaire_solver.games.windmill.relaxation import RelaxedPruned, relaxed_run
from solitaire_solver.games.windmill.solver import PLAN, depth_first
from solitaire_solver.search import Budget, Limits, Run, capped, drive

CUTS = [
    ("windmill", 6543),
    ("windmill", 598),
    ("windmill", 2),
    ("windmill-reversed", 965),
    ("windmill", 650),
    ("windmill-free", 650),
    ("windmill-reversed", 848),
    ("windmill-free", 697),
]
"""Deals the relaxation cut at the first play proves lost (23,638 to 2,596,000 positions)."""

TESTS = [("windmill", 55), ("windmill-reversed", 20), ("windmill-free", 81)]
"""Deals left unknown, for the dead-end tests."""

TEST_LIMIT = 300_000
"""States of the depth-first search with the dead-end tests (relaxed positions counted)."""


def _timed(make: Callable[[Budget], Run], limit: int) -> tuple[str, int, float]:
    budget = Budget(Limits(max_states=limit))
    t0 = time.process_time()
    verdict = drive(make(budget), budget)
    seconds = time.process_time() - t0
    status = "unknown" if verdict is None else "won" if verdict.won else "lost"
    return status, budget.expanded, seconds


def cut(variant: str, deal: int) -> tuple[str, int, float]:
    """The relaxation cut at the first play, to its verdict."""
    problem = WindmillProblem(VARIANTS[variant])
    start = compact(problem.deal(deal))
    model = rank_model(problem)
    return _timed(lambda b: capped(partial(relaxed_run, model, start), b, 8_000_000), 8_000_001)


def _relaxed_pruned(problem: WindmillProblem) -> RelaxedPruned:
    """The dead-end test of the solver's relaxed depth-first member, with its plan's numbers."""
    member = PLAN.member("relaxed depth-first")
    return RelaxedPruned(problem, deep=member.param("deep"), states=member.param("test_states"))


def tests(variant: str, deal: int) -> tuple[str, int, float]:
    """The depth-first search with the relaxation's dead-end test, :data:`TEST_LIMIT` states."""
    problem = WindmillProblem(VARIANTS[variant])
    start = problem.deal(deal)
    return _timed(depth_first(problem, start, pruned=_relaxed_pruned(problem)), TEST_LIMIT)


def losses(variants: list[str]) -> None:
    """Every recorded relaxed loss of ``variants`` again: the same relaxed positions?"""
    path = Path(__file__).resolve().parents[1] / "results" / "windmill-settle.csv"
    with path.open() as f:
        rows = [
            r
            for r in csv.DictReader(f)
            if r["method"] == "relaxation" and r["status"] == "lost" and r["variant"] in variants
        ]
    for r in rows:
        status, expanded, seconds = cut(r["variant"], int(r["deal"]))
        same = status == "lost" and expanded == int(r["expanded"])
        print(
            f"{r['variant']} {r['deal']} {status} {expanded} {r['expanded']}"
            f" {'same' if same else 'DIFF'} {seconds:.2f}",
            flush=True,
        )


def main() -> None:
    """Time each position ``--runs`` times and print the fastest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=("cut", "tests"))
    parser.add_argument("--losses", help="variants whose recorded relaxed losses to run again")
    args = parser.parse_args()
    if args.losses:
        losses(args.losses.split(","))
        return
    total = {"cut": 0.0, "tests": 0.0}
    jobs = [("cut", cut, v, d) for v, d in CUTS] + [("tests", tests, v, d) for v, d in TESTS]
    for name, fn, variant, deal in jobs:
        if args.only and name != args.only:
            continue
        best = None
        for _ in range(args.runs):
            status, expanded, seconds = fn(variant, deal)
            best = seconds if best is None else min(best, seconds)
        assert best is not None
        total[name] += best
        print(f"{name} {variant} {deal} {status} {expanded} {best:.2f}", flush=True)
    print(f"total cut {total['cut']:.2f} tests {total['tests']:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
