"""The relaxation of Eagle Wing that proves losses before the search: sound, and the search
of a won deal unchanged by it."""

from __future__ import annotations

import pytest

from solitaire_solver.games.eagle_wing import EagleWing, EagleWingModel, EagleWingState
from solitaire_solver.games.eagle_wing.relaxation import Relaxation, relaxed_run
from solitaire_solver.records.verdicts import shipped_verdicts
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Budget, Status, dfs, drive, projected
from solitaire_solver.search import solve as solve_run
from tests.helpers.eagle_wing import (
    BUILD,
    COOPS,
    STRICT,
    dealt,
    game_of,
    hand_made,
    lines,
    position,
)


def relaxed(game: EagleWing, state: EagleWingState) -> int | None:
    """The relaxed positions expanded when the relaxation proves ``state`` lost, else ``None``."""
    budget = Budget()
    if drive(relaxed_run(game.rules, state, budget), budget) is None:
        return None
    return budget.expanded


def exact(game: EagleWing, state: EagleWingState) -> Status:
    """The verdict of the exact search alone (the model's depth-first search, no relaxation)."""
    model = EagleWingModel(game.rules, state)
    root, depth = model.start(state)
    return solve_run(lambda b: dfs(model, root, b, depth=depth)).status


def check_deals(preset: str, first: int, last: int) -> tuple[int, int]:
    """The relaxation against the shipped verdicts: never lost for a won deal.

    Returns the lost deals of the range and how many of them it proves lost.
    """
    game = game_of(preset)
    verdicts = shipped_verdicts(preset)
    assert verdicts is not None
    lost = proved = 0
    for number in range(first, last + 1):
        status = verdicts.status(number)
        says = relaxed(game, dealt(game, number))
        if status == "won":
            assert says is None, f"{preset} deal {number} is won, relaxed lost"
        elif status == "lost":
            lost += 1
            proved += says is not None
    return lost, proved


# ------------------------------------------------------------------ hand-made positions

# Every foundation waits for its 9, and every 9 is in the trunk. The kings
# fit on nothing (an ace is home), each jack only on its queen, which is in
# the trunk too: no card can move, in the real game or the relaxed one.
STUCK = hand_made(
    base="A",
    foundations="8C 8S 8H 8D",
    trunk="9C 9S 9H 9D QC QS QH QD TC TS TH TD",
    wings="KC, KS, KH, KD, JC, JS, JH, JD",
)

# As STUCK with QD in the stock: the real game can deal it, build it on KD
# and JD on it, and TD takes JD's wing; then the KD wing is full and TD fits
# nowhere else. The relaxation sees the same: one landing (JD onto KD, by way
# of QD from the pool), then nothing: two relaxed positions. With room for
# four cards a wing takes TD as well, the tens and queens follow, and the
# nines come out of the trunk: the relaxation cannot tell, and the deal wins.
LANDING = dict(STUCK, trunk="9C 9S 9H 9D QC QS QH TC TS TH TD", stock="QD")


def test_a_position_with_no_move_is_relaxed_lost_at_once() -> None:
    game = game_of(COOPS)
    state = position(game, **STUCK)
    assert game.legal_moves(state) == []
    assert relaxed(game, state) == 1
    result = game.solve(state, SolveRequest.of(game))
    assert result.lost and result.stats.expanded == 1 and result.stats.max_depth == 0


def test_a_landing_then_nothing() -> None:
    game = game_of(COOPS)
    state = position(game, **LANDING)
    assert game.legal_moves(state)
    assert relaxed(game, state) == 2
    assert exact(game, state) is Status.LOST
    wide = game_of(COOPS, wing_capacity=4)
    state = position(wide, **LANDING)
    assert relaxed(wide, state) is None
    assert exact(wide, state) is Status.WON


def test_without_building_the_safe_moves_alone_decide() -> None:
    # BUILD (test_eagle_wing) is won with building, by building 3C on 4C,
    # and lost without: 2C, 3C, 4C and 5C go home, and the three 2s the
    # other foundations wait for stay in the trunk under 5D. The relaxation
    # sees the loss at once without building and cannot tell with it.
    strict = game_of(STRICT)
    state = position(strict, **BUILD)
    assert relaxed(strict, state) == 1
    assert exact(strict, state) is Status.LOST
    coops = game_of(COOPS)
    assert relaxed(coops, position(coops, **BUILD)) is None


