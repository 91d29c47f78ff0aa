"""Windmill's position forms: the real position, its compact form, and what is packed of it.

A position has one compact form (:data:`~solitaire_solver.games.windmill.model.Compact`),
shared by the rank model, the summaries and the compiled kernel. The real
search's key is that form packed for the deal at hand, and the kernel reads
and writes it at its edge. Here: the key merges exactly the positions the
compact form merges, on every variant and after redeals; the kernel gives a
position back as it took it and refuses one that is not of its pass; and the
table by which the kernel steps its canonical waste is that of the one
Python step, :func:`~solitaire_solver.games.windmill.rules.canonical_push`.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Hashable
from typing import Any

import pytest

from solitaire_solver.cards import Card
from solitaire_solver.games.windmill import WindmillState, compact, rank_model
from solitaire_solver.games.windmill import kernel as kernel_module
from solitaire_solver.games.windmill.model import EMPTY, pile
from solitaire_solver.games.windmill.rules import (
    NOWHERE,
    canonical_places,
    canonical_push,
    ranks_text,
)
from tests.helpers.windmill import dealt, game, random_step

needs_kernel = pytest.mark.skipif(
    not kernel_module.built(), reason="the compiled kernel is not built (or left out)"
)


def neighbourhood(g: Any, start: WindmillState, depth: int) -> set[WindmillState]:
    """Every position within ``depth`` moves of ``start``."""
    seen = {start}
    layer = [start]
    for _ in range(depth):
        nxt = []
        for s in layer:
            for m in g.legal_moves(s):
                child = g.apply(s, m)
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        layer = nxt
    return seen


def starts(g: Any, number: int, redealt: bool) -> list[WindmillState]:
    """Positions along a random line of a deal; with ``redealt``, only those after a redeal."""
    rng = random.Random(number)
    s = dealt(g, number)
    out = []
    for step in range(600):
        nxt = random_step(g, s, rng, 0.6)
        if nxt is None:
            break
        s = nxt
        if step % 40 == 39 and (s.redeals_used > 0 or not redealt):
            out.append(s)
    return out


@pytest.mark.parametrize(
    ("rules", "redealt"),
    [
        ({}, False),
        ({"foundation_moves": "free"}, False),
        ({"direction": "down"}, False),
        ({"redeals": 2}, True),
        ({"redeals": 1, "foundation_moves": "free"}, True),
    ],
)
def test_the_key_merges_what_the_compact_form_merges(rules: dict[str, Any], redealt: bool) -> None:
    # Within one deal, two positions share a key exactly when they share a
    # compact form: the two partitions of every neighbourhood are the same.
    g = game(**rules)
    merged = 0
    later_passes = 0
    for number in (1, 2, 5):
        for start in starts(g, number, redealt)[:4]:
            by_key: dict[Hashable, set[object]] = defaultdict(set)
            by_form: dict[object, set[Hashable]] = defaultdict(set)
            positions = neighbourhood(g, start, 7)
            for s in positions:
                by_key[g.key(s)].add(compact(s))
                by_form[compact(s)].add(g.key(s))
                later_passes += s.redeals_used > 0
            assert all(len(forms) == 1 for forms in by_key.values())
            assert all(len(keys) == 1 for keys in by_form.values())
            merged += len(positions) - len(by_key)
    # Different real positions did meet on one form (the test is not empty).
    assert merged > 0
    if redealt:
        assert later_passes > 100


def test_positions_of_later_passes_that_differ_only_in_cards_gone_share_a_key() -> None:
    # After a redeal, the pass's order keeps the cards that left the waste
    # for good; two positions that differ only there are the same position.
    g = game(redeals=1)
    s = None
    for candidate in starts(g, 3, redealt=True):
        if candidate.dealt >= 2 and candidate.waste.bit_count() < candidate.dealt:
            s = candidate
            break
    assert s is not None
    gone = next(i for i in range(s.dealt) if not s.waste >> i & 1)
    # Another card of another rank where a card already gone lay: not a card in play.
    other = next(Card(c) for c in range(104) if c % 13 != s.seq[gone] % 13)
    seq = (*s.seq[:gone], other, *s.seq[gone + 1 :])
    t = s.restocked(seq, ranks_text(seq))
    assert t.seq_ranks != s.seq_ranks
    assert compact(t) == compact(s)
    assert g.key(t) == g.key(s)


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
        for s in starts(g, number, redealt=False):
            ranks = kernel_module.seq_ranks(s)
            made = kernel_module.rules(model, ranks)
            c = compact(s)
            flagged = (c[0], True, *c[2:])
            # The twin of a flagged position is the position with the flag clear:
            # in and out of the kernel, nothing else changes.
            assert made.twin(flagged) == (c[0], False, *c[2:])


@needs_kernel
def test_the_kernel_refuses_a_position_not_of_its_pass() -> None:
    g = game()
    s = starts(g, 2, redealt=False)[0]
    model = rank_model(g.problem)
    ranks = kernel_module.seq_ranks(s)
    made = kernel_module.rules(model, ranks)
    c = compact(s)
    assert c[5] != EMPTY
    top_rank = c[4] & 15
    wrong_stock = (c[4] & ~15) | (top_rank + 1) % 13
    with pytest.raises(ValueError, match="the stock is not the rest of this pass's dealing order"):
        made.plays((*c[:4], wrong_stock, *c[5:]))
    # A waste longer than the cards dealt cannot lie on them.
    too_long = pile([0] * (s.dealt + 1))
    with pytest.raises(ValueError, match="the waste's ranks are not among the cards dealt"):
        made.plays((*c[:5], too_long, c[6]))
    with pytest.raises(ValueError, match="four sizes"):
        made.plays((c[0], c[1], 1, *c[3:]))
    with pytest.raises(ValueError, match="redeals used"):
        made.plays((*c[:6], 1))
    with pytest.raises(ValueError, match="packed pile"):
        made.plays((*c[:4], 0, *c[5:]))
