"""Every compact model's successors against the real rules, on positions of random play.

A compact model restates a game for the search (abstract positions, moves
that stand for several of the game's), and so restates its rules. Here the
positions a model reaches in one step from a position are compared with
what the game's own ``legal_moves`` and ``apply`` reach from it, both seen
through a common key. The positions come from random lines of play under
the real rules from several deals of every preset.

A game plugs in with a :class:`Case`: how to get its model's successors of
a game position, and what the rules reach, both as sets of keys. Where a
model folds forced follow-up moves into one step (safe moves home, deals
that change nothing but the place, a lone run's discard), its case compares
against the rules' closure under those moves, and says so. Windmill's
models, which see ranks and sizes rather than cards, are checked the same
way at that level in ``tests/games/test_models.py``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import attrs
import pytest

from solitaire_solver.games import Game, make_game
from solitaire_solver.games.black_hole import (
    BlackHole,
    BlackHoleProblem,
    BlackHoleState,
    SearchOptions,
)
from solitaire_solver.games.decade import CompulsoryModel, Decade, DecadeState
from solitaire_solver.games.decade.rules import _VALUE_BYTES, _RunShape
from solitaire_solver.games.eagle_wing import WASTE, EagleWing, EagleWingModel, EagleWingState
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Status, depth_first


@attrs.frozen
class Case:
    """One compact model, plugged into the check.

    ``game`` plays the random lines. ``model`` and ``rules`` take a position
    of those lines and give what the model reaches from it in one step and
    what the rules reach, each as a set of keys they share. The lines start
    from ``deals`` and choose a play over a deal with odds ``plays``.
    """

    preset: str
    game: Game[Any, Any]
    model: Callable[[Any], set[Hashable]]
    rules: Callable[[Any], set[Hashable]]
    deals: range = range(1, 7)
    plays: float = 0.75


def name_of(preset: str, knobs: dict[str, Any]) -> str:
    """The preset, and the knobs changed: ``eagle-wing-coops trunk_size=2``."""
    return " ".join([preset, *(f"{k}={v}" for k, v in knobs.items())])


def random_positions(
    game: Game[Any, Any], number: int, plays: float, steps: int = 200
) -> Iterator[Any]:
    """The positions of one random line of play from deal ``number`` under the rules.

    A move other than a deal or a redeal is chosen, when there is one, with
    odds ``plays``: high odds take the line far into the game before the
    stock runs out; low ones hold cards back where the rules allow it.
    """
    rng = random.Random(number)
    state = game.deal(parse_deal_number(number))
    yield state
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            return
        cards = [m for m in moves if not getattr(m, "is_deal", False)]
        cards = [m for m in cards if not getattr(m, "is_redeal", False)]
        turns = [m for m in moves if m not in cards]
        pool = cards if cards and (not turns or rng.random() < plays) else turns
        state = game.apply(state, rng.choice(pool))
        yield state


def closure(game: Game[Any, Any], state: Any) -> Any:
    """``state`` after the game's forced moves, made until there is none."""
    while (move := game.forced_move(state)) is not None:
        state = game.apply(state, move)
    return state


# ------------------------------------------------------------------ Black Hole


def black_hole_case(symmetry: bool) -> Case:
    """Black Hole's incremental problem with its prunings off (dominance, dead ends).

    The problem's children of a position, each the pile played and the key
    after it, against the legal moves: the key of each position they lead
    to is the key of a problem started there under the same key scheme.
    Making the move with ``do`` must give that key too, and ``undo`` must
    come back. The prunings only leave children out: with them on, the
    children are a part of the same set.
    """
    game = make_game("black-hole")
    assert isinstance(game, BlackHole)
    bare = SearchOptions(dominance=False, reachability=False, euler=False, symmetry=symmetry)
    pruned = SearchOptions(symmetry=symmetry)

    def model(state: BlackHoleState) -> set[Hashable]:
        problem = BlackHoleProblem(state, bare)
        out: set[Hashable] = set()
        for pile, key in problem.children():
            before = problem.key()
            problem.do(pile)
            assert problem.key() == key
            problem.undo(pile)
            assert problem.key() == before
            out.add((pile, key))
        kept = BlackHoleProblem(state, pruned, problem.scheme).children()
        assert set(kept) <= out
        return out

    def rules(state: BlackHoleState) -> set[Hashable]:
        scheme = BlackHoleProblem(state, bare).scheme
        return {
            (m.pile, BlackHoleProblem(game.apply(state, m), bare, scheme).key())
            for m in game.legal_moves(state)
        }

    # Most lines of random play get stuck within a dozen moves: more deals.
    name = f"black-hole{'' if symmetry else ' (no symmetry)'}"
    return Case(name, game, model, rules, range(1, 41))


