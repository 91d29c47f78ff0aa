"""The orders Windmill's beams keep their candidates in: by hand, C against Python, and in the plan.

Each order is a number a position gets (:func:`.kernel.beam_order` in
Python, ``beam_score`` in ``_kernel.c``), least first. The hand-checked
positions below count the waste cards above the cards the primary (and the
secondaries) need next by reading the piles, as a player would; the
compiled scores must equal the Python ones on positions of real play of
every variant, and a beam in each order must expand the same positions,
compiled or not, with every won line replaying in the real game.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_solver.games.windmill import Windmill, WindmillRules, beam_over, compact, rank_model
from solitaire_solver.games.windmill import kernel as kernel_module
from solitaire_solver.games.windmill.kernel import (
    AHEAD,
    AHEAD_SHUFFLED,
    BURIED,
    NEEDS,
    PLAIN,
    SHUFFLED,
    beam_order,
    wanted_ranks,
    waste_debt,
)
from solitaire_solver.games.windmill.model import Compact, pile, reserve_ranks
from solitaire_solver.games.windmill.rules import CARDS, PRIMARY_FULL, packed_sizes
from solitaire_solver.games.windmill.solver import ORDER_NAMES, PLAN, orders_at
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Budget, Limits, drive
from tests.helpers import assert_replays_to_win
from tests.helpers.windmill import KernelRules, random_positions, variants

VARIANTS = variants()

ORDERS = (PLAIN, SHUFFLED, BURIED, AHEAD, NEEDS, AHEAD_SHUFFLED)

needs_kernel = pytest.mark.skipif(
    not kernel_module.built(), reason="the compiled kernel is not built (or left out)"
)

# Ranks: 0 is an ace, 12 a king. The waste below, bottom card first, so that
# from the top down it reads 7, 10, 3, 9, 9, 2, 8, 4: the first 2 lies under
# five cards, the first 3 under two, the first 4 under seven, the first 7
# is the top card and the first 9 lies under three.
WASTE = (3, 7, 1, 8, 8, 2, 9, 6)

# A reserve of kings, queens, jacks and tens: none of the ranks the waste
# positions below are asked about.
HIGH_RESERVE = (12, 12, 11, 11, 10, 10, 9, 9)

# A reserve of aces, 5s, 6s and 8s.
LOW_RESERVE = (0, 0, 4, 4, 5, 5, 7, 7)


def windmill(**rules: Any) -> Windmill:
    return Windmill(WindmillRules(**rules))


def position(
    primary: int, sizes: tuple[int, ...], reserve: tuple[int, ...], waste: tuple[int, ...]
) -> Compact:
    """A compact position on its last pass with an empty stock."""
    return (primary, False, packed_sizes(sizes), reserve_ranks(reserve), pile(()), pile(waste), 0)


def test_waste_debt_counts_the_cards_above_the_shallowest_copies() -> None:
    st = position(1, (0, 0, 0, 0), HIGH_RESERVE, WASTE)
    two, three, four, seven, nine, queen = (1 << r for r in (1, 2, 3, 6, 8, 11))
    assert waste_debt(st, 0) == 0
    assert waste_debt(st, seven) == 0
    assert waste_debt(st, two) == 5
    assert waste_debt(st, two | three) == 5
    assert waste_debt(st, two | three | four) == 7
    assert waste_debt(st, nine | three) == 3
    # A rank the waste lacks counts nothing.
    assert waste_debt(st, queen) == 0
    assert waste_debt(st, queen | three) == 2


def test_the_ahead_order_looks_at_the_primarys_next_three_ranks() -> None:
    # Up: the primary holds its ace and needs a 2, then a 3 and a 4.
    model = rank_model(windmill().problem)
    st = position(1, (0, 0, 0, 0), HIGH_RESERVE, WASTE)
    assert wanted_ranks(model, AHEAD, st) == 0b1110
    off = CARDS - 1
    score = beam_order(model, AHEAD, b"", 0)
    assert score(st) == (2 * off + 7) * 53 + PRIMARY_FULL - 1
    # The buried order sees the 2 alone, under five cards.
    assert beam_order(model, BURIED, b"", 0)(st) == (2 * off + 5) * 53 + PRIMARY_FULL - 1
    # A 4 in the reserve is at hand: the 2 is then the deepest debt.
    with_four = position(1, (0, 0, 0, 0), (3, 12, 11, 11, 10, 10, 9, 9), WASTE)
    assert score(with_four) == (2 * off + 5) * 53 + PRIMARY_FULL - 1
    # With 13 cards (ace to king) on the primary it needs an ace, a 2 and a 3.
    late = position(13, (0, 0, 0, 0), HIGH_RESERVE, WASTE)
    assert wanted_ranks(model, AHEAD, late) == 0b111
    # Full, it needs nothing.
    assert wanted_ranks(model, AHEAD, position(PRIMARY_FULL, (0, 0, 0, 0), (), WASTE)) == 0


def test_the_ahead_order_follows_the_direction() -> None:
    # Down: the primary holds its king and needs a queen, a jack and a 10;
    # the waste's only one of those is a 10, under one card.
    model = rank_model(windmill(direction="down").problem)
    st = position(1, (0, 0, 0, 0), LOW_RESERVE, WASTE)
    assert wanted_ranks(model, AHEAD, st) == (1 << 11) | (1 << 10) | (1 << 9)
    assert waste_debt(st, wanted_ranks(model, AHEAD, st)) == 1


def test_the_needs_order_looks_at_each_foundations_next_rank() -> None:
    model = rank_model(windmill().problem)
    # An empty secondary needs a king, one of six cards a 7 (it holds K down
    # to 8), full ones nothing; the primary a 2. The first 7 is the waste's
    # top card, the first 2 under five: the debt is five.
    st = position(1, (0, 6, 13, 13), LOW_RESERVE, WASTE)
    assert wanted_ranks(model, NEEDS, st) == (1 << 1) | (1 << 12) | (1 << 6)
    # The reserve's kings are at hand.
    assert wanted_ranks(model, NEEDS, position(1, (0, 6, 13, 13), (12,) * 8, WASTE)) == 0b1000010
    off = CARDS - 1 - 32
    assert beam_order(model, NEEDS, b"", 0)(st) == (2 * off + 5) * 53 + PRIMARY_FULL - 1
    # A secondary of four cards needs a 9, under three: still five.
    assert waste_debt(position(1, (4, 13, 13, 13), (), WASTE), 1 << 8 | 1 << 1) == 5
    # The primary full, only the secondaries count: a 9 under three.
    done = position(PRIMARY_FULL, (4, 13, 13, 13), (), WASTE)
    assert wanted_ranks(model, NEEDS, done) == 1 << 8
    assert waste_debt(done, wanted_ranks(model, NEEDS, done)) == 3


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_compiled_scores_are_the_python_scores(rules: dict[str, Any]) -> None:
    # Every order, over the game's rank model and a sub-game, on positions
    # of random play from real deals: the same number in C and in Python.
    g = windmill(**rules)
    models = [rank_model(g.problem), rank_model(g.problem, free=False, hold=2)]
    checked = 0
    debts = set()
    for model in models:
        for number in range(1, 13):
            # The deal's order: every position of its first pass lies on it.
            ranks = kernel_module.pass_ranks(compact(g.deal(parse_deal_number(number))))
            for s in random_positions(g, number, 8):
                c = compact(s)
                for order in ORDERS:
                    made = KernelRules(kernel_module.rules(model, ranks, order, 7))
                    assert made.score(c) == beam_order(model, order, ranks, 7)(c), (
                        number,
                        ORDER_NAMES[order],
                    )
                    checked += 1
                debts.add(waste_debt(c, wanted_ranks(model, AHEAD, c)))
    assert checked > 500
    # The positions are varied enough to exercise the debt.
    assert len(debts) > 3


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
@pytest.mark.parametrize("order", [AHEAD, NEEDS, AHEAD_SHUFFLED])
def test_compiled_beam_in_a_new_order_expands_what_the_python_beam_expands(
    rules: dict[str, Any], order: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Narrow beams from deals: the same verdict, line and counts compiled or
    # not; every won line replays in the real game.
    g = windmill(**rules)
    model = rank_model(g.problem)
    wins = 0
    for number in (1, 2, 3, 5):
        s = g.deal(parse_deal_number(number))
        runs = []
        for pure in ("1", "0"):
            monkeypatch.setenv(kernel_module.PURE, pure)
            b = Budget(Limits(max_states=200_000))
            runs.append((drive(beam_over(model, s, 16, order)(b), b), b))
        (slow, sb), (fast, fb) = runs
        assert (fb.expanded, fb.stored, fb.max_depth) == (sb.expanded, sb.stored, sb.max_depth)
        assert (fast is None) == (slow is None)
        if fast is not None and slow is not None:
            assert (fast.won, fast.moves) == (slow.won, slow.moves)
            if fast.won:
                assert_replays_to_win(g, s, fast.moves)
                wins += 1
    assert wins > 0


def test_the_plan_runs_the_new_orders_at_their_widths() -> None:
    params = dict(PLAN.member("beams").params)
    for width in params["widths"]:
        orders = orders_at(width, True, params)
        assert (AHEAD in orders) == (width in params["ahead_widths"])
        assert (NEEDS in orders) == (width in params["needs_widths"])
        # Each order once, the new ones after today's.
        assert len(orders) == len(set(orders))
        if AHEAD in orders:
            assert orders.index(AHEAD) == len(orders) - 1 - (NEEDS in orders)
    narrow = {**params, "plain_up_to": 8, "shuffled_from": 64, "buried_widths": ()}
    narrow.update(ahead_widths=(), needs_widths=(), ahead_shuffled_widths=())
    both = {**narrow, "ahead_widths": (8,), "needs_widths": (8,)}
    assert orders_at(8, True, both) == [PLAIN, AHEAD, NEEDS]
    # The shuffled ties need the kernel's form of a position: before the
    # last pass, the plain ahead order instead (once).
    shuffled = {**narrow, "ahead_shuffled_widths": (8,)}
    assert orders_at(8, True, shuffled) == [PLAIN, AHEAD_SHUFFLED]
    assert orders_at(8, False, {**shuffled, "ahead_widths": (8,)}) == [PLAIN, AHEAD]
