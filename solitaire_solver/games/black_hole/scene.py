"""How a page draws Black Hole: piles 1-9 in a row, the hole below them, piles 10-17 below it.

:func:`scene` lays a position out for the pages of :mod:`solitaire_solver.pages.viewer`
and :mod:`solitaire_solver.pages.web`, and :func:`move_places` says where a move
starts and ends on it; :class:`~.black_hole.BlackHole` answers with them. Both
read only the public fields of the position. It belongs to the game as much
as :mod:`.black_hole` does: were Black Hole to become a package, this module
would be its ``scene.py``.
"""

from __future__ import annotations

from ...cards import RANKS, rank_of
from ..scene import (
    CARD_H,
    DOWN,
    FAN_DOWN,
    FAN_RIGHT,
    LABEL,
    MARGIN,
    PITCH,
    RIGHT,
    MovePlaces,
    Pile,
    Scene,
    card_texts,
)
from .rules import BlackHoleMove, BlackHoleState


def scene(state: BlackHoleState) -> Scene:
    """Piles 1-9 in a row, the hole below them, piles 10-17 at the bottom."""
    piles: list[Pile] = []
    top = MARGIN + LABEL
    # Room for a pile of three spread downwards, and for a single card.
    middle = top + CARD_H + 2 * FAN_DOWN + LABEL + 16
    bottom = middle + CARD_H + LABEL + 16
    for i, pile in enumerate(state.piles):
        if i < 9:
            x, y = MARGIN + i * PITCH, top
        else:  # the bottom row of eight sits between the top row's piles
            x, y = MARGIN + PITCH // 2 + (i - 9) * PITCH, bottom
        # People count piles from 1, as the moves' notation does.
        piles.append(Pile(f"pile{i + 1}", f"pile {i + 1}", x, y, card_texts(pile), fan=DOWN))
    hole = state.hole
    piles.append(
        Pile(
            "hole",
            "hole",
            MARGIN + 4 * PITCH - 2 * FAN_RIGHT,
            middle,
            card_texts(hole),
            fan=RIGHT,
            show=5,
            note=f"{len(hole)}/52",
        )
    )
    rank = rank_of(state.hole[-1])
    takes = f"{RANKS[(rank + 12) % 13]} or {RANKS[(rank + 1) % 13]}"
    left = sum(len(p) for p in state.piles)
    facts = [("hole", f"{len(hole)} of 52"), ("cards left", str(left))]
    if left:
        facts.append(("the hole takes", takes))
    return Scene(tuple(piles), tuple(facts))


def move_places(state: BlackHoleState, move: BlackHoleMove) -> MovePlaces:
    """A pile's top card, then the hole."""
    return MovePlaces((f"pile{move.pile + 1}", None), ("hole", None))
