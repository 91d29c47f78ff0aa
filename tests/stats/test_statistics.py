"""The statistics of a solve mean the same for every preset (one budget decides them)."""

from __future__ import annotations

import pytest

from solitaire_solver import make_game
from solitaire_solver.games import PRESETS
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limit, Limits, SolveResult, Status
from tests.helpers import assert_result_sound
from tests.support import WON_DEALS

# Deals quick to settle in every preset, and a state limit small enough to stop
# a search on the first deals (a few expansions are enough to play moves).
DEALS = (1, 2, 3, 4, 5, 6)
SMALL = 3


def check(result: SolveResult[object], has_moves: bool) -> None:
    s = result.stats
    assert s.expanded >= 0 and s.unique >= 0 and s.elapsed >= 0
    assert s.unique <= s.expanded + 1
    if result.status is Status.WON:
        assert s.max_depth >= len(result.moves)
    if has_moves and s.expanded >= 1 and result.status is not Status.LOST:
        # A loss may be proved without a line of the game (Eagle Wing's
        # relaxation, before its search): depth 0 then. A win or a search
        # stopped by a limit has explored lines.
        assert s.max_depth > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_statistics_are_consistent_on_every_preset(preset: str) -> None:
    game = make_game(preset)
    for deal in DEALS:
        start = game.deal(parse_deal_number(deal))
        has_moves = bool(game.legal_moves(start))
        # A limit keeps the few hard deals (Windmill's) short; an unknown
        # result must meet the invariants too.
        result = game.solve(start, SolveRequest.of(game, Limits(max_states=200_000)))
        assert_result_sound(game, start, result)
        check(result, has_moves)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_effort_is_kept_on_unknown_results(preset: str) -> None:
    game = make_game(preset)
    stopped = 0
    for deal in DEALS:
        start = game.deal(parse_deal_number(deal))
        result = game.solve(start, SolveRequest.of(game, Limits(max_states=SMALL)))
        check(result, bool(game.legal_moves(start)))
        if result.status is Status.UNKNOWN:
            stopped += 1
            assert result.limit is Limit.STATES and result.limit_value == SMALL
            assert not result.default_limit
            assert result.stats.expanded == SMALL
            assert result.stop_reason() == f"the limit of {SMALL} states"
        else:
            assert result.stats.expanded <= SMALL
    assert stopped > 0, "the limit stopped no search: the test would prove nothing"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_limit_on_the_shortest_search_keeps_the_line_found(preset: str) -> None:
    # A shortest solve whose limit leaves room for the ordinary solver's line
    # wins with a line that replays: a shortest one if its exact search
    # finished within the limit, else the ordinary line, not marked
    # shortest, with the limit named so that it can be raised.
    game = make_game(preset)
    start = game.deal(parse_deal_number(WON_DEALS[preset]))
    plain = game.solve(start, SolveRequest.of(game, Limits(max_states=200_000)))
    assert plain.won and plain.moves
    limit = plain.stats.expanded + 1
    result = game.solve(start, SolveRequest.of(game, Limits(max_states=limit), shortest=True))
    assert result.status is Status.WON
    assert_result_sound(game, start, result)
    check(result, True)
    if result.shortest:
        assert result.limit is None and result.stop_reason() == ""
        assert len(result.moves) <= len(plain.moves)
    else:
        assert result.moves == plain.moves
        assert (result.limit, result.limit_value, result.default_limit) == (
            Limit.STATES,
            limit,
            False,
        )
        assert result.stats.expanded == limit
        assert result.stop_reason() == f"the limit of {limit:,} states"
