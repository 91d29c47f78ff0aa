"""The command line with files: show, solve --file, and every file error."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from solitaire_solver import make_game, parse_deal
from solitaire_solver.cards import card_text, parse_cards
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.reading import TEXT_BYTES
from tests.helpers import assert_replays_to_win
from tests.support import run_cli, run_module


def parse_words(text: str) -> list[str]:
    return text.split()


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    """Exit status 2, nothing on standard output, one error line naming ``words``."""
    assert code == 2
    assert out == ""
    assert err.startswith("solitaire-solver: error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, err


# ---------------------------------------------------------------- show


def test_show_prints_the_known_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "show", "decade", "123456")
    assert code == 0
    lines = out.splitlines()
    assert "game: decade" in lines
    assert "rules: sums=10,20,30 min_run=2 max_run=none compulsory=true" in lines
    assert "deal: 123456" in lines
    # RULES.md, "Known answers": the line in dealing order starts
    # 3D 2D 2C 9C AC 6H 4C KC 6C TC 8S 8C 9D TH 2S JS.
    assert "line: 3D 2D 2C" in lines
    stock = next(line for line in lines if line.startswith("stock: "))
    assert stock.split()[1:14] == parse_words("9C AC 6H 4C KC 6C TC 8S 8C 9D TH 2S JS")
    assert len(stock.split()) == 1 + 49
    assert "discarded:" in lines


def test_show_json_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "show", "decade", "123456", "--rule", "max_run=3", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["game"] == "decade" and doc["deal"] == "123456"
    assert doc["rules"] == {
        "sums": "10,20,30",
        "min_run": "2",
        "max_run": "3",
        "compulsory": "true",
    }
    assert doc["position"]["line"] == "3D 2D 2C"
    assert parse_deal(out).game.rules.max_run == 3


# ---------------------------------------------------------------- solve --file


def test_shown_deal_solves_from_its_file_like_the_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    verdicts = set()
    for preset in ("decade", "decade-optional"):
        for number in (3, 8, 13):
            code, shown, _ = run_cli(capsys, "show", preset, str(number))
            assert code == 0
            path = tmp_path / f"{preset}-{number}.txt"
            path.write_text(shown, encoding="utf-8")
            _, by_number, _ = run_cli(capsys, "solve", preset, str(number), "--json")
            code, by_file, _ = run_cli(capsys, "solve", "--file", str(path), "--json")
            assert code == 0
            a, b = json.loads(by_number), json.loads(by_file)
            assert b["status"] == a["status"]
            assert b["game"] == preset and b["deal"] == str(number) and b["file"] == str(path)
            verdicts.add(b["status"])
            if b["status"] == "won":
                game = make_game(preset)
                start = game.deal(parse_deal_number(number))
                assert_replays_to_win(game, start, [game.parse_move(m["move"]) for m in b["moves"]])
    assert verdicts == {"won", "lost"}


def test_solve_a_mid_game_position_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Decade 3 (won, see above) after discarding nothing: give only the
    # cards still to come, as a person would type a position.
    game = make_game("decade")
    start = game.deal(parse_deal_number(3))
    text = "game: decade\n" + "\n".join(f"{k}: {v}" for k, v in game.position_fields(start))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, _ = run_cli(capsys, "solve", "--file", "-")
    assert code == 0
    assert "verdict: won" in out
    assert "line:  KC 2D QC" in out


def test_solve_a_hand_made_lost_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every card discarded but 9C 9D 9H 9S 4C. Adjacent cards add up to 18 or
    # 13, three to 27 or 22, four to 36 or 31, all five to 40: never 10, 20
    # or 30, so no run exists, the stock is empty and the position is lost.
    left = parse_cards("9C 9D 9H 9S 4C")
    discarded = " ".join(card_text(c) for c in range(52) if c not in left)
    path = tmp_path / "stuck.deal"
    path.write_text(
        f"game: decade\nline: 9C 9D 9H 9S 4C\nstock:\ndiscarded: {discarded}\n", encoding="utf-8"
    )
    code, out, _ = run_cli(capsys, "solve", "--file", str(path))
    assert code == 0
    assert "verdict: lost" in out


def test_header_of_a_hand_edited_position_names_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, shown, _ = run_cli(capsys, "show", "decade", "42")
    lines = shown.splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("stock: "))
    label, *stock = lines[i].split()
    stock[0], stock[1] = stock[1], stock[0]  # an edit: two cards change places
    lines[i] = " ".join([label, *stock])
    edited = tmp_path / "edited.deal"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "solve", "--file", str(edited))
    assert code == 0
    header = out.splitlines()[0]
    assert not header.startswith("decade 42")
    assert header.startswith(f"decade: a position from {edited}")
    assert "the file names deal 42, but this is not its start" in header

    # Unedited, the file holds deal 42's start, and the header says both.
    same = tmp_path / "same.deal"
    same.write_text(shown, encoding="utf-8")
    code, out, _ = run_cli(capsys, "solve", "--file", str(same))
    assert code == 0
    assert out.splitlines()[0].startswith(f"decade 42, from {same}  (")


def test_header_of_a_position_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(full_decade("3D 2D 9C")))
    code, out, _ = run_cli(capsys, "solve", "--file", "-")
    assert code == 0
    assert out.splitlines()[0].startswith("decade: a position from standard input  (")


# ---------------------------------------------------------------- errors


def write(tmp_path: Path, text: str, name: str = "my.deal") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def full_decade(line: str, discarded: str = "", header: str = "game: decade") -> str:
    named = set(parse_cards(line)) | set(parse_cards(discarded))
    stock = " ".join(card_text(c) for c in range(52) if c not in named)
    return f"{header}\nline: {line}\nstock: {stock}\ndiscarded: {discarded}\n"


FILE_ERRORS = [
    # (file text, words the message must name, the line number among them)
    ("game: decade\nline: 3D 2D QX\n", ["line 2", "QX"]),
    ("game: decade\nline: 3D 2D\nstock: 9C 3D\n", ["line 3", "3D", "twice"]),
    ("game: decade\nline: 3D 2D 9C\n", ["line 2", "49 cards missing", "AC", "KD"]),
    (full_decade("3D 2D 9C").replace("stock:", "tableau: AS\nstock:"), ["line 3", "tableau"]),
    ("game: eagle-wings\n", ["line 1", "eagle-wings", "unknown game"]),
    (full_decade("3D 2D 9C", header="game: decade\nrules: passes=3"), ["line 2", "passes"]),
    (full_decade("3D 2D 9C", header="game: decade\nrules: min_run=x"), ["line 2", "min_run"]),
    ("# a deal\nline: 3D\n", ["line 2", "game: NAME"]),
    ("game: decade\nthree of diamonds\n", ["line 2", "LABEL: TEXT"]),
    (full_decade("3D 2D 9C", header="game: decade\ndeal: 0"), ["line 2", "deal"]),
    (full_decade("3D 2D 9C", discarded="KD"), ["line 4", "1 cards discarded"]),
    (full_decade("3D 2D 9C", discarded="KD 5H"), ["line 4", "add up to 15"]),
    (full_decade("5H 5C 2D 3D"), ["line 2", "5H 5C", "compulsory"]),
    ('{"game": "decade", "position": {"line": "3D 2D 1C"}}', ["1C", '"line"']),
    ('{"game": "decade",\n "rules": {"colour": "red"}}', ["colour"]),
    ('{"game": "decade",\n "rules": }', ["line 2", "bad JSON"]),
]


@pytest.mark.parametrize(("text", "words"), FILE_ERRORS)
def test_every_file_error_is_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: list[str]
) -> None:
    path = write(tmp_path, text)
    code, out, err = run_cli(capsys, "solve", "--file", path)
    assert_one_line_error(code, out, err, path, *words)


def test_file_errors_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("game: decade\nline: 3D 2D ZZ\n"))
    code, out, err = run_cli(capsys, "solve", "--file", "-")
    assert_one_line_error(code, out, err, "<stdin>, line 2", "ZZ")


def test_unreadable_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nothing.deal")
    assert_one_line_error(*run_cli(capsys, "solve", "--file", missing), missing, "cannot read")
    assert_one_line_error(*run_cli(capsys, "solve", "--file", str(tmp_path)), "cannot read")
    binary = tmp_path / "binary.deal"
    binary.write_bytes(b"\xff\xfe\x00game")
    assert_one_line_error(*run_cli(capsys, "solve", "--file", str(binary)), "UTF-8")


def test_a_file_that_is_not_text_gets_one_message_as_deal_or_moves_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The first bytes of a PNG: 0x89 cannot start a UTF-8 character.
    junk = tmp_path / "junk"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    expected = f"solitaire-solver: error: {junk}, line 1: not UTF-8 text (invalid start byte)\n"
    for argv in (
        ["solve", "--file", str(junk)],
        ["hint", "decade", "3", "--moves-file", str(junk)],
        ["review", "decade", "3", "--moves-file", str(junk)],
    ):
        code, out, err = run_cli(capsys, *argv)
        assert (code, out, err) == (2, "", expected), argv
    # The line is the one the bad byte is on; a NUL is no text either.
    late = tmp_path / "late.moves"
    late.write_bytes(b"d\nd\n# caf\xe9\n")
    assert_one_line_error(
        *run_cli(capsys, "review", "decade", "3", "--moves-file", str(late)),
        f"{late}, line 3: not UTF-8 text",
    )
    nul = tmp_path / "nul.deal"
    nul.write_bytes(b"game: decade\n\x00\n")
    assert_one_line_error(
        *run_cli(capsys, "solve", "--file", str(nul)), f"{nul}, line 2: not UTF-8 text (a NUL byte)"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "--file", "x.deal", "decade", "3"], ["not both"]),
        (["solve", "--file", "x.deal", "decade"], ["not both"]),
        (["solve"], ["GAME and NUMBER, or --file"]),
        (["solve", "decade"], ["GAME and NUMBER, or --file"]),
        (["solve", "--file", "x.deal", "--rule", "max_run=3"], ["--rule", "rules:"]),
        (["show", "decade", "zero"], ["zero"]),
        (["show", "nope", "3"], ["nope", "unknown game"]),
        (["show", "decade", "3", "--rule", "speed=9"], ["speed"]),
    ],
)
def test_option_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    assert_one_line_error(*run_cli(capsys, *argv), *words)


def test_show_needs_game_and_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "show", "decade")
    assert code == 2 and out == "" and "Traceback" not in err


def test_module_entry_point_reads_a_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    shown = run_module("show", "decade", "3")
    assert shown.returncode == 0
    good = write(tmp_path, shown.stdout, "good.deal")
    solved = run_module("solve", "--file", good)
    assert solved.returncode == 0 and "verdict: won" in solved.stdout
    bad = write(tmp_path, shown.stdout.replace("KC", "KX"), "bad.deal")
    refused = run_module("solve", "--file", "-", stdin=Path(bad).read_text(encoding="utf-8"))
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert "Traceback" not in refused.stderr
    assert refused.stderr.startswith("solitaire-solver: error: <stdin>, line 5: ")
    assert "KX" in refused.stderr


# ---------------------------------------------------------------- what is not a file


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_unread(device: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Both were read without end (a MemoryError after seconds); a device is not a file.
    for argv in (
        ["solve", "--file", device],
        ["verify", "decade", "3", "--moves-file", device],
        ["solve", "decade", "3", "--plan", device],
    ):
        assert_one_line_error(*run_cli(capsys, *argv), device, "character device")


def test_a_fifo_and_a_folder_are_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Opening a FIFO for reading waits for a writer: refused before that, at once.
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "FIFO"), (tmp_path, "folder")):
        for argv in (
            ["solve", "--file", str(path)],
            ["hint", "decade", "3", "--moves-file", str(path)],
            ["solve", "decade", "3", "--plan", str(path)],
        ):
            assert_one_line_error(*run_cli(capsys, *argv), str(path), kind)


def test_a_file_over_the_cap_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A real deal file padded with comments past 1 MiB: refused, the cap named.
    code, shown, _ = run_cli(capsys, "show", "decade", "3")
    assert code == 0
    padded = write(tmp_path, shown + ("# " + "x" * 1000 + "\n") * 1100, "padded.deal")
    assert os.path.getsize(padded) > TEXT_BYTES
    assert_one_line_error(*run_cli(capsys, "solve", "--file", padded), padded, "1 MiB")
    # Just under the cap it reads.
    fits = write(tmp_path, shown + ("# " + "x" * 1000 + "\n") * 1000, "fits.deal")
    assert os.path.getsize(fits) < TEXT_BYTES
    assert run_cli(capsys, "solve", "--file", fits)[0] == 0


def test_standard_input_is_read_up_to_the_cap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # "-" still reads standard input, and no further than the cap: /dev/zero there is a
    # stream without end.
    code, shown, _ = run_cli(capsys, "show", "decade", "3")
    assert code == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(shown))
    assert run_cli(capsys, "solve", "--file", "-")[0] == 0
    with open("/dev/zero", "rb") as zeros:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(zeros))
        assert_one_line_error(*run_cli(capsys, "solve", "--file", "-"), "<stdin>", "1 MiB")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("deal file", '{"game": "decade", "rules": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        ("moves file", '{"moves": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        ("plan", "[" * 100_000 + "]" * 100_000),
    ],
)
def test_json_nested_deep_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str
) -> None:
    # The plan file of the issue: a RecursionError's traceback, from the plan's own reader.
    path = write(tmp_path, text, "deep.json")
    argv = {
        "deal file": ["solve", "--file", path],
        "moves file": ["verify", "decade", "3", "--moves-file", path],
        "plan": ["solve", "decade", "3", "--plan", path],
    }[name]
    assert_one_line_error(*run_cli(capsys, *argv), path, "nested deeper than 64")
