"""Black Hole: deals, notation, position fields, dead-end tests and the exact search."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver import make_game, solve, verify
from solitaire_solver.cards import Card, card_text, cards_text, parse_card, parse_cards, rank_of
from solitaire_solver.errors import BadMoveError, DealFileError, IllegalMoveError
from solitaire_solver.games import PRESETS
from solitaire_solver.games.black_hole import (
    BlackHole,
    BlackHoleMove,
    BlackHoleRules,
    BlackHoleState,
    SearchOptions,
    euler_dead,
    reachability_dead,
    search,
)
from solitaire_solver.games.fields import Field, FieldReader
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limit, Limits, Status, depth_first
from tests.helpers import assert_replays_to_win, assert_result_sound

GAME = BlackHole(BlackHoleRules())


def deal(number: int | str) -> BlackHoleState:
    return GAME.deal(parse_deal_number(number))


def position(piles: dict[int, str], hole_top: str) -> BlackHoleState:
    """A full-deck position: the given piles, every other card in the hole under ``hole_top``."""
    cols = [tuple(parse_cards(piles.get(i, ""))) for i in range(17)]
    top = parse_card(hole_top)
    used = {c for p in cols for c in p} | {top}
    rest = tuple(Card(c) for c in range(52) if c not in used)
    return BlackHoleState(tuple(cols), (*rest, top))


# ---------------------------------------------------------------- a reference solver


def reference_won(state: BlackHoleState) -> bool:
    """A deliberately plain exhaustive search: no pruning, no ordering, memo on heights."""
    piles = [[rank_of(c) for c in p] for p in state.piles]

    @functools.cache
    def won(heights: tuple[int, ...], hole: int) -> bool:
        if not any(heights):
            return True
        for i, h in enumerate(heights):
            if (
                h
                and (piles[i][h - 1] - hole) % 13 in (1, 12)
                and won((*heights[:i], h - 1, *heights[i + 1 :]), piles[i][h - 1])
            ):
                return True
        return False

    return won(tuple(len(p) for p in piles), state.hole_rank)


def walk_exists(counts: Sequence[int], hole: int) -> bool:
    """Brute force: can the hole's rank walk play exactly ``counts`` cards of each rank?"""

    @functools.cache
    def go(left: tuple[int, ...], at: int) -> bool:
        if not any(left):
            return True
        for r in ((at + 1) % 13, (at - 1) % 13):
            if left[r] and go((*left[:r], left[r] - 1, *left[r + 1 :]), r):
                return True
        return False

    return go(tuple(counts), hole)


# ---------------------------------------------------------------- deals


def test_registered() -> None:
    assert "black-hole" in PRESETS
    assert isinstance(make_game("black-hole"), BlackHole)


def test_known_answer_deal_1() -> None:
    # RULES.md: pile 0 is JD KS TH, pile 1 2D 9D 8H, pile 16 2S 4S 6H; hole AS.
    state = deal(1)
    assert cards_text(state.piles[0]) == "JD KS TH"
    assert cards_text(state.piles[1]) == "2D 9D 8H"
    assert cards_text(state.piles[16]) == "2S 4S 6H"
    assert cards_text(state.hole) == "AS"
    assert [len(p) for p in state.piles] == [3] * 17
    assert sorted(c for p in state.piles for c in p) == [c for c in range(52) if c != 13]


def pysol_layout(number: int) -> str:
    """The layout text that the independent ``pysol_cards`` package deals for Black Hole."""
    deal_game = pytest.importorskip("pysol_cards.deal_game")
    cards_mod = pytest.importorskip("pysol_cards.cards")
    random_base = pytest.importorskip("pysol_cards.random_base")
    game = deal_game.Game("black_hole", number, random_base.RandomBase.DEALS_PYSOLFC)
    text: str = game.calc_layout_string(cards_mod.CardRenderer(True))
    return text


def our_layout(number: int) -> str:
    state = deal(number)
    lines = ["Foundations: " + cards_text(state.hole)]
    lines += [cards_text(p) for p in state.piles]
    return "".join(line + "\n" for line in lines)


# pysol_cards switches to the Mersenne Twister only above 32000, RULES.md from
# 32000 on, so 32000 itself is left out; every other number agrees.
MT_NUMBERS = [*range(32001, 32201), 123456, 1000000, 2**31 + 5, 10**12 + 7]


