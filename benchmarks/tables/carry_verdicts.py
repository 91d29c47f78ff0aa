"""Settle a published table's unknown deals from the tables of rule sets ordered with its own.

When one rule set allows at most what another allows (every line legal
under the first is legal under the second, from the same deal to the same
win: :meth:`~solitaire_solver.games.Game.allows_at_most`), a deal won under
the stricter rules is won under the looser and a deal lost under the looser
rules is lost under the stricter. For each published table this script
looks at the deals it leaves unknown (or does not hold, inside its range):

- a deal a stricter table holds won is solved under the stricter rules and
  its line replayed move by move under the table's own
  (:func:`~solitaire_solver.records.verdicts.carried_win`); only a line that wins
  there is written, with its length and the stricter solve's difficulty
  figure (the positions that solve expanded before the win);
- a deal a looser table holds lost is written lost: the looser search
  covered every line of the stricter rules.

It also prints every contradiction between ordered tables (a deal won under
the stricter rules and lost under the looser, or the reverse claim on a
settled deal), which must never happen, and then writes nothing. With
``--write`` the changed tables are written over the published files, in
their format, keeping their difficulty classes and the limits each
remaining unknown deal reached::

    python benchmarks/tables/carry_verdicts.py            # what would change
    python benchmarks/tables/carry_verdicts.py --write    # and write it
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from solitaire_solver.numbering import MT_THRESHOLD, DealNumber
from solitaire_solver.records.verdicts import (
    UNKNOWN,
    Verdicts,
    load_verdicts,
    related_tables,
    shipped_names,
    table_game,
    write_verdicts,
)
from solitaire_solver.search import Limits, Status
from solitaire_solver.stats.tables import carried_win

Row = tuple[int, Status, int, int, Limits]
"""A verdict file's row: number, status, line length, difficulty figure, limits reached."""


def carry(name: str) -> tuple[Verdicts | None, list[str]]:
    """The table ``name`` with its unknown deals settled by ordered tables (``None`` when
    nothing changes), and a line for each deal settled or found contradicted."""
    game = table_game(name)
    v = _load(name)
    related = related_tables(game)
    said: list[str] = []
    changed = False
    rows: list[Row] = []
    for number, status, length, figure in v.rows():
        rows.append((number, status, length, figure, v.limits_of(number)))
        for t in related:
            other = t.verdicts.status(number)
            if (t.stricter and other == "won" and status is Status.LOST) or (
                not t.stricter and other == "lost" and status is Status.WON
            ):
                said.append(f"{name} {number}: {status.value}, but {other} in {t.name}")
        if status is not Status.UNKNOWN:
            continue
        if any(not t.stricter and t.verdicts.status(number) == "lost" for t in related):
            rows[-1] = (number, Status.LOST, 0, 0, v.limits)
            said.append(f"{name} {number}: lost, carried down from a looser table")
            changed = True
            continue
        win = carried_win(game, number)
        if win is not None:
            result = win.result
            stricter = table_game(win.table)
            start = stricter.deal(DealNumber(number, number < MT_THRESHOLD))
            figure = stricter.difficulty(start, result) or 0
            rows[-1] = (number, Status.WON, len(result.moves), figure, v.limits)
            said.append(
                f"{name} {number}: won in {len(result.moves)} moves, the line of {win.table} "
                f"({win.rules}) replayed, figure {figure}"
            )
            changed = True
    if not changed:
        return None, said
    out = v.with_rows(rows)
    return out, said


def _load(name: str) -> Verdicts:
    # The published reader caches; a script that rewrites files reads them afresh.
    path = _path(name)
    return load_verdicts(path.read_bytes(), str(path))


def _path(name: str) -> Path:
    return Path(str(resources.files("solitaire_solver").joinpath("data", name)))


def main(argv: list[str] | None = None) -> int:
    """Print what ordered tables settle; with ``--write``, write it. Status 1 on a
    contradiction."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="published table file names (default: all)")
    ap.add_argument("--write", action="store_true", help="write the changed tables in place")
    args = ap.parse_args(argv)
    contradictions = 0
    pending: list[tuple[str, Verdicts]] = []
    for name in args.names or shipped_names():
        out, said = carry(name)
        for line in said:
            print(line)
            contradictions += ", but " in line
        if out is not None:
            before = _load(name)
            print(
                f"{name}: unknown {before.count(UNKNOWN)} -> {out.count(UNKNOWN)}",
                file=sys.stderr,
            )
            pending.append((name, out))
    if contradictions:
        print(f"{contradictions} contradictions: nothing written", file=sys.stderr)
        return 1
    if args.write:
        for name, out in pending:
            write_verdicts(_path(name), out)
            print(f"wrote {_path(name)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
