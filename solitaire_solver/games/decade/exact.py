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
become the end of a later run (:mod:`.lines` keeps the line as the bit set
of its prefix totals or as a tuple of values, and says what is not folded).

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

The search
----------
This module holds the equations (what a deal leads to, what a choice is
between) and the values it gives: of a position, with runs in it or before
the start's deals (:class:`FairSolver`), and of each move. The modules it
stands on: :mod:`.unseen` counts and packs the unseen multiset; :mod:`.lines`
states the equations as problems of the engine's expectimax in whole
numbers, :class:`~...search.counting.Counting`, one per way of keeping a
line, each with the bounds that settle a state without a search and their
arguments; :mod:`.table` is the complete table of the smallest states. The
search runs under a :class:`~...search.budget.Budget`: ``max_nodes`` is the
budget's state limit, and a limit reached raises :class:`NodeLimitReached`.

What is out of reach
--------------------
The whole game (52 unseen cards) is far beyond this exact method for both
presets: the states grow by a factor of about 3 per unseen card (see
``docs/design/games/decade.md``, "The fair value: exact expectimax").
``benchmarks/games/decade_exact.py`` measures how far it gets and samples bounds.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from ...search.budget import Budget
from ...search.counting import OutOfBudget
from ...search.result import Limits
from .lines import _Engine, _Lines, _Reach, _Shape, _Stack
from .rules import DEAL, START_CARDS, DecadeMove, DecadeRules, DecadeState
from .table import FairTable
from .unseen import _dealt, _pack, _within_deck, information_state, unseen_counts

NodeLimitReached = OutOfBudget
"""The expectimax reached its ``max_nodes``: the engine's :class:`~...search.counting.OutOfBudget`
under the name callers know."""


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
        """The problem when it is the bit-set one, which reads a table."""
        self.engine: _Engine[Any]
        if not shape.compulsory:
            self.engine = _Reach(shape, bounds)
        elif fast and shape.min_run == 2 and not shape.limited:
            self.engine = self._stack = _Stack(shape, bounds)
        else:
            self.engine = _Lines(shape, bounds)
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
        # The optional rules' problem takes any line; the compulsory ones a run-free line.
        runs = self.shape.runs(line) if self.shape.compulsory else []
        if not runs:
            return self.engine.line_wins(line, packed)
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
        if len(line) >= START_CARDS or packed == 0 or not self.shape.compulsory:
            # Under optional rules dealing first is a best play (see the
            # module), so the start's deals change nothing.
            return self._wins(line, packed)
        return sum(self._start_wins((*line, v), rest) for v, rest in _dealt(packed))

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
                self._stack.use_table(table.values, table.max_unseen)
            else:
                self._stack.use_table({}, -1)
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
            if not self.shape.compulsory:
                # Dealing is a best move under optional rules: the value of dealing is the line's.
                w = self._wins(line, packed)
            else:
                w = sum(self._wins((*line, v), rest) for v, rest in _dealt(packed))
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
