"""One wide beam in a chosen order on each Windmill deal of 1..1,000 the tables leave unknown.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_wide_order.py --width 131072 \\
        --order buried --out benchmarks/results/windmill-buried-131072.csv

For each variant, the deals of 1..``--last`` that its table leaves unknown
(the shipped ones, or ``--table VARIANT=FILE``), each given to one beam of
``--width`` over the game's rank model in ``--order`` (``plain``,
``buried``, or ``shuffled`` with ``--seed``), alone, with no limit but the
beam's own end: does an order or width the plan does not run win deals its
ladder leaves unknown? A won line is replayed from the deal (the script
stops with an error when it does not win). A row: variant, deal, width,
order, status, positions expanded, CPU seconds. Rows already in ``--out``
are skipped (the same variant, deal, width and
order), so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.windmill.windmill_resist import still_unknown, table_files
from benchmarks.windmill.windmill_settle import VARIANTS
from solitaire_solver.api import verify
from solitaire_solver.games.windmill import Windmill
from solitaire_solver.games.windmill.kernel import BURIED, PLAIN, SHUFFLED
from solitaire_solver.games.windmill.model import rank_model
from solitaire_solver.games.windmill.solver import beam_over
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Budget, Limits, drive
from solitaire_solver.verdicts import read_verdicts

ORDERS = {"plain": PLAIN, "shuffled": SHUFFLED, "buried": BURIED}


def main() -> None:
    """Run the beam over the unknown deals and append a row for each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, required=True)
    ap.add_argument("--order", choices=sorted(ORDERS), required=True)
    ap.add_argument("--seed", type=int, default=1, help="the shuffled order's seed (1)")
    ap.add_argument("--last", type=int, default=1000, help="the last deal looked at (1,000)")
    ap.add_argument("--table", action="append", default=[], help="VARIANT=FILE: another table")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    files = table_files(ap, args.table)
    name = args.order + (f" {args.seed}" if args.order == "shuffled" else "")
    done: set[tuple[str, ...]] = set()
    if args.out.exists():
        with args.out.open() as f:
            done = {(r["variant"], r["deal"], r["width"], r["order"]) for r in csv.DictReader(f)}
    new = not args.out.exists()
    with args.out.open("a", newline="") as f:
        out = csv.writer(f)
        if new:
            out.writerow(["variant", "deal", "width", "order", "status", "expanded", "cpu"])
        for variant, rules in VARIANTS.items():
            table = read_verdicts(files[variant])
            game = Windmill(rules)
            problem = game.problem
            model = rank_model(problem)
            for deal in still_unknown(table, args.last):
                if (variant, str(deal), str(args.width), name) in done:
                    continue
                start = problem.deal(parse_deal_number(deal))
                budget = Budget(Limits())
                cpu = time.process_time()
                beam = beam_over(model, start, args.width, ORDERS[args.order], args.seed)
                verdict = drive(beam(budget), budget)
                cpu = time.process_time() - cpu
                status = "unknown" if verdict is None else "won" if verdict.won else "lost"
                if verdict is not None and verdict.won:
                    check = verify(game, start, verdict.moves)
                    if not (check.legal and check.won):
                        raise SystemExit(f"{variant} {deal}: the beam's line: {check.reason}")
                out.writerow(
                    [variant, deal, args.width, name, status, budget.expanded, f"{cpu:.1f}"]
                )
                f.flush()


if __name__ == "__main__":
    main()
