"""How a page draws Eagle Wing: foundations, waste and stock on top; wings and trunk below.

:func:`scene` lays a position out for the pages of :mod:`solitaire_solver.pages.viewer`
and :mod:`solitaire_solver.pages.web`, and :func:`move_places` says where a move
starts and ends on it; :class:`~.game.EagleWing` answers with them. Both read
only the public fields of the position and the rules.
"""

from __future__ import annotations

from ...cards import RANKS, SUITS, count_text, suit_of
from ..scene import (
    CARD_H,
    DOWN,
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
from .rules import EagleWingMove, EagleWingRules, EagleWingState

_SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")


def scene(rules: EagleWingRules, state: EagleWingState, *, turned_over: bool = False) -> Scene:
    """Foundations, waste and stock on top; wings 1-4, trunk, wings 5-8 below.

    The trunk is face down but for its last card, which is face up. ``turned_over``
    shows a trunk of more cards turned over (the end of a game): its place empty, and its
    cards face up in a pile of their own below it, spread downwards, the next one to come
    last.
    """
    top = MARGIN + LABEL
    piles: list[Pile] = []
    base = state.base
    for suit, count in enumerate(state.foundations):
        cards = [suit * 13 + (base + i) % 13 for i in range(count)]
        piles.append(
            Pile(
                f"foundation{suit}",
                _SUIT_NAMES[suit],
                # Wider apart than the wings: the labels with counts are longer.
                MARGIN + suit * (PITCH + 14),
                top,
                card_texts(cards),
                note=f"{count}/13",
                hint=SUITS[suit],
            )
        )
    waste, stock = state.waste, state.stock
    piles.append(
        Pile(
            "waste",
            "waste",
            MARGIN + 6 * PITCH - 2 * FAN_RIGHT,
            top,
            card_texts(waste),
            fan=RIGHT,
            show=3,
            note=str(len(waste)),
        )
    )
    piles.append(
        Pile("stock", "stock", MARGIN + 8 * PITCH, top, down=len(stock), note=str(len(stock)))
    )
    row = top + CARD_H + LABEL + 20
    for i, wing in enumerate(state.wings):
        column = i if i < 4 else i + 1  # the trunk stands between the two wings
        piles.append(
            # People count wings from 1, as the moves' notation does.
            Pile(
                f"wing{i + 1}",
                f"wing {i + 1}",
                MARGIN + column * PITCH,
                row,
                card_texts(wing),
                fan=DOWN,
            )
        )
    trunk = state.trunk
    if len(trunk) == 1:
        piles.append(Pile("trunk", "trunk", MARGIN + 4 * PITCH, row, card_texts(trunk), note="1"))
    elif turned_over and trunk:
        piles.append(Pile("trunk", "trunk", MARGIN + 4 * PITCH, row, note="0"))
        piles.append(
            Pile(
                "trunk-shown",
                "turned up",
                MARGIN + 4 * PITCH,
                row + CARD_H + LABEL + 12,
                card_texts(trunk),
                fan=DOWN,
                note=str(len(trunk)),
            )
        )
    else:
        piles.append(
            Pile("trunk", "trunk", MARGIN + 4 * PITCH, row, down=len(trunk), note=str(len(trunk)))
        )
    home = sum(state.foundations)
    trunk_text = count_text(len(trunk)) + (", the last one face up" if len(trunk) == 1 else "")
    if turned_over and len(trunk) > 1:
        trunk_text += ", turned over"
    facts = (
        ("foundations", f"{home} of 52 (from {RANKS[base]})"),
        ("trunk", trunk_text),
        ("waste", count_text(len(waste))),
        ("stock", count_text(len(stock))),
        ("redeals used", f"{state.redeals_used} of {rules.redeals}"),
    )
    return Scene(tuple(piles), facts)


def move_places(state: EagleWingState, move: EagleWingMove) -> MovePlaces:
    """The stock deals or redeals; otherwise a wing, the waste or the trunk, then a wing or
    the foundation of the card's suit."""
    text = str(move)
    if move.is_deal or move.is_redeal:
        return MovePlaces(("stock", None))
    # The notation is the source then the target: w, t or a wing 1-8; f or a wing 1-8.
    source, target = text[0], text[1]
    names = {"w": "waste", "t": "trunk"}
    if source in names:
        card = state.waste[-1] if source == "w" else state.trunk[-1]
        name = names[source]
    else:
        card = state.wings[int(source) - 1][-1]
        name = f"wing{source}"
    to = f"foundation{suit_of(card)}" if target == "f" else f"wing{target}"
    return MovePlaces((name, None), (to, None))
