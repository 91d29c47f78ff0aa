"""Eagle Wing's compiled model and search against the Python model they restate.

The kernel (``games/eagle_wing/_kernel.c``) is a second statement of
:class:`~solitaire_solver.games.eagle_wing.EagleWingModel`, searched by the
engine's depth-first search compiled (``search/native/dfs.h``); the Python
ones are the reference. Here the two must give the same successors (moves,
order and positions) and the same dominators on random positions under
several rules, and their searches must expand the same positions, store the
same keys, reach the same depth and the same verdict with the same line,
alone, sharing a memo, under limits and paused in turns. The Eagle Wing
suite also runs with the kernel left out (``SOLITAIRE_SOLVER_PURE=1``, as
``.ci/run`` does).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_solver.games.eagle_wing import EagleWingModel, EagleWingState
from solitaire_solver.games.eagle_wing import kernel as kernel_module
from solitaire_solver.games.eagle_wing.kernel import decode, encode, moves
from solitaire_solver.games.eagle_wing.rules import (
    DOWN_IN_SUIT,
    TAKES_NOTHING,
    WING_CODES,
    wing_takes,
)
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Budget, Limits, Memo, Status, compiled, dfs, drive
from solitaire_solver.search.compiled import PURE
from tests.helpers import assert_replays_to_win, in_turns
from tests.helpers.eagle_wing import COOPS, STRICT, dealt, game_of, played

needs_kernel = pytest.mark.skipif(
    not kernel_module.built(), reason="the compiled kernel is not built (or left out)"
)

RULES = [
    (STRICT, {}),
    (COOPS, {}),
    (STRICT, {"trunk_size": 0, "redeals": 0}),
    (COOPS, {"trunk_size": 2, "redeals": 5}),
    (COOPS, {"wing_capacity": 13}),
    (COOPS, {"wing_capacity": 2, "trunk_size": 0}),
]


def starts(preset: str, rules: dict[str, Any], numbers: range) -> list[EagleWingState]:
    """Deals and positions part way into random games of them."""
    game = game_of(preset, **rules)
    out = []
    for n in numbers:
        out.append(dealt(game, n))
        out.append(played(game, n, 30, 5))
    return out


@needs_kernel
@pytest.mark.parametrize(("preset", "rules"), RULES)
def test_kernel_has_the_successors_and_dominators_of_the_model(
    preset: str, rules: dict[str, Any]
) -> None:
    # Along random walks of the model (any position it reaches, not only
    # those a search expands): the same (move, child) pairs in the same
    # order, and the same dominators.
    game = game_of(preset, **rules)
    checked = 0
    kinds: set[int] = set()
    for i, state in enumerate(starts(preset, rules, range(1, 16))):
        model = EagleWingModel(game.rules, state)
        ours = kernel_module.rules(model)
        root, _ = model.start(state)
        pos = root
        rng = random.Random(i)
        for _ in range(100):
            theirs = list(model.successors(pos))
            # Through the codec: a move's bytes, then its child's.
            pairs = ours.ask("successors", encode(pos))
            assert [(moves([b])[0], decode(b[6:])) for b in pairs] == theirs, pos
            doms = [decode(b) for b in ours.ask("dominators", encode(pos))]
            assert doms == list(model.dominators(pos)), pos
            kinds.update(mv[0] for mv, _child in theirs)
            checked += 1
            # At a dead end the walk starts again from the top.
            pos = rng.choice(theirs)[1] if theirs else root
    assert checked == 3000
    # With building a card goes home and onto a wing; without, the stock is dealt.
    assert {0, 1} <= kinds if game.rules.builds else 3 in kinds


def both(
    model: EagleWingModel,
    pos: Any,
    depth: int,
    limit: int | None,
    memos: tuple[Memo | None, Memo | None] = (None, None),
) -> tuple[tuple[Any, Budget], tuple[Any, Budget]]:
    """The Python search and the compiled one from ``pos``: each verdict with its budget."""
    slow_b = Budget(Limits(max_states=limit))
    slow = drive(dfs(model, pos, slow_b, depth=depth, memo=memos[0]), slow_b)
    fast_b = Budget(Limits(max_states=limit))
    search = kernel_module.dfs(model, pos, depth, memos[1])
    fast = drive(compiled(search, fast_b, moves=moves), fast_b)
    return (slow, slow_b), (fast, fast_b)


def assert_same(slow: tuple[Any, Budget], fast: tuple[Any, Budget]) -> None:
    (v1, b1), (v2, b2) = slow, fast
    assert (v1 is None) == (v2 is None)
    if v1 is not None:
        assert v1.won == v2.won
        assert tuple(v1.moves) == tuple(v2.moves)
    assert (b1.expanded, b1.stored, b1.max_depth, b1.limit) == (
        b2.expanded,
        b2.stored,
        b2.max_depth,
        b2.limit,
    )


@needs_kernel
@pytest.mark.parametrize(("preset", "rules"), RULES)
def test_compiled_search_expands_what_the_python_search_expands(
    preset: str, rules: dict[str, Any]
) -> None:
    # Searches of up to 30,000 positions (most end within it) and the same
    # under a small limit, which stops most of them part way: the same
    # verdict, line and counts; every won line, lifted, replays in the game.
    game = game_of(preset, **rules)
    verdicts = []
    for state in starts(preset, rules, range(1, 13)):
        model = EagleWingModel(game.rules, state)
        pos, depth = model.start(state)
        for limit in (30_000, 40):
            slow, fast = both(model, pos, depth, limit)
            assert_same(slow, fast)
            verdict = fast[0]
            verdicts.append(None if verdict is None else verdict.won)
            if verdict is not None and verdict.won:
                assert_replays_to_win(game, state, model.lift(verdict.moves))
    assert None in verdicts
    assert True in verdicts or False in verdicts


@needs_kernel
@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_compiled_searches_sharing_a_memo_are_the_python_searches_sharing_one(
    preset: str,
) -> None:
    # As a hint searches: one search from each child of a position, all
    # sharing one memo of keys proved lost, each side its own memo. The
    # later searches skip what the earlier ones proved, on both sides alike.
    game = game_of(preset)
    skipped = 0
    for number in range(1, 9):
        state = played(game, number, 20, 3)
        memos = (Memo(), Memo())
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            model = EagleWingModel(game.rules, child)
            pos, depth = model.start(child)
            slow, fast = both(model, pos, depth, 20_000, memos)
            assert_same(slow, fast)
        assert len(memos[0]) == len(kernel_module.lost(memos[1]))
        skipped += len(memos[0]) > 0
    assert skipped > 0


@needs_kernel
def test_compiled_search_in_turns_pauses_where_the_python_search_pauses() -> None:
    # Paused every 97 positions, as a portfolio's turns pause it: the same
    # counts at every pause, and the same end.
    game = game_of(COOPS)
    paused = 0
    for state in starts(COOPS, {}, range(1, 7)):
        model = EagleWingModel(game.rules, state)
        pos, depth = model.start(state)
        b1, b2 = Budget(Limits(max_states=5_000)), Budget(Limits(max_states=5_000))
        v1, p1 = in_turns(dfs(model, pos, b1, depth=depth), b1, 97)
        search = kernel_module.dfs(model, pos, depth)
        v2, p2 = in_turns(compiled(search, b2, moves=moves), b2, 97)
        assert p1 == p2
        assert (v1 is None) == (v2 is None)
        assert v1 is None or (v1.won, tuple(v1.moves)) == (v2.won, tuple(v2.moves))
        paused += len(p1)
    assert paused > 10


@needs_kernel
def test_compiled_search_refuses_to_run_uninitialised_or_on_a_bad_budget() -> None:
    # An object made without its init raises instead of reading unset
    # memory, and run(n) wants an int.
    kind = kernel_module._kernel.Search
    bare = kind.__new__(kind)
    for call in (lambda: bare.run(10), bare.line):
        with pytest.raises(RuntimeError, match="search was not initialised"):
            call()
    game = game_of(COOPS)
    state = dealt(game, 1)
    model = EagleWingModel(game.rules, state)
    pos, depth = model.start(state)
    with pytest.raises(TypeError):
        kernel_module.dfs(model, pos, depth).run("ten")


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_a_verdict_only_solve_gives_the_verdict_without_the_line(preset: str) -> None:
    # The same verdicts and counts; the won ones carry no line, the others'
    # lines replay.
    game = game_of(preset)
    won = 0
    for number in range(1, 41):
        state = dealt(game, number)
        full = game.solve(state, SolveRequest.of(game))
        bare = game.solve(state, SolveRequest.of(game), verdict_only=True)
        assert bare.status is full.status
        assert bare.stats.expanded == full.stats.expanded
        assert bare.moves == ()
        if full.status is Status.WON:
            won += 1
            assert_replays_to_win(game, state, full.moves)
    assert won > 0


def test_pure_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE, "1")
    assert not kernel_module.built()
    monkeypatch.setenv(PURE, "0")
    assert kernel_module.built() == (kernel_module._kernel is not None)


@pytest.mark.parametrize(("preset", "rules"), RULES)
def test_the_wing_table_is_the_wing_rule(preset: str, rules: dict[str, Any]) -> None:
    # The kernel's wing test is this table. RULES.md: a wing's card takes
    # the card one rank below it in its suit (a king on an ace, wrapping)
    # when building is on and the wing has room; without building a wing
    # holds one card and takes nothing.
    r = game_of(preset, **rules).rules
    table = wing_takes(r)
    assert len(table) == WING_CODES
    capacity = r.wing_capacity if r.building == DOWN_IN_SUIT else 1
    for top in range(52):
        below = top - 1 if top % 13 else top + 12
        for size in range(1, 14):
            expected = below if size < capacity else TAKES_NOTHING
            assert table[top * 16 + size] == expected, (top, size)
