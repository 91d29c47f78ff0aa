"""Decade: discard runs of adjacent cards that add up to 10, 20 or 30.

Rules (RULES.md, "Decade"): one deck dealt into a line, three cards at the
start and then one at a time to the right end. A run is two or more
adjacent cards whose values (A = 1, pip cards their number, J Q K = 10) add
up to one of the allowed sums. With ``compulsory`` rules a run must be
discarded while one exists; otherwise the player may deal instead. Won when
every card is discarded.

:meth:`Decade.strategy` names the method for each kind of rules (see "fast
exact solvers" below): the engine's depth-first search over a compact model,
or an exact plug-in that is not a search.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import partial
from itertools import accumulate
from operator import is_, itemgetter
from typing import Any, cast

import attrs

from ..cards import HIDDEN, Card, card_text, cards_text, count_text, parse_cards
from ..errors import BadCardError, BadMoveError
from ..numbering import DealNumber, shuffled_talon
from ..scene import MovePlaces, Scene
from ..search import (
    LOST,
    Budget,
    Cap,
    Factory,
    Limits,
    Memo,
    Plan,
    PlanMember,
    Run,
    SolveResult,
    Status,
    Strategy,
    compose,
    dfs,
    member_strategy,
    projected,
    solve,
    won,
)
from . import decade_scene as layout
from .base import (
    FieldReader,
    Game,
    Preset,
    Seen,
    knob,
    parse_bool,
    parse_int_range,
    show_bool,
)

START_CARDS = 3
"""Cards dealt to the line before the first discard may be made."""

HOLDING_BACK = 16
"""Added to the difficulty figure of an optional-rules win that needs a run left alone."""


def card_value(card: int) -> int:
    """The value of a card in Decade: A = 1, 2..10 their number, J Q K = 10."""
    return min(card % 13 + 1, 10)


_VALUE_BYTES = bytes(card_value(c) for c in range(52)) + bytes(256 - 52)
"""Card values by card, a translation table for converting a whole line at once."""


def _parse_sums(text: str) -> frozenset[int]:
    try:
        sums = frozenset(int(w) for w in re.split(r"[,\s]+", text.strip()) if w)
    except ValueError:
        raise ValueError("expected whole numbers separated by commas, such as 10,20,30") from None
    if not sums or min(sums) < 1:
        raise ValueError("expected one or more positive whole numbers, such as 10,20,30")
    return sums


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
    compulsory: bool = knob(True, "a run must be discarded while one exists", parse_bool, show_bool)

    def __attrs_post_init__(self) -> None:
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

    @property
    def is_deal(self) -> bool:
        """Whether this move deals a card."""
        return self.length == 0

    def __str__(self) -> str:
        if self.is_deal:
            return "d"
        return f"x{self.start + 1}-{self.start + self.length}"


DEAL = DecadeMove()

EXACT_FAIR_HIDDEN = 10
"""With at most this many cards in the stock, the fair hint's values come from the exact
expectimax of :mod:`.decade_exact` (:meth:`Decade.fair_values`)."""

EXACT_FAIR_NODES = 300_000
"""The most states that expectimax may expand for one hint (under a second) before the hint
falls back to sampling."""

_MOVE = re.compile(r"^\s*(?:(d|deal)|x\s*(\d+)\s*-\s*(\d+))\s*$", re.IGNORECASE)


# ---------------------------------------------------------------- fast exact solvers
#
# Both presets have an exact method much faster than a search over the game's
# own positions: a compact model for the engine under compulsory rules, an
# interval dynamic programme under optional ones. They work on card values
# only (suits play no part in Decade) and return moves in the game's own
# notation, which the tests replay under the real rules.


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
        stack of prefix totals (see :class:`CompulsoryModel`)."""
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


_WON: tuple[Any, ...] = ((None,), None)
"""The state at the end of a winning chain (the model's only won state)."""
_DEAD: tuple[Any, ...] = ((), None)
"""The state at the end of a chain that cannot win (the model's only dead state)."""

_Discard = tuple[int, ...]
"""A discard of the model: (cards dealt before it, start, length) in the line's values;
in the stack phase (cards dealt, the stack kept below the run, the run's bits, 0), whose
bits count the start and the length."""
_Macro = tuple[list[_Discard], int]
"""A move of the model: the discards of a branch and of the chain after it, and how
many moves of the game (deals and discards) they stand for."""


_Chain = Callable[[int, int, int, list[_Discard]], tuple["tuple[Any, ...]", int]]


@functools.cache
def _headroom(top: int) -> bytes:
    """The translation table from a card value v to ``top - v`` (for ``top`` >= 10)."""
    return bytes(max(0, top - v) for v in range(256))


def _room(stock: Sequence[int], top: int) -> list[int]:
    """``room[k]``: the sum of ``top - v`` over the values v of ``stock`` from k on."""
    if top >= 10 and isinstance(stock, bytes):
        # Card values are 1 to 10, so every ``top - v`` is a byte: one
        # translation and one running sum, both in C.
        room = list(accumulate(stock.translate(_headroom(top))[::-1]))
    else:
        room = list(accumulate(top - v for v in reversed(stock)))
    room.reverse()
    return room


