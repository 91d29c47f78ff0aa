"""``solitaire-solver games``: each preset in a player's words, with its move notation."""

from __future__ import annotations

import json
import random
import re

import attrs
import pytest

from solitaire_solver import make_game, solve
from solitaire_solver.games import PRESETS
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from tests.support import ROOT, run_cli

EXAMPLES = {
    "decade": ["d", "x3-5"],
    "eagle-wing": ["d", "r", "2f", "w5", "t1", "36"],
    "windmill": ["d", "rd", "r3>p", "w>s2", "s1>p"],
    "black-hole": ["p5"],
}
"""Moves each game's notation line gives as examples (from the game pages' notation)."""


def notation_moves(notation: str) -> list[str]:
    """The moves a notation line names: ``d`` in ``d: deal``, and the examples after the
    last colon of an ``else SOURCE ...: 2f, w5`` part."""
    moves = []
    for part in notation.split("; "):
        word, _, rest = part.partition(": ")
        if word.startswith("else "):
            moves += rest.split(", ")
        else:
            moves.append(word)
    return moves


def move_shape(text: str) -> str:
    """A move's kind: its notation with every number as ``#`` (``w5`` and ``w2`` alike)."""
    return re.sub(r"[0-9]+", "#", text)


def shapes_in_play(preset: str, wins: int = 3) -> set[str]:
    """The kinds of move legal along the solver's winning lines of ``preset``'s first won
    deals, and along games from the same deals that play home first, then deal, else at
    random (a won line empties every pile; the others wander where it does not)."""
    game = make_game(preset)
    rng = random.Random(preset)
    seen: set[str] = set()
    number = won = 0
    while won < wins:
        number += 1
        start = game.deal(parse_deal_number(number))
        result = solve(preset, number, max_states=200_000)
        won += result.won
        state = start
        for move in result.moves if result.won else ():
            seen.update(move_shape(str(m)) for m in game.legal_moves(state))
            state = game.apply(state, move)
        state = start
        for _ in range(400):
            legal = game.legal_moves(state)
            if not legal:
                break
            seen.update(move_shape(str(m)) for m in legal)
            home = [m for m in legal if game.goes_home(state, m)]
            deal = [m for m in legal if str(m) == "d"]
            r = rng.random()
            move = home[0] if home and r < 0.6 else deal[0] if deal and r < 0.8 else None
            state = game.apply(state, move or rng.choice(legal))
    return seen


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_lists_only_the_moves_its_rules_make(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Windmill has no redeal and plain Eagle Wing no building: the notation of their presets
    # leaves out the moves those rules never make (`games` once listed them all).
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0
    notation = next(e["notation"] for e in json.loads(out) if e["preset"] == preset)
    listed = notation_moves(notation)
    made = shapes_in_play(preset)
    assert {move_shape(m) for m in listed} <= made, (listed, made)

    # And every kind of move made is listed, by its source (a card moved) or its letter.
    def source(text: str) -> str:
        return "#" if text[0].isdigit() else text[0]

    assert {source(m) for m in made} <= {source(m) for m in listed}, (listed, made)


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
        assert notation == game.notation_for(game.rules)
        # Each preset lists the game's examples its rules can make (see below).
        listed = notation_moves(notation)
        assert set(listed) <= set(EXAMPLES[entry["game"]]) | {"tf"}, listed
        for example in listed:
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


def test_games_plan_prints_the_presets_solver(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games", "--plan", "windmill")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "windmill: the solver's plan"
    assert "    member beams  weight 1" in lines
    assert "    member discrepancies  weight 1/32" in lines
    assert any(line.startswith("    member relaxation  weight 1, cap 35,000,000") for line in lines)
    code, out, _ = run_cli(capsys, "games", "--plan", "eagle-wing")
    assert "screen relaxation  cap 2,000 states" in out
    code, _, err = run_cli(capsys, "games", "--plan", "nothing")
    assert code == 2 and "unknown game 'nothing'" in err


def test_games_json_gives_each_presets_plan(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0
    for entry in json.loads(out):
        plan = PRESETS[entry["preset"]].solver_plan
        assert entry["plan"] == plan.as_json()
        assert [m["name"] for m in entry["plan"]["members"]] == [m.name for m in plan.members]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_result_names_a_member_of_its_plan(preset: str) -> None:
    game = make_game(preset)
    plan = game.plan
    names = {m.name for m in plan.members} | {s.name for s in plan.screens}
    for number in (1, 3):
        result = game.solve(game.deal(parse_deal_number(str(number))), SolveRequest.of(game))
        assert result.settled_by is not None
        assert result.settled_by.split(":")[0] in names, result.settled_by


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_knob_description_holds_for_every_value(name: str) -> None:
    """A knob's description describes the knob, not one of its values: ``games`` prints it
    beside whatever value a preset has (``compulsory=false`` once read "a run must be
    discarded while one exists"). A yes-or-no knob says what true and what false mean; a
    knob of a few words names each of them."""
    game = PRESETS[name].make()
    for field in attrs.fields(type(game.rules)):
        doc, parse = field.metadata["doc"], field.metadata["parse"]
        try:
            parse("\x00 not a value")
        except ValueError as exc:
            refusal = str(exc)
        else:
            raise AssertionError(f"{field.name} took a value that is not one")
        if refusal == "expected true or false":
            assert "true:" in doc and "false:" in doc, (field.name, doc)
        elif refusal.startswith("expected one of "):
            for word in refusal.removeprefix("expected one of ").split(", "):
                assert re.search(rf"\b{re.escape(word)}\b", doc), (field.name, word, doc)


def test_the_eagle_wing_text_gives_the_empty_wing_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """Plain Eagle Wing's text has the rule of the empty wing once the trunk is empty, as the
    rules give it for every preset (RULES.md: the waste's top card may fill the gap)."""
    code, out, _ = run_cli(capsys, "games", "--json")
    assert code == 0
    doc = {p["preset"]: p for p in json.loads(out)}
    assert (
        "once the trunk is empty, the waste's top card may fill an empty wing"
        in (doc["eagle-wing"]["summary"])
    )
