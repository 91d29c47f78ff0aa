"""``verify`` replays a line and says whether it wins; ``deals --verify`` checks a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire_solver.games import make_game
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.records.verdicts import Verdicts, shipped_verdicts
from tests.helpers import assert_replays_to_win
from tests.support import run_cli


def winning_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """``solve decade 3 --json`` saved to a file, its line checked to win here, move by move."""
    code, out, _ = run_cli(capsys, "solve", "decade", "3", "--json")
    doc = json.loads(out)
    assert (code, doc["status"]) == (0, "won")
    game = make_game("decade")
    moves = [game.parse_move(m["move"]) for m in doc["moves"]]
    assert_replays_to_win(game, game.deal(parse_deal_number(3)), moves)
    path = tmp_path / "decade-3.json"
    path.write_text(out, encoding="utf-8")
    return path


# ---------------------------------------------------------------- verify


def test_a_winning_line_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = winning_json(capsys, tmp_path)
    moves = len(json.loads(path.read_text(encoding="utf-8"))["moves"])
    code, out, err = run_cli(capsys, "verify", "decade", "3", "--moves-file", str(path))
    assert (code, err) == (0, "")
    assert out == f"decade 3: the line wins: {moves} moves, every one legal\n"
    # The same line from a position file of the deal, and as --moves text.
    _, deal_file, _ = run_cli(capsys, "show", "decade", "3")
    position = tmp_path / "decade-3.deal"
    position.write_text(deal_file, encoding="utf-8")
    words = " ".join(m["move"] for m in json.loads(path.read_text(encoding="utf-8"))["moves"])
    code, out, _ = run_cli(capsys, "verify", "--file", str(position), "--moves", words, "--json")
    doc = json.loads(out)
    assert code == 0
    assert (doc["legal"], doc["won"], doc["played"], doc["cards_left"]) == (True, True, moves, 0)
    assert doc["file"] == str(position)


def test_a_game_file_brings_its_moves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A game file (play's save) is the JSON position file with a "moves" list.
    path = winning_json(capsys, tmp_path)
    moves = [m["move"] for m in json.loads(path.read_text(encoding="utf-8"))["moves"]]
    _, out, _ = run_cli(capsys, "show", "decade", "3", "--json")
    game_file = tmp_path / "decade-3.game"
    game_file.write_text(json.dumps({**json.loads(out), "moves": moves}), encoding="utf-8")
    code, out, _ = run_cli(capsys, "verify", "--file", str(game_file))
    assert code == 0 and "the line wins" in out
    # --moves given says which line to check instead.
    code, out, _ = run_cli(capsys, "verify", "--file", str(game_file), "--moves", "d")
    assert code == 1 and "after 1 move in a position that is not won" in out


def test_a_legal_line_that_does_not_win_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md: deal 123456 deals 3D 2D 2C 9C AC ... to the line, three at the
    # start. After two more deals 9C AC (9 + 1 = 10) is the only run; its
    # discard leaves 50 cards in play.
    code, out, err = run_cli(capsys, "verify", "decade", "123456", "--moves", "d d x4-5")
    assert (code, err) == (1, "")
    assert out.startswith("decade 123456: the line does not win: every move is legal")
    assert "after 3 moves" in out and "50 cards left" in out
    code, out, _ = run_cli(capsys, "verify", "decade", "123456", "--moves", "d,d,x4-5", "--json")
    doc = json.loads(out)
    assert code == 1
    assert (doc["legal"], doc["won"], doc["played"], doc["cards_left"]) == (True, False, 3, 50)


def test_an_illegal_move_exits_2_naming_its_number_and_the_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # RULES.md: after one deal the line of deal 123456 is 3D 2D 2C 9C, and
    # 3D 2D 2C add up to 7, not a run. With 9C AC a run, dealing is refused.
    code, out, err = run_cli(capsys, "verify", "decade", "123456", "--moves", "d x1-3")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("solitaire-solver: error: decade 123456: move 2: ")
    assert "x1-3" in err
    code, out, err = run_cli(capsys, "verify", "decade", "123456", "--moves", "d d d")
    assert code == 2 and err.startswith("solitaire-solver: error: decade 123456: move 3: ")
    code, out, err = run_cli(capsys, "verify", "decade", "123456", "--moves", "d zz")
    assert code == 2 and "move 2" in err and "'zz'" in err
    # A move after the game is won is refused, and named beside its number.
    path = winning_json(capsys, tmp_path)
    moves = [m["move"] for m in json.loads(path.read_text(encoding="utf-8"))["moves"]]
    line = " ".join([*moves, "d"])
    code, out, err = run_cli(capsys, "verify", "decade", "3", "--moves", line)
    assert (code, out) == (2, "")
    assert f"move {len(moves) + 1} (d): the game was already won at move {len(moves)}" in err
    # --json prints the document too, with the move that failed.
    code, out, err = run_cli(capsys, "verify", "decade", "123456", "--moves", "d x1-3", "--json")
    doc = json.loads(out)
    assert code == 2 and err.startswith("solitaire-solver: error: ")
    assert (doc["legal"], doc["won"], doc["played"], doc["failed_at"]) == (False, False, 1, 2)
    assert doc["move"] == "x1-3"


def test_verify_takes_rules_and_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_cli(
        capsys, "verify", "decade", "3", "--rule", "min_run=3", "--moves", "d", "--json"
    )
    assert code == 1 and json.loads(out)["rules"]["min_run"] == "3"
    junk = tmp_path / "junk"
    junk.write_bytes(b"\x89PNG\r\n")
    for argv, words in [
        (["verify", "decade", "3"], "verify needs the moves"),
        (["verify", "decade", "3", "--moves", "d", "--moves-file", "x"], "not both"),
        (["verify", "decade", "3", "--moves-file", str(junk)], "line 1: not UTF-8 text"),
        (["verify", "decade", "0", "--moves", "d"], "bad deal number '0'"),
        (["verify", "nosuchgame", "3", "--moves", "d"], "unknown game"),
        (["verify", "decade", "3", "--rule", "nosuch=1", "--moves", "d"], "nosuch"),
    ]:
        code, out, err = run_cli(capsys, *argv)
        assert (code, out) == (2, ""), argv
        assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("command", ["verify", "review", "hint"])
def test_a_line_saved_for_another_game_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """A moves file that names its game (``solve --json``) is read for that game alone: for
    another game it is refused before a move is read, saying whose line it is; a preset of
    the same game under other rules takes it."""
    path = winning_json(capsys, tmp_path)
    code, out, err = run_cli(capsys, command, "eagle-wing", "7", "--moves-file", str(path))
    assert (code, out) == (2, "")
    assert err.endswith(f"moves file '{path}': this line is for decade, not eagle-wing\n")
    assert len(err.splitlines()) == 1
    code, out, _ = run_cli(capsys, "verify", "decade-optional", "3", "--moves-file", str(path))
    assert code == 0 and "the line wins" in out


# ---------------------------------------------------------------- deals --verify


def test_deals_verify_checks_a_sample_of_the_published_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_cli(capsys, "deals", "decade", "--verify", "--sample", "4", "--json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    table = shipped_verdicts("decade")
    assert table is not None
    deals = [c["deal"] for c in doc["checked"]]
    assert len(deals) == 4 and deals == sorted(set(deals))
    for c in doc["checked"]:
        assert c["table"] == table.status(c["deal"]) and c["agrees"]
    assert (doc["agree"], doc["disagree"], doc["unsettled"]) == (4, 0, 0)
    # The same seed draws the same deals; another seed, others.
    _, again, _ = run_cli(capsys, "deals", "decade", "--verify", "--sample", "4", "--json")
    assert [c["deal"] for c in json.loads(again)["checked"]] == deals
    _, other, _ = run_cli(
        capsys, "deals", "decade", "--verify", "--sample", "4", "--seed", "1", "--json"
    )
    assert [c["deal"] for c in json.loads(other)["checked"]] != deals
    # --lost draws lost deals alone; the text says what was checked.
    code, out, _ = run_cli(capsys, "deals", "decade", "--verify", "--sample", "3", "--lost")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("decade: 3 lost deals of the published table")
    assert all("  lost  agrees" in line for line in lines[1:4])
    assert lines[4] == "3 agree, 0 disagree"


def doctored(flip: int, unknown: range) -> Verdicts:
    """Decade's table of deals 1..12, deal ``flip``'s verdict turned over, ``unknown`` unknown."""
    table = shipped_verdicts("decade")
    assert table is not None
    rows: dict[int, tuple[str, int, int]] = {}
    for number in range(1, 13):
        status = table.status(number)
        if number == flip:
            status = "lost" if status == "won" else "won"
        if number in unknown:
            status = "unknown"
        rows[number] = (status or "unknown", 40 if status == "won" else 0, 0)
    return Verdicts.build("decade", make_game("decade").fingerprint, 1, rows)


def test_deals_verify_reports_a_disagreement_with_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whatever the right verdict of deal 5 is, the table and its copy with
    # deal 5 turned over cannot both agree with the solver.
    table = shipped_verdicts("decade")
    assert table is not None
    monkeypatch.setattr(
        "solitaire_solver.cli.deals.shipped_table", lambda game: doctored(5, range(0))
    )
    code, out, _ = run_cli(capsys, "deals", "decade", "--verify", "--sample", "12")
    assert code == 1
    (line,) = [line for line in out.splitlines() if line.split()[:1] == ["5"]]
    assert "DISAGREES" in line
    assert out.splitlines()[-1] == "11 agree, 1 disagree"


def test_deals_verify_never_draws_unknown_deals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "solitaire_solver.cli.deals.shipped_table", lambda game: doctored(0, range(3, 13))
    )
    code, out, _ = run_cli(capsys, "deals", "decade", "--verify", "--json")
    doc = json.loads(out)
    assert code == 0
    assert [c["deal"] for c in doc["checked"]] == [1, 2]
    assert doc["unknown_in_table"] == 10


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["deals", "decade", "--sample", "3"], "--sample goes with --verify"),
        (["deals", "decade", "--seed", "0"], "--seed goes with --verify"),
        (["deals", "decade", "--sample", "10", "--seed", "3"], "--sample and --seed go with"),
        (["deals", "decade", "--verify", "--count", "3"], "--verify takes --sample"),
        (["deals", "decade", "--verify", "--db", "x.sqlite"], "not with --db"),
        (["deals", "decade", "--verify", "--sample", "0"], "at least 1"),
        (["deals", "decade", "--verify", "--rule", "min_run=3"], "no published table"),
    ],
)
def test_deals_verify_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and words in err, err


def test_deals_verify_says_when_the_sample_is_more_than_the_table_settles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sample larger than the table's settled deals solves all of them, and says so; it is
    not cut down in silence."""
    monkeypatch.setattr(
        "solitaire_solver.cli.deals.shipped_table", lambda game: doctored(0, range(5, 13))
    )
    code, out, err = run_cli(capsys, "deals", "decade", "--verify", "--sample", "10**12")
    assert code == 2 and "--sample" in err
    code, out, err = run_cli(capsys, "deals", "decade", "--verify", "--sample", "1000000000000")
    assert code == 0
    assert out.splitlines()[0].startswith("decade: 4 deals of ")
    assert err == (
        "note: --sample 1,000,000,000,000 asks for more deals than the table settles (4): "
        "every one of them is solved again\n"
    )
    code, out, _ = run_cli(
        capsys, "deals", "decade", "--verify", "--sample", "1000000000000", "--json"
    )
    doc = json.loads(out)
    assert (doc["sample"], doc["drawn"], len(doc["checked"])) == (10**12, 4, 4)
