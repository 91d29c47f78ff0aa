"""Hints and reviews: every verdict checked against searches made apart from them."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from solitaire_solver import (
    BadMoveError,
    IllegalMoveError,
    Outcome,
    Status,
    analyse,
    make_game,
    review,
    solve,
)
from solitaire_solver.advice.analysis import analyse_position
from solitaire_solver.games import PRESETS, Game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limits, Memo, ProblemDefaults, depth_first
from tests.helpers import assert_replays_to_win
from tests.support import REVIEW_GAMES, WON_DEALS


class Plain(ProblemDefaults):
    """A game as the plainest search problem: every legal move, no hook, no model.

    The verdicts of the tests' own searches come from this, apart from the
    games' solvers and their compact models, reductions and memos.
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def moves(self, state: Any) -> list[Any]:
        return self.game.legal_moves(state)

    def apply(self, state: Any, move: Any) -> Any:
        return self.game.apply(state, move)

    def is_won(self, state: Any) -> bool:
        return self.game.is_won(state)

    def key(self, state: Any) -> Hashable:
        return self.game.key(state)


def line_of(preset: str) -> tuple[Game[Any, Any], Any, tuple[Any, ...]]:
    game = make_game(preset)
    start = game.deal(parse_deal_number(WON_DEALS[preset]))
    result = game.solve(start, SolveRequest.of(game))
    assert result.won
    return game, start, result.moves


def positions_along(
    game: Game[Any, Any], start: Any, moves: Sequence[Any], every: int
) -> list[Any]:
    out, state = [], start
    for i, move in enumerate(moves):
        if i % every == 0:
            out.append(state)
        state = game.apply(state, move)
    return out


def test_every_preset_is_covered() -> None:
    assert set(WON_DEALS) == set(PRESETS) == set(REVIEW_GAMES)


# ---------------------------------------------------------------- hints


