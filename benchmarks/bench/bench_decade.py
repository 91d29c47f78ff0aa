"""Solving fixed sets of Decade deals, per preset (dealing included).

Run: ``pytest benchmarks/bench/bench_decade.py --benchmark-only``.
The full goal runs (10,000 and 2,000 deals) are ``benchmarks/games/run_decade.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver import Limits, make_game
from solitaire_solver.request import SolveRequest

DEALS = {"decade": range(1, 1001), "decade-optional": range(1, 101)}
"""The fixed deal numbers of each preset."""


def solve_range(preset: str) -> int:
    """Deal and solve every deal of the preset's set; the number won."""
    game = make_game(preset)
    limits = Limits()
    return sum(game.solve(game.deal(n), SolveRequest.of(game, limits)).won for n in DEALS[preset])


@pytest.mark.parametrize("preset", sorted(DEALS))
def test_solve_fixed_deals(benchmark: Any, preset: str) -> None:
    won = benchmark.pedantic(solve_range, args=(preset,), rounds=3, warmup_rounds=1)
    # Both verdicts occur in each set, so neither path is left out of the timing.
    assert 0 < won < len(DEALS[preset])
