"""Depth-first search over one mutable position (do/undo), with restarts.

For games whose positions are cheap to change in place and dear to copy
(:class:`~.protocol.IncrementalProblem`). The game lists the children of the
current position with their keys, so that a child already in the table is
skipped without being played.

Restarts (:class:`Restarts`): the search runs with a budget of expansions;
when the budget runs out it starts again from the start, in a new move order
(:meth:`~.protocol.IncrementalProblem.reorder`), with a budget ``growth``
times larger. Keys in the table whose subtrees were searched in full stay
there (they are lost, whatever the order), only those on the interrupted
line are taken out, so no run repeats the work of an earlier one. The
budgets grow without bound, so some run ends on its own, and its verdict is
exact: every move the game lists is tried from every position not in the
table, as without restarts. Restarts only help a search that a bad first
choice sends into a large lost subtree.

A :class:`~.memo.Memo` carries keys proved lost from one search to the next
(of positions whose keys mean the same): they are skipped as lost, and a
search that ends lost adds its table; over an acyclic problem a search that
wins adds the keys it finished with (those off the winning line).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import TypeVar

import attrs

from .budget import LOST, Budget, Run, won
from .memo import Memo
from .protocol import IncrementalProblem

M = TypeVar("M")

_NEVER = 1 << 62


@attrs.frozen
class Restarts:
    """When to start again: after ``first`` expansions, then ``growth`` times more each run."""

    first: int = 2000
    growth: float = 2.0
    seed: int = 0
    """Seed of the move orders of the restarted runs (the first run keeps the game's order)."""

    def __attrs_post_init__(self) -> None:
        if self.first < 1 or not self.growth > 1:
            raise ValueError("restarts need first >= 1 and growth > 1")


def incremental_dfs(
    problem: IncrementalProblem[M],
    budget: Budget,
    *,
    restarts: Restarts | None = None,
    memo: Memo | None = None,
) -> Run:
    """Search for any winning line from the problem's start; prove a loss by exhausting it.

    A key enters the table when its position is expanded. The position is
    left at the end of the winning line when the search wins. A key in
    ``memo`` is skipped as lost; a search that ends lost adds its table.
    """
    b = budget
    problem.reset()
    if problem.is_won():
        return won(())
    if problem.is_dead():
        return LOST
    k0 = problem.key()
    lost = memo.lost if memo is not None else None
    acyclic = bool(getattr(problem, "acyclic", False))
    if lost is not None and k0 in lost:
        return LOST
    table: set[Hashable] = set()
    rng = random.Random(restarts.seed) if restarts is not None else None
    run_budget = restarts.first if restarts is not None else _NEVER
    children = problem.children
    do, undo = problem.do, problem.undo
    while True:
        problem.reset()
        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        if k0 not in table:
            table.add(k0)
            b.stored += 1
        # The hot loop counts in locals and brings the budget up to date at
        # its checkpoints: ``exp`` is the budget's count of expansions (every
        # one here stores one new key, so ``stored`` moves with it) and
        # ``own`` this run's, for the restart.
        exp = b.expanded
        own = 1
        limit = min(b.checkpoint, exp + run_budget - own)
        deepest = 0
        path: list[M] = []
        line_keys: list[Hashable] = [k0]
        # The children still to try of the position reached, and those of the
        # positions above it on ``stack`` (a loop on ``next`` costs less per
        # position than one ``for`` loop per frame).
        it: Iterator[tuple[M, Hashable]] = iter(children())
        stack: list[Iterator[tuple[M, Hashable]]] = []
        interrupted = False
        nxt = next
        while True:
            pair = nxt(it, None)
            if pair is None:
                if not stack:
                    break
                it = stack.pop()
                undo(path.pop())
                line_keys.pop()
                continue
            move, k = pair
            if k in table or (lost is not None and k in lost):
                continue
            if len(path) >= deepest:
                deepest = len(path) + 1  # explored, if only to find it out of budget
            if exp >= limit:
                b.stored += exp - b.expanded
                b.expanded = exp
                if own >= run_budget:
                    interrupted = True
                    break
                while b.expanded >= b.checkpoint and b.interrupted():
                    b.reach(deepest)
                    yield
                exp = b.expanded
                limit = min(b.checkpoint, exp + run_budget - own)
            exp += 1
            own += 1
            table.add(k)
            path.append(move)
            if do(move):
                b.stored += exp - b.expanded
                b.expanded = exp
                b.reach(deepest)
                if memo is not None and acyclic:
                    # The keys finished with are lost (see dfs._finished);
                    # those on the line, the winning one included, are not.
                    memo.add_keys(table.difference(line_keys, (k,)))
                return won(path)
            line_keys.append(k)
            stack.append(it)
            it = iter(children())
        b.stored += exp - b.expanded
        b.expanded = exp
        b.reach(deepest)
        if not interrupted:
            if memo is not None:
                memo.add_keys(table)
            return LOST
        # The positions on the interrupted line are not proved lost.
        table.difference_update(line_keys)
        assert rng is not None and restarts is not None
        run_budget = int(run_budget * restarts.growth) + 1
        problem.reorder(rng)
