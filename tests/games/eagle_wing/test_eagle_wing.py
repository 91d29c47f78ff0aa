"""Eagle Wing: dealing, moves, notation, position lines, verdicts and the search."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_solver import api
from solitaire_solver.cards import parse_card
from solitaire_solver.errors import BadMoveError, BadRuleError, DealFileError, IllegalMoveError
from solitaire_solver.games import find_preset, make_game
from solitaire_solver.games.eagle_wing import (
    DEAL,
    FOUNDATION,
    REDEAL,
    TRUNK,
    WASTE,
    EagleWing,
    EagleWingModel,
    EagleWingMove,
    EagleWingState,
)
from solitaire_solver.games.eagle_wing.relaxation import relaxed_run
from solitaire_solver.games.eagle_wing.rules import (
    DOWN_IN_SUIT,
    UP,
    EagleWingRules,
    built_on,
)
from solitaire_solver.numbering import shuffled_talon
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import (
    Budget,
    Limit,
    Limits,
    SolveResult,
    Status,
    astar,
    depth_first,
    dfs,
    drive,
)
from solitaire_solver.search import solve as solve_run
from tests.helpers import assert_replays_to_win, assert_result_sound
from tests.helpers.eagle_wing import (
    BUILD,
    COOPS,
    STRICT,
    dealt,
    game_of,
    hand_made,
    lines,
    position,
    read,
)
from tests.support import run_cli

# ------------------------------------------------------------------ positions


def roundtrip(game: EagleWing, state: EagleWingState) -> EagleWingState:
    return read(game, game.position_fields(state))


# ------------------------------------------------------------------ a reference


class Reference:
    """Every legal move, no forced moves, no pruning: the plain search.

    ``allow`` may leave out moves, to show that a position needs them.
    """

    def __init__(
        self,
        game: EagleWing,
        allow: Callable[[EagleWingState, EagleWingMove], bool] | None = None,
    ) -> None:
        self.game = game
        self.allow = allow

    def moves(self, state: EagleWingState) -> list[EagleWingMove]:
        moves = self.game.legal_moves(state)
        if self.allow is not None:
            moves = [m for m in moves if self.allow(state, m)]
        return moves

    def apply(self, state: EagleWingState, move: EagleWingMove) -> EagleWingState:
        return self.game.apply(state, move)

    def is_won(self, state: EagleWingState) -> bool:
        return sum(state.foundations) == 52

    def key(self, state: EagleWingState) -> Hashable:
        # The whole position; only the order of the wings, which the rules
        # make interchangeable, is left out.
        return (
            state.foundations,
            state.trunk,
            tuple(sorted(state.wings)),
            state.talon,
            state.waste_size,
            state.redeals_used,
        )

    def forced_move(self, state: EagleWingState) -> None:
        return None

    def is_dead(self, state: EagleWingState) -> bool:
        return False

    def heuristic(self, state: EagleWingState) -> int:
        return 0


def reference_status(game: EagleWing, state: EagleWingState, **kw: Any) -> Status:
    return depth_first(Reference(game, **kw), state).status


def solve(game: EagleWing, state: EagleWingState) -> Status:
    result = game.solve(state, SolveRequest.of(game))
    assert_result_sound(game, state, result)
    return result.status


# ------------------------------------------------------------------ dealing


def test_deal_one_matches_rules_known_answer() -> None:
    game = game_of()
    state = dealt(game, 1)
    fields = dict(game.position_fields(state))
    assert fields["foundations"] == "JD"
    assert fields["base"] == "J"
    assert fields["trunk"] == "2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC"
    assert fields["wings"] == "AS, JS, QD, 9D, KS, 2S, 3H, KH"
    assert fields["waste"] == "AH"
    assert fields["stock"].startswith("3C 4C 5C TS QH")
    assert len(state.stock) == 29
    assert state.redeals_used == 0


@pytest.mark.parametrize("size", [0, 15, 17, 19, 21, 42])
def test_other_trunk_sizes_deal_in_the_same_order(size: int) -> None:
    state = dealt(game_of(trunk_size=size), 123456)
    order = [c % 52 for c in reversed(shuffled_talon(123456))]
    assert state.foundations[order[0] // 13] == 1 and sum(state.foundations) == 1
    assert list(state.trunk) == order[1 : 1 + size]
    wings = order[1 + size : 9 + size]
    assert [p[0] for p in state.wings] == wings[::-1]  # wing 7 is dealt first
    assert list(state.talon) == order[9 + size :]
    assert state.waste_size == 1
    assert len(state.stock) == 42 - size


def test_coops_deals_like_the_strict_preset() -> None:
    assert dealt(game_of(COOPS), 77) == dealt(game_of(), 77)


# ------------------------------------------------------------------ rules and knobs


def test_presets_and_knobs() -> None:
    strict = find_preset(STRICT).rules
    coops = find_preset(COOPS).rules
    assert (strict.trunk_size, strict.redeals, strict.wing_capacity, strict.building) == (
        13,
        2,
        1,
        "none",
    )
    assert (coops.wing_capacity, coops.building) == (3, "down-in-suit")
    game = make_game(STRICT, ["trunk_size=17", "redeals=1", "building=down_in_suit"])
    assert game.rules.trunk_size == 17 and game.rules.redeals == 1
    assert game.rules.building == "down-in-suit"


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("trunk_size=43", "trunk_size"),
        ("trunk_size=many", "trunk_size"),
        ("redeals=-1", "redeals"),
        ("wing_capacity=0", "wing_capacity"),
        ("building=up", "building"),
        ("wingspan=3", "unknown rule 'wingspan'"),
    ],
)
def test_bad_knobs_are_named(rule: str, words: str) -> None:
    with pytest.raises(BadRuleError, match=words):
        make_game(STRICT, [rule])


# ------------------------------------------------------------------ moves


def test_empty_wing_takes_the_trunk_top_at_once() -> None:
    game = game_of()
    # Spades need 9S; hearts need 4H, the trunk's top card.
    state = position(
        game,
        base="A",
        foundations="8S KC 3H KD",
        trunk="TS JS QS KS 4H",
        wings="5H, 6H, 9S, 7H, 8H, 9H, TH, JH",
        stock="QH KH",
    )
    # Wings count from 1: the 9S is on wing 3 (index 2).
    move = game.parse_move("3f")
    assert move.source == 2
    assert game.describe(state, move) == "9S from wing 3 to foundation; trunk's 4H fills wing 3"
    after = game.play(state, move)
    assert after.wings[2] == (parse_card("4H"),)
    assert after.trunk == tuple(parse_card(c) for c in ("TS", "JS", "QS", "KS"))
    assert after.foundations == (13, 9, 3, 13)
    result = game.solve(after, SolveRequest.of(game))
    assert result.won
    assert_replays_to_win(game, after, result.moves)


def test_trunk_with_gaps_is_rejected() -> None:
    game = game_of()
    with pytest.raises(DealFileError, match=r"p\.txt, line 4: wing 2 is empty"):
        position(
            game,
            base="A",
            foundations="QS KC KH QD",
            trunk="KS",
            wings="KD, -, -, -, -, -, -, -",
        )


def test_last_trunk_card_moves() -> None:
    game = game_of(COOPS)
    # Spades need JS, the trunk's last card, which is face up.
    state = position(
        game,
        base="A",
        foundations="TS 4C KH KD",
        trunk="JS",
        wings="QS, KS, 5C, 6C, 7C, 8C, 9C, TC",
        stock="JC QC KC",
    )
    legal = game.legal_moves(state)
    assert EagleWingMove(TRUNK, FOUNDATION) in legal
    assert EagleWingMove(TRUNK, 0) in legal  # JS built down on QS
    assert EagleWingMove(TRUNK, 1) not in legal  # not on KS
    assert game.describe(state, EagleWingMove(TRUNK, FOUNDATION)) == (
        "JS from trunk to foundation; the trunk is empty"
    )
    after = game.play(state, EagleWingMove(TRUNK, FOUNDATION))
    assert after.trunk == ()
    with pytest.raises(IllegalMoveError):
        game.play(state, EagleWingMove(TRUNK, 3))


def test_deal_and_redeal() -> None:
    game = game_of(redeals=1)
    state = position(
        game,
        base="A",
        foundations="KS KC QH KD",
        wings="-, -, -, -, -, -, -, -",
        waste="KH",
    )
    legal = game.legal_moves(state)
    assert DEAL not in legal and REDEAL in legal
    after = game.play(state, REDEAL)
    assert after.waste == () and after.stock == (parse_card("KH"),)
    assert after.redeals_used == 1
    assert game.describe(after, DEAL) == "deal KH"
    again = game.play(game.play(after, DEAL), EagleWingMove(WASTE, 3))
    assert REDEAL not in game.legal_moves(game.apply(after, DEAL))
    assert again.wings[3] == (parse_card("KH"),)


def test_moves_are_legal_moves() -> None:
    for preset in (STRICT, COOPS):
        game = game_of(preset)
        state = dealt(game, 5)
        for _ in range(60):
            legal = game.legal_moves(state)
            assert set(game.moves(state)) <= set(legal)
            forced = game.forced_move(state)
            assert forced is None or forced in legal
            if not legal:
                break
            state = game.apply(state, legal[len(legal) // 2])


# ------------------------------------------------------------------ notation

moves_st = st.one_of(
    st.just(DEAL),
    st.just(REDEAL),
    st.builds(
        EagleWingMove,
        st.sampled_from([WASTE, TRUNK, *range(8)]),
        st.sampled_from([FOUNDATION, *range(8)]),
    ).filter(lambda m: not (m.source < 8 and m.source == m.target)),
)


@given(moves_st)
def test_notation_round_trips(move: EagleWingMove) -> None:
    game = game_of()
    assert game.parse_move(str(move)) == move
    assert game.parse_move(f" {str(move).upper()} ") == move


def test_wings_count_from_one_in_the_notation() -> None:
    game = game_of()
    assert str(EagleWingMove(0, FOUNDATION)) == "1f" and str(EagleWingMove(WASTE, 7)) == "w8"
    assert game.parse_move("18") == EagleWingMove(0, 7)


@pytest.mark.parametrize("text", ["", "x", "9f", "w9", "0f", "w0", "33", "fw", "d3", "wf f"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(BadMoveError, match="eagle-wing move"):
        game_of().parse_move(text)


# ------------------------------------------------------------------ position lines


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(1, 10**7),
    st.sampled_from([STRICT, COOPS]),
    st.lists(st.integers(0, 1000), max_size=40),
)
def test_position_lines_round_trip(number: int, preset: str, picks: list[int]) -> None:
    game = game_of(preset)
    state = dealt(game, number)
    assert roundtrip(game, state) == state
    for pick in picks:
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, legal[pick % len(legal)])
        assert roundtrip(game, state) == state


def lines_of_deal_one() -> dict[str, str]:
    game = game_of()
    return dict(game.position_fields(dealt(game, 1)))


@pytest.mark.parametrize(
    ("label", "text", "message", "where"),
    [
        ("trunk", "2D 9H JC 5D 7H 7C 5H KD KC 9S 5S QC QC", "card QC appears twice", "trunk"),
        ("trunk", "2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD", "1 card missing: QC", None),
        ("trunk", "2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD AS", "card AS appears twice", "wings"),
        ("stock", "3C 4C 5C TS QH 4H AC 4D ZZ", "not a card: 'ZZ'", "stock"),
        ("wings", "AS, JS, QD, 9D, KS, 2S, 3H", "expected 8 wings", "wings"),
        ("wings", "AS, JS, QD, 9D, KS, 2S, 3H, KH AH", "wing 8 holds 2 cards", "wings"),
        ("foundations", "JD QD", "two foundation cards of one suit: QD", "foundations"),
        ("foundations", "QD", "card QD appears twice", "wings"),
        ("base", "Z", "bad base rank 'Z'", "base"),
        ("redeals used", "3", "redeals used 3 is outside 0..2", "redeals used"),
        ("redeals used", "two", "bad redeals used 'two'", "redeals used"),
    ],
)
def test_position_errors_name_line_and_card(
    label: str, text: str, message: str, where: str | None
) -> None:
    game = game_of()
    lines = lines_of_deal_one()
    lines[label] = text
    order = list(lines)
    with pytest.raises(DealFileError) as info:
        read(game, list(lines.items()))
    assert message in str(info.value)
    # A missing card belongs to no line: the error points past the last one.
    expected = len(order) + 1 if where is None else order.index(where) + 1
    assert info.value.line == expected
    assert str(info.value).startswith(f"p.txt, line {expected}: ")


def moved(lines: dict[str, str], card: str, source: str, target: str) -> dict[str, str]:
    """``lines`` with ``card`` taken from the line ``source`` and put at the end of ``target``
    (or, for the stock, first: the next card dealt)."""
    out = dict(lines)
    out[source] = " ".join(w for w in out[source].split() if w != card)
    out[target] = f"{card} {out[target]}" if target == "stock" else f"{out[target]} {card}"
    return out


@pytest.mark.parametrize(
    ("change", "message", "where"),
    [
        # The issue's file: a stock card moved to the trunk, which the solver then won.
        (lambda d: moved(d, "3C", "stock", "trunk"), "trunk: 14 cards, more than the 13", "trunk"),
        (
            lambda d: moved(d, "QC", "trunk", "stock"),
            "waste and stock: 31 cards, more than the 30 the deal puts there",
            "stock",
        ),
        (
            lambda d: {**moved(d, "JD", "foundations", "waste"), "foundations": ""},
            "foundations: empty, but the deal puts its first card on a foundation",
            "foundations",
        ),
        (
            lambda d: {**d, "trunk": "??", "stock": d["stock"] + " " + d["trunk"]},
            "trunk: its last card, alone, is face up",
            "trunk",
        ),
    ],
    ids=["trunk of 14", "talon of 31", "no foundation card", "lone trunk card hidden"],
)
def test_a_position_no_play_reaches_is_refused(
    change: Callable[[dict[str, str]], dict[str, str]], message: str, where: str
) -> None:
    game = game_of()
    lines = change(lines_of_deal_one())
    with pytest.raises(DealFileError, match=re.escape(message)) as info:
        read(game, list(lines.items()))
    assert info.value.line == list(lines).index(where) + 1


def test_the_fourteen_card_trunk_of_the_issue_is_refused_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was solved, "won in 126 moves", though no play puts a 14th card in the trunk.
    lines = moved(lines_of_deal_one(), "3C", "stock", "trunk")
    text = "game: eagle-wing\n" + "".join(f"{k}: {v}\n" for k, v in lines.items())
    path = tmp_path / "fourteen.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "solve", "--file", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"solitaire-solver: error: {path}, line 4: trunk: 14 cards, more than the 13 the deal "
        "puts there (trunk_size=13), and cards only leave it\n"
    )


def test_position_errors_for_building() -> None:
    game = game_of(COOPS)
    lines = lines_of_deal_one()
    lines["wings"] = "AS, JS, QD, 9D, KS, 2S, 3H 2C, KH"
    with pytest.raises(DealFileError, match="wing 7: 2C is not built down in suit on 3H"):
        read(game, list(lines.items()))
    lines["wings"] = "AS, JS, QD, 9D, KS, 2S, 3H 2H AH KH, -"
    with pytest.raises(DealFileError, match="wing 7 holds 4 cards"):
        read(game, list(lines.items()))
    lines = lines_of_deal_one()
    lines["colour"] = "red"
    with pytest.raises(DealFileError, match="unknown label 'colour'"):
        read(game, list(lines.items()))


def test_show_names_the_parts() -> None:
    game = game_of()
    text = game.show(dealt(game, 1))
    assert "JD" in text and "AS | JS" in text and "top AH" in text and "29 cards" in text


# ------------------------------------------------------------------ hand-made verdicts

# Worked out by hand; the comments give the reasoning, the plain reference
# search confirms it, and the game's own search must agree.

# Clubs need 2C, 3C, 4C (every foundation starts at 5; the others are full).
# The trunk is gone and every wing is empty; no redeal is left. The stock
# deals 3C, 4C, 2C: 2C goes home and then 4C covers 3C for good, unless 3C
# (or 4C) was parked on an empty wing on the way.
PARKING = hand_made(
    base="5",
    foundations="AC 4S 4H 4D",
    wings="-, -, -, -, -, -, -, -",
    stock="3C 4C 2C",
    redeals_used="2",
)

# Clubs need 6C..TC from the stock, then JC..4C from the wings; spades need
# 2S, which lies under 4S in the trunk, and 3S waits on a wing, so no wing
# empties before JC goes home and nothing can be parked. Pass order 8C 9C 7C
# TC 6C: the first pass takes 6C home (TC covers 7C), the second 7C (9C covers
# 8C), the third 8C, 9C, TC. Then JC goes home, 4S fills its wing, QC goes
# home, the trunk's last card 2S is face up and goes home, and the rest follow.
THREE_PASSES = hand_made(
    base="5",
    foundations="5C AS 4H 4D",
    trunk="2S 4S",
    wings="JC, QC, KC, AC, 2C, 3C, 4C, 3S",
    stock="8C 9C 7C TC 6C",
)


def no_parking(state: EagleWingState, move: EagleWingMove) -> bool:
    return not (move.source == WASTE and move.target < 8 and not state.wings[move.target])


def no_building(state: EagleWingState, move: EagleWingMove) -> bool:
    return move.target == FOUNDATION or move.source > 9 or not state.wings[move.target]


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_won_only_by_parking_a_waste_card(preset: str) -> None:
    game = game_of(preset)
    state = position(game, **PARKING)
    assert solve(game, state) is Status.WON
    assert reference_status(game, state) is Status.WON
    assert reference_status(game, state, allow=no_parking) is Status.LOST
    line = game.solve(state, SolveRequest.of(game)).moves
    assert any(m.source == WASTE and m.target != FOUNDATION for m in line)


def test_won_only_with_the_last_redeal() -> None:
    game = game_of()
    state = position(game, **THREE_PASSES)
    assert solve(game, state) is Status.WON
    assert reference_status(game, state) is Status.WON
    line = game.solve(state, SolveRequest.of(game)).moves
    assert line.count(REDEAL) == 2
    # One redeal fewer, by the rules or because one was used: lost.
    fewer = game_of(redeals=1)
    assert solve(fewer, position(fewer, **THREE_PASSES)) is Status.LOST


def test_lost_only_because_the_redeals_run_out() -> None:
    game = game_of()
    state = position(game, **{**THREE_PASSES, "redeals_used": "1"})
    assert solve(game, state) is Status.LOST
    assert reference_status(game, state) is Status.LOST
    more = game_of(redeals=3)
    assert solve(more, position(more, **{**THREE_PASSES, "redeals_used": "1"})) is Status.WON


def test_coops_won_only_by_building_on_a_wing() -> None:
    coops = game_of(COOPS)
    state = position(coops, **BUILD)
    assert solve(coops, state) is Status.WON
    assert reference_status(coops, state) is Status.WON
    assert reference_status(coops, state, allow=no_building) is Status.LOST
    strict = game_of()
    assert solve(strict, position(strict, **BUILD)) is Status.LOST


# ------------------------------------------------------------------ search against reference


PLAIN_CAP = 300_000
"""States the plain search may expand per position in the comparisons."""


def compare_with_reference(
    game: EagleWing, states: Iterator[tuple[str, EagleWingState]], plain_cap: int | None = None
) -> int:
    """Verdicts of the game's search against two slower ones, position by position.

    The generic depth-first search over the game's own moves, with the safe
    foundation moves forced but none of the model's reductions, must agree
    on every position; the plain search (every legal move, nothing forced)
    on every position it settles within ``plain_cap`` states. Returns how
    many positions the plain search settled.
    """
    settled = 0
    for name, state in states:
        fast = solve(game, state)
        assert fast is depth_first(game, state).status, f"{name} (generic)"
        plain = depth_first(Reference(game), state, Limits(max_states=plain_cap))
        if plain.status is not Status.UNKNOWN:
            assert fast is plain.status, f"{name} (plain)"
            settled += 1
    return settled


def deals(game: EagleWing, numbers: range) -> Iterator[tuple[str, EagleWingState]]:
    for number in numbers:
        yield f"{game.preset} deal {number}", dealt(game, number)


def test_search_agrees_with_the_plain_search_sample() -> None:
    strict = game_of()
    assert compare_with_reference(strict, deals(strict, range(1, 41))) == 40
    # Coops deals that the plain search settles quickly, won and lost.
    coops = game_of(COOPS)
    assert compare_with_reference(coops, deals(coops, range(8, 13)), PLAIN_CAP) == 5


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_search_agrees_with_the_plain_search_part_way_sample(preset: str) -> None:
    game = game_of(preset)
    states = lines(game, range(1, 11), (40, 60))
    assert compare_with_reference(game, states, 50_000) >= 16


@pytest.mark.slow
@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_search_agrees_with_the_plain_search(preset: str) -> None:
    game = game_of(preset)
    settled = compare_with_reference(game, deals(game, range(1, 1001)), PLAIN_CAP)
    assert settled >= 500


@pytest.mark.slow
@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_search_agrees_with_the_plain_search_part_way(preset: str) -> None:
    game = game_of(preset)
    states = lines(game, range(1, 301), (25, 40, 60), seed=2)
    assert compare_with_reference(game, states, PLAIN_CAP) >= 700


# ------------------------------------------------------------------ the model


def walk(game: EagleWing, state: EagleWingState, steps: int, seed: int) -> None:
    """Follow random moves of the model from ``state``, checking it against the game.

    Every position of the model is closed (no safe move left), each search
    move stands for as many game moves as its lifted line has, and the
    lifted line, replayed under the game's rules, ends where the model is.
    """
    model = EagleWingModel(game.rules, state)
    rng = random.Random(seed)
    pos, depth = model.start(state)
    line: list[Any] = []
    for _ in range(steps):
        assert model.close(pos) == (pos, 0), "a position of the model is closed"
        lifted = model.lift(line)
        assert len(lifted) == depth
        end = state
        for move in lifted:
            assert move in game.legal_moves(end)
            end = game.apply(end, move)
        assert model.start(end) == (pos, 0)
        if model.is_won(pos):
            assert game.is_won(end)
            return
        options = list(model.successors(pos))
        if not options:
            return
        move, pos = rng.choice(options)
        line.append(move)
        depth += model.move_length(move)


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_model_moves_lift_to_game_moves(preset: str) -> None:
    game = game_of(preset)
    for number in range(1, 26):
        walk(game, dealt(game, number), 60, number)


@pytest.mark.parametrize("trunk_size", [13, 2, 0])
def test_coops_successors_are_the_moves_made_by_step(trunk_size: int) -> None:
    # With building the model lists its moves and makes the common ones in
    # one pass (successors) rather than through step, the one general maker
    # of a move (which lift replays lines with). Every child must be the
    # position step makes of its move, and a move's length its deals, the
    # card move and the safe moves step makes: every position a capped
    # search of each deal expands is checked. The short trunks bring empty
    # wings early, so moves to a gap are checked too, and wings that empty
    # with the trunk still there.
    game = game_of(COOPS, trunk_size=trunk_size)
    kinds: set[int] = set()
    checked = 0
    for number in range(1, 41):
        state = dealt(game, number)
        model = EagleWingModel(game.rules, state)
        fast = model.successors

        def both(pos: Any, model: EagleWingModel = model, fast: Any = fast) -> Any:
            nonlocal checked
            pairs = list(fast(pos))
            (_need, _tl, _wings, talon), place = pos
            ws = place % 64
            for mv, child in pairs:
                made, n = model.step(pos, mv)
                assert made == child, (pos, mv)
                ti = mv[3]
                deals = 0 if ti < 0 else ti + 1 - ws if ti >= ws - 1 else len(talon) - ws + 2 + ti
                assert mv[4] == deals + 1 + n, (pos, mv)
            kinds.update(mv[0] for mv, _child in pairs)
            checked += 1
            return pairs

        model.successors = both  # type: ignore[method-assign]
        root, depth = model.start(state)
        solve_run(
            lambda b, m=model, r=root, d=depth: dfs(m, r, b, depth=d), Limits(max_states=1500)
        )
    assert checked > 1000
    # A card home, onto a wing and to a gap (kinds 0, 1 and 2) all came up.
    assert {0, 1, 2} <= kinds


def model_verdict(model: EagleWingModel, pos: Any) -> Status:
    return solve_run(lambda b: dfs(model, pos, b)).status


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_model_dominators_win_whenever_the_position_wins(preset: str) -> None:
    game = game_of(preset)
    checked = 0
    for _name, state in lines(game, range(1, 41), (20, 40), seed=4):
        model = EagleWingModel(game.rules, state)
        pos, _ = model.start(state)
        (need, _tl, _wings, talon), place = pos
        won = model_verdict(model, pos) is Status.WON
        for dom in model.dominators(pos):
            (dneed, _dtl, _dwings, dtalon), dplace = dom
            # A card the foundations wanted is home, taken from the talon (with
            # the safe moves that follow, which may take others home).
            home = [c for c in need if c >= 0 and c not in dneed]
            assert any(c in talon and c not in dtalon for c in home)
            assert dplace <= place
            if won:
                assert model_verdict(model, dom) is Status.WON
                checked += 1
    assert checked > 0


# ------------------------------------------------------------------ statistics


def relaxed_lost(game: EagleWing, state: EagleWingState) -> int | None:
    """The relaxed positions that prove ``state`` lost before the search, or ``None``."""
    budget = Budget()
    if drive(relaxed_run(game.rules, state, budget), budget) is None:
        return None
    return budget.expanded


def assert_statistics(result: SolveResult[EagleWingMove], relaxed: int | None = None) -> None:
    """The engine's meanings: one key stored per position expanded, depths in game moves.

    ``relaxed``: the relaxed positions that proved the position lost before
    the search (:mod:`~solitaire_solver.games.eagle_wing.relaxation`), if they
    did: they are the whole count then, and no line of the game was explored.
    """
    s = result.stats
    assert s.unique <= s.expanded + 1
    if result.won:
        assert s.max_depth >= len(result.moves)
    if relaxed is not None:
        assert result.lost and s.expanded == s.unique == relaxed and s.max_depth == 0
    elif result.moves or s.expanded > 1:
        assert s.max_depth > 0


@pytest.mark.parametrize("preset", [STRICT, COOPS])
def test_statistics_follow_the_engine(preset: str) -> None:
    game = game_of(preset)
    for number in range(1, 31):
        state = dealt(game, number)
        result = game.solve(state, SolveRequest.of(game))
        assert_result_sound(game, state, result)
        assert_statistics(result, relaxed_lost(game, state))
    for _name, state in lines(game, range(1, 11), (30,)):
        result = game.solve(state, SolveRequest.of(game))
        assert_result_sound(game, state, result)
        assert_statistics(result, relaxed_lost(game, state))


@pytest.mark.parametrize(("preset", "number"), [(STRICT, 2473), (COOPS, 13)])
def test_effort_is_kept_on_an_unknown_result(preset: str, number: int) -> None:
    game = game_of(preset)
    state = dealt(game, number)
    full = game.solve(state, SolveRequest.of(game))
    cap = full.stats.expanded // 2
    assert cap > 1
    result = game.solve(state, SolveRequest.of(game, Limits(max_states=cap)))
    assert result.status is Status.UNKNOWN and result.moves == ()
    assert result.limit is Limit.STATES and result.limit_value == cap
    assert result.stats.expanded == cap
    assert result.stats.unique >= 1 and result.stats.max_depth > 0
    assert_statistics(result)


def test_generic_search_and_astar_agree() -> None:
    game = game_of()
    for number in range(1, 31):
        state = dealt(game, number)
        fast = game.solve(state, SolveRequest.of(game))
        generic = depth_first(game, state)
        assert fast.status is generic.status, number
        if fast.won:
            short = game.solve(state, SolveRequest.of(game, shortest=True))
            assert_result_sound(game, state, short)
            assert short.shortest
            assert len(short.moves) <= len(fast.moves)
            assert_statistics(short)


def near_the_end(game: EagleWing, numbers: range, left: int) -> Iterator[EagleWingState]:
    """For each won deal, the position ``left`` moves before the end of the line found."""
    for number in numbers:
        state = dealt(game, number)
        result = game.solve(state, SolveRequest.of(game))
        if not result.won:
            continue
        for move in result.moves[: max(0, len(result.moves) - left)]:
            state = game.apply(state, move)
        yield state


@pytest.mark.parametrize(("preset", "last", "left"), [(STRICT, 120, 30), (COOPS, 40, 12)])
def test_forced_safe_moves_keep_a_shortest_line(preset: str, last: int, left: int) -> None:
    # A* over every legal move, nothing forced, finds the true shortest line;
    # the game's A* forces the safe foundation moves and must find one as short.
    game = game_of(preset)
    compared = 0
    for state in near_the_end(game, range(1, last + 1), left):
        plain = astar(Reference(game), state, Limits(max_states=20_000))
        if plain.status is Status.UNKNOWN:
            continue
        assert plain.won
        short = game.solve(state, SolveRequest.of(game, shortest=True))
        assert_result_sound(game, state, short)
        assert short.shortest and len(short.moves) == len(plain.moves)
        compared += 1
        if compared == 8:
            break
    assert compared >= 5


def test_limits_give_unknown() -> None:
    game = game_of(COOPS)
    # Deal 2 is won after 3,492 positions; deal 13 is lost, proved by the
    # relaxation in 34 relaxed positions: with room for 20 it cannot tell,
    # and the search after it stops at the limit.
    for number in (2, 13):
        result = game.solve(dealt(game, number), SolveRequest.of(game, Limits(max_states=20)))
        assert result.status is Status.UNKNOWN and result.moves == ()
        assert result.stats.expanded == 20


def test_api_solve_and_verify() -> None:
    result = api.solve(STRICT, 1)
    assert result.status in (Status.WON, Status.LOST)
    if result.won:
        assert api.verify(STRICT, 1, [str(m) for m in result.moves]).won
    coops = api.solve(COOPS, 1, rules=["trunk_size=13"])
    assert coops.won
    assert api.verify(COOPS, 1, [str(m) for m in coops.moves]).won


# ------------------------------------------------------------------ strict against coops


def strict_won_implies_coops_won(number: int) -> None:
    strict, coops = game_of(), game_of(COOPS)
    if solve(strict, dealt(strict, number)) is Status.WON:
        assert solve(coops, dealt(coops, number)) is Status.WON, number


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**9))
def test_a_strict_win_is_a_coops_win(number: int) -> None:
    strict_won_implies_coops_won(number)


def test_strict_wins_among_the_first_deals_are_coops_wins() -> None:
    strict = game_of()
    wins = [n for n in range(1, 301) if solve(strict, dealt(strict, n)) is Status.WON]
    assert wins, "some of the first 300 deals are won"
    for number in wins:
        strict_won_implies_coops_won(number)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.integers(1, 10**9))
def test_a_strict_win_is_a_coops_win_many(number: int) -> None:
    strict_won_implies_coops_won(number)


def test_shortest_line_of_a_hand_made_position() -> None:
    # PARKING needs three deals, three cards home and one card parked: seven
    # moves at least, and deal 3C, park it, deal 4C, deal 2C, then the three
    # cards home is a line of seven.
    game = game_of()
    state = position(game, **PARKING)
    result = game.solve(state, SolveRequest.of(game, shortest=True))
    assert_result_sound(game, state, result)
    assert len(result.moves) == 7


@pytest.mark.parametrize(
    "rules",
    [
        EagleWingRules(),
        EagleWingRules(wing_capacity=3, building=DOWN_IN_SUIT),
        EagleWingRules(wing_capacity=5, building=DOWN_IN_SUIT),
        EagleWingRules(wing_capacity=4),
    ],
)
def test_a_wing_takes_a_run_as_it_takes_its_cards_one_by_one(rules: EagleWingRules) -> None:
    # One card goes on the card one rank up in its suit, on a wing with
    # room (none without building); the relaxation's landing of several
    # cards at once is the same as building them one after another.
    taken = 0
    for top in range(52):
        for size in range(1, 14):
            wing = top * 16 + size  # the wing's code (rules.pile_code)
            for card in range(52):
                one = rules.takes(wing, card)
                assert one == (UP[card] == top and size < rules.capacity)
                taken += one
                run = [card]
                for count in range(2, 5):
                    run.append(UP[run[-1]])
                    at, fits = wing, True
                    for c in reversed(run):
                        fits = fits and rules.takes(at, c)
                        at = built_on(at, c)
                    assert rules.takes(wing, card, count) == fits
    assert (taken > 0) == rules.builds
