"""Deal numbers: the same numbered deals that PySolFC shows.

A deal number below 32000 (or any number written ``ms<N>``) uses the
Microsoft-compatible linear congruential generator; larger numbers use
Python's Mersenne Twister seeded with the number. Both shuffle with the same
Fisher-Yates loop. See RULES.md, "Deal numbers".

>>> parse_deal_number("#123,456")
DealNumber(value=123456, microsoft=False)
>>> from solitaire_solver.cards import card_text
>>> card_text(shuffled_talon(1, decks=1)[-1])  # the top card of deal 1
'JD'
"""

from __future__ import annotations

import random
import re

import attrs

from .errors import BadDealNumberError

MT_THRESHOLD = 32000
"""Plain deal numbers from here up use the Mersenne Twister generator."""
MS_MAX = 0x1FFFFFFFF
"""The largest number the Microsoft-compatible generator accepts."""

_STRIP = re.compile(r"[\s#\-_.,]")


@attrs.frozen
class DealNumber:
    """A parsed deal number: its value and which generator it selects."""

    value: int
    microsoft: bool

    def __str__(self) -> str:
        if self.microsoft == (self.value < MT_THRESHOLD):
            return str(self.value)
        return f"ms{self.value}"


def parse_deal_number(text: str | int | DealNumber) -> DealNumber:
    """Parse a deal number as a user types it (``123456``, ``#12-345``, ``ms40000``).

    Raises :class:`BadDealNumberError` with the text for anything that is not
    a positive whole number in range.
    """
    if isinstance(text, DealNumber):
        return text
    if isinstance(text, bool):
        raise BadDealNumberError(f"bad deal number {text!r}")
    if isinstance(text, int):
        raw, microsoft_forced = str(text), False
        digits = raw
    else:
        raw = str(text)
        t = raw.strip()
        microsoft_forced = t[:2].lower() == "ms"
        if t.startswith("-"):
            # A leading minus reads as a negative number, not as a separator.
            raise BadDealNumberError(f"bad deal number {raw!r}: deal numbers start at 1")
        digits = _STRIP.sub("", t[2:] if microsoft_forced else t)
    if not digits or not digits.lstrip("-").isdigit() or not digits.isascii():
        raise BadDealNumberError(f"bad deal number {raw!r}: expected a whole number such as 123456")
    value = int(digits)
    if value <= 0:
        raise BadDealNumberError(f"bad deal number {raw!r}: deal numbers start at 1")
    microsoft = microsoft_forced or value < MT_THRESHOLD
    if microsoft and value > MS_MAX:
        raise BadDealNumberError(
            f"bad deal number {raw!r}: the Microsoft generator takes at most {MS_MAX}"
        )
    return DealNumber(value, microsoft)


class _MicrosoftRandom:
    """The Microsoft-compatible generator as PySolFC extends it to 33 bits."""

    def __init__(self, seed: int) -> None:
        self.high = seed >= 1 << 32
        self.wide = seed >= 1 << 31
        self.x = seed - (1 << 32) if self.high else seed

    def randint(self, k: int) -> int:
        """A number from 0 to ``k`` inclusive."""
        self.x = (self.x * 214013 + 2531011) & MS_MAX
        if self.high:
            r = ((self.x >> 16) & 0xFFFF) + 1
        else:
            r = (self.x >> 16) & 0x7FFF
            if self.wide:
                r |= 0x8000
        return r % (k + 1)


class _TwisterRandom:
    """Python's Mersenne Twister, drawing as PySolFC's ``randint`` does."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def randint(self, k: int) -> int:
        """A number from 0 to ``k`` inclusive."""
        return int(self.rng.random() * (k + 1))


_MS_ORDER = tuple(i + off for i in range(13) for off in (0, 39, 26, 13))
"""A single deck as the Microsoft deals order it before shuffling: by rank first."""


def shuffled_talon(number: str | int | DealNumber, decks: int = 1) -> list[int]:
    """The face-down talon of a deal as card ids; the LAST element is the top card.

    Card ids are ``deck * 52 + suit * 13 + rank`` (see :mod:`solitaire_solver.cards`).
    """
    deal = parse_deal_number(number)
    if deal.microsoft and deal.value < 1 << 31:
        # The common case, numbers below 32000, in one loop: dealing is part of
        # the cost of every solved deal, and the generator objects' method
        # calls were a third of it. Same arithmetic as _MicrosoftRandom.
        cards = list(_MS_ORDER) if decks == 1 else list(range(52 * decks))
        x = deal.value
        for k in range(len(cards) - 1, 0, -1):
            x = (x * 214013 + 2531011) & MS_MAX
            j = ((x >> 16) & 0x7FFF) % (k + 1)
            cards[k], cards[j] = cards[j], cards[k]
        return cards
    cards = list(range(52 * decks))
    rng: _MicrosoftRandom | _TwisterRandom
    if deal.microsoft:
        if decks == 1:
            cards = list(_MS_ORDER)
        rng = _MicrosoftRandom(deal.value)
    else:
        rng = _TwisterRandom(deal.value)
    for k in range(len(cards) - 1, 0, -1):
        j = rng.randint(k)
        cards[k], cards[j] = cards[j], cards[k]
    return cards
