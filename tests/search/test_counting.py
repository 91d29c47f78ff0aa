"""The expectimax in whole numbers (``search/counting.py``) on toy chance puzzles worked by hand."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from solitaire_solver.search import Budget, Counting, Limit, Limits, OutOfBudget
from solitaire_solver.search.counting import Looked, Steps

Node = tuple[int, int, tuple[int, ...]]
"""A position of :class:`Piles`: the two piles' top cards (lower first) and the unseen cards
(sorted)."""


def orders_of(cards: Sequence[int]) -> int:
    """The distinct orders of a multiset of cards."""
    n = math.factorial(len(cards))
    for c in Counter(cards).values():
        n //= math.factorial(c)
    return n


class Piles:
    """Deal a shuffled stock onto two piles, each card on a pile whose top is no higher.

    The player sees each card as it comes and picks the pile; she wins when
    every card is placed. Empty piles have top 0.
    """

    def __init__(self) -> None:
        self.asked: list[Node] = []
        """Every node whose deals were asked for, in order."""

    def look(self, node: Node) -> Looked:
        return (node, node) if node[2] else (None, 1)

    def dealer(self, steps: Steps) -> Callable[[Node], int]:
        def deal(node: Node) -> int:
            self.asked.append(node)
            low, high, unseen = node
            acc = 0
            for v in sorted(set(unseen)):
                rest = list(unseen)
                rest.remove(v)
                left = tuple(rest)
                options: list[Node] = []
                for top, other in ((high, low), (low, high)):
                    if top <= v:
                        grown = (min(v, other), max(v, other), left)
                        if grown not in options:
                            options.append(grown)
                acc += steps.choose(orders_of(left), [self.look(o) for o in options])
            return acc

        return deal


def test_a_choice_that_matters_is_made_well() -> None:
    """Cards 1, 2, 3: every order but 3-2-1 can be split into two rising piles, and the
    player who sees 2 then 3 keeps the empty pile for the 1 still to come."""
    counting = Counting(Piles())
    assert counting.wins((0, 0, (1, 2, 3))) == 5
    # After 2 then 3 the last card is the 1: only the piles (0, 3) take it.
    assert counting.wins((0, 3, (1,))) == 1
    assert counting.wins((2, 3, (1,))) == 0


def test_equal_cards_count_their_orders_once() -> None:
    """Cards 2, 2, 1: three distinct orders, each won (equal cards stack on each other)."""
    assert Counting(Piles()).wins((0, 0, (1, 2, 2))) == 3
    # Tops 2 and 3 with a 1 to come: no pile takes it, whatever the order.
    assert Counting(Piles()).wins((2, 3, (1, 4))) == 0


def brute_force(low: int, high: int, order: Sequence[int]) -> bool:
    """Whether a player who saw the whole order could place it: every choice of piles."""
    for picks in itertools.product((0, 1), repeat=len(order)):
        tops = [low, high]
        for v, pick in zip(order, picks, strict=True):
            if tops[pick] > v:
                break
            tops[pick] = v
        else:
            return True
    return False


def test_never_above_full_sight_nor_below_a_sure_win() -> None:
    """W is at most the orders won by a player who sees them all, and equals it when a
    simple rule that sees nothing ahead (the highest top that takes the card) wins them."""
    cards = (1, 2, 3, 3, 4)
    got = Counting(Piles()).wins((0, 0, cards))
    orders = set(itertools.permutations(cards))
    sighted = sum(brute_force(0, 0, o) for o in orders)
    assert got <= sighted
    greedy = 0
    for order in orders:
        tops = [0, 0]
        for v in order:
            fits = [i for i in (0, 1) if tops[i] <= v]
            if not fits:
                break
            tops[max(fits, key=lambda i: tops[i])] = v
        else:
            greedy += 1
    assert greedy <= got


def test_the_cut_changes_no_value_and_saves_work() -> None:
    """Tops 0 and 5, cards 6, 7, 8 to come: every order but 8-7-6 is won. A card on the
    higher pile often wins every order left, and then the lower pile is not tried."""
    cut, full = Piles(), Piles()
    start: Node = (0, 5, (6, 7, 8))
    assert Counting(cut).wins(start) == Counting(full, cut=False).wins(start) == 5
    assert len(cut.asked) < len(full.asked)


def test_the_memo_serves_the_next_call() -> None:
    piles = Piles()
    counting = Counting(piles)
    counting.wins((0, 0, (1, 2, 3, 4)))
    asked = len(piles.asked)
    assert counting.budget.expanded == asked
    assert counting.budget.stored == len(counting.memo) == asked
    counting.wins((0, 0, (1, 2, 3, 4)))
    assert len(piles.asked) == asked


def test_the_budget_stops_the_search() -> None:
    counting = Counting(Piles())
    counting.budget = Budget(Limits(max_states=2))
    with pytest.raises(OutOfBudget) as stop:
        counting.wins((0, 0, (1, 2, 3, 4)))
    assert stop.value.limit is Limit.STATES
    assert counting.budget.expanded == 2
    # A new budget goes on with what the memo kept.
    counting.budget = Budget()
    assert counting.wins((0, 0, (1, 2, 3, 4))) == Counting(Piles()).wins((0, 0, (1, 2, 3, 4)))
