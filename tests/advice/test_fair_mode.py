"""Fair mode everywhere: what a player sees, in words, pictures, pages, API answers and files.

A text *names a hidden card* when it names a card of which no copy is face
up at that moment (the face-down cards are those of the real position not
among ``visible_cards(mask(state))``). With Windmill's two decks a card may
have one copy face up and one face down: naming it then tells nothing of
the face-down copy, so prose may name it; the piles a page draws are held
to counts instead, and must never draw more face-up copies of a card than
the table shows.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.cards import card_text
from solitaire_solver.errors import DealFileError, FairPlayError
from solitaire_solver.games import PRESETS, Game, make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.terminal import Fair, play_game
from solitaire_solver.records.deal_files import format_deal, format_game, parse_game
from solitaire_solver.request import SolveRequest
from tests.support import WON_DEALS, run_cli

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][CSHD](?![A-Za-z0-9])")
"""A card's name in a text or in JSON (``"TD"``), alone."""

FACE_DOWN = sorted(p for p in PRESETS if make_game(p).face_down)
"""The presets with face-down cards (Black Hole has none)."""

LOST_DEALS = {"decade": 1, "decade-optional": 1, "eagle-wing": 1, "eagle-wing-coops": 2}
"""A deal per preset the greedy policy below does not win (checked where used); deal 2 for
the others."""


def shown(game: Game[Any, Any], state: Any) -> Counter[str]:
    """How many copies of each card the table shows in ``state`` (by name)."""
    if not game.face_down:
        return Counter({card_text(c): game.decks for c in range(52)})
    return Counter(card_text(c) for c in game.visible_cards(game.mask(state)))


def hidden_named(text: str, face_up: Counter[str]) -> set[str]:
    """The cards ``text`` names of which no copy is face up."""
    return {name for name in CARD.findall(text) if not face_up[name]}


def piles_overdrawn(piles: dict[str, Any], face_up: Counter[str]) -> Counter[str]:
    """The cards a step's piles draw face up more often than the table shows them."""
    drawn = Counter(name for pile in piles.values() for name in pile[0])
    return drawn - face_up


def greedy_line(game: Game[Any, Any], start: Any, limit: int = 300) -> list[Any]:
    """The moves of a simple deterministic player: the game's greedy choice among what it
    sees, never back into a position it has been in; until won, stuck or ``limit``."""
    state, been = start, {game.key(start)}
    moves: list[Any] = []
    while len(moves) < limit and not game.is_won(state):
        legal = game.legal_moves(state)
        fresh = [m for m in legal if game.key(game.apply(state, m)) not in been]
        if not fresh:
            break
        move = game.greedy_order(game.seen(state).state, fresh)[0]
        state = game.apply(state, move)
        been.add(game.key(state))
        moves.append(move)
    return moves


def won_line(preset: str) -> tuple[Game[Any, Any], Any, list[Any]]:
    game = make_game(preset)
    start = game.deal(parse_deal_number(WON_DEALS[preset]))
    result = game.solve(start, SolveRequest.of(game))
    assert result.won
    return game, start, list(result.moves)


def games(preset: str) -> list[tuple[Game[Any, Any], Any, list[Any], str]]:
    """A won game (the solver's line) and a lost one the greedy player plays to its end,
    each with its deal number."""
    game, start, won = won_line(preset)
    out = [(game, start, won, str(WON_DEALS[preset]))]
    number = LOST_DEALS.get(preset, 2)
    lost_start = game.deal(parse_deal_number(number))
    lost = greedy_line(game, lost_start)
    end = lost_start
    for move in lost:
        end = game.apply(end, move)
    assert not game.is_won(end)
    out.append((game, lost_start, lost, str(number)))
    return out


# ---------------------------------------------------------------- the library


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_describe_show_and_scene_of_a_masked_position_name_no_hidden_card(preset: str) -> None:
    checked = 0
    for game, start, moves, _ in games(preset):
        state = start
        for move in [*moves, None]:
            seen = game.seen(state)
            face_up = shown(game, state)
            scene = game.scene_seen(seen)
            piles = {p.name: [list(p.cards)] for p in scene.piles}
            texts = [game.show_seen(seen), json.dumps([list(f) for f in scene.facts])]
            texts.append(scene.text or "")
            texts += [game.describe_seen(seen, m) for m in game.legal_moves(state)]
            for text in texts:
                assert not hidden_named(text, face_up), (preset, text)
                assert "??" not in text, (preset, text)
            assert not piles_overdrawn(piles, face_up), preset
            # Every face-down card is drawn as a back.
            assert sum(p.down for p in scene.piles) >= seen.hidden
            checked += 1
            if move is not None:
                state = game.apply(state, move)
    assert checked > 40


