"""Each game's move type: ``parse`` reads the notation that ``str`` writes.

Every legal move met along random lines of play of every preset is written
with ``str`` and read back with the move type's ``parse`` (and the game's
``parse_move``, which goes through it): the same move must come back. Text
that is no move is refused with :class:`BadMoveError`, naming the game.
"""

from __future__ import annotations

import random

import pytest

from solitaire_solver.errors import BadMoveError
from solitaire_solver.games import PRESETS, make_game
from solitaire_solver.numbering import parse_deal_number


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_legal_move_reads_back_from_its_notation(preset: str) -> None:
    game = make_game(preset)
    move_type = type(game).move_type
    seen = 0
    for number in range(1, 6):
        rng = random.Random(number)
        state = game.deal(parse_deal_number(number))
        for _ in range(60):
            moves = game.legal_moves(state)
            if not moves:
                break
            for move in moves:
                assert isinstance(move, move_type)
                text = str(move)
                assert move_type.parse(text) == move, text
                assert game.parse_move(text) == move, text
                # Case and the spaces around it are the reader's to forgive.
                assert move_type.parse(f" {text.upper()} ") == move, text
                seen += 1
            state = game.apply(state, rng.choice(moves))
    assert seen > 50


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("text", ["", "zz", "p99>q", "x0-0", "99f"])
def test_text_that_is_no_move_is_refused_with_the_game_named(preset: str, text: str) -> None:
    game = make_game(preset)
    with pytest.raises(BadMoveError, match=f"bad {game.name} move"):
        type(game).move_type.parse(text)
