"""Take won lines found outside the tables' runs into the published tables, each replayed first.

The input is JSON lines, one won line each: ``preset``, ``rules`` (the
rules fingerprint the line was found under), ``deal``, ``member`` (the
part of a solver that found it, such as ``beams: width 524,288, buried``)
and ``moves`` (the line in the game's notation), as the beam scripts of
``benchmarks/windmill`` write them::

    python benchmarks/tables/take_wins.py /tmp/windmill-beam-wins.jsonl          # check
    python benchmarks/tables/take_wins.py /tmp/windmill-beam-wins.jsonl --write  # and write

Each line is replayed move by move from its deal under its rules (the
public :func:`~solitaire_solver.api.verify`); one that does not win stops
the script with nothing written. A line is also offered to every published
table whose rules allow at least as much as the line's
(:meth:`~solitaire_solver.games.Game.allows_at_most`), replayed there too.
A table takes it for a deal it leaves unknown: won, with the line's length
and, for its difficulty figure, the bits of the states limit that deal
reached (the table's own search spent that many without a win, so its
figure is at least that: the line's finder is not the table's solver).
Deals a table already settles keep their verdict (a loss there against a
replayed win would be a contradiction, reported, and nothing written).
The tables keep their format, difficulty classes and the limits each
remaining unknown deal reached. Prints which member settled each deal.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from solitaire_solver.api import verify
from solitaire_solver.games import find_preset
from solitaire_solver.games.knobs import parse_rule_assignments
from solitaire_solver.numbering import DealNumber
from solitaire_solver.records.verdicts import (
    UNKNOWN,
    load_verdicts,
    shipped_names,
    table_game,
    write_verdicts,
)
from solitaire_solver.search import Limits, Status

Row = tuple[int, Status, int, int, Limits]
"""A verdict file's row: number, status, line length, difficulty figure, limits reached."""


def _path(name: str) -> Path:
    return Path(str(resources.files("solitaire_solver").joinpath("data", name)))


def _line_game(win: dict[str, Any]) -> Any:
    """The game a line was found under: its preset with the knobs its fingerprint names."""
    name, *words = str(win["rules"]).split()
    game = find_preset(win["preset"]).make(parse_rule_assignments(words))
    if game.name != name:
        raise SystemExit(f"deal {win['deal']}: rules {win['rules']!r} are not {win['preset']}'s")
    return game


def main(argv: list[str] | None = None) -> int:
    """Check every line, offer it to the tables; with ``--write``, write the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("wins", type=Path, help="JSON lines of won lines")
    ap.add_argument("--write", action="store_true", help="write the changed tables in place")
    args = ap.parse_args(argv)
    wins = [json.loads(text) for text in args.wins.read_text().splitlines() if text.strip()]
    tables = {name: load_verdicts(_path(name).read_bytes(), name) for name in shipped_names()}
    taken: dict[str, dict[int, tuple[int, str]]] = {name: {} for name in tables}
    trouble = 0
    for win in wins:
        game = _line_game(win)
        number = int(win["deal"])
        deal = DealNumber(number, True)
        if not verify(game, deal, win["moves"]).won:
            print(f"{win['preset']} {number}: the line of {win['member']} does not win")
            return 1
        for name, v in tables.items():
            other = table_game(name)
            if other.name != game.name or not game.allows_at_most(other.rules):
                continue
            status = v.status(number)
            if status is None or status == "won":
                continue
            if other.rules != game.rules and not verify(other, deal, win["moves"]).won:
                print(f"{name} {number}: the line does not replay under the table's rules")
                trouble += 1
            elif status == "lost":
                print(f"{name} {number}: lost in the table, won by {win['member']}")
                trouble += 1
            elif number not in taken[name]:
                taken[name][number] = (len(win["moves"]), str(win["member"]))
                print(f"{name} {number}: won in {len(win['moves'])} moves, by {win['member']}")
    if trouble:
        print(f"{trouble} problems: nothing written", file=sys.stderr)
        return 1
    for name, lines in taken.items():
        if not lines:
            continue
        v = tables[name]
        rows: list[Row] = []
        for number, verdict, length, figure in v.rows():
            reached = v.limits_of(number)
            if number in lines:
                states = reached.max_states or 0
                rows.append((number, Status.WON, lines[number][0], states.bit_length(), v.limits))
            else:
                rows.append((number, verdict, length, figure, reached))
        out = v.with_rows(rows)
        print(f"{name}: unknown {v.count(UNKNOWN)} -> {out.count(UNKNOWN)}", file=sys.stderr)
        if args.write:
            write_verdicts(_path(name), out)
            print(f"wrote {_path(name)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
