"""What a player sees of a position: the cards face up and those still unseen."""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

from ..cards import Card

S = TypeVar("S")


@attrs.frozen
class Seen(Generic[S]):
    """What a player sees of a position: the cards face up, and which cards are unseen.

    ``state`` is the position with :data:`~solitaire_solver.cards.HIDDEN` in
    every place whose card the player has not seen (face-down cards), and
    ``unseen`` those cards, sorted: all the player knows of them is that they
    fill the hidden places in some order, every order as likely as any other
    (a shuffled deck). Two positions that differ only in their hidden cards
    look the same. A game with no face-down cards has none hidden.
    """

    state: S
    unseen: tuple[Card, ...] = ()

    @property
    def hidden(self) -> int:
        """How many cards the player cannot see."""
        return len(self.unseen)


class Unsettled(Exception):
    """A fair value that an upper bound's W needs could not be worked out under the limits
    (:mod:`~solitaire_solver.advice.bounds`)."""
