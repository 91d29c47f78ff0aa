"""Whole games played by following the fair hint: every one ends.

A player who asks the fair hint at every move and plays the move it names
(:attr:`~solitaire_solver.advice.fair.FairHint.best`, the hint given the
game's line so far, as the terminal, ``hint --fair --moves`` and the
browser's table give it) must reach the end of the game: a win, or no move
left. Before the hint knew the game's line it could send her round in a
circle for ever: among moves of equal value (a move that can be taken back
ties with the best), it named the first in the game's order, and in the
endgame of ``eagle-wing-coops`` deal 5 that was ``21``, then ``12``, then
``21`` again.

Two checks besides the end: the hint never names a move back to a position
of the game's line while a move of the same value goes elsewhere; and once
nothing is hidden and the position is won with full sight, the game is won
(the hint then follows the solver's line).
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from solitaire_solver import make_game
from solitaire_solver.advice.fair import fair_hint, line_keys, seen_key
from solitaire_solver.games import PRESETS, Game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.terminal import Fair, play_game
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Status
from tests.support import run_cli

ISSUE_LINE = (
    "67 68 d 65 d d d d d d d d d d w6 d d d d w2 d w1 31 d wf 8f 8f 8f d wf 1f 1f 1f 15 1f "
    "7f 7f 7f 8f d d d d wf d wf d w4 d w7 d d wf 8f 5f 5f 5f w5 wf 85 w8 18 w1 31 w3 d wf d "
    "w7 r d d d d w5 d w2 d wf d wf 8f 8f w8 d wf 6f 6f w6 d w4 d wf 6f w6 d wf 6f 5f 5f 5f "
    "7f 7f 7f 3f 13 15"
)
"""The 107 moves of ``eagle-wing-coops`` deal 5 after which nothing is hidden and the hint,
by value and the game's order alone, went ``21``, ``12``, ``21``, ... for ever."""

BOUND = {1: 400, 2: 800}
"""The most moves a game played by the hint may take, by the decks the preset plays with.
A bound, not a measure: the longest games seen while the tests were written took 195
moves (windmill deals 1..3, K = 4), 167 (eagle-wing-coops deals 1..60, K = 8), 130
(eagle-wing deals 1..30), 66 (Decade), 51 (Black Hole); a hint that goes round in a
circle reaches any bound."""

QUICK_DEALS = {
    "decade": (1, 3),
    "decade-optional": (5,),
    "eagle-wing": (2, 12),
    "eagle-wing-coops": (1, 2),
    "windmill": (8,),
    "windmill-reversed": (3,),
    "black-hole": (1, 2),
}
"""A few deals per preset for the default suite (won and lost ones, quick to play)."""


def follow(
    game: Game[Any, Any], start: Any, *, samples: int, seed: int, before: tuple[Any, ...] = ()
) -> tuple[list[Any], str]:
    """The moves of a game from ``start`` (after the moves ``before``) in which every move is
    the fair hint's, and how it ended: ``won``, ``stuck`` (no move left), or ``bound``."""
    state, positions = start, [start]
    for move in before:
        state = game.play(state, move)
        positions.append(state)
    keys = line_keys(game, positions)
    moves = list(before)
    bound = BOUND[game.decks]
    open_won: bool | None = None
    while not game.is_won(state) and game.legal_moves(state):
        if len(moves) >= bound:
            return moves, "bound"
        seen = game.seen(state)
        if not seen.hidden and open_won is None:
            result = game.solve(state, SolveRequest.samples(game), verdict_only=True)
            open_won = result.status is Status.WON
        hint = fair_hint(game, seen, samples=samples, seed=seed, quick=True, line=keys)
        best = hint.best
        assert best is not None
        if best.returns:
            # A move back along the game only when every move of its value goes back too.
            assert all(m.returns for m in hint.moves if m.value == best.value), best.move
        state = game.play(state, best.move)
        moves.append(best.move)
        keys.append(seen_key(game, game.seen(state)))
    ended = "won" if game.is_won(state) else "stuck"
    if open_won:
        assert ended == "won", "won with nothing hidden, the hint's line did not win"
    return moves, ended