def _stack_chain(stock: Sequence[int], room: list[int], top: int, sum_bits: int) -> _Chain:
    """The function that plays on from a line with no run to the next branch point.

    It takes the stack (``below``, ``total``), the cards dealt and the list
    to record discards in, and returns the next branch point (or the won
    state, or the dead state at a dead end) with the number of deals made.
    The hot loop of the solver: a closure, as reading its constants from
    the enclosing function is faster than from an object.
    """
    n = len(stock)

    def chain(
        below: int, total: int, dealt: int, record: list[_Discard]
    ) -> tuple[tuple[Any, ...], int]:
        for k in range(dealt, n):
            if total > room[k]:
                return _DEAD, k - dealt
            grown = total + stock[k]
            hits = (below >> grown) & sum_bits
            below |= 1 << (total + top)
            total = grown
            if not hits:
                continue
            if not hits & (hits - 1):
                # One run: discard it and carry on; the cards under it have no run.
                total = grown - top + hits.bit_length() - 1
                cut = total + top
                gone = below >> cut
                below ^= gone << cut
                # Recorded as the stack itself: its bits are counted only
                # if the line turns out to win (see CompulsoryModel.lift).
                record.append((k + 1, below, gone, 0))
                continue
            return ((below, total, k), hits), k + 1 - dealt
        return (_WON if total == 0 else _DEAD), n - dealt

    return chain


class CompulsoryModel:
    """Decade under compulsory rules, on card values, as a problem for the engine's search.

    Why this is fast: runs only ever appear where something changed. After
    a deal a new run must hold the card just dealt, so it is a suffix of the
    line; after a discard a new run must hold the two cards the discard
    brought together. So the model keeps the list of every run of the line
    and updates it locally instead of scanning. Once the line has no run,
    every later run is a suffix (all runs after a deal end at the new card,
    and discarding one leaves no run, as the cards under it had none), so
    the line behaves as a stack and most positions have a single move.

    The model's states are the *branch points*, positions with a choice of
    runs; a move is a choice of run followed by the forced chain after it
    (deals while there is no run, and the discard of a lone run) up to the
    next branch point, the end of the stock or a dead end
    (:meth:`successors`). A chain has no choice in it, so following it as
    part of the move loses nothing; the engine's table holds branch points
    only. A state is a pair, its key and what the moves need besides. Two
    kinds of branch point:

    - a line with runs anywhere: ``((line values, cards dealt), runs)``;
    - once the line has no run and runs are two cards or more (``min_run``
      2, no shorter ``max_run`` than the largest sum), the line as a stack:
      ``((below, total, k), hits)``. ``below`` has
      bit ``x + top`` set for every total x of the first j cards, j less
      than the line's length, and ``total`` is the total of the whole line
      (card values are at least 1, so the totals rise strictly and fix the
      line). A dealt card of value v makes a run with the cards from j on
      exactly when ``total + v - s`` is such a prefix total for an allowed
      sum s; leaving out the whole line's total keeps runs to two cards or
      more. ``k`` is the card of the stock just dealt and ``hits`` the runs
      it made, a bit per run.

    The table of the engine's depth-first search is sound here because
    every move deals or discards, so no position comes back: the positions
    form a graph without cycles.

    ``stock`` is the values of the deal's whole stock in dealing order and
    ``dealt`` how many of them were dealt before ``line`` (cards dealt and
    discarded since play began are still counted). Card indices, and so
    the keys, are then the same for every start of one deal, so that the
    searches of a position's children can share what they proved lost
    (:class:`~solitaire_solver.search.Memo`): a key fixes the line's values
    and the cards still to come.
    """

    acyclic = True
    """No position comes back (every move deals or discards), so a search that wins
    can tell a memo the keys it finished with (see the engine's ``acyclic``)."""

    def __init__(
        self, shape: _RunShape, line: Sequence[int], stock: Sequence[int], dealt: int = 0
    ) -> None:
        self.shape = shape
        self.stock = stock
        self.dealt = dealt
        self.n = len(stock)
        top = self.top = shape.top
        self.stack_ok = shape.min_run == 2 and shape.max_run >= top
        # A dead end, in the stack phase: each deal makes at most one discard
        # (discarding a run after a deal leaves no run), and a discard removes
        # at most ``top``; so with r cards still to deal, a line and stock adding
        # up to more than r * top can never be emptied. ``room[k]`` is the most
        # the line may add up to before card k is dealt.
        # That is the sum of ``top - v`` over the cards v from k on. Built with
        # C loops rather than a Python loop: on small deals this setup costs
        # as much as the search.
        room = _room(stock, top)
        self._stack_chain = _stack_chain(stock, room, shape.top, shape.sum_bits)
        root: tuple[Any, ...] = ((tuple(line), dealt), tuple(_all_runs(line, shape)))
        # The search starts at the first branch point (or the end of the first
        # chain): the chain before it has no choice in it, so following it here
        # saves the search a step. ``lead`` is its move, for the line's start.
        if len(root[1]) < 2:
            record: list[_Discard] = []
            self.start, deals = self._line_chain(list(line), dealt, list(root[1]), record)
            self.lead: _Macro | None = (record, len(record) + deals)
        else:
            self.start, self.lead = root, None
        # The three small hooks are C functions: the search calls them for
        # every child, and a Python method would cost more than the rest.
        self.key: Callable[[tuple[Any, ...]], Hashable] = itemgetter(0)
        """A stack branch point without its hits, a line branch point without its runs."""
        self.is_won: Callable[[tuple[Any, ...]], bool] = partial(is_, _WON)
        """Only the end of a winning chain is won."""
        self.move_length: Callable[[_Macro], int] = itemgetter(1)
        """The deals and discards a move stands for."""
        self.is_dead: Callable[[tuple[Any, ...]], bool] = partial(is_, _DEAD)
        """Only the end of a chain that cannot win is dead (so the search sees how deep
        a dead chain went)."""

    def successors(self, state: tuple[Any, ...]) -> Iterator[tuple[_Macro, tuple[Any, ...]]]:
        """For each run of a branch point: the move and the next branch point (or the end).

        A dead end gives the dead state, so that the search sees how deep it
        went.
        """
        if len(state[0]) == 3:
            (below, total, k), hits = state
            top = self.top
            while hits:
                low = hits & -hits
                hits ^= low
                start = total - top + low.bit_length() - 1
                cut = start + top
                gone = below >> cut
                kept = below ^ (gone << cut)
                record: list[_Discard] = [(k + 1, kept, gone, 0)]
                child, deals = self._stack_chain(kept, start, k + 1, record)
                yield (record, len(record) + deals), child
            return
        (line, k), runs = state
        shape = self.shape
        for i, length in runs:
            end = i + length
            after = [*line[:i], *line[end:]]
            # Runs clear of the discarded one stay runs; new ones cross the join.
            rest = [
                (a, b) if a + b <= i else (a - length, b) for a, b in runs if a + b <= i or a >= end
            ]
            rest += _junction_runs(after, i, shape)
            chain: list[_Discard] = [(k, i, length)]
            child, deals = self._line_chain(after, k, rest, chain)
            yield (chain, len(chain) + deals), child

    def _line_chain(
        self, line: list[int], k: int, runs: list[tuple[int, int]], record: list[_Discard]
    ) -> tuple[tuple[Any, ...], int]:
        """Play on from any line (``runs`` every run in it) to the next branch point.

        Returns it (or the won state, or the dead state at a dead end) with the
        number of deals made. ``line`` and ``runs`` are changed.
        """
        shape = self.shape
        stock, n, top = self.stock, self.n, self.top
        deals = 0
        while True:
            if not runs:
                if self.stack_ok:
                    below, total = 0, 0
                    for v in line:
                        below |= 1 << (total + top)
                        total += v
                    child, more = self._stack_chain(below, total, k, record)
                    return child, deals + more
                if k == n:
                    return (_DEAD if line else _WON), deals
                line.append(stock[k])
                k += 1
                deals += 1
                runs = _suffix_runs(line, shape)
                continue
            if len(runs) == 1:
                i, length = runs[0]
                record.append((k, i, length))
                del line[i : i + length]
                runs = _junction_runs(line, i, shape)
                continue
            return ((tuple(line), k), tuple(runs)), deals

    def lift(self, line: tuple[_Macro, ...]) -> list[DecadeMove]:
        """The game's moves for a line of the model: deals filled in between the discards.

        A discard of the stack phase is counted from its bits here (see
        :func:`_stack_chain`).
        """
        moves: list[DecadeMove] = []
        dealt = self.dealt
        cached = _MOVES.get
        if self.lead is not None:
            line = (self.lead, *line)
        for macro, _length in line:
            for discard in macro:
                if len(discard) == 4:
                    k, kept, gone, _ = discard
                    start, length = kept.bit_count(), gone.bit_count()
                else:
                    k, start, length = discard
                moves += [DEAL] * (k - dealt)
                dealt = k
                moves.append(cached((start, length)) or _move(start, length))
        moves += [DEAL] * (self.n - dealt)
        return moves