# ------------------------------------------------------------------ Decade


def decade_case(preset: str, **knobs: Any) -> Case:
    """Decade's compulsory model, whose step is a discard and the forced chain after it.

    The model's positions are branch points (two runs or more); a step
    discards one run and follows the chain of forced moves (a deal where
    there is no run, the discard of a lone run) to the next branch point,
    the won end or a dead end. So the rules' side is, for each run, the
    closure under moves that are the only legal one. From a position with
    no choice, the step compared is the model's start (the chain it follows
    at once). The common key is the run discarded first with, at the end,
    the line's values, the cards dealt and the runs (the model keeps them
    with a branch point). A model's dead end may come
    early (a bound says the line can no longer be cleared): the rules'
    closure must then be lost, which a plain search of the rules shows, and
    it counts as the same end.

    ``decade-optional`` is settled by a table, not by a search over
    successors; its positions (which hold runs back, so their lines are
    long and full of runs) are checked against the compulsory model, which
    its difficulty figure asks, under the compulsory rules.
    """
    player = make_game(preset, knobs)
    assert isinstance(player, Decade)
    game = Decade(attrs.evolve(player.rules, compulsory=True))
    shape = _RunShape.of(player.rules)
    won, dead = ("won",), ("dead",)

    def values(cards: Any) -> bytes:
        return bytes(cards).translate(_VALUE_BYTES)

    def model_end(node: tuple[Any, ...]) -> Hashable:
        if node == ((None,), None):
            return won
        if node == ((), None):
            return dead
        if len(node[0]) == 3:
            # A line kept as a stack of prefix totals (see CompulsoryModel); a
            # hit is a run from the card whose prefix total is kept to the end.
            (below, total, k), hits = node
            prefix = [x - shape.top for x in range(below.bit_length()) if below >> x & 1]
            prefix.append(total)
            line = tuple(b - a for a, b in itertools.pairwise(prefix))
            runs = set()
            for bit in range(hits.bit_length()):
                if hits >> bit & 1:
                    j = prefix.index(total - shape.top + bit)
                    runs.add((j, len(line) - j))
            return line, k + 1, frozenset(runs)
        (line, k), runs = node
        return tuple(line), k, frozenset(runs)

    def first_run(discards: list[tuple[int, ...]]) -> tuple[int, int]:
        if len(discards[0]) == 4:
            _k, kept, gone, _ = discards[0]
            return kept.bit_count(), gone.bit_count()
        _k, start, length = discards[0]
        return start, length

    def chain_end(state: DecadeState) -> tuple[Hashable, DecadeState]:
        moves = game.moves(state)
        while len(moves) == 1:
            state = game.apply(state, moves[0])
            moves = game.moves(state)
        if game.is_won(state):
            return won, state
        if not moves:
            return dead, state
        runs = frozenset((m.start, m.length) for m in moves)
        return (tuple(values(state.line)), state.dealt, runs), state

    def rules_ends(
        state: DecadeState,
    ) -> dict[tuple[int, int] | None, tuple[Hashable, DecadeState]]:
        moves = game.moves(state)
        if len(moves) < 2:
            return {None: chain_end(state)}
        return {(m.start, m.length): chain_end(game.apply(state, m)) for m in moves}

    def rules(state: DecadeState) -> set[Hashable]:
        return {(run, end) for run, (end, _state) in rules_ends(state).items()}

    def model(state: DecadeState) -> set[Hashable]:
        m = CompulsoryModel(shape, values(state.line), values(state.stock), state.dealt)
        ours: dict[tuple[int, int] | None, Hashable]
        if m.lead is not None:
            ours = {None: model_end(m.start)}
        else:
            ours = {first_run(macro[0]): model_end(child) for macro, child in m.successors(m.start)}
        ends = rules_ends(state)
        for run, end in ours.items():
            if end == dead and run in ends and ends[run][0] != dead:
                # The model's bound ended the chain early: the rules' end is lost.
                assert depth_first(game, ends[run][1]).status is Status.LOST
                ours[run] = ends[run][0]
        return set(ours.items())

    # Under optional rules, lines that mostly deal keep runs back: long lines
    # full of runs, where discards bring cards together into new runs.
    plays = 0.75 if player.rules.compulsory else 0.2
    return Case(name_of(preset, knobs), player, model, rules, plays=plays)


