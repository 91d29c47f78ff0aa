"""The compact models of the games against the games' own rules, on positions of random play.

A model restates a game on an abstract position, for speed; its one-step
successors must be exactly what the game's ``legal_moves`` and ``apply``
reach, seen through the same abstraction. The positions are those of random
lines of play from several deals (plays preferred to deals, so that the
foundations grow and the late rules, such as a full foundation or a set
flag, come into play).

Windmill's models work by ranks alone (:func:`~solitaire_solver.games.windmill.compact`:
foundation sizes, the flag, reserve ranks, the stock's and the waste's ranks),
so they are compared at that level: the compact forms of the real successors
against the model's successors. The relaxation's foundation moves have no
flag and see the foundations only (primary size, secondary sizes as a
multiset), so they are compared on positions with the flag clear, by the
foundations after each play.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_solver.games import make_game
from solitaire_solver.games.windmill import (
    PLAY,
    PRIMARY,
    RESERVE,
    SECONDARY,
    WASTE,
    Windmill,
    WindmillState,
    compact,
    rank_model,
)
from solitaire_solver.games.windmill.relaxation import RelaxedRules
from solitaire_solver.games.windmill.rules import SECONDARY_BITS, packed_sizes
from solitaire_solver.numbering import parse_deal_number

WINDMILL_VARIANTS = [
    ("windmill", {}),
    ("windmill-reversed", {}),
    ("windmill", {"foundation_moves": "free"}),
    ("windmill-reversed", {"foundation_moves": "free"}),
    ("windmill", {"redeals": 1}),
]

DEALS = range(1, 7)


def windmill(preset: str, rules: dict[str, Any]) -> Windmill:
    g = make_game(preset, rules)
    assert isinstance(g, Windmill)
    return g


def random_play(g: Windmill, number: int, steps: int = 300) -> list[WindmillState]:
    """Every position of one random line of play from deal ``number``.

    A play is chosen over the deal (or redeal) seven times in ten, so that
    the line gets far into the game before the stock runs out.
    """
    rng = random.Random(number)
    state = g.deal(parse_deal_number(number))
    out = [state]
    for _ in range(steps):
        moves = g.legal_moves(state)
        if not moves:
            break
        plays = [m for m in moves if m.kind == PLAY]
        turns = [m for m in moves if m.kind != PLAY]
        pool = plays if plays and (not turns or rng.random() < 0.7) else turns
        state = g.apply(state, rng.choice(pool))
        out.append(state)
    return out


@pytest.mark.parametrize(("preset", "rules"), WINDMILL_VARIANTS)
def test_windmill_rank_model_reaches_what_the_rules_reach(
    preset: str, rules: dict[str, Any]
) -> None:
    g = windmill(preset, rules)
    model = rank_model(g.problem)
    checked = 0
    for number in DEALS:
        for s in random_play(g, number):
            # A card moved between two secondaries (free rules) leads back to
            # the position itself (their sizes as a multiset stay as they
            # were): the model has no such move.
            real = {compact(g.apply(s, m)) for m in g.legal_moves(s)} - {compact(s)}
            ours = set(model.moves(compact(s)))
            assert ours == real, (number, s)
            checked += 1
    assert checked > 500


@pytest.mark.parametrize(("preset", "rules"), WINDMILL_VARIANTS)
def test_windmill_sub_games_reach_part_of_what_the_rules_reach(
    preset: str, rules: dict[str, Any]
) -> None:
    # The solver's sub-games (restricted moves of a free game, ranks held
    # back from the secondaries) only leave moves out. Free rules never set
    # the flag, so a sub-game's flag is compared as the real game keeps it.
    g = windmill(preset, rules)
    subs = [rank_model(g.problem, free=False, hold=2)]
    if g.problem.free:
        subs.append(rank_model(g.problem, free=False))
    for number in DEALS:
        for s in random_play(g, number)[::5]:
            real = {compact(g.apply(s, m)) for m in g.legal_moves(s)}
            for sub in subs:
                ours = sub.moves(compact(s))
                if g.problem.free:
                    ours = [(c[0], False, *c[2:]) for c in ours]
                assert set(ours) <= real


def foundations(s: WindmillState) -> int:
    """The foundations as the relaxation sees them: primary size and secondary sizes."""
    return len(s.primary) << SECONDARY_BITS | packed_sizes(map(len, s.secondaries))


@pytest.mark.parametrize(("preset", "rules"), WINDMILL_VARIANTS)
def test_windmill_relaxed_foundation_moves_are_the_rules_without_the_flag(
    preset: str, rules: dict[str, Any]
) -> None:
    # With the flag clear the relaxation's foundation moves are the rules'
    # own: a card of a rank the waste or the reserve offers goes to every
    # foundation that takes it, and the moves between foundations that
    # change the foundations (a card between two secondaries leaves the
    # sizes as they were) are the same.
    g = windmill(preset, rules)
    relaxed = RelaxedRules(g.problem)
    checked = 0
    for number in DEALS:
        for s in random_play(g, number):
            if s.flag:
                continue
            fd = foundations(s)
            real = set()
            for m in g.legal_moves(s):
                if m.kind == PLAY and m.dst in (PRIMARY, SECONDARY):
                    after = foundations(g.apply(s, m))
                    if after != fd:
                        real.add(after)
            _, _, homes, between = relaxed.entry(fd)
            offered = {c % 13 for c in s.reserve if c >= 0}
            if s.waste_top is not None:
                offered.add(s.waste_top % 13)
            ours = set(between)
            for rank in offered:
                ours.update(homes.get(rank, ()))
            assert ours == real, (number, s)
            checked += 1
    assert checked > 300


def test_random_play_reaches_the_rules_that_matter() -> None:
    # The positions above are worth checking only if random play reaches
    # set flags, moves between foundations and full secondaries.
    g = windmill("windmill", {})
    seen = set()
    for number in DEALS:
        for s in random_play(g, number):
            if s.flag:
                seen.add("flag")
            if any(len(p) == 13 for p in s.secondaries):
                seen.add("full secondary")
            for m in g.legal_moves(s):
                if m.kind == PLAY and m.src == SECONDARY:
                    seen.add("between")
                if m.kind == PLAY and m.src in (RESERVE, WASTE) and m.dst == PRIMARY:
                    seen.add("home")
    assert seen == {"flag", "full secondary", "between", "home"}
