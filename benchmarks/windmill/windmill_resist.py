"""What the relaxations say about the Windmill deals the shipped tables still leave unknown.

Run from the project root::

    PYTHONPATH=. python benchmarks/windmill/windmill_resist.py --last 1000

For each variant, the deals of 1..``--last`` that its shipped table
(``solitaire_solver/data/``; ``--table VARIANT=FILE`` reads another) leaves
unknown, and for each of them:

- how many cards the deal deals before a play is first possible (where
  the relaxation is cut: every card dealt after the cut is free in the
  relaxed game, so a deal that can play at once gives it nothing to bite
  on);
- the relaxation's verdict there, and the relaxed positions it took, from
  the ``relaxation`` rows of ``benchmarks/results/windmill-settle.csv``
  (cut at the first play, 8,000,000 relaxed positions at most): a relaxed
  win proves nothing;
- whether the depth-first search with the relaxation as its dead-end test
  (the ``relaxed-dfs`` rows, 500,000 states) settled it.

It prints a line per variant (``--deals`` adds one per deal); a deal with
no row in the CSV file is counted apart. Nothing is solved here but the
deal's first cards, so it takes a second or two.
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

# A script's own folder is first on the import path: its neighbours import by name.
from windmill_settle import VARIANTS

from solitaire_solver.games.windmill import WindmillProblem
from solitaire_solver.games.windmill.rules import DEAL
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.verdicts import Verdicts, read_verdicts

ROOT = Path(__file__).resolve().parents[2]
TABLES = {
    "windmill": "windmill.verdicts",
    "windmill-reversed": "windmill-reversed.verdicts",
    "windmill-free": "windmill+foundation_moves=free.verdicts",
}
"""Each variant's shipped table, in ``solitaire_solver/data/``."""

Row = tuple[str, int]
"""A method's status (won, lost or unknown) and the positions it expanded."""


def table_files(ap: argparse.ArgumentParser, given: list[str]) -> dict[str, Path]:
    """Each variant's table: the shipped one, or the file of a ``--table VARIANT=FILE`` in
    ``given`` (a bad one ends the program with ``ap``'s error)."""
    files = {v: ROOT / "solitaire_solver" / "data" / name for v, name in TABLES.items()}
    for one in given:
        variant, _, path = one.partition("=")
        if variant not in files or not path:
            ap.error(f"--table {one!r}: give VARIANT=FILE with VARIANT one of {', '.join(files)}")
        files[variant] = Path(path)
    return files


def still_unknown(table: Verdicts, last: int) -> list[int]:
    """The deals of ``table`` up to ``last`` that it leaves unknown, in order."""
    return [
        n for n in range(table.first, min(last, table.last) + 1) if table.status(n) == "unknown"
    ]


def settle_rows(path: Path) -> dict[tuple[str, int], dict[str, Row]]:
    """The rows of ``windmill-settle.csv``: for each variant and deal, each method's row."""
    out: dict[tuple[str, int], dict[str, Row]] = defaultdict(dict)
    with path.open() as f:
        for r in csv.DictReader(f):
            out[r["variant"], int(r["deal"])][r["method"]] = (r["status"], int(r["expanded"]))
    return out


def dealt_before_play(problem: WindmillProblem, deal: int) -> int:
    """Cards the deal deals before a play is possible (0: one is possible at once)."""
    state = problem.deal(parse_deal_number(deal))
    dealt = 0
    while True:
        moves = problem.legal_moves(state)
        if not moves or any(m.kind != DEAL for m in moves):
            return dealt
        state = problem.apply(state, moves[0])
        dealt += 1


def report(
    variant: str,
    table: Verdicts,
    last: int,
    rows: dict[tuple[str, int], dict[str, Row]],
    per_deal: bool,
) -> list[str]:
    """The lines for one variant (see the module docstring)."""
    problem = WindmillProblem(VARIANTS[variant])
    unknown = still_unknown(table, last)
    waits = {n: dealt_before_play(problem, n) for n in unknown}
    mine = {n: rows.get((variant, n), {}) for n in unknown}
    relaxed = {n: mine[n]["relaxation"] for n in unknown if "relaxation" in mine[n]}
    deep = {n: mine[n]["relaxed-dfs"] for n in unknown if "relaxed-dfs" in mine[n]}
    costs = sorted(expanded for _, expanded in relaxed.values())
    lines = [
        f"{variant}: {len(unknown)} unknown of {table.first}..{min(last, table.last)}; "
        f"{sum(w == 0 for w in waits.values())} can play at once, "
        f"{sum(w <= 3 for w in waits.values())} after at most 3 cards dealt, "
        f"the latest after {max(waits.values(), default=0)}; relaxation at the first play "
        f"({len(relaxed)} with a row): lost {sum(s == 'lost' for s, _ in relaxed.values())}, "
        f"relaxed-won within 1 relaxed position {sum(c <= 1 for c in costs)}, within 1,000 "
        f"{sum(c <= 1000 for c in costs)}, the most {costs[-1] if costs else 0:,}; "
        f"relaxed depth-first ({len(deep)} with a row) settled "
        f"{sum(s != 'unknown' for s, _ in deep.values())}"
    ]
    missing = [n for n in unknown if n not in relaxed]
    if missing:
        lines.append(f"  no relaxation row: {' '.join(map(str, missing))}")
    if per_deal:
        for n in unknown:
            if n not in relaxed:
                lines.append(f"  deal {n}: {waits[n]} dealt before a play")
                continue
            status, expanded = relaxed[n]
            said = "lost" if status == "lost" else "nothing proved"
            lines.append(
                f"  deal {n}: {waits[n]} dealt before a play; relaxation: {said}, "
                f"{expanded:,} relaxed positions"
            )
    return lines


def main() -> None:
    """Print the report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--last", type=int, default=1000, help="the last deal looked at (1,000)")
    ap.add_argument("--table", action="append", default=[], help="VARIANT=FILE: another table")
    ap.add_argument("--deals", action="store_true", help="a line per deal as well")
    ap.add_argument(
        "--settle",
        type=Path,
        default=ROOT / "benchmarks" / "results" / "windmill-settle.csv",
        help="the rows of windmill_settle.py",
    )
    args = ap.parse_args()
    files = table_files(ap, args.table)
    rows = settle_rows(args.settle)
    for variant, path in files.items():
        print("\n".join(report(variant, read_verdicts(path), args.last, rows, args.deals)))


if __name__ == "__main__":
    main()
