"""Which method settles the Windmill deals the solver left unknown: a row per deal and method.

Run from the project root, for example::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_settle.py \\
        --out benchmarks/results/windmill-settle.csv

For each variant it reads the deals that ``benchmarks/results/<variant>.csv``
(the solver before the relaxation and the new portfolio members) reports
``unknown``, and runs on each, alone and under its own state limit:

- ``relaxation``: the relaxation cut at the first position where a play is
  possible (:func:`~solitaire_solver.games.windmill.relaxation.relaxed_run`),
  at most 8,000,000 relaxed positions (its cap in the solver); it can only
  prove a loss;
- ``depth-first``: the depth-first search from the deal, plays first, with
  the plain prunes, 100,000 states (over real positions when
  ``windmill-settle.csv`` was made, over the rank model since);
- ``restarts``: shuffled depth-first attempts of 20,000 and 40,000 states;
- ``discrepancies``: limited discrepancy search around the play-first
  order, over the rank model, 50,000 states (over real positions when
  ``windmill-settle.csv`` was made);
- ``relaxed-dfs``: the depth-first search with the relaxation's dead-end
  test on deep wastes, 500,000 states (relaxed positions counted);
- ``relaxation-12m``: the relaxation cut at the first play with a cap of
  12,000,000 relaxed positions, for the deals that deal many cards before
  their first play (``--deals`` picks them).

The limits of the last four are of the order of what each has in the
solver's portfolio within the default limit when the relaxation leaves it
early (about 177,000, 88,000, 354,000 and 354,000 states); the deals they
win were solved again with the whole solver.

A row: variant, deal, method, status (won, lost or unknown), states
expanded, seconds. Rows already in ``--out`` are skipped, so a stopped run
resumes. ``--methods`` picks some of them, in the order given;
``--summary`` prints, for each variant, how many deals each method settled
and which method settled each deal. ``--won`` writes instead, for every
deal the earlier solver won, the relaxation's cost on it::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_settle.py --won \\
        --out benchmarks/results/windmill-relaxation-won-deals.csv
"""

from __future__ import annotations

import argparse
import csv
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from solitaire_solver.games.windmill import (
    FREE,
    Pruned,
    WindmillProblem,
    WindmillRules,
    compact,
    rank_model,
)
from solitaire_solver.games.windmill.relaxation import RelaxedPruned, relaxed_run
from solitaire_solver.games.windmill.solver import PLAN, depth_first, discrepancies, restarts
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Budget, Limits, Run, capped, drive

VARIANTS = {
    "windmill": WindmillRules(),
    "windmill-reversed": WindmillRules(direction="down"),
    "windmill-free": WindmillRules(foundation_moves=FREE),
}

Method = Callable[[WindmillProblem, int], tuple[str, int]]


def _run(make: Callable[[Budget], Run], limit: int) -> tuple[str, int]:
    budget = Budget(Limits(max_states=limit))
    verdict = drive(make(budget), budget)
    if verdict is None:
        return "unknown", budget.expanded
    return ("won" if verdict.won else "lost"), budget.expanded


