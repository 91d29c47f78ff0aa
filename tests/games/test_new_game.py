"""A new game is one folder and one registry line.

The worked example of docs/guides/adding-a-game.md, the toy game Fives, is
added to a copy of the package from the code blocks of the guide (so that
the guide's code is what is tested), with the one line of the registry the
guide gives, and played from the command line in another process. Every
answer checked here was worked out by hand from the rules: eight cards, the
ace to the four of spades and hearts, in four piles of two; two top cards
whose ranks add up to five are paired off; won when every pile is empty.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import solitaire_solver
from solitaire_solver.games import PRESETS
from tests.support import ROOT

GUIDE = ROOT / "docs" / "guides" / "adding-a-game.md"
PACKAGE = Path(solitaire_solver.__file__).parent
REGISTRY = "solitaire_solver/games/__init__.py"
FOLDER = "solitaire_solver/games/fives/"

DEALS = {
    1: ["3H 4H", "2S 3S", "AS 4S", "AH 2H"],
    2: ["4S 3S", "4H 2H", "AH 3H", "2S AS"],
    3: ["4H 3H", "AS AH", "2S 2H", "3S 4S"],
    29: ["3S 2S", "4H AH", "4S AS", "3H 2H"],
    51: ["2S 2H", "AH 4S", "3H 3S", "AS 4H"],
}
"""Piles (bottom to top) of some deals, picked by hand out of each deal's shuffled deck: the
game's eight cards as they lie from the top, dealt in turn to piles 1 to 4 and again (deal
1's deck is written out in the guide)."""

WON = {1: "2+4 3+4 1+3 1+2", 2: "1+2 1+4 3+4 2+3", 3: "1+3 1+2 2+4 3+4"}
"""A winning line of each won deal, found by hand. Deal 1's is its only one: its first move
is forced (3S with 2H), then 1+4 strands AS under 4S, and after 3+4 each move is forced."""
LOST = (29, 51)
"""Deal 29 has no move (two twos and two aces on top); deal 51 has one move at each turn,
1+3 twice, and then shows the two fours."""


def guide_files() -> dict[str, str]:
    """The worked example's files by path: each code block of the section that follows a
    line naming its path (the registry's block is its one new line)."""
    section = GUIDE.read_text(encoding="utf-8").partition("\n## A worked example\n")[2]
    blocks = re.findall(
        r"^`(solitaire_solver/[\w/]+\.py)`[^\n]*\n\n```python\n(.*?)^```$", section, re.M | re.S
    )
    return dict(blocks)


def added_registry_line(original: str, line: str) -> str:
    """The registry with the guide's ``GAMES`` line in place of its own."""
    old = re.search(r"^GAMES = .*$", original, re.M)
    assert old is not None, "the registry has no GAMES line"
    return original[: old.start()] + line.strip() + original[old.end() :]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a copy of the package with Fives added as the guide says."""
    root = tmp_path_factory.mktemp("with_fives")
    # Byte code is rebuilt on import; a compiled kernel is copied when there is one, and
    # its game falls back to Python when there is none.
    shutil.copytree(
        PACKAGE, root / "solitaire_solver", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    files = guide_files()
    registry = root / REGISTRY
    registry.write_text(added_registry_line(registry.read_text(), files.pop(REGISTRY)))
    for path, code in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(code)
    return root


def cli(tree: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m solitaire_solver ARGV`` on the copy of the package in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, "-m", "solitaire_solver", *argv],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def cli_json(tree: Path, *argv: str) -> Any:
    """The JSON document a command prints, after checking that it succeeded."""
    done = cli(tree, *argv, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def plays_out(piles: list[str], line: str) -> bool:
    """Whether ``line`` is legal from ``piles`` and empties them, by the rules alone: each
    move names two piles whose top cards' ranks (ace 1 to four 4) add up to five."""
    rank = {"A": 1, "2": 2, "3": 3, "4": 4}
    stacks = [pile.split() for pile in piles]
    for move in line.split():
        a, b = (int(n) - 1 for n in move.split("+"))
        if not stacks[a] or not stacks[b] or rank[stacks[a][-1][0]] + rank[stacks[b][-1][0]] != 5:
            return False
        stacks[a].pop()
        stacks[b].pop()
    return not any(stacks)


