"""Windmill's compact form at the compiled kernel's edge.

Every member of the solver searches the compact form
(:data:`~solitaire_solver.games.windmill.model.Compact`), and the kernel
reads and writes it at its edge. Here: the kernel gives a position back as
it took it and refuses one that is not of its pass; and the table by which
the kernel steps its canonical waste is that of the one Python step,
:func:`~solitaire_solver.games.windmill.kernel.canonical_push`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_solver.games.windmill import WindmillState, compact, rank_model
from solitaire_solver.games.windmill import kernel as kernel_module
from solitaire_solver.games.windmill.kernel import canonical_places, canonical_push, pass_ranks
from solitaire_solver.games.windmill.model import EMPTY, pile
from solitaire_solver.games.windmill.rules import NOWHERE
from tests.helpers.windmill import KernelRules, dealt, game, random_step

needs_kernel = pytest.mark.skipif(
    not kernel_module.built(), reason="the compiled kernel is not built (or left out)"
)


def starts(g: Any, number: int) -> list[WindmillState]:
    """Positions along a random line of a deal."""
    rng = random.Random(number)
    s = dealt(g, number)
    out = []
    for step in range(600):
        nxt = random_step(g, s, rng, 0.6)
        if nxt is None:
            break
        s = nxt
        if step % 40 == 39:
            out.append(s)
    return out


def test_canonical_places_by_hand() -> None:
    # A pass of ranks 3, 1, 3, 2: a card of rank 3 on an empty waste goes to
    # place 0; above place 0, to place 2; above place 2, nowhere.
    places = canonical_places(bytes([3, 1, 3, 2]), 6)
    row = 7
    assert places[3 * row : 4 * row] == bytes([0, 2, 2, NOWHERE, NOWHERE, NOWHERE, NOWHERE])
    assert places[2 * row : 3 * row] == bytes([3, 3, 3, 3, NOWHERE, NOWHERE, NOWHERE])
    assert places[13 * row :] == bytes([NOWHERE] * row)  # no card has rank 13
    assert len(places) == 14 * row


def test_canonical_places_are_where_canonical_push_puts_a_card() -> None:
    rng = random.Random(5)
    for length in (0, 1, 7, 40, 95):
        dealing = bytes(rng.randrange(13) for _ in range(length))
        places = canonical_places(dealing, 96)
        for rank in range(14):
            for i in range(97):
                # A waste whose top card lies at place i - 1 is a mask i bits long.
                try:
                    want = canonical_push(dealing, (1 << i) - 1, rank).bit_length() - 1
                except ValueError:
                    want = NOWHERE
                assert places[rank * 97 + i] == want


@needs_kernel
def test_the_kernel_gives_a_position_back_as_it_took_it() -> None:
    g = game()
    model = rank_model(g.problem)
    for number in (1, 4, 9):
        for s in starts(g, number):
            c = compact(s)
            made = KernelRules(kernel_module.rules(model, pass_ranks(c)))
            flagged = (c[0], True, *c[2:])
            # The twin of a flagged position is the position with the flag clear:
            # in and out of the kernel, nothing else changes.
            assert made.twin(flagged) == (c[0], False, *c[2:])


@needs_kernel
def test_the_kernel_refuses_a_position_not_of_its_pass() -> None:
    g = game()
    s = starts(g, 2)[0]
    model = rank_model(g.problem)
    c = compact(s)
    made = KernelRules(kernel_module.rules(model, pass_ranks(c)))
    assert c[5] != EMPTY
    top_rank = c[4] & 15
    wrong_stock = (c[4] & ~15) | (top_rank + 1) % 13
    with pytest.raises(ValueError, match="the stock is not the rest of this pass's dealing order"):
        made.plays((*c[:4], wrong_stock, *c[5:]))
    # A waste longer than the cards dealt cannot lie on them.
    too_long = pile([0] * (len(s.waste_cards) + 1))
    with pytest.raises(ValueError, match="the waste's ranks are not among the cards dealt"):
        made.plays((*c[:5], too_long, c[6]))
    with pytest.raises(ValueError, match="four sizes"):
        made.plays((c[0], c[1], 1, *c[3:]))
    with pytest.raises(ValueError, match="redeals used"):
        made.plays((*c[:6], 1))
    with pytest.raises(ValueError, match="packed pile"):
        made.plays((*c[:4], 0, *c[5:]))
