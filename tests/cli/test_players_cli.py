"""The commands for players: hint, review (with its page) and play."""

from __future__ import annotations

import io
import json
import re
import shlex
from pathlib import Path

import pytest

from solitaire_solver import SolveRequest, make_game, solve
from solitaire_solver.advice.session import Session
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.pages.words import Style
from solitaire_solver.progress import SolveProgress
from solitaire_solver.records.deal_files import load_deal, load_game
from tests.support import REVIEW_GAMES, WON_DEALS, page_data, run_cli, run_module

# ---------------------------------------------------------------- hint


def test_hint_prints_the_position_and_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    data = REVIEW_GAMES["black-hole"]
    played = " ".join(data["moves"].split()[: data["losing"] - 1])
    code, out, err = run_cli(capsys, "hint", "black-hole", "2", "--moves", played)
    assert code == 0 and err == ""
    assert out.startswith(f"black-hole 2, after {data['losing'] - 1} moves")
    assert "this position: won in" in out
    assert re.search(
        r"^play \d+ \(p\d+\): it keeps the game won, winning in \d+ more moves", out, re.M
    )
    assert re.search(r"^\s+\d+\. p\d+\s+lost\s+\S+ from pile \d+ to the hole", out, re.M)
    assert "search: " in out


def test_hint_json_rows_are_the_legal_moves_the_recommended_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = make_game("eagle-wing-coops")
    start = game.deal(parse_deal_number(1))
    code, out, _ = run_cli(capsys, "hint", "eagle-wing-coops", "1", "--moves", "d,d", "--json")
    assert code == 0
    doc = json.loads(out)
    state = game.apply(game.apply(start, game.parse_move("d")), game.parse_move("d"))
    legal = [str(m) for m in game.legal_moves(state)]
    assert doc["played"] == ["d", "d"] and doc["status"] == "won"
    assert sorted(r["number"] for r in doc["rows"]) == list(range(1, len(legal) + 1))
    assert [r["move"] for r in sorted(doc["rows"], key=lambda r: r["number"])] == legal
    first = doc["rows"][0]
    assert first["recommended"] and first["move"] == doc["recommended"]
    assert first["moves_to_win"] == len(first["line"])
    for row in doc["rows"]:
        assert row["status"] in ("won", "lost", "unknown")
        if row["status"] == "won":
            assert row["moves_to_win"] >= first["moves_to_win"]


def test_hint_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run_cli(capsys, "show", "decade", "3")
    path = tmp_path / "decade-3.txt"
    path.write_text(text)
    code, out, _ = run_cli(capsys, "hint", "--file", str(path), "--moves", "d", "--json")
    assert code == 0 and json.loads(out)["played"] == ["d"]


# ---------------------------------------------------------------- review


def test_review_names_the_losing_move_and_writes_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = REVIEW_GAMES["eagle-wing"]
    page = tmp_path / "review.html"
    args = ["review", "eagle-wing", str(data["deal"]), "--moves", data["moves"]]
    code, out, err = run_cli(capsys, *args, "--html", str(page))
    assert code == 0
    assert f"verdict: move {data['losing']}, " in out
    assert "lost a won game; " in out and "kept it won" in out
    assert "wrote the page" in err
    steps = page_data(page.read_text())
    assert steps["open"] == data["losing"]
    marked = [k for k, step in enumerate(steps["steps"]) if "mark" in step]
    assert marked == [data["losing"]]
    assert steps["steps"][data["losing"]]["mark"].startswith("this move lost a won game; ")
    assert steps["status"] == "lost"