@pytest.mark.parametrize("preset", sorted(WON_DEALS))
def test_the_recommended_move_wins_along_a_winning_line(preset: str) -> None:
    game, start, moves = line_of(preset)
    every = max(1, len(moves) // 6)
    for state in positions_along(game, start, moves, every):
        a = analyse_position(game, state)
        assert a.status is Status.WON
        best = a.recommended
        assert best is not None and best.status is Status.WON
        assert best.length == min(r.length for r in a.rows if r.length is not None)
        # Its line replays to a win from the position after the move.
        assert_replays_to_win(game, game.play(state, best.move), best.result.moves)
        assert [r.index for r in a.rows if r.recommended] == [best.index]
        assert sorted(r.index for r in a.rows) == list(range(len(game.legal_moves(state))))


PLAIN_CASES = [
    # (preset, moves into the solver's line): late enough that a plain search
    # of every child finishes at once.
    ("decade", 20),
    ("decade-optional", 30),
    ("black-hole", 25),
    ("eagle-wing", 60),
    ("eagle-wing-coops", 70),
    ("windmill", 150),
    ("windmill-reversed", 150),
]


@pytest.mark.parametrize(("preset", "into"), PLAIN_CASES)
def test_every_row_agrees_with_a_plain_search(preset: str, into: int) -> None:
    game, start, moves = line_of(preset)
    state = start
    for move in moves[:into]:
        state = game.apply(state, move)
    a = analyse_position(game, state)
    plain = Plain(game)
    assert a.rows
    for row in a.rows:
        child = game.apply(state, row.move)
        truth = depth_first(plain, child, Limits(max_states=2_000_000))
        assert truth.status is not Status.UNKNOWN, f"{preset}: pick a later position"
        assert row.status is truth.status, f"{preset}: {row.notation}"
        if row.status is Status.WON:
            assert_replays_to_win(game, child, row.result.moves)


@pytest.mark.parametrize("preset", sorted(REVIEW_GAMES))
def test_after_a_move_listed_as_losing_solve_says_lost(preset: str) -> None:
    # The position before the known losing move has both kinds of move.
    data = REVIEW_GAMES[preset]
    game = make_game(preset)
    played = data["moves"].split()[: data["losing"] - 1]
    a = analyse(game, data["deal"], played)
    assert a.status is Status.WON and a.played == len(played)
    lost = [r for r in a.rows if r.status is Status.LOST]
    assert lost, "the losing move is listed"
    for row in lost:
        after = game.apply(a.position, row.move)
        assert game.solve(after, SolveRequest.of(game)).status is Status.LOST
    assert [r.status for r in a.rows] == sorted(
        (r.status for r in a.rows), key=[Status.WON, Status.UNKNOWN, Status.LOST].index
    )


def test_a_lost_position_needs_one_search_for_every_row() -> None:
    a = analyse("decade", 123456)  # a lost deal (the README's example)
    assert a.status is Status.LOST and a.searches == 1
    assert a.rows and all(r.status is Status.LOST for r in a.rows)
    assert a.recommended is None


def test_the_move_of_the_winning_line_needs_no_search_of_its_own() -> None:
    game, start, moves = line_of("black-hole")
    a = analyse_position(game, start)
    first = next(r for r in a.rows if r.move == moves[0])
    assert first.status is Status.WON and first.length == len(moves) - 1
    # One search for the position, one for each other move not equivalent to another.
    assert a.searches <= len(a.rows)


def test_a_won_position_has_no_moves_left() -> None:
    game, start, moves = line_of("decade")
    a = analyse(game, start, moves)
    assert a.over and a.status is Status.WON and a.rows == ()


def test_unknown_rows_name_the_limit() -> None:
    a = analyse("eagle-wing-coops", 1, limits=Limits(max_states=1))
    assert a.status is Status.UNKNOWN
    unknown = [r for r in a.rows if r.status is Status.UNKNOWN]
    assert unknown
    for r in unknown:
        assert r.verdict_text() == "unknown (stopped by the limit of 1 state)"


def test_the_moves_played_are_checked_as_verify_checks_them() -> None:
    with pytest.raises(IllegalMoveError, match=r"^move 2: illegal move x1-2"):
        analyse("decade", 3, ["d", "x1-2"])
    with pytest.raises(BadMoveError, match=r"^move 1: bad decade move 'zz'"):
        analyse("decade", 3, ["zz"])


def test_sharing_the_memo_costs_less_than_separate_searches() -> None:
    # Black Hole deal 2, 19 moves in: a position with lost moves beside won ones.
    data = REVIEW_GAMES["black-hole"]
    game = make_game("black-hole")
    a = analyse(game, data["deal"], data["moves"].split()[: data["losing"] - 1])
    separate = game.solve(a.position, SolveRequest.of(game)).stats.expanded
    for row in a.rows:
        if row.status is not Status.WON or row.result.moves:
            separate += game.solve(
                game.apply(a.position, row.move), SolveRequest.of(game)
            ).stats.expanded
    assert a.stats.expanded < separate


# ---------------------------------------------------------------- review


@pytest.mark.parametrize("preset", sorted(REVIEW_GAMES))
def test_review_names_exactly_the_losing_move(preset: str) -> None:
    data = REVIEW_GAMES[preset]
    game = make_game(preset)
    moves = data["moves"].split()
    r = review(game, data["deal"], moves)
    k = data["losing"] - 1
    assert r.outcome is Outcome.LOST_AT
    assert r.losing == k
    assert r.summary().startswith(f"move {k + 1}, {r.losing_text()}, lost a won game; ")
    # Checked apart from the review: won before the move, lost after it.
    assert game.solve(r.positions[k], SolveRequest.of(game)).won
    assert game.solve(r.positions[k + 1], SolveRequest.of(game)).lost
    assert r.keeping is not None and r.keeping_line[0] == r.keeping
    assert_replays_to_win(game, r.positions[k], r.keeping_line)
    # A bisection: the two ends, then about one search per halving.
    assert r.searches <= 3 + math.ceil(math.log2(len(moves)))


def test_review_of_a_deal_never_winnable() -> None:
    for preset, deal in (("decade", 123456), ("eagle-wing", 2)):
        game = make_game(preset)
        start = game.deal(parse_deal_number(deal))
        moves = []
        state = start
        for _ in range(8):
            legal = game.legal_moves(state)
            if not legal:
                break
            moves.append(legal[0])
            state = game.apply(state, legal[0])
        r = review(game, deal, moves)
        assert r.outcome is Outcome.NEVER
        assert r.summary() == "the deal was never winnable: no line of play wins it"
        assert solve(game, deal).lost


def test_review_of_a_won_game_and_of_a_game_still_winnable() -> None:
    game, start, moves = line_of("eagle-wing-coops")
    won = review(game, start, moves)
    assert won.outcome is Outcome.WON and won.searches == 0
    assert won.summary() == f"the game was won, in {len(moves)} moves"
    part = review(game, start, moves[:20])
    assert part.outcome is Outcome.WINNABLE and part.searches == 1
    assert part.summary() == "no move lost the game: it can still be won after 20 moves"


def test_review_names_the_limit_it_could_not_pass() -> None:
    data = REVIEW_GAMES["eagle-wing-coops"]
    r = review("eagle-wing-coops", data["deal"], data["moves"].split(), limits=Limits(max_states=1))
    assert r.outcome is Outcome.UNKNOWN
    assert "stopped by the limit of 1 state" in r.summary()


def test_review_checks_the_moves() -> None:
    with pytest.raises(IllegalMoveError, match=r"^move 3: "):
        review("black-hole", 2, ["p13", "p8", "p13"])


LOST_LINES = {
    # A lost position and the moves after it: the position after the known
    # losing move of each review game, but for Decade, whose chains there
    # end at once, its lost deal 123456 played by the last legal move.
    "decade": (123456, []),
    "black-hole": None,
    "eagle-wing": None,
    "eagle-wing-coops": None,
}


@pytest.mark.parametrize("preset", sorted(LOST_LINES))
def test_keys_proved_lost_carry_over_to_later_positions_of_the_deal(preset: str) -> None:
    # Lost positions along a line, searched one after another with one memo:
    # the later ones find keys the earlier ones proved lost, which works only
    # if a key means the same from every start of the deal.
    game = make_game(preset)
    own = LOST_LINES[preset]
    if own is None:
        data = REVIEW_GAMES[preset]
        state = game.deal(parse_deal_number(data["deal"]))
        moves = [game.parse_move(m) for m in data["moves"].split()]
        for move in moves[: data["losing"]]:
            state = game.apply(state, move)
        later: list[Any] | None = moves[data["losing"] :]
    else:
        state = game.deal(parse_deal_number(own[0]))
        later = None  # the last legal move, each time
    memo = Memo()
    shared = alone = 0
    for i in range(30):
        with_memo = game.solve(state, SolveRequest.of(game), memo=memo)
        by_itself = game.solve(state, SolveRequest.of(game))
        assert with_memo.lost and by_itself.lost
        shared += with_memo.stats.expanded
        alone += by_itself.stats.expanded
        legal = game.legal_moves(state)
        if (later is not None and i >= len(later)) or not legal:
            break
        state = game.apply(state, legal[-1] if later is None else later[i])
    assert len(memo) > 0
    assert shared < alone
