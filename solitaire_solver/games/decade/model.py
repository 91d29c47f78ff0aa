"""Decade under compulsory rules as a problem for the engine's depth-first search.

:class:`CompulsoryModel` works on card values: its states are the branch
points (positions with a choice of runs), a move is a choice of run with
the forced chain after it, and once the line has no run it is kept as a
stack of prefix totals (:func:`_stack_chain`, the solver's hot loop).
:meth:`CompulsoryModel.lift` turns a line of the model back into the game's
moves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import partial
from itertools import accumulate
from operator import is_, itemgetter
from typing import Any

from .rules import (
    _MOVES,
    DEAL,
    DecadeMove,
    _all_runs,
    _junction_runs,
    _move,
    _RunShape,
    _suffix_runs,
)

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
    """The translation table from a card value v to ``top - v`` (for ``top`` from 10 to 255)."""
    return bytes(max(0, top - v) for v in range(256))


def _room(stock: Sequence[int], top: int) -> list[int]:
    """``room[k]``: the sum of ``top - v`` over the values v of ``stock`` from k on."""
    if 10 <= top <= 255 and isinstance(stock, bytes):
        # Card values are 1 to 10, so every ``top - v`` is a byte: one
        # translation and one running sum, both in C. (A sum over 255 takes
        # the loop below; the deck adds up to 340.)
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