def test_review_json_and_a_moves_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = REVIEW_GAMES["decade-optional"]
    moves = tmp_path / "moves.txt"
    words = data["moves"].split()
    moves.write_text("# my game\n" + " ".join(words[:10]) + "\n" + ", ".join(words[10:]) + "\n")
    code, out, _ = run_cli(
        capsys, "review", "decade-optional", str(data["deal"]), "--moves-file", str(moves), "--json"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["outcome"] == "lost at a move" and doc["moves"] == len(words)
    assert doc["losing_move"]["number"] == data["losing"]
    assert doc["losing_move"]["move"] == words[data["losing"] - 1]
    assert doc["keeping_move"]["move"] == doc["keeping_line"][0]
    assert doc["searched"][str(data["losing"] - 1)] == "won"
    assert doc["searched"][str(data["losing"])] == "lost"


def test_review_reads_what_solve_json_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(capsys, "solve", "black-hole", "2", "--json")
    path = tmp_path / "solution.json"
    path.write_text(out)
    code, out, _ = run_cli(capsys, "review", "black-hole", "2", "--moves-file", str(path))
    assert code == 0 and "verdict: the game was won, in 51 moves" in out
    # A won game is settled without a search: no list of settled positions, empty or not.
    assert "positions settled" not in out
    assert not re.search(r": *$", out, re.M), out


def test_review_of_a_lost_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "review", "decade", "123456", "--moves", "d d")
    assert code == 0
    assert "verdict: the deal was never winnable" in out


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hint", "decade", "3", "--moves", "d x1-2"], "move 2: illegal move x1-2"),
        (["hint", "decade", "3", "--moves", "d zz"], "move 2: bad decade move 'zz'"),
        (["review", "decade", "3", "--moves", "x9-9"], "move 1: illegal move x9-9"),
        (["review", "decade", "3"], "review needs the moves played"),
        (["review", "decade", "3", "--moves-file", "/no/such/file"], "cannot read the moves"),
        (["hint", "decade", "3", "--file", "x.txt"], "give GAME and NUMBER or --file"),
        (["play"], "play needs GAME and NUMBER"),
        (["play", "--file", "-"], "play reads the player's moves from standard input"),
        (["hint", "--file", "-", "--moves-file", "-"], "cannot both read standard input"),
        (["hint", "decade", "3", "--moves", "d", "--moves-file", "x"], "not both"),
        (["play", "nosuchgame", "3"], "unknown game 'nosuchgame'"),
        (
            ["review", "decade", "3", "--moves", "d", "--html", "/no/such/folder/p.html"],
            "cannot write the page",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("solitaire-solver: error: ")
    assert message in err


def test_bad_moves_in_a_new_process_are_one_line() -> None:
    done = run_module("review", "black-hole", "2", "--moves", "p13 p8 p13")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "solitaire-solver: error: move 3: illegal move p13: not allowed in this position\n"
    )


# ---------------------------------------------------------------- play


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code, out, err = run_cli(capsys, "play", *args)
    assert err == ""
    return code, out