def _group_masks(shape: _RunShape) -> tuple[int, int, list[int], list[int]] | None:
    """Bit sets for the (cards, total) of a group being built: see _solve_optional.

    Bit ``(c - 1) * width + s`` stands for a group of c cards adding up to s.
    Counts are kept exactly up to a cap; without a longest run, every count
    from min_run up behaves alike and is folded into the cap's row. Returns
    ``width``, the bits of a group that may be discarded, and per card value
    v the bits that grow into the next row and those that stay in the cap's
    row (both only where the total stays at most ``top``); ``None`` when no
    group is possible at all.
    """
    width = shape.top + 1
    unlimited = shape.max_run >= shape.top
    cap = shape.min_run if unlimited else shape.max_run
    if cap > shape.top:
        return None  # no group can hold that many cards
    good = 0
    for c in range(shape.min_run, cap + 1):
        for s in shape.sums:
            good |= 1 << ((c - 1) * width + s)
    grow_low: list[int] = [0] * 11
    grow_cap: list[int] = [0] * 11
    for v in range(1, 11):
        fit = (1 << max(0, width - v)) - 1  # totals that stay at most ``top`` after v
        low = 0
        for c in range(1, cap):
            low |= fit << ((c - 1) * width)
        grow_low[v] = low
        grow_cap[v] = (fit << ((cap - 1) * width)) if unlimited else 0
    return width, good, grow_low, grow_cap


