"""The contract between the search core and a game.

The core knows nothing about cards. It needs a way to list moves, apply one,
tell a won state and give a state's canonical key (:class:`SearchProblem`).
Optional hooks let a game say more; each has a do-nothing default, and a game
that implements one argues in a comment why it is sound:

- ``forced_move(state)``: a move safe to make at once, tried as the only child;
- ``is_dead(state)``: true only when ``state`` certainly cannot be won;
- ``heuristic(state)``: a lower bound on the moves still needed (for A*);
- ``successors(state)``: the ``(move, child)`` pairs, when the game can make
  them faster than ``moves`` then ``apply`` (for example a move that carries
  its own forced follow-up); it replaces ``forced_move``, ``moves`` and
  ``apply`` in the depth-first search;
- ``place(state)`` (:class:`Placed`): subsumption along a chain of waiting
  moves: a key searched from one place is settled at every later place;
- ``dominators(state)`` (:class:`Dominated`): subsumption between keys: the
  keys of states that win whenever this one does;
- ``move_length(move)``: how many moves of the game one search move stands
  for (a move with a forced follow-up), so that depths count real moves;
- ``pairs`` (an attribute, with ``place``): true when every state is the
  pair ``(key(state), place(state))``; the depth-first search then takes a
  child apart instead of calling both hooks for it;
- ``searching_dead`` (an attribute): true when ``is_dead`` itself searches
  (a relaxation, say): it is then called ``is_dead(state, budget)`` with
  the budget of the search that asks, to take its share from and charge
  its work to (:func:`~.portfolio.within`); see :func:`dead_test`;
- ``acyclic`` (an attribute): true when no line of moves leads from a
  position back to its own key (at any place), and no dominator of a
  position is one of its ancestors; then the keys a search finished with
  are lost even when it wins, and it records them in its
  :class:`~.memo.Memo`. The game argues it in a comment.

:class:`StateGraph` is a leaner form for problems whose states are their
own canonical keys and whose moves need no name (a relaxed game searched
for a proof of loss, say): the depth-first search runs it with less work
per state.

:class:`IncrementalProblem` is the optional do/undo form for games whose
speed needs a mutable position (see :mod:`.incremental`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from .budget import Budget

S = TypeVar("S")
M = TypeVar("M")
S_in = TypeVar("S_in", contravariant=True)
M_out = TypeVar("M_out", covariant=True)


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


class Expandable(Protocol[S, M_out]):
    """A problem given by its successors alone (moves made with their consequences).

    For a compact model whose moves are made only by the search: it needs
    no ``moves`` and ``apply`` of its own, only ``successors``, ``is_won``
    and ``key`` (and any optional hook).
    """

    def successors(self, state: S) -> Iterable[tuple[M_out, S]]:
        """The ``(move, child)`` pairs of ``state``, the most promising first."""
        ...

    def is_won(self, state: S) -> bool:
        """Whether ``state`` is a won position."""
        ...

    def key(self, state: S) -> Hashable:
        """A canonical key: equal for states with the same future, up to symmetry."""
        ...


class StateGraph(Protocol[S]):
    """A problem given by the states one move away, each state its own canonical key.

    For a model whose states are small canonical values (packed integers,
    say) and whose moves need no name of their own: a move is named by the
    state it reaches, so a winning line is the states it passes through.
    """

    def next_states(self, state: S) -> Iterable[S]:
        """The states one move from ``state``, the most promising first."""
        ...

    def is_won(self, state: S) -> bool:
        """Whether ``state`` is a won position."""
        ...


class Placed(Protocol[S_in]):
    """The place hook: subsumption along chains of waiting moves.

    A *place* orders the states that share a key, as a position in the deal
    order does (cards dealt, passes made). A game that gives places promises
    that a state's key, searched from place ``p``, is settled for every place
    after ``p`` too: everything won from a later place is won from an earlier
    one (for example by dealing first). The depth-first search then keeps
    with each key the earliest place it was searched from and skips the key
    at that place or later. A move that keeps the key and raises the place
    (a deal that changes nothing else) is followed only until it reaches a
    place from which an earlier search of the key began.
    """

    def place(self, state: S_in) -> int:
        """The state's place among the states with its key."""
        ...


class Dominated(Protocol[S_in]):
    """The subsumption hook: states that win whenever this one does."""

    def dominators(self, state: S_in) -> Iterable[tuple[Hashable, int]]:
        """Keys (with places) of states that are won whenever ``state`` is won.

        A search skips ``state`` when one of them is already in its table at
        that place or earlier (searched, or being searched). The game argues
        why that keeps the verdict: the dominating state must win in fewer
        moves of some well-founded measure, or the state space have no
        cycles through it, so that its presence in the table is enough.
        """
        ...


class IncrementalProblem(Protocol[M]):
    """A game as one mutable position, moved forward and back (do/undo).

    For games where copying a position costs more than the search around it.
    The position starts at the start of the search (after :meth:`reset`).
    """

    def reset(self) -> None:
        """Go back to the start position."""
        ...

    def key(self) -> Hashable:
        """The canonical key of the current position."""
        ...

    def is_won(self) -> bool:
        """Whether the current position is won."""
        ...

    def is_dead(self) -> bool:
        """True only when the current position certainly cannot be won."""
        ...

    def children(self) -> Iterable[tuple[M, Hashable]]:
        """The moves worth trying, each with the key of the position after it, best first.

        A move whose resulting position is certainly lost may be left out
        (the game argues why, as for ``is_dead``).
        """
        ...

    def do(self, move: M) -> bool:
        """Play ``move`` (one of :meth:`children`); true when the position reached is won."""
        ...

    def undo(self, move: M) -> None:
        """Take back ``move``, the last move played."""
        ...

    def reorder(self, rng: random.Random) -> None:
        """Change the order of :meth:`children` for a restart, drawing from ``rng``."""
        ...


class ProblemDefaults:
    """Mixin with the do-nothing versions of the optional hooks."""

    def forced_move(self, state: Any) -> Any:
        """No forced moves."""
        return None

    def is_dead(self, state: Any) -> bool:
        """No dead-end detection."""
        return False

    def heuristic(self, state: Any) -> int:
        """The trivial admissible heuristic."""
        return 0


def overrides(problem: object, name: str) -> bool:
    """Whether ``problem`` has hook ``name`` of its own (not the do-nothing default).

    The hook may be a method or a function set on the object itself.
    """
    hook = getattr(problem, name, None)
    if hook is None:
        return False
    return getattr(hook, "__func__", hook) is not getattr(ProblemDefaults, name, None)


def dead_test(problem: object, budget: Budget) -> Callable[[Any], bool] | None:
    """The dead-end test a search of ``problem`` under ``budget`` calls, or ``None``.

    The problem's own ``is_dead``; when it searches (``searching_dead``
    true), bound to ``budget``, so that its work counts in the solve without
    the problem holding on to a budget of its own.
    """
    if not overrides(problem, "is_dead"):
        return None
    dead: Callable[..., bool] = problem.is_dead  # type: ignore[attr-defined]
    if getattr(problem, "searching_dead", False):
        return partial(dead, budget=budget)
    return dead