def play_past_the_loss(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[list[str], str]:
    """Black Hole deal 2 played to one move after the move that lost it, then the end of
    input: the moves played and what play printed."""
    data = REVIEW_GAMES["black-hole"]
    moves = data["moves"].split()[: data["losing"] + 1]
    code, out = play(monkeypatch, capsys, "\n".join(moves) + "\n", "black-hole", "2")
    assert code == 0
    return moves, out


@pytest.mark.parametrize("preset", sorted(WON_DEALS))
def test_play_to_a_win_with_an_undo_and_a_hint(
    preset: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = WON_DEALS[preset]
    line = [str(m) for m in solve(preset, deal).moves]
    game = make_game(preset)
    start = game.deal(parse_deal_number(deal))
    # The first move by its number, taken back, then a hint, then the line in notation.
    number = [str(m) for m in game.legal_moves(start)].index(line[0]) + 1
    script = "\n".join([str(number), "undo", "hint", *line]) + "\n"
    code, out = play(monkeypatch, capsys, script, preset, str(deal))
    assert code == 0
    assert out.startswith(f"{preset} {deal}\n")
    assert "still winnable: yes, in" in out
    assert f"took back {line[0]}" in out
    assert re.search(r"^this position: won in \d+ moves$", out, re.M)
    assert re.search(r"^play \d+ \(.+\): it keeps the game won", out, re.M)
    assert f"won in {len(line)} moves!\nthe moves played: {' '.join(line)}\n" in out
    assert out.count("move 1> ") == 3  # the prompt before the number, the hint and the line


def test_play_keeps_going_after_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "saved.txt"
    script = "\n".join(
        ["frobnicate", "99", "x1-2", "undo", "save", f"save {saved}", "1", "help", "quit"]
    )
    code, out = play(monkeypatch, capsys, script + "\n", "decade", "3")
    assert code == 0
    assert "unknown command or move 'frobnicate'" in out
    assert "no move number 99: the moves are numbered 1 to 1" in out
    assert "illegal move x1-2: not allowed in this position" in out
    assert "nothing to undo: this is the start" in out
    assert "save needs a file name" in out
    # The game as it stood: the deal and no move yet.
    assert load_game(saved).moves == ()
    assert "played d: deal 7H" in out
    assert "hint       every move with its verdict" in out
    assert out.rstrip().endswith(
        "bye: 1 move played\nthe moves played: d\n"
        "review them: solitaire-solver review decade 3 --moves d"
    )
    assert out.count("move 1> ") == 7 and out.count("move 2> ") == 2


def test_play_says_when_the_game_is_lost_and_which_move_lost_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = REVIEW_GAMES["black-hole"]
    moves, out = play_past_the_loss(monkeypatch, capsys)
    assert f"still winnable: no, the game is lost (move {data['losing']} lost it)" in out
    assert f"end of input: {len(moves)} moves played\n" in out


def test_play_says_cannot_tell_with_the_limit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "", "eagle-wing-coops", "1", "--check-states", "1")
    assert code == 0
    assert "still winnable: cannot tell (stopped by the limit of 1 state" in out


def test_play_saves_the_game_and_goes_on_with_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = REVIEW_GAMES["black-hole"]
    words = data["moves"].split()
    saved = tmp_path / "my game.json"
    script = "\n".join([*words[:3], f"save {saved}", "quit"]) + "\n"
    code, out = play(monkeypatch, capsys, script, "black-hole", "2")
    assert code == 0
    assert f"saved the game to {saved} (solitaire-solver play --file '{saved}'" in out
    assert out.rstrip().endswith(
        f"bye: 3 moves played\nthe game is saved in {saved}\n"
        f"review it: solitaire-solver review --file '{saved}'"
    )
    game, start, deal, moves, *_ = load_game(saved)
    assert deal == "2" and start == game.deal(parse_deal_number(2))
    assert [str(m) for m in moves] == words[:3]
    # Read as a position, the file is where the game stands.
    assert load_deal(saved).position == game.play(
        game.play(game.play(start, moves[0]), moves[1]), moves[2]
    )

    # play --file goes on from the third move, and undo reaches back past the file's moves.
    script = "\n".join([*words[3:5], "undo", "undo", "undo", "undo", "undo", "undo", "quit"])
    code, out = play(monkeypatch, capsys, script + "\n", "--file", str(saved))
    assert code == 0
    assert "resumed after 3 moves (undo takes them back too)" in out
    assert out.count("move 4> ") == 2 and "move 6> " in out
    took_back = re.findall(r"^(?:move \d+> )?took back (\S+)$", out, re.M)
    assert took_back == words[4::-1]
    assert "nothing to undo: this is the start" in out
    assert "bye: 0 moves played" in out

    # The saved game reviews as it stands, and serves as a moves file too.
    code, out, _ = run_cli(capsys, "review", "--file", str(saved))
    assert code == 0 and "review of 3 moves" in out
    code, out, _ = run_cli(capsys, "review", "black-hole", "2", "--moves-file", str(saved))
    assert code == 0 and "review of 3 moves" in out
    code, out, _ = run_cli(capsys, "hint", "--file", str(saved))
    assert code == 0 and "after 3 moves" in out


def test_play_ends_with_the_moves_and_the_review_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = REVIEW_GAMES["black-hole"]
    moves, out = play_past_the_loss(monkeypatch, capsys)
    assert f"\nthe moves played: {' '.join(moves)}\n" in out
    command = re.findall(r"^review them: (.*)$", out, re.M)
    assert len(command) == 1
    argv = shlex.split(command[0])
    assert argv[:4] == ["solitaire-solver", "review", "black-hole", "2"]
    # The command as printed reviews the game and finds the move that lost it.
    code, out, _ = run_cli(capsys, *argv[1:])
    assert code == 0 and f"verdict: move {data['losing']}, " in out


def test_the_review_command_keeps_changed_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "d\nquit\n", "decade", "3", "--rule", "max_run=4")
    assert code == 0
    assert "review them: solitaire-solver review decade 3 --rule max_run=4 --moves d" in out


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["d", "x9-9"], '"moves": move 2: illegal move x9-9'),
        (["d", "zz"], '"moves": move 2: bad decade move'),
        (["d", 7], '"moves": move 2 must be a move\'s notation, not 7'),
        ("d d", '"moves" must be a list'),
    ],
)
def test_a_game_file_with_bad_moves_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, moves: object, message: str
) -> None:
    code, out, _ = run_cli(capsys, "show", "decade", "3", "--json")
    doc = json.loads(out)
    doc["moves"] = moves
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    for command in ("play", "review", "solve"):
        code, out, err = run_cli(capsys, command, "--file", str(path))
        assert code == 2 and out == ""
        assert err.startswith(f"solitaire-solver: error: {path}: {message}")
        assert err.count("\n") == 1


def test_style_colours_and_symbols_only_where_asked() -> None:
    plain = Style.for_stream(io.StringIO(), "auto")
    assert plain == Style(False, False)
    assert plain.cards("8H on 9S") == "8H on 9S"

    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    fancy = Style.for_stream(Terminal(), "always")
    assert fancy == Style(True, True)
    assert fancy.cards("8H on 9S, pile 10") == "\033[31m8\u2665\033[0m on 9\u2660, pile 10"
    assert Style.for_stream(Terminal(), "never") == Style(False, False)


def test_style_auto_respects_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Style.for_stream(Terminal()).colour
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Style.for_stream(Terminal()).colour


