"""A long solve shows its progress on a terminal, and only there (clock and terminal faked)."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from solitaire_solver import progress
from solitaire_solver.cli import main
from solitaire_solver.progress import SolveProgress, limits_text, solve_progress
from solitaire_solver.search import Budget, Limits


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    """A clock that reads what a test sets."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def budget(expanded: int, limits: Limits | None = None, *, default: bool = False) -> Budget:
    b = Budget(limits or Limits(), default=default)
    b.expanded = expanded
    return b


def test_nothing_shows_before_a_few_seconds_then_one_line_redrawn_in_place() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=3.0, every=0.5, width=200, clock=clock)
    b = budget(4096, Limits(max_states=1_000_000), default=True)
    clock.now += 2.9
    shown(b)
    assert stream.getvalue() == ""
    clock.now += 1.1  # 4 seconds in
    b.expanded = 8192
    shown(b)
    first = "solving: 8,192 states, 2.05k states/s, 00:04 elapsed; limit 1,000,000 states (default)"
    assert stream.getvalue() == "\r" + first
    clock.now += 0.4  # too soon to redraw
    b.expanded = 12_288
    shown(b)
    assert stream.getvalue() == "\r" + first
    clock.now += 0.6  # 5 seconds in
    b.expanded = 20_000
    shown(b)
    second = (
        "solving: 20,000 states, 4.00k states/s, 00:05 elapsed; limit 1,000,000 states (default)"
    )
    assert stream.getvalue() == "\r" + first + "\r" + second
    shown.finish()
    assert stream.getvalue().endswith("\r" + " " * len(second) + "\r")
    assert shown.shown == 0


def test_a_shorter_line_covers_the_longer_one_with_spaces() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=0.0, every=0.0, width=200, clock=clock)
    b = budget(10_000_000)
    clock.now += 1
    shown(b)
    first = stream.getvalue()
    clock.now += 99  # the rate falls from 10.0M to 101k states/s
    b.expanded = 10_100_000
    shown(b)
    second = "solving: 10,100,000 states, 101k states/s, 01:40 elapsed; no limit"
    assert stream.getvalue() == first + "\r" + second.ljust(len(first) - 1)


def test_a_line_fits_the_width() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=0.0, width=30, clock=clock)
    clock.now += 1
    shown(budget(5))
    assert stream.getvalue() == "\r" + "solving: 5 states, 5.00 states/s, 00:01"[:30]


def test_nothing_at_all_when_not_a_terminal() -> None:
    stream, clock = io.StringIO(), Clock()
    shown = SolveProgress(stream, after=0.0, every=0.0, clock=clock)
    assert not shown.tty
    for _ in range(5):
        clock.now += 10
        shown(budget(1_000_000))
    shown.finish()
    assert stream.getvalue() == ""
    assert solve_progress(io.StringIO()) is None
    assert solve_progress(Terminal(), quiet=True) is None
    made = solve_progress(Terminal())
    assert made is not None and made.tty


def test_limits_in_words() -> None:
    assert limits_text(budget(0)) == "no limit"
    assert limits_text(budget(0, Limits(timeout=5))) == "limit 5 seconds"
    both = budget(0, Limits(max_states=1000, max_table=10), default=True)
    assert limits_text(both) == "limits 1,000 states, 10 table entries (default)"


def _command_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[str, str]:
    """Run a command with standard error a terminal and progress due at once."""
    err = Terminal()
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "REDRAW_EVERY", 0.0)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(list(argv)) == 0
    return capsys.readouterr().out, err.getvalue()


def _solve_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[str, str]:
    """Run ``solve ARGV`` with standard error a terminal and progress due at once."""
    return _command_on(monkeypatch, capsys, "solve", *argv)


# Eagle Wing (Coops) deal 1: a line in 32 states, then A* for a shorter one
# until the limit: enough expansions for the watcher to be called.
LONG = ("eagle-wing-coops", "1", "--shortest", "--max-states", "20000")


