"""Windmill's compiled kernel against the Python models it restates, and the canonical waste.

The kernel (``games/windmill/_kernel.c``) is a second statement of the rank
model and of the relaxed game, for speed; the Python ones are the reference.
Here the two must give the same successors in the same order on random
positions of every variant and sub-game, and their searches (the engine's
beam, the relaxed depth-first search) must expand the same positions and
reach the same verdicts with the same lines, each replaying in the real game. The same
suite also runs with the kernel left out (``SOLITAIRE_SOLVER_PURE=1``, as
``.ci/run`` does for the Windmill tests).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from solitaire_solver.games.windmill import (
    WindmillState,
    beam_over,
    compact,
    discrepancies,
    rank_model,
    unflagged,
)
from solitaire_solver.games.windmill import kernel as kernel_module
from solitaire_solver.games.windmill.kernel import canonical_mask, canonical_push, pass_ranks
from solitaire_solver.games.windmill.relaxation import Relaxation, RelaxedRules, first_play
from solitaire_solver.games.windmill.rules import (
    PRIMARY,
    PRIMARY_FULL,
    RESERVE,
    SECONDARY,
    SECONDARY_FULL,
    TABLE_FLAG_LIFTED,
    TABLE_FLAG_PLAYED,
    TABLE_LIFT,
    TABLE_LIFT_OK,
    TABLE_LOWER,
    TABLE_PRIMARY,
    TABLE_ROOM,
    TABLE_SECONDARY,
    WASTE,
    FoundationRules,
    card_pile,
    foundation_tables,
)
from solitaire_solver.search import Budget, Limits, capped, compiled, drive
from tests.helpers import assert_replays_to_win, in_turns
from tests.helpers.windmill import (
    KernelRules,
    dealt,
    game,
    late_positions,
    random_positions,
    random_step,
    variants,
)

VARIANTS = variants()

needs_kernel = pytest.mark.skipif(
    not kernel_module.built(), reason="the compiled kernel is not built (or left out)"
)


def models(rules: dict[str, Any]) -> list[Any]:
    """The game's rank model and the sub-games its solver runs beams over."""
    g = game(**rules)
    out = [rank_model(g.problem), rank_model(g.problem, free=False, hold=2)]
    if g.problem.free:
        out.append(rank_model(g.problem, free=False))
    return out


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_kernel_has_the_successors_of_the_rank_model(rules: dict[str, Any]) -> None:
    # The same plays in the same order (the order decides the beam's ties),
    # and the same deal, on positions of random play from a deal, over the
    # deal's order. The rank model lists no card moved between two
    # secondaries (free rules), which leads back to the position itself; nor
    # does the kernel.
    g = game(**rules)
    checked = 0
    for model in models(rules):
        for number in range(1, 25):
            ranks = pass_ranks(compact(dealt(g, number)))
            rules_c = KernelRules(kernel_module.rules(model, ranks))
            for s in random_positions(g, number, 8):
                c = compact(s)
                # The kernel keeps the waste as its canonical mask over the
                # deal's order and the cards dealt, in the words its hash
                # reads (kernel_words states them in Python): the ranks at
                # the mask's places are the waste's, bottom to top.
                words = rules_c.words(c)
                assert words == kernel_module.kernel_words(c, ranks)
                mask = words[0] | (words[1] & 0xFFFFFFFF) << 64
                waste = [c % 13 for c in s.waste_cards]
                assert [ranks[i] for i in range(len(ranks)) if mask >> i & 1] == waste
                assert mask == canonical_mask(ranks, waste)
                assert words[1] >> 32 & 127 == len(ranks) - len(s.stock)
                assert rules_c.plays(c) == model.plays(c)
                assert rules_c.across(c) == model.turn(c)
                # The twin rule, with the flag as it is and set: the kernel's
                # dominator is model.unflagged on a flagged position, and a
                # position comes back out of the kernel as it went in.
                for flag in (False, True):
                    cf = (c[0], flag, *c[2:])
                    twin_c = rules_c.twin(cf)
                    if flag:
                        assert twin_c == unflagged(cf)
                    else:
                        assert twin_c is None
                checked += 1
    assert checked > 300


