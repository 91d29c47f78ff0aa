"""One wide beam in a chosen order on each Windmill deal the tables leave unknown.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_wide_order.py --width 131072 \\
        --order buried --out benchmarks/results/windmill-buried-131072.csv \\
        --wins /tmp/windmill-beam-wins.jsonl

For each variant, the deals of ``--first``..``--last`` (1..1,000 by default)
that its table leaves unknown (the shipped ones, or ``--table VARIANT=FILE``),
each given to one beam of ``--width`` over the game's rank model in
``--order`` (``plain``, ``buried``, ``ahead``, ``needs``, or ``shuffled`` or
``ahead shuffled`` with ``--seed``), alone, with no limit but the beam's own
end or ``--cap`` positions: does an order or width the plan does not run win
deals its ladder leaves unknown? A won line is replayed from the deal (the
script stops with an error when it does not win). A row: variant, deal,
width, order, status, positions expanded, CPU seconds. Rows already in
``--out`` are skipped (the same variant, deal, width and order), so a stopped
run resumes. With ``--wins``, each won line is also appended to that file as
a JSON line (the preset, the table's rules fingerprint, the deal, the beam
and the moves in the game's notation), the form the tables take new wins in.
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path

# A script's own folder is first on the import path: its neighbours import by name.
from windmill_resist import still_unknown, table_files
from windmill_settle import VARIANTS

from solitaire_solver.api import verify
from solitaire_solver.games.windmill import Windmill
from solitaire_solver.games.windmill.model import rank_model
from solitaire_solver.games.windmill.solver import HASHED, ORDER_NAMES, beam_over
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.verdicts import read_verdicts
from solitaire_solver.search import Budget, Limits, drive

ORDERS = {name: order for order, name in ORDER_NAMES.items()}


def main() -> None:
    """Run the beam over the unknown deals and append a row for each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, required=True)
    ap.add_argument("--order", choices=sorted(ORDERS), required=True)
    ap.add_argument("--seed", type=int, default=1, help="the shuffled order's seed (1)")
    ap.add_argument("--first", type=int, default=1, help="the first deal looked at (1)")
    ap.add_argument("--last", type=int, default=1000, help="the last deal looked at (1,000)")
    ap.add_argument("--cap", type=int, default=None, help="positions a beam may expand (none)")
    ap.add_argument("--variant", action="append", default=[], help="only these variants (all)")
    ap.add_argument("--wins", type=Path, default=None, help="append each won line here (JSON)")
    ap.add_argument("--table", action="append", default=[], help="VARIANT=FILE: another table")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    files = table_files(ap, args.table)
    name = args.order + (f" {args.seed}" if ORDERS[args.order] in HASHED else "")
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
            if args.variant and variant not in args.variant:
                continue
            table = read_verdicts(files[variant])
            game = Windmill(rules)
            problem = game.problem
            model = rank_model(problem)
            for deal in still_unknown(table, args.last):
                if deal < args.first:
                    continue
                if (variant, str(deal), str(args.width), name) in done:
                    continue
                start = problem.deal(parse_deal_number(deal))
                budget = Budget(Limits(max_states=args.cap))
                cpu = time.process_time()
                beam = beam_over(model, start, args.width, ORDERS[args.order], args.seed)
                verdict = drive(beam(budget), budget)
                cpu = time.process_time() - cpu
                status = "unknown" if verdict is None else "won" if verdict.won else "lost"
                if verdict is not None and verdict.won:
                    check = verify(game, start, verdict.moves)
                    if not (check.legal and check.won):
                        raise SystemExit(f"{variant} {deal}: the beam's line: {check.reason}")
                    if args.wins is not None:
                        won = {
                            "preset": table.preset,
                            "rules": table.fingerprint,
                            "deal": deal,
                            "member": f"beams: width {args.width:,}, {name}",
                            "moves": [str(m) for m in verdict.moves],
                        }
                        with args.wins.open("a") as w:
                            w.write(json.dumps(won) + "\n")
                out.writerow(
                    [variant, deal, args.width, name, status, budget.expanded, f"{cpu:.1f}"]
                )
                f.flush()


if __name__ == "__main__":
    main()
