"""The best line: the most any line of moves collects, every line searched.

A :class:`RewardProblem` gives, for a node, its value when it is a *leaf*
(:meth:`~RewardProblem.end`: a line that reaches it ends there, worth that
value, and it is never expanded), its moves, and for a move the node it leads
to with the *reward* the move collects (:meth:`~RewardProblem.step`). A line
is worth the rewards of its moves plus the value of the leaf it ends on. A
node that is not a leaf and has no move ends a line worth 0 there; and a line
may go round a cycle for ever, worth 0 from the cycle on (in a game, a line
that never ends never wins, and collects nothing more). The value of a node
is the best worth of the lines from it, and :func:`best_path` works it out
exactly: an exhaustive search, not a search for a first win, since a line
worth more may lie beyond any line found.

Each node is expanded once (a memo keyed by :meth:`~RewardProblem.key` keeps
its value: two nodes of one key must have one value), so the search costs
the nodes reachable from the start above the leaves, each with its moves.

Cycles. The nodes are grouped into strongly connected components as they are
met (Tarjan's algorithm, over an explicit stack so a line of any length is
followed): two nodes are in one component when each is reachable from the
other. Every move inside a component must collect nothing (a reward of 0:
:class:`ValueError` otherwise, since going round a cycle of positive worth
is worth without bound, and a problem with such cycles is not one of best
lines). Then every node of a component reaches every other for nothing, so
they share one value: the best, over the component's nodes, of a move that
leaves it (its reward plus the value of the node it reaches) or of a leaf
move; and 0 when the component holds a cycle (a line may stay on it for
ever). Components are finished children first, so a move that leaves one
always reaches a node whose value is known.

Pruning. A problem may say that a node is worth at most some *ceiling*
(:meth:`~CeilingProblem.ceiling`, optional): once one of its moves reaches
that much, the node's other moves are not tried. Sound: the node's value is
at most the ceiling and a line worth the ceiling was found, so its value is
the ceiling. Every other node's value is still found exactly: a best line
from it either never passes a node whose moves were cut, and then every
move of that line (or, for a line that stays on a cycle, every move of the
cycle) was tried; or it reaches a first such node, whose value is exact,
along moves that were all tried. A node that the cut leaves out of a
component it belongs to loses nothing either: a component holding a cycle
is worth at least 0, and so is each node of it, the cut one included, which
the others reach for nothing. (The tests compare pruned and unpruned
searches on random graphs with cycles.)

>>> class Ladder:
...     '''From 0, step up (+1) or jump up two (collecting 0.5); 3 is a leaf worth 10.'''
...     def end(self, node):
...         return 10 if node >= 3 else None
...     def moves(self, node):
...         return ["step", "jump"]
...     def step(self, node, move):
...         return (node + 1, 1) if move == "step" else (node + 2, 0.5)
...     def key(self, node):
...         return node
>>> work_out_best(Ladder(), 0).value
13
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterable, Iterator
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

import attrs

from .budget import Budget
from .result import NO_LIMITS, Limit, Limits, SearchStats

N = TypeVar("N")
M = TypeVar("M")

Value = Fraction | float | int
"""A reward or a value: exact fractions, or floats (a sum of both is a float)."""


class RewardProblem(Protocol[N, M]):
    """What the best-line search needs of a problem."""

    def end(self, node: N) -> Value | None:
        """The value of ``node`` when it is a leaf (a line ends there), else ``None``."""
        ...

    def moves(self, node: N) -> Iterable[M]:
        """The moves of ``node`` (not a leaf); none: a line ends there, worth 0."""
        ...

    def step(self, node: N, move: M) -> tuple[N, Value]:
        """The node ``move`` leads to, and the reward it collects."""
        ...

    def key(self, node: N) -> Hashable:
        """The memo's key of ``node``: nodes of one key have one value."""
        ...


class CeilingProblem(RewardProblem[N, M], Protocol[N, M]):
    """A :class:`RewardProblem` that can say how much a node is worth at most."""

    def ceiling(self, node: N) -> Value | None:
        """A value ``node`` is worth at most, or ``None`` when there is none to give."""
        ...


PathRun = Generator[None, None, Value]
"""A best-line search at work: yields when its budget interrupts it, returns the start's
value."""


class _Frame:
    """A node being expanded: its moves left, the best worth of a move so far, its place
    in the component search (``index`` and ``low``), whether a move of it closed a cycle,
    and the move whose child is being expanded (its key and reward)."""

    __slots__ = ("best", "cyclic", "index", "key", "low", "moves", "node", "top", "waiting")

    def __init__(
        self, node: Any, key: Hashable, moves: Iterator[Any], index: int, top: Value | None
    ) -> None:
        self.node = node
        self.key = key
        self.moves = moves
        self.index = index
        self.low = index
        self.best: Value | None = None
        self.cyclic = False
        self.top = top
        self.waiting: tuple[Hashable, Value] | None = None


