"""Depth-first search with a transposition table.

The search is iterative (an explicit stack of move iterators), so a winning
line of any length is found without touching Python's recursion limit. A
state's canonical key enters the table when the state is first generated;
a state whose key is already there is skipped, which makes the search
terminate on cyclic state graphs and visit each equivalence class once.

Soundness of "lost": every state reachable from the start through moves the
game lists is generated, except below a forced move (the game argues it loses
no win) and below a state the game calls dead (the game argues it cannot be
won). A key already in the table stands for a state whose whole subtree has
been or is being searched; on a path back to an ancestor that is still on the
stack the cycle adds nothing the ancestor's own subtree does not cover.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TypeVar

from .protocol import SearchProblem
from .result import NO_LIMITS, Limit, Limits, SearchStats, SolveResult, Status

S = TypeVar("S")
M = TypeVar("M")

_CHECK_EVERY = 1024
"""Expansions between two looks at the clock."""


def depth_first(
    problem: SearchProblem[S, M], start: S, limits: Limits = NO_LIMITS
) -> SolveResult[M]:
    """Search for any winning line from ``start``; prove a loss by exhausting the space.

    Moves are tried in the order :meth:`SearchProblem.moves` gives them, and
    a forced move, when the game supplies one, is the only child of its state.
    """
    t0 = time.perf_counter()
    deadline = None if limits.timeout is None else t0 + limits.timeout
    max_states = limits.max_states
    max_table = limits.max_table
    key = problem.key
    apply = problem.apply
    is_won = problem.is_won
    is_dead = problem.is_dead
    forced_move = problem.forced_move
    moves_of = problem.moves

    def children(state: S) -> Iterator[M]:
        forced = forced_move(state)
        if forced is not None:
            return iter((forced,))
        return iter(moves_of(state))

    def finish(status: Status, moves: list[M], limit: Limit | None = None) -> SolveResult[M]:
        stats = SearchStats(expanded, len(seen), max_depth, time.perf_counter() - t0)
        return SolveResult(status, tuple(moves), stats, limit)

    seen = {key(start)}
    expanded = 0
    max_depth = 0
    path: list[M] = []
    if is_won(start):
        return finish(Status.WON, path)
    if is_dead(start):
        return finish(Status.LOST, path)
    expanded = 1
    stack: list[tuple[S, Iterator[M]]] = [(start, children(start))]
    while stack:
        state, it = stack[-1]
        for move in it:
            child = apply(state, move)
            k = key(child)
            if k in seen:
                continue
            if is_won(child):
                path.append(move)
                return finish(Status.WON, path)
            if max_table is not None and len(seen) >= max_table:
                return finish(Status.UNKNOWN, [], Limit.TABLE)
            seen.add(k)
            if is_dead(child):
                continue
            expanded += 1
            if (
                expanded % _CHECK_EVERY == 0
                and deadline is not None
                and time.perf_counter() > deadline
            ):
                return finish(Status.UNKNOWN, [], Limit.TIME)
            if max_states is not None and expanded > max_states:
                expanded -= 1
                return finish(Status.UNKNOWN, [], Limit.STATES)
            path.append(move)
            stack.append((child, children(child)))
            if len(path) > max_depth:
                max_depth = len(path)
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return finish(Status.LOST, [])