def test_the_words_of_a_face_down_card() -> None:
    # The masked deal of each game: a deal and a refill from the face-down cards say so.
    decade = make_game("decade-optional")
    seen = decade.seen(decade.deal(parse_deal_number(5)))
    assert decade.describe_seen(seen, decade.parse_move("d")) == "deal a face-down card"
    assert decade.show_seen(seen).endswith("stock: 49 cards, face down")
    windmill = make_game("windmill")
    seen = windmill.seen(windmill.deal(parse_deal_number(5)))
    deal = windmill.describe_seen(seen, windmill.parse_move("d"))
    assert deal == "deal a face-down card onto the waste"
    eagle = make_game("eagle-wing-coops")
    seen = eagle.seen(eagle.deal(parse_deal_number(5)))
    words = eagle.describe_seen(seen, eagle.parse_move("67"))
    assert words.endswith("; the trunk's next card fills wing 6"), words
    # The real position still names them, for the full-sight coach.
    real = eagle.describe(eagle.deal(parse_deal_number(5)), eagle.parse_move("67"))
    assert "trunk's" in real and "next card" not in real


@pytest.mark.parametrize("preset", FACE_DOWN)
def test_a_move_played_is_worded_by_the_cards_it_showed(preset: str) -> None:
    """Once a move is played, its words may name what it turned face up (the card dealt),
    and never a card still face down; along a winning line every card the words of a move
    played name shows after it, or showed before."""
    game = make_game(preset)
    state = game.deal(parse_deal_number(WON_DEALS[preset]))
    named = 0
    for move in game.solve(state, SolveRequest.of(game)).moves:
        after = game.apply(state, move)
        words = game.describe_played(state, move)
        seen_once = shown(game, state) + shown(game, after)
        assert not hidden_named(words, seen_once), (str(move), words)
        named += words != game.describe_seen(game.seen(state), move)
        state = after
    # Some moves turned a card up and now say which.
    assert named > 0


def test_decade_discards_only_the_discarded_cards() -> None:
    # The start discards nothing: the face-down stock is not a pile of discards.
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    facts = dict(game.scene_seen(game.seen(start)).facts)
    assert facts["discarded"] == "0 cards" and "next to deal" not in facts
    piles = {p.name: p for p in game.scene_seen(game.seen(start)).piles}
    assert piles["discarded"].cards == () and piles["stock"].down == 49
    # After a discard, the discarded cards are exactly the cards that left the line.
    state = start
    for move in game.solve(start, SolveRequest.of(game)).moves:
        before = state.line
        state = game.apply(state, move)
        if not move.is_deal:
            gone = set(before) - set(state.line)
            pile = {p.name: p for p in game.scene_seen(game.seen(state)).piles}["discarded"]
            assert gone <= {c for c in range(52) if card_text(c) in pile.cards}
            assert len(pile.cards) == len(state.stock[: state.dealt]) - len(state.line)
            break
    else:
        pytest.fail("the line discards nothing")
    # With every card seen, the next card to deal is named; the masked position never.
    assert "next to deal" in dict(game.scene(start).facts)


# ---------------------------------------------------------------- the browser's table


def fair_table(game: Game[Any, Any], start: Any, deal: str | None = None) -> Any:
    from solitaire_solver.pages.web import Table

    return Table(game, start, deal=deal, samples=2, seed=1, fair=True)


def scan_view(game: Game[Any, Any], state: Any, view: dict[str, Any]) -> None:
    face_up = shown(game, state)
    assert not hidden_named(json.dumps(view), face_up)
    assert not piles_overdrawn(view["step"]["piles"], face_up)