def test_every_preset_is_played_here() -> None:
    assert set(QUICK_DEALS) == set(PRESETS)


@pytest.mark.parametrize("preset", sorted(QUICK_DEALS))
def test_following_the_fair_hint_ends_the_game(preset: str) -> None:
    game = make_game(preset)
    for deal in QUICK_DEALS[preset]:
        start = game.deal(parse_deal_number(deal))
        samples = 2 if game.decks > 1 else 4
        moves, ended = follow(game, start, samples=samples, seed=1)
        assert ended != "bound", f"{preset} {deal}: no end after {len(moves)} moves"


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(QUICK_DEALS))
def test_following_the_fair_hint_ends_the_game_over_many_deals(preset: str) -> None:
    game = make_game(preset)
    # Decade with optional discards works out exact values in every endgame: fewer deals.
    deals = range(1, 6) if game.decks > 1 else range(1, 13 if preset == "decade-optional" else 41)
    ends = []
    for deal in deals:
        start = game.deal(parse_deal_number(deal))
        moves, ended = follow(game, start, samples=8, seed=deal)
        assert ended != "bound", f"{preset} {deal}: no end after {len(moves)} moves"
        ends.append(ended)
    # Not a test of strength, but the players win some where the tables say so.
    assert ends.count("won") > 0 or preset == "eagle-wing"


def test_the_hint_finishes_eagle_wing_coops_5_after_the_issue_s_line() -> None:
    game = make_game("eagle-wing-coops")
    start = game.deal(parse_deal_number(5))
    before = tuple(game.parse_move(m) for m in ISSUE_LINE.split())
    moves, ended = follow(game, start, samples=64, seed=0, before=before)
    assert ended == "won" and len(moves) < BOUND[1]
    # After the line, no position comes twice (the line itself went back once: 31 ... 13).
    state, keys = start, {game.key(start)}
    for i, move in enumerate(moves):
        state = game.apply(state, move)
        assert i < len(before) or game.key(state) not in keys, f"move {i + 1}"
        keys.add(game.key(state))


def test_the_command_line_hint_names_a_move_that_goes_somewhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # hint --fair --moves: the position after the issue's line, where the solver's first
    # move (35) goes back to the position before the last move, and moves that cannot be
    # told apart by value abound. The hint names one of them that does not go back.
    code, out, err = run_cli(
        capsys, "hint", "eagle-wing-coops", "5", "--fair", "--moves", ISSUE_LINE, "--json"
    )
    assert code == 0, err
    doc = json.loads(out)
    rows = {m["move"]: m for m in doc["moves"]}
    assert doc["best"] == doc["moves"][0]["move"]
    best = rows[doc["best"]]
    assert best["returns"] == 0 and best["chance"] == 1.0
    assert rows["35"]["returns"] > 0 and rows["35"]["votes"] == 1
    # Played from there, the hint of each position never names the move back.
    after = f"{ISSUE_LINE} {doc['best']}"
    code, out, err = run_cli(
        capsys, "hint", "eagle-wing-coops", "5", "--fair", "--moves", after, "--json"
    )
    assert code == 0, err
    back = json.loads(out)
    assert rows[doc["best"]]["returns"] == 0 and back["moves"][0]["returns"] == 0


def test_the_terminal_s_hint_knows_the_game_s_line() -> None:
    # The terminal's hint, asked after the issue's line, names first the move the hint
    # given the game's line ranks first: not 21 then 12 then 21 again.
    game = make_game("eagle-wing-coops")
    start = game.deal(parse_deal_number(5))
    line = ISSUE_LINE.split()
    out = io.StringIO()
    script = "\n".join(line) + "\nhint\n21\nhint\nquit\n"
    play_game(game, start, io.StringIO(script), out, fair=Fair(samples=8, seed=0))
    text = out.getvalue()
    firsts = re.findall(r"^fair chances, exact.*\n  (\S+) ", text, re.MULTILINE)
    assert len(firsts) == 2
    # After 21 the hint does not take it back.
    assert firsts[1] != "12"
    assert "tie: no move is told apart from the best by these figures; the hint plays" in text
