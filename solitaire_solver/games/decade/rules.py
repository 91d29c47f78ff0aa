"""Decade's rules: card values, the knobs, a position, a move and its notation, and runs.

A run is two or more adjacent cards (``min_run`` to ``max_run``) whose
values (A = 1, pip cards their number, J Q K = 10) add up to one of the
allowed sums; :func:`find_runs` is the one statement of it, for the game
and for every solver. The solvers work on card values only (suits play no
part in Decade) and return moves in the game's own notation
(:class:`DecadeMove`), which the tests replay under the real rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from ...cards import Card
from ...errors import BadMoveError
from ..knobs import knob, parse_bool, parse_int_range, show_bool

START_CARDS = 3
"""Cards dealt to the line before the first discard may be made."""


def card_value(card: int) -> int:
    """The value of a card in Decade: A = 1, 2..10 their number, J Q K = 10."""
    return min(card % 13 + 1, 10)


_VALUE_BYTES = bytes(card_value(c) for c in range(52)) + bytes(256 - 52)
"""Card values by card, a translation table for converting a whole line at once."""

DECK_VALUE = sum(card_value(c) for c in range(52))
"""What the whole deck adds up to, 340: no run adds up to more, so no larger sum is a rule."""

_SUMS_WANTED = f"whole numbers from 1 to {DECK_VALUE} separated by commas, such as 10,20,30"


def _parse_sums(text: str) -> frozenset[int]:
    try:
        sums = frozenset(int(w) for w in re.split(r"[,\s]+", text.strip()) if w)
    except ValueError:
        raise ValueError(f"expected {_SUMS_WANTED}") from None
    problem = _sums_problem(sums)
    if problem:
        raise ValueError(problem)
    return sums


def _sums_problem(sums: frozenset[int]) -> str:
    """Why ``sums`` are not the sums of a rule ('' when they are): one or more, each from 1
    to :data:`DECK_VALUE` (the deck adds up to no more)."""
    if not sums:
        return f"expected one or more {_SUMS_WANTED}"
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in sums):
        return f"expected {_SUMS_WANTED}"
    if min(sums) < 1 or max(sums) > DECK_VALUE:
        return (
            f"expected {_SUMS_WANTED} (all 52 cards add up to {DECK_VALUE}, so no run adds "
            "up to more)"
        )
    return ""


def _show_sums(sums: frozenset[int]) -> str:
    return ",".join(str(s) for s in sorted(sums))


def _parse_max_run(text: str) -> int | None:
    if text.strip().lower() in ("none", ""):
        return None
    return parse_int_range(2, 52)(text)


def _show_max_run(value: int | None) -> str:
    return "none" if value is None else str(value)


@attrs.frozen
class DecadeRules:
    """The knobs of Decade; the defaults are the traditional rules (preset ``decade``)."""

    sums: frozenset[int] = knob(
        frozenset({10, 20, 30}), "totals a run may add up to", _parse_sums, _show_sums
    )
    min_run: int = knob(2, "fewest cards in a run", parse_int_range(2, 52))
    max_run: int | None = knob(
        None, "most cards in a run (none: no limit)", _parse_max_run, _show_max_run
    )
    compulsory: bool = knob(
        True,
        "true: a run must be discarded while one exists; false: discarding is up to the player",
        parse_bool,
        show_bool,
    )

    def __attrs_post_init__(self) -> None:
        # The command line parses text; these checks catch bad values given in code.
        if not isinstance(self.sums, frozenset) or _sums_problem(self.sums):
            raise ValueError(f"sums must be {_SUMS_WANTED}, not {self.sums!r}")
        for name in ("min_run", "max_run"):
            value = getattr(self, name)
            if name == "max_run" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 52:
                raise ValueError(f"{name} must be a whole number from 2 to 52, not {value!r}")
        if not isinstance(self.compulsory, bool):
            raise ValueError(f"compulsory must be true or false, not {self.compulsory!r}")
        if self.max_run is not None and self.max_run < self.min_run:
            raise ValueError(f"max_run {self.max_run} is less than min_run {self.min_run}")


@attrs.frozen(eq=False)
class DecadeState:
    """A Decade position: the line (left to right) and the stock still to come.

    ``stock`` holds the cards in dealing order and ``dealt`` how many of them
    have left it, so dealing does not copy the stock. Two states are equal
    when their line and their remaining stock are: the order in which the
    discarded cards once came out of the stock plays no further part, and a
    position read from a file does not know it.
    """

    line: tuple[Card, ...]
    stock: tuple[Card, ...]
    dealt: int = 0

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards still in the stock, the next one first."""
        return self.stock[self.dealt :]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DecadeState):
            return NotImplemented
        return self.line == other.line and self.remaining == other.remaining

    def __hash__(self) -> int:
        return hash((self.line, self.remaining))


def _non_negative(instance: object, attribute: attrs.Attribute, value: int) -> None:  # type: ignore[type-arg]
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, not {value}")


_MOVE = re.compile(r"^\s*(?:(d|deal)|x\s*(\d+)\s*-\s*(\d+))\s*$", re.IGNORECASE)