@pytest.mark.parametrize("chunk", range(10))
def test_layouts_match_pysol_cards_microsoft(chunk: int) -> None:
    for number in range(1 + 100 * chunk, 101 + 100 * chunk):
        assert our_layout(number) == pysol_layout(number), f"deal {number}"


def test_layouts_match_pysol_cards_twister() -> None:
    for number in MT_NUMBERS:
        assert our_layout(number) == pysol_layout(number), f"deal {number}"


# ---------------------------------------------------------------- moves


def test_move_notation_round_trips() -> None:
    for i in range(17):
        move = BlackHoleMove(i)
        assert GAME.parse_move(str(move)) == move
    # People count piles from 1: p1 is the first pile, index 0.
    assert str(BlackHoleMove(0)) == "p1" and str(BlackHoleMove(16)) == "p17"
    assert GAME.parse_move(" P12 ") == BlackHoleMove(11)
    assert GAME.parse_move("pile 3") == BlackHoleMove(2)
    assert GAME.parse_move("7") == BlackHoleMove(6)


@pytest.mark.parametrize("text", ["", "p", "x3", "p-1", "p 3 4", "deal", "p0", "p18"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(BadMoveError, match="bad black-hole move"):
        GAME.parse_move(text)


def test_legal_moves_and_describe() -> None:
    state = deal(1)
    # Hole AS: only a 2 or a K may be played. Tops: TH 8H 2C JH 7D 6D 8S 8D QS
    # 6C 3D 8C TC 6S 9C 2H 6H: the 2C of pile 3 and the 2H of pile 16 (counted from 1).
    assert GAME.legal_moves(state) == [BlackHoleMove(2), BlackHoleMove(15)]
    assert sorted(GAME.moves(state)) == GAME.legal_moves(state)
    assert GAME.describe(state, BlackHoleMove(2)) == "2C from pile 3 to the hole (on AS)"
    after = GAME.play(state, BlackHoleMove(15))
    assert cards_text(after.hole) == "AS 2H"
    assert cards_text(after.piles[15]) == "3H TD"
    assert after.piles[:15] == state.piles[:15]
    with pytest.raises(IllegalMoveError):
        GAME.play(state, BlackHoleMove(0))
    with pytest.raises(IllegalMoveError):
        GAME.play(state, BlackHoleMove(40))


def test_key_is_heights_and_hole_rank() -> None:
    a = position({0: "7H 6D", 1: "4C 6S"}, "5D")
    b = position({0: "7H 6D", 1: "4C 6S"}, "5C")  # another 5 on top: same future
    c = position({0: "7H 6D", 1: "4C 6S"}, "4D")
    assert GAME.key(a) == GAME.key(b)
    assert GAME.key(a) != GAME.key(c)
    d = position({0: "7H", 1: "4C 6S 6D"}, "5D")  # same cards left, other heights
    assert GAME.key(a) != GAME.key(d)


# ---------------------------------------------------------------- hand-made positions

# Hole 5. Pile 0 is 7H under 6D, pile 1 is 4C under 6S, pile 2 is 5D. Only the
# two sixes can move. 6D first: 7H, 6S, 5D, 4C follow, a win. 6S first: the
# hole is 6 with 6D, 4C, 5D on top; 5D then leaves 6D and 4C, and either one
# strands the other (6D, 7H: 4C is not next to 7; 4C: 6D is not next to 4).
RIGHT_SIX = position({0: "7H 6D", 1: "4C 6S", 2: "5D"}, "5C")

# Hole 5; pile 0 is 5S, 4C, 6D from bottom to top. 6D must go first, then 4C
# is on top and not next to 6: lost, though the ranks 4, 5, 6 could be played
# as 6, 5, 4 in some other order (so the Euler test alone cannot see it).
LOST_BY_ORDER = position({0: "5S 4C 6D"}, "5C")

# Hole A; pile 0 is a lone 2D, pile 1 is 3H under 2S, pile 2 is 4C. The lone
# 2D first leaves 2S and 4C, neither next to 2. 2S first, then 3H, and then
# 4C strands 2D while 2D strands 4C. Lost; the dominance rule, which skips
# the lone 2D, must not change that verdict.
LONE_TWO = position({0: "2D", 1: "3H 2S", 2: "4C"}, "AS")


@pytest.mark.parametrize(
    "options",
    [
        SearchOptions(),
        SearchOptions(dominance=False),
        SearchOptions(reachability=False, euler=False, dominance=False, ordering=False),
    ],
)
def test_right_one_of_two_equal_ranks(options: SearchOptions) -> None:
    assert GAME.legal_moves(RIGHT_SIX) == [BlackHoleMove(0), BlackHoleMove(1)]
    assert reference_won(RIGHT_SIX)
    assert not reference_won(GAME.apply(RIGHT_SIX, BlackHoleMove(1)))
    result = search(RIGHT_SIX, Limits(), options)
    assert result.status is Status.WON
    assert result.moves[0] == BlackHoleMove(0)
    assert_replays_to_win(GAME, RIGHT_SIX, result.moves)
    assert [card_text(RIGHT_SIX.piles[m.pile][-1]) for m in result.moves[:1]] == ["6D"]


def test_lost_by_pile_order() -> None:
    assert not reference_won(LOST_BY_ORDER)
    assert not euler_dead([0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], 4)
    result = GAME.solve(LOST_BY_ORDER, SolveRequest.of(GAME))
    assert result.status is Status.LOST
    assert result.moves == ()
    assert depth_first(GAME, LOST_BY_ORDER).status is Status.LOST


def test_lone_card_against_same_rank() -> None:
    expected = reference_won(LONE_TWO)
    for options in (SearchOptions(), SearchOptions(dominance=False)):
        assert search(LONE_TWO, Limits(), options).won == expected


def test_dominance_keeps_the_taller_pile() -> None:
    # Hole A; lone 2D on pile 0, 3H under 2S on pile 1, then 4C and 3D. Both
    # twos start a win (2S 3H 2D 3D 4C, or 2D 3D 2S 3H 4C); the dominance rule
    # tries only the 2S, whose pile has a card under it.
    state = position({0: "2D", 1: "3H 2S", 2: "4C", 3: "3D"}, "AS")
    assert reference_won(state)
    result = GAME.solve(state, SolveRequest.of(GAME))
    assert_replays_to_win(GAME, state, result.moves)
    assert result.moves[0] == BlackHoleMove(1)


def test_piles_with_the_same_ranks() -> None:
    # Piles 0 and 1 both hold a 3 under a 5 (the same ranks), pile 2 a 4
    # under a 4, pile 3 a lone 6; hole 5. Lost: with no 2, each 3 must come
    # right after a 4 and be followed by a 4 or end the line, so the line
    # ends 4 3 4 3; before that the hole must take 6H and both fives from 5,
    # and a 5 can follow neither a 5 nor the 4s still to come. With a 2 and
    # a 4 added on pile 4 it is won. The symmetric key, which treats piles 0
    # and 1 as one kind, must agree, and the win must replay on the real piles.
    state = position({0: "3H 5D", 1: "3C 5C", 2: "4D 4S", 3: "6H"}, "5S")
    expected = reference_won(state)
    for options in (SearchOptions(), SearchOptions(symmetry=False)):
        result = search(state, Limits(), options)
        assert result.won == expected
        assert_result_sound(GAME, state, result)
    richer = position({0: "3H 5D", 1: "3C 5C", 2: "4D 4S", 3: "6H", 4: "2S 4H"}, "5S")
    assert reference_won(richer)
    result = search(richer, Limits())
    assert_replays_to_win(GAME, richer, result.moves)


# ---------------------------------------------------------------- dead-end tests


def test_euler_sees_what_reachability_does_not() -> None:
    counts = [0] * 13
    counts[3] = counts[5] = 1  # one 4 and one 6, hole on 5: the walk needs another 5
    assert not reachability_dead(counts, 4)
    assert euler_dead(counts, 4)
    assert not walk_exists(counts, 4)
    counts[4] = 1
    assert not euler_dead(counts, 4)
    assert walk_exists(counts, 4)


def test_reachability_gap() -> None:
    counts = [0] * 13
    counts[1] = 1  # a 2 ...
    counts[7] = 1  # ... and an 8, hole on A: no 3-7 and no 9-K, so the 8 is cut off
    assert reachability_dead(counts, 0)
    assert euler_dead(counts, 0)
    assert not reachability_dead([0] * 13, 0)
    assert not euler_dead([0] * 13, 0)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 2), min_size=13, max_size=13),
    st.integers(0, 12),
)
def test_dead_end_tests_match_brute_force(counts: list[int], hole: int) -> None:
    exists = walk_exists(counts, hole)
    # Euler's condition is exact for the rank walk: dead exactly when no walk exists.
    assert euler_dead(counts, hole) == (not exists)
    # Reachability is weaker but sound: dead only when no walk exists.
    if reachability_dead(counts, hole):
        assert not exists


