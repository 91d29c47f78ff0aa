"""The search engine on toy puzzles: depth-first, and best-first under its orderings.

Run: ``pytest benchmarks/bench/bench_search.py --benchmark-only``.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver.search import Status, astar, astar_order, depth_first, greedy_order
from tests.helpers.toy import ClockPuzzle, GraphPuzzle


def grid(n: int) -> GraphPuzzle:
    """An n x n grid walk from the corner to the opposite corner (cycles everywhere)."""
    edges: dict[int, list[int]] = {}
    h: dict[int, int] = {}
    for r in range(n):
        for c in range(n):
            v = r * n + c
            edges[v] = [
                w
                for rr, cc in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1))
                if 0 <= rr < n and 0 <= cc < n
                for w in (rr * n + cc,)
            ]
            h[v] = (n - 1 - r) + (n - 1 - c)
    return GraphPuzzle(edges, {n * n - 1}, h=h)


def test_dfs_exhausts_a_cycle_of_100k_states(benchmark: Any) -> None:
    p = ClockPuzzle(200_000, (2,), 1)  # odd target: 100,000 states, then lost
    r = benchmark(depth_first, p, 0)
    assert r.status is Status.LOST


@pytest.mark.parametrize("order", [astar_order, greedy_order], ids=["astar", "greedy"])
def test_best_first_on_a_grid(benchmark: Any, order: Any) -> None:
    p = grid(120)
    r = benchmark(astar, p, 0, order=order)
    assert r.status is Status.WON and len(r.moves) == 2 * 119


def test_astar_without_heuristic(benchmark: Any) -> None:
    p = ClockPuzzle(50_000, (7, 11, 13), 49_999)
    r = benchmark(astar, p, 0)
    assert r.status is Status.WON
