"""Timings of the exact fair values (the expectimax over what a player sees) (pytest-benchmark).

    PYTHONPATH=. nice python -m pytest benchmarks/bench/bench_fair.py --benchmark-only

Late positions of ``eagle-wing-coops`` winning lines with at most 5 cards
hidden, worked out with the leaves' solves sharing one memo of lost
positions (``memo_spans_deals``, the game's setting) and each on its own;
and with a move's outcomes found from the places it shows
(``blind_moves``, the game's setting) and from every arrangement. And late
positions of ``windmill`` winning lines with at most 5 cards hidden, whose
leaves are Windmill's two-deck positions (their ``seen`` and keys).
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver.advice.fair import exact_values
from solitaire_solver.games import make_game
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits
from tests.helpers import few_hidden

DEALS = (1, 5, 8)


@pytest.mark.parametrize("blind", [True, False], ids=["shown places", "every arrangement"])
@pytest.mark.parametrize("shared", [True, False], ids=["one memo", "a memo a leaf"])
def test_coops_exact_values(
    benchmark: Any, monkeypatch: pytest.MonkeyPatch, shared: bool, blind: bool
) -> None:
    """The exact values of one late position of each of :data:`DEALS`."""
    game = make_game("eagle-wing-coops")
    monkeypatch.setattr(type(game), "memo_spans_deals", shared)
    monkeypatch.setattr(type(game), "blind_moves", blind)
    positions = [few_hidden("eagle-wing-coops", n, 5) for n in DEALS]

    def run() -> int:
        nodes = 0
        for seen in positions:
            assert seen is not None
            got = exact_values(game, seen)
            nodes += got[1] if got is not None else 0
        return nodes

    assert benchmark(run) > 0


WINDMILL_DEALS = (516, 518, 522)


def test_windmill_exact_values(benchmark: Any) -> None:
    """The exact values of one late position of each of :data:`WINDMILL_DEALS`, each leaf
    solved under the fair player's limits of Windmill's tables (1,000,000 states)."""
    game = make_game("windmill")
    positions = [few_hidden("windmill", n, 5) for n in WINDMILL_DEALS]

    def run() -> int:
        nodes = 0
        for seen in positions:
            assert seen is not None
            got = exact_values(
                game, seen, request=SolveRequest.samples(game, Limits(max_states=1_000_000))
            )
            nodes += got[1] if got is not None else 0
        return nodes

    assert benchmark(run) > 0
