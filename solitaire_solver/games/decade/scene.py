"""How a page draws Decade: the stock and the discards on top, the line in rows below.

:func:`scene` lays a position out for the pages of :mod:`solitaire_solver.pages.viewer`
and :mod:`solitaire_solver.pages.web`, and :func:`move_places` says where a move
starts and ends on it; :class:`~.game.Decade` answers with them. Both read
only the public fields of the position.
"""

from __future__ import annotations

from ...cards import HIDDEN, card_text, count_text
from ..scene import (
    CARD_H,
    LABEL,
    MARGIN,
    PITCH,
    RIGHT,
    ROW_GAP,
    ROWS,
    MovePlaces,
    Pile,
    Scene,
    card_texts,
)
from .rules import DecadeMove, DecadeState


def scene(state: DecadeState) -> Scene:
    """The stock and the discards on top, the line in rows of 13 below.

    The discarded cards are the dealt ones no longer in the line (so a
    masked position, whose stock holds placeholders, discards none of
    them); the state keeps no order among them, so they form a heap. The
    stock is drawn as backs, and its next card named only when it is face
    up.
    """
    line, rest = state.line, state.remaining
    kept = set(line)
    gone = sorted(c for c in state.stock[: state.dealt] if c not in kept)
    top = MARGIN + LABEL
    piles = (
        Pile("stock", "stock", MARGIN, top, down=len(rest), note=str(len(rest))),
        Pile(
            "discarded",
            "discarded",
            MARGIN + PITCH + 20,
            top,
            card_texts(gone),
            fan=RIGHT,
            show=10,
            heap=True,
            note=str(len(gone)),
        ),
        Pile(
            "line",
            "line",
            MARGIN,
            top + CARD_H + LABEL + ROW_GAP,
            card_texts(line),
            fan=ROWS,
            per_row=13,
            numbered=True,
            note=count_text(len(line)),
        ),
    )
    facts = [
        ("stock", count_text(len(rest))),
        ("line", count_text(len(line))),
        ("discarded", count_text(len(gone))),
    ]
    if rest and rest[0] != HIDDEN:
        facts.append(("next to deal", card_text(rest[0])))
    return Scene(piles, tuple(facts))


def move_places(state: DecadeState, move: DecadeMove) -> MovePlaces:
    """A click on the stock deals; a run is picked by its first card, then its last."""
    if move.is_deal:
        return MovePlaces(("stock", None))
    return MovePlaces(("line", move.start), ("line", move.start + move.length - 1))
