"""Whether writing to the results store slows down as the store grows.

Writes Decade-like results (a third of them won with a 65-move line, as in
Decade's table) into a fresh store, in batches of ``--batch`` rows a
transaction as ``stats`` commits them, and prints the time a row over each
stretch of ``--every`` rows, with the file's size. Nothing is solved: the
rows are made up, so the time is the store's alone (building each result,
encoding it and SQLite's insert into the table and its two indices).

Run from the project folder:
``PYTHONPATH=. python benchmarks/stats/store_growth.py /tmp/growth.sqlite 1000000``
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from solitaire_solver import make_game
from solitaire_solver.records.store import DealResult, Store, StoreKey
from solitaire_solver.search import Status

LINE = ("d",) * 50 + ("x8-11",) * 15
"""A winning line of Decade's usual length and notation."""


def main(argv: list[str] | None = None) -> int:
    """Fill the store and print the time a row per stretch."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="a store file that does not exist yet")
    parser.add_argument("rows", type=int)
    parser.add_argument("--batch", type=int, default=4096, help="rows a transaction (4096)")
    parser.add_argument("--every", type=int, default=100_000, help="rows a stretch (100000)")
    args = parser.parse_args(argv)
    if args.path.exists():
        raise SystemExit(f"{args.path} exists: give a new file")
    game = make_game("decade")
    key = StoreKey.of(game)
    limits = game.default_limits
    with Store(args.path) as store:
        started = time.perf_counter()
        mark = 0
        for low in range(1, args.rows + 1, args.batch):
            high = min(args.rows, low + args.batch - 1)
            store.add(
                key,
                [
                    DealResult(str(n), n, Status.WON, LINE, 3, 3, 1e-4, difficulty=3)
                    if n % 3 == 0
                    else DealResult(str(n), n, Status.LOST, (), 3, 3, 1e-4)
                    for n in range(low, high + 1)
                ],
                limits,
            )
            if high - mark >= args.every or high == args.rows:
                now = time.perf_counter()
                size = sum(f.stat().st_size for f in args.path.parent.glob(args.path.name + "*"))
                print(
                    f"rows {mark + 1:>9,}..{high:<9,} {(now - started) / (high - mark) * 1e6:6.1f} "
                    f"us a row, store {size / 1e6:7.1f} MB",
                    flush=True,
                )
                started, mark = now, high
    return 0


if __name__ == "__main__":
    sys.exit(main())
