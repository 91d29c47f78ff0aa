"""Toy search problems with no cards, for testing and timing the search core."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from solitaire_solver.search import ProblemDefaults


class GraphPuzzle(ProblemDefaults):
    """Walk a directed graph given as adjacency lists; won on a goal vertex.

    A move is the vertex moved to. ``dead`` vertices are reported by
    :meth:`is_dead` (the caller must make that sound); ``h`` is a heuristic.
    """

    def __init__(
        self,
        edges: Mapping[int, Sequence[int]],
        goals: set[int],
        dead: set[int] | None = None,
        h: Mapping[int, int] | None = None,
    ) -> None:
        self.edges = edges
        self.goals = goals
        self.dead = dead or set()
        self.h = h or {}

    def moves(self, state: int) -> Sequence[int]:
        return self.edges.get(state, ())

    def apply(self, state: int, move: int) -> int:
        assert move in self.edges.get(state, ()), "illegal move in toy graph"
        return move

    def is_won(self, state: int) -> bool:
        return state in self.goals

    def key(self, state: int) -> Hashable:
        return state

    def is_dead(self, state: int) -> bool:
        return state in self.dead

    def heuristic(self, state: int) -> int:
        return self.h.get(state, 0)


class ClockPuzzle(ProblemDefaults):
    """Turn a clock of ``modulus`` positions by any of ``steps``; won at ``target``.

    The state graph is full of cycles. ``target`` is reachable from ``s``
    exactly when gcd(steps + [modulus]) divides ``target - s``.
    """

    def __init__(self, modulus: int, steps: Sequence[int], target: int) -> None:
        self.modulus = modulus
        self.steps = steps
        self.target = target

    def moves(self, state: int) -> Sequence[int]:
        return self.steps

    def apply(self, state: int, move: int) -> int:
        return (state + move) % self.modulus

    def is_won(self, state: int) -> bool:
        return state == self.target

    def key(self, state: int) -> Hashable:
        return state


class Ladder(ProblemDefaults):
    """Climb from 0 to ``top`` one rung at a time; the only winning line is ``top`` moves long.

    A second move, "slip", goes back to rung 0, so the graph has cycles too.
    """

    def __init__(self, top: int) -> None:
        self.top = top

    def moves(self, state: int) -> Sequence[str]:
        return ("up", "slip")

    def apply(self, state: int, move: str) -> int:
        return state + 1 if move == "up" else 0

    def is_won(self, state: int) -> bool:
        return state == self.top

    def key(self, state: int) -> Hashable:
        return state

    def forced_move(self, state: int) -> str | None:
        # Climbing is always safe here: slipping only returns to a state
        # already seen, and the goal lies above.
        return "up"
