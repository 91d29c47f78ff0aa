"""Cards, their notation, and decks.

A card is a small integer ``suit * 13 + rank`` (rank 0 is the ace, suits in
the order clubs, spades, hearts, diamonds), so that states built from cards
are tuples of ints: cheap to hash and compare. In a two-deck game the deck
number is dropped; the two copies of a card are the same value, which is
what makes them interchangeable in canonical keys.

>>> card_text(parse_card("10d"))
'TD'
>>> rank_of(parse_card("QS")), suit_of(parse_card("QS"))
(11, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NewType

from .errors import BadCardError

Card = NewType("Card", int)
"""A card as ``suit * 13 + rank``; see the module docstring."""

RANKS = "A23456789TJQK"
"""Rank letters, index 0 is the ace."""
SUITS = "CSHD"
"""Suit letters in deck order: clubs, spades, hearts, diamonds."""

CLUBS, SPADES, HEARTS, DIAMONDS = range(4)
ACE, KING = 0, 12

HIDDEN = Card(-2)
"""A card the player cannot see (face down): it prints and parses as ``??``.

What a player sees of a position (:meth:`.games.Game.seen`) has this value in
every place whose card is face down, and position files may write ``??``
there; which card it is, the player knows only as one of the unseen cards."""

HIDDEN_TEXT = "??"

CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK])([CSHD])(?![A-Za-z0-9])")
"""A card's text standing alone in a line of words (``TD``, not inside ``XTDY``): its
rank and its suit as groups 1 and 2."""

_TEXT = [r + s for s in SUITS for r in RANKS]


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 = ace .. 12 = king) and ``suit`` (0..3)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise BadCardError(f"no card has rank {rank} and suit {suit}")
    return Card(suit * 13 + rank)


def rank_of(card: int) -> int:
    """The rank of a card (or card id of any deck), 0 = ace .. 12 = king."""
    return card % 13


def suit_of(card: int) -> int:
    """The suit of a card (or card id of any deck), 0..3 as in :data:`SUITS`."""
    return (card % 52) // 13


def card_text(card: int) -> str:
    """Two-character text of a card (or card id of any deck): ``'TD'``; ``??`` for
    :data:`HIDDEN`."""
    if card == HIDDEN:
        return HIDDEN_TEXT
    return _TEXT[card % 52]


def parse_card(text: str) -> Card:
    """Parse card text such as ``TD``, ``10d`` or ``as``.

    Raises :class:`BadCardError` naming the text when it is not a card.
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise BadCardError(f"not a card: {text!r} (expected rank A23456789TJQK then suit CSHD)")
    return Card(SUITS.index(t[1]) * 13 + RANKS.index(t[0]))


def cards_text(cards: Iterable[int]) -> str:
    """Cards as space-separated text, in the order given."""
    return " ".join(card_text(c) for c in cards)


def parse_cards(text: str, *, hidden: bool = False) -> list[Card]:
    """Parse space-separated card text; the empty string is no cards.

    With ``hidden``, ``??`` is a face-down card (:data:`HIDDEN`); without,
    it is refused like any other text that is not a card.
    """
    out = []
    for t in text.split():
        if t == HIDDEN_TEXT:
            if not hidden:
                raise BadCardError(f"a hidden card {HIDDEN_TEXT} cannot go here (it is face up)")
            out.append(HIDDEN)
        else:
            out.append(parse_card(t))
    return out


def count_text(n: int, noun: str = "card") -> str:
    """``1 card``, ``2 cards``, ``1,000 moves``, ``3 searches``: a count with its noun.

    The one pluraliser of the package: singular for one, else the noun with
    ``es`` after a hissing ending and ``s`` after any other.
    """
    if n == 1:
        return f"{n:,} {noun}"
    return f"{n:,} {noun}es" if noun.endswith(("s", "sh", "ch", "x")) else f"{n:,} {noun}s"


def rank_text(rank: int) -> str:
    """The letter of a rank, ``0 -> 'A'``."""
    return RANKS[rank]


def deck_ids(decks: int = 1) -> list[int]:
    """Card ids before shuffling: ``deck * 52 + suit * 13 + rank``."""
    return list(range(52 * decks))


def as_cards(ids: Sequence[int]) -> list[Card]:
    """Drop the deck number from card ids."""
    return [Card(i % 52) for i in ids]
