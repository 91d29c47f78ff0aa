"""The exhaustive phase with and without the sound pruning rules, on late positions.

Run from the project root::

    PYTHONPATH=. nice python benchmarks/windmill/windmill_pruning.py

For positions of deals 100..111 with 14, 18 and 22 cards left in the stock
(made as in ``tests/helpers/windmill.py``), prints the verdict and table size of
the depth-first search over the rank model with the twin rule and the
counting bound (the solver's depth-first member) and without them, each
limited to 300,000 expanded states.
"""

from __future__ import annotations

from solitaire_solver.games.windmill import Pruned, RankModel, compact
from solitaire_solver.search import Limits, depth_first
from tests.helpers.windmill import game, late_positions


def main() -> None:
    """Print one line per position and the totals over positions both searches settled."""
    g = game()
    limits = Limits(max_states=300_000)
    pruned_total = plain_total = settled = 0
    for left in (14, 18, 22):
        for s in late_positions(g, range(100, 112), left=left, per_deal=1):
            a = depth_first(Pruned(g.problem), compact(s), limits)
            b = depth_first(RankModel(g.problem), compact(s), limits)
            if a.status.value != "unknown" and b.status.value != "unknown":
                assert a.status == b.status, "pruned and plain searches disagree"
                pruned_total += a.stats.unique
                plain_total += b.stats.unique
                settled += 1
            print(left, a.status.value, a.stats.unique, b.status.value, b.stats.unique, flush=True)
    print(f"{settled} positions settled by both: {pruned_total} states pruned, {plain_total} plain")


if __name__ == "__main__":
    main()
