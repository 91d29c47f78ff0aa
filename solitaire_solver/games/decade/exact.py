"""Decade's fair value: the best chance of winning when the stock is face down.

The solvers of :mod:`.solver` are *thoughtful*: they see every card. A player
sees the line but not the order of the stock; she knows which cards are still
to come (the deck less the line and the discarded cards). The rules look only
at card values, so her *information state* is the line as a tuple of values
(left to right) and the multiset of unseen values. Its *fair value* is the best
probability of winning, over all strategies that see only information states,
when the stock is a uniformly random order of the unseen cards. This module
computes it exactly, as an expectimax: at a deal the next card is value v with
probability count(v) / total; at a choice the player takes the best move.

Exact arithmetic with whole numbers
-----------------------------------
Let N(U) be the number of distinct orders of the values of a multiset U
(u! over the product of count(v)!). Every value is a rational with
denominator N(U): write W = value * N(U). Since N(U) * count(v) / u = N(U - v),
a deal is ``W = sum over the distinct values v in U of W(child after v)``
(the children after one v share the multiset U - v, so a choice among them is
a plain ``max``). So the recursion adds and compares whole numbers only, and
W is the number of orders of the unseen cards that the best strategy wins.
The value is ``Fraction(W, N(U))``.

Compulsory rules (preset ``decade``): the line is a stack
----------------------------------------------------------
While a run exists one must be discarded, and a card is dealt only onto a
line without runs. After a deal every new run holds the card just dealt (the
line had none), so runs are suffixes of the line; discarding one leaves a
prefix of a line without runs, which has none. So after the start every deal
meets a run-free line, produces zero or more suffix runs, and the player's
only choice is which suffix to discard (which prefix to keep). The memo key
is that run-free line and the unseen multiset; nothing smaller is exact in
general, since every card must go and any of the line's prefix totals may
become the end of a later run. With runs of two cards or more and no shorter
limit than the largest sum (both presets), the line is kept as the bit set of
its prefix totals (:class:`_Stack`); other knobs use tuples of values
(:class:`_Lines`). Both compute the same numbers, and the tests compare them.

What is not folded, and why: every card must go, so no part of the line is
inert. A prefix total x of the line ends a later run as soon as the cards
above it are brought down to less than the largest sum, and since
neighbouring prefix totals differ by at most 10 (a card) no stretch of the
line is out of reach of that in principle; a line that can never empty is
caught by the zero test below instead. The unseen multiset is needed whole,
as it sets the chances. (An exact table keyed by the line's top part alone
fails for the same reason: with u cards to come the value depends on the
prefix totals down to ``T - 29u``, which is all of any line still worth
more than 0.)

Bounds, each sound:

- *No arrangement can win* (value 0), with u cards still to deal and R the
  total value of the line and the unseen cards: each deal makes at most one
  discard (discarding leaves a run-free line) and a discard removes at most
  the largest sum, at least the smallest, and ``min_run`` to ``max_run``
  cards. So the number of discards D must satisfy
  ``ceil(R / top) <= D <= min(u, R // smallest, cards // min_run)`` and
  ``D >= ceil(cards / longest)``; and R must be a multiple of the greatest
  common divisor of the sums. When no such D exists the state is worth 0.
  (The bit-set engine tests ``R <= top * u`` and the divisor only: with its
  knobs the other conditions hardly ever cut, and cost a call per state.)
- *A value is at most 1*: at a choice, once a child wins every order
  (W = N) the other runs are not tried.
- *Closed forms at the bottom*: with no card to come a run-free line is won
  exactly when it is empty; with one card v to come it is won exactly when
  the whole line and v make a run (any other run leaves cards behind). The
  bit-set engine works out two cards to come directly too (each of the two
  orders: the runs the first card makes, then whether the line kept and the
  last card make a run of the whole line), without storing them: they are
  the most numerous states and cheaper to redo than to keep.
- *A table* (:class:`FairTable`) of every state worth more than 0 with at
  most n unseen cards that fits in one deck: absent means 0. It is built
  backwards (each state worth more than 0 has a deal leading to one), and
  grows so fast that only n = 1 fits in memory (see the docs), which the
  closed forms cover already; it is kept as the measured answer to how far
  a complete table goes, and it checks the closed forms.

Optional rules (preset ``decade-optional``): fair equals thoughtful
-------------------------------------------------------------------
A run stays a run when cards are added at the right end, so any winning
line of play still wins with every deal moved to the front (see
:func:`.optional.optional_plug_in`). Hence, for every order of the stock, the
strategy "deal everything, then discard as well as possible" wins whenever
any strategy with full sight would, and it needs no sight of the stock:
once everything is dealt nothing is hidden. No strategy does better than
full sight, so the fair value of an optional position *equals* its
thoughtful value: the probability that the line followed by a random order
of the unseen cards can be emptied. Dealing is always a best move while the
stock has cards (a discard may be as good, never better;
:meth:`FairSolver.move_values` works discards out for a hint). The expectimax of the optional
rules therefore has no choices left: it is a sum over orders. The tests
check this against a plain expectimax that does try every discard.

Its memo key folds the line exactly. A line (followed by more cards) can be
emptied when its discards form groups that never cross, each of 2 or more
cards adding up to an allowed sum, the cards between two of a group's cards
emptied on their own. Reading cards left to right, the groups still open at
the reading point form a stack: each is kept as its total so far (and its
card count, where ``min_run`` or ``max_run`` make counts matter: a group may
close only when a card joins it, so with ``min_run`` 2 and no limit the count
plays no part). Which later cards complete the line depends on the line only
through the *set of stacks* reachable after reading it (:class:`_Reach`), so
that set is the key. Stacks that the unseen cards cannot complete are dropped
(each open group needs at least one more card and at least the gap to its
next allowed sum, and the groups take disjoint cards). Dropping them changes
no completion that uses exactly the unseen cards, so the values stay exact;
an empty set is worth 0. With no card left the line is won exactly when the
empty stack is in the set. (Every stack of one set has the same open total
modulo the sums' divisor, the line's total less whole groups, so that
condition is tested once, for the line.) The sets are stored as shared
tries of the stacks read from the top, each node made once, so that a card,
which changes only the tops, costs little and a set's node is its key.

The search
----------
This module holds the equations (what a deal leads to, what a choice is
between) and the bounds (which states are settled without a search); the
search itself is the engine's expectimax in whole numbers,
:class:`~...search.counting.Counting`, for which each of the three ways of
keeping a line (:class:`_Stack`, :class:`_Lines`, :class:`_Reach`) is a
problem. It runs under a :class:`~...search.budget.Budget`: ``max_nodes``
is the budget's state limit, and a limit reached raises
:class:`NodeLimitReached`.

What is out of reach
--------------------
The whole game (52 unseen cards) is far beyond this exact method for both
presets: the states grow by a factor of about 3 per unseen card (see
``docs/design/games/decade.md``, "The fair value: exact expectimax").
``benchmarks/games/decade_exact.py`` measures how far it gets and samples bounds.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from ...search.budget import Budget
from ...search.counting import Counting, Looked, OutOfBudget, Steps
from ...search.result import Limits
from .rules import (
    DEAL,
    START_CARDS,
    DecadeMove,
    DecadeRules,
    DecadeState,
    _all_runs,
    _RunShape,
    _suffix_runs,
    card_value,
)

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


NodeLimitReached = OutOfBudget
"""The expectimax reached its ``max_nodes``: the engine's :class:`~...search.counting.OutOfBudget`
under the name callers know."""


# ---------------------------------------------------------------- multisets


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
    return sum(c << _SHIFT[v] for v, c in enumerate(counts) if v)


def _unpack(packed: int) -> Counts:
    return (0, *((packed >> _SHIFT[v]) & _COUNT_MASK for v in _VALUES))


def _within_deck(line: Sequence[int], counts: Counts) -> bool:
    """Whether ``line`` and ``counts`` together fit in one deck (so one deal can hold them)."""
    used = list(counts)
    for v in line:
        used[v] += 1
    return all(used[v] <= DECK_COUNTS[v] for v in _VALUES)


# ---------------------------------------------------------------- results


@attrs.frozen
class ExactValue:
    """The fair value of an information state, or "unknown" when the node limit was reached.

    ``wins`` is the number of orders of the unseen values that the best
    strategy wins, out of ``orders``; ``value`` is their ratio. Statistics:
    states expanded by this call (``nodes``), entries in the memo after it
    (``memo_size``), and wall-clock ``seconds``.
    """

    value: Fraction | None
    wins: int | None
    orders: int
    best_moves: tuple[DecadeMove, ...]
    nodes: int
    memo_size: int
    seconds: float

    @property
    def known(self) -> bool:
        """Whether the value was found (the node limit was not reached)."""
        return self.value is not None

    @property
    def probability(self) -> float | None:
        """The value as a float, or ``None`` when it is unknown."""
        return None if self.value is None else float(self.value)


@attrs.frozen
class MoveValue:
    """A legal move of an information state and the fair value after it (``wins`` / ``orders``)."""

    move: DecadeMove
    wins: int
    orders: int

    @property
    def value(self) -> Fraction:
        """The fair value of the state after the move, exactly."""
        return Fraction(self.wins, self.orders)


# ---------------------------------------------------------------- run shapes


@attrs.frozen
class _Shape:
    """What makes a run, as the expectimax needs it: the solvers' :class:`~.rules._RunShape`
    and what the bounds add to it."""

    run: _RunShape
    sums: frozenset[int]
    top: int
    smallest: int
    divisor: int
    min_run: int
    longest: int
    """The most cards in a run; a run never has more cards than its largest sum."""
    limited: bool
    """Whether ``longest`` is shorter than ``top``, so that card counts of a run matter."""
    compulsory: bool

    @classmethod
    def of(cls, rules: DecadeRules) -> _Shape:
        run = _RunShape.of(rules)
        return cls(
            run=run,
            sums=run.sums,
            top=run.top,
            smallest=min(run.sums),
            divisor=math.gcd(*run.sums),
            min_run=run.min_run,
            longest=run.max_run,
            limited=run.max_run < run.top,
            compulsory=rules.compulsory,
        )

    def runs(self, line: Sequence[int]) -> list[tuple[int, int]]:
        """Every run of ``line`` as (start, length)."""
        return _all_runs(line, self.run)

    def may_win(self, remaining: int, cards: int, unseen: int) -> bool:
        """The sound test of the compulsory rules: whether some count of discards fits.

        ``remaining`` is the value of the line and the unseen cards, ``cards``
        their number, ``unseen`` the deals left (see the module's "Bounds").
        """
        if remaining == 0:
            return True
        if remaining % self.divisor:
            return False
        fewest = max(-(-remaining // self.top), -(-cards // self.longest))
        most = min(unseen, remaining // self.smallest, cards // self.min_run)
        return fewest <= most


# ---------------------------------------------------------------- compulsory rules


class _Engine:
    """What the three expectimax problems share: the rules' shape, the bounds' switch, the
    orders of a multiset, and the search (:class:`~...search.counting.Counting`) over
    their nodes, whose memo serves every call."""

    counting: Counting[Any]
    """The search, made by each problem once it is ready (its closures made)."""

    def __init__(self, shape: _Shape, bounds: bool) -> None:
        self.shape = shape
        self.bounds = bounds
        self._orders: dict[int, int] = {}

    @property
    def memo(self) -> dict[Hashable, int]:
        """The search's memo: W by key."""
        return self.counting.memo

    def orders_of(self, packed: int) -> int:
        """N(U) of a packed multiset, remembered."""
        n = self._orders.get(packed)
        if n is None:
            n = self._orders[packed] = _orders(_unpack(packed))
        return n

    def run_free(self, line: Sequence[int], packed: int) -> int:
        """W of a run-free line (compulsory rules) with the unseen multiset ``packed``."""
        counts = _unpack(packed)
        return self._run_free(line, packed, sum(counts), sum(v * c for v, c in enumerate(counts)))

    def _run_free(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        """W of a run-free line with ``u`` unseen cards worth ``tot``: the problem's own."""
        raise NotImplementedError


_StackNode = tuple[int, int, int, int]
"""A node of :class:`_Stack`: the line's bits, the packed unseen, their count and total."""


class _Stack(_Engine):
    """Compulsory rules, runs of 2 cards or more with no limit below the largest sum.

    A run-free line is kept as ``full``: bit ``top + x`` is set for each
    prefix total x of the line, the empty prefix and the whole line included
    (totals rise strictly, so they fix the line; the empty line is the single
    bit ``top``). A dealt v makes a run down to prefix total x exactly when
    ``T + v - x`` is an allowed sum, x not the whole line's total T: a shift
    and a mask. Discarding it keeps the bits up to ``top + x``.

    A problem of :class:`~...search.counting.Counting` over nodes
    (:data:`_StackNode`), keyed by :meth:`table_key`; its deals and the
    settling of a node are closures reading constants from the enclosing
    function.
    """

    def __init__(self, shape: _Shape, bounds: bool) -> None:
        super().__init__(shape, bounds)
        self.table: list[dict[int, int]] = [{}]
        """The table's values (in a one-element list, read by the closures)."""
        self.table_unseen = [-1]
        """Table lookups answer states with at most this many unseen cards (-1: none)."""
        self._settled = self._settler()
        self.counting = Counting(self, cut=bounds)

    @staticmethod
    def full_of(line: Sequence[int], top: int) -> int:
        """The bit set of a line's prefix totals, offset by ``top``."""
        full, total = 1 << top, 0
        for v in line:
            total += v
            full |= 1 << (total + top)
        return full

    @staticmethod
    def line_of(full: int, top: int) -> list[int]:
        """The line's values back from its bit set."""
        totals = [b - top for b in range(top, full.bit_length()) if full >> b & 1]
        return [b - a for a, b in itertools.pairwise(totals)]

    @staticmethod
    def table_key(full: int, packed: int) -> int:
        """The memo's and the table's key of a run-free line and an unseen multiset."""
        return full << _PACKED_BITS | packed

    def wins(self, full: int, packed: int, u: int, tot: int) -> int:
        """W of a run-free line (bits ``full``) with ``u`` unseen cards ``packed`` worth ``tot``."""
        return self.counting.wins((full, packed, u, tot))

    def _settler(self) -> Callable[[int, int, int, int, int], int | None]:
        """W of a node from its parts (and its line's total) when it is known without a
        search, else ``None``: a closure reading constants from the enclosing function, as
        the hot loop of the module."""
        shape, table, table_unseen = self.shape, self.table, self.table_unseen
        top, sums, bounds = shape.top, shape.sums, self.bounds
        divisor, bits, sum_bits = shape.divisor, _PACKED_BITS, shape.run.sum_bits

        def settled(full: int, total: int, packed: int, u: int, tot: int) -> int | None:
            if u > 2:
                # The zero test: with these knobs the other conditions of
                # _Shape.may_win follow from these two or hardly ever cut.
                if bounds and (total + tot > top * u or (total + tot) % divisor):
                    return 0
                if u <= table_unseen[0]:
                    return table[0].get(full << bits | packed, 0)
                return None
            if u <= 1:
                if u == 0:
                    return 0 if total else 1
                # One card v to come: only the run of the whole line and v wins.
                v = (packed.bit_length() - 1) // _FIELD + 1
                return 1 if total and total + v in sums else 0
            if bounds and (total + tot > top * u or (total + tot) % divisor):
                return 0
            # Two cards to come: each order worked out at once, no memo (the
            # most numerous states, and cheaper to redo than to store). The two
            # values are the highest and the lowest field set (equal: one order).
            below = full ^ (1 << (total + top))
            high = (packed.bit_length() - 1) // _FIELD + 1
            low = ((packed & -packed).bit_length() - 1) // _FIELD + 1
            acc = 0
            for v, last in ((low, high), (high, low)) if low != high else ((low, low),):
                grown = total + v
                hits = (below >> grown) & sum_bits
                if not hits:
                    acc += grown + last in sums
                    continue
                while hits:
                    low = hits & -hits
                    hits ^= low
                    keep = grown - top + low.bit_length() - 1  # the total kept
                    if keep and keep + last in sums:
                        acc += 1
                        break
            return acc

        return settled

    def look(self, node: _StackNode) -> Looked:
        """What the search sees of a node: settled, or keyed (:meth:`table_key`)."""
        full, packed, u, tot = node
        w = self._settled(full, full.bit_length() - self.shape.top - 1, packed, u, tot)
        if w is None:
            return self.table_key(full, packed), node
        return None, w

    def dealer(self, steps: Steps) -> Callable[[_StackNode], int]:
        """The deals of a node, added up: a closure over the search's steps. A dealt card
        that makes one run leaves no choice (that run must go), so it is dealt as a card
        that makes none: only two runs or more are a choice for the search."""
        found, search, choose = steps
        settled, known_orders, orders_of = self._settled, self._orders, self.orders_of
        shape, bounds, table_unseen = self.shape, self.bounds, self.table_unseen
        top, sum_bits, bits, divisor = shape.top, shape.run.sum_bits, _PACKED_BITS, shape.divisor
        top1 = top + 1
        cards = [(v, _SHIFT[v], _UNIT[v]) for v in _VALUES]

        def deal(node: _StackNode) -> int:
            full, packed, u, tot = node
            total = full.bit_length() - top1
            below = full ^ (1 << (total + top))
            left = u - 1
            # When the nodes that follow have three cards or more to come and the table
            # holds none of them, the zero test is all that settles them: it is worked
            # out here, rather than in a call per node.
            deep = left > 2 and left > table_unseen[0]
            room = top * left
            acc = 0
            for v, shift, unit in cards:
                if not (packed >> shift) & _COUNT_MASK:
                    continue
                rest, worth = packed - unit, tot - v
                grown = total + v
                hits = (below >> grown) & sum_bits
                if not hits & (hits - 1):
                    if hits:
                        # The run adds up to top - b (b its bit): keep totals up to grown - that.
                        keep = grown + hits.bit_length() - 1
                        line, kept = full & ((2 << keep) - 1), keep - top
                    else:
                        line, kept = full | (1 << (grown + top)), grown
                    if deep:
                        worth_all = kept + worth
                        w = 0 if bounds and (worth_all > room or worth_all % divisor) else None
                    else:
                        w = settled(line, kept, rest, left, worth)
                    if w is None:
                        at = line << bits | rest
                        w = found(at)
                        if w is None:
                            w = search((line, rest, left, worth), at)
                    acc += w
                    continue
                options: list[Looked] = []
                while hits:
                    low = hits & -hits
                    hits ^= low
                    keep = grown + low.bit_length() - 1
                    line = full & ((2 << keep) - 1)
                    w = settled(line, keep - top, rest, left, worth)
                    if w is None:
                        options.append((line << bits | rest, (line, rest, left, worth)))
                    else:
                        options.append((None, w))
                most = known_orders.get(rest)
                if most is None:
                    most = orders_of(rest)
                acc += choose(most, options)
            return acc

        return deal

    def _run_free(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        return self.wins(self.full_of(line, self.shape.top), packed, u, tot)


_LinesNode = tuple[tuple[int, ...], int, int, int, int]
"""A node of :class:`_Lines`: the line, its total, the packed unseen, their count and total."""


class _Lines(_Engine):
    """Compulsory rules under any knobs: run-free lines as tuples of values, a problem of
    :class:`~...search.counting.Counting` over nodes (:data:`_LinesNode`)."""

    def __init__(self, shape: _Shape, bounds: bool) -> None:
        super().__init__(shape, bounds)
        self.counting = Counting(self, cut=bounds)

    def settled(self, node: _LinesNode) -> int | None:
        """W of a node with at most one card to come, or that no arrangement wins."""
        line, total, packed, u, tot = node
        if u == 0:
            return 0 if line else 1
        shape = self.shape
        m = len(line)
        if u == 1:
            v = (packed.bit_length() - 1) // _FIELD + 1
            whole = m >= 1 and shape.min_run <= m + 1 <= shape.longest and total + v in shape.sums
            return 1 if whole else 0
        if self.bounds and not shape.may_win(total + tot, m + u, u):
            return 0
        return None

    def key(self, node: _LinesNode) -> tuple[tuple[int, ...], int]:
        """The memo's key: the line and the unseen multiset."""
        return node[0], node[2]

    def look(self, node: _LinesNode) -> Looked:
        """What the search sees of a node: settled, or keyed."""
        w = self.settled(node)
        return (self.key(node), node) if w is None else (None, w)

    def dealer(self, steps: Steps) -> Callable[[_LinesNode], int]:
        """The deals of a node, added up: per card, the line with it, or the best of the
        lines kept after each run it makes."""
        found, search, choose = steps
        settled, key, look, orders_of = self.settled, self.key, self.look, self.orders_of
        run_shape = self.shape.run

        def deal(node: _LinesNode) -> int:
            line, total, packed, u, tot = node
            acc = 0
            for v in _VALUES:
                if not (packed >> _SHIFT[v]) & _COUNT_MASK:
                    continue
                rest = packed - _UNIT[v]
                grown = (*line, v)
                # The runs that end at the dealt card: (cards kept, their total).
                kept = [(j, total + v - sum(grown[j:])) for j, _n in _suffix_runs(grown, run_shape)]
                if kept:
                    options = [look((line[:j], left, rest, u - 1, tot - v)) for j, left in kept]
                    acc += choose(orders_of(rest), options)
                    continue
                child = (grown, total + v, rest, u - 1, tot - v)
                w = settled(child)
                if w is None:
                    at = key(child)
                    w = found(at)
                    if w is None:
                        w = search(child, at)
                acc += w
            return acc

        return deal

    def _run_free(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        return self.counting.wins((tuple(line), sum(line), packed, u, tot))


# ---------------------------------------------------------------- optional rules

_Stk = tuple[int, ...]
"""A stack of open groups, bottom first; a group is ``total << 6 | cards``."""
_Edges = tuple[tuple[int, int], ...]
"""A trie node's edges: (top group, node below) pairs."""
_ReachState = tuple[int, int, int, int]
"""A state of :class:`_Reach`: the trie node of its stacks, the packed unseen, their count
and total."""


class _Reach(_Engine):
    """Optional rules: the sum over orders, keyed by the set of reachable stacks of open groups.

    See the module's "Optional rules". A group's card count is kept only as
    far as it matters: with no limit on a run's length, counts from
    ``min_run - 1`` up behave alike (the count is checked when a card joins,
    against ``min_run``).

    A set of stacks is stored as a trie read from the top of the stacks down,
    each node interned (equal sets of stacks are one node, so a node's number
    is a canonical key) and shared: a card changes only the tops, so most of
    the trie carries over from one state to the next. A node is
    ``(bottom, edges)``: ``bottom`` when the set holds the empty stack,
    ``edges`` the (top group, node of the stacks below it) pairs, one per
    group, in order.

    A problem of :class:`~...search.counting.Counting` over states
    (:data:`_ReachState`), with no choices.
    """

    EMPTY = 0
    """The node of the empty set of stacks."""
    BOTTOM = 1
    """The node of the set holding only the empty stack."""

    def __init__(self, shape: _Shape, bounds: bool) -> None:
        super().__init__(shape, bounds)
        self.cap = shape.longest if shape.limited else max(1, shape.min_run - 1)
        # Per group code: (value still needed, cards still needed), for the pruning.
        self.need: dict[int, tuple[int, int]] = {}
        for total in range(1, shape.top + 1):
            for cards in range(1, self.cap + 1):
                need = self._need(total, cards)
                if need is not None:
                    self.need[total << 6 | cards] = need
        self.needs: list[tuple[int, int] | None] = [None] * ((shape.top + 1) << 6)
        """The same by code, as a list for the hot loops."""
        for code, need in self.need.items():
            self.needs[code] = need
        self.nodes: list[tuple[bool, _Edges]] = []
        self.most: list[tuple[int, int]] = []
        """Per node: the most value and the most cards any of its stacks still needs."""
        self.ids: dict[tuple[bool, _Edges], int] = {}
        self.intern(False, ())
        self.intern(True, ())
        self.unions: dict[tuple[int, int], int] = {}
        self.grown: list[list[tuple[int, bool] | None]] = [[]] + [
            [self.grow(code, v) for code in range((shape.top + 1) << 6)] for v in _VALUES
        ]
        """:meth:`grow` by card value and group code, worked out once."""
        self.pruned: dict[tuple[int, int, int], int] = {}
        self.counting = Counting(self, cut=bounds)

    def _need(self, total: int, cards: int) -> tuple[int, int] | None:
        """Least value and cards a group must still take to close; ``None`` if it never can."""
        shape = self.shape
        more = max(1, shape.min_run - cards)  # a group closes only as a card joins it
        room = shape.longest - cards if shape.limited else shape.top
        if more > room:
            return None
        gaps = [s - total for s in shape.sums if more <= s - total <= 10 * room]
        return (min(gaps), more) if gaps else None

    def feasible(self, stack: _Stk, n: int, tot: int) -> bool:
        """Whether ``n`` unseen cards adding up to ``tot`` might still complete ``stack``."""
        value = cards = open_total = 0
        need = self.need
        for g in stack:
            got = need.get(g)
            if got is None:
                return False
            value += got[0]
            cards += got[1]
            open_total += g >> 6
        return value <= tot and cards <= n and (tot + open_total) % self.shape.divisor == 0

    def intern(self, bottom: bool, edges: _Edges) -> int:
        """The node of these stacks, made once."""
        key = (bottom, edges)
        node = self.ids.get(key)
        if node is None:
            node = self.ids[key] = len(self.nodes)
            self.nodes.append(key)
            value = cards = 0
            needs, most = self.needs, self.most
            for g, below in edges:
                a_k = needs[g] or (0, 0)
                below_value, below_cards = most[below]
                if a_k[0] + below_value > value:
                    value = a_k[0] + below_value
                if a_k[1] + below_cards > cards:
                    cards = a_k[1] + below_cards
            self.most.append((value, cards))
        return node

    def union(self, a: int, b: int) -> int:
        """The node of the stacks of ``a`` and those of ``b``."""
        if a == b or b == self.EMPTY:
            return a
        if a == self.EMPTY:
            return b
        key = (a, b) if a < b else (b, a)
        node = self.unions.get(key)
        if node is None:
            (bottom_a, edges_a), (bottom_b, edges_b) = self.nodes[a], self.nodes[b]
            merged = dict(edges_a)
            for g, below in edges_b:
                merged[g] = self.union(merged[g], below) if g in merged else below
            node = self.unions[key] = self.intern(
                bottom_a or bottom_b, tuple(sorted(merged.items()))
            )
        return node

    def prune(self, node: int, value: int, cards: int) -> int:
        """The stacks of ``node`` that take at most ``value`` and ``cards`` more to complete.

        No test of the open totals modulo the sums' divisor is needed here:
        every stack of one set has the same open total modulo it (the line's
        total less whole groups), so that test passes or fails for the whole
        set at once (see :meth:`line_wins`).
        """
        most_value, most_cards = self.most[node]
        if most_value <= value and most_cards <= cards:
            return node
        # Budgets above what any stack needs cut nothing: clamp them, so that more calls agree.
        key = (
            node,
            value if value < most_value else most_value,
            cards if cards < most_cards else most_cards,
        )
        got = self.pruned.get(key)
        if got is not None:
            return got
        bottom, edges = self.nodes[node]
        needs, most = self.needs, self.most
        kept = []
        for g, below in edges:
            a_k = needs[g]
            if a_k is None or a_k[0] > value or a_k[1] > cards:
                continue
            value2, cards2 = value - a_k[0], cards - a_k[1]
            below_value, below_cards = most[below]
            if below_value > value2 or below_cards > cards2:
                below = self.prune(below, value2, cards2)
                if not below:
                    continue
            kept.append((g, below))
        got = self.pruned[key] = self.intern(bottom, tuple(kept))
        return got

    def grow(self, code: int, v: int) -> tuple[int, bool] | None:
        """A group after card v joins: (new code, whether it may close now), or ``None``."""
        shape = self.shape
        total, cards = (code >> 6) + v, code & 63
        if total > shape.top or (shape.limited and cards >= shape.longest):
            return None
        closes = cards + 1 >= shape.min_run and total in shape.sums
        return total << 6 | min(cards + 1, self.cap), closes

    def advance(self, node: int, v: int, n: int, tot: int) -> int:
        """The stacks after card v, keeping those that ``n`` cards adding to ``tot`` may complete.

        Every stack may open a new group with v; the top group of each may
        take v, and then close when it may (the stacks below come up).
        """
        edges: dict[int, int] = {v << 6 | 1: node}
        bottom = False
        union = self.union

        def add(g: int, below: int) -> None:
            edges[g] = union(edges[g], below) if g in edges else below

        grow = self.grown[v]
        for g, below in self.nodes[node][1]:
            grown = grow[g]
            if grown is None:
                continue
            add(grown[0], below)
            if grown[1]:
                under_bottom, under = self.nodes[below]
                bottom = bottom or under_bottom
                for h, deeper in under:
                    add(h, deeper)
        out = self.intern(bottom, tuple(sorted(edges.items())))
        if self.bounds:
            most_value, most_cards = self.most[out]
            if most_value > tot or most_cards > n:
                out = self.prune(out, tot, n)
        return out

    def wins(self, node: int, packed: int, n: int, tot: int) -> int:
        """W of the stacks of trie ``node`` with ``n`` unseen cards ``packed`` worth ``tot``."""
        return self.counting.wins((node, packed, n, tot))

    def settled(self, state: _ReachState) -> int | None:
        """W of a state with no card to come, or with no stack left to complete."""
        node, _packed, n, _tot = state
        if n == 0:
            return 1 if self.nodes[node][0] else 0
        return 0 if node == self.EMPTY else None

    def key(self, state: _ReachState) -> int:
        """The memo's key: the trie node and the unseen multiset."""
        return state[0] << _PACKED_BITS | state[1]

    def look(self, state: _ReachState) -> Looked:
        """What the search sees of a state: settled, or keyed."""
        w = self.settled(state)
        return (self.key(state), state) if w is None else (None, w)

    def dealer(self, steps: Steps) -> Callable[[_ReachState], int]:
        """The deals of a state, added up: per card, the stacks after it (no choice: dealing
        everything is best)."""
        found, search, _choose = steps
        advance, settled, key = self.advance, self.settled, self.key

        def deal(state: _ReachState) -> int:
            node, packed, n, tot = state
            acc = 0
            for v in _VALUES:
                if (packed >> _SHIFT[v]) & _COUNT_MASK:
                    child = (advance(node, v, n - 1, tot - v), packed - _UNIT[v], n - 1, tot - v)
                    w = settled(child)
                    if w is None:
                        at = key(child)
                        w = found(at)
                        if w is None:
                            w = search(child, at)
                    acc += w
            return acc

        return deal

    def node_of(self, stacks: Iterable[_Stk]) -> int:
        """The trie node of a set of stacks (bottom first)."""
        bottom = False
        by_top: dict[int, list[_Stk]] = {}
        for s in stacks:
            if s:
                by_top.setdefault(s[-1], []).append(s[:-1])
            else:
                bottom = True
        edges = tuple(sorted((g, self.node_of(rest)) for g, rest in by_top.items()))
        return self.intern(bottom, edges)

    def reach_of(self, line: Sequence[int], n: int, tot: int) -> frozenset[_Stk]:
        """The stacks of open groups reachable after reading ``line`` (pruned for the unseen).

        Worked from the right so that pruning applies at once: a stack after
        the line is an emptied stretch, then the first open group's cards
        (with emptied gaps between them), an emptied stretch, the next
        group, and so on, ending in an emptied stretch. ``ends[q]`` holds
        every t such that ``line[q:t]`` can be emptied on its own;
        ``chains[a]`` every (last card, cards, total) of a group whose first
        card is ``a``; ``tails[q]`` the stacks' upper parts that
        ``line[q:]`` can be.
        """
        shape, m = self.shape, len(line)
        top, sums, lo = shape.top, shape.sums, shape.min_run
        close_cap = shape.longest if shape.limited else lo
        ends: list[set[int]] = [set() for _ in range(m + 1)]
        ends[m].add(m)
        chains: list[set[tuple[int, int, int]]] = [set() for _ in range(m)]
        for a in range(m - 1, -1, -1):
            first = (a, 1, line[a])
            seen, todo = {first}, [first]
            while todo:
                b, cards, total = todo.pop()
                if shape.limited and cards >= shape.longest:
                    continue
                for j in ends[b + 1]:
                    if j < m and total + line[j] <= top:
                        nxt = (j, min(cards + 1, close_cap), total + line[j])
                        if nxt not in seen:
                            seen.add(nxt)
                            todo.append(nxt)
            chains[a] = seen
            reach = {a}
            for b, cards, total in seen:
                if cards >= lo and total in sums:
                    reach |= ends[b + 1]
            ends[a] = reach
        bounds, need = self.bounds, self.need
        # tails[q]: (stack, value needed, cards needed) for the part from q on.
        tails: list[dict[_Stk, tuple[int, int]]] = [{} for _ in range(m + 1)]
        tails[m][()] = (0, 0)
        for q in range(m - 1, -1, -1):
            here: dict[_Stk, tuple[int, int]] = {}
            if m in ends[q]:
                here[()] = (0, 0)
            for a in ends[q]:
                if a == m:
                    continue
                for b, cards, total in chains[a]:
                    code = total << 6 | min(cards, self.cap)
                    got = need.get(code)
                    if got is None:
                        if bounds:
                            continue
                        got = (0, 0)
                    for tail, (value, more) in tails[b + 1].items():
                        value2, more2 = value + got[0], more + got[1]
                        if bounds and (value2 > tot or more2 > n):
                            continue
                        here[(code, *tail)] = (value2, more2)
            tails[q] = here
        stacks = tails[0].keys()
        if bounds:
            return frozenset(s for s in stacks if self.feasible(s, n, tot))
        return frozenset(stacks)

    def line_wins(self, line: Sequence[int], packed: int) -> int:
        """W of a line under optional rules: the orders after which the whole line empties."""
        counts = _unpack(packed)
        n = sum(counts)
        tot = sum(v * c for v, c in enumerate(counts))
        if (sum(line) + tot) % self.shape.divisor:
            return 0  # every group adds up to a multiple of the divisor
        return self.wins(self.node_of(self.reach_of(line, n, tot)), packed, n, tot)


# ---------------------------------------------------------------- the table


@attrs.define
class FairTable:
    """Exact values of every information state with at most ``max_unseen`` unseen cards.

    Compulsory rules with runs of two cards or more and no shorter limit
    than the largest sum (preset ``decade``). The table holds every
    run-free line and unseen multiset that fit in one deck together and
    whose value is above 0, keyed as the expectimax keys them; a state that
    fits in one deck and is absent is worth 0. It is built level by level
    backwards (:meth:`build`): a state with n unseen cards is worth more
    than 0 exactly when some deal leads to a state worth more than 0 with
    n - 1 unseen, so the states of level n are the predecessors of level
    n - 1: deal back the line's last card into the stock, or put back a
    run's cards (a run-free extension of the line whose values and the
    dealt card add up to an allowed sum).
    """

    rules: DecadeRules
    max_unseen: int
    values: dict[int, int]
    """Key (see :meth:`_Stack.key`) -> W, the orders won."""
    level_sizes: list[int]
    """States above 0 per number of unseen cards, from 0."""
    seconds: list[float]
    """Seconds to build each level."""

    @classmethod
    def build(
        cls,
        rules: DecadeRules,
        max_unseen: int,
        *,
        report: Callable[[int, int, float], None] | None = None,
        max_states: int | None = None,
    ) -> FairTable:
        """Build the levels 0 to ``max_unseen``; ``report(level, states, seconds)`` after each.

        Stops early (with fewer levels) when a level would hold more than
        ``max_states`` states.
        """
        shape = _Shape.of(rules)
        if not shape.compulsory or shape.min_run != 2 or shape.limited:
            raise ValueError("the table is made for compulsory rules with runs of 2 cards or more")
        top = shape.top
        engine = _Stack(shape, True)
        values: dict[int, int] = {}
        empty = (1 << top, 0)
        level: list[tuple[int, int]] = [empty]
        values[engine.table_key(*empty)] = 1
        sizes, seconds = [1], [0.0]
        table = cls(rules, 0, values, sizes, seconds)
        for n in range(1, max_unseen + 1):
            t = time.perf_counter()
            found = cls._predecessors(shape, level, max_states)
            if found is None:
                break
            # Values from the levels below, which are complete: absent means 0.
            engine.table[0], engine.table_unseen[0] = values, n - 1
            level = []
            for full, packed in found:
                counts = _unpack(packed)
                tot = sum(v * c for v, c in enumerate(counts))
                w = engine.wins(full, packed, n, tot)
                if w:
                    values[engine.table_key(full, packed)] = w
                    level.append((full, packed))
            engine.memo.clear()
            sizes.append(len(level))
            seconds.append(time.perf_counter() - t)
            table.max_unseen = n
            if report is not None:
                report(n, len(level), seconds[-1])
        return table

    @staticmethod
    def _predecessors(
        shape: _Shape, level: list[tuple[int, int]], max_states: int | None
    ) -> set[tuple[int, int]] | None:
        top, sums = shape.top, shape.sums
        sum_bits = 0
        for s in sums:
            sum_bits |= 1 << (top - s)
        out: set[tuple[int, int]] = set()
        for full, packed in level:
            line = _Stack.line_of(full, top)
            used = list(_unpack(packed))
            for v in line:
                used[v] += 1
            if line:
                # Deal the last card back: the line without it had no run.
                v = line[-1]
                total = full.bit_length() - 1 - top
                out.add((full ^ (1 << (total + top)), packed + _UNIT[v]))
            for v in _VALUES:
                if used[v] >= DECK_COUNTS[v]:
                    continue
                used[v] += 1
                for s in sums:
                    if s - v >= 1:
                        for grown in _extensions(full, s - v, used, top, sum_bits):
                            out.add((grown, packed + _UNIT[v]))
                used[v] -= 1
            if max_states is not None and len(out) > max_states:
                return None
        return out

    def get(self, line: Sequence[int], unseen: Sequence[int] | Mapping[int, int]) -> int | None:
        """W of a run-free line and unseen multiset from the table; ``None`` when it can't say."""
        counts = unseen_counts(unseen)
        if sum(counts) > self.max_unseen or not _within_deck(line, counts):
            return None
        top = max(self.rules.sums)
        return self.values.get(_Stack.full_of(line, top) << _PACKED_BITS | _pack(counts), 0)


def _extensions(full: int, room: int, used: list[int], top: int, sum_bits: int) -> list[int]:
    """Every line that extends ``full`` by cards adding up to ``room``, still without a run.

    ``used`` counts the cards of each value taken already (changed and restored).
    """
    out: list[int] = []

    def extend(full: int, room: int) -> None:
        if room == 0:
            out.append(full)
            return
        total = full.bit_length() - 1 - top
        below = full ^ (1 << (total + top))
        for w in range(1, min(10, room) + 1):
            if used[w] >= DECK_COUNTS[w] or (below >> (total + w)) & sum_bits:
                continue
            used[w] += 1
            extend(full | (1 << (total + w + top)), room - w)
            used[w] -= 1

    extend(full, room)
    return out


# ---------------------------------------------------------------- the solver


def _counted(budget: Budget) -> int:
    """States a call's budget counts: those expanded, and the one a limit stopped it at (so
    that a call stopped by ``max_nodes`` reports more than that, as it always has)."""
    return budget.expanded + (budget.limit is not None)


class FairSolver:
    """The exact expectimax for one set of rules; its memo serves every call.

    ``table`` (compulsory rules) answers the states it holds; ``max_nodes``
    (1 or more) caps the states expanded per call; ``bounds=False`` turns off every
    pruning (the zero tests, the stop at a value of 1, and the optional
    rules' dropping of stacks that cannot complete), for checking them;
    ``fast=False`` uses tuples of values for compulsory lines instead of bit
    sets.
    """

    def __init__(
        self,
        rules: DecadeRules,
        *,
        table: FairTable | None = None,
        max_nodes: int | None = None,
        bounds: bool = True,
        fast: bool = True,
    ) -> None:
        self.rules = rules
        self.shape = shape = _Shape.of(rules)
        self.max_nodes = max_nodes
        self._stack: _Stack | None = None
        self._lines: _Lines | None = None
        self._reach: _Reach | None = None
        self.engine: _Engine
        if not shape.compulsory:
            self.engine = self._reach = _Reach(shape, bounds)
        elif fast and shape.min_run == 2 and not shape.limited:
            self.engine = self._stack = _Stack(shape, bounds)
        else:
            self.engine = self._lines = _Lines(shape, bounds)
        if table is not None:
            if self._stack is None or table.rules != rules:
                raise ValueError("the table was built for other rules")
            self._table: FairTable | None = table
        else:
            self._table = None
        self._entry_memo: dict[tuple[tuple[int, ...], int], int] = {}
        self._spent = 0
        """States expanded under the budgets of the calls before the current one."""

    @property
    def memo_size(self) -> int:
        """Entries in the memo."""
        return len(self.engine.memo) + len(self._entry_memo)

    @property
    def nodes(self) -> int:
        """States expanded since the solver was made."""
        return self._spent + _counted(self.engine.counting.budget)

    def clear(self) -> None:
        """Forget the memo."""
        self.engine.memo.clear()
        self._entry_memo.clear()

    # -- positions

    def _wins(self, line: tuple[int, ...], packed: int) -> int:
        """W of the position ``line`` (runs in it or not), unseen ``packed``."""
        if self._reach is not None:
            return self._reach.line_wins(line, packed)
        runs = self.shape.runs(line)
        if not runs:
            if self._stack is not None:
                return self._stack.run_free(line, packed)
            assert self._lines is not None
            return self._lines.run_free(line, packed)
        key = (line, packed)
        w = self._entry_memo.get(key)
        if w is not None:
            return w
        # A run must go: the best of them (lines with runs come only from a
        # position given so, or from the start).
        best, most = 0, self.engine.orders_of(packed)
        for i, length in runs:
            best = max(best, self._wins(line[:i] + line[i + length :], packed))
            if best == most and self.engine.bounds:
                break
        self._entry_memo[key] = best
        return best

    def _start_wins(self, line: tuple[int, ...], packed: int) -> int:
        """W before the start's discards: deal up to three cards, then play."""
        if len(line) >= START_CARDS or packed == 0 or self._reach is not None:
            # Under optional rules dealing first is a best play (see the
            # module), so the start's deals change nothing.
            return self._wins(line, packed)
        return sum(
            self._start_wins((*line, v), packed - _UNIT[v])
            for v in _VALUES
            if (packed >> _SHIFT[v]) & _COUNT_MASK
        )

    def _prepare(self, line: Sequence[int], unseen: Sequence[int] | Mapping[int, int]) -> int:
        for v in line:
            if not 1 <= v <= 10:
                raise ValueError(f"card values are 1 to 10, not {v}")
        counts = unseen_counts(unseen)
        counting = self.engine.counting
        self._spent += _counted(counting.budget)
        counting.budget = Budget(Limits(max_states=self.max_nodes))
        if self._stack is not None:
            table = self._table
            # Descendants hold fewer cards, so one check at the root covers them.
            if table is not None and _within_deck(line, counts):
                self._stack.table[0], self._stack.table_unseen[0] = table.values, table.max_unseen
            else:
                self._stack.table[0], self._stack.table_unseen[0] = {}, -1
        return _pack(counts)

    def move_values(
        self, line: Sequence[int], unseen: Sequence[int] | Mapping[int, int]
    ) -> list[MoveValue]:
        """Every legal move of the information state with the fair value after it.

        Runs first (left to right, shorter first), then the deal when legal.
        Raises :class:`NodeLimitReached` when ``max_nodes`` is reached.
        """
        packed = self._prepare(line, unseen)
        line = tuple(line)
        total = self.engine.orders_of(packed)
        runs = self.shape.runs(line)
        out = [
            MoveValue(
                DecadeMove(i, length), self._wins(line[:i] + line[i + length :], packed), total
            )
            for i, length in runs
        ]
        if packed and not (self.shape.compulsory and runs):
            if self._reach is not None:
                # Dealing is a best move under optional rules: the value of dealing is the line's.
                w = self._wins(line, packed)
            else:
                w = sum(
                    self._wins((*line, v), packed - _UNIT[v])
                    for v in _VALUES
                    if (packed >> _SHIFT[v]) & _COUNT_MASK
                )
            out.append(MoveValue(DEAL, w, total))
        return out

    def value(
        self,
        line: Sequence[int],
        unseen: Sequence[int] | Mapping[int, int],
        *,
        start: bool = False,
        with_moves: bool = True,
    ) -> ExactValue:
        """The fair value of an information state; "unknown" when ``max_nodes`` is reached.

        ``start``: the state is the start of a game, before the first
        discard, when cards are dealt until the line holds three. The best
        moves are worked out too unless ``with_moves`` is false (they cost a
        value per legal move).
        """
        t = time.perf_counter()
        nodes0 = self.nodes
        packed = self._prepare(line, unseen)
        line = tuple(line)
        total = self.engine.orders_of(packed)
        best: tuple[DecadeMove, ...] = ()
        try:
            if start and len(line) < START_CARDS and packed:
                w = self._start_wins(line, packed)
                best = (DEAL,)
            elif with_moves:
                moves = self.move_values(line, unseen)
                if moves:
                    w = max(m.wins for m in moves)
                    best = tuple(m.move for m in moves if m.wins == w)
                else:
                    w = 0 if line else 1
            else:
                w = self._wins(line, packed)
        except NodeLimitReached:
            return ExactValue(
                None, None, total, (), self.nodes - nodes0, self.memo_size, time.perf_counter() - t
            )
        return ExactValue(
            Fraction(w, total),
            w,
            total,
            best,
            self.nodes - nodes0,
            self.memo_size,
            time.perf_counter() - t,
        )


def fair_value(
    rules: DecadeRules,
    line: Sequence[int],
    unseen: Sequence[int] | Mapping[int, int],
    *,
    start: bool = False,
    max_nodes: int | None = None,
    table: FairTable | None = None,
    with_moves: bool = True,
) -> ExactValue:
    """The fair value of the information state (``line`` values, ``unseen`` multiset).

    ``unseen`` is the unseen values themselves or a mapping value -> count.
    ``start``: before the start's discards (cards are dealt until the line
    holds three); the whole game is ``fair_value(rules, [], deck_counts(),
    start=True)``. Returns "unknown" (``value is None``) when more than
    ``max_nodes`` states would be expanded. See :class:`FairSolver` for the
    other arguments.
    """
    solver = FairSolver(rules, table=table, max_nodes=max_nodes)
    return solver.value(line, unseen, start=start, with_moves=with_moves)


def move_values(
    rules: DecadeRules,
    line: Sequence[int],
    unseen: Sequence[int] | Mapping[int, int],
    *,
    max_nodes: int | None = None,
    table: FairTable | None = None,
) -> list[MoveValue]:
    """The fair value after every legal move of an information state: a hint.

    Raises :class:`NodeLimitReached` when more than ``max_nodes`` states would be expanded.
    """
    return FairSolver(rules, table=table, max_nodes=max_nodes).move_values(line, unseen)


def hint(
    rules: DecadeRules, state: DecadeState, *, max_nodes: int | None = None
) -> list[MoveValue]:
    """The fair value after every legal move of a game position, from what its player sees."""
    line, unseen = information_state(state)
    return move_values(rules, line, unseen, max_nodes=max_nodes)