def test_the_guide_gives_one_folder_and_one_registry_line(tree: Path) -> None:
    files = guide_files()
    assert REGISTRY in files
    assert sorted(p for p in files if p != REGISTRY) == [
        f"{FOLDER}__init__.py",
        f"{FOLDER}game.py",
        f"{FOLDER}rules.py",
    ]
    original = (PACKAGE / "games" / "__init__.py").read_text().splitlines()
    changed = (tree / REGISTRY).read_text().splitlines()
    diff = [
        line
        for line in difflib.unified_diff(original, changed, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    removed = [line for line in diff if line.startswith("-")]
    added = [line for line in diff if line.startswith("+")]
    assert len(added) == 1 and len(removed) <= 1, diff
    assert '"fives"' in added[0]


def test_the_hand_checked_lines_follow_the_rules() -> None:
    # The test's own answers, checked against the rules before the package is asked.
    for deal, line in WON.items():
        assert plays_out(DEALS[deal], line), deal
    assert not plays_out(DEALS[1], "2+4 1+4 1+2")  # the ace with the wrong four
    assert not plays_out(DEALS[29], "1+2")  # two twos: no pair


def test_games_lists_the_new_preset_last(tree: Path) -> None:
    doc = cli_json(tree, "games")
    assert [entry["preset"] for entry in doc] == [*PRESETS, "fives"]
    fives = doc[-1]
    assert fives["game"] == "fives" and fives["rules"] == []
    assert "1+3" in fives["notation"]


def test_solve_wins_a_won_deal_with_its_one_line(tree: Path) -> None:
    doc = cli_json(tree, "solve", "fives", "1")
    assert doc["status"] == "won"
    line = " ".join(m["move"] for m in doc["moves"])
    assert line == WON[1]
    assert doc["moves"][0]["description"] == "3S from pile 2 with 2H from pile 4"


def test_solve_loses_a_lost_deal(tree: Path) -> None:
    doc = cli_json(tree, "solve", "fives", "51")
    assert doc["status"] == "lost" and doc["moves"] == []


def test_a_position_file_round_trips_and_hints_name_the_one_good_move(tree: Path) -> None:
    done = cli(tree, "show", "fives", "1")
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    for i, pile in enumerate(DEALS[1], 1):
        assert f"pile {i}: {pile}\n" in shown
    # The position after 2+4 (3S with 2H), written by editing the file as a person would.
    edited = (
        shown.replace("pile 2: 2S 3S\n", "pile 2: 2S\n")
        .replace("pile 4: AH 2H\n", "pile 4: AH\n")
        .replace("discards:", "discards: 3S 2H")
    )
    path = tree / "after-2+4.txt"
    path.write_text(edited)
    doc = cli_json(tree, "hint", "--file", str(path))
    verdicts = {row["move"]: row["status"] for row in doc["rows"]}
    # Tops 4H, 2S, 4S, AH: the ace goes with either four, and only 4S keeps the win.
    assert verdicts == {"3+4": "won", "1+4": "lost"}
    assert doc["recommended"] == "3+4"
    assert " ".join(doc["line"]) == "3+4 1+3 1+2"


def test_stats_count_the_hand_checked_deals(tree: Path) -> None:
    deals = ",".join(map(str, sorted(DEALS)))
    store = str(tree / "fives.sqlite")
    doc = cli_json(
        tree, "stats", "fives", "--deals", deals, "--jobs", "1", "--verify", "--db", store
    )
    assert doc["deals"] == len(DEALS) and doc["unknown"] == 0
    assert (doc["won"], doc["lost"]) == (len(WON), len(LOST))
    assert doc["lengths"] == {"4": len(WON)}  # every win pairs off four pairs
    assert doc["verified"] == len(WON)  # each winning line replayed from its deal
