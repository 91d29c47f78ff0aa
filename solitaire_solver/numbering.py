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
MT_MAX = 10**20
"""The largest plain deal number: PySolFC's ``MAX_SEED``, the top of its game numbers.

RULES.md sets no upper end for Mersenne Twister numbers and Python's
generator takes any number, but a deal above PySolFC's range is one nobody
playing there can be dealt: a longer number is a typing mistake, refused.
"""

_PLAIN = re.compile(r"[0-9]+")
_GROUPED = re.compile(r"[0-9]{1,3}(?:([,_. ])[0-9]{3})(?:\1[0-9]{3})*")
"""Digits in threes after a first group of one to three, with one kind of separator."""
_SEPARATORS = ",_. "


@attrs.frozen
class DealNumber:
    """A parsed deal number: its value and which generator it selects."""

    value: int
    microsoft: bool

    def __str__(self) -> str:
        if self.microsoft == (self.value < MT_THRESHOLD):
            return str(self.value)
        return f"ms{self.value}"


def _digits_problem(body: str) -> str:
    """Why ``body`` (the text after any ``#``) is not digits grouped as RULES.md allows."""
    if "-" in body:
        return "'-' is not part of a deal number (a range such as 1-5 is for stats --deals)"
    if any(c not in _SEPARATORS and not ("0" <= c <= "9") for c in body):
        return "expected digits, optionally grouped in threes as in 123,456 or 1 234 567"
    if body[0] in _SEPARATORS:
        return f"starts with {body[0]!r}: expected a digit"
    if body[-1] in _SEPARATORS:
        return f"ends with {body[-1]!r}: expected a digit"
    if len({c for c in body if c in _SEPARATORS}) > 1:
        return "digits may be grouped by only one kind of separator, as in 123,456 or 123_456"
    return "digits are grouped in groups of three after the first, as in 1,234,567"


def _whole(digits: str) -> int:
    """The value of a run of digits, capped just above every range so that no length fails.

    ``int`` refuses text of more than 4,300 digits with a plain ValueError;
    any number that long is out of range, and the range check says so.
    """
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 22 else 10**22


def _value_of(raw: str) -> tuple[int, bool]:
    """The value of deal number text and whether it forces the Microsoft generator.

    PySolFC strips any of ``# - _ . ,`` and spaces anywhere in the text, so
    that ``1-5`` is deal 15 and ``1.0`` deal 10; this accepts only what
    RULES.md lists and says why anything else is refused.
    """

    def bad(why: str) -> BadDealNumberError:
        return BadDealNumberError(f"bad deal number {raw!r}: {why}", why=why)

    text = raw.strip()
    if not text:
        raise bad("empty: expected a whole number such as 123456")
    if text[:2].lower() == "ms":
        rest = text[2:]
        if not _PLAIN.fullmatch(rest):
            raise bad("expected digits after 'ms', as in ms40000")
        return _whole(rest), True
    if text[0] == "-" and (_PLAIN.fullmatch(text[1:]) or _GROUPED.fullmatch(text[1:])):
        # A leading minus reads as a negative number, not as a separator.
        raise bad("deal numbers start at 1")
    body = text[1:] if text[0] == "#" else text
    if not body:
        raise bad("expected digits after '#'")
    if _PLAIN.fullmatch(body):
        return _whole(body), False
    if _GROUPED.fullmatch(body):
        return _whole(re.sub(r"[^0-9]", "", body)), False
    raise bad(_digits_problem(body))


def parse_deal_number(text: str | int | DealNumber) -> DealNumber:
    """Parse a deal number as a user types it (``123456``, ``#123,456``, ``ms40000``).

    Text is ``ms<N>``, or digits after an optional ``#``, optionally grouped
    in threes by one kind of separator (``,``, ``_``, ``.`` or a space).
    Raises :class:`BadDealNumberError`, quoting the text and saying why, for
    anything else (``1-5``, ``1.0``, ``.7``, ``12,34``) and for a number out
    of range: plain numbers run from 1 to :data:`MT_MAX` (10**20), ``ms``
    numbers from 1 to :data:`MS_MAX`.
    """
    if isinstance(text, DealNumber):
        return text
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        why = "expected a whole number or its text, such as 123456"
        raise BadDealNumberError(f"bad deal number {text!r}: {why}", why=why)
    if isinstance(text, int):
        raw, value, microsoft_forced = str(text), text, False
    else:
        raw = text
        value, microsoft_forced = _value_of(text)
    if value <= 0:
        why = "deal numbers start at 1"
        raise BadDealNumberError(f"bad deal number {raw!r}: {why}", why=why)
    microsoft = microsoft_forced or value < MT_THRESHOLD
    if microsoft and value > MS_MAX:
        why = f"the Microsoft generator takes at most {MS_MAX} (ms1 to ms{MS_MAX})"
        raise BadDealNumberError(f"bad deal number {raw!r}: {why}", why=why)
    if not microsoft and value > MT_MAX:
        why = f"deal numbers run from 1 to {MT_MAX} (10**20, PySolFC's largest)"
        raise BadDealNumberError(f"bad deal number {raw!r}: {why}", why=why)
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
