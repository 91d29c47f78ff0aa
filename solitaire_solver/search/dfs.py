"""Depth-first search with a transposition table.

The search is iterative (an explicit stack of move iterators), so a winning
line of any length is found without touching Python's recursion limit. A
state's canonical key enters the table when the state is expanded; a child
whose key is already there is skipped, which makes the search terminate on
cyclic state graphs and visit each equivalence class once.

Soundness of "lost": every state reachable from the start through the moves
the game lists is expanded, except
- below a forced move (the game argues it loses no win);
- a state the game calls dead (the game argues it cannot be won);
- a state whose key is already in the table: that key's whole subtree has
  been or is being searched; on a path back to an ancestor still on the
  stack the cycle adds nothing the ancestor's own subtree does not cover;
- with places (:class:`~.protocol.Placed`), a key in the table at the same
  or an earlier place, by the game's promise that an earlier place settles
  the later ones; and a waiting move that reaches a place where an earlier
  search of its key began;
- a state with a dominator in the table (:class:`~.protocol.Dominated`), by
  the game's argument;
- with a :class:`~.memo.Memo`, a key (or a dominator) that an earlier search
  proved lost at the same or an earlier place.

A search that ends lost records its table in the memo it was given (see
:mod:`.memo` for why every key in it is then lost); over an acyclic problem
(``acyclic`` true) a search that wins records the keys it finished with too
(see :func:`_finished`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Mapping
from typing import Any, TypeVar, cast

from .budget import LOST, Budget, Run, solve, won
from .memo import Memo
from .protocol import Expandable, SearchProblem, StateGraph, dead_test, overrides
from .result import NO_LIMITS, Limits, SolveResult

S = TypeVar("S")
M = TypeVar("M")

_NEVER = 1 << 62
"""A place later than any."""


def successors_of(
    problem: SearchProblem[S, M] | Expandable[S, M], *, forced: bool = True
) -> Callable[[S], Iterable[tuple[M, S]]]:
    """The function giving ``(move, child)`` pairs: the game's ``successors`` hook if it
    has one, else its forced move as the only child, else its moves applied lazily."""
    own = getattr(problem, "successors", None)
    if own is not None:
        succ: Callable[[S], Iterable[tuple[M, S]]] = own
        return succ
    plain = cast("SearchProblem[S, M]", problem)  # without successors, it has moves
    apply, moves_of = plain.apply, plain.moves
    forced_move = plain.forced_move if forced and overrides(plain, "forced_move") else None

    def children(state: S) -> Iterable[tuple[M, S]]:
        if forced_move is not None:
            move = forced_move(state)
            if move is not None:
                return ((move, apply(state, move)),)
        return ((m, apply(state, m)) for m in moves_of(state))

    return children


def _synced(
    b: Budget, exp: int, stored: int, reach: Callable[[int], None], deepest: int
) -> Generator[None, None, tuple[int, int, int]]:
    """At a checkpoint of a loop that counts in locals: bring the budget up to date, wait
    while it says so, and give back the counts and the next checkpoint to go on with."""
    b.expanded, b.stored = exp, stored
    reach(deepest)
    while b.expanded >= b.checkpoint and b.interrupted():
        yield
    return b.expanded, b.stored, b.checkpoint


def dfs(
    problem: SearchProblem[S, M] | Expandable[S, M] | StateGraph[S],
    start: S,
    budget: Budget,
    *,
    forced: bool = True,
    depth: int = 0,
    order: Callable[[list[tuple[M, S]]], Iterable[tuple[M, S]]] | None = None,
    memo: Memo | None = None,
    lines: bool = True,
) -> Run:
    """Search for any winning line from ``start``; prove a loss by exhausting the space.

    Moves are tried in the order the game gives them, or in the order
    ``order`` puts each state's ``(move, child)`` pairs in (a shuffle, for
    restarts: :func:`~.restart.restarted`); the order decides only which
    line is tried first, every child is tried. With ``forced`` (the
    default) a forced move, when the game supplies one, is the only child
    of its state. The optional hooks of :mod:`.protocol` are used when the
    game has them. ``depth`` is the number of the game's moves already made
    to reach ``start`` (say, the forced moves a compact model makes before
    its search begins), so that depths count from the game's own start.
    ``memo`` holds keys that earlier searches proved lost: they are skipped
    as lost, and a search that ends lost adds its own. ``lines`` false says
    that the problem's lines are not lines of the solve's game (a relaxed
    game searched for a game's proof, say): the depth they reach is then
    left out of the budget's ``max_depth``. A :class:`~.protocol.StateGraph`
    (its states their own keys, its moves named by the states they reach)
    is searched by a leaner loop of the same order (see :func:`_graph_dfs`);
    ``forced`` and ``memo`` do not apply to it.
    """
    b = budget
    reach = b.reach if lines else _unseen
    children = getattr(problem, "next_states", None)
    if children is not None:
        if order is not None:
            # The order arranges states here (a state names its move).
            listed, arranged = children, cast("Callable[[list[S]], Iterable[S]]", order)

            def children(state: S) -> Iterable[S]:
                return arranged(list(listed(state)))

        verdict = yield from _graph_dfs(children, problem.is_won, start, b, depth, reach)
        return verdict
    problem = cast("SearchProblem[S, M] | Expandable[S, M]", problem)
    key = problem.key
    is_won = problem.is_won
    dead: Callable[[S], bool] | None = dead_test(problem, b)
    place: Callable[[S], int] | None = getattr(problem, "place", None)
    dominators: Callable[[S], Iterable[tuple[Hashable, int]]] | None = getattr(
        problem, "dominators", None
    )
    length: Callable[[M], int] | None = getattr(problem, "move_length", None)
    # States that are their own (key, place) pair are taken apart here
    # rather than through two calls per child.
    pairs = place is not None and bool(getattr(problem, "pairs", False))
    acyclic = bool(getattr(problem, "acyclic", False))
    successors = successors_of(problem, forced=forced)
    if order is not None:
        given, arrange = successors, order

        def successors(state: S) -> Iterable[tuple[M, S]]:
            return arrange(list(given(state)))

    if is_won(start):
        reach(depth)
        return won(())
    if dead is not None and dead(start):
        reach(depth)
        return LOST
    k0 = key(start)
    p0 = place(start) if place is not None else 0
    lost_get = memo.lost.get if memo is not None else None
    stop0 = _NEVER
    if lost_get is not None:
        m = lost_get(k0)
        if m is not None:
            if m <= p0:
                reach(depth)
                return LOST
            stop0 = m  # a chain of waiting moves from the start stops where that began
    while b.expanded >= b.checkpoint and b.interrupted():
        yield
    table: dict[Hashable, int] = {k0: p0}
    get = table.get
    # The hot loop counts in locals and brings the budget up to date at its
    # checkpoints and when it returns (no other run works in between).
    exp, stored, checkpoint = b.expanded + 1, b.stored + 1, b.checkpoint
    deepest = depth
    path: list[M] = []
    # The state being expanded: its children still to try, its key, its
    # place, where its chain of waiting moves stops, its depth. The frames of
    # the states above it on the current line wait on ``stack``. (A loop on
    # ``next`` costs less per state than one ``for`` loop per frame.)
    it: Iterator[tuple[M, S]] = iter(successors(start))
    pk, pp, pstop, pdepth = k0, p0, stop0, depth
    stack: list[tuple[Iterator[tuple[M, S]], Hashable, int, int, int]] = []
    nxt = next
    while True:
        pair = nxt(it, None)
        if pair is None:
            if not stack:
                break
            it, pk, pp, pstop, pdepth = stack.pop()
            path.pop()
            continue
        move, child = pair
        depth = pdepth + (length(move) if length is not None else 1)
        if depth > deepest:
            deepest = depth  # explored, if only to find it won, dead or out of budget
        if is_won(child):
            path.append(move)
            b.expanded, b.stored = exp, stored
            reach(deepest)
            if memo is not None and acyclic:
                memo.add(_finished(table, [*(f[1] for f in stack), pk]))
            return won(path)
        if dead is not None:
            # The test may itself search and charge the budget (see
            # Budget.share): bring the budget up to date around it.
            b.expanded, b.stored = exp, stored
            gone = dead(child)
            exp, stored, checkpoint = b.expanded, b.stored, b.checkpoint
            if gone:
                continue
        if pairs:
            k, p = child  # type: ignore[misc]
        else:
            k = key(child)
            p = place(child) if place is not None else 0
        old = get(k)
        if old is None:
            stop = _NEVER
            new = fresh = True
        elif place is None:
            continue
        elif k == pk:
            # Only the place moved on (a waiting move): follow the chain up
            # to where an earlier search of this key began.
            if p <= pp or p >= pstop:
                continue
            stop = pstop
            new = fresh = False
        elif old <= p:
            continue
        else:
            stop = old
            new, fresh = True, False
        if new and lost_get is not None:
            m = lost_get(k)
            if m is not None:
                if m <= p:
                    continue
                if m < stop:
                    stop = m
        if new and dominators is not None:
            if lost_get is None:
                # _dominated without a memo, written out: a dominator test
                # follows most new children.
                for dk, dp in dominators(child):
                    seen = get(dk)
                    if seen is not None and seen <= dp:
                        break
                else:
                    seen = None
                if seen is not None:
                    continue
            elif _dominated(dominators(child), get, lost_get):
                continue
        if exp >= checkpoint:
            exp, stored, checkpoint = yield from _synced(b, exp, stored, reach, deepest)
        exp += 1
        if new:
            table[k] = p
            if fresh:
                stored += 1
        path.append(move)
        stack.append((it, pk, pp, pstop, pdepth))
        it = iter(successors(child))
        pk, pp, pstop, pdepth = k, p, stop, depth
    b.expanded, b.stored = exp, stored
    reach(deepest)
    if memo is not None:
        memo.add(table)
    return LOST


def _graph_dfs(
    children: Callable[[S], Iterable[S]],
    is_won: Callable[[S], bool],
    start: S,
    b: Budget,
    depth: int,
    reach: Callable[[int], None],
) -> Run:
    """:func:`dfs` over a :class:`~.protocol.StateGraph`: states are keys, a line is states.

    The same search as the general loop with no hooks (children tried in
    the game's order, a child skipped when its key is in the table, each
    state expanded counted once and stored once), with less to do per
    child: no move to carry, no key to ask for, and a child in the table
    skipped before it is asked whether it is won (a won state is never
    expanded, so never in the table). It is the loop of relaxed searches
    that prove losses, where a state costs little to make and the loop's
    own work is most of the time. The depth reached is that of the deepest
    state expanded (or won).
    """
    if is_won(start):
        reach(depth)
        return won(())
    while b.expanded >= b.checkpoint and b.interrupted():
        yield
    table = {start}
    add = table.add
    exp, stored, checkpoint = b.expanded + 1, b.stored + 1, b.checkpoint
    path: list[S] = []
    level = deepest = depth  # the depth of the state being expanded, the deepest one
    it: Iterator[S] = iter(children(start))
    stack: list[Iterator[S]] = []
    push, pop, nxt = stack.append, stack.pop, next
    end = object()
    while True:
        child = nxt(it, end)
        if child is end:
            if not stack:
                break
            it = pop()
            path.pop()
            level -= 1
            continue
        if child in table:
            continue
        if is_won(child):  # type: ignore[arg-type]
            path.append(child)  # type: ignore[arg-type]
            b.expanded, b.stored = exp, stored
            reach(max(deepest, level + 1))
            return won(path)
        if exp >= checkpoint:
            exp, stored, checkpoint = yield from _synced(b, exp, stored, reach, deepest)
        exp += 1
        stored += 1
        add(child)  # type: ignore[arg-type]
        path.append(child)  # type: ignore[arg-type]
        level += 1
        if level > deepest:
            deepest = level
        push(it)
        it = iter(children(child))  # type: ignore[arg-type]
    b.expanded, b.stored = exp, stored
    reach(deepest)
    return LOST


def _unseen(depth: int) -> None:
    """A depth not counted (see ``lines`` in :func:`dfs`)."""


def _finished(table: Mapping[Hashable, int], line: Iterable[Hashable]) -> dict[Hashable, int]:
    """The keys of ``table`` off the current ``line``: proved lost in an acyclic problem.

    Why, for a problem whose positions never come back (see
    :mod:`.protocol`, ``acyclic``): a key off the line was left after every
    child was tried. A child was skipped only as lost (dead, in the memo),
    or as in the table: there, off the line too (no child is an ancestor,
    nor is a dominator, by the game's argument), so left before and lost.
    By induction on the order they were left in, every such key is lost,
    whatever the search found afterwards.
    """
    on_line = set(line)
    return {k: p for k, p in table.items() if k not in on_line}


def _dominated(
    candidates: Iterable[tuple[Hashable, int]],
    get: Callable[[Hashable], int | None],
    lost_get: Callable[[Hashable], int | None] | None = None,
) -> bool:
    """Whether one of the dominating keys is in the table, or proved lost, at its place or
    earlier."""
    for k, p in candidates:
        old = get(k)
        if old is not None and old <= p:
            return True
        if lost_get is not None:
            m = lost_get(k)
            if m is not None and m <= p:
                return True
    return False


def depth_first(
    problem: SearchProblem[S, M],
    start: S,
    limits: Limits = NO_LIMITS,
    *,
    forced: bool = True,
    memo: Memo | None = None,
) -> SolveResult[M]:
    """:func:`dfs` run alone under ``limits``."""

    def strategy(budget: Budget) -> Run:
        return dfs(problem, start, budget, forced=forced, memo=memo)

    result: SolveResult[Any] = solve(strategy, limits)
    return result
