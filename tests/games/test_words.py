"""One plural and one number format in the text of every command.

Each command runs on a few presets and deals, on small counts (1, 0) and
large ones, and its text is searched for a plural after the number 1, a
singular after any other number, and a long number written without
thousands separators.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import attrs
import pytest

from solitaire_solver import make_game
from solitaire_solver.games.windmill.rules import EMPTY
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from tests.support import WON_DEALS, run_cli

NOUNS = (
    "cards",
    "moves",
    "deals",
    "states",
    "searches",
    "samples",
    "orders",
    "positions",
    "solves",
    "exact solves",
    "hidden cards",
    "more moves",
    "won deals",
    "lost deals",
    "seconds",
    "wins",
    "lines",
    "bytes",
    "games",
    "rows",
)
"""Plural nouns that follow a count in the commands' text."""

ONE_PLURAL = re.compile(r"(?<![\d,.\-])\b1 (" + "|".join(NOUNS) + r")\b")
"""A plural after the number 1 alone: "1 cards", but not "21 cards" or "0.1 s"."""

SINGULARS = tuple(n[:-2] if n.endswith("ches") else n[:-1] for n in NOUNS)
OTHER_SINGULAR = re.compile(
    r"(?<![\d,.\-])\b(0|[2-9]|\d{2,}|\d{1,3}(?:,\d{3})+) (" + "|".join(SINGULARS) + r")\b(?!s)"
)
"""A singular after any number but 1 alone: "0 card", "2 card", "1,000 move"."""

LONG_NUMBER = re.compile(r"(?<![\d,.\w#])\d{5,}(?![\d\w])")
"""Five digits or more in a row, with no thousands separator."""


def problems(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """What in ``text`` breaks the rules of words and numbers; ``names`` are the numbers
    that name something (deal numbers, seeds) and are written as given."""
    found = [f"plural after 1: {m.group(0)!r}" for m in ONE_PLURAL.finditer(text)]
    found += [f"singular after a count: {m.group(0)!r}" for m in OTHER_SINGULAR.finditer(text)]
    for m in LONG_NUMBER.finditer(text):
        if m.group(0) not in names:
            line = text[text.rfind("\n", 0, m.start()) + 1 : text.find("\n", m.end())]
            found.append(f"no thousands separator: {m.group(0)!r} in {line!r}")
    return found


def test_the_checks_find_what_they_look_for() -> None:
    bad = (
        "every one of the 1 orders of the 0 hidden cards\nstock: 1 cards\n1 deals\n"
        "2 card\n197128 searches"
    )
    found = problems(bad)
    assert len(found) == 5, found
    good = "21 cards, 1 card, 0 cards, 1,000 moves, 0.1 states, deal 123456, 528,981 states"
    assert problems(good, names=("123456",)) == []


def _check(
    capsys: pytest.CaptureFixture[str], *argv: str, names: tuple[str, ...] = ()
) -> tuple[int, str]:
    code, out, err = run_cli(capsys, *argv)
    text = out + err
    # The deal numbers passed, and those a listing names at the start of its lines.
    deals = tuple(n for a in argv if re.fullmatch(r"[\d,-]+", a) for n in re.split("[,-]", a))
    deals += tuple(re.findall(r"^ *(\d+)  ", text, re.MULTILINE))
    assert problems(text, names + deals) == [], (argv, text)
    return code, text


CASES = [
    ("decade", "3"),
    ("decade", "1"),
    ("black-hole", "2"),
    ("eagle-wing", "12"),
    ("windmill", "1"),
]


@pytest.mark.parametrize(("game", "deal"), CASES)
def test_solve_show_hint_review_verify(
    capsys: pytest.CaptureFixture[str], game: str, deal: str
) -> None:
    code, _ = _check(capsys, "solve", game, deal)
    assert code == 0
    _check(capsys, "show", game, deal)
    _check(capsys, "show", game, "123456")
    _check(capsys, "solve", game, deal, "--max-states", "1")
    _check(capsys, "hint", game, deal, "--max-states", "1")
    _check(capsys, "hint", game, deal)
    _check(capsys, "review", game, deal, "--moves", "")


def test_solve_and_verify_their_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "solve", "decade", "3", "--json")
    assert code == 0
    moves = [m["move"] for m in json.loads(out)["moves"]]
    path = tmp_path / "line.txt"
    path.write_text(" ".join(moves))
    _check(capsys, "verify", "decade", "3", "--moves-file", str(path))
    _check(capsys, "verify", "decade", "3", "--moves", moves[0])
    _check(capsys, "review", "decade", "3", "--moves", " ".join(moves[:1]))
    _check(capsys, "review", "decade", "3", "--moves", " ".join(moves))


