"""The library's front door: argument checking, verify and replay."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import solitaire_solver as ss
from solitaire_solver.errors import (
    BadDealNumberError,
    BadMoveError,
    BadOptionError,
    BadRuleError,
    IllegalMoveError,
)
from solitaire_solver.numbering import parse_deal_number


def test_a_rule_given_twice_is_refused() -> None:
    with pytest.raises(
        BadRuleError, match=r"rule 'min_run' given twice \(min_run=2, then min_run=3\)"
    ):
        ss.solve("decade", 3, rules=["min_run=2", "min_run=3"])
    # make_game reads the words with the same parser, so it refuses them too,
    # even with the same value twice.
    for words in (["compulsory=true", "compulsory=false"], ["min_run=3", "min_run=3"]):
        with pytest.raises(BadRuleError, match="given twice"):
            ss.make_game("decade", words)
    # Once is fine, in either form.
    assert ss.get_game("decade", ["min_run=3"]).rules.min_run == 3
    assert ss.get_game("decade", {"min_run": 3}).rules.min_run == 3


# ---------------------------------------------------------------- verify and replay

DECADE_3 = [str(m) for m in ss.solve("decade", 3).moves]
"""A winning line of decade deal 3."""


def decade_start(number: int = 3) -> Any:
    return ss.make_game("decade").deal(parse_deal_number(number))


@pytest.fixture
def deal_file(tmp_path: Path) -> Path:
    path = tmp_path / "three.deal"
    game = ss.make_game("decade")
    ss.dump_deal(game, decade_start(), path, deal=3)
    return path


def test_replay_and_verify_take_the_same_forms(deal_file: Path) -> None:
    game = ss.make_game("decade")
    objects = [game.parse_move(m) for m in DECADE_3]
    want = ss.replay(game, decade_start(), objects)
    assert [str(m) for m, _ in want] == DECADE_3
    assert all(isinstance(text, str) and text for _, text in want)
    for g in ("decade", game):
        for start in (
            3,
            "3",
            "#3",
            parse_deal_number(3),
            decade_start(),
            deal_file,
            str(deal_file),
        ):
            for moves in (DECADE_3, objects, tuple(objects)):
                assert ss.replay(g, start, moves) == want, (g, start)
                check = ss.verify(g, start, moves)
                assert (check.legal, check.won, check.played) == (True, True, len(DECADE_3))
    # verify's old keyword form still works.
    assert ss.verify("decade", None, DECADE_3, position=decade_start()).won


def test_replay_reports_a_bad_or_illegal_move_by_number() -> None:
    with pytest.raises(BadMoveError, match=r"^move 2: bad decade move 'zz'"):
        ss.replay("decade", 3, ["d", "zz"])
    with pytest.raises(IllegalMoveError, match=r"^move 1: illegal move x1-2"):
        ss.replay(ss.make_game("decade"), decade_start(), ["x1-2"])
    # An object that is no move of the game is illegal, not a crash.
    with pytest.raises(IllegalMoveError, match=r"^move 1: "):
        ss.replay("decade", 3, [5])


def cards_in_play(state: Any) -> int:
    """Decade's cards not yet discarded, counted from the state's own fields."""
    return len(state.line) + len(state.remaining)


def test_verify_says_why_a_legal_line_is_not_won() -> None:
    check = ss.verify("decade", 3, DECADE_3[:-1])
    assert check.legal and not check.won
    left = cards_in_play(check.position)
    assert 0 < left < 52
    assert check.reason == (
        f"ends after {len(DECADE_3) - 1} moves in a position that is not won: {left} cards left"
    )
    assert ss.verify("decade", 3, []).reason == (
        "ends after 0 moves in a position that is not won: 52 cards left"
    )


@pytest.mark.parametrize(
    ("preset", "left"),
    # Cards not on a foundation (nor discarded) at the start of play: Eagle
    # Wing and Black Hole start with one card home, Windmill with its centre.
    [
        ("decade", 52),
        ("decade-optional", 52),
        ("eagle-wing", 51),
        ("windmill", 103),
        ("black-hole", 51),
    ],
)
def test_cards_left_at_the_start(preset: str, left: int) -> None:
    assert ss.verify(preset, 1, []).reason.endswith(f": {left} cards left")
    assert ss.api.cards_left(ss.make_game(preset), ss.start_position(preset, 1)) == left


def test_verify_says_when_a_line_goes_on_after_the_win() -> None:
    check = ss.verify("decade", 3, [*DECADE_3, "d"])
    assert check.won and not check.legal
    n = len(DECADE_3)
    assert (check.played, check.failed_at) == (n, n)
    assert check.reason == f"move {n + 1}: the game was already won at move {n}"
    assert ss.verify("decade", 3, DECADE_3).reason == ""
    with pytest.raises(IllegalMoveError, match=f"already won at move {n}"):
        ss.replay("decade", 3, [*DECADE_3, "d"])


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: ss.verify("decade", None, ["d"]), BadOptionError, "start: expected"),
        (lambda: ss.verify("decade", 2.5, ["d"]), BadOptionError, "start: expected"),
        (lambda: ss.verify("decade", True, ["d"]), BadOptionError, "start: expected"),
        (lambda: ss.verify("decade", "1-5", ["d"]), BadOptionError, "start '1-5': not a deal"),
        (lambda: ss.verify("decade", "nofile.deal", ["d"]), BadOptionError, "no such file"),
        (
            lambda: ss.verify("decade", ss.start_position("black-hole", 1), []),
            BadOptionError,
            "start: BlackHoleState is not a decade position",
        ),
        (lambda: ss.verify("decade", 3, "d"), BadOptionError, "moves: expected a list"),
        (lambda: ss.verify("decade", 3, None), BadOptionError, "moves: expected a list"),
        (lambda: ss.replay("decade", 3, 7), BadOptionError, "moves: expected a list"),
        (lambda: ss.verify(5, 3, []), BadOptionError, "game: expected a preset name"),
        (lambda: ss.replay(None, 3, []), BadOptionError, "game: expected a preset name"),
        (lambda: ss.solve("decade", 3, timeout="x"), BadOptionError, "timeout: expected"),
        (lambda: ss.solve("decade", 3, timeout=0), BadOptionError, "timeout: expected more"),
        (lambda: ss.solve("decade", 3, max_states="10"), BadOptionError, "max_states: expected"),
        (lambda: ss.solve("decade", 3, max_states=True), BadOptionError, "max_states: expected"),
        (lambda: ss.solve("decade", 3, max_table=2.5), BadOptionError, "max_table: expected"),
        (lambda: ss.solve("decade", 3, rules=5), BadOptionError, "rules: expected"),
        (lambda: ss.solve("decade", 3, rules=[5]), BadOptionError, "rules: expected"),
        (lambda: ss.solve("decade", 1.5), BadDealNumberError, "bad deal number 1.5"),
        (lambda: ss.verify("decade", 3, [], position=decade_start()), BadOptionError, "not both"),
    ],
)
def test_bad_arguments_name_the_argument(
    call: Callable[[], object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, ss.SolverError)
    assert words in str(raised.value)
    assert "\n" not in str(raised.value)


def test_a_file_of_other_rules_is_refused(deal_file: Path) -> None:
    with pytest.raises(BadOptionError, match="holds a decade position under other rules"):
        ss.verify("decade-optional", deal_file, [])
    with pytest.raises(BadOptionError, match="holds a decade position under other rules"):
        ss.replay("decade", deal_file, [], rules={"min_run": 3})
    # A rules text is split into NAME=VALUE words, as a file's rules line is.
    assert ss.get_game("decade", "min_run=3 max_run=4").rules.max_run == 4