def relaxation(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """The relaxation cut at the first play."""
    start = compact(problem.deal(parse_deal_number(deal)))
    model = rank_model(problem)
    return _run(lambda b: capped(partial(relaxed_run, model, start), b, 8_000_000), 8_000_001)


def relaxation_12m(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """The relaxation cut at the first play, with a cap of 12,000,000 relaxed positions."""
    start = compact(problem.deal(parse_deal_number(deal)))
    model = rank_model(problem)
    return _run(lambda b: capped(partial(relaxed_run, model, start), b, 12_000_000), 12_000_001)


def plain_dfs(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """The plain depth-first search, plays first."""
    start = problem.deal(parse_deal_number(deal))
    return _run(depth_first(problem, start, pruned=Pruned(problem)), 100_000)


def shuffled_restarts(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """Two shuffled attempts (20,000 and 40,000 states)."""
    start = problem.deal(parse_deal_number(deal))
    return _run(restarts(problem, start, pruned=Pruned(problem)), 60_000)


def limited_discrepancy(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """Limited discrepancy search."""
    start = problem.deal(parse_deal_number(deal))
    return _run(discrepancies(problem, start), 50_000)


def relaxed_dfs(problem: WindmillProblem, deal: int) -> tuple[str, int]:
    """The depth-first search with the relaxation's dead-end test."""
    start = problem.deal(parse_deal_number(deal))
    member = PLAN.member("relaxed depth-first")
    pruned = RelaxedPruned(problem, deep=member.param("deep"), states=member.param("test_states"))
    return _run(depth_first(problem, start, pruned=pruned), 500_000)


METHODS: dict[str, Method] = {
    "relaxation": relaxation,
    "depth-first": plain_dfs,
    "restarts": shuffled_restarts,
    "discrepancies": limited_discrepancy,
    "relaxed-dfs": relaxed_dfs,
    "relaxation-12m": relaxation_12m,
}


def recorded(variant: str) -> list[dict[str, str]]:
    """The earlier solver's rows (``benchmarks/results/<variant>.csv``)."""
    path = Path(__file__).resolve().parents[1] / "results" / f"{variant}.csv"
    with path.open() as f:
        return list(csv.DictReader(f))


def unknown_deals(variant: str) -> list[int]:
    """The deals the earlier solver left unknown."""
    return [int(r["deal"]) for r in recorded(variant) if r["status"] == "unknown"]


def rows_done(path: Path, kind: str) -> set[tuple[str, str, str]]:
    """The (variant, deal, ``kind`` column) triples already in the CSV file ``path``, so
    that a rerun appends only the rest."""
    if not path.exists():
        return set()
    with path.open() as f:
        return {(r["variant"], r["deal"], r[kind]) for r in csv.DictReader(f)}


def relaxation_on_won_deals(out: Path) -> None:
    """For every deal the earlier solver won: its states then and the relaxation's cost.

    The relaxation cut at the first play, at most 2,000,000 relaxed
    positions; on a won deal it can only end relaxed won (the row's count)
    or at that cap. With the earlier states it bounds what the portfolio
    spends on the deal (see :func:`~solitaire_solver.games.windmill.any_line`).
    """
    with out.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["variant", "deal", "expanded_before", "relaxed"])
        for variant, rules in VARIANTS.items():
            problem = WindmillProblem(rules)
            model = rank_model(problem)
            for row in recorded(variant):
                if row["status"] != "won":
                    continue
                start = compact(problem.deal(parse_deal_number(int(row["deal"]))))
                budget = Budget(Limits(max_states=2_000_001))
                relax = partial(relaxed_run, model, start)
                verdict = drive(capped(relax, budget, 2_000_000), budget)
                if verdict is not None:
                    raise AssertionError(f"{variant} {row['deal']}: a won deal relaxed lost")
                w.writerow([variant, row["deal"], row["expanded"], budget.expanded])


def summary(path: Path) -> str:
    """For each variant: how many deals each method settles, and which settle none."""
    with path.open() as f:
        rows = list(csv.DictReader(f))
    lines = []
    for variant in VARIANTS:
        mine = [r for r in rows if r["variant"] == variant]
        deals = sorted({int(r["deal"]) for r in mine})
        by: dict[int, list[str]] = {d: [] for d in deals}
        counts = []
        for method in METHODS:
            done = [r for r in mine if r["method"] == method]
            settled = [r for r in done if r["status"] != "unknown"]
            for r in settled:
                by[int(r["deal"])].append(f"{method} {r['status']} {int(r['expanded']):,}")
            counts.append(f"{method} {len(settled)} of {len(done)}")
        lines.append(f"{variant}: {len(deals)} deals unknown before; " + ", ".join(counts))
        for d in deals:
            if by[d]:
                lines.append(f"  deal {d}: " + "; ".join(by[d]))
        left = [d for d in deals if not by[d]]
        lines.append(f"  settled by none ({len(left)}): " + " ".join(map(str, left)))
    return "\n".join(lines)


def main() -> None:
    """Run the methods over the deals and append a row for each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--methods", default=",".join(METHODS))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--deals", help="only these deals (comma-separated), if unknown before")
    parser.add_argument("--summary", action="store_true", help="only summarise --out")
    parser.add_argument(
        "--won", action="store_true", help="write the relaxation's cost on every won deal to --out"
    )
    args = parser.parse_args()
    if args.summary:
        print(summary(args.out))
        return
    if args.won:
        relaxation_on_won_deals(args.out)
        return
    done = rows_done(args.out, "method")
    new = not args.out.exists()
    with args.out.open("a", newline="") as f:
        out = csv.writer(f)
        if new:
            out.writerow(["variant", "deal", "method", "status", "expanded", "seconds"])
        for method in args.methods.split(","):
            for variant in args.variants.split(","):
                problem = WindmillProblem(VARIANTS[variant])
                for deal in unknown_deals(variant):
                    if args.deals and str(deal) not in args.deals.split(","):
                        continue
                    if (variant, str(deal), method) in done:
                        continue
                    t0 = time.perf_counter()
                    status, expanded = METHODS[method](problem, deal)
                    seconds = time.perf_counter() - t0
                    out.writerow([variant, deal, method, status, expanded, f"{seconds:.2f}"])
                    f.flush()


if __name__ == "__main__":
    main()