@pytest.mark.parametrize("preset", FACE_DOWN)
def test_a_fair_table_shows_no_hidden_card_from_start_to_end(preset: str) -> None:
    for game, start, moves, deal in games(preset):
        t = fair_table(game, start, deal=deal)
        won = deal == str(WON_DEALS[preset])
        asked = {0, len(moves) // 2}
        for i, move in enumerate(moves):
            state = t.session.position
            face_up = shown(game, state)
            view = t.view()
            assert view["fair"] is True and view["fair_off_at"] is None
            scan_view(game, state, view)
            for text in (t.save_text(), t.export_html()) if i in asked or i % 25 == 0 else ():
                assert not hidden_named(text, face_up), (preset, deal, i)
            if i in asked:
                hint = t.hint()
                assert hint["best"] is None and hint["fair"] is not None
                assert not hidden_named(json.dumps(hint), face_up), hint
                for coach in (t.winnable, t.solution, t.end):
                    with pytest.raises(FairPlayError, match="fair game"):
                        coach()
            t.play(str(move))
        over = t.over()
        assert (over == "won") == won
        if over is not None:
            # At the end the cards are shown, and the coach answers (proving a Windmill deal
            # lost takes minutes: its won game stands for it).
            assert t.view()["hidden"] == 0
            if won or game.name != "windmill":
                end = t.end()
                assert end["played_fair"] is True and end["fair"] is not None
                assert t.winnable()["status"] == ("won" if won else "lost")


def test_the_real_app_answers_a_fair_game_without_a_hidden_card() -> None:
    pytest.importorskip("starlette", reason="needs the browser extra")
    from tests.web_client import api, client

    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    t = fair_table(game, start, deal="3")
    c = client(t)
    moves = [str(m) for m in game.solve(start, SolveRequest.of(game)).moves]
    state = start
    for i, move in enumerate(moves[:20]):
        face_up = shown(game, state)
        answers = [c.get(api("state")), c.get(api("save")), c.get(api("export"))]
        if i % 10 == 0:
            answers.append(c.post(api("coach/hint")))
        for r in answers:
            assert r.status_code == 200
            assert not hidden_named(r.text, face_up), (i, r.url)
        for path in ("coach/winnable", "coach/solution"):
            r = c.post(api(path))
            assert r.status_code == 409 and "fair game" in r.json()["error"]
        assert c.get(api("end")).status_code == 409
        view = c.post(api("move"), json={"move": move, "version": t.version}).json()
        state = game.apply(state, game.parse_move(move))
        scan_view(game, state, view)


def test_the_page_turns_fair_mode_off_and_not_back_on() -> None:
    pytest.importorskip("starlette", reason="needs the browser extra")
    from tests.web_client import api, client

    game = make_game("decade")
    t = fair_table(game, game.deal(parse_deal_number(3)), deal="3")
    c = client(t)
    assert c.post(api("coach/solution")).status_code == 409
    view = c.post(api("settings"), json={"fair": False}).json()
    assert view["fair"] is False and view["fair_off_at"] == 0
    assert c.post(api("coach/solution")).json()["status"] == "won"
    r = c.post(api("settings"), json={"fair": True})
    assert r.status_code == 409 and "new deal" in r.json()["error"]


def hidden_order(game: Game[Any, Any], state: Any) -> list[Any]:
    """The hidden cards of ``state`` in the order the game's ``fill`` takes them."""
    if game.name == "decade":
        order = list(state.stock[state.dealt :])
    elif game.name == "eagle-wing":
        trunk = list(state.trunk) if len(state.trunk) > 1 else []
        stock = list(state.talon[state.waste_size :]) if state.redeals_used == 0 else []
        order = trunk + stock
    else:
        order = list(state.stock) if state.redeals_used == 0 else []
    assert game.fill(game.seen(state).state, order) == state
    return order


@pytest.mark.parametrize("preset", ["decade", "eagle-wing-coops", "windmill"])
def test_deals_that_differ_only_in_face_down_cards_look_the_same(preset: str) -> None:
    # Swap two face-down cards that the greedy line turns up some moves apart: until the
    # first of them shows, the page states and the answers are byte for byte the same.
    game = make_game(preset)
    start = game.deal(parse_deal_number(4))
    line = greedy_line(game, start, limit=120)
    before, revealed, state = shown(game, start), [], start
    for k, move in enumerate(line, 1):
        state = game.apply(state, move)
        now = shown(game, state)
        new = [name for name in now - before if name not in revealed]
        if k >= 3 and new:
            revealed.append(new[0])
        before = now
        if len(revealed) == 2:
            break
    assert len(revealed) == 2, "the line turns up too few cards"
    order = hidden_order(game, start)
    names = [card_text(c) for c in order]
    i, j = names.index(revealed[0]), names.index(revealed[1])
    swapped = list(order)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    other = game.fill(game.seen(start).state, swapped)
    assert other != start and game.seen(other) == game.seen(start)
    mine, theirs = fair_table(game, start), fair_table(game, other)
    same = 0
    for move in line:
        if game.seen(mine.session.position) != game.seen(theirs.session.position):
            # The first card that tells them apart is face up: so the pages tell them apart.
            assert json.dumps(mine.view()) != json.dumps(theirs.view())
            break
        assert json.dumps(mine.view()) == json.dumps(theirs.view())
        if same in (0, 2):
            assert json.dumps(mine.hint()) == json.dumps(theirs.hint())
            assert mine.export_html() == theirs.export_html()
        same += 1
        mine.play(str(move))
        theirs.play(str(move))
    else:
        pytest.fail("the swapped cards never showed")
    assert same >= 3


def test_the_coach_waits_for_fair_mode_off_and_the_game_records_it() -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    t = fair_table(game, start, deal="3")
    moves = [str(m) for m in game.solve(start, SolveRequest.of(game)).moves]
    for m in moves[:4]:
        t.play(m)
    with pytest.raises(FairPlayError):
        t.solution()
    t.set_fair(False)
    view = t.view()
    assert view["fair"] is False and view["fair_off_at"] == 4
    assert t.solution()["status"] == "won"
    assert t.hint()["best"] is not None
    # Once the coach has shown the cards, fair mode cannot come back in this game.
    with pytest.raises(FairPlayError, match="new deal"):
        t.set_fair(True)
    saved = parse_game(t.save_text())
    assert (saved.fair, saved.fair_off_at) == (False, 4)
    # A new deal starts a game of its own in the mode chosen; fair may start before the coach.
    t.new_deal(None, "5")
    assert t.view()["fair_off_at"] is None
    t.set_fair(True)
    assert t.view()["fair"] is True


def test_turning_fair_on_before_the_coach_makes_a_fair_game() -> None:
    from solitaire_solver.pages.web import Table

    game = make_game("eagle-wing")
    t = Table(game, game.deal(parse_deal_number(1)), deal="1", samples=2)
    t.play("d")
    t.set_fair(True)
    assert t.view()["fair"] and t.view()["fair_off_at"] is None
    with pytest.raises(FairPlayError):
        t.winnable()


def test_undo_after_the_end_of_a_fair_game_turns_fair_off() -> None:
    game, start, moves = won_line("black-hole")
    t = fair_table(game, start, deal=str(WON_DEALS["black-hole"]))
    for m in moves:
        t.play(str(m))
    assert t.over() == "won" and t.view()["fair"]
    t.undo()
    assert t.view()["fair"] is False and t.view()["fair_off_at"] == len(moves)
    assert t.winnable()["status"] == "won"


# ---------------------------------------------------------------- game files


def test_a_fair_game_file_leaves_the_deal_out_and_reads_back() -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    moves = list(game.solve(start, SolveRequest.of(game)).moves[:5])
    text = format_game(game, start, moves, deal="3", fair=True)
    doc = json.loads(text)
    assert doc["fair"] is True and "position" not in doc
    back = parse_game(text)
    assert back.start == start and back.moves == tuple(moves)
    assert (back.fair, back.fair_off_at) == (True, None)
    # A file that shows every card: the record of fair mode turned off.
    text = format_game(game, start, moves, deal="3", fair_off_at=2)
    doc = json.loads(text)
    assert doc["fair"] is False and doc["fair_off_at"] == 2 and "position" in doc
    assert parse_game(text).fair_off_at == 2
    # A game that was never fair is written as before.
    assert "fair" not in json.loads(format_game(game, start, moves, deal="3"))


def test_a_fair_game_from_a_position_names_its_file_for_the_face_down_cards(
    tmp_path: Path,
) -> None:
    # The start as the player saw it (?? for every face-down card) and the position file
    # that holds them: read back, the same start and moves, the file found again.
    game = make_game("decade")
    start = game.apply(game.deal(parse_deal_number(3)), game.parse_move("d"))
    position = tmp_path / "d3.deal"
    position.write_text(format_deal(game, start))
    moves = list(game.solve(start, SolveRequest.of(game)).moves[:4])
    text = format_game(game, start, moves, deal="3", fair=True, start_file=str(position))
    doc = json.loads(text)
    assert doc["fair"] is True and doc["start_file"] == str(position)
    assert not hidden_named(text, shown(game, game.apply(start, moves[0])))
    assert doc["position"]["stock"].split() == ["??"] * game.seen(start).hidden
    back = parse_game(text, path=str(tmp_path / "g.json"))
    assert back.start == start and back.moves == tuple(moves) and back.fair
    assert back.start_file == str(position)
    # With no file to name, such a game cannot be written fair.
    with pytest.raises(DealFileError, match="name of the position file"):
        format_game(game, start, moves, fair=True)
    # Where nothing is face down, the position is the player's already: written whole.
    black = make_game("black-hole")
    first = black.deal(parse_deal_number(2))
    assert "start_file" not in json.loads(format_game(black, first, [], fair=True))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"fair": "yes"}, '"fair" must be true or false'),
        ({"fair_off_at": 9}, '"fair_off_at" must be a move number from 0 to 2'),
        ({"fair_off_at": True}, '"fair_off_at" must be a move number'),
    ],
)
def test_a_bad_fair_key_is_refused(change: dict[str, Any], error: str) -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    doc = json.loads(format_game(game, start, ["d", "d"], deal="3"))
    doc.update(change)
    with pytest.raises(DealFileError, match=re.escape(error)) as caught:
        parse_game(json.dumps(doc), path="g.json")
    assert "\n" not in str(caught.value)