def test_hint_says_when_no_move_is_known_to_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "hint", "windmill", "2", "--max-states", "50")
    assert code == 0
    assert "this position: unknown (stopped by the limit of 50 states)" in out
    assert "no move is known to keep the game won" in out
    assert re.search(r"^\s+1\. d\s+unknown \(stopped by the limit of 50 states\)", out, re.M)


class _Terminal(io.StringIO):
    """Standard output that says it is a terminal (the searches' progress shows there)."""

    def isatty(self) -> bool:
        return True


def test_ctrl_c_cancels_a_solve_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire_solver.pages.terminal as terminal

    watched: list[object] = []

    def interrupted(self: Session, watch: object = None) -> None:
        watched.append(watch)
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "solve", interrupted)
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    for out in (io.StringIO(), _Terminal()):
        code = terminal.play_game(game, start, io.StringIO("solve\nd\nsolve\nquit\n"), out)
        text = out.getvalue()
        assert code == 0
        assert text.count("searching for a winning line... (Ctrl-C cancels)") == 2
        assert text.count("solve cancelled") == 2 and "played d" in text
        assert "bye: 1 move played" in text
    # On a terminal the search is watched, its progress shown (after a few seconds); into a
    # file or a pipe it is not.
    assert watched[:2] == [None, None]
    assert all(isinstance(w, SolveProgress) for w in watched[2:]) and len(watched) == 4


def test_a_solve_in_the_terminal_shows_its_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search that takes a while draws its progress line and wipes it before the answer.
    import solitaire_solver.pages.terminal as terminal

    monkeypatch.setattr("solitaire_solver.progress.SHOW_AFTER", 0.0)
    game = make_game("windmill")
    start = game.deal(parse_deal_number(1))
    out = _Terminal()
    terminal.play_game(game, start, io.StringIO("solve\nquit\n"), out, check_request=None)
    text = out.getvalue()
    assert "\rsolving: " in text and "from here: won in" in text


def test_stats_upper_bounds_the_fair_odds_and_keeps_each_deal_s_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``stats --player upper`` over Decade deals 1..6: the JSON's bound is the mean of the
    deals' values, and the same deals' verdicts with full sight come with it (the solver's);
    a rerun takes every deal from the store and gives the same bound; bad options are
    one-line errors with status 2."""
    db = str(tmp_path / "u.sqlite")
    code, out, _ = run_cli(
        capsys, "stats", "decade", "--deals", "1-6", "--player", "upper", "--db", db, "--json"
    )
    assert code == 0
    doc = json.loads(out)
    values = doc["values"]
    assert values["count"] == 6 and doc["capped"] == 0
    assert doc["bound"] == pytest.approx(values["mean"])
    game = make_game("decade")
    full = sum(
        game.solve(game.deal(parse_deal_number(n)), SolveRequest.of(game)).won for n in range(1, 7)
    )
    assert doc["won"] == full
    code, again, _ = run_cli(
        capsys, "stats", "decade", "--deals", "1-6", "--player", "upper", "--db", db, "--json"
    )
    assert code == 0 and json.loads(again)["bound"] == doc["bound"]
    assert json.loads(again)["reused"] == 6
    for bad in (
        ("--penalty", "nonsense"),
        ("--penalty", "fitted", "--exact-hidden", "5"),
        ("--verify",),
    ):
        code, _, err = run_cli(
            capsys, "stats", "decade", "--deals", "1", "--player", "upper", "--db", db, *bad
        )
        assert code == 2 and len(err.strip().splitlines()) == 1, (bad, err)
    code, _, err = run_cli(capsys, "stats", "decade", "--deals", "1", "--penalty", "exact")
    assert code == 2 and "--player upper" in err


def test_stats_upper_over_one_deal_says_it_has_no_interval(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One deal has no spread: the text says there is no interval (it once printed "-inf% to
    inf%"), and the JSON's ends are null; two deals give a finite interval around their
    mean."""
    db = str(tmp_path / "u.sqlite")
    code, out, _ = run_cli(
        capsys, "stats", "decade", "--deals", "5", "--player", "upper", "--db", db
    )
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("upper bound on the fair odds"))
    assert "(one deal: no interval)" in line and "inf" not in out
    code, out, _ = run_cli(
        capsys, "stats", "decade", "--deals", "5", "--player", "upper", "--db", db, "--json"
    )
    assert json.loads(out)["values"]["interval"] == [None, None]
    code, out, _ = run_cli(
        capsys, "stats", "decade", "--deals", "5-6", "--player", "upper", "--db", db, "--json"
    )
    values = json.loads(out)["values"]
    low, high = values["interval"]
    assert low < values["mean"] < high and high - low < 1
