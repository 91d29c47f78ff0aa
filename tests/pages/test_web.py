"""The web app of ``play --browser``: what it answers, and what it refuses.

Through Starlette's test client (no server, no browser), and once through a
real server on 127.0.0.1 with httpx. The page in a real browser is
tests/pages/test_web_browser.py.
"""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs the browser extra (pip install starlette uvicorn)")
pytest.importorskip("uvicorn", reason="needs the browser extra (pip install starlette uvicorn)")

import httpx

from solitaire_solver.advice.players import Player, play
from solitaire_solver.cards import card_text
from solitaire_solver.errors import BadOptionError, SolverError
from solitaire_solver.games import PRESETS, make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.viewer import scene
from solitaire_solver.pages.web import Table, today_deal
from solitaire_solver.pages.web import app as web_app
from solitaire_solver.records.deal_files import format_game, parse_game
from solitaire_solver.records.verdicts import shipped_table
from solitaire_solver.request import SolveRequest
from tests.support import run_cli
from tests.web_client import TOKEN, api, client


def table(preset: str = "black-hole", deal: int = 2) -> Table:
    game = make_game(preset)
    return Table(game, game.deal(parse_deal_number(deal)), deal=str(deal), samples=2)


def line(preset: str, deal: int) -> list[str]:
    game = make_game(preset)
    result = game.solve(game.deal(parse_deal_number(deal)), SolveRequest.of(game))
    assert result.won
    return [str(m) for m in result.moves]


# ---------------------------------------------------------------- refused


def test_every_request_needs_the_token() -> None:
    c = client(table())
    assert c.get(f"/{TOKEN}/").status_code == 200
    assert c.get(api("state")).status_code == 200
    for path in ("/", "/api/state", f"/{TOKEN}x/api/state", "/wrong/api/state", "/favicon.ico"):
        r = c.get(path)
        assert r.status_code == 403, path
        assert "token" in r.json()["error"]
    assert c.post("/other/api/move", json={"move": "p1"}).status_code == 403


def test_a_client_from_another_machine_is_refused() -> None:
    for host in (("203.0.113.5", 4000), ("testclient", 1), ("10.0.0.1", 80)):
        r = client(table(), host).get(api("state"))
        assert r.status_code == 403
        assert "this machine only" in r.json()["error"]
    assert client(table(), ("::1", 5000)).get(api("state")).status_code == 200


def test_the_server_binds_the_loopback_only() -> None:
    for host in ("0.0.0.0", "192.0.2.1", "example.com", "::"):
        with pytest.raises(BadOptionError, match="this machine only"):
            web_app.bind(host)
    sock = web_app.bind("127.0.0.1")
    try:
        assert sock.getsockname()[0] == "127.0.0.1" and sock.getsockname()[1] > 0
    finally:
        sock.close()