def test_an_empty_trunk_tells_nothing() -> None:
    game = game_of(COOPS, trunk_size=0)
    state = dealt(game, 4)
    assert Relaxation(game.rules, state).is_won(Relaxation(game.rules, state).root)
    assert relaxed(game, state) is None


# ------------------------------------------------------------------ against the exact search


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_never_lost_for_a_won_deal_sample(preset: str) -> None:
    lost, proved = check_deals(preset, 1, 200)
    assert lost >= 40
    # The share it proves: 90% of Coops' lost deals over 1..1,000, 82% of
    # the strict preset's (docs/design/games/eagle-wing.md).
    assert proved >= 0.75 * lost


@pytest.mark.slow
@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_never_lost_for_a_won_deal(preset: str) -> None:
    lost, proved = check_deals(preset, 1, 20_000)
    assert proved >= 0.75 * lost


def check_part_way(preset: str, numbers: range, lengths: tuple[int, ...], seed: int) -> int:
    """Positions part way into random games: relaxed lost implies lost by the exact search.

    Returns how many positions the relaxation proved lost."""
    game = game_of(preset)
    proved = 0
    for name, state in lines(game, numbers, lengths, seed):
        if relaxed(game, state) is not None:
            assert exact(game, state) is Status.LOST, name
            proved += 1
    return proved


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_relaxed_losses_part_way_are_losses_sample(preset: str) -> None:
    assert check_part_way(preset, range(1, 21), (10, 30, 60), seed=3) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_relaxed_losses_part_way_are_losses(preset: str) -> None:
    assert check_part_way(preset, range(1, 401), (5, 15, 30, 45, 60), seed=4) >= 400


def test_relaxed_positions_are_settled() -> None:
    # Every position the relaxed search makes has its safe moves made.
    game = game_of(COOPS)
    for number in range(1, 41):
        relaxation = Relaxation(game.rules, dealt(game, number))
        todo = [relaxation.root]
        seen = set()
        while todo:
            state = todo.pop()
            if state in seen or relaxation.is_won(state):
                continue
            seen.add(state)
            need, tl, piles = state
            assert relaxation.settle(list(need), tl, list(piles)) == state
            todo.extend(relaxation.next_states(state))


# ------------------------------------------------------------------ the solve around it


def test_a_won_deal_is_solved_as_by_the_search_alone() -> None:
    # The same line, the same statistics, the same difficulty as the shipped
    # table says: the relaxation's work on a won deal is not counted.
    game = game_of(COOPS)
    verdicts = shipped_verdicts(COOPS)
    assert verdicts is not None
    checked = 0
    for number in range(1, 61):
        if verdicts.status(number) != "won":
            continue
        state = dealt(game, number)
        model = EagleWingModel(game.rules, state)
        root, depth = model.start(state)
        alone = solve_run(
            projected(lambda b, m=model, r=root, d=depth: dfs(m, r, b, depth=d), model.lift)
        )
        result = game.solve(state, SolveRequest.of(game))
        assert result.won and result.moves == alone.moves
        assert (result.stats.expanded, result.stats.unique, result.stats.max_depth) == (
            alone.stats.expanded,
            alone.stats.unique,
            alone.stats.max_depth,
        )
        entry = next(verdicts.entries(number))
        assert entry[0] == number and game.difficulty(state, result) == entry[3]
        checked += 1
    assert checked >= 30


def test_a_relaxed_loss_is_the_whole_count_and_shortest_solves_use_it_too() -> None:
    game = game_of(COOPS)
    state = dealt(game, 13)
    count = relaxed(game, state)
    assert count is not None
    for shortest in (False, True):
        result = game.solve(state, SolveRequest.of(game, shortest=shortest))
        assert result.lost
        assert result.stats.expanded == result.stats.unique == count
        assert result.stats.max_depth == 0
