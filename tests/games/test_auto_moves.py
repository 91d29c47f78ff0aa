"""The automatic moves home: the library's :meth:`.Game.auto_moves`, and the table that plays
them in the browser (:class:`~solitaire_solver.pages.web.Table`, its routes ``api/settings`` and
``api/restart``).

Each automatic move must be legal, go home, and keep every win: checked on
the positions along winning lines of several deals of every preset, solved
again after the automatic moves.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from solitaire_solver.games import PRESETS, make_game
from solitaire_solver.numbering import parse_deal_number

DEALS = {
    "black-hole": (2, 3, 4),
    "decade": (3, 4, 7, 172),
    "decade-optional": (2, 3, 4),
    "eagle-wing": (7732,),
    "eagle-wing-coops": (1, 2, 98),
    "windmill": (7, 45),
    "windmill-reversed": (7, 44),
}
"""Won deals of each preset whose lines are walked."""

EVERY = 6
"""Along a line, every this many positions is solved again after its automatic moves."""


def line_positions(preset: str, deal: int) -> tuple[Any, list[Any]]:
    game = make_game(preset)
    state = game.deal(parse_deal_number(deal))
    result = game.solve(state, SolveRequest.of(game))
    assert result.won
    positions = [state]
    for move in result.moves:
        state = game.apply(state, move)
        positions.append(state)
    return game, positions


def test_every_preset_is_walked() -> None:
    assert set(DEALS) == set(PRESETS)


@pytest.mark.parametrize("preset", sorted(DEALS))
def test_automatic_moves_are_legal_go_home_and_keep_every_win(preset: str) -> None:
    played = 0
    for deal in DEALS[preset]:
        game, positions = line_positions(preset, deal)
        for i, state in enumerate(positions):
            moves = game.auto_moves(state)
            after = state
            for move in moves:
                assert game.goes_home(after, move)
                before = game.cards_left(after)
                after = game.play(after, move)  # raises on an illegal move
                assert game.cards_left(after) < before
            played += len(moves)
            # The list stops only where neither rule gives a move home.
            forced = game.forced_move(after)
            legal = game.legal_moves(after)
            assert forced is None or not game.goes_home(after, forced)
            assert not (len(legal) == 1 and game.goes_home(after, legal[0]))
            if moves and i % EVERY == 0:
                assert game.solve(after, SolveRequest.of(game)).won, (
                    f"{preset} {deal}: move {i} lost a win"
                )
    # Every preset has some: at the least the moves home that are the only legal move.
    assert played > 0


def test_eagle_wing_plays_its_safe_moves_home() -> None:
    game, positions = line_positions("eagle-wing", 7732)
    start = positions[0]
    moves = game.auto_moves(start)
    assert moves, "deal 7732 has cards the foundations take at once"
    for move in moves:
        assert move == game.forced_move(start)
        start = game.apply(start, move)


def test_a_lone_move_home_is_played_and_a_choice_is_not() -> None:
    game = make_game("black-hole")
    rng = random.Random(5)
    seen = {0: 0, 1: 0, 2: 0}
    for deal in range(1, 30):
        state = game.deal(parse_deal_number(deal))
        while game.legal_moves(state):
            legal = game.legal_moves(state)
            moves = game.auto_moves(state)
            # Black Hole has no safe move of its own: only a move that is the only one.
            if len(legal) == 1:
                assert moves[:1] == legal
            else:
                assert moves == []
            seen[min(len(legal), 2)] += 1
            state = game.apply(state, rng.choice(legal))
    assert seen[1] and seen[2]


def test_a_lone_move_that_does_not_go_home_is_left_to_the_player() -> None:
    # Decade's deal is the only move when the line has no run: it is not a move home.
    game = make_game("decade")
    state = game.deal(parse_deal_number(3))
    legal = game.legal_moves(state)
    assert len(legal) == 1 and not game.goes_home(state, legal[0])
    assert game.auto_moves(state) == []


# ---------------------------------------------------------------- the table

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")

from solitaire_solver.pages.web import Table  # noqa: E402
from solitaire_solver.pages.web import app as web_app  # noqa: E402
from solitaire_solver.request import SolveRequest  # noqa: E402

with warnings.catch_warnings():
    # Starlette's test client names httpx2 as httpx's successor; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "a-token-for-tests"


def table(preset: str = "eagle-wing", deal: int = 7732, *, auto: bool = True) -> Table:
    game = make_game(preset)
    start = game.deal(parse_deal_number(deal))
    return Table(game, start, deal=str(deal), samples=2, auto=auto)


def next_line_move(t: Table) -> str:
    result = t.game.solve(t.session.position, SolveRequest.of(t.game))
    assert result.won and result.moves
    return str(result.moves[0])


def test_the_table_plays_the_automatic_moves_and_undo_takes_them_with_the_move() -> None:
    t = table()
    game = t.game
    start = t.session.start
    assert t.session.moves == game.auto_moves(start) != []
    view = t.view()
    assert view["undo"] == 0 and view["auto"] is True
    assert [p["auto"] for p in view["played"]] == [True] * len(t.session.moves)
    # The change of a new game: drawn from the deal, then each automatic move.
    assert view["change"]["since"] is None
    assert len(view["change"]["steps"]) == 1 + len(t.session.moves)

    # Play until a move has automatic moves after it.
    while True:
        text = next_line_move(t)
        move = game.parse_move(text)
        if game.auto_moves(game.apply(t.session.position, move)):
            break
        t.play(text)
    before = list(t.session.moves)
    follow = game.auto_moves(game.apply(t.session.position, move))
    version = t.version
    t.play(text)
    assert t.session.moves == [*before, move, *follow]
    view = t.view()
    assert view["change"]["since"] == version
    # The position before, the move, then each automatic move.
    assert len(view["change"]["steps"]) == 2 + len(follow)
    assert view["change"]["steps"][1]["move"] == text

    # One undo takes back the move and what followed it; one redo plays them all again.
    assert t.undo() == 1
    assert t.session.moves == before
    assert t.view()["change"] is None and t.view()["redo"] == 1
    assert t.redo() == 1
    assert t.session.moves == [*before, move, *follow]
    assert t.view()["change"]["since"] is not None


def test_restart_goes_back_to_the_deal_and_every_move_can_be_redone() -> None:
    t = table()
    at_start = list(t.session.moves)
    for _ in range(6):
        t.play(next_line_move(t))
    played = list(t.session.moves)
    made = t.player_moves
    assert made == 6
    assert t.restart() == made
    assert t.session.moves == at_start
    assert t.view()["redo"] == made
    assert t.redo(made) == made
    assert t.session.moves == played


def test_turning_automatic_moves_on_plays_those_waiting() -> None:
    t = table(auto=False)
    assert t.session.moves == []
    waiting = t.game.auto_moves(t.session.position)
    version = t.version
    t.set_auto(True)
    assert t.session.moves == waiting and t.automatic == [True] * len(waiting)
    assert t.version == version + 1
    t.set_auto(False)
    assert t.version == version + 2 and not t.view()["auto"]


def test_the_view_marks_the_moves_home() -> None:
    t = table("windmill", 7, auto=False)
    game, position = t.game, t.session.position
    legal = {m["move"]: m["home"] for m in t.view()["legal"]}
    assert legal == {str(m): game.goes_home(position, m) for m in game.legal_moves(position)}
    # A deal is not a move home; a card to a foundation is.
    assert legal["d"] is False
    assert any(legal.values())


def client(t: Table) -> TestClient:
    return TestClient(web_app.make_app(t, TOKEN, hosts={"testserver"}), client=("127.0.0.1", 50000))


def test_the_settings_and_restart_routes() -> None:
    t = table(auto=False)
    c = client(t)
    api = f"/{TOKEN}/api/"
    r = c.post(api + "settings", json={"auto": True, "version": t.version})
    assert r.status_code == 200
    assert r.json()["auto"] is True and t.auto is True and t.session.moves
    for bad in ({"auto": "yes"}, {"auto": 1}, {"fair": None}):
        r = c.post(api + "settings", json=bad)
        assert r.status_code == 400, bad
        assert t.auto is True
    r = c.post(api + "move", json={"move": next_line_move(t), "version": t.version})
    assert r.status_code == 200 and t.player_moves == 1
    # A page that shows an older game is refused, and shown the game as it is.
    r = c.post(api + "restart", json={"version": t.version - 1})
    assert r.status_code == 409 and r.json()["stale"] is True and t.player_moves == 1
    r = c.post(api + "restart", json={"version": t.version})
    assert r.status_code == 200 and t.player_moves == 0 and r.json()["redo"] == 1
