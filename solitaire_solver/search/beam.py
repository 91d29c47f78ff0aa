"""Beam search: keep the ``width`` best states of each round.

A round starts from the states kept. Moves come in two kinds. Moves
``within`` a round are followed exhaustively: every state they reach is
expanded in this round. Moves ``across`` rounds give the candidates of the
next round, of which the ``width`` best by ``score`` (least first; ties in
the order they were found) are kept. By default no move stays within a round
and every move goes across: the classic beam, one round per move. A game
whose progress comes in steps (a card dealt, say) keeps its other moves
within the round, so that the beam compares states at the same step.

When no round ever had more than ``width`` candidates, nothing was dropped
and every reachable state was expanded: then, for a problem that lists every
legal move (``exact``), finding no win proves the loss. Otherwise the beam
gives no verdict.

A key enters the table when its state is first reached in a round (kept
from the last round, or reached by a move within it), and a state whose key
is there is not reached again: so each state is expanded once, from the
first line that reached it, and the order of expansion (last reached, first
expanded) does not depend on how often a state is reached. Every state
reached in a round is expanded before the round ends, so the table holds the
states expanded, or about to be; ``unique`` counts a key when its state is
expanded. With ``forget`` each round starts with an empty table, which saves
memory but may expand a state again in a later round; it is only for
problems where no line holds more than finitely many moves across rounds
(each deals a card, say), or the rounds might never end. With the
:class:`~.protocol.Dominated` hook a state is not reached when a dominator is
in the table (it will be expanded in this round, or was in an earlier one),
and a candidate is dropped when a dominator is among the candidates (the
game argues why that loses no win; domination must not go round in a
circle, or two states could drop each other).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from .budget import LOST, Budget, Run, won
from .dfs import _dominated, successors_of
from .protocol import SearchProblem

S = TypeVar("S")
M = TypeVar("M")

Successors = Callable[[Any], Iterable[tuple[Any, Any]]]

_Node = tuple[Any, "_Node | None", Any, int]
"""A state, the node it came from, the move that led here and the depth."""


def _none(state: Any) -> tuple[()]:
    return ()


def beam(
    problem: SearchProblem[S, M],
    start: S,
    budget: Budget,
    width: int,
    *,
    score: Callable[[S], Any],
    within: Successors | None = None,
    across: Successors | None = None,
    exact: bool = True,
    forget: bool = False,
) -> Run:
    """A beam of ``width`` states from ``start``; ``None`` unless it won or proved a loss.

    ``within`` and ``across`` give ``(move, child)`` pairs (by default none
    within, and every move of the game across). ``exact`` false says that
    the moves leave some legal moves out, so that a beam that dropped
    nothing still proves nothing. ``forget`` empties the table at each
    round (see the module's docstring).
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least 1, not {width}")
    key, is_won = problem.key, problem.is_won
    inner = within if within is not None else _none
    outer = across if across is not None else successors_of(problem, forced=False)
    dominators: Callable[[Any], Iterable[tuple[Hashable, int]]] | None = getattr(
        problem, "dominators", None
    )
    b = budget
    if is_won(start):
        return won(())
    layer: list[_Node] = [(start, None, None, 0)]
    truncated = False
    seen: dict[Hashable, int] = {}
    while layer:
        if forget:
            seen = {}
        get = seen.get
        todo: list[_Node] = []
        for node in layer:
            k = key(node[0])
            if k in seen or (dominators is not None and _dominated(dominators(node[0]), get)):
                continue
            seen[k] = 0
            todo.append(node)
        nxt: dict[Hashable, _Node] = {}
        while todo:
            node = todo.pop()
            state = node[0]
            while b.expanded >= b.checkpoint and b.interrupted():
                yield
            b.expanded += 1
            b.stored += 1
            if node[3] > b.max_depth:
                b.max_depth = node[3]
            depth = node[3] + 1
            for move, child in inner(state):
                ck = key(child)
                if ck in seen:
                    continue
                if dominators is not None and _dominated(dominators(child), get):
                    continue
                child_node = (child, node, move, depth)
                if is_won(child):
                    b.reach(depth)
                    return won(_line(child_node))
                seen[ck] = 0
                todo.append(child_node)
            for move, child in outer(state):
                ck = key(child)
                if ck in nxt or (not forget and ck in seen):
                    continue
                child_node = (child, node, move, depth)
                if is_won(child):
                    b.reach(depth)
                    return won(_line(child_node))
                nxt[ck] = child_node
        if dominators is not None:
            places = dict.fromkeys(nxt, 0)
            for ck in [ck for ck, n in nxt.items() if _dominated(dominators(n[0]), places.get)]:
                del nxt[ck]
        if len(nxt) > width:
            truncated = True
            layer = heapq.nsmallest(width, nxt.values(), key=lambda n: score(n[0]))
        else:
            layer = list(nxt.values())
    return None if truncated or not exact else LOST


def _line(node: _Node) -> list[Any]:
    """The moves from the start to ``node``."""
    moves = []
    at: _Node | None = node
    while at is not None and at[1] is not None:
        moves.append(at[2])
        at = at[1]
    moves.reverse()
    return moves
