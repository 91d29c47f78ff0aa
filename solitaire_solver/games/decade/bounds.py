"""Decade's potentials for the upper bound on the fair odds (:mod:`...advice.bounds`).

What a player of Decade sees that matters is the line's values and the
multiset of values still to come (the rules look at nothing else; see
:mod:`.exact`), so W here is a function of those. Where at most
``exact_hidden`` cards are hidden W is the exact fair value, worked out by
counting (:class:`.exact.FairSolver`, whose memo serves every position of a
run: a value is a fact of its position, so the memo changes no value), and
the expectation of W after a deal is the fair value of the deal itself when
the cards then hidden are that few (the deal's value is the mean of the
values after each card it may show, weighed by their counts: the equations
of :mod:`.exact`). Above, W is 0 (``exact``).

The only move that shows a card is the deal, and what it shows matters by
its value alone: the expectation of W after it is the mean over the values
the next card may have, each weighed by how many unseen cards have it,
which is the mean over every arrangement of the unseen cards (each
arrangement's next card is each unseen card equally often). A test compares
it with the general :func:`...advice.fair.outcomes`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...cards import Card
from ..seen import Seen
from .exact import FairSolver
from .rules import DecadeMove, DecadeRules, DecadeState, card_value
from .unseen import DECK_COUNTS

MEMO_CAP = 2_000_000
"""The most entries the counting's memo keeps between two positions; beyond, it is cleared
(about 300 bytes an entry)."""


def _values(cards: tuple[Card, ...]) -> list[int]:
    return [card_value(c) for c in cards]


class DecadeExact:
    """W = Decade's exact fair value with at most ``exact_hidden`` cards hidden, 0 above.

    The same W as the general :class:`~...advice.bounds.ExactBelow`, worked
    out by counting rather than by the general expectimax.
    """

    def __init__(self, rules: DecadeRules, exact_hidden: int, name: str = "exact") -> None:
        self.name = name
        self.exact_hidden = exact_hidden
        self.solver = FairSolver(rules)
        self._values: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction] = {}

    def _exact(self, line: list[int], unseen: list[int]) -> Fraction:
        key = (tuple(line), tuple(sorted(unseen)))
        got = self._values.get(key)
        if got is None:
            if self.solver.memo_size > MEMO_CAP:
                self.solver.clear()
            found = self.solver.value(line, unseen, with_moves=False).value
            assert found is not None  # no node limit
            got = self._values[key] = found
        return got

    def value(self, seen: Seen[DecadeState]) -> Fraction:
        """The exact fair value of ``seen`` with at most ``exact_hidden`` hidden, else 0."""
        if seen.hidden > self.exact_hidden:
            return Fraction(0)
        return self._exact(_values(seen.state.line), _values(seen.unseen))

    def expected(self, seen: Seen[DecadeState], move: DecadeMove) -> Fraction:
        """The mean of W after ``move`` (a deal): the deal's exact fair value when the cards
        still hidden after it are few enough, else 0."""
        if not move.is_deal or seen.hidden - 1 > self.exact_hidden:
            return Fraction(0)
        line, unseen = _values(seen.state.line), _values(seen.unseen)
        counts = [0] * len(DECK_COUNTS)
        for v in unseen:
            counts[v] += 1
        total = Fraction(0)
        for v, n in enumerate(counts):
            if n:
                rest = list(unseen)
                rest.remove(v)
                total += n * self._exact([*line, v], rest)
        return total / len(unseen)

    def ceiling(self) -> Fraction:
        """Every inner optimum is at most 1 (see :class:`~...advice.bounds.ExactBelow`)."""
        return Fraction(1)


def potential(rules: DecadeRules, name: str, exact_hidden: int) -> Any | None:
    """Decade's potential ``name``, or ``None`` when it has none by that name."""
    if name == "exact" and rules.compulsory:
        return DecadeExact(rules, exact_hidden)
    return None