# ---------------------------------------------------------------- the search

OPTION_SETS = [
    SearchOptions(),
    SearchOptions(reachability=False),
    SearchOptions(euler=False),
    SearchOptions(reachability=False, euler=False),
    SearchOptions(dominance=False),
    SearchOptions(ordering=False),
    SearchOptions(restarts=False),
    SearchOptions(symmetry=False),
    SearchOptions(seed=7, first_budget=50, growth=1.3),
]


def check_deals(numbers: Sequence[int]) -> None:
    for number in numbers:
        state = deal(number)
        expected = reference_won(state)
        for options in OPTION_SETS:
            result = search(state, Limits(), options)
            assert result.status is not Status.UNKNOWN
            assert result.won == expected, f"deal {number} with {options}"
            assert_result_sound(GAME, state, result)


# Deals that a search without any improvement settles in a few thousand
# expansions, so that CI runs a sample quickly (won and lost ones).
SAMPLE = [1, 5, 6, 14, 15, 17, 23, 25, 27, 29, 34, 35, 38, 46, 59, 63, 67, 68, 77, 85, 89, 93]


def test_verdicts_agree_sample() -> None:
    check_deals(SAMPLE)


@pytest.mark.slow
def test_verdicts_agree_first_hundred() -> None:
    check_deals(range(1, 101))