def beam_once(model: Any, s: WindmillState, width: int, limit: int) -> tuple[Any, Budget]:
    b = Budget(Limits(max_states=limit))
    return drive(beam_over(model, s, width)(b), b), b


def test_pure_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kernel_module.PURE, "1")
    assert not kernel_module.built()
    monkeypatch.setenv(kernel_module.PURE, "0")
    assert kernel_module.built() == (kernel_module._kernel is not None)


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_compiled_beam_expands_what_the_python_beam_expands(
    rules: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # From deals (narrow beams, which drop positions) and from late
    # positions (a beam wide enough to drop nothing, whose end is a proof):
    # the same verdict, the same line, the same counts of positions expanded
    # and stored and the same depth; every won line replays in the real game.
    g = game(**rules)
    starts = [(dealt(g, n), w) for n in (1, 2, 3, 5) for w in (8, 64)]
    starts += [(s, 10**6) for s in late_positions(g, range(1, 5), left=12, per_deal=2)]
    verdicts: set[bool] = set()
    for model in models(rules):
        for s, width in starts:
            monkeypatch.setenv(kernel_module.PURE, "1")
            slow = beam_once(model, s, width, 200_000)
            monkeypatch.delenv(kernel_module.PURE)
            fast = beam_once(model, s, width, 200_000)
            same_search(g, s, slow, fast, verdicts)
    assert verdicts == {True, False} or rules == {"foundation_moves": "free"}


def same_search(
    g: Any,
    s: WindmillState,
    slow: tuple[Any, Budget],
    fast: tuple[Any, Budget],
    verdicts: set[bool],
) -> None:
    """The Python and the compiled search from ``s`` expanded and stored as many positions,
    as deep, stopped by the same limit and ended alike; a won line replays. Each verdict
    goes into ``verdicts``."""
    (a, ab), (b, bb) = slow, fast
    assert (bb.expanded, bb.stored, bb.max_depth, bb.limit) == (
        ab.expanded,
        ab.stored,
        ab.max_depth,
        ab.limit,
    )
    assert (b is None) == (a is None)
    if b is not None:
        assert (b.won, b.moves) == (a.won, a.moves)
        verdicts.add(b.won)
        if b.won:
            assert_replays_to_win(g, s, b.moves)


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_discrepancy_search_over_the_kernel_is_the_search_over_the_model(
    rules: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The discrepancy search over the kernel's moves and over the Python
    # rank model: the same verdict, the same line, the same positions
    # expanded and stored, from deals (wins, or the limit) and from late
    # positions (where iterations run to their end: losses as well); every
    # won line replays in the real game.
    g = game(**rules)
    starts = [dealt(g, n) for n in (1, 2, 3, 5)]
    starts += late_positions(g, range(1, 6), left=10, per_deal=2)
    verdicts: set[bool] = set()
    for s in starts:
        runs = []
        for pure in ("1", "0"):
            monkeypatch.setenv(kernel_module.PURE, pure)
            b = Budget(Limits(max_states=100_000))
            runs.append((drive(discrepancies(g.problem, s)(b), b), b))
        same_search(g, s, runs[0], runs[1], verdicts)
    assert verdicts == {True, False}


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_compiled_discrepancy_search_in_turns_is_the_python_loop_over_the_model(
    rules: dict[str, Any],
) -> None:
    # The compiled search against the engine's lds over the same moves
    # (the Python model's, which the test above holds to the kernel's), both
    # paused every 257 positions as in a portfolio: the same
    # counts at every pause, and the same end.
    from solitaire_solver.search import lds

    g = game(**rules)
    model = rank_model(g.problem)
    starts = [dealt(g, n) for n in (1, 3)] + late_positions(g, range(1, 4), left=12, per_deal=1)
    paused = 0
    for s in starts:
        if not kernel_module.can_search(model, compact(s)):
            continue
        slow_b = Budget(Limits(max_states=30_000))
        slow = in_turns(lds(model, compact(s), slow_b), slow_b, 257)
        search = kernel_module.discrepancies(model, compact(s))
        fast_b = Budget(Limits(max_states=30_000))
        fast = in_turns(compiled(search, fast_b, moves=kernel_module.line), fast_b, 257)
        assert fast[1] == slow[1]
        assert (fast_b.expanded, fast_b.stored, fast_b.max_depth) == (
            slow_b.expanded,
            slow_b.stored,
            slow_b.max_depth,
        )
        assert (fast[0] is None) == (slow[0] is None)
        if fast[0] is not None and slow[0] is not None:
            assert (fast[0].won, list(fast[0].moves)) == (slow[0].won, list(slow[0].moves))
        paused += len(fast[1])
    assert paused > 20


@needs_kernel
def test_compiled_beam_in_turns_is_one_beam() -> None:
    # A beam paused every few hundred positions (as in a portfolio) expands
    # what one run does and reaches the same verdict.
    g = game()
    s = dealt(g, 3)
    model = rank_model(g.problem)
    whole, wb = beam_once(model, s, 64, 10**6)
    b = Budget(Limits(max_states=10**6))
    verdict, pauses = in_turns(beam_over(model, s, 64)(b), b, 300)
    assert len(pauses) > 5
    assert verdict is not None and whole is not None and verdict.won and whole.won
    assert b.expanded == wb.expanded


@needs_kernel
def test_compiled_searches_refuse_to_run_uninitialised() -> None:
    # An object made without its init (as a subclass's __new__ may leave it)
    # raises instead of reading unset memory.
    kind = kernel_module._kernel.Search
    bare = kind.__new__(kind)
    with pytest.raises(RuntimeError, match="was not initialised"):
        bare.run(10)
    with pytest.raises(RuntimeError, match="was not initialised"):
        bare.line()
    assert bare.expanded == 0
    rules = kernel_module._kernel.Rules.__new__(kernel_module._kernel.Rules)
    with pytest.raises(RuntimeError, match="were not initialised"):
        rules.ask("plays", b"")


@needs_kernel
def test_compiled_searches_want_an_int_budget() -> None:
    g = game()
    s = dealt(g, 3)
    model = rank_model(g.problem)
    root = compact(s)
    for search in (kernel_module.beam(model, root, 8), kernel_module.discrepancies(model, root)):
        with pytest.raises(TypeError):
            search.run("ten")
        assert search.expanded == 0


@needs_kernel
def test_the_binding_refuses_what_the_kernel_does_not_have() -> None:
    # One binding for every kernel: a kind of rules or search the kernel's tables lack, a
    # search over another kind of rules, bytes that are no rules or no position, each a
    # clear ValueError naming it.
    g = game()
    model = rank_model(g.problem)
    root = compact(dealt(g, 3))
    made = kernel_module.rules(model, pass_ranks(root))
    k = kernel_module._kernel
    with pytest.raises(ValueError, match="has no search 'dfs'"):
        k.Search("dfs", made, kernel_module.encode(root))
    with pytest.raises(ValueError, match="has no rules 'model'"):
        k.Rules("model", b"")
    with pytest.raises(ValueError, match="has no query 'successors'"):
        made.ask("successors", kernel_module.encode(root))
    with pytest.raises(ValueError, match="a relaxed search plays by relaxed rules"):
        k.Search("relaxed", made, bytes(8))
    with pytest.raises(ValueError, match=r"not the bytes kernel\.rules makes"):
        k.Rules("rank", b"\x00" * 20)
    with pytest.raises(ValueError, match="117 bytes"):
        k.Search("lds", made, kernel_module.encode(root)[:-1])
    with pytest.raises(ValueError, match="width"):
        k.Search("beam", made, kernel_module.encode(root), (0, 1))
    with pytest.raises(RuntimeError, match="made once"):
        made.__init__("rank", b"")


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_compiled_relaxation_expands_what_the_python_search_expands(
    rules: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cuts at the first play of deals, and at late positions with a deep
    # waste: the same verdict and the same relaxed positions expanded.
    g = game(**rules)
    model = rank_model(g.problem)
    rng = random.Random(7)
    cuts = [first_play(model, compact(dealt(g, n))) for n in (2, 6, 6543, 1, 4)]
    for s in late_positions(g, range(10, 16), left=20, per_deal=2):
        while len(s.waste_cards) < 14:
            nxt = random_step(g, s, rng, 0.2)
            if nxt is None:
                break
            s = nxt
        cuts.append(compact(s))
    verdicts = set()
    for cut in cuts:
        if cut[6] != g.rules.redeals or model.is_won(cut):
            continue
        counts = []
        for pure in ("1", ""):
            monkeypatch.setenv(kernel_module.PURE, pure)
            b = Budget(Limits(max_states=3_000_000))
            v = drive(capped(Relaxation(RelaxedRules(g.problem), cut).run, b, 2_000_000), b)
            counts.append((v, b.expanded))
        assert counts[0] == counts[1]
        verdicts.add(counts[0][0] is not None)
    assert verdicts == {True, False}


def test_the_key_is_by_rank() -> None:
    # Two positions whose wastes hold the same ranks, bottom to top, have the
    # same key, though their cards differ (another copy of a rank); one card
    # of another rank changes it.
    g = game()
    s = dealt(g, 11)
    order = (*s.waste_cards, *s.stock)
    ranks = [c % 13 for c in order]
    i = next(i for i in range(1, len(ranks)) if ranks[i] in ranks[1:i])
    j = ranks.index(ranks[i], 1)

    def with_waste(*places: int) -> WindmillState:
        stock = card_pile(order[:i:-1])
        return attrs.evolve(s, stock_pile=stock, waste_pile=card_pile([order[k] for k in places]))

    a, b = with_waste(0, j), with_waste(0, i)
    assert a.waste_cards != b.waste_cards
    assert g.key(a) == g.key(b)
    other = next(k for k in range(1, i + 1) if ranks[k] != ranks[i])
    assert g.key(with_waste(0, other)) != g.key(a)


@needs_kernel
@pytest.mark.parametrize("rules", VARIANTS)
def test_compiled_relaxed_game_has_the_successors_of_the_python_one(rules: dict[str, Any]) -> None:
    # Every relaxed position a search of the cut reaches (up to a few
    # thousand), child by child in the order they are tried: the kernel's
    # successors are the relaxed game's of relaxation.py, packed alike.
    g = game(**rules)
    relaxed_rules = RelaxedRules(g.problem)
    model = rank_model(g.problem)
    checked = 0
    for n in (2, 6, 1, 4, 9):
        cut = Relaxation(relaxed_rules, first_play(model, compact(dealt(g, n))))
        if cut.is_won(cut.root):
            continue
        compiled_cut = kernel_module.relaxed(cut).rules
        seen = {cut.root}
        todo = [cut.root]
        while todo and len(seen) < 3_000:
            state = todo.pop()
            ours = cut.next_states(state)
            children = compiled_cut.ask("children", state.to_bytes(8, "little"))
            assert [int.from_bytes(b, "little") for b in children] == list(ours)
            checked += 1
            for x in ours:
                if x not in seen and not cut.is_won(x):
                    seen.add(x)
                    todo.append(x)
    assert checked > 1_000


@pytest.mark.parametrize("rules", [*VARIANTS, {"direction": "down", "foundation_moves": "free"}])
def test_the_foundation_tables_are_the_foundation_rules(rules: dict[str, Any]) -> None:
    # The kernel's foundation moves are looked up in these tables: read the
    # way the kernel reads them, they give the moves of FoundationRules on
    # every primary size and flag, with random secondaries.
    g = game(**rules)
    rng = random.Random(3)
    for free in {g.problem.free, False}:
        fr = FoundationRules(g.rules, free=free)
        t = foundation_tables(g.rules, free)
        assert fr.tables == t
        for p in range(PRIMARY_FULL + 1):
            for flag in (False, True):
                sizes = sorted(rng.randrange(SECONDARY_FULL + 1) for _ in range(4))
                homes = {
                    (rank, place) for rank, places in fr.homes(p, sizes).items() for place in places
                }
                looked_up = set()
                for rank in range(13):
                    if t[TABLE_PRIMARY + p] == rank:
                        looked_up.add((rank, (PRIMARY, 0)))
                    for j, size in enumerate(sizes):
                        if t[TABLE_SECONDARY + rank] == size:
                            looked_up.add((rank, (SECONDARY, j)))
                assert looked_up == homes
                # Moves between foundations: the kernel lists none between
                # two secondaries (the sizes as a multiset stay as they are).
                between = {
                    m for m in fr.between(p, flag, sizes) if (m[0][0], m[1][0]) != (SECONDARY,) * 2
                }
                moves = set()
                for j, size in enumerate(sizes):
                    if t[TABLE_LIFT_OK + flag] and t[TABLE_LIFT + p] == size:
                        moves.add(((SECONDARY, j), (PRIMARY, 0)))
                    if t[TABLE_LOWER + p] == size:
                        moves.add(((PRIMARY, 0), (SECONDARY, j)))
                assert moves == between
            assert t[TABLE_FLAG_LIFTED + flag] == fr.flag_after(flag, SECONDARY, PRIMARY)
            for source in (WASTE, RESERVE):
                assert t[TABLE_FLAG_PLAYED + flag] == fr.flag_after(flag, source, PRIMARY)
        # The counting bound's room, one secondary a lookup, summed the way
        # the kernel sums it.
        for rank in range(13):
            for _ in range(20):
                sizes = [rng.randrange(SECONDARY_FULL + 1) for _ in range(4)]
                summed = sum(t[TABLE_ROOM + 13 * size + rank] for size in sizes)
                assert summed == fr.room(sizes, rank)


def test_the_canonical_waste_by_hand() -> None:
    # Over a pass dealt A 2 A 3 2 A (places 0 to 5): a waste A, 2 (bottom
    # first) takes places 0 and 1 whatever its real places; an A on top of
    # it goes to place 2, then a 2 to place 4 (the first 2 above the top),
    # then an A to place 5. A real waste at later places (2, 4: an A and a
    # 2) has the same mask as one at places 0 and 1.
    dealing = bytes([0, 1, 0, 2, 1, 0])
    assert canonical_mask(dealing, [0, 1]) == 0b11
    assert canonical_push(dealing, 0b11, 0) == 0b111
    assert canonical_push(dealing, 0b111, 1) == 0b10111
    assert canonical_mask(dealing, [0, 1, 0, 1, 0]) == 0b110111
    assert canonical_mask(dealing, [dealing[2], dealing[4]]) == 0b11


def test_the_kernels_order_is_the_waste_then_the_stock() -> None:
    # The pass's order the kernel counts in: from a deal, the deal's own
    # order; from any position, its waste (bottom first) then its stock.
    g = game()
    s = dealt(g, 4)
    assert pass_ranks(compact(s)) == bytes(c % 13 for c in (*s.waste_cards, *s.stock))
    later = random_positions(g, 4, 1)[0]
    assert list(pass_ranks(compact(later))) == [x % 13 for x in (*later.waste_cards, *later.stock)]
