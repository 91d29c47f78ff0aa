"""A game is built whole: its attributes are fixed at construction, and another plan makes
another game."""

from __future__ import annotations

import pytest

from solitaire_solver import PRESETS, SolveRequest, make_game
from solitaire_solver.games.black_hole import BlackHole, BlackHoleRules
from solitaire_solver.search import Limits


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_attribute_of_a_game_can_be_set_or_deleted_after_construction(preset: str) -> None:
    game = make_game(preset)
    for name in ("plan", "rules", "preset", "preset_plan", "preset_rules", "something_new"):
        with pytest.raises(AttributeError, match="built whole"):
            setattr(game, name, None)
    with pytest.raises(AttributeError, match="built whole"):
        del game.plan
    # Its own attributes, the game's class's too, are as construction left them.
    assert game.plan == PRESETS[preset].solver_plan
    assert game.rules == PRESETS[preset].rules


def test_with_plan_gives_a_new_game_and_leaves_the_old_one_as_it_was() -> None:
    game = make_game("windmill", {"foundation_moves": "free"})
    plan, limits, fingerprint = game.plan, game.default_limits, game.fingerprint
    other = game.with_plan(game.plan.replace(limits=Limits(max_states=10), limits_when=()))
    assert other is not game and type(other) is type(game)
    # The new game: the plan given, its defaults, the same rules and preset.
    assert other.default_limits == Limits(max_states=10)
    assert SolveRequest.of(other).limits == Limits(max_states=10)
    assert (other.rules, other.preset, other.fingerprint) == (game.rules, game.preset, fingerprint)
    assert other.preset_plan == plan and other.plan_digest is not None
    assert other.changed_rules() == [("foundation_moves", "free")]
    # The old one: unchanged.
    assert (game.plan, game.default_limits, game.plan_digest) == (plan, limits, None)
    assert SolveRequest.of(game).limits == limits != Limits(max_states=10)


def test_a_game_built_without_a_preset_is_its_own_preset() -> None:
    game = BlackHole(BlackHoleRules())
    assert (game.preset, game.plan, game.preset_plan) == (
        "black-hole",
        BlackHole.default_plan,
        BlackHole.default_plan,
    )
    assert game.changed_rules() == [] and game.plan_digest is None
    with pytest.raises(TypeError, match="is not a preset of"):
        BlackHole(BlackHoleRules(), PRESETS["decade"])