def test_a_long_solve_shows_progress_on_a_terminal_and_wipes_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = _solve_on(monkeypatch, capsys, *LONG)
    assert "\rsolving: " in err and "states/s" in err and "limit 20,000 states" in err
    assert err.endswith("\r")  # wiped before the result is printed
    assert "solving:" not in out
    # The line the depth-first search found, kept when the limit stopped A*.
    assert (
        "verdict: won in 124 moves (not proved shortest: the search for a shorter line was "
        "stopped by the limit of 20,000 states; raise it with --max-states)"
    ) in out


def test_no_progress_with_json_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = _solve_on(monkeypatch, capsys, *LONG, "--json")
    assert err == ""
    assert json.loads(out)["status"] == "won"


def test_several_searches_add_up_and_say_how_many() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=0.0, every=0.0, width=200, clock=clock)
    first, second = budget(5_000), budget(0, Limits(max_states=9_000))
    clock.now += 1
    shown(first)
    assert stream.getvalue().endswith(
        "solving: 5,000 states, 5.00k states/s, 00:01 elapsed; no limit"
    )
    second.expanded = 3_000
    clock.now += 1
    shown(second)  # a budget of its own: a second search
    assert stream.getvalue().endswith(
        "solving: 8,000 states in 2 searches, 4.00k states/s, 00:02 elapsed; "
        "limit 9,000 states each"
    )
    assert shown.searches == 2


@pytest.mark.parametrize(
    "argv",
    [
        # A hint searches the position, then each move its line does not start with.
        ("hint", "eagle-wing-coops", "1", "--max-states", "20000"),
        ("hint", "eagle-wing-coops", "1", "--fair", "--samples", "4"),
        # The greedy player's line of Black Hole deal 4 loses a winnable deal:
        # the review bisects it, six searches.
        (
            "review",
            "black-hole",
            "4",
            "--moves",
            "p3 p1 p3 p3 p9 p17 p8 p7 p4 p1 p6 p5 p8 p10 p2 p10 p7 p7 p9 p4 p8 p5 p10 p1 p2 "
            "p4 p2 p13 p6 p6",
        ),
    ],
)
def test_hint_and_review_show_their_searches_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    out, err = _command_on(monkeypatch, capsys, *argv)
    assert "\rsolving: " in err and " searches, " in err
    assert err.endswith("\r")  # wiped before the answer
    assert "solving:" not in out
    _, quiet = _command_on(monkeypatch, capsys, *argv, "--json")
    assert quiet == ""


def test_thousands_of_searches_are_written_with_separators() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=0.0, every=0.0, width=200, clock=clock)
    shown.searches, shown.before = 197_127, 528_000
    clock.now += 1
    shown(budget(981))
    assert "solving: 528,981 states in 197,128 searches, " in stream.getvalue()
    shown(budget(1))  # one more search, of one state
    assert "528,982 states in 197,129 searches" in stream.getvalue()


def test_samples_lead_the_line_with_the_time_left() -> None:
    stream, clock = Terminal(), Clock()
    shown = SolveProgress(stream, after=0.0, every=0.0, width=200, clock=clock)
    clock.now += 40
    shown.count(128, 1000)
    shown(budget(5000))
    # 128 samples in 40 s: the 872 left take 272.5 s at that pace.
    assert stream.getvalue().startswith(
        "\rsolving: samples 128 of 1,000, about 04:32 left; 5,000 states, "
    )
    shown.count(1, 1)
    shown(budget(5000))
    assert "samples 1 of 1; " in stream.getvalue()


def test_a_fair_hint_shows_its_samples_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Eagle Wing deal 1 starts with a choice and many cards hidden: samples are solved.
    argv = ("hint", "eagle-wing", "1", "--fair", "--samples", "40", "--all-samples")
    out, err = _command_on(monkeypatch, capsys, *argv)
    shown = [int(n) for n in re.findall(r"samples (\d+) of 40\b", err)]
    assert shown and shown == sorted(shown) and shown[-1] <= 40 and "left; " in err
    assert err.endswith("\r") and "solving:" not in out
