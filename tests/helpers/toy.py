"""Toy search problems with no cards, for testing and timing the search core."""

from __future__ import annotations

import random
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


class Endless(ProblemDefaults):
    """Count up for ever: a search of it never ends on its own (a member that never finishes)."""

    def moves(self, state: int) -> Sequence[int]:
        return (1,)

    def apply(self, state: int, move: int) -> int:
        return state + move

    def is_won(self, state: int) -> bool:
        return False

    def key(self, state: int) -> Hashable:
        return state


class IncrementalGraph:
    """:class:`GraphPuzzle` as one mutable position (the do/undo protocol), for the engine's tests.

    ``reorder`` reverses or rotates the order of the children, so that a
    restarted search really tries another order.
    """

    def __init__(self, edges: Mapping[int, Sequence[int]], goals: set[int], start: int) -> None:
        self.edges = edges
        self.goals = goals
        self.start = start
        self.at = [start]
        self.shift = 0

    def reset(self) -> None:
        self.at = [self.start]

    def key(self) -> Hashable:
        return self.at[-1]

    def is_won(self) -> bool:
        return self.at[-1] in self.goals

    def is_dead(self) -> bool:
        return False

    def children(self) -> list[tuple[int, Hashable]]:
        out = list(self.edges.get(self.at[-1], ()))
        if out and self.shift:
            k = self.shift % len(out)
            out = out[k:] + out[:k]
        return [(w, w) for w in out]

    def do(self, move: int) -> bool:
        assert move in self.edges.get(self.at[-1], ()), "illegal move in toy graph"
        self.at.append(move)
        return move in self.goals

    def undo(self, move: int) -> None:
        assert self.at[-1] == move
        self.at.pop()

    def reorder(self, rng: random.Random) -> None:
        self.shift = rng.randrange(1 << 30)


class Dealer(ProblemDefaults):
    """A toy with places: a hand of cards to play in order, and a stock to deal.

    A state is ``(played, dealt)``: cards ``0 .. played-1`` are played and
    cards ``0 .. dealt-1`` have been dealt. Card ``i`` may be played when it
    has been dealt and is the next in order, and dealing is allowed until
    ``len(stock)`` cards are dealt; but card ``i`` goes stale (can no longer
    be played) once more than ``stock[i]`` cards are dealt. Won when every
    card is played. The key is ``played`` and the place ``dealt``: playing
    never depends on having dealt more, so a key settled from an earlier
    place is settled at every later one (dealing first reaches them). A
    dominator hook says nothing here: the toy tests places alone.
    """

    def __init__(self, stock: Sequence[int]) -> None:
        self.stock = stock

    def moves(self, state: tuple[int, int]) -> Sequence[str]:
        played, dealt = state
        out = []
        if played < len(self.stock) and played < dealt and dealt <= self.stock[played]:
            out.append("play")
        if dealt < len(self.stock):
            out.append("deal")
        return out

    def apply(self, state: tuple[int, int], move: str) -> tuple[int, int]:
        played, dealt = state
        return (played + 1, dealt) if move == "play" else (played, dealt + 1)

    def is_won(self, state: tuple[int, int]) -> bool:
        return state[0] == len(self.stock)

    def key(self, state: tuple[int, int]) -> Hashable:
        return state[0]

    def place(self, state: tuple[int, int]) -> int:
        return state[1]


class GraphStates:
    """:class:`GraphPuzzle` as a state graph: a vertex is its own key and names its move."""

    def __init__(self, edges: Mapping[int, Sequence[int]], goals: set[int]) -> None:
        self.edges = edges
        self.goals = goals

    def next_states(self, state: int) -> Sequence[int]:
        return self.edges.get(state, ())

    def is_won(self, state: int) -> bool:
        return state in self.goals