@attrs.frozen
class DecadeMove:
    """Deal the next card (``length == 0``), or discard ``length`` cards from ``start``.

    Notation: ``d`` deals; ``x3-5`` discards the cards in positions 3 to 5 of
    the line, counted from 1 at the left. A deal always has ``start == 0``, so
    that equal notation means equal moves.
    """

    start: int = attrs.field(default=0, validator=_non_negative)
    length: int = attrs.field(default=0, validator=_non_negative)

    def __attrs_post_init__(self) -> None:
        if self.length == 0 and self.start != 0:
            raise ValueError(f"a deal has no start position, not {self.start}")

    @classmethod
    def parse(cls, text: str) -> DecadeMove:
        """``d`` (or ``deal``) deals; ``xA-B`` discards positions A to B (from 1).

        ``str`` of a move gives its notation back; :class:`BadMoveError` when
        the text is not a move.
        """
        m = _MOVE.match(text)
        if m is None:
            raise BadMoveError(f"bad decade move {text!r}: expected d or xA-B, such as x2-4")
        if m.group(1):
            return DEAL
        a, b = int(m.group(2)), int(m.group(3))
        if a < 1 or b < a:
            raise BadMoveError(f"bad decade move {text!r}: positions count from 1 and A <= B")
        return cls(a - 1, b - a + 1)

    @property
    def is_deal(self) -> bool:
        """Whether this move deals a card."""
        return self.length == 0

    def __str__(self) -> str:
        if self.is_deal:
            return "d"
        return f"x{self.start + 1}-{self.start + self.length}"


DEAL = DecadeMove()
"""The deal, the one move with no run."""


@attrs.frozen
class _RunShape:
    """What makes a run, in the form the fast solvers use."""

    sums: frozenset[int]
    min_run: int
    max_run: int
    """The most cards in a run; no run can be longer than its largest sum."""
    top: int
    """The largest allowed sum: a run never adds up to more."""

    @classmethod
    def of(cls, rules: DecadeRules) -> _RunShape:
        top = max(rules.sums)
        # Every card is worth at least 1, so no run is longer than ``top`` cards.
        longest = top if rules.max_run is None else min(rules.max_run, top)
        return cls(rules.sums, rules.min_run, longest, top)

    @property
    def sum_bits(self) -> int:
        """Bit ``top - s`` for each allowed sum ``s``: the run test of a line kept as a
        stack of prefix totals (see :class:`.model.CompulsoryModel`)."""
        bits = 0
        for s in self.sums:
            bits |= 1 << (self.top - s)
        return bits


_MOVES: dict[tuple[int, int], DecadeMove] = {}


def _move(start: int, length: int) -> DecadeMove:
    """A shared move object: the solvers build the same few moves over and over."""
    m = _MOVES.get((start, length))
    if m is None:
        m = _MOVES[start, length] = DEAL if length == 0 else DecadeMove(start, length)
    return m


def find_runs(
    values: Sequence[int], shape: _RunShape, starts: Iterable[int], first_end: int = 0
) -> list[tuple[int, int]]:
    """The runs of ``values`` that start at one of ``starts`` and end at ``first_end`` or later.

    The one statement of what a run is, for the game and for every solver:
    ``length`` adjacent cards, at least ``min_run`` and at most ``max_run``,
    whose values add up to one of the allowed sums. Each run is ``(start,
    length)``, by start in the order of ``starts`` and then shortest first.
    Every value is at least 1, so a scan from a start stops once its total
    passes the largest sum. Starts before ``first_end`` must come nearest
    first: once the cards from a start up to ``first_end`` (not included)
    add up to the largest sum, no start further left has a run, and the
    search ends.
    """
    out = []
    n = len(values)
    sums, top, lo, hi = shape.sums, shape.top, shape.min_run, shape.max_run
    last = first_end - 1
    for i in starts:
        total = 0
        for j in range(i, min(n, i + hi)):
            total += values[j]
            if total > top:
                break
            if j >= first_end and total in sums and j - i + 1 >= lo:
                out.append((i, j - i + 1))
            elif j == last and total >= top:
                return out  # at least one card more is needed: too much
    return out


def _all_runs(line: Sequence[int], shape: _RunShape) -> list[tuple[int, int]]:
    """Every run in ``line`` as ``(start, length)``, by start."""
    return find_runs(line, shape, range(len(line)))


def _junction_runs(line: Sequence[int], i: int, shape: _RunShape) -> list[tuple[int, int]]:
    """The runs of ``line`` that hold both position ``i - 1`` and position ``i``, the
    nearest start first."""
    if i <= 0 or i >= len(line):
        return []
    return find_runs(line, shape, range(i - 1, max(-1, i - shape.max_run - 1), -1), i)


def _suffix_runs(line: Sequence[int], shape: _RunShape) -> list[tuple[int, int]]:
    """The runs of ``line`` that end at its last card (the card just dealt), shortest first."""
    m = len(line)
    return find_runs(line, shape, range(m - 1, max(-1, m - 1 - shape.max_run), -1), m - 1)
