"""``solitaire-solver games``: each preset in a player's words, with its move notation."""

from __future__ import annotations

import json
import re

import pytest

from solitaire_solver import make_game
from solitaire_solver.games import PRESETS

from .support import ROOT, run_cli

EXAMPLES = {
    "decade": ["d", "x3-5"],
    "eagle-wing": ["d", "r", "2f", "w5", "t1", "36"],
    "windmill": ["d", "rd", "r3>p", "w>s2", "s1>p"],
    "black-hole": ["p5"],
}
"""Moves each game's notation line gives as examples (from the game pages' notation)."""

SEED = re.compile(r"\bthe seed\b(?! of)|\bseed's\b|\bseed (?:game|text)|\bseeds/", re.I)
"""Words about the games' source texts, which a user has no way to read; a random seed
(``--seed``, "the seed of the draw", "seeds 2, 3") is another matter."""


def test_games_json_gives_the_notation_and_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0
    doc = json.loads(out)
    assert [e["preset"] for e in doc] == list(PRESETS)
    for entry in doc:
        game = make_game(entry["preset"])
        notation = entry["notation"]
        for example in EXAMPLES[entry["game"]]:
            assert re.search(rf"(?<![\w>-]){re.escape(example)}(?![\w>-])", notation), example
            assert str(game.parse_move(example)) == example
        page = ROOT / entry["docs"]
        assert page.is_file()
        text = page.read_text()
        assert all(f"`{example}`" in text for example in EXAMPLES[entry["game"]])


def test_games_text_says_what_wins_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    assert not SEED.search(out)
    blocks = out.strip().split("\n\n")
    assert [b.split()[0] for b in blocks] == list(PRESETS)
    for block in blocks:
        assert "moves: " in block
        assert max(len(line) for line in block.splitlines() if "=" not in line) <= 80
    # Each game's own presets say what wins; a variant may say "the same" instead.
    for name in ("decade", "eagle-wing", "windmill", "black-hole"):
        block = next(b for b in blocks if b.startswith(f"{name}  "))
        assert re.search(r"Won when (all \d+ cards|every card)", " ".join(block.split()))


def test_no_seed_wording_for_users() -> None:
    # The docs, and the docstrings that help() shows.
    files = [
        ROOT / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted((ROOT / "solitaire_solver").rglob("*.py")),
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in files
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if SEED.search(line)
    ]
    assert found == []
