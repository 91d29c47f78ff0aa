"""Decade's fair value as problems of the chance search: three ways of keeping the line.

The equations are those of :mod:`.exact`: a deal adds up, over the values
that may come next, the orders won after each; a choice takes the best.
Each class here states them as a problem of the search in whole numbers,
:class:`~...search.counting.Counting`, keeping the player's line in its own
way, with the bounds that settle a node without a search:

- :class:`_Stack`: compulsory rules with runs of two cards or more and no
  shorter limit than the largest sum (both presets), a run-free line kept as
  the bit set of its prefix totals;
- :class:`_Lines`: compulsory rules under any knobs, run-free lines kept as
  tuples of values (both compute the same numbers, and the tests compare
  them);
- :class:`_Reach`: optional rules, the line kept as the set of stacks of
  open groups reachable after reading it.

Compulsory rules: what is not folded, and why
---------------------------------------------
The memo key is the run-free line and the unseen multiset (see :mod:`.exact`,
"the line is a stack"). Every card must go, so no part of the line is
inert. A prefix total x of the line ends a later run as soon as the cards
above it are brought down to less than the largest sum, and since
neighbouring prefix totals differ by at most 10 (a card) no stretch of the
line is out of reach of that in principle; a line that can never empty is
caught by the zero test below instead. The unseen multiset is needed whole,
as it sets the chances. (An exact table keyed by the line's top part alone
fails for the same reason: with u cards to come the value depends on the
prefix totals down to ``T - 29u``, which is all of any line still worth
more than 0.)

Bounds, each sound
------------------
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
- *A table* (:class:`~.table.FairTable`) of every state worth more than 0
  with at most n unseen cards that fits in one deck: absent means 0 (see
  :mod:`.table` for how it is built and how far it goes).

Optional rules: the set of reachable stacks
-------------------------------------------
Under optional rules dealing everything first is a best play (see
:mod:`.exact`), so the problem has no choices: it is a sum over orders.

The memo key folds the line exactly. A line (followed by more cards) can be
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
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

import attrs

from ...search.counting import Counting, Looked, Steps
from .rules import DecadeRules, _all_runs, _RunShape, _suffix_runs
from .unseen import (
    _COUNT_MASK,
    _FIELD,
    _PACKED_BITS,
    _SHIFT,
    _UNIT,
    _VALUES,
    _orders,
    _unpack,
)

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


# ---------------------------------------------------------------- what the problems share

N = TypeVar("N")
"""A problem's node."""


class _Engine(Generic[N]):
    """What the three problems share: the rules' shape, the bounds' switch, the orders of a
    multiset, what the search sees of a node, and the search
    (:class:`~...search.counting.Counting`) over their nodes, whose memo serves every call.

    A problem says which nodes are settled (:meth:`settled`), how a node is keyed
    (:meth:`key`), how its deals add up (``dealer``) and how a line becomes a node
    (:meth:`_line_wins`).
    """

    counting: Counting[N]
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

    def settled(self, node: N) -> int | None:
        """W of ``node`` when it is known without a search (closed forms, bounds), else ``None``."""
        raise NotImplementedError

    def key(self, node: N) -> Hashable:
        """The memo's key of ``node`` (equal keys have equal W)."""
        raise NotImplementedError

    def look(self, node: N) -> Looked:
        """What the search sees of a node: settled, or keyed."""
        w = self.settled(node)
        return (self.key(node), node) if w is None else (None, w)

    def wins(self, node: N) -> int:
        """W of ``node``: settled, found in the memo, or searched."""
        return self.counting.wins(node)

    def line_wins(self, line: Sequence[int], packed: int) -> int:
        """W of a line with the unseen multiset ``packed``: under compulsory rules a run-free
        line (a deal comes next), under optional rules any line."""
        counts = _unpack(packed)
        return self._line_wins(line, packed, sum(counts), sum(v * c for v, c in enumerate(counts)))

    def _line_wins(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        """The same, given the ``u`` unseen cards' count and total ``tot``: the problem's own."""
        raise NotImplementedError


# ---------------------------------------------------------------- compulsory rules


_StackNode = tuple[int, int, int, int]
"""A node of :class:`_Stack`: the line's bits, the packed unseen, their count and total."""


class _Stack(_Engine[_StackNode]):
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

    def use_table(self, values: dict[int, int], max_unseen: int) -> None:
        """Answer the nodes with at most ``max_unseen`` unseen cards from ``values`` (by
        :meth:`table_key`; absent means 0); ``max_unseen`` -1 for no table."""
        self.table[0], self.table_unseen[0] = values, max_unseen

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

    def settled(self, node: _StackNode) -> int | None:
        """W of a node when it is known without a search (see :meth:`_settler`), else ``None``."""
        full, packed, u, tot = node
        return self._settled(full, full.bit_length() - self.shape.top - 1, packed, u, tot)

    def key(self, node: _StackNode) -> int:
        """The memo's key: :meth:`table_key` of the line and the unseen multiset."""
        return self.table_key(node[0], node[1])

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

    def _line_wins(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        return self.wins((self.full_of(line, self.shape.top), packed, u, tot))


_LinesNode = tuple[tuple[int, ...], int, int, int, int]
"""A node of :class:`_Lines`: the line, its total, the packed unseen, their count and total."""


class _Lines(_Engine[_LinesNode]):
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

    def _line_wins(self, line: Sequence[int], packed: int, u: int, tot: int) -> int:
        return self.wins((tuple(line), sum(line), packed, u, tot))


# ---------------------------------------------------------------- optional rules

_Stk = tuple[int, ...]
"""A stack of open groups, bottom first; a group is ``total << 6 | cards``."""
_Edges = tuple[tuple[int, int], ...]
"""A trie node's edges: (top group, node below) pairs."""
_ReachState = tuple[int, int, int, int]
"""A state of :class:`_Reach`: the trie node of its stacks, the packed unseen, their count
and total."""


class _Reach(_Engine[_ReachState]):
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

    def settled(self, state: _ReachState) -> int | None:
        """W of a state with no card to come, or with no stack left to complete."""
        node, _packed, n, _tot = state
        if n == 0:
            return 1 if self.nodes[node][0] else 0
        return 0 if node == self.EMPTY else None

    def key(self, state: _ReachState) -> int:
        """The memo's key: the trie node and the unseen multiset."""
        return state[0] << _PACKED_BITS | state[1]

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

    def _line_wins(self, line: Sequence[int], packed: int, n: int, tot: int) -> int:
        """The orders after which the whole line empties."""
        if (sum(line) + tot) % self.shape.divisor:
            return 0  # every group adds up to a multiple of the divisor
        return self.wins((self.node_of(self.reach_of(line, n, tot)), packed, n, tot))
