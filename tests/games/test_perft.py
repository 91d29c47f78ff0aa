"""Move-generation counts ("perft"): how many move sequences of each length every preset allows.

A perft number is the count of distinct sequences of ``depth`` legal moves
from a deal's start, found by plain enumeration over the rules
(``legal_moves`` and ``apply``), with no search, key or pruning involved.
The tables below pin those counts for three fixed deals of every preset, so
that a change to any move generator shows up here at once, before it can
shift a verdict table. A change that is meant (a rule fixed, a move added)
updates the table in the same commit, with the reason in its message.

Black Hole's counts are also checked against an enumeration written here
from its rule alone (a pile's top card goes to the hole when its rank is
one above or below the hole's top, king and ace adjacent), independent of
the game module's move generator.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver import make_game
from solitaire_solver.cards import rank_of
from solitaire_solver.numbering import parse_deal_number

PERFT: dict[str, dict[int, list[int]]] = {
    "decade": {
        1: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        2: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
        3: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    },
    "decade-optional": {
        1: [1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 10],
        2: [4, 7, 10, 13, 16, 19, 22, 25, 29, 64, 140, 304],
        3: [1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 7, 19],
    },
    "eagle-wing": {
        1: [3, 7, 13, 21, 31, 43, 57, 73, 91, 111, 133, 157],
        2: [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        3: [2, 3, 4, 5, 10, 11, 13, 22, 28, 31, 45, 64],
    },
    "eagle-wing-coops": {
        1: [5, 20, 64, 167, 372, 750, 1468, 2913, 6278],
        2: [2, 5, 10, 23, 45, 91, 151, 253, 342, 511, 774, 1032],
        3: [3, 7, 13, 21, 36, 84, 157, 290, 436, 653, 893, 1204],
    },
    "windmill": {
        1: [13, 97, 397, 1057, 2221, 4033, 6637],
        2: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        3: [6, 24, 92, 523, 2906, 14556],
    },
    "windmill-reversed": {
        1: [1, 5, 5, 5, 5, 5, 5, 5, 5, 6, 12, 21],
        2: [2, 5, 11, 19, 42, 80, 161, 348, 806, 1787, 3609, 6581],
        3: [2, 5, 12, 31, 108, 431, 1534, 5139, 16948],
    },
    "black-hole": {
        1: [2, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        2: [3, 9, 12, 30, 20, 41, 33, 91, 68, 303, 627, 1869],
        3: [3, 11, 30, 132, 282, 1122, 2246, 7864],
    },
}
"""Preset, then deal number, then the perft counts at depths 1, 2, 3, ..."""


def perft(game: Any, state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal moves from ``state``."""
    if depth == 0:
        return 1
    return sum(perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


def test_every_preset_has_a_table() -> None:
    from solitaire_solver.games import PRESETS

    assert sorted(PERFT) == sorted(PRESETS)


@pytest.mark.parametrize(
    ("preset", "deal"), [(preset, deal) for preset in PERFT for deal in PERFT[preset]]
)
def test_move_generation_counts_are_pinned(preset: str, deal: int) -> None:
    game = make_game(preset)
    start = game.deal(parse_deal_number(str(deal)))
    counts = [perft(game, start, depth) for depth in range(1, len(PERFT[preset][deal]) + 1)]
    assert counts == PERFT[preset][deal]


def _black_hole_perft(piles: tuple[tuple[int, ...], ...], hole_rank: int, depth: int) -> int:
    """Black Hole's perft from its rule alone: ranks 0..12, a top within one of the hole."""
    if depth == 0:
        return 1
    total = 0
    for i, pile in enumerate(piles):
        if pile and (pile[-1] - hole_rank) % 13 in (1, 12):
            rest = (*piles[:i], pile[:-1], *piles[i + 1 :])
            total += _black_hole_perft(rest, pile[-1], depth - 1)
    return total


@pytest.mark.parametrize("deal", sorted(PERFT["black-hole"]))
def test_black_hole_counts_match_an_enumeration_from_the_rule(deal: int) -> None:
    state = make_game("black-hole").deal(parse_deal_number(str(deal)))
    piles = tuple(tuple(rank_of(card) for card in pile) for pile in state.piles)
    hole = rank_of(state.hole[-1])
    depths = range(1, len(PERFT["black-hole"][deal]) + 1)
    assert [_black_hole_perft(piles, hole, d) for d in depths] == PERFT["black-hole"][deal]
