"""How a page draws Windmill: the primary in the middle of a cross of reserve cells.

:func:`scene` lays a position out for the pages of :mod:`solitaire_solver.pages.viewer`
and :mod:`solitaire_solver.pages.web`, and :func:`move_places` says where a move
starts and ends on it; :class:`~.game.Windmill` answers with them. Both read
only the public fields of the position and the rules.
"""

from __future__ import annotations

from ...cards import count_text
from ..scene import CARD_H, LABEL, MARGIN, PITCH, RIGHT, MovePlaces, Pile, Scene, card_texts
from .rules import WindmillMove, WindmillRules, WindmillState

# The windmill's sails on a grid of five by five places: reserve cells 1-8 as
# the four arms of a cross around the primary foundation (the arms clockwise
# from the top, each numbered from the centre out), the secondaries in the
# angles between the arms, the stock and the waste in the top corners.
_RESERVE_CELLS = ((2, 1), (2, 0), (3, 2), (4, 2), (2, 3), (2, 4), (1, 2), (0, 2))
_SECONDARY_CELLS = ((1, 1), (3, 1), (3, 3), (1, 3))
_WINDMILL_PITCH = PITCH + 24


def scene(rules: WindmillRules, state: WindmillState) -> Scene:
    """The primary in the middle of a cross of reserve cells; stock and waste beside.

    Cells hold a card, or a number below 0 for a gap.
    """
    step_y = CARD_H + LABEL + 8

    def at(col: int, row: int) -> tuple[float, float]:
        return MARGIN + col * _WINDMILL_PITCH, MARGIN + LABEL + row * step_y

    primary = state.primary
    piles: list[Pile] = [
        Pile("primary", "primary", *at(2, 2), card_texts(primary), note=f"{len(primary)}/52")
    ]
    for i, pile in enumerate(state.secondaries):
        piles.append(
            Pile(
                f"s{i + 1}",
                f"s{i + 1}",
                *at(*_SECONDARY_CELLS[i]),
                card_texts(pile),
                note=f"{len(pile)}/13",
            )
        )
    for i, card in enumerate(state.reserve):
        cards = card_texts([card]) if card >= 0 else ()
        piles.append(Pile(f"r{i + 1}", f"r{i + 1}", *at(*_RESERVE_CELLS[i]), cards))
    waste, stock = state.waste_cards, state.stock
    piles.append(Pile("stock", "stock", *at(0, 0), down=len(stock), note=str(len(stock))))
    piles.append(
        Pile(
            "waste", "waste", *at(3, 0), card_texts(waste), fan=RIGHT, show=4, note=str(len(waste))
        )
    )
    second = sum(len(p) for p in state.secondaries)
    facts = [
        ("primary", f"{len(primary)} of 52"),
        ("secondaries", f"{second} of 52"),
        ("waste", count_text(len(waste))),
        ("stock", count_text(len(stock))),
        ("redeals used", f"{state.redeals_used} of {rules.redeals}"),
    ]
    if state.flag:
        facts.append(("primary", "its next card must come from the waste or the reserve"))
    return Scene(tuple(piles), tuple(facts))


def move_places(state: WindmillState, move: WindmillMove) -> MovePlaces:
    """The stock deals or redeals; otherwise a place, then a foundation (the notation ``r3>p``
    names both, as :func:`scene` names its piles)."""
    text = str(move)
    if ">" not in text:
        return MovePlaces(("stock", None))
    names = {"p": "primary", "w": "waste"}
    source, target = (names.get(t, t) for t in text.split(">"))
    return MovePlaces((source, None), (target, None))
