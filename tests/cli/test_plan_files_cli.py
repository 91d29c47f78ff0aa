"""``--plan FILE``: a plan file is checked whole when it is read, whatever the command runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import run_cli


def _plan_with_shortest(tmp_path: Path, capsys: pytest.CaptureFixture[str], first: int) -> Path:
    """Black Hole's plan file, as ``games --plan`` writes it, whose shortest section runs a
    depth-first member (the ordinary one's parameters, with ``first`` changed) instead of
    marking every win shortest."""
    code, out, _ = run_cli(capsys, "games", "--plan", "black-hole", "--json")
    assert code == 0
    doc = json.loads(out)
    own = doc["plan"]["members"][0]
    assert own["factory"] == "depth-first" and own["params"]["first"] >= 1
    # The restarts of a depth-first search start from `first` states: at least 1.
    member = {"name": "depth-first", "params": {**own["params"], "first": first}}
    doc["plan"]["shortest"] = {"every_win": False, "members": [member]}
    path = tmp_path / f"black-hole-{first}.json"
    path.write_text(json.dumps(doc, indent=2))
    return path


def test_a_bad_number_in_a_shortest_member_is_refused_without_shortest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A solve without --shortest never runs the section, yet its bad member is named when
    # the file is read: one line, the file and the member's place, status 2.
    path = _plan_with_shortest(tmp_path, capsys, 0)
    for command in (("solve", "black-hole", "3"), ("stats", "black-hole", "--deals", "3")):
        code, out, err = run_cli(capsys, *command, "--plan", str(path))
        assert code == 2 and out == "", command
        assert len(err.strip().splitlines()) == 1, err
        assert err.startswith(f"solitaire-solver: error: --plan {path}: shortest.members[0] ")
        assert "first >= 1" in err


def test_a_good_shortest_member_in_a_plan_file_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same section with a number in range reads, and a shortest solve runs it (deal 3
    # is won; in RULES.md's Black Hole each move plays one of the 51 cards dealt to the
    # piles to the hole, so every winning line has 51 moves).
    path = _plan_with_shortest(tmp_path, capsys, 20)
    code, out, err = run_cli(capsys, "solve", "black-hole", "3", "--plan", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["status"] == "won"
    args = ("solve", "black-hole", "3", "--shortest", "--plan", str(path), "--json")
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["status"] == "won" and len(doc["moves"]) == 51


def test_the_most_samples_are_the_plans(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Decade's plan with a most K of 100 instead of 10,000: a stats run of the fair player
    # asking for 200 is refused in one line naming the plan's figure; 100 is within it.
    code, out, _ = run_cli(capsys, "games", "--plan", "decade", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["plan"]["fair"]["most_samples"] == 10_000
    doc["plan"]["fair"]["most_samples"] = 100
    path = tmp_path / "decade-100.json"
    path.write_text(json.dumps(doc))
    base = ("stats", "decade", "--deals", "1", "--player", "fair", "--plan", str(path))
    db = ("--db", str(tmp_path / "s.sqlite"), "--jobs", "1")
    code, out, err = run_cli(capsys, *base, "--samples", "200", *db)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "--samples: a fair hint of decade solves at most 100 samples" in err
    code, out, err = run_cli(capsys, *base, "--samples", "100", "--sample-states", "2000", *db)
    assert code == 0, err
    assert "fair samples=100" in out
