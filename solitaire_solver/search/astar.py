"""A* search for shortest winning lines.

With an admissible heuristic (one that never overestimates the moves still
needed) the first won state taken off the frontier ends a shortest line. A
state reached again by a shorter line is put back on the frontier, so an
admissible heuristic that is not consistent still gives shortest lines.

Forced moves are not used here by default: a forced move keeps some win, not
necessarily the shortest one. Dead-end pruning is used, since a dead state
is on no winning line at all.

The frontier is a priority queue. Two are offered: :mod:`heapq` (the
default, measured faster in ``benchmarks/bench_search.py``) and a
``sortedcontainers.SortedList``.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Hashable
from typing import Literal, Protocol, TypeVar

from sortedcontainers import SortedList  # type: ignore[import-untyped]

from .protocol import SearchProblem
from .result import NO_LIMITS, Limit, Limits, SearchStats, SolveResult, Status

S = TypeVar("S")
M = TypeVar("M")

Entry = tuple[int, int, int, Hashable]
"""Frontier entry: (f, -g, tie-break counter, key)."""

_CHECK_EVERY = 1024


class Frontier(Protocol):
    """A min-priority queue of frontier entries."""

    def push(self, entry: Entry) -> None:
        """Add an entry."""
        ...

    def pop(self) -> Entry:
        """Remove and return the least entry."""
        ...

    def __len__(self) -> int: ...


class HeapFrontier:
    """Frontier on a binary heap."""

    def __init__(self) -> None:
        self._heap: list[Entry] = []

    def push(self, entry: Entry) -> None:
        """Add an entry."""
        heapq.heappush(self._heap, entry)

    def pop(self) -> Entry:
        """Remove and return the least entry."""
        return heapq.heappop(self._heap)

    def __len__(self) -> int:
        return len(self._heap)


class SortedFrontier:
    """Frontier on a ``SortedList``."""

    def __init__(self) -> None:
        self._list: SortedList = SortedList()

    def push(self, entry: Entry) -> None:
        """Add an entry."""
        self._list.add(entry)

    def pop(self) -> Entry:
        """Remove and return the least entry."""
        entry: Entry = self._list.pop(0)
        return entry

    def __len__(self) -> int:
        return len(self._list)


FRONTIERS: dict[str, type[Frontier]] = {"heap": HeapFrontier, "sorted": SortedFrontier}


def astar(
    problem: SearchProblem[S, M],
    start: S,
    limits: Limits = NO_LIMITS,
    *,
    use_forced: bool = False,
    frontier: Literal["heap", "sorted"] = "heap",
) -> SolveResult[M]:
    """Find a shortest winning line from ``start`` (fewest moves), or prove none exists.

    With ``use_forced`` the game's forced moves are taken as the only child:
    faster, and the line is shortest among those that make every forced move.
    """
    t0 = time.perf_counter()
    deadline = None if limits.timeout is None else t0 + limits.timeout
    key, apply, h = problem.key, problem.apply, problem.heuristic
    open_: Frontier = FRONTIERS[frontier]()
    counter = itertools.count()
    k0 = key(start)
    states: dict[Hashable, S] = {k0: start}
    best_g: dict[Hashable, int] = {k0: 0}
    parent: dict[Hashable, tuple[Hashable, M]] = {}
    expanded = 0
    max_depth = 0

    def finish(status: Status, goal: Hashable | None, limit: Limit | None = None) -> SolveResult[M]:
        moves: list[M] = []
        while goal is not None and goal in parent:
            goal, move = parent[goal]
            moves.append(move)
        moves.reverse()
        stats = SearchStats(expanded, len(best_g), max_depth, time.perf_counter() - t0)
        return SolveResult(status, tuple(moves), stats, limit)

    if not problem.is_dead(start):
        open_.push((h(start), 0, next(counter), k0))
    while len(open_):
        _f, neg_g, _n, k = open_.pop()
        g = -neg_g
        if g > best_g[k]:
            continue  # a stale entry: this state was reached by a shorter line since
        state = states[k]
        if problem.is_won(state):
            return finish(Status.WON, k)
        expanded += 1
        if limits.max_states is not None and expanded > limits.max_states:
            expanded -= 1
            return finish(Status.UNKNOWN, None, Limit.STATES)
        if deadline is not None and expanded % _CHECK_EVERY == 0 and time.perf_counter() > deadline:
            return finish(Status.UNKNOWN, None, Limit.TIME)
        max_depth = max(max_depth, g)
        forced = problem.forced_move(state) if use_forced else None
        moves = (forced,) if forced is not None else problem.moves(state)
        for move in moves:
            child = apply(state, move)
            ck = key(child)
            old = best_g.get(ck)
            if old is not None and old <= g + 1:
                continue
            if old is None:
                if limits.max_table is not None and len(best_g) >= limits.max_table:
                    return finish(Status.UNKNOWN, None, Limit.TABLE)
                if problem.is_dead(child):
                    best_g[ck] = -1  # never expanded, never reached more cheaply
                    continue
            best_g[ck] = g + 1
            states[ck] = child
            parent[ck] = (k, move)
            open_.push((g + 1 + h(child), -(g + 1), next(counter), ck))
    return finish(Status.LOST, None)
