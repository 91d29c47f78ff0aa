"""The summary search against the depth-first phase, on late positions of real deals.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_summaries.py [TIMEOUT]

For positions of deals 100..103 with 14, 18 and 22 cards left in the stock
(made as in ``tests/helpers/windmill.py``), prints the verdict, nodes and
seconds of the summary search (at most TIMEOUT seconds, 60 by default) and
of the pruned depth-first search alone (at most 400,000 states).
"""

from __future__ import annotations

import sys
import time

from solitaire_solver.games.windmill import depth_first, summary_search
from solitaire_solver.search import Limits
from solitaire_solver.search import solve as run_strategy
from tests.helpers.windmill import game, late_positions


def main() -> None:
    """Print one line per position: stock and waste sizes, then each search's figures."""
    timeout = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    g = game()
    print("stock waste | summaries: verdict nodes seconds | dfs: verdict states seconds")
    for left in (14, 18, 22):
        for s in late_positions(g, range(100, 104), left=left, per_deal=1):
            t0 = time.perf_counter()
            a = summary_search(g.problem, s, Limits(timeout=timeout))
            t1 = time.perf_counter()
            b = run_strategy(depth_first(g.problem, s), Limits(max_states=400_000))
            t2 = time.perf_counter()
            if a.status.value != "unknown" and b.status.value != "unknown":
                assert a.status == b.status, "summaries and depth-first search disagree"
            print(
                f"{len(s.stock):5} {len(s.waste_cards):5} | {a.status.value:7} "
                f"{a.stats.expanded:9} {t1 - t0:7.2f} | {b.status.value:7} "
                f"{b.stats.expanded:9} {t2 - t1:7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
