"""A simple greedy player: the yardstick the difficulty figure is checked against.

The player looks one move ahead and no further: in every position it plays
the first legal move in a fixed order of preference, and never a move back
into a position it has already been in (without that rule a player who may
move cards between wings would go round in circles). It knows nothing the
solver knows; it wins a deal or gets stuck. Across the deals of a preset the
ones the solver's difficulty figure calls hard should be the ones this player
wins less often (``tests/advice/test_difficulty.py``,
``benchmarks/tables/difficulty_vs_greedy.py``).

Preferences, the same for every deal of a game (each game's
:meth:`~solitaire_solver.games.Game.greedy_order`):

- Decade: the leftmost run (the shortest one there), else deal.
- Eagle Wing: a card home (waste, trunk, wings 1 to 8 in that order), then
  any other move in the order the game lists them (the waste's card, the
  trunk's card, then each wing's card onto a wing), then deal, then redeal.
- Black Hole: the top card of the lowest-numbered pile that can go.
- Windmill: the moves in the order the game lists them.
"""

from __future__ import annotations

from typing import Any

from solitaire_solver.games import Game
from solitaire_solver.numbering import parse_deal_number

MAX_MOVES = 2000
"""A bound no real game reaches: a safety net, should a game list moves that cycle."""


def greedy_wins(game: Game[Any, Any], deal: int | str) -> bool:
    """Whether the greedy player wins ``deal`` of ``game``."""
    state = game.deal(parse_deal_number(deal))
    seen = {game.key(state)}
    for _ in range(MAX_MOVES):
        if game.is_won(state):
            return True
        moves = game.greedy_order(state, game.legal_moves(state))
        for move in moves:
            child = game.apply(state, move)
            k = game.key(child)
            if k not in seen:
                seen.add(k)
                state = child
                break
        else:
            return False
    return False