def test_an_illegal_or_unreadable_move_is_refused_with_a_message() -> None:
    c = client(table("black-hole", 2))
    legal = {m["move"] for m in c.get(api("state")).json()["legal"]}
    illegal = next(f"p{i}" for i in range(1, 18) if f"p{i}" not in legal)
    r = c.post(api("move"), json={"move": illegal})
    assert r.status_code == 409 and "illegal move" in r.json()["error"]
    r = c.post(api("move"), json={"move": "fly away"})
    assert r.status_code == 400 and "fly away" in r.json()["error"]
    assert c.get(api("state")).json()["played"] == []


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"[1, 2]", b'"p1"', b"{}", b'{"move": 3}', b'{"move": ""}', b"\xff\xfe"],
)
def test_a_malformed_body_is_refused(body: bytes) -> None:
    c = client(table())
    r = c.post(api("move"), content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"]


def test_bad_fields_elsewhere_are_refused() -> None:
    c = client(table())
    assert c.post(api("undo"), json={"steps": 0}).status_code == 400
    assert c.post(api("undo"), json={"steps": "all"}).status_code == 400
    assert c.post(api("new"), json={}).status_code == 400
    r = c.post(api("new"), json={"deal": "nine"})
    assert r.status_code == 400 and "nine" in r.json()["error"]
    r = c.post(api("new"), json={"game": "chess", "deal": "1"})
    assert r.status_code == 400 and "chess" in r.json()["error"]
    r = c.post(api("load"), json={"text": "not a game file"})
    assert r.status_code == 400 and r.json()["error"].startswith("the file, line 1: ")
    r = c.post(api("load"), json={"text": "not a game file", "name": "g.json"})
    assert r.status_code == 400 and r.json()["error"].startswith("g.json, line 1: ")
    assert c.post(api("load"), json={"text": 5}).status_code == 400
    assert c.get(api("move")).status_code == 405


def test_nothing_to_undo_or_redo_is_a_conflict() -> None:
    c = client(table())
    assert c.post(api("undo")).status_code == 409
    assert c.post(api("redo")).status_code == 409


def test_no_move_after_the_game_is_over() -> None:
    t = table("black-hole", 2)
    moves = line("black-hole", 2)
    for m in moves:
        t.play(m)
    c = client(t)
    view = c.get(api("state")).json()
    assert view["over"] == "won" and view["legal"] == []
    r = c.post(api("move"), json={"move": "p1"})
    assert r.status_code == 409 and "the game is over" in r.json()["error"]
    # Undo still works: the game goes on from before the last move.
    assert c.post(api("undo")).json()["over"] is None


# ---------------------------------------------------------------- answered


def test_play_undo_redo_and_the_moves_played() -> None:
    c = client(table("black-hole", 2))
    moves = line("black-hole", 2)
    for m in moves[:3]:
        view = c.post(api("move"), json={"move": m}).json()
    assert [p["move"] for p in view["played"]] == moves[:3]
    assert view["undo"] == 3 and view["redo"] == 0
    view = c.post(api("undo"), json={"steps": 2}).json()
    assert [p["move"] for p in view["played"]] == moves[:1] and view["redo"] == 2
    view = c.post(api("redo")).json()
    assert [p["move"] for p in view["played"]] == moves[:2] and view["redo"] == 1
    # Playing the move that was undone keeps the rest to redo; another move drops it.
    view = c.post(api("move"), json={"move": moves[2]}).json()
    assert view["redo"] == 0


def test_the_page_sees_what_a_player_sees() -> None:
    c = client(table("eagle-wing", 1))
    view = c.get(api("state")).json()
    assert view["hidden"] > 0
    trunk = view["step"]["piles"]["trunk"]
    assert trunk[0] == [] and trunk[1] == 13  # face down: a count, no card
    # No verdict, and the moves worded as the player sees them: the deal's card is face down.
    assert "status" not in view
    deal = next(m for m in view["legal"] if m["move"] == "d")
    assert deal["text"] == "deal a face-down card"
    assert deal["from"] == ["stock", None] and deal["to"] is None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_legal_move_is_picked_on_piles_of_the_scene(preset: str) -> None:
    # Along the solver's line, every legal move starts and ends on piles the page draws.
    game = make_game(preset)
    table = shipped_table(game)
    number = next(n for n, code, _, _ in table.entries() if code == 1) if table else 1
    t = Table(game, game.deal(parse_deal_number(number)), samples=2)
    result = game.solve(t.session.position, SolveRequest.of(game))
    names = {p.name for p in scene(game, t.session.position).piles}
    for move in list(result.moves)[:40]:
        for m in t.view()["legal"]:
            assert m["from"][0] in names, m
            assert m["to"] is None or m["to"][0] in names, m
            if m["from"][1] is not None:  # a card of the line: one the page draws
                assert m["from"][1] < len(t.view()["step"]["piles"][m["from"][0]][0])
        t.play(str(move))


def test_the_coach_answers_when_asked() -> None:
    c = client(table("black-hole", 2))
    winnable = c.post(api("coach/winnable")).json()
    assert winnable["status"] == "won" and winnable["text"].startswith("yes: it can still be won")
    hint = c.post(api("coach/hint")).json()
    legal = {m["move"] for m in c.get(api("state")).json()["legal"]}
    assert hint["best"]["move"] in legal and hint["best"]["status"] == "won"
    assert hint["fair"]["move"] in legal and 0 <= hint["fair"]["chance"] <= 1
    solution = c.post(api("coach/solution")).json()
    assert len(solution["moves"]) == 51 and solution["text"] == "a winning line of 51 moves"
    # The hint's move is played like any other.
    assert c.post(api("move"), json={"move": hint["best"]["move"]}).status_code == 200


def test_a_lost_position_says_so_and_the_end_reviews_the_game() -> None:
    c = client(table("black-hole", 1))  # RULES.md: black-hole 1 is lost
    assert c.post(api("coach/winnable")).json()["status"] == "lost"
    assert c.post(api("coach/solution")).json()["text"].startswith("no winning line")
    end = c.get(api("end")).json()
    assert end["deal_status"] == "lost" and "never winnable" in end["review"]


def test_the_end_of_a_won_game() -> None:
    t = table("decade", 172)
    for m in line("decade", 172):
        t.play(m)
    end = client(t).get(api("end")).json()
    assert end["over"] == "won"
    assert end["deal"] == "the deal could be won, in 63 moves"
    assert end["review"] == "the game was won, in 63 moves"
    assert 0 <= end["fair"]["chance"] <= 1


def test_save_load_and_export() -> None:
    t = table("decade", 3)
    c = client(t)
    moves = line("decade", 3)
    for m in moves[:5]:
        c.post(api("move"), json={"move": m})
    r = c.get(api("save"))
    assert r.status_code == 200 and 'filename="decade-3.json"' in r.headers["content-disposition"]
    saved = parse_game(r.text)
    assert saved.deal == "3" and [str(m) for m in saved.moves] == moves[:5]
    c.post(api("new"), json={"deal": "4"})
    view = c.post(api("load"), json={"text": r.text, "name": "decade-3.json"}).json()
    assert view["title"] == "decade 3" and [p["move"] for p in view["played"]] == moves[:5]
    page = c.get(api("export"))
    assert page.text.startswith("<!DOCTYPE html>") and '"moves":5' in page.text


def test_what_the_record_of_games_needs() -> None:
    # The page's record counts each deal once: the view names the deal the same way in every
    # game of it, says whether this game began here, and whether its winning line was shown.
    t = table("black-hole", 2)
    c = client(t)
    moves = line("black-hole", 2)
    first = c.get(api("state")).json()["record"]
    assert first == {
        "deal": "black-hole #2",
        "from_deal": True,
        "solution_shown": False,
    }
    for m in moves[:3]:
        c.post(api("move"), json={"move": m})
    c.post(api("coach/winnable"))
    c.post(api("coach/hint"))
    assert c.get(api("state")).json()["record"] == first  # a hint is not the solution
    version = c.get(api("state")).json()["version"]
    solution = c.post(api("coach/solution")).json()
    assert len(solution["moves"]) == len(moves) - 3
    # The game itself did not change: a move sent with the version the page shows is played.
    view = c.post(api("move"), json={"move": moves[3], "version": version}).json()
    assert view["record"]["solution_shown"] is True
    # Undo, restart and redo are the same game: its solution was shown.
    c.post(api("undo"))
    c.post(api("restart"))
    assert c.post(api("redo"), json={"steps": 4}).json()["record"]["solution_shown"] is True
    saved = c.get(api("save")).text

    # A new game of the same deal is the same deal to the record; a game shown its line at
    # the end (nothing left to play) is not marked.
    view = c.post(api("new"), json={"deal": "2"}).json()
    assert view["record"] == first
    for m in moves:
        t.play(m)
    c.post(api("coach/solution"))
    assert c.get(api("state")).json()["record"]["solution_shown"] is False
    # Another deal, another rule set (the rules are part of the name), another game.
    assert c.post(api("new"), json={"deal": "3"}).json()["record"]["deal"] == "black-hole #3"
    view = c.post(api("new"), json={"game": "decade", "deal": "3"}).json()
    assert view["record"]["deal"] == f"{view['subtitle']} #3"  # decade: sums=10,20,30 ...
    optional = c.post(api("new"), json={"game": "decade-optional", "deal": "3"}).json()
    assert optional["record"]["deal"] not in (view["record"]["deal"], None)

    # A saved game loaded back came with its moves: the same deal, not begun here.
    view = c.post(api("load"), json={"text": saved}).json()
    assert view["record"] == {"deal": "black-hole #2", "from_deal": False, "solution_shown": False}
    # A deal file with no move is begun here.
    game = make_game("black-hole")
    start = game.deal(parse_deal_number(2))
    view = c.post(api("load"), json={"text": format_game(game, start, [], deal=2)}).json()
    assert view["record"] == first
    # A position with no deal number, or one that is not its deal number's start, is no deal.
    after = game.apply(start, game.parse_move(moves[0]))
    for deal in (None, 2):
        text = format_game(game, after, [], deal=deal)
        assert c.post(api("load"), json={"text": text}).json()["record"]["deal"] is None
    text = format_game(game, start, [], deal=None)
    assert c.post(api("load"), json={"text": text}).json()["record"]["deal"] is None


def test_choosing_a_deal() -> None:
    t = table("decade", 3)
    t.rng = random.Random(7)
    c = client(t)
    assert c.post(api("new"), json={"deal": 17}).json()["title"] == "decade 17"
    view = c.post(api("new"), json={"game": "black-hole", "deal": "today"}).json()
    assert view["title"] == f"black-hole {today_deal(datetime.date.today())}"
    assert c.post(api("new"), json={"deal": "random"}).json()["title"].startswith("black-hole ")
    view = c.post(api("new"), json={"game": "decade", "deal": "hard"}).json()
    number = int(view["title"].split()[1])
    v = shipped_table(make_game("decade"))
    assert v is not None and v.status(number) == "won"
    figure = v.difficulty[v.won_index(number)]
    assert v.classes.name_of(figure) == "hard"


def test_today_is_the_same_deal_for_everyone_on_a_date() -> None:
    day = datetime.date(2026, 12, 3)
    assert today_deal(day) == today_deal(datetime.date(2026, 12, 3))
    days = {today_deal(day + datetime.timedelta(days=k)) for k in range(30)}
    assert len(days) == 30 and all(1 <= n <= 1_000_000 for n in days)


def test_the_server_stops_once_the_page_is_gone() -> None:
    watch = web_app.Watch()
    assert not watch.idle(10_000.0)  # never before the page first called
    watch.seen()
    t = watch.last or 0.0
    assert not watch.idle(t + web_app.IDLE_SECONDS - 1)
    assert watch.idle(t + web_app.IDLE_SECONDS + 1)
    watch.closing = True
    assert watch.idle(t + web_app.CLOSED_SECONDS + 1)


def test_a_real_server_on_the_loopback() -> None:
    server = web_app.Server(table())
    url = server.start()
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith(f"/{server.token}/")
        assert httpx.get(url, timeout=10).status_code == 200
        base = url.rsplit("/", 2)[0]
        assert httpx.get(base + "/api/state", timeout=10).status_code == 403
        assert httpx.get(base + "/nope/api/state", timeout=10).status_code == 403
        r = httpx.post(url + "api/move", content=b"{", timeout=10)
        assert r.status_code == 400
        assert httpx.post(url + "api/bye", timeout=10).status_code == 204
        assert server.watch.closing
    finally:
        server.stop()


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``play --browser`` opening no browser and serving nothing: the address of each
    server it runs, in turn (the server's socket closed at once)."""
    urls: list[str] = []

    def run(self: web_app.Server) -> None:
        urls.append(self.url)
        self.sock.close()

    monkeypatch.setattr(web_app.Server, "run", run)
    monkeypatch.setattr(web_app.webbrowser, "open", lambda url: False)
    return urls


def test_play_browser_prints_the_address_when_no_browser_opens(ran: list[str]) -> None:
    import io

    out = io.StringIO()
    assert web_app.play_in_browser(table(), out=out) == 0
    assert ran and f"open the game in a browser at {ran[0]}" in out.getvalue()
    assert ran[0].startswith("http://127.0.0.1:")


def test_play_browser_serves_on_one_port_from_game_to_game(
    monkeypatch: pytest.MonkeyPatch, ran: list[str]
) -> None:
    # The browser keeps the page's record per origin: play --browser serves on PORT when it
    # is free, so that the record goes on from one game to the next; else on any free port.
    import io
    import socket

    free = web_app.bind("127.0.0.1")
    port = free.getsockname()[1]
    free.close()
    monkeypatch.setattr(web_app, "PORT", port)
    assert web_app.play_in_browser(table(), out=io.StringIO()) == 0
    assert ran[-1].startswith(f"http://127.0.0.1:{port}/")
    # Taken (another game is served there): another port, and the game is served all the same.
    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", port))
        taken.listen(1)
        assert web_app.play_in_browser(table(), out=io.StringIO()) == 0
    finally:
        taken.close()
    assert ran[-1].startswith("http://127.0.0.1:") and f":{port}/" not in ran[-1]


def test_play_browser_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    served: list[Table] = []

    def serve(t: Table, **_: Any) -> int:
        served.append(t)
        return 0

    monkeypatch.setattr(web_app, "play_in_browser", serve)
    code, _, err = run_cli(capsys, "play", "decade", "3", "--browser", "--samples", "5")
    assert code == 0, err
    assert served[-1].title == "decade 3" and served[-1].samples == 5
    # A saved game goes on where it stopped.
    t = table("decade", 3)
    moves = line("decade", 3)[:4]
    for m in moves:
        t.play(m)
    saved = tmp_path / "game.json"
    saved.write_text(t.save_text())
    code, _, err = run_cli(capsys, "play", "--file", str(saved), "--browser")
    assert code == 0, err
    assert [str(m) for m in served[-1].session.moves] == moves
    code, _, err = run_cli(capsys, "play", "--file", str(tmp_path / "none.json"), "--browser")
    assert code == 2 and err.count("\n") == 1 and "none.json" in err


# ---------------------------------------------------------------- automatic moves kept


def automatic_game() -> Table:
    """An eagle-wing-coops game with automatic moves home, played along the solver's line
    until nine of them came (one at the start)."""
    game = make_game("eagle-wing-coops")
    t = Table(game, game.deal(parse_deal_number(1)), deal="1", samples=2, auto=True)
    while t.automatic.count(True) < 9:
        result = game.solve(t.session.position, SolveRequest.of(game))
        assert result.won
        t.play(str(result.moves[0]))
    return t


def test_a_saved_game_keeps_which_moves_were_automatic() -> None:
    t = automatic_game()
    text = t.save_text()
    listed = json.loads(text)["automatic"]
    assert listed == [i for i, auto in enumerate(t.automatic, 1) if auto] and 1 in listed
    # Loaded (with automatic moves off, or on), each undo takes back the player's move with
    # the automatic moves after it, as in the game that was saved.
    for auto in (False, True):
        other = table("decade", 3)
        other.auto = auto
        c = client(other)
        view = c.post(api("load"), json={"text": text, "name": "g.json"}).json()
        assert other.automatic == t.automatic
        assert view["undo"] == t.player_moves
        assert [p["auto"] for p in view["played"]] == t.automatic
    moves = list(t.session.moves)
    while t.player_moves:
        t.undo()
        c.post(api("undo"))
        assert other.session.moves == t.session.moves
    # Restart keeps the automatic move of the start, as before the save.
    assert other.session.moves == moves[:1] and other.automatic == [True]


def test_a_file_without_automatic_moves_loads_as_before(tmp_path: Path) -> None:
    t = automatic_game()
    doc = json.loads(t.save_text())
    del doc["automatic"]
    other = table("decade", 3)
    other.load(json.dumps(doc))
    assert other.automatic == [False] * len(t.session.moves)
    other.undo()
    assert len(other.session.moves) == len(t.session.moves) - 1


def test_the_terminal_keeps_the_automatic_moves_of_a_game_it_goes_on_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    t = automatic_game()
    saved = tmp_path / "g.json"
    saved.write_text(t.save_text())
    again = tmp_path / "again.json"
    monkeypatch.setattr(
        "sys.stdin", io.StringIO(f"save {again}\nundo\nsave {tmp_path / 'u.json'}\n")
    )
    code, _, err = run_cli(capsys, "play", "--file", str(saved))
    assert code == 0, err
    assert json.loads(again.read_text())["automatic"] == json.loads(saved.read_text())["automatic"]
    # The terminal's undo takes back one move; what it took back is no longer listed.
    shorter = json.loads((tmp_path / "u.json").read_text())
    assert len(shorter["moves"]) == len(t.session.moves) - 1
    assert all(n <= len(shorter["moves"]) for n in shorter.get("automatic", []))


@pytest.mark.parametrize("automatic", [[0], [1, 1], [2, 1], ["1"], [True], 3, [10_000]])
def test_a_bad_automatic_list_is_refused(automatic: Any) -> None:
    t = automatic_game()
    doc = json.loads(t.save_text())
    doc["automatic"] = automatic
    with pytest.raises(SolverError, match='"automatic" must list move numbers') as caught:
        parse_game(json.dumps(doc), path="g.json")
    assert "\n" not in str(caught.value) and "g.json" in str(caught.value)


# ---------------------------------------------------------------- the end of a lost game


def test_the_end_of_a_lost_game_shows_the_cards_left_face_down() -> None:
    # Eagle Wing deal 2, played by the greedy player to where no move is left, with 13
    # cards still in the trunk: at the end the page shows them, face up; until then backs.
    game = make_game("eagle-wing")
    start = game.deal(parse_deal_number(2))
    moves = play(game, start, Player("greedy")).moves
    t = Table(game, start, deal="2", samples=2)
    for m in moves:
        t.play(str(m))
    end = t.session.position
    assert t.over() == "stuck" and len(end.trunk) == 13
    view = t.view()
    piles = view["step"]["piles"]
    assert piles["trunk-shown"][0] == [card_text(c) for c in end.trunk]
    assert all(p[1] == 0 for p in piles.values()) and view["hidden"] == 0
    assert "trunk-shown" in {s["name"] for s in view["slots"]}
    # Taken back, the trunk is face down again.
    t.undo()
    view = t.view()
    assert "trunk-shown" not in view["step"]["piles"] and view["step"]["piles"]["trunk"][1] > 1
