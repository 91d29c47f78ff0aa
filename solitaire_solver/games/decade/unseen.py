"""What a player of Decade cannot see: the unseen card values, as a multiset.

The rules look only at card values, so the cards still to come are a
multiset of values 1 to 10 (:data:`Counts`). The exact fair value of
:mod:`.exact` counts the orders of that multiset (:func:`orders`, N(U) of
its equations) and keys its memo by it, packed into a whole number
(:func:`_pack`): 6 bits per value, value 1 lowest, so that dealing a card
is a subtraction and the multiset is the low bits of a memo key.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from .rules import DecadeState, card_value

DECK_COUNTS: tuple[int, ...] = (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
"""Cards of each value (index 1 to 10) in one deck; index 0 is unused."""

_FIELD = 6
"""Bits per value in a packed multiset: counts up to 63."""
_SHIFT = tuple(_FIELD * (v - 1) if v else 0 for v in range(11))
_UNIT = tuple(1 << s if v else 0 for v, s in enumerate(_SHIFT))
_COUNT_MASK = (1 << _FIELD) - 1
_PACKED_BITS = 10 * _FIELD
_VALUES = tuple(range(1, 11))

Counts = tuple[int, ...]
"""A multiset of card values: 11 counts, the count of value v at index v (index 0 is 0)."""


def unseen_counts(unseen: Sequence[int] | Mapping[int, int]) -> Counts:
    """A multiset of values as counts: from the values themselves, or from value -> count.

    ``[10, 10, 3]`` and ``{10: 2, 3: 1}`` give the same counts. Values are 1 to 10.
    """
    counts = [0] * 11
    items: Iterable[tuple[int, int]]
    items = unseen.items() if isinstance(unseen, Mapping) else ((v, 1) for v in unseen)
    for v, c in items:
        if not 1 <= v <= 10:
            raise ValueError(f"card values are 1 to 10, not {v}")
        if c < 0:
            raise ValueError(f"a count must not be negative, not {c} (value {v})")
        counts[v] += c
    if max(counts) > _COUNT_MASK:
        raise ValueError(f"at most {_COUNT_MASK} cards of one value")
    return tuple(counts)


def deck_counts() -> dict[int, int]:
    """The whole deck: four of each value 1 to 9, sixteen tens (value -> count)."""
    return {v: DECK_COUNTS[v] for v in _VALUES}


def unseen_after(line: Sequence[int], discarded: Sequence[int] = ()) -> dict[int, int]:
    """The unseen multiset of a one-deck game: the deck less ``line`` and ``discarded`` (values)."""
    counts = list(DECK_COUNTS)
    for v in (*line, *discarded):
        if not 1 <= v <= 10:
            raise ValueError(f"card values are 1 to 10, not {v}")
        counts[v] -= 1
        if counts[v] < 0:
            raise ValueError(f"more cards of value {v} than one deck holds")
    return {v: counts[v] for v in _VALUES if counts[v]}


def information_state(state: DecadeState) -> tuple[tuple[int, ...], dict[int, int]]:
    """What a player of ``state`` sees: the line's values and the stock's (value -> count)."""
    line = tuple(card_value(c) for c in state.line)
    counts = unseen_counts([card_value(c) for c in state.remaining])
    return line, {v: counts[v] for v in _VALUES if counts[v]}


def orders(unseen: Sequence[int] | Mapping[int, int]) -> int:
    """N(U): the number of distinct orders of the values of a multiset (given as for
    :func:`unseen_counts`)."""
    return _orders(unseen_counts(unseen))


def _orders(counts: Counts) -> int:
    n = math.factorial(sum(counts))
    for c in counts:
        n //= math.factorial(c)
    return n


def _pack(counts: Counts) -> int:
    """The multiset as one whole number: the count of value v in bits ``_SHIFT[v]`` on."""
    return sum(c << _SHIFT[v] for v, c in enumerate(counts) if v)


def _unpack(packed: int) -> Counts:
    """The counts of a packed multiset."""
    return (0, *((packed >> _SHIFT[v]) & _COUNT_MASK for v in _VALUES))


def _dealt(packed: int) -> list[tuple[int, int]]:
    """Each value the next card may have (lowest first), with the packed multiset after it."""
    return [(v, packed - _UNIT[v]) for v in _VALUES if (packed >> _SHIFT[v]) & _COUNT_MASK]


def _within_deck(line: Sequence[int], counts: Counts) -> bool:
    """Whether ``line`` and ``counts`` together fit in one deck (so one deal can hold them)."""
    used = list(counts)
    for v in line:
        used[v] += 1
    return all(used[v] <= DECK_COUNTS[v] for v in _VALUES)