@pytest.mark.parametrize("game", ["decade", "black-hole", "eagle-wing", "windmill"])
def test_fair_hints(capsys: pytest.CaptureFixture[str], game: str) -> None:
    deal = dict(CASES)[game]
    _check(capsys, "hint", game, deal, "--fair", "--samples", "1", "--all-samples")
    _check(capsys, "hint", game, deal, "--fair", "--samples", "3")


def test_deals_games_and_stats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _check(capsys, "games")
    for preset in ("decade", "windmill", "eagle-wing", "black-hole"):
        _check(capsys, "games", "--plan", preset)
    _check(capsys, "deals", "decade", "--count", "1")
    _check(capsys, "deals", "decade", "--count", "3", "--lost")
    _check(capsys, "deals", "decade", "--count", "2", "--from", "20000")
    _check(capsys, "deals", "decade", "--verify", "--sample", "1")
    _check(capsys, "deals", "windmill", "--unknown", "--count", "1")
    db = str(tmp_path / "s.sqlite")
    for deals in ("3", "1-3", "1-2,5"):
        _check(capsys, "stats", "decade", "--deals", deals, "--db", db, "--jobs", "1")
        _check(capsys, "deals", "decade", "--db", db, "--count", "1")
    _check(
        capsys, "stats", "decade", "--deals", "10-10", "--db", db, "--jobs", "1",
        "--max-states", "1",
    )  # fmt: skip
    _check(
        capsys, "stats", "black-hole", "--deals", "2", "--db", db, "--jobs", "1",
        "--player", "greedy",
    )  # fmt: skip


def test_large_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Thousands of deals, each settled or stopped at once.
    db = str(tmp_path / "s.sqlite")
    _, text = _check(
        capsys, "stats", "decade", "--deals", "1-12000", "--db", db, "--jobs", "1",
        "--max-states", "1",
    )  # fmt: skip
    assert "12,000 deals" in text
    _, text = _check(
        capsys, "stats", "decade", "--deals", "1-12000", "--db", db, "--jobs", "1",
        "--max-states", "1", "--json",
    )  # fmt: skip
    assert '"deals": 12000' in text
    _, text = _check(
        capsys, "stats", "black-hole", "--deals", "1-12000", "--db", db, "--jobs", "1",
        "--player", "random",
    )  # fmt: skip
    assert "did not win 12,000" in text
    _check(capsys, "deals", "decade", "--count", "12000", "--lost")
    _, text = _check(capsys, "deals", "decade", "--count", "100000", "--from", "999990")
    assert "11 of the 100,000 deals asked for are there" in text
    _check(capsys, "deals", "decade", "--db", db, "--count", "12000", "--unknown")
    _check(capsys, "solve", "windmill", "1")


@pytest.mark.parametrize(
    ("argv", "script"),
    [
        (("play", "decade", "3"), "1\nhint\nundo\nmoves\nsolve\nhelp\nquit\n"),
        (("play", "black-hole", "2"), "hint\n1\nquit\n"),
        (("play", "decade", "3", "--fair", "--samples", "2"), "hint\n1\nhint\nquit\n"),
        (("play", "black-hole", "2", "--fair", "--samples", "1"), "hint\n1\nquit\n"),
        (("play", "eagle-wing", "12", "--fair", "--samples", "1"), "quit\n"),
    ],
)
def test_play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    script: str,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    _check(capsys, *argv)


@pytest.mark.parametrize("name", sorted(WON_DEALS))
def test_every_position_of_a_won_line(name: str) -> None:
    # The counts of a layout run down to 1 and 0 along a winning line.
    game = make_game(name)
    state = game.deal(parse_deal_number(WON_DEALS[name]))
    for move in game.solve(state, SolveRequest.of(game)).moves:
        state = game.apply(state, move)
        text = game.show(state)
        assert problems(text) == [], text
        assert "(empty) (" not in text, text


def test_an_empty_waste_has_no_count() -> None:
    game = make_game("windmill")
    # The deal's waste card taken off: a waste of no card.
    state = attrs.evolve(game.deal(parse_deal_number(1)), waste_pile=EMPTY)
    text = game.show(state)
    assert "waste:       (empty)\n" in text


def test_the_end_of_a_fair_game_shows_the_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    _, text = _check(capsys, "play", "decade", "3", "--fair", "--samples", "2")
    after = text.split("the deal, with every card shown:\n", 1)[1].splitlines()
    # The whole deal, every card face up: the line, then the stock of 49 cards.
    assert after[0].startswith("line:  ") and after[1].startswith("stock: 49 cards, next ")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    _, text = _check(capsys, "play", "black-hole", "2", "--fair", "--samples", "2")
    assert "the deal, nothing hidden:\nit could be won" in text
    assert "with every card shown" not in text
