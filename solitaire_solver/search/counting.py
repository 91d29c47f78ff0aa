"""Expectimax in whole numbers: the orders of the unseen cards that the best play wins.

Where chance is a face-down stock, uniformly shuffled, a node's value is a
fraction whose denominator is N, the number of distinct orders of the cards
still to come. Written as W = value * N, a deal adds and a choice compares
whole numbers only: the orders beginning with a card are exactly the orders
of the rest, so W of a node is the sum, over the cards that may come next
(one per distinct card), of the best W among the nodes the player may then
choose between (see :mod:`..games.decade.exact`). This is the expectimax of
:mod:`.expectimax` with the chances folded into the counts, which is what
makes it fast enough for the millions of nodes such games reach.

A :class:`CountingProblem` says which nodes are settled without a search
(closed forms, bounds, a table) and how a node is keyed in the memo (a key
smaller than the node, say a whole number, keeps a large memo small): both
in one :meth:`~CountingProblem.look` at a node. It adds up the deals of a
node itself, in a function it makes once (:meth:`~CountingProblem.dealer`)
from the search's :class:`Steps`: the memo's lookup, the search of a node
not found there, and the choice, which the search makes (the best W, cut
once a node wins every order). So a problem settles the nodes that follow a
deal in the loop that makes them, with no node built or handed over for
them, and the search costs little more than a recursion written for the
problem alone. :class:`Counting` runs the search under a
:class:`~.budget.Budget`, counting each node it expands (a node not
settled, not in the memo) and each value it keeps; when the budget's limit
is reached it raises :class:`OutOfBudget`. The search is recursive, one
level per card dealt, so it suits stocks of a deck or so.

>>> class Cards:
...     '''Win when the two cards left come highest first: (line top, unseen) nodes.'''
...     def look(self, node):
...         top, unseen = node
...         return (node, node) if unseen else (None, 1)
...     def dealer(self, steps):
...         def deal(node):
...             top, unseen = node
...             acc = 0
...             for v in sorted(set(unseen)):
...                 if v <= top:
...                     rest = list(unseen)
...                     rest.remove(v)
...                     acc += steps.choose(1, [self.look((v, tuple(rest)))])
...             return acc
...         return deal
>>> counting = Counting(Cards())
>>> counting.wins((9, (1, 2))), counting.wins((9, (2, 2)))
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .budget import Budget
from .result import Limit

N = TypeVar("N")
N_contra = TypeVar("N_contra", contravariant=True)


class OutOfBudget(Exception):
    """The budget's limit was reached before the value was worked out."""

    def __init__(self, limit: Limit | None) -> None:
        super().__init__(f"the search ran out of budget ({limit.value if limit else 'a turn'})")
        self.limit = limit


Looked = tuple[Any, Any]
"""What the search sees of a node: ``(None, W)`` when it is settled, ``(key, node)`` otherwise
(no key is ``None``)."""


class Steps(NamedTuple):
    """What a problem's deals may ask of the search, as plain functions for its hot loop."""

    found: Callable[[Hashable], int | None]
    """W by key from the memo, ``None`` when it is not there."""
    search: Callable[[Any, Hashable], int]
    """W of a node (with its key) that is neither settled nor in the memo: expands it."""
    choose: Callable[[int, list[Looked]], int]
    """The best W of the nodes a player may choose between, looked at (best first if the
    problem can tell), given N, which they share (the same cards are still to come)."""


class CountingProblem(Protocol[N_contra]):
    """What :class:`Counting` needs of a problem whose chance is a uniformly shuffled stock."""

    def look(self, node: N_contra) -> Looked:
        """``(None, W)`` when W of ``node`` is known without a search, else ``(key, node)``,
        the memo's key (equal keys have equal W)."""
        ...

    def dealer(self, steps: Steps) -> Callable[[N_contra], int]:
        """Made once: the function that adds up, over the cards that may come next to a node
        (one per distinct card), W of what follows each. With no choice that is W of the node
        that follows: settled, or found, or searched (the :class:`Steps`); with a choice it
        is ``steps.choose``."""
        ...


class Counting(Generic[N]):
    """The search of one :class:`CountingProblem`: its memo serves every call.

    ``cut``: a choice stops at a node that wins every order (turn it off
    to check that the cut changes nothing). :attr:`budget` limits the
    search and counts its work; set a new one for each call that has
    limits of its own.
    """

    def __init__(self, problem: CountingProblem[N], *, cut: bool = True) -> None:
        self.problem = problem
        self.cut = cut
        self.memo: dict[Hashable, int] = {}
        self._budget = [Budget()]
        self._deals: list[Callable[[N], int]] = []
        self.steps = self._steps()
        self._deals.append(problem.dealer(self.steps))

    @property
    def budget(self) -> Budget:
        """The budget the search runs under now."""
        return self._budget[0]

    @budget.setter
    def budget(self, budget: Budget) -> None:
        self._budget[0] = budget

    def wins(self, node: N) -> int:
        """W of ``node``. Raises :class:`OutOfBudget` when the budget's limit is reached."""
        key, looked = self.problem.look(node)
        if key is None:
            return int(looked)
        w = self.memo.get(key)
        if w is None:
            w = self.steps.search(looked, key)
        return w

    def _steps(self) -> Steps:
        """The search's steps: closures, as the hot loop of its problems, reading the budget
        from a one-element list so that a new one may be set, and the problem's deals from
        another, filled once the problem has made them from these steps."""
        memo, budgets, cut, deals = self.memo, self._budget, self.cut, self._deals
        found = memo.get

        def search(node: Any, key: Hashable) -> int:
            budget = budgets[0]
            if budget.expanded >= budget.checkpoint and budget.interrupted():
                raise OutOfBudget(budget.limit)
            budget.expanded += 1
            acc = deals[0](node)
            memo[key] = acc
            budget.stored += 1
            return acc

        def choose(most: int, options: list[Looked]) -> int:
            best = 0
            for at, child in options:
                if at is None:
                    w = child
                else:
                    w = found(at)
                    if w is None:
                        w = search(child, at)
                if w > best:
                    best = w
                    # Nothing beats winning every order: the other choices are not tried.
                    if cut and best == most:
                        break
            return best

        return Steps(found, search, choose)
