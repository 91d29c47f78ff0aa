"""Eagle Wing positions for tests and benchmarks: the presets, hand-made
positions from labelled lines, and positions part way into random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from solitaire_solver.games import make_game
from solitaire_solver.games.eagle_wing import EagleWing, EagleWingState
from solitaire_solver.games.fields import Field, FieldReader
from solitaire_solver.numbering import parse_deal_number

STRICT = "eagle-wing"
COOPS = "eagle-wing-coops"


def game_of(preset: str = STRICT, **rules: Any) -> EagleWing:
    """An Eagle Wing preset with ``rules`` changed."""
    game = make_game(preset, rules)
    assert isinstance(game, EagleWing)
    return game


def dealt(game: EagleWing, number: int) -> EagleWingState:
    """The start of deal ``number``."""
    return game.deal(parse_deal_number(number))


def read(game: EagleWing, lines: list[tuple[str, str]], path: str = "p.txt") -> EagleWingState:
    """A position from labelled lines, as the file reader hands them over."""
    fields = [Field(label, text, i + 1) for i, (label, text) in enumerate(lines)]
    return game.parse_position(FieldReader(fields, path, game.preset, len(lines) + 1))


def position(game: EagleWing, **lines: str) -> EagleWingState:
    """A position from keyword lines (``redeals_used`` for ``redeals used``)."""
    return read(game, [(k.replace("_", " "), v) for k, v in lines.items()])


def hand_made(
    *,
    base: str,
    foundations: str,
    wings: str,
    trunk: str = "",
    waste: str = "",
    stock: str = "",
    redeals_used: str = "0",
) -> dict[str, str]:
    """The keyword lines of a hand-made position for :func:`position`, every label written
    out in the order of a position file: the trunk, waste and stock empty and no redeal
    used unless given."""
    return dict(
        base=base,
        foundations=foundations,
        trunk=trunk,
        wings=wings,
        waste=waste,
        stock=stock,
        redeals_used=redeals_used,
    )


# Every foundation starts at 6 and waits for its 2. 3C, 5C, 2C is the whole
# stock and no redeal is left: 2C goes home and 5C then covers 3C, unless 3C
# was built on 4C, which waits on wing 0. The trunk keeps every wing full (no
# parking); once clubs are home, wing moves and the trunk finish the game.
BUILD = hand_made(
    base="6",
    foundations="AC AS AH AD",
    trunk="2D 2H 2S 5D 4D",
    wings="4C, 3S, 4S, 5S, 3H, 4H, 5H, 3D",
    stock="3C 5C 2C",
    redeals_used="2",
)
"""A position the coops rules win only by building on a wing, and the strict rules lose."""


def played(game: EagleWing, number: int, moves: int, seed: int) -> EagleWingState:
    """The position after ``moves`` random legal moves from deal ``number`` (or fewer)."""
    rng = random.Random(seed * 100_003 + number)
    state = dealt(game, number)
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal or game.is_won(state):
            break
        state = game.apply(state, rng.choice(legal))
    return state


def lines(
    game: EagleWing, numbers: range, lengths: tuple[int, ...], seed: int = 1
) -> Iterator[tuple[str, EagleWingState]]:
    """Positions part way into random games: the model starts anywhere, not only at a deal."""
    for number in numbers:
        for moves in lengths:
            yield f"{game.preset} deal {number} after {moves}", played(game, number, moves, seed)