# ---------------------------------------------------------------- the terminal


def terminal(game: Game[Any, Any], start: Any, commands: str, **more: Any) -> str:
    out = io.StringIO()
    play_game(game, start, io.StringIO(commands), out, fair=Fair(samples=2, seed=1), **more)
    return out.getvalue()


VERDICTS = ("could be won", "could not be won", "fair chance", "with every card shown")


def test_play_fair_save_then_quit_says_no_verdict(tmp_path: Path) -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    saved = tmp_path / "g.json"
    text = terminal(game, start, f"d\nsave {saved}\nquit\n", deal="3")
    assert not [v for v in VERDICTS if v in text], text
    # Nor does it offer the review, which would tell them.
    assert "stay face down" in text and "review" not in text
    doc = json.loads(saved.read_text())
    assert doc["fair"] is True and "position" not in doc and doc["moves"] == ["d"]
    # The end of input leaves it the same way; a quit with the last move unsaved reveals.
    assert "could be won" not in terminal(game, start, f"d\nsave {saved}\n", deal="3")
    assert "with every card shown" in terminal(game, start, f"d\nsave {saved}\nd\nquit\n")


def test_play_file_of_a_fair_game_goes_on_fair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    saved = tmp_path / "g.json"
    saved.write_text(format_game(game, start, ["d"], deal="3", fair=True))
    monkeypatch.setattr("sys.stdin", io.StringIO("solve\nquit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saved))
    assert code == 0, err
    assert "solve is off in a fair game" in out and "still winnable" not in out
    assert not [v for v in VERDICTS if v in out], out
    # Without the mark the same file shows every card, the verdict included; --fair cannot
    # make fair a game that was played with every card shown.
    saved.write_text(format_game(game, start, ["d"], deal="3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saved))
    assert code == 0 and "still winnable" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saved), "--fair")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "played with every card shown" in err and "cannot go on fair" in err


def test_hint_on_a_fair_game_file_is_the_fair_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hint --file`` of a game saved while played fair gives the fair hint, as ``play``
    would: no verdict, and no name of a face-down card; the same file unmarked gets the
    full-sight hint."""
    game = make_game("eagle-wing")
    start = game.deal(parse_deal_number(7))
    line = [str(m) for m in game.legal_moves(start)[:1]]
    after = game.apply(start, game.parse_move(line[0]))
    saved = tmp_path / "g.json"
    saved.write_text(format_game(game, start, line, deal="7", fair=True))
    code, out, err = run_cli(capsys, "hint", "--file", str(saved), "--samples", "4", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["k"] == 4
    assert not hidden_named(out, shown(game, after))
    saved.write_text(format_game(game, start, line, deal="7"))
    code, out, err = run_cli(capsys, "hint", "--file", str(saved), "--json")
    assert code == 0, err
    assert "k" not in json.loads(out)


def test_play_browser_fair_and_a_fair_file_load_fair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("starlette", reason="needs the browser extra")
    from solitaire_solver.pages.web import Table
    from solitaire_solver.pages.web import app as web_app

    served: list[Table] = []

    def serve(t: Table, **_: Any) -> int:
        served.append(t)
        return 0

    monkeypatch.setattr(web_app, "play_in_browser", serve)
    code, _, err = run_cli(capsys, "play", "decade", "3", "--browser", "--fair")
    assert code == 0, err
    assert served[-1].view()["fair"] is True
    with pytest.raises(FairPlayError):
        served[-1].winnable()
    served[-1].play("d")
    saved = tmp_path / "g.json"
    saved.write_text(served[-1].save_text())
    code, _, err = run_cli(capsys, "play", "--file", str(saved), "--browser")
    assert code == 0, err
    assert served[-1].view()["fair"] is True and len(served[-1].session.moves) == 1
    # The browser's own load: a fair file goes on fair, a start (a deal or position) in the
    # mode the player chose.
    t = Table(make_game("black-hole"), make_game("black-hole").deal(parse_deal_number(2)))
    t.load(saved.read_text())
    assert t.view()["fair"] is True
    t.load(format_game(t.game, t.session.start, [], deal="3"))
    assert t.view()["fair"] is True
    t.set_fair(False)
    t.load(format_game(t.game, t.session.start, [], deal="3"))
    assert t.view()["fair"] is False


# ---------------------------------------------------------------- what fair play writes

STARTS = ("number", "text", "json", "game")
"""Where a fair game starts: a deal number, a position file (text or JSON, with no deal
line, so no deal number gives the start), or a fair game file saved from such a game."""


def write_start(game: Game[Any, Any], start: Any, deal: int, kind: str, folder: Path) -> list[str]:
    """The arguments of ``play`` that start a fair game of ``kind`` (the position files
    written in ``folder``; a game file saved from one a few moves in)."""
    if kind == "number":
        return [game.preset, str(deal), "--fair"]
    if kind in ("text", "json"):
        position = folder / ("d.json" if kind == "json" else "d.deal")
        position.write_text(format_deal(game, start, as_json=kind == "json"))
        return ["--file", str(position), "--fair"]
    position = folder / "d.deal"
    position.write_text(format_deal(game, start))
    moves = [str(m) for m in game.solve(start, SolveRequest.of(game)).moves[:3]]
    saved = folder / "first.json"
    saved.write_text(
        format_game(
            game, start, [game.parse_move(m) for m in moves], fair=True, start_file=str(position)
        )
    )
    return ["--file", str(saved)]


@pytest.mark.parametrize("kind", STARTS)
@pytest.mark.parametrize("preset", FACE_DOWN)
def test_no_file_of_fair_play_holds_a_face_down_card_and_every_one_resumes(
    preset: str,
    kind: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Along the solver's line of a won deal, in the terminal: saves at three points, and
    # everything printed. No card face down at the moment of writing is named in them; each
    # save goes on (play --file) from the same start with the same moves.
    game, start, line = won_line(preset)
    deal = WON_DEALS[preset]
    argv = write_start(game, start, deal, kind, tmp_path)
    before = 3 if kind == "game" else 0
    moves = [str(m) for m in line[before : before + 12]]
    saves = {2: tmp_path / "a.json", 7: tmp_path / "b.json", 12: tmp_path / "c.json"}
    script = []
    state = start
    face_up = {}
    for m in line[:before]:
        state = game.apply(state, m)
    for i, m in enumerate(moves, 1):
        script.append(m)
        state = game.apply(state, game.parse_move(m))
        if i in saves:
            script.append(f"save {saves[i]}")
            face_up[i] = shown(game, state)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\nquit\n"))
    code, out, err = run_cli(capsys, "play", *argv)
    assert code == 0, err
    assert not hidden_named(out, shown(game, state)), kind
    assert "stay face down" in out
    if kind in ("text", "json", "game"):
        assert "reading the face-down cards from" in out
    for i, path in saves.items():
        text = path.read_text()
        assert not hidden_named(text, face_up[i]), (kind, i)
        back = parse_game(text, path=str(path))
        assert back.fair and back.start == start and len(back.moves) == before + i
    # And each goes on, fair, from its file.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saves[7]))
    assert code == 0, err
    assert f"resumed after {before + 7} moves" in out and "still winnable" not in out
    # The browser's save of the same game: the same rule.
    pytest.importorskip("starlette", reason="needs the browser extra")
    from solitaire_solver.pages.web import app as web_app

    served: list[Any] = []
    monkeypatch.setattr(web_app, "play_in_browser", lambda t, **_: served.append(t) or 0)
    code, _, err = run_cli(capsys, "play", *argv, "--browser")
    assert code == 0, err
    table = served[-1]
    assert table.view()["fair"] is True
    state = table.session.position
    for i, m in enumerate(moves, 1):
        table.play(m)
        state = game.apply(state, game.parse_move(m))
        if i in saves:
            text = table.save_text()
            assert not hidden_named(text, shown(game, state)), (kind, i)
            assert not hidden_named(table.export_html(), shown(game, state)), (kind, i)
            assert parse_game(text, path=str(tmp_path / "x.json")).start == start


def test_a_fair_game_file_needs_its_start_file_and_checks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(7))
    position = tmp_path / "d7.deal"
    position.write_text(format_deal(game, start))
    text = format_game(game, start, [game.parse_move("d")], fair=True, start_file=str(position))
    saved = tmp_path / "g.json"
    saved.write_text(text)
    # Moved together: found beside the game file.
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "g.json").write_text(text)
    (moved / "d7.deal").write_text(position.read_text())
    position.unlink()
    assert parse_game(text, path=str(moved / "g.json")).start == start
    # Gone: one line naming it, exit 2.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saved))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "d7.deal" in err and "face-down cards" in err
    # Another deal's position: refused, not played from.
    position.write_text(format_deal(game, game.deal(parse_deal_number(8))))
    with pytest.raises(DealFileError, match="does not hold this game's start"):
        parse_game(text, path=str(saved))
    # The same face-up cards with the face-down ones in another order cannot be told apart
    # by the file (it holds no face-down card); what the moves showed is checked by the
    # moves being legal, as ever.
    position.write_text(format_deal(game, start))
    assert parse_game(text, path=str(saved)).start == start
    # A start file that names a start file of its own is refused (no chains, no loops).
    saved.write_text(text.replace(str(position), str(saved)))
    with pytest.raises(DealFileError, match="must be a position file"):
        parse_game(saved.read_text(), path=str(saved))


# ---------------------------------------------------------------- "fair" means fair


def test_a_full_sight_game_that_ended_cannot_be_made_fair() -> None:
    # Played to its end with every card (the coach's end), then undone or restarted: the
    # game has shown every card, so fair mode stays off and its file says so.
    from solitaire_solver.pages.web import Table

    game, start, moves = won_line("decade")
    for back in ("undo", "restart"):
        t = Table(game, start, deal=str(WON_DEALS["decade"]), samples=2)
        for m in moves:
            t.play(str(m))
        assert t.over() == "won"
        t.end()
        t.undo() if back == "undo" else t.restart()
        with pytest.raises(FairPlayError, match="new deal"):
            t.set_fair(True)
        doc = json.loads(t.save_text())
        assert doc.get("fair") is not True
    # The same in a game never asked anything: its end showed every card.
    t = Table(game, start, deal=str(WON_DEALS["decade"]), samples=2)
    for m in moves:
        t.play(str(m))
    t.restart()
    with pytest.raises(FairPlayError):
        t.set_fair(True)


def test_the_page_cannot_make_a_full_sight_game_fair() -> None:
    pytest.importorskip("starlette", reason="needs the browser extra")
    from solitaire_solver.pages.web import Table
    from tests.web_client import api, client

    game, start, moves = won_line("decade")
    t = Table(game, start, deal=str(WON_DEALS["decade"]), samples=2)
    c = client(t)
    for m in moves:
        c.post(api("move"), json={"move": str(m), "version": t.version})
    assert c.get(api("end")).status_code == 200
    c.post(api("undo"), json={"version": t.version})
    r = c.post(api("settings"), json={"fair": True, "version": t.version})
    assert r.status_code == 409 and "new deal" in r.json()["error"]
    assert '"fair": true' not in c.get(api("save")).text


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ({}, "played with every card shown"),
        ({"fair": False, "fair_off_at": 1}, "fair play was turned off at move 1"),
        # Older versions wrote this after --fair forced a game on: it is not fair.
        ({"fair": True, "fair_off_at": 1}, "fair play was turned off at move 1"),
    ],
)
def test_play_file_fair_refuses_a_game_that_showed_every_card(
    record: dict[str, Any],
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    doc = json.loads(format_game(game, start, [game.parse_move("d")] * 2, deal="3"))
    doc.update(record)
    saved = tmp_path / "g.json"
    saved.write_text(json.dumps(doc))
    assert parse_game(saved.read_text()).full_sight
    assert not parse_game(saved.read_text()).fair
    for extra in ([], ["--browser"]):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        code, out, err = run_cli(capsys, "play", "--file", str(saved), "--fair", *extra)
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert said in err and "cannot go on fair" in err and "g.json" in err
    # Without --fair it goes on with every card shown, its record kept in what it saves.
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {tmp_path / 'again.json'}\nquit\n"))
    code, out, err = run_cli(capsys, "play", "--file", str(saved))
    assert code == 0 and "still winnable" in out
    again = json.loads((tmp_path / "again.json").read_text())
    assert again.get("fair") is not True
    assert again.get("fair_off_at") == doc.get("fair_off_at")
    # The browser's own load in fair mode refuses it the same way (409), and loads it once
    # fair mode is off; nor can the page turn fair on in it afterwards.
    pytest.importorskip("starlette", reason="needs the browser extra")
    from solitaire_solver.pages.web import Table
    from tests.web_client import api, client

    t = Table(game, start, deal="3", samples=2, fair=True)
    c = client(t)
    r = c.post(api("load"), json={"text": saved.read_text(), "name": "g.json"})
    assert r.status_code == 409 and said in r.json()["error"]
    assert c.get(api("state")).json()["played"] == []
    c.post(api("settings"), json={"fair": False})
    c.post(api("new"), json={"deal": "3"})
    view = c.post(api("load"), json={"text": saved.read_text(), "name": "g.json"}).json()
    assert view["fair"] is False and len(view["played"]) == 2
    assert c.post(api("settings"), json={"fair": True}).status_code == 409


@pytest.mark.parametrize("preset", ["decade", "eagle-wing-coops"])
def test_a_position_with_unknown_cards_is_refused_by_play_at_once(
    preset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The cards nobody knows (??) cannot be dealt: play refuses the file at once, fair or
    # not, in the terminal and the browser, with one line; the page's load with 400.
    game = make_game(preset)
    state = game.deal(parse_deal_number(4))
    for m in greedy_line(game, state, limit=3):
        state = game.apply(state, m)
    masked = tmp_path / "q.deal"
    masked.write_text(format_deal(game, game.seen(state).state))
    for extra in ([], ["--fair"], ["--browser"], ["--fair", "--browser"]):
        monkeypatch.setattr("sys.stdin", io.StringIO("d\nd\nquit\n"))
        code, out, err = run_cli(capsys, "play", "--file", str(masked), *extra)
        assert code == 2 and out == "" and err.count("\n") == 1, (extra, err)
        assert "hides" in err and "??" in err and "hint --file" in err
    pytest.importorskip("starlette", reason="needs the browser extra")
    from solitaire_solver.pages.web import Table
    from tests.web_client import api, client

    t = Table(game, game.deal(parse_deal_number(4)), deal="4", samples=2, fair=True)
    c = client(t)
    r = c.post(api("load"), json={"text": masked.read_text(), "name": "q.deal"})
    assert r.status_code == 400 and "??" in r.json()["error"]
    assert c.get(api("state")).status_code == 200
