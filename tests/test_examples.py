"""Each script in examples/ runs as a newcomer would run it, and says something true."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import solitaire_solver as ss
from tests.support import ROOT


def run(script: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_solve_one_prints_a_line_that_replays() -> None:
    out = run("solve_one.py", "decade-optional", "123456")
    lines = out.splitlines()
    assert lines[0] == "decade-optional 123456"
    assert lines[1].startswith("line:  3D 2D 2C")
    assert "verdict: won" in lines
    moves = [m.group(1) for m in re.finditer(r"^\s*\d+\. (\S+)\s", out, re.MULTILINE)]
    check = ss.verify("decade-optional", 123456, moves)
    assert check.legal and check.won
    assert moves and moves[0] == "d"


def test_solve_one_reports_a_lost_deal_without_moves() -> None:
    # Deal 1 of decade is lost (the Decade tests check the solver against a
    # plain recursion over the rules); the script says what the library says.
    assert ss.solve("decade", 1).status is ss.Status.LOST
    out = run("solve_one.py", "decade", "1")
    assert "verdict: lost" in out
    assert not re.search(r"^\s*\d+\. ", out, re.MULTILINE)


def test_compare_presets_counts_and_inclusion() -> None:
    out = run("compare_decade_presets.py", "1", "60")
    counts = dict(re.findall(r"^(decade\S*)\s+won\s+(\d+)", out, re.MULTILINE))
    assert set(counts) == {"decade", "decade-optional"}
    for name, count in counts.items():
        assert int(count) == sum(ss.solve(name, n).won for n in range(1, 61))
    # Compulsory lines of play are optional ones too: nothing is won only under decade.
    assert "won only with compulsory discards: 0" in out
    only = int(re.search(r"won only with optional discards: (\d+)", out).group(1))  # type: ignore[union-attr]
    assert only == int(counts["decade-optional"]) - int(counts["decade"]) > 0


def test_verify_moves_demonstration_finds_the_broken_move() -> None:
    out = run("verify_moves.py")
    line = re.search(r"the solver's line: (.*)", out).group(1).split()  # type: ignore[union-attr]
    assert ss.verify("decade", 3, line).won
    assert f"all {len(line)} moves legal; won: True" in out
    # Without its first deal, the first discard is out of place: the report names it.
    first_discard = next(i for i, m in enumerate(line) if m != "d")
    assert f"illegal: move {first_discard}: illegal move {line[first_discard]}" in out


def test_verify_moves_with_moves_on_the_command_line() -> None:
    assert run("verify_moves.py", "decade", "3", "x1-2").startswith("illegal: move 1:")
    good = [str(m) for m in ss.solve("decade", 3).moves]
    assert "won: True" in run("verify_moves.py", "decade", "3", *good)
