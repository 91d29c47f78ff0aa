"""What the Windmill tables leave open: counts by range, and the evidence on each unknown deal.

Prints the tables of docs/results/games/windmill-open.md (Markdown) from the published
tables and the measurements kept in ``benchmarks/results``::

    python benchmarks/tables/windmill_open.py > open.md

For each variant: the won, lost and unknown deals of the published table
by range; then, for each deal of 1..1,000 it leaves unknown, the strongest
evidence at hand:

- the verdict of a table of looser rules (a relaxation of the rules: a
  loss there would settle the deal lost; a win there settles nothing);
- the relaxed game's search (``windmill-settle.csv``, methods
  ``relaxation`` and ``relaxation-12m``, and the cut relaxations of
  ``windmill-relax-cuts*.csv``): only a loss would settle the deal, and the
  figure is the relaxed positions it spent without one;
- the widest beam tried on the deal (``windmill-buried-*.csv``), its
  order and the states it expanded without a win.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator
from pathlib import Path

from solitaire_solver.cards import count_text
from solitaire_solver.records.verdicts import (
    LOST,
    UNKNOWN,
    WON,
    Verdicts,
    related_tables,
    shipped_verdicts,
    table_game,
)

RESULTS = Path(__file__).resolve().parents[1] / "results"
"""Where the measurements are kept."""

VARIANTS = {
    "windmill": "windmill.verdicts",
    "windmill-free": "windmill+foundation_moves=free.verdicts",
    "windmill-reversed": "windmill-reversed.verdicts",
}
"""The names the measurements give the variants, and their tables."""

RELAXATION_CAP = 8_000_000
"""The relaxed positions ``windmill-settle.csv``'s relaxation had (its cap in the solver then)."""


def _rows(pattern: str) -> Iterator[dict[str, str]]:
    for path in sorted(RESULTS.glob(pattern)):
        with path.open(newline="") as f:
            yield from csv.DictReader(f)


def _table(name: str) -> Verdicts:
    game = table_game(name)
    v = shipped_verdicts(game.preset) if not game.changed_rules() else None
    if v is None:
        # A variant table: found among the tables ordered with the preset's rules.
        base = table_game(name.split("+", 1)[0] + ".verdicts")
        [v] = [t.verdicts for t in related_tables(base) if t.name == name]
    return v


def _counts(v: Verdicts, first: int, last: int) -> tuple[int, int, int]:
    codes = v.codes[first - v.first : last - v.first + 1]
    return codes.count(WON), codes.count(LOST), codes.count(UNKNOWN)


def main() -> int:
    """Print the counts and the evidence tables."""
    # The relaxation at the first play: a loss settles the deal; short of its
    # cap, a search with no loss means the relaxed game is won (it says nothing).
    relaxed: dict[tuple[str, int], str] = {}
    for row in _rows("windmill-settle.csv"):
        if row["method"].startswith("relaxation"):
            spent = int(row["expanded"])
            if row["status"] == "lost":
                said = f"lost ({count_text(spent, 'position')})"
            elif spent < RELAXATION_CAP:
                said = f"relaxed game won ({count_text(spent, 'position')})"
            else:
                said = f"cap reached ({spent:,} positions)"
            relaxed[row["variant"], int(row["deal"])] = said
    # The exact search with relaxed dead-end tests: the most states any setting spent.
    cuts: dict[tuple[str, int], tuple[str, int]] = {}
    for row in _rows("windmill-relax-cuts*.csv"):
        key = (row["variant"], int(row["deal"]))
        spent = int(row["expanded"])
        if row["status"] != "unknown" or spent > cuts.get(key, ("", -1))[1]:
            cuts[key] = (row["status"], spent)
    beams: dict[tuple[str, int], tuple[int, str, str, int]] = {}
    for row in _rows("windmill-buried-*.csv"):
        key = (row["variant"], int(row["deal"]))
        width = int(row["width"])
        if width > beams.get(key, (0,))[0]:
            beams[key] = (width, row["order"], row["status"], int(row["expanded"]))
    print("| variant | deals | won | lost | unknown |")
    print("|---|---|---:|---:|---:|")
    for variant, name in VARIANTS.items():
        v = _table(name)
        for last in (1000, 10_000):
            if last <= v.last:
                won, lost, left = _counts(v, 1, last)
                print(f"| {variant} | 1..{last:,} | {won:,} | {lost:,} | {left:,} |")
    for variant, name in VARIANTS.items():
        v = _table(name)
        game = table_game(name)
        looser = [t for t in related_tables(game) if not t.stricter]
        unknown = [n for n in range(1, 1001) if v.status(n) == "unknown"]
        print()
        print(f"{variant} ({name}), the {len(unknown)} unknown deals of 1..1,000:")
        print()
        print("| deal | looser rules | relaxation | relaxed cuts | widest beam tried |")
        print("|---:|---|---|---|---|")
        for n in unknown:
            loose = ", ".join(f"{t.verdicts.status(n)} ({t.name})" for t in looser) or "none"
            relax = relaxed.get((variant, n), "not run")
            status, spent = cuts.get((variant, n), ("", 0))
            cut = f"{status} ({spent:,} states)" if status else "not run"
            if (variant, n) in beams:
                width, order, result, expanded = beams[variant, n]
                beam = f"{width:,} {order}: {result} ({expanded:,} states)"
            else:
                beam = "none recorded"
            print(f"| {n} | {loose} | {relax} | {cut} | {beam} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
