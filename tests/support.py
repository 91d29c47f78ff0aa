"""Helpers shared by the tests."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solitaire_solver.cli import main
from solitaire_solver.games import Game
from solitaire_solver.search import SolveResult, Status


def assert_replays_to_win(game: Game[Any, Any], start: Any, moves: Sequence[Any]) -> Any:
    """Play ``moves`` from ``start`` with full legality checks; the end must be won.

    Every move also goes through its notation and back, so a winning line
    that a person copies from the output replays too.
    """
    state = start
    for i, move in enumerate(moves):
        assert game.parse_move(str(move)) == move, f"move {i + 1} {move} does not parse back"
        assert move in game.legal_moves(state), f"move {i + 1} {move} is not legal"
        game.describe(state, move)
        state = game.apply(state, move)
    assert game.is_won(state), "the line does not end in a won position"
    return state


def assert_result_sound(game: Game[Any, Any], start: Any, result: SolveResult[Any]) -> None:
    """A won result must replay to a win; any other result carries no moves."""
    if result.status is Status.WON:
        assert_replays_to_win(game, start, result.moves)
    else:
        assert result.moves == ()


ROOT = Path(__file__).resolve().parent.parent
"""The project root, put on ``PYTHONPATH`` for subprocesses."""


def run_module(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m solitaire_solver ARGV`` in a new process, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "solitaire_solver", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: exit status, standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own exits
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


WON_DEALS = {
    "decade": 3,
    "decade-optional": 3,
    "eagle-wing": 12,
    "eagle-wing-coops": 1,
    "windmill": 1,
    "windmill-reversed": 1,
    "black-hole": 2,
}
"""A won deal per preset that its solver wins in well under a second."""


def row_count(path: Path) -> int:
    """Rows in a store another process may be writing; 0 before the table exists."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10) as db:
            return int(db.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:
        return 0
