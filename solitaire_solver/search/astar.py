"""Best-first search: A*, weighted A* and greedy best-first as orderings of one loop.

The frontier is a binary heap of states ordered by ``order(g, h)``, ``g``
being the moves from the start and ``h`` the game's estimate of the moves
still needed (its ``heuristic``, or a ``score`` given by the caller). A* is
the order ``g + h``; weighted A* ``g + w*h``; greedy best-first ``h``.

With A*'s order and an admissible heuristic (one that never overestimates
the moves still needed) the first won state taken off the frontier ends a
shortest line. A state reached again by a shorter line is expanded again, so
an admissible heuristic that is not consistent still gives shortest lines.

The table holds the states expanded (their key, the moves to them and the
move they came by); the frontier holds states not yet expanded and may hold
one state more than once, the longer copies being skipped when they come
off it.

Forced moves are not used by default: a forced move keeps some win, not
necessarily the shortest one. Dead-end pruning is used, since a dead state
is on no winning line at all.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from .budget import LOST, Budget, Run, solve, won
from .dfs import successors_of
from .protocol import SearchProblem, dead_test
from .result import NO_LIMITS, Limits, SolveResult

S = TypeVar("S")
M = TypeVar("M")

Ordering = Callable[[int, int], float]
"""Priority of a frontier state from its moves so far ``g`` and its estimate ``h``; least first."""


def astar_order(g: int, h: int) -> float:
    """A*: the estimated length of the whole line."""
    return g + h


def greedy_order(g: int, h: int) -> float:
    """Greedy best-first: the estimate alone."""
    return h


def weighted_order(weight: float) -> Ordering:
    """Weighted A*: ``g + weight*h``; lines at most ``weight`` times the shortest."""

    def order(g: int, h: int) -> float:
        return g + weight * h

    return order


def best_first(
    problem: SearchProblem[S, M],
    start: S,
    budget: Budget,
    *,
    order: Ordering = astar_order,
    score: Callable[[S], int] | None = None,
    forced: bool = False,
    proves_shortest: bool = False,
) -> Run:
    """Expand states in the order ``order``; the first won state taken off the frontier wins.

    ``score`` replaces the game's heuristic as ``h``. ``proves_shortest``
    marks the line found as a shortest one (true for A* with an admissible
    heuristic and no forced moves, see :func:`astar`).
    """
    key, is_won = problem.key, problem.is_won
    h = score if score is not None else problem.heuristic
    dead = dead_test(problem, budget)
    successors = successors_of(problem, forced=forced)
    b = budget
    counter = itertools.count()
    # Frontier entry: (priority, -g, tie-break, state, key, parent key, move).
    frontier: list[tuple[float, int, int, Any, Hashable, Hashable | None, Any]] = []
    # Table: key -> (g, parent key, move) for every state expanded.
    table: dict[Hashable, tuple[int, Hashable | None, Any]] = {}
    if dead is None or not dead(start):
        frontier.append((order(0, h(start)), 0, 0, start, key(start), None, None))
    while frontier:
        _f, neg_g, _n, state, k, pk, move = heapq.heappop(frontier)
        g = -neg_g
        old = table.get(k)
        if old is not None and old[0] <= g:
            continue  # a longer copy: the state was expanded from a shorter line
        if is_won(state):
            line = [move] if pk is not None else []
            at = pk
            while at is not None:
                _g, at, m = table[at]
                if at is not None:
                    line.append(m)
            line.reverse()
            b.reach(len(line))
            return won(line, shortest=proves_shortest)
        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        if old is None:
            b.stored += 1
        table[k] = (g, pk, move)
        if g > b.max_depth:
            b.max_depth = g
        for m, child in successors(state):
            ck = key(child)
            seen = table.get(ck)
            if seen is not None and seen[0] <= g + 1:
                continue
            if dead is not None and dead(child):
                continue
            heapq.heappush(
                frontier, (order(g + 1, h(child)), -(g + 1), next(counter), child, ck, k, m)
            )
    return LOST


def astar(
    problem: SearchProblem[S, M],
    start: S,
    limits: Limits = NO_LIMITS,
    *,
    use_forced: bool = False,
    forced_keeps_shortest: bool = False,
    order: Ordering = astar_order,
) -> SolveResult[M]:
    """Find a shortest winning line from ``start`` (fewest moves), or prove none exists.

    With ``use_forced`` the game's forced moves are taken as the only child:
    faster, and the line is shortest among those that make every forced move.
    It is a shortest line of all when the game argues that its forced moves
    keep some shortest line (``forced_keeps_shortest``); only then, or without
    forced moves, is the result marked ``shortest``.
    """
    proves = order is astar_order and (not use_forced or forced_keeps_shortest)

    def strategy(budget: Budget) -> Run:
        return best_first(
            problem, start, budget, order=order, forced=use_forced, proves_shortest=proves
        )

    result: SolveResult[M] = solve(strategy, limits)
    return result
