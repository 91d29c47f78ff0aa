"""Solve deals again and compare the verdicts with rows recorded earlier.

The rows under ``benchmarks/results/before-engine/`` are the verdicts of the
solvers each game had before the search engine (deal, status, length of the
winning line), for ``decade`` 1..10,000, ``decade-optional`` and both Eagle
Wing presets 1..2,000 and ``black-hole`` 1..1,000; the Windmill rows of
``benchmarks/results/windmill*.csv`` are those of its last solver before the
engine, under the default limits. A lost or won verdict must come out the same
(a solver only ever settles more); a Windmill deal won then must be won now.

Run: ``python benchmarks/engine/compare_verdicts.py decade`` (or any preset above,
``windmill-free`` for Windmill with free foundation moves); ``--every K``
solves every K-th row only. Exit status 1 when a verdict changed.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from solitaire_solver import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Status

RESULTS = Path(__file__).resolve().parents[1] / "results"

SOURCES = {
    "decade": ("decade", {}, RESULTS / "before-engine" / "decade.csv"),
    "decade-optional": ("decade-optional", {}, RESULTS / "before-engine" / "decade-optional.csv"),
    "eagle-wing": ("eagle-wing", {}, RESULTS / "before-engine" / "eagle-wing.csv"),
    "eagle-wing-coops": (
        "eagle-wing-coops",
        {},
        RESULTS / "before-engine" / "eagle-wing-coops.csv",
    ),
    "black-hole": ("black-hole", {}, RESULTS / "before-engine" / "black-hole.csv"),
    "windmill": ("windmill", {}, RESULTS / "windmill.csv"),
    "windmill-reversed": ("windmill-reversed", {}, RESULTS / "windmill-reversed.csv"),
    "windmill-free": ("windmill", {"foundation_moves": "free"}, RESULTS / "windmill-free.csv"),
}
"""Name -> (preset, rules, rows recorded earlier)."""


def recorded(name: str) -> list[tuple[int, Status]]:
    """The recorded (deal, status) rows for ``name``."""
    _preset, _rules, path = SOURCES[name]
    with path.open(newline="") as f:
        return [(int(row["deal"]), Status(row["status"])) for row in csv.DictReader(f)]


def changed(name: str, before: Status, now: Status) -> bool:
    """Whether ``now`` breaks the rule: the same settled verdict, and no win lost."""
    if before is Status.UNKNOWN:
        return False  # an unknown may be settled either way now
    if now is Status.UNKNOWN:
        # Windmill's rows were made under its default limits, as the solve now.
        return True
    return now is not before


def compare(name: str, every: int = 1) -> tuple[int, list[tuple[int, Status, Status]]]:
    """Solve every ``every``-th settled deal again; the count and the changed rows.

    Deals recorded ``unknown`` are not solved again: any verdict keeps them.
    """
    preset, rules, _path = SOURCES[name]
    game = make_game(preset, rules)
    rows = [row for row in recorded(name) if row[1] is not Status.UNKNOWN][::every]
    bad = []
    for deal, before in rows:
        result = game.solve(game.deal(parse_deal_number(deal)), SolveRequest.of(game))
        if changed(name, before, result.status):
            bad.append((deal, before, result.status))
    return len(rows), bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", choices=sorted(SOURCES))
    parser.add_argument("--every", type=int, default=1, help="solve every K-th row only")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    count, bad = compare(args.name, args.every)
    for deal, before, now in bad:
        print(f"deal {deal}: {before.value} before, {now.value} now")
    print(
        f"{args.name}: {count} deals solved again, {len(bad)} changed, "
        f"{time.perf_counter() - t0:.1f} s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
