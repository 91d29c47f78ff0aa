"""How a position is laid out on a page: the types a game's layout is written in.

A game draws itself as a :class:`Scene`: named :class:`Pile` objects at fixed
places on a board whose units are those below, and the facts a player keeps
an eye on (:meth:`.Game.scene`). A game says where each of its moves starts
and ends on that scene as :class:`MovePlaces`, so that a page can let a
player make the move with clicks (:meth:`.Game.move_places`).

This module holds only these types and sizes. The games import it to lay
themselves out; the pages that draw scenes (:mod:`solitaire_solver.pages.viewer`,
:mod:`solitaire_solver.pages.web`) import it too, and it imports neither, so a game
never depends on a page.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..cards import card_text

# ---------------------------------------------------------------- geometry
#
# Sizes in the units of the page's SVG board. The games' layouts place piles
# with them, and the page's script draws with the same numbers (they go into
# the page's data), so a layout never has to guess how big a card is.

CARD_W = 64
"""Width of a card."""
CARD_H = 90
"""Height of a card."""
FAN_DOWN = 28
"""How much of a card shows below the next one in a pile spread downwards."""
FAN_RIGHT = 18
"""How much of a card shows left of the next one in a pile spread rightwards."""
ROW_GAP = 30
"""Room between rows of a pile laid out in rows (its cards' numbers go there)."""
COL_GAP = 10
"""Room between the cards of a pile laid out in rows."""
LABEL = 22
"""Room above a pile for its label."""
PITCH = CARD_W + 20
"""Distance between neighbouring piles side by side."""
MARGIN = 20
"""Room between the board's edge and the nearest pile."""

STACK, DOWN, RIGHT, ROWS = "stack", "down", "right", "rows"
"""How a pile spreads its face-up cards: only the top one shows (a foundation),
spread downwards or rightwards so that each shows its corner, or in rows of
whole cards (a line of cards where every position matters)."""


def page_geometry() -> dict[str, int]:
    """The sizes the page's script draws with, under the names the page's data gives them."""
    return {
        "w": CARD_W,
        "h": CARD_H,
        "fanDown": FAN_DOWN,
        "fanRight": FAN_RIGHT,
        "rowGap": ROW_GAP,
        "colGap": COL_GAP,
        "margin": MARGIN,
    }


@attrs.frozen
class Pile:
    """A named place on the board and what lies there in one position.

    ``cards`` are the face-up cards, bottom to top, as card text (``"TD"``);
    ``down`` counts face-down cards under them. ``show`` draws only the top
    ``show`` face-up cards (0: all of them). A ``heap`` is a pile whose order
    the state does not record (a pile of discards, say): the page keeps its
    cards in the order they arrived, so its top card is the last one to come.
    ``note`` follows the label (a count, such as ``7/13``); ``hint`` is drawn
    faintly in the empty place (a suit letter, or a rank such as ``K``).
    """

    name: str
    label: str
    x: float
    y: float
    cards: tuple[str, ...] = ()
    down: int = 0
    fan: str = STACK
    show: int = 0
    per_row: int = 13
    numbered: bool = False
    heap: bool = False
    note: str = ""
    hint: str = ""


@attrs.frozen
class Scene:
    """A position as the page draws it.

    ``piles`` at fixed places (the same names and places in every position
    of a game), ``facts`` as (label, value) pairs that stay in view (stock
    and waste sizes, foundations, redeals), and ``text``: a text picture for
    a game that has no layout of its own (then ``piles`` is empty).
    """

    piles: tuple[Pile, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    text: str = ""


def card_texts(cards: Sequence[int]) -> tuple[str, ...]:
    """The text of each card (``"TD"``), as a pile holds them."""
    return tuple(card_text(c) for c in cards)


# ---------------------------------------------------------------- where a move goes
#
# The page that plays in the browser (solitaire_solver.pages.web) lets a player
# click a card and then its place: it needs, for each legal move, the pile
# (and for a line, the card) it starts from and the one it ends on, named as
# the game's scene names them. A game reads them off the move's notation and
# the position, so the rules stay with the game: which moves are legal comes
# from its legal_moves alone.

Place = tuple[str, "int | None"]
"""A place a click names: a pile by name, and a card of it by its index among the pile's
face-up cards (``None``: anywhere on the pile)."""


@attrs.frozen
class MovePlaces:
    """Where a player clicks to make a move: on ``source``, then on ``target``.

    A move with no target (dealing from the stock, say) is made by a click on
    its source alone.
    """

    source: Place
    target: Place | None = None