# ------------------------------------------------------------------ Eagle Wing


def eagle_wing_case(preset: str, **knobs: Any) -> Case:
    """Eagle Wing's compact model, whose step is a move and the safe moves home after it.

    Every position of the model is closed (no safe move home left), so the
    game position is first closed under the game's forced moves (the safe
    ones, :func:`~solitaire_solver.games.eagle_wing.rules.safe_home`), and
    every position the rules reach is closed too. The common key is the
    model's position of a game position (foundations, trunk left, wings as
    a sorted set, talon, place).

    Without building, deals are moves of their own: the model's children
    are the rules' moves, position for position. With building a model move
    takes a talon card with the deals (and the redeal) that bring it to the
    top of the waste, at the earliest place it is there; so the rules' side
    follows deals and redeals on while they change nothing but the place
    (a deal whose card goes home at once is a move like any other), and
    after them moves only the waste's top card, the card they brought up;
    it leaves out the positions that differ from the start by the place
    alone, and keeps each arrangement at the earliest place it is reached.
    """
    game = make_game(preset, knobs)
    assert isinstance(game, EagleWing)
    macro = game.rules.builds

    def earliest(positions: Any) -> set[Hashable]:
        best: dict[Any, int] = {}
        for key, place in positions:
            best[key] = min(place, best.get(key, place))
        return set(best.items())

    def model(state: EagleWingState) -> set[Hashable]:
        m = EagleWingModel(game.rules, state)
        start = closure(game, state)
        pos = m.position(start)
        assert m.close(pos) == (pos, 0), "the rules' safe moves close the model's position"
        children = [child for _move, child in m.successors(pos)]
        return earliest(children) if macro else set(children)

    def rules(state: EagleWingState) -> set[Hashable]:
        m = EagleWingModel(game.rules, state)
        start = closure(game, state)
        key = m.position(start)[0]
        if not macro:
            return {
                m.position(closure(game, game.apply(start, mv))) for mv in game.legal_moves(start)
            }
        out = []
        waiting, seen = [start], {m.position(start)}
        while waiting:
            here = waiting.pop()
            for mv in game.legal_moves(here):
                if here is not start and not (mv.source == WASTE or mv.is_deal or mv.is_redeal):
                    continue  # after deals only the card they bring up moves
                after = closure(game, game.apply(here, mv))
                pos = m.position(after)
                if pos[0] != key:
                    out.append(pos)
                elif (mv.is_deal or mv.is_redeal) and pos not in seen:
                    seen.add(pos)
                    waiting.append(after)
        return earliest(out)

    return Case(name_of(preset, knobs), game, model, rules)


CASES = [
    black_hole_case(symmetry=True),
    black_hole_case(symmetry=False),
    decade_case("decade"),
    decade_case("decade-optional"),
    # Runs of at most four cards: the model keeps every line as a line.
    decade_case("decade", max_run=4),
    eagle_wing_case("eagle-wing"),
    eagle_wing_case("eagle-wing-coops"),
    # Short trunks empty early: moves to a gap, wings that empty for good.
    eagle_wing_case("eagle-wing", trunk_size=2),
    eagle_wing_case("eagle-wing-coops", trunk_size=2),
    # Building with room for one card: reduction 3 without stacking.
    eagle_wing_case("eagle-wing-coops", wing_capacity=1),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.preset)
def test_model_successors_are_what_the_rules_reach(case: Case) -> None:
    checked = 0
    for number in case.deals:
        for i, state in enumerate(random_positions(case.game, number, case.plays)):
            assert case.model(state) == case.rules(state), (case.preset, number, i)
            checked += 1
    assert checked > 100
