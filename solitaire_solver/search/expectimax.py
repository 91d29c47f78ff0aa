"""Expectimax: the best chance of winning where some moves are left to chance.

A :class:`ChanceProblem` gives, for a node, its choices (moves), the
weighted outcomes of a move (the nodes it may lead to, each with its chance
as a :class:`~fractions.Fraction`), and the value of a leaf (a node settled
without choices: won, lost, or worth some chance the problem works out
itself). A node's value is the best of its moves' values; a move's value
is the sum of its outcomes' values, each weighted by its chance. The values
are exact fractions.

The search is depth-first over an explicit stack, so it yields to its
budget at any node and goes on later with everything it had, like every
other run of the engine (:mod:`.budget`). Each node visited (not found in
the memo, not on the line) counts as one expansion, and a value kept in the
memo as one key stored; ``max_depth`` of the statistics is the longest line
followed.

Cycles. A move may lead back to a node on the current line (cards moved to
and fro, say). A node met again on the line counts 0 there. A best strategy
never needs to close a cycle made of choices alone, so the value of the
first visit is right; but a value that leaned on such a 0 may be too low
when the node is met from elsewhere, so it is not kept in the memo.
A cycle through a chance node would be counted 0 too, which is wrong in
general: a problem whose chance moves can lead back (not this package's
games: a card once shown stays shown) must not use this search.

It ends in one of three ways besides its values (:class:`Stop`): a limit of
the budget, a node with choices more than ``max_depth`` moves from the
start, or a leaf the problem cannot value (a search of its own that ran out).
Where it stands in for sampling (:mod:`.sampling`), its thresholds and
limits are a :class:`~.sampling.FairPlan`'s.

>>> from fractions import Fraction
>>> class Coin:
...     '''Bet on a fair coin (heads wins) or pass (lose).'''
...     def leaf(self, node):
...         return {"won": Fraction(1), "lost": Fraction(0)}.get(node)
...     def choices(self, node):
...         return ["bet", "pass"]
...     def outcomes(self, node, move):
...         if move == "pass":
...             return [("lost", Fraction(1))]
...         return [("won", Fraction(1, 2)), ("lost", Fraction(1, 2))]
>>> r = work_out(Coin(), "start", ["bet", "pass"])
>>> r.values, r.stats.expanded
((Fraction(1, 2), Fraction(0, 1)), 2)
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Hashable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Literal, Protocol, TypeVar

import attrs

from .budget import Budget
from .result import NO_LIMITS, Limit, Limits, SearchStats

N = TypeVar("N", bound=Hashable)
M = TypeVar("M")


class Leaf(enum.Enum):
    """What a problem's :meth:`~ChanceProblem.leaf` says of a leaf it cannot value."""

    UNSETTLED = "unsettled"


UNSETTLED = Leaf.UNSETTLED
"""A leaf whose value the problem could not work out (its own search ran out): the
expectimax stops with :attr:`Stop.LEAF`."""


class ChanceProblem(Protocol[N, M]):
    """What the expectimax needs of a problem with chance moves.

    Nodes must be hashable: the memo and the line hold them. Two nodes are
    equal only when they have the same value.
    """

    def leaf(self, node: N) -> Fraction | Literal[Leaf.UNSETTLED] | None:
        """The value of ``node`` when it is settled without choices (1 won, 0 lost, or
        a chance between), :data:`UNSETTLED` when it is such a node but its value could
        not be worked out, or ``None`` when its value is that of its best choice."""
        ...

    def choices(self, node: N) -> Iterable[M]:
        """The moves of ``node`` worth working out (a node with none is worth 0)."""
        ...

    def outcomes(self, node: N, move: M) -> Iterable[tuple[N, Fraction]]:
        """The nodes ``move`` may lead to, each with its chance (the chances add up to 1).

        A move that leaves nothing to chance has one outcome of chance 1.
        """
        ...


class Stop(enum.Enum):
    """Why an expectimax ended without values."""

    LIMIT = "limit"
    """A limit of the budget (:attr:`ChanceResult.limit` says which)."""
    DEPTH = "depth"
    """A node with choices lay more than ``max_depth`` moves from the start."""
    LEAF = "leaf"
    """The problem could not value a leaf (:data:`UNSETTLED`)."""


ChanceRun = Generator[None, None, "tuple[Fraction, ...] | Stop"]
"""An expectimax at work: yields when its budget interrupts it, and returns the values of
the moves asked about, or why it stopped without them (:attr:`Stop.DEPTH` or
:attr:`Stop.LEAF`; a limit of the budget is the budget's to say)."""