def _better(best: Value | None, value: Value) -> Value:
    return value if best is None or value > best else best


def best_path(problem: RewardProblem[N, M], start: N, budget: Budget) -> PathRun:
    """The value of ``start`` (see the module docstring), worked out under ``budget``.

    Each node expanded counts as one expansion and each value kept in the
    memo as one key stored; ``max_depth`` is the longest line followed.
    """
    leaf = problem.end(start)
    if leaf is not None:
        return leaf
    ceiling = getattr(problem, "ceiling", None)
    end, moves_of, step, key_of = problem.end, problem.moves, problem.step, problem.key
    memo: dict[Hashable, Value] = {}
    # The component search: the index of each node met and not yet in a finished
    # component, the nodes waiting for their component in order, and the best
    # worth and cycle flag of each of those that is not a component's root.
    index: dict[Hashable, int] = {}
    waiting: list[Hashable] = []
    partial: dict[Hashable, tuple[Value | None, bool]] = {}

    def frame(node: N, key: Hashable) -> _Frame:
        f = _Frame(node, key, iter(moves_of(node)), len(index), ceiling(node) if ceiling else None)
        index[key] = f.index
        waiting.append(key)
        return f

    budget.expanded += 1
    stack = [frame(start, key_of(start))]
    while True:
        f = stack[-1]
        if f.waiting is not None:
            # Back from a child: finished (its component done), or still waiting in
            # the component of this node.
            child, reward = f.waiting
            f.waiting = None
            done = memo.get(child)
            if done is not None:
                f.best = _better(f.best, reward + done)
            else:
                if reward != 0:
                    raise ValueError(f"a move inside a cycle collects {reward}, not 0")
                f.low = min(f.low, index[child])
        move = None
        if f.top is None or f.best is None or f.best < f.top:
            move = next(f.moves, None)
        if move is not None:
            node, reward = step(f.node, move)
            k = key_of(node)
            done = memo.get(k)
            if done is not None:
                f.best = _better(f.best, reward + done)
                continue
            at = index.get(k)
            if at is not None:
                # A node still waiting: this move closes a cycle of its component.
                if reward != 0:
                    raise ValueError(f"a move inside a cycle collects {reward}, not 0")
                f.low = min(f.low, at)
                f.cyclic = True
                continue
            leaf = end(node)
            if leaf is not None:
                memo[k] = leaf
                budget.stored += 1
                f.best = _better(f.best, reward + leaf)
                continue
            while budget.expanded >= budget.checkpoint and budget.interrupted():
                yield
            budget.expanded += 1
            budget.reach(len(stack))
            f.waiting = (k, reward)
            stack.append(frame(node, k))
            continue
        # Every move of the node is tried (or cut at its ceiling).
        stack.pop()
        if f.low < f.index:
            # Not its component's root: it waits, and its parent joins the component.
            partial[f.key] = (f.best, f.cyclic)
            parent = stack[-1]
            parent.low = min(parent.low, f.low)
            continue
        # The root: its component is every node waiting from it on.
        best, cyclic = f.best, f.cyclic
        at = len(waiting) - 1
        while waiting[at] != f.key:
            other, other_cyclic = partial.pop(waiting[at])
            if other is not None:
                best = _better(best, other)
            cyclic = cyclic or other_cyclic
            at -= 1
        members = waiting[at:]
        del waiting[at:]
        if cyclic or len(members) > 1:
            best = _better(best, 0)
        value: Value = 0 if best is None else best
        for k in members:
            del index[k]
            memo[k] = value
        budget.stored += len(members)
        if not stack:
            return value


@attrs.frozen
class BestResult(Generic[N]):
    """What :func:`work_out_best` found: the start's value, or ``None`` when a limit of the
    budget (``limit``) stopped the search; ``stats`` counts the nodes expanded
    (``expanded``), the values kept (``unique``) and the longest line followed."""

    value: Value | None
    stats: SearchStats
    limit: Limit | None = None


def work_out_best(
    problem: RewardProblem[N, M], start: N, limits: Limits = NO_LIMITS
) -> BestResult[N]:
    """Run :func:`best_path` to its end under ``limits`` and say what it found."""
    budget = Budget(limits)
    run = best_path(problem, start, budget)
    try:
        while True:
            next(run)
            if budget.limit is not None:
                run.close()
                return BestResult(None, budget.stats(), budget.limit)
    except StopIteration as end:
        value: Value = end.value
    return BestResult(value, budget.stats())
