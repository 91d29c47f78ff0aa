"""Restarts and limited discrepancy search: two ways of trying other lines early.

A depth-first search commits to its first moves: when they lead into a
large lost subtree, a win one early choice away waits until that subtree is
exhausted. Two classic remedies, each a strategy of its own:

- :func:`restarted` runs a strategy again from the start, a new attempt
  each time (attempt ``k`` is ``make(k)``, say a depth-first search in an
  order shuffled by seed ``k``), each allowed ``growth`` times the
  expansions of the one before. The allowances grow without bound, so
  some attempt runs to its end, and its verdict is that strategy's own: a
  complete search that ends lost proves the loss whatever its order.
- :func:`lds`, limited discrepancy search (Harvey and Ginsberg, 1995):
  iteration ``k`` follows every line that leaves the game's preferred move
  (the first it lists) at most ``k`` times. An iteration that never had
  to refuse a move for want of discrepancies searched everything, and
  then finding no win proves the loss.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from itertools import count
from typing import Any, TypeVar

from .budget import LOST, Budget, Run, Strategy, Verdict, won
from .dfs import successors_of
from .protocol import Expandable, SearchProblem, dead_test

S = TypeVar("S")
M = TypeVar("M")


def restarted(
    make: Callable[[int], Strategy], budget: Budget, *, first: int = 1000, growth: float = 2.0
) -> Run:
    """Attempts ``make(0)``, ``make(1)``, ... from the start, with growing allowances.

    Attempt ``k`` may expand ``first * growth**k`` states (its own count);
    when it has used them up it is dropped, its work with it, and the next
    one starts. The first verdict ends the run; an attempt that ends without
    one before its allowance is up ends the run with none too (it would end
    the same way every time). Between turns of a portfolio the attempt in
    progress keeps its work and its allowance.
    """
    if first < 1 or not growth > 1:
        raise ValueError("restarts need first >= 1 and growth > 1")
    allowance = float(first)
    for k in count():
        run = make(k)(budget)
        used = 0
        try:
            while True:
                budget.begin_turn(int(allowance) - used)
                before = budget.expanded
                try:
                    next(run)
                except StopIteration as stop:
                    budget.end_turn()
                    verdict: Verdict[Any] | None = stop.value
                    return verdict
                budget.end_turn()
                used += budget.expanded - before
                if used >= allowance:
                    break
                # Not this attempt's allowance: the turn around it is over,
                # or a limit was reached.
                while budget.paused():
                    yield
        finally:
            run.close()
        allowance *= growth
    return None  # pragma: no cover - the loop above never ends


def lds(
    problem: SearchProblem[S, M] | Expandable[S, M],
    start: S,
    budget: Budget,
    *,
    forced: bool = True,
) -> Run:
    """Limited discrepancy search from ``start``: won with a line, or lost once complete.

    The game's first move at each state is its preferred one; taking any
    other costs a discrepancy. Iteration ``k`` (0, 1, 2, ...) searches depth
    first every line with at most ``k`` discrepancies, with a table of the
    discrepancies each key had left when it was expanded: a key met again
    with no more left is skipped, since the first search of it covered
    every line this one could follow (a key met again on the line being
    searched closes a cycle, which adds nothing). ``is_dead`` prunes as in
    :func:`~.dfs.dfs`. Each iteration starts afresh, so states are expanded
    again and count again.
    """
    key = problem.key
    is_won = problem.is_won
    dead = dead_test(problem, budget)
    successors = successors_of(problem, forced=forced)
    b = budget
    if is_won(start):
        return won(())
    if dead is not None and dead(start):
        return LOST
    for allowed in count():
        k0 = key(start)
        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        b.stored += 1
        table: dict[Hashable, int] = {k0: allowed}
        refused = False
        path: list[M] = []
        # A frame: the children still to try (numbered, the first preferred)
        # and the discrepancies left at its state.
        frames: list[tuple[Iterator[tuple[int, tuple[M, S]]], int]] = [
            (enumerate(successors(start)), allowed)
        ]
        while frames:
            it, left = frames[-1]
            pushed = False
            for index, (move, child) in it:
                spend = left - (index > 0)
                if spend < 0:
                    # This child and every later one cost a discrepancy
                    # more than is left: the state is done for this iteration.
                    refused = True
                    break
                b.reach(len(path) + 1)
                if is_won(child):
                    path.append(move)
                    return won(path)
                if dead is not None and dead(child):
                    continue
                k = key(child)
                old = table.get(k)
                if old is not None and old >= spend:
                    continue
                while b.expanded >= b.checkpoint and b.interrupted():
                    yield
                b.expanded += 1
                if old is None:
                    b.stored += 1
                table[k] = spend
                path.append(move)
                frames.append((enumerate(successors(child)), spend))
                pushed = True
                break
            if not pushed:
                frames.pop()
                if path:
                    path.pop()
        if not refused:
            return LOST
    return None  # pragma: no cover - the loop above never ends