class _Frame:
    """A node with choices being worked out: its moves left, the best value so far, whether
    every value it rests on is clean (leaned on no cycle), and the move being worked out
    (its outcomes left, their weighted sum so far, and whether that is clean)."""

    __slots__ = ("best", "clean", "move_clean", "moves", "node", "outs", "share", "total")

    def __init__(self, node: Any, moves: Iterator[Any], share: Fraction) -> None:
        self.node = node
        self.moves = moves
        self.share = share
        """The node's chance as an outcome of its parent's move."""
        self.best = Fraction(0)
        self.clean = True
        self.outs: Iterator[tuple[Any, Fraction]] | None = None
        self.total = Fraction(0)
        self.move_clean = True


def expectimax(
    problem: ChanceProblem[N, M],
    start: N,
    moves: Sequence[M],
    budget: Budget,
    *,
    max_depth: int | None = None,
) -> ChanceRun:
    """The value of each of ``moves`` (moves of ``start``), worked out under ``budget``.

    ``start`` itself is neither counted nor valued: its moves are the ones
    asked about, whatever its :meth:`~ChanceProblem.choices` say, and it is
    not on the line (a line that comes back to it works it out as any other
    node). Below it, a node of :meth:`~ChanceProblem.leaf` ``None`` takes
    the best of its choices, stopping early at a value of 1.
    """
    memo: dict[N, Fraction] = {}
    on_line: set[N] = set()
    values: list[Fraction] = []
    root = _Frame(start, iter(moves), Fraction(1))
    stack = [root]
    while True:
        frame = stack[-1]
        outs = frame.outs
        if outs is not None:
            nxt = next(outs, None)
            if nxt is not None:
                child, share = nxt
                found = memo.get(child)
                if found is not None:
                    frame.total += share * found
                    continue
                if child in on_line:
                    # Met again on the line: 0 here, and not clean.
                    frame.move_clean = False
                    continue
                while budget.expanded >= budget.checkpoint and budget.interrupted():
                    yield
                budget.expanded += 1
                budget.reach(len(stack))
                value = problem.leaf(child)
                if value is UNSETTLED:
                    return Stop.LEAF
                if value is not None:
                    memo[child] = value
                    budget.stored += 1
                    frame.total += share * value
                    continue
                if max_depth is not None and len(on_line) >= max_depth:
                    return Stop.DEPTH
                on_line.add(child)
                stack.append(_Frame(child, iter(problem.choices(child)), share))
                continue
            # The move is worked out.
            frame.outs = None
            if frame is root:
                values.append(frame.total)
            else:
                frame.clean = frame.clean and frame.move_clean
                if frame.total > frame.best:
                    frame.best = frame.total
                if frame.best == 1:
                    # Nothing beats a sure win.
                    frame.moves = iter(())
        for move in frame.moves:
            # The next move: its outcomes are taken one at a time.
            frame.outs = iter(problem.outcomes(frame.node, move))
            frame.total = Fraction(0)
            frame.move_clean = True
            break
        else:
            if frame is root:
                return tuple(values)
            # The node is worked out: its value goes to its parent's move.
            stack.pop()
            node = frame.node
            on_line.discard(node)
            if frame.clean:
                memo[node] = frame.best
                budget.stored += 1
            parent = stack[-1]
            parent.total += frame.share * frame.best
            parent.move_clean = parent.move_clean and frame.clean


@attrs.frozen
class ChanceResult:
    """What :func:`work_out` found: the values of the moves asked about, or why not.

    ``values`` is ``None`` when the search stopped (``stop``); ``limit``
    names the budget's limit when that stopped it. ``stats`` counts the
    nodes visited (``expanded``), the values kept (``unique``) and the
    longest line followed (``max_depth``).
    """

    values: tuple[Fraction, ...] | None
    stats: SearchStats
    stop: Stop | None = None
    limit: Limit | None = None


def work_out(
    problem: ChanceProblem[N, M],
    start: N,
    moves: Sequence[M],
    limits: Limits = NO_LIMITS,
    *,
    max_depth: int | None = None,
) -> ChanceResult:
    """Run :func:`expectimax` to its end under ``limits`` and say what it found."""
    budget = Budget(limits)
    run = expectimax(problem, start, moves, budget, max_depth=max_depth)
    try:
        while True:
            next(run)
            if budget.limit is not None:
                run.close()
                return ChanceResult(None, budget.stats(), Stop.LIMIT, budget.limit)
    except StopIteration as end:
        got: tuple[Fraction, ...] | Stop = end.value
    if isinstance(got, Stop):
        return ChanceResult(None, budget.stats(), got)
    return ChanceResult(got, budget.stats())
