"""Write a Windmill table that says what today's solver says: the shipped table, refreshed.

A verdict file keeps, for each won deal, the length of the line the solver
found and its difficulty figure (the positions it expanded before the win),
and for each unknown deal the limits it reached; all of these depend on the
solver's plan. When the plan changes, a fresh solve may find another line,
or win a deal the table leaves unknown, and the table no longer says what
``solve`` says. Won and lost stay facts.

The new table takes, deal by deal, the first of:

1. the rerun (``--rerun``: a store holding the table imported and some of
   its unknown deals solved again under the default limits; only the rows
   finished at or after ``--since``, the rows of today's solver), except a
   win that today's first pass also finds, whose line is the first pass's;
2. today's first pass (``--fresh``: a store of today's solves of the
   table's won and unknown deals under its first limits, and of the won
   ones not won there under the default limits);
3. the table (``--table``): its lost deals, proved lost by its second pass
   (and a loss an earlier rerun proved);
4. for a deal the table holds won and the others leave unknown, the line
   of a stricter table's rules replayed under the table's
   (:func:`~solitaire_solver.records.verdicts.carried_win`, as
   ``carry_verdicts.py`` wrote it).

That is the order in which the reproduction test in
``tests/records/test_verdict_files.py`` solves a deal again (the file's limits for
the deal, then the default ones for a deal the file settles). A deal the
table or an earlier rerun had won that the new sources leave unknown is
listed on standard error and the file is not written (exit status 1): it
is to be solved under the default limits into ``--fresh`` first. Example
(docs/results/tables.md)::

    python benchmarks/tables/windmill_refresh.py --table windmill.verdicts \\
        --rerun rerun.sqlite --since 2026-12-03T11:10:00Z --fresh fresh.sqlite \\
        --out new.verdicts
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from solitaire_solver import __version__
from solitaire_solver.numbering import MT_THRESHOLD, DealNumber
from solitaire_solver.records.store import Store, StoreKey
from solitaire_solver.records.verdicts import (
    LOST,
    UNKNOWN,
    WON,
    key_game,
    read_verdicts,
    table_game,
    write_verdicts,
)
from solitaire_solver.search import Limits
from solitaire_solver.stats.tables import carried_win

Row = tuple[str, int, int, Limits]
"""A deal's status, line length, difficulty figure and the limits it was solved under."""


def _rows(path: str, game: object, low: int, high: int) -> dict[int, Row]:
    """The store's rows of ``low..high``."""
    with Store(path) as store:
        return {
            number: (status, length, figure or 0, limits)
            for number, status, length, figure, limits in store.verdict_rows(
                StoreKey.of(game), low, high
            )
        }


def _finished(path: str) -> dict[int, str]:
    """When each row solved in the store (not imported) was finished (ISO time)."""
    db = sqlite3.connect(path)
    try:
        return dict(db.execute("SELECT number, finished FROM results WHERE origin IS NULL"))
    finally:
        db.close()


def main() -> int:
    """Write the new table; exit status 1 when a won deal is left unknown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", required=True, help="the shipped verdict file")
    ap.add_argument("--rerun", help="a store of a rerun of its unknown deals")
    ap.add_argument("--since", help="with --rerun: the rerun's rows finished from then on (ISO)")
    ap.add_argument("--fresh", required=True, help="a store of today's first pass")
    ap.add_argument("--out", required=True, help="where to write the new file")
    args = ap.parse_args()
    v = read_verdicts(args.table)
    # The table's own rules (a variant table names changed knobs in its fingerprint).
    game = key_game(StoreKey(v.preset, v.fingerprint.split(" ", 1)[0], v.fingerprint))
    fresh = _rows(args.fresh, game, v.first, v.last)
    rerun: dict[int, Row] = {}
    earlier: dict[int, Row] = {}  # every row the rerun solved, with any solver
    if args.rerun:
        finished = _finished(args.rerun)
        # One store may be both (a rerun and today's first pass in one file).
        same = args.rerun == args.fresh
        for number, solved in (fresh if same else _rows(args.rerun, game, v.first, v.last)).items():
            if number in finished:
                earlier[number] = solved
                if args.since is None or finished[number] >= args.since:
                    rerun[number] = solved
    rows: list[tuple[int, str, int, int, Limits]] = []
    lost_wins: list[int] = []
    for number in range(v.first, v.last + 1):
        base = v.status(number)
        r, f = rerun.get(number), fresh.get(number)
        if f is not None and f[0] == "won":
            row: Row | None = f
        elif r is not None:
            row = r
        elif f is not None and f[0] != "unknown":
            row = f
        elif base == "lost" or base is None:
            row = None if base is None else ("lost", 0, 0, v.limits)
        else:
            row = f
        if row is None:
            if base is not None:
                lost_wins.append(number)  # not in the fresh store at all
            continue
        before = earlier.get(number, ("",))[0]
        if row[0] == "unknown" and before == "lost":
            # Proved lost by an earlier rerun: a fact whatever the solver.
            row = ("lost", 0, 0, v.limits)
        if row[0] == "unknown" and base == "won" and (win := carried_win(game, number)):
            # Won through a stricter table's line, replayed (carry_verdicts.py): kept so.
            stricter = table_game(win.table)
            start = stricter.deal(DealNumber(number, number < MT_THRESHOLD))
            figure = stricter.difficulty(start, win.result) or 0
            row = ("won", len(win.result.moves), figure, v.limits)
        if row[0] == "unknown" and (base == "won" or before == "won"):
            lost_wins.append(number)
        rows.append((number, *row))
    if lost_wins:
        print(
            f"{v.preset}: solve these under the default limits into the fresh store first: "
            + ",".join(map(str, lost_wins)),
            file=sys.stderr,
        )
        return 1
    out = v.with_rows(rows, solver_version=__version__)
    write_verdicts(args.out, out)
    changed = sum(
        1
        for n, status, length, figure, _ in rows
        if status == "won"
        and v.status(n) == "won"
        and (v.lengths[v.won_index(n)], v.difficulty[v.won_index(n)]) != (length, min(255, figure))
    )
    print(
        f"{v.preset}: won {out.count(WON)}, lost {out.count(LOST)}, unknown "
        f"{out.count(UNKNOWN)} (were {v.count(WON)}, {v.count(LOST)}, {v.count(UNKNOWN)}); "
        f"{changed} won deals got today's "
        "line length or figure",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
