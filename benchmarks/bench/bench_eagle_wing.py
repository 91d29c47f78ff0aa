"""Timings of the Eagle Wing search on fixed deals (pytest-benchmark).

    PYTHONPATH=. nice python -m pytest benchmarks/bench/bench_eagle_wing.py --benchmark-only

The strict preset solves a block of deals per round, since one deal takes
well under a millisecond; the Coops preset solves single deals chosen for a
quick win and two losses among the first twenty.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits, Status

STRICT_DEALS = range(1, 51)
COOPS_DEALS = {1: Status.WON, 10: Status.LOST, 16: Status.LOST}


def test_strict_fifty_deals(benchmark: Any) -> None:
    """Deals 1..50 of ``eagle-wing``, dealing included."""
    game = make_game("eagle-wing")

    def run() -> int:
        won = 0
        for number in STRICT_DEALS:
            won += game.solve(game.deal(parse_deal_number(number)), SolveRequest.of(game)).won
        return won

    assert benchmark(run) > 0


@pytest.mark.parametrize("number", list(COOPS_DEALS))
def test_coops_deal(benchmark: Any, number: int) -> None:
    """One deal of ``eagle-wing-coops``."""
    game = make_game("eagle-wing-coops")
    start = game.deal(parse_deal_number(number))
    result = benchmark(game.solve, start, Limits())
    assert result.status is COOPS_DEALS[number]
