"""The contract between the search core and a game.

The core knows nothing about cards: it needs a way to list moves, apply one,
tell a won state and give a state's canonical key. Three more hooks are
optional and default to doing nothing: a forced move, a dead-end test and a
heuristic. Any object with these methods will do; :class:`ProblemDefaults`
supplies the optional ones.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol, TypeVar

S = TypeVar("S")
M = TypeVar("M")


class SearchProblem(Protocol[S, M]):
    """What the search core needs from a game (or any puzzle)."""

    def moves(self, state: S) -> Iterable[M]:
        """The legal moves in ``state``, the most promising first."""
        ...

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; ``state`` itself is left unchanged."""
        ...

    def is_won(self, state: S) -> bool:
        """Whether ``state`` is a won position."""
        ...

    def key(self, state: S) -> Hashable:
        """A canonical key: equal for states with the same future, up to symmetry."""
        ...

    def forced_move(self, state: S) -> M | None:
        """A move that is safe to make at once, as the only child, or ``None``.

        A game that returns one must argue in a comment that making it
        cannot turn a won position into a lost one.
        """
        ...

    def is_dead(self, state: S) -> bool:
        """True only when ``state`` certainly cannot be won (a sound prune)."""
        ...

    def heuristic(self, state: S) -> int:
        """A lower bound on the moves still needed to win (0 is always admissible)."""
        ...


class ProblemDefaults:
    """Mixin with the do-nothing versions of the optional hooks."""

    def forced_move(self, state: object) -> None:
        """No forced moves."""
        return None

    def is_dead(self, state: object) -> bool:
        """No dead-end detection."""
        return False

    def heuristic(self, state: object) -> int:
        """The trivial admissible heuristic."""
        return 0
