"""Trial: the summaries with the relaxation asked before each win question (relax_deep 1).

Run from the project root at the commit that has the trial hook::

    PYTHONPATH=. nice python benchmarks/windmill_summaries_relaxed.py

For the first five deals of ``windmill`` and ``windmill-reversed`` that no
method of ``benchmarks/results/windmill-settle.csv`` settled, the summary
search alone with 200,000 nodes, without and with the relaxation asked
first. A line: variant, deal, relax_deep, verdict, nodes, win questions
answered, relaxed searches, positions they proved lost, CPU seconds.
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_solver.games.windmill import WindmillProblem, WindmillRules
from solitaire_solver.games.windmill import summaries as sm
from solitaire_solver.search import Budget, Limits, drive


def main() -> None:
    """Print a line per deal and setting."""
    path = Path(__file__).resolve().parent / "results" / "windmill-settle.csv"
    with path.open() as f:
        rows = list(csv.DictReader(f))
    for name, rules in (
        ("windmill", WindmillRules()),
        ("windmill-reversed", WindmillRules(direction="down")),
    ):
        mine = [r for r in rows if r["variant"] == name]
        settled = {r["deal"] for r in mine if r["status"] != "unknown"}
        deals = sorted({int(r["deal"]) for r in mine if r["deal"] not in settled})[:5]
        problem = WindmillProblem(rules)
        for deal in deals:
            for deep in (None, 1):
                budget = Budget(Limits(max_states=200_000))
                run = sm._Summaries(
                    problem, problem.deal(deal), budget, True, sm.rank_model(problem)
                )
                if deep is not None:
                    run.relax = sm.RelaxedRules(problem)
                    run.relax_deep = deep
                t0 = time.process_time()
                verdict = drive(run.run(), budget)
                seconds = time.process_time() - t0
                print(
                    name,
                    deal,
                    deep,
                    None if verdict is None else verdict.won,
                    budget.expanded,
                    len(run.wins),
                    run.relax_tests,
                    run.relax_proved,
                    f"{seconds:.2f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