def random_position(seed: int) -> BlackHoleState:
    """A position part-way through a random deal: piles cut down, the rest in the hole."""
    rng = random.Random(seed)
    start = deal(rng.randrange(1, 10**6))
    piles = tuple(p[: rng.randint(0, 3)] for p in start.piles)
    left = {c for p in piles for c in p}
    gone = [Card(c) for c in range(52) if c not in left]
    rng.shuffle(gone)
    return BlackHoleState(piles, tuple(gone))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_random_positions_agree_with_reference(seed: int) -> None:
    state = random_position(seed)
    expected = reference_won(state)
    for options in (
        SearchOptions(),
        SearchOptions(dominance=False, euler=False),
        SearchOptions(symmetry=False, restarts=False),
    ):
        result = search(state, Limits(), options)
        assert result.won == expected
        assert_result_sound(GAME, state, result)
    generic = depth_first(GAME, state)
    assert generic.won == expected
    assert_result_sound(GAME, state, generic)


def test_generic_search_agrees_on_a_deal() -> None:
    state = deal(2)
    fast = GAME.solve(state, SolveRequest.of(GAME))
    generic = depth_first(GAME, state)
    assert fast.status == generic.status
    assert_result_sound(GAME, state, fast)
    assert_result_sound(GAME, state, generic)


def test_api_solve_and_verify() -> None:
    result = solve("black-hole", 2)
    assert_result_sound(GAME, deal(2), result)
    if result.won:
        check = verify("black-hole", 2, [str(m) for m in result.moves])
        assert check.legal and check.won
    # A wrong first move is reported, not raised.
    bad = verify("black-hole", 1, ["p0"])
    assert not bad.legal and bad.failed_at == 0


def test_limits_give_unknown() -> None:
    state = deal(80)  # needs many expansions
    by_states = search(state, Limits(max_states=50))
    assert by_states.status is Status.UNKNOWN and by_states.limit is Limit.STATES
    assert by_states.moves == ()
    assert by_states.stats.expanded <= 50
    by_table = search(state, Limits(max_table=100))
    assert by_table.status is Status.UNKNOWN and by_table.limit is Limit.TABLE
    assert by_table.stats.unique <= 100


def test_timeout_gives_unknown() -> None:
    result = solve("black-hole", 64, timeout=1e-6)  # deal 64 needs far more than 1024 expansions
    assert result.status is Status.UNKNOWN and result.limit is Limit.TIME
    assert result.moves == ()


def test_shortest_is_any_win() -> None:
    result = GAME.solve(RIGHT_SIX, SolveRequest.of(GAME, shortest=True))
    assert result.won and len(result.moves) == 5