def _optional_groups(values: Sequence[int], shape: _RunShape, budget: Budget) -> _Groups:
    """Whether the whole line ``values`` can be discarded, by interval dynamic programming.

    A run (see :func:`optional_plug_in`): returns the groups of positions
    discarded, in an order that discards each one while its cards stand
    side by side, or ``None``. Each group state stored and extended (a start
    ``i`` and an end ``q``) counts as one position expanded and one key
    stored; the count lives in locals and reaches the budget at its
    checkpoints, where the run yields when the budget says so.

    Why this is the whole question for optional rules: a run stays a run
    when cards are added at the right end (the cards between two of its
    cards were dealt between them, so they are in the line already), so any
    winning line of play still wins with every deal moved to the front. And
    a set of discards empties the full line exactly when its groups (each of
    2 or more cards adding up to an allowed sum) never cross: a group is
    discarded when everything between its cards is gone, so another group
    with a card in between lies wholly in that gap, and conversely groups
    that do not cross can be discarded innermost first.

    The table: ``ends[q]`` is the set of ``t`` such that positions
    ``q .. t-1`` can be emptied on their own (``t == q`` included). For a
    start ``i``, ``grow[q]`` is a bit set of (cards, total) of a group that
    begins at ``i`` and whose last card so far is at ``q - 1``, the gaps
    between its cards each emptied on their own. A group that adds up to an
    allowed sum with enough cards closes, and then ``i .. t-1`` empties for
    every ``t`` in ``ends[q]``. Starts are taken from the right, so
    ``ends[q]`` is complete for every ``q > i`` when start ``i`` needs it.
    """
    n = len(values)
    if n == 0:
        return []
    masks = _group_masks(shape)
    if masks is None:
        return None
    width, good, grow_low, grow_cap = masks
    b = budget
    b.reach(n)  # every line this table stands for deals every card first
    exp, checkpoint = b.expanded, b.checkpoint
    ends: list[set[int]] = [set() for _ in range(n + 1)]
    ends[n].add(n)
    grows: list[list[int]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        grow = [0] * (n + 1)
        grows[i] = grow
        grow[i + 1] = 1 << values[i]
        reach = ends[i]
        reach.add(i)
        for q in range(i + 1, n + 1):
            bits = grow[q]
            if not bits:
                continue
            if exp >= checkpoint:
                b.stored += exp - b.expanded
                b.expanded = exp
                while b.expanded >= b.checkpoint and b.interrupted():
                    yield
                exp, checkpoint = b.expanded, b.checkpoint
            exp += 1
            after = ends[q]
            if bits & good:
                reach |= after
            for t in after:
                if t < n:
                    v = values[t]
                    more = ((bits & grow_low[v]) << (width + v)) | ((bits & grow_cap[v]) << v)
                    if more:
                        grow[t + 1] |= more
    b.stored += exp - b.expanded
    b.expanded = exp
    if n not in ends[0]:
        return None

    def advance(bit: int, v: int) -> int:
        return ((bit & grow_low[v]) << (width + v)) | ((bit & grow_cap[v]) << v)

    def group_of(i: int, q: int, bit: int) -> tuple[list[int], list[tuple[int, int]]]:
        """The cards of a group from ``i`` whose last card is ``q - 1``, in state ``bit``
        (one bit of ``grows[i][q]``), and the gaps between them: the table walked back."""
        cards = [q - 1]
        gaps = []
        while cards[-1] != i:
            last = cards[-1]
            v = values[last]
            # The state before ``last`` came one row lower, or from the same
            # (folded) row when counts from min_run up are alike.
            before = [b for b in (bit >> (width + v), bit >> v) if b and advance(b, v) == bit]
            for p in range(last, i, -1):  # p - 1: the group's card before ``last``
                if last in ends[p]:
                    here = grows[i][p]
                    b = next((b for b in before if here & b), 0)
                    if b:
                        break
            else:  # pragma: no cover - every bit in the table was reached
                raise AssertionError("decade table walk-back failed")
            cards.append(p - 1)
            gaps.append((p, last))
            bit = b
        cards.reverse()
        return cards, gaps

    order: list[list[int]] = []

    def empty(i: int, t: int) -> None:
        """Append to ``order`` the groups that empty ``i .. t-1``, innermost first."""
        while i < t:
            for q in range(i + 1, t + 1):
                bits = grows[i][q] & good
                if bits and t in ends[q]:
                    break
            else:  # pragma: no cover - the table says the interval empties
                raise AssertionError("decade table has no group to close")
            cards, gaps = group_of(i, q, 1 << (bits.bit_length() - 1))
            for a, b in gaps:
                empty(a, b)
            order.append(cards)
            i = q

    empty(0, n)
    return order


def _fewest_groups(values: Sequence[int], shape: _RunShape, budget: Budget) -> _Groups:
    """Like :func:`_optional_groups`, with the fewest groups: a shortest win.

    Every win deals every card, so lines of play differ in length only by
    their number of discards, and dealing first keeps that number (see
    :func:`_solve_optional`): the fewest groups in a non-crossing split of
    the full line give a shortest win. The same table, holding for each
    interval the fewest groups that empty it, and for each group state the
    fewest groups spent in its gaps, with the step it came from.
    """
    n = len(values)
    if n == 0:
        return []
    masks = _group_masks(shape)
    if masks is None:
        return None
    width, good, grow_low, grow_cap = masks
    b = budget
    b.reach(n)  # every line this table stands for deals every card first
    exp, checkpoint = b.expanded, b.checkpoint
    # best[q][t] = (groups, q2, bit): the fewest groups emptying q .. t-1, the
    # first group (from q) closing with its last card at q2 - 1 in state bit.
    best: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(n + 1)]
    best[n][n] = (0, -1, 0)
    # came[i][q][bit] = (groups in the gaps, previous q, previous bit): -1 at the start.
    came: list[list[dict[int, tuple[int, int, int]]]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        at: list[dict[int, tuple[int, int, int]]] = [{} for _ in range(n + 1)]
        came[i] = at
        at[i + 1][1 << values[i]] = (0, -1, 0)
        row = best[i]
        row[i] = (0, -1, 0)
        for q in range(i + 1, n + 1):
            for bit, (g, _, _) in at[q].items():
                if exp >= checkpoint:
                    b.stored += exp - b.expanded
                    b.expanded = exp
                    while b.expanded >= b.checkpoint and b.interrupted():
                        yield
                    exp, checkpoint = b.expanded, b.checkpoint
                exp += 1
                after = best[q]
                if bit & good:
                    for t, (c, _, _) in after.items():
                        old = row.get(t)
                        if old is None or g + 1 + c < old[0]:
                            row[t] = (g + 1 + c, q, bit)
                for t, (c, _, _) in after.items():
                    if t < n:
                        v = values[t]
                        more = ((bit & grow_low[v]) << (width + v)) | ((bit & grow_cap[v]) << v)
                        if more:
                            old = at[t + 1].get(more)
                            if old is None or g + c < old[0]:
                                at[t + 1][more] = (g + c, q, bit)
    b.stored += exp - b.expanded
    b.expanded = exp
    if n not in best[0]:
        return None

    order: list[list[int]] = []

    def empty(i: int, t: int) -> None:
        """Append to ``order`` the groups that empty ``i .. t-1``, innermost first."""
        while i < t:
            _, q, bit = best[i][t]
            cards, gaps = [], []
            last = q
            while last != -1:
                _, before, bit_before = came[i][last][bit]
                cards.append(last - 1)
                if before != -1:
                    gaps.append((before, last - 1))
                last, bit = before, bit_before
            for a, b in gaps:
                empty(a, b)
            order.append(cards[::-1])
            i = q

    empty(0, n)
    return order


_Groups = Generator[None, None, "list[list[int]] | None"]
"""A run of the dynamic programme: the groups discarded, or ``None`` when the line cannot empty."""


def optional_plug_in(
    line: bytes, stock: bytes, shape: _RunShape, budget: Budget, *, fewest: bool = False
) -> Run:
    """The exact plug-in for optional rules: deal everything, then interval DP.

    ``line`` and ``stock`` are card values (bytes). Not a state-space search: see
    :func:`_optional_groups` for why the question reduces to the full line,
    and :func:`_fewest_groups` for the shortest line.
    """
    method = _fewest_groups if fewest else _optional_groups
    groups = yield from method(line + stock, shape, budget)
    if groups is None:
        return LOST
    moves = _optional_moves(len(line), groups)
    budget.reach(len(moves))
    return won(moves, shortest=fewest)


def _optional_moves(in_line: int, groups: list[list[int]]) -> list[DecadeMove]:
    """Deal everything, then discard ``groups`` (positions in the full line) in order."""
    alive = list(range(sum(len(g) for g in groups)))
    moves = [DEAL] * (len(alive) - in_line)
    for group in groups:
        at = alive.index(group[0])
        # Each group stands side by side when its turn comes (see _solve_optional).
        assert alive[at : at + len(group)] == group
        del alive[at : at + len(group)]
        moves.append(_move(at, len(group)))
    return moves


PLAN = Plan(
    (
        # Compulsory rules: the depth-first search over the branch points.
        PlanMember("depth-first", when="under compulsory rules"),
        # Optional rules: deal everything, then interval dynamic programming.
        PlanMember("intervals", when="under optional rules"),
    ),
    # Optional rules: the difficulty figure of a won deal asks the compulsory
    # search of the deal (see Decade.difficulty). Over deals 1..100,000 it
    # expands 64 branch points at most (deal 18,108); the cap only keeps a
    # position from a file from running without end.
    difficulty=PlanMember(
        "compulsory depth-first", cap=Cap(10_000), when="after a win under optional rules"
    ),
)
"""Decade's solver as data: under compulsory rules the depth-first search, under optional
rules the exact plug-in (each member applies under its rules only), and the search the
difficulty figure of an optional-rules win is read from (:meth:`Decade.strategy`,
:meth:`Decade.difficulty`)."""


class Decade(Game[DecadeState, DecadeMove]):
    """The game Decade under given rules."""

    name = "decade"
    rules_type = DecadeRules
    default_plan = PLAN
    notation = "d: deal the next card; x3-5: discard the cards in places 3 to 5 of the line"
    rules: DecadeRules

    def __init__(self, rules: DecadeRules, preset: str | None = None) -> None:
        super().__init__(rules, preset)
        self._sums = rules.sums
        self._min = rules.min_run
        self._max = rules.max_run
        self._shape = _RunShape.of(rules)

    def deal(self, number: DealNumber) -> DecadeState:
        """Three cards in the line, the rest in the stock (RULES.md, "Decade")."""
        talon = shuffled_talon(number, decks=1)
        # Card ids of one deck are cards already (Card is a plain int).
        order = cast(tuple[Card, ...], tuple(reversed(talon)))
        return DecadeState(order[:START_CARDS], order, START_CARDS)

    def runs(self, line: tuple[Card, ...]) -> list[DecadeMove]:
        """Every run in ``line`` that the rules let the player discard (:func:`find_runs`)."""
        values = [card_value(c) for c in line]
        return [DecadeMove(i, n) for i, n in _all_runs(values, self._shape)]

    def moves(self, state: DecadeState) -> list[DecadeMove]:
        """Runs to discard, then dealing where the rules allow it."""
        runs = self.runs(state.line)
        can_deal = state.dealt < len(state.stock)
        if self.rules.compulsory and runs:
            return runs
        return [*runs, DEAL] if can_deal else runs

    def is_legal(self, state: DecadeState, move: DecadeMove) -> bool:
        """Whether ``move`` is legal in ``state``, without listing every run.

        The same answer as ``move in self.legal_moves(state)``: under
        optional rules a held-back line grows long, and listing its runs for
        each move of a replayed line costs more than the rest of the replay.
        """
        if not isinstance(move, DecadeMove):
            return False  # anything else handed to play is no move of this game
        line = state.line
        if move.is_deal:
            if state.dealt >= len(state.stock):
                return False
            return not (self.rules.compulsory and self.runs(line))
        end = move.start + move.length
        if end > len(line):
            return False
        values = [card_value(c) for c in line[move.start : end]]
        return (0, move.length) in find_runs(values, self._shape, (0,), move.length - 1)

    def apply(self, state: DecadeState, move: DecadeMove) -> DecadeState:
        """Deal one card to the right end, or close the line up over a run."""
        if move.is_deal:
            line = (*state.line, state.stock[state.dealt])
            return DecadeState(line, state.stock, state.dealt + 1)
        line = state.line[: move.start] + state.line[move.start + move.length :]
        return DecadeState(line, state.stock, state.dealt)

    def is_won(self, state: DecadeState) -> bool:
        """Won when the line and the stock are both empty."""
        return not state.line and state.dealt == len(state.stock)

    def cards_left(self, state: DecadeState) -> int:
        """Cards in the line and the stock (not yet discarded)."""
        return len(state.line) + len(state.stock) - state.dealt

    def key(self, state: DecadeState) -> Hashable:
        """Values of the line and the stock position: suits play no part in Decade."""
        return (tuple(card_value(c) for c in state.line), state.dealt)

    def strategy(
        self, start: DecadeState, *, shortest: bool = False, memo: Memo | None = None
    ) -> Strategy:
        """The method made for these rules, on card values (suits play no part).

        Compulsory rules: the engine's depth-first search over
        :class:`CompulsoryModel`, which branches only where several runs
        exist, sharing ``memo`` (its keys count cards from the start of the
        deal's stock); with ``shortest``, the generic A* search on the game
        itself. Optional rules: the exact plug-in :func:`optional_plug_in`
        (deal everything, then interval dynamic programming; not a search,
        so it takes no memo); with ``shortest`` the same table counts
        discards and keeps the fewest.
        """
        if self.rules.compulsory and shortest:
            return super().strategy(start, shortest=True)
        return compose(self.plan, self._factories(start, memo, fewest=shortest))

    def factories(self, start: DecadeState, *, memo: Memo | None = None) -> dict[str, Factory]:
        """The plan's members for ``start`` (see :meth:`strategy`): ``depth-first`` under
        compulsory rules, ``intervals`` under optional ones, and ``compulsory depth-first``
        (the difficulty's search, see :meth:`difficulty`); a member under the other rules
        does not apply."""
        return self._factories(start, memo)

    def _factories(
        self, start: DecadeState, memo: Memo | None, *, fewest: bool = False
    ) -> dict[str, Factory]:
        """:meth:`factories`, the plug-in counting discards when ``fewest``."""
        # Card values as bytes: one C call each, and indexing gives ints.
        line = bytes(start.line).translate(_VALUE_BYTES)
        stock = bytes(start.stock[start.dealt :]).translate(_VALUE_BYTES)
        compulsory = self.rules.compulsory
        shape = self._shape

        def depth_first() -> Strategy | None:
            if not compulsory:
                return None
            # The whole stock, dealt cards included, so that keys are the same
            # for every position of the deal.
            whole = bytes(start.stock).translate(_VALUE_BYTES)
            model = CompulsoryModel(shape, line, whole, start.dealt)

            def any_line(budget: Budget) -> Run:
                depth = 0 if model.lead is None else model.lead[1]
                return dfs(model, model.start, budget, depth=depth, memo=memo)

            return projected(any_line, model.lift)

        def intervals() -> Strategy | None:
            if compulsory:
                return None

            def plug_in(budget: Budget) -> Run:
                return optional_plug_in(line, stock, shape, budget, fewest=fewest)

            return plug_in

        def compulsory_depth_first() -> Strategy | None:
            if compulsory:
                return None
            model = CompulsoryModel(shape, line, stock)
            depth = 0 if model.lead is None else model.lead[1]
            return lambda budget: dfs(model, model.start, budget, depth=depth)

        return {
            "depth-first": depth_first,
            "intervals": intervals,
            "compulsory depth-first": compulsory_depth_first,
        }

    def difficulty(self, state: DecadeState, result: SolveResult[DecadeMove]) -> int | None:
        """The difficulty figure of a won deal (see :meth:`.Game.difficulty`).

        Under compulsory rules, the binary digits of the branch points the
        search expanded. Optional rules are solved by a table, not a search,
        so there is no search effort to measure; the figure asks the
        compulsory search instead, a second solve: the plan's ``difficulty``
        member (``compulsory depth-first``), whose cap is its states limit.
        A deal won while always discarding when a run is there takes that
        search's figure; one that needs some run left alone takes
        :data:`HOLDING_BACK` more than the figure of the compulsory search
        that proved discarding always loses. ``None`` when that search
        reaches its cap (no deal of 1..100,000 comes near it) or the plan
        has no such member.
        """
        if result.status is not Status.WON:
            return None
        line = bytes(state.line).translate(_VALUE_BYTES)
        stock = bytes(state.stock[state.dealt :]).translate(_VALUE_BYTES)
        model = CompulsoryModel(self._shape, line, stock)
        # The start counts as a branch point expanded even when the model
        # follows the chain before the first choice as it is built: the
        # figure measures the deal, not that shortcut of the search.
        lead = model.lead is not None
        if self.rules.compulsory:
            return (result.stats.expanded + lead).bit_length()
        member = self.plan.difficulty
        search = None if member is None else member_strategy(member, self.factories(state))
        if member is None or search is None:
            return None
        cap = None if member.cap is None else member.cap.for_limits(Limits())
        compulsory = solve(search, Limits(max_states=cap))
        if compulsory.status is Status.UNKNOWN:
            return None
        figure = (compulsory.stats.expanded + lead).bit_length()
        return figure if compulsory.won else HOLDING_BACK + figure

    def parse_move(self, text: str) -> DecadeMove:
        """``d`` (or ``deal``) deals; ``xA-B`` discards positions A to B (from 1)."""
        m = _MOVE.match(text)
        if m is None:
            raise BadMoveError(f"bad decade move {text!r}: expected d or xA-B, such as x2-4")
        if m.group(1):
            return DEAL
        a, b = int(m.group(2)), int(m.group(3))
        if a < 1 or b < a:
            raise BadMoveError(f"bad decade move {text!r}: positions count from 1 and A <= B")
        return DecadeMove(a - 1, b - a + 1)

    def describe(self, state: DecadeState, move: DecadeMove) -> str:
        """``deal 9C`` or ``discard 3D 7C (positions 1-2, total 10)``."""
        if move.is_deal:
            return f"deal {card_text(state.stock[state.dealt])}"
        cards = state.line[move.start : move.start + move.length]
        total = sum(card_value(c) for c in cards)
        where = f"positions {move.start + 1}-{move.start + move.length}"
        return f"discard {cards_text(cards)} ({where}, total {total})"

    def show(self, state: DecadeState) -> str:
        """The line and the stock."""
        rest = state.remaining
        nxt = f", next {card_text(rest[0])}" if rest else ""
        return f"line:  {cards_text(state.line) or '(empty)'}\nstock: {len(rest)} cards{nxt}"

    def scene(self, state: DecadeState) -> Scene:
        """The layout of :mod:`.decade_scene`: stock and discards, the line in rows below."""
        return layout.scene(state)

    def move_places(self, state: DecadeState, move: DecadeMove) -> MovePlaces:
        """Where ``move`` starts and ends on :meth:`scene` (:func:`.decade_scene.move_places`)."""
        return layout.move_places(state, move)

    # ------------------------------------------------------------ what a player sees

    face_down = True

    def mask(self, state: DecadeState) -> DecadeState:
        """The stock is face down: the player sees the line and the discarded cards."""
        left = len(state.stock) - state.dealt
        if not left:
            return state
        return DecadeState(state.line, state.stock[: state.dealt] + (HIDDEN,) * left, state.dealt)

    def visible_cards(self, state: DecadeState) -> list[Card]:
        """The cards dealt: the line's and the discarded ones."""
        return list(state.stock[: state.dealt])

    def fill(self, state: DecadeState, cards: Sequence[Card]) -> DecadeState:
        """The stock's hidden cards, next first."""
        rest = state.stock[state.dealt :]
        if len(cards) != rest.count(HIDDEN):
            raise ValueError(f"decade: {len(cards)} cards for {rest.count(HIDDEN)} hidden places")
        it = iter(cards)
        filled = tuple(next(it) if c == HIDDEN else c for c in rest)
        return DecadeState(state.line, state.stock[: state.dealt] + filled, state.dealt)

    def has_hidden(self, state: DecadeState) -> bool:
        """Whether some stock card is hidden."""
        return HIDDEN in state.stock

    def fair_move(self, seen: Seen[DecadeState]) -> DecadeMove | None:
        """Under optional rules, with cards in the stock: the deal.

        A winning line still wins with every deal moved to its front (see
        :func:`_optional_groups`), so dealing first loses nothing, whatever
        the hidden cards are, and it shows every card: a player who deals
        the whole stock first then sees the whole position and wins exactly
        the deals that can be won. Her fair chance is the thoughtful one.
        """
        state = seen.state
        if self.rules.compulsory or state.dealt == len(state.stock):
            return None
        return DEAL

    def fair_values(self, seen: Seen[DecadeState]) -> list[Fraction] | None:
        """Under compulsory rules, exact by :mod:`.decade_exact`, with at most
        :data:`EXACT_FAIR_HIDDEN` cards hidden and within :data:`EXACT_FAIR_NODES` states;
        else ``None``.

        What the player sees is the line's values and the unseen values (the
        rules look at nothing else), which is what the exact method keys by.
        Under optional rules its states cost about a hundred times more (the
        sets of stacks a line reaches), so the hint keeps its general methods.
        """
        if not self.rules.compulsory or not 0 < seen.hidden <= EXACT_FAIR_HIDDEN:
            return None
        from .decade_exact import NodeLimitReached, move_values

        line = [card_value(c) for c in seen.state.line]
        unseen = [card_value(c) for c in seen.unseen]
        try:
            values = move_values(self.rules, line, unseen, max_nodes=EXACT_FAIR_NODES)
        except NodeLimitReached:
            return None
        by_move = {v.move: v.value for v in values}
        return [by_move[m] for m in self.legal_moves(seen.state)]

    # ------------------------------------------------------------ position files

    def position_fields(self, state: DecadeState) -> list[tuple[str, str]]:
        """``line``, ``stock`` (next card first) and ``discarded``."""
        present = set(state.line) | set(state.remaining)
        discarded = [c for c in state.stock if c not in present]
        return [
            ("line", cards_text(state.line)),
            ("stock", cards_text(state.remaining)),
            ("discarded", cards_text(sorted(discarded))),
        ]

    def parse_position(self, reader: FieldReader) -> DecadeState:
        """Read ``line``, ``stock`` (next card first) and ``discarded``.

        Every card of the deck must appear exactly once, or, in the stock,
        as ``??``: a face-down card, one of those the file shows nowhere
        (what a player sees, to be hinted fairly). With nothing discarded and
        fewer than three cards in the line, the start of play deals up to
        three (so a deal may be given as a stock alone). Positions that no
        play reaches are refused where that is certain and cheap to see; see
        :meth:`_unreachable`.
        """
        piles: dict[str, list[Card]] = {}
        fields = {label: reader.take(label, "") for label in ("line", "stock", "discarded")}
        seen: dict[int, str] = {}
        for label, field in fields.items():
            try:
                piles[label] = parse_cards(field.text, hidden=label == "stock")
            except BadCardError as exc:
                raise reader.error(f"{label}: {exc}", field) from None
            for c in piles[label]:
                if c == HIDDEN:
                    continue
                if c in seen:
                    where = f"in {seen[c]} and {label}" if seen[c] != label else f"in {label}"
                    raise reader.error(f"card {card_text(c)} appears twice ({where})", field)
                seen[c] = label
        reader.finish()
        hidden = piles["stock"].count(HIDDEN)
        missing = [card_text(c) for c in range(52) if c not in seen]
        if len(missing) != hidden:
            if not hidden:
                raise reader.error(f"{count_text(len(missing))} missing: {' '.join(missing)}")
            raise reader.error(
                f"stock: {hidden} hidden (??) but {count_text(len(missing))} not shown "
                f"anywhere ({' '.join(missing) or 'none'}): the hidden cards are those",
                fields["stock"],
            )
        if hidden and not piles["discarded"] and len(piles["line"]) < START_CARDS:
            raise reader.error(
                f"line: the start deals {START_CARDS} cards face up before any discard; "
                "write them in the line",
                fields["line"],
            )
        # The discarded cards go first in ``stock`` as if dealt long ago, so that
        # position_fields finds them again (the order among them plays no part).
        gone, line = tuple(sorted(piles["discarded"])), tuple(piles["line"])
        state = DecadeState(line, gone + line + tuple(piles["stock"]), len(gone) + len(line))
        if not piles["discarded"]:
            # Before the first discard the deal puts three cards in the line.
            while len(state.line) < START_CARDS and state.dealt < len(state.stock):
                state = self.apply(state, DEAL)
        unreachable = self._unreachable(piles)
        if unreachable is not None:
            label, message = unreachable
            raise reader.error(message, fields[label])
        return state

    def _unreachable(self, piles: dict[str, list[Card]]) -> tuple[str, str] | None:
        """Why no legal play reaches these piles, and the label to blame; None if it may.

        Each check follows from one rule alone, so it never refuses a
        reachable position:

        - every discard removes one run, of ``min_run`` to ``max_run`` cards
          adding up to one of ``sums``; so the number of discarded cards is a
          sum of allowed run lengths and their total value a sum of allowed
          totals;
        - with compulsory discards and nothing discarded yet, every card
          after the first three was dealt onto a line without a run; so the
          line without its last card has no run once it holds more than three.

        Other positions with runs in the line are reachable (a deal, or the
        closing up after a discard, makes a new run), so they are accepted.
        """
        discarded = piles["discarded"]
        if discarded:
            counts, totals = _discard_sums(self._min, self._max, self._sums)
            n = len(discarded)
            if not counts[n]:
                return "discarded", (
                    f"{n} cards discarded: runs have {self._run_lengths_text()} cards, "
                    "so no play discards that many"
                )
            total = sum(card_value(c) for c in discarded)
            if not totals[total]:
                sums = ", ".join(str(s) for s in sorted(self._sums))
                return "discarded", (
                    f"discarded cards add up to {total}: each run adds up to one of {sums}, "
                    "so no play discards these cards"
                )
        line = tuple(piles["line"])
        if self.rules.compulsory and not discarded and len(line) > START_CARDS:
            runs = self.runs(line[:-1])
            if runs:
                run = line[runs[0].start : runs[0].start + runs[0].length]
                return "line", (
                    f"run {cards_text(run)} in the line before its last card, with nothing "
                    "discarded: discards are compulsory, so it would have gone before the "
                    "next card was dealt"
                )
        return None

    def _run_lengths_text(self) -> str:
        if self._max is None:
            return f"at least {self._min}"
        if self._max == self._min:
            return f"exactly {self._min}"
        return f"{self._min} to {self._max}"


DECK_VALUE = sum(card_value(c) for c in range(52))
"""The total value of the deck: 340."""


def _sums_of(parts: list[int], limit: int) -> tuple[bool, ...]:
    """For each n from 0 to ``limit``: whether n is a sum of ``parts`` (repeats allowed)."""
    ok = [True] + [False] * limit
    for n in range(1, limit + 1):
        ok[n] = any(ok[n - p] for p in parts if p <= n)
    return tuple(ok)


@functools.cache
def _discard_sums(
    min_run: int, max_run: int | None, sums: frozenset[int]
) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Which numbers of discarded cards, and which totals of their values, discards can give.

    Every discard removes one run of ``min_run`` to ``max_run`` cards adding
    up to one of ``sums``; the discarded cards are a union of such runs.
    """
    longest = 52 if max_run is None else max_run
    counts = _sums_of(list(range(min_run, longest + 1)), 52)
    totals = _sums_of([s for s in sums if s <= DECK_VALUE], DECK_VALUE)
    return counts, totals


PRESETS = (
    Preset(
        "decade",
        Decade,
        DecadeRules(),
        "One deck, dealt one card at a time into a line (three to start). Two or more "
        "neighbouring cards adding up to 10, 20 or 30 (ace 1, pictures 10) are a run and are "
        "discarded, and while there is a run one must be: only then is the next card dealt. "
        "Won when all 52 cards are discarded.",
        plan=PLAN,
    ),
    Preset(
        "decade-optional",
        Decade,
        DecadeRules(compulsory=False),
        "Decade as PySolFC plays it (game 816): the same, but discarding a run is up to "
        "the player, who may deal the next card instead.",
        plan=PLAN,
    ),
)
