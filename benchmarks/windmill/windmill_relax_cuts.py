"""Where to cut the relaxation inside the exact search: settled deals and cost per setting.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_relax_cuts.py \\
        --out benchmarks/results/windmill-relax-cuts.csv --per-variant 10

For each variant, the first ``--per-variant`` deals of 1..1,000 that no
method of ``benchmarks/results/windmill-settle.csv`` settled (so unknown to
the solver; with ``--min-waste``, only those with at least that many cards
on the waste at their first play), each given to the depth-first search with the relaxation as a
dead-end test (:class:`~solitaire_solver.games.windmill.relaxation.RelaxedPruned`)
under each setting of :data:`SETTINGS`, alone, with ``--limit`` states
(relaxed positions counted). A row: variant, deal, setting, status, states
expanded, relaxed searches made, positions they proved lost, CPU seconds.
Rows already in ``--out`` are skipped, so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

# A script's own folder is first on the import path: its neighbours import by name.
from windmill_settle import VARIANTS, rows_done

from solitaire_solver.games.windmill import WindmillProblem, compact, rank_model
from solitaire_solver.games.windmill.model import pile_ranks
from solitaire_solver.games.windmill.relaxation import RelaxedPruned, first_play
from solitaire_solver.games.windmill.solver import depth_first
from solitaire_solver.search import Budget, Limits, drive

SETTINGS = {
    "deep12-2k": {"deep": 12, "states": 2_000, "after_deals": True},
    "deep6-2k": {"deep": 6, "states": 2_000, "after_deals": True},
    "deep8-500": {"deep": 8, "states": 500, "after_deals": True},
    "deep16-2k": {"deep": 16, "states": 2_000, "after_deals": True},
    "deep12-20k": {"deep": 12, "states": 20_000, "after_deals": True},
    "deep6-20k-any": {"deep": 6, "states": 20_000, "after_deals": False},
}
"""``deep``: waste cards from which a position is asked; ``states``: relaxed positions
per test; ``after_deals``: only where the waste's top card is the last one dealt.
The first is the solver's setting."""


def still_unknown(variant: str) -> list[int]:
    """The deals of ``variant`` that no method of the settle benchmark settled."""
    path = Path(__file__).resolve().parents[1] / "results" / "windmill-settle.csv"
    with path.open() as f:
        rows = [r for r in csv.DictReader(f) if r["variant"] == variant]
    settled = {r["deal"] for r in rows if r["status"] != "unknown"}
    return sorted({int(r["deal"]) for r in rows if r["deal"] not in settled})


def main() -> None:
    """Run every setting on the sampled deals and append a row for each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--per-variant", type=int, default=10)
    parser.add_argument("--limit", type=int, default=1_000_000)
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument(
        "--min-waste",
        type=int,
        default=0,
        help="only deals with at least this many waste cards at their first play",
    )
    args = parser.parse_args()
    done = rows_done(args.out, "setting")
    new = not args.out.exists()
    with args.out.open("a", newline="") as f:
        out = csv.writer(f)
        if new:
            out.writerow(
                ["variant", "deal", "setting", "status", "expanded", "tests", "proved", "seconds"]
            )
        for name in args.settings.split(","):
            for variant, rules in VARIANTS.items():
                problem = WindmillProblem(rules)
                model = rank_model(problem)
                deals = [
                    d
                    for d in still_unknown(variant)
                    if len(pile_ranks(first_play(model, compact(problem.deal(d)))[5]))
                    >= args.min_waste
                ]
                for deal in deals[: args.per_variant]:
                    if (variant, str(deal), name) in done:
                        continue
                    pruned = RelaxedPruned(problem, **SETTINGS[name])  # type: ignore[arg-type]
                    budget = Budget(Limits(max_states=args.limit))
                    t0 = time.process_time()
                    verdict = drive(
                        depth_first(problem, problem.deal(deal), pruned=pruned)(budget), budget
                    )
                    seconds = time.process_time() - t0
                    status = "unknown" if verdict is None else "won" if verdict.won else "lost"
                    out.writerow(
                        [
                            variant,
                            deal,
                            name,
                            status,
                            budget.expanded,
                            pruned.tests,
                            pruned.proved,
                            f"{seconds:.2f}",
                        ]
                    )
                    f.flush()


if __name__ == "__main__":
    main()