# ---------------------------------------------------------------- position fields


def reader_for(fields: list[tuple[str, str]]) -> FieldReader:
    return FieldReader(
        [Field(label, text, n + 1) for n, (label, text) in enumerate(fields)],
        "deal.txt",
        "black-hole",
        len(fields) + 1,
    )


@pytest.mark.parametrize("number", [1, 77, 123456])
def test_position_fields_round_trip(number: int) -> None:
    state = deal(number)
    fields = GAME.position_fields(state)
    assert fields[0] == ("pile 1", cards_text(state.piles[0]))
    assert fields[-1] == ("hole", "AS")
    assert GAME.parse_position(reader_for(fields)) == state
    later = GAME.apply(state, GAME.legal_moves(state)[0]) if GAME.legal_moves(state) else state
    assert GAME.parse_position(reader_for(GAME.position_fields(later))) == later


def test_position_fields_of_a_position_deep_in_play() -> None:
    # Half a winning line in: many cards in the hole, piles of every height.
    start = deal(2)
    moves = solve("black-hole", 2).moves
    state = start
    for move in moves[: len(moves) // 2]:
        state = GAME.apply(state, move)
    assert GAME.parse_position(reader_for(GAME.position_fields(state))) == state


def test_a_hand_made_hole_no_play_builds_is_refused() -> None:
    # RIGHT_SIX's hole holds the other cards in the order of their ids, from AC: the deal
    # puts AS there first.
    fields = GAME.position_fields(RIGHT_SIX)
    with pytest.raises(DealFileError, match=r"line 18: hole: starts with AC, but the deal puts AS"):
        GAME.parse_position(reader_for(fields))
    # Deal 1 with pile 17's 2S and 4S (under 6H) in the hole: 4S is not next to 2S.
    fields = replace(GAME.position_fields(deal(1)), "pile 17", "6H")
    with pytest.raises(DealFileError, match=r"hole: 4S on 2S, but a card goes to the hole only"):
        GAME.parse_position(reader_for(replace(fields, "hole", "AS 2S 4S")))


def replace(fields: list[tuple[str, str]], label: str, text: str) -> list[tuple[str, str]]:
    return [(lab, text if lab == label else t) for lab, t in fields]


def test_bad_card_names_line_and_card() -> None:
    fields = replace(GAME.position_fields(deal(1)), "pile 4", "JC XS JH")
    with pytest.raises(DealFileError, match=r"deal\.txt, line 4: .*'XS'") as info:
        GAME.parse_position(reader_for(fields))
    assert info.value.line == 4


def test_duplicate_card_is_an_error() -> None:
    fields = replace(GAME.position_fields(deal(1)), "pile 3", "9H QD 2C JD")
    with pytest.raises(
        DealFileError, match=r"line 3: card JD appears twice \(in pile 1 and pile 3\)"
    ):
        GAME.parse_position(reader_for(fields))


def test_missing_cards_and_empty_hole() -> None:
    fields = replace(GAME.position_fields(deal(1)), "pile 6", "7H 3C")
    with pytest.raises(DealFileError, match="1 card missing: 6D"):
        GAME.parse_position(reader_for(fields))
    fields = replace(GAME.position_fields(deal(1)), "hole", "")
    with pytest.raises(DealFileError, match="the hole is empty"):
        GAME.parse_position(reader_for(fields))


def test_unknown_label() -> None:
    fields = [*GAME.position_fields(deal(1)), ("pile 18", "")]
    with pytest.raises(DealFileError, match=r"line 19: unknown label 'pile 18'"):
        GAME.parse_position(reader_for(fields))


def test_files_that_count_piles_from_0_are_refused_with_the_new_numbering() -> None:
    old = [
        (f"pile{i}", text) for i, (_label, text) in enumerate(GAME.position_fields(deal(1))[:17])
    ]
    with pytest.raises(DealFileError, match=r"line 1: label 'pile0': piles are counted from 1"):
        GAME.parse_position(reader_for([*old, ("hole", "AS")]))


def test_show_lists_piles_and_hole() -> None:
    text = GAME.show(deal(1))
    assert "pile  1: JD KS TH" in text
    assert text.splitlines()[-1] == "hole:    AS (1 card)"
    assert attrs.has(BlackHoleRules)
