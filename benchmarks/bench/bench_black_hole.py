"""Benchmarks of the Black Hole search (pytest-benchmark).

Run from the repository root::

    python -m pytest benchmarks/bench/bench_black_hole.py --benchmark-only

Each group times one deal with the game's own search, with each improvement
switched off in turn, and the generic depth-first search on the same deal,
so that the gain of every improvement can be read off. Timings on a shared
machine are noisy; read the state counts in ``extra_info`` too.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver.games.black_hole import BlackHole, BlackHoleRules, SearchOptions, search
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Limits, depth_first

GAME = BlackHole(BlackHoleRules())

OPTIONS = {
    "all": SearchOptions(),
    "no-euler": SearchOptions(euler=False),
    "no-dominance": SearchOptions(dominance=False),
    "no-ordering": SearchOptions(ordering=False),
    "no-restarts": SearchOptions(restarts=False),
    "reachability-only": SearchOptions(
        euler=False, dominance=False, ordering=False, restarts=False
    ),
}

# Deal 74 is won after some search (tens of thousands of expansions without
# the improvements), deal 77 is the hardest lost deal of 1..100 and deal 2 is
# won almost at once.
DEALS = [2, 74, 77]


@pytest.mark.parametrize("name", list(OPTIONS))
@pytest.mark.parametrize("number", DEALS)
def test_search(benchmark: Any, number: int, name: str) -> None:
    """The game's own search on one deal."""
    benchmark.group = f"black-hole deal {number}"
    state = GAME.deal(parse_deal_number(number))
    result = benchmark(search, state, Limits(), OPTIONS[name])
    benchmark.extra_info["status"] = result.status.value
    benchmark.extra_info["expanded"] = result.stats.expanded
    assert result.status.value in ("won", "lost")


@pytest.mark.parametrize("number", [2, 77])
def test_generic_depth_first(benchmark: Any, number: int) -> None:
    """The shared core's depth-first search with the game's hooks, for comparison."""
    benchmark.group = f"black-hole deal {number}"
    state = GAME.deal(parse_deal_number(number))
    result = benchmark(depth_first, GAME, state, Limits())
    benchmark.extra_info["status"] = result.status.value
    benchmark.extra_info["expanded"] = result.stats.expanded
