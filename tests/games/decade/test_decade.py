"""Decade: rules, notation, position files, and the fast solvers against simple references.

The references below are written from RULES.md alone and share no code with
the game module: card values come from the card text, runs are found by
trying every stretch of the line, and the game is played by plain recursion.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver import make_game
from solitaire_solver.cards import Card, card_text, parse_cards
from solitaire_solver.errors import BadMoveError, BadRuleError, DealFileError, IllegalMoveError
from solitaire_solver.games.decade import DEAL, Decade, DecadeMove, DecadeState
from solitaire_solver.games.fields import Field, FieldReader
from solitaire_solver.numbering import DealNumber
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Limit, Limits, Status, astar, depth_first
from tests.helpers import assert_replays_to_win, assert_result_sound
from tests.support import run_cli

# ---------------------------------------------------------------- references


def value(card: int) -> int:
    """A card's Decade value read from its text: A = 1, T J Q K = 10."""
    rank = card_text(card)[0]
    return {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(rank) or int(rank)


def ref_runs(
    line: Sequence[int], sums: Sequence[int] = (10, 20, 30), lo: int = 2, hi: int = 52
) -> list[tuple[int, int]]:
    """Every stretch ``line[i:j]`` of lo..hi cards whose values add up to an allowed sum."""
    out = []
    top = max(sums)
    for i in range(len(line)):
        total = 0
        for j in range(i + 1, min(len(line), i + hi) + 1):
            total += line[j - 1]
            if total > top:
                break  # values are positive: longer stretches only add more
            if j - i >= lo and total in sums:
                out.append((i, j))
    return out


def ref_won(
    cards: Sequence[int],
    compulsory: bool,
    sums: Sequence[int] = (10, 20, 30),
    lo: int = 2,
    hi: int = 52,
    start: int = 3,
) -> bool:
    """Plain exhaustive recursion over the real rules, no table, no pruning.

    ``cards`` in dealing order; the first ``start`` (three in a deal) make the line.
    """
    stock = tuple(value(c) for c in cards)

    def won(line: tuple[int, ...], k: int) -> bool:
        if not line and k == len(stock):
            return True
        runs = ref_runs(line, sums, lo, hi)
        for i, j in runs:
            if won(line[:i] + line[j:], k):
                return True
        if k < len(stock) and not (compulsory and runs):
            return won((*line, stock[k]), k + 1)
        return False

    return won(stock[:start], min(start, len(stock)))


def ref_line_empties(cards: Sequence[int]) -> bool:
    """Optional rules by the other road: deal everything, then try every discard.

    A plain search would take hours over 2,000 deals, so this one keeps a
    set of lines already found not to empty; it shares nothing else with
    the solver's interval method. That dealing first loses nothing is
    itself checked against :func:`ref_won` and the generic search.
    """
    failed: set[tuple[int, ...]] = set()

    def empties(line: tuple[int, ...]) -> bool:
        if not line:
            return True
        if line in failed:
            return False
        for i, j in ref_runs(line):
            if empties(line[:i] + line[j:]):
                return True
        failed.add(line)
        return False

    return empties(tuple(value(c) for c in cards))


def start_of(cards: Sequence[int]) -> DecadeState:
    """The start position of a (possibly short) line of cards in dealing order."""
    order = tuple(Card(c) for c in cards)
    return DecadeState(order[:3], order, min(3, len(order)))


def cards(text: str) -> list[int]:
    return list(parse_cards(text))


DECADE = make_game("decade")
OPTIONAL = make_game("decade-optional")
GAMES = {"decade": DECADE, "decade-optional": OPTIONAL}


def solve_checked(game: Decade, state: DecadeState) -> bool:
    """Solve ``state``; a win must replay under the real rules. Returns whether won."""
    result = game.solve(state, SolveRequest.of(game))
    assert result.status in (Status.WON, Status.LOST)
    assert_result_sound(game, state, result)
    return result.won


# ---------------------------------------------------------------- dealing and rules


def test_deal_123456_matches_rules_md() -> None:
    state = DECADE.deal(123456)
    expected = "3D 2D 2C 9C AC 6H 4C KC 6C TC 8S 8C 9D TH 2S JS"
    assert " ".join(card_text(c) for c in state.stock[:16]) == expected
    assert len(state.stock) == 52 and len(set(state.stock)) == 52
    # Three cards start the line, even when two of them already make a run.
    assert [card_text(c) for c in state.line] == ["3D", "2D", "2C"]
    assert state.dealt == 3


def test_three_cards_start_even_when_the_first_two_make_a_run() -> None:
    state = start_of(cards("3C 7C 5H 5S"))
    assert len(state.line) == 3
    assert DECADE.moves(state) == [DecadeMove(0, 2)]  # 3 + 7; 7 + 5 and 3 + 7 + 5 are not runs


def test_runs_must_be_discarded_only_under_compulsory_rules() -> None:
    state = start_of(cards("2C 8C KC 5D"))
    runs = [DecadeMove(0, 2), DecadeMove(0, 3)]  # 2 + 8 = 10, 2 + 8 + K = 20
    assert DECADE.legal_moves(state) == runs
    assert OPTIONAL.legal_moves(state) == [*runs, DEAL]
    with pytest.raises(IllegalMoveError):
        DECADE.play(state, DEAL)


def test_ends_of_the_line_are_not_adjacent() -> None:
    # 5 . . 5 at the two ends would make 10 if the line were a ring.
    state = start_of(cards("5C 9C 9D 5H"))
    state = DECADE.play(state, DEAL)
    assert [card_text(c) for c in state.line] == ["5C", "9C", "9D", "5H"]
    assert DECADE.legal_moves(state) == []


def test_an_emptied_line_is_refilled_one_card_at_a_time() -> None:
    state = start_of(cards("2C 8C KC 3S 7S"))
    state = DECADE.play(state, DecadeMove(0, 3))  # 2 + 8 + K = 20 empties the line
    assert state.line == () and not DECADE.is_won(state)
    assert DECADE.legal_moves(state) == [DEAL]
    state = DECADE.play(state, DEAL)
    assert [card_text(c) for c in state.line] == ["3S"]  # one card, not three
    state = DECADE.play(state, DEAL)
    state = DECADE.play(state, DecadeMove(0, 2))  # 3 + 7
    assert DECADE.is_won(state)


def test_knobs_change_what_a_run_is() -> None:
    state = start_of(cards("2C 8C KC 5D 5H"))
    three = make_game("decade", {"min_run": 3})
    assert three.legal_moves(state) == [DecadeMove(0, 3)]
    short = make_game("decade", ["max_run=2"])
    assert short.legal_moves(state) == [DecadeMove(0, 2)]
    fifteen = make_game("decade", {"sums": "15"})
    # 2 + 5 = 7, 5 + K = 15, 2 + 5 + K = 17.
    assert fifteen.legal_moves(start_of(cards("2C 5C KC"))) == [DecadeMove(1, 2)]
    with pytest.raises(BadRuleError, match="max_run"):
        make_game("decade", {"min_run": 4, "max_run": 3})
    with pytest.raises(BadRuleError, match="sums"):
        make_game("decade", {"sums": "ten"})


@pytest.mark.parametrize("number", [1, 3, 123456])
def test_sums_as_large_as_the_deck_are_rules_like_any(
    number: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # The whole deck adds up to 340. With 340 alone, no run is ever made until the last card
    # is dealt, and then the whole line is one: won, by dealing 49 cards and one discard,
    # whatever the deal. With 256 alone, 340 is no sum of 256s: lost, whatever the deal.
    # (256 and up once failed: "bytes must be in range(0, 256)".)
    code, out, err = run_cli(capsys, "solve", "decade", str(number), "--rule", "sums=340")
    assert code == 0, err
    assert "verdict: won in 50 moves" in out
    code, out, err = run_cli(capsys, "solve", "decade", str(number), "--rule", "sums=256")
    assert code == 0, err
    assert "verdict: lost" in out


@pytest.mark.parametrize("value", ["341", "0", "10,400", "9" * 400, "9" * 5000])
def test_a_sum_no_run_reaches_is_refused(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 400 nines once made a verdict file's name too long for the file system.
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--rule", f"sums={value}")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "rule 'sums' of decade: expected whole numbers from 1 to 340" in err
    assert len(err) < 300
    with pytest.raises(BadRuleError, match="from 1 to 340"):
        make_game("decade", {"sums": value})


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"sums": 256}, "expected a value such as 10,20,30"),
        ({"sums": frozenset({0})}, "from 1 to 340"),
        ({"min_run": 2.5}, "expected a whole number from 2 to 52"),
        ({"min_run": True}, "expected a whole number from 2 to 52"),
        ({"compulsory": 2}, "reads back as 'true'"),
    ],
)
def test_knob_values_given_in_code_are_checked_as_text_is(
    rules: dict[str, object], words: str
) -> None:
    with pytest.raises(BadRuleError, match=re.escape(words)):
        make_game("decade", rules)


def test_a_long_list_of_sums_names_no_file(capsys: pytest.CaptureFixture[str]) -> None:
    # Every sum from 1 to 340: the published tables are looked up by name among those the
    # package has, not asked of the file system (the name would be far too long for it).
    every = ",".join(str(n) for n in range(1, 341))
    code, out, err = run_cli(capsys, "solve", "decade", "3", "--rule", f"sums={every}")
    assert code == 0, err
    assert "verdict: won" in out


def test_key_ignores_suits_but_not_what_is_left_to_deal() -> None:
    a = start_of(cards("3C 7C 5H 5S"))
    b = start_of(cards("3D 7H 5C 5D"))
    assert DECADE.key(a) == DECADE.key(b)
    # The same line with one card fewer still to come is another position.
    later = DecadeState(a.line, a.stock, a.dealt + 1)
    assert later.remaining == a.remaining[1:]
    assert DECADE.key(later) != DECADE.key(a)


# ---------------------------------------------------------------- notation


moves_strategy = st.one_of(
    st.just(DEAL),
    st.builds(DecadeMove, st.integers(0, 51), st.integers(1, 52)),
)


@given(moves_strategy)
def test_move_notation_round_trips(move: DecadeMove) -> None:
    assert DECADE.parse_move(str(move)) == move
    assert DECADE.parse_move(f"  {str(move).upper()} ") == move


def test_move_notation_examples_and_errors() -> None:
    assert DECADE.parse_move("x3-5") == DecadeMove(2, 3)
    assert DECADE.parse_move("deal") == DEAL
    assert str(DecadeMove(2, 3)) == "x3-5"
    for bad in ("", "x", "x0-2", "x5-3", "y1-2", "d2", "x1 2"):
        with pytest.raises(BadMoveError, match="bad decade move"):
            DECADE.parse_move(bad)
    with pytest.raises(ValueError):
        DecadeMove(3, 0)  # a deal has no position


def test_describe_says_what_happens() -> None:
    state = start_of(cards("2C 8C KC 5D"))
    assert DECADE.describe(state, DecadeMove(0, 3)) == "discard 2C 8C KC (positions 1-3, total 20)"
    assert DECADE.describe(state, DEAL) == "deal 5D"
    assert "next 5D" in DECADE.show(state) and "2C 8C KC" in DECADE.show(state)


# ---------------------------------------------------------------- hand-made known answers


def test_hand_winnable_line() -> None:
    # 3 7 5 | 5: only 3 + 7 is a run (7 + 5 = 12, 3 + 7 + 5 = 15); it leaves 5,
    # the deal brings 5, and 5 + 5 empties the line.
    start = start_of(cards("3C 7D 5H 5S"))
    assert_replays_to_win(DECADE, start, [DecadeMove(0, 2), DEAL, DecadeMove(0, 2)])
    assert solve_checked(DECADE, start)
    assert solve_checked(OPTIONAL, start)


def test_hand_lost_lines() -> None:
    # 2 + 3 + 4 = 9: every discard removes 10, 20 or 30, so 9 never goes.
    # 9 9 9 9 4: pairs make 18 and 13, threes 27 and 22, fours 36 and 31,
    # and all five 40 > 30, so there is never a run although 40 is a multiple of 10.
    for text in ("2C 3C 4C", "9C 9S 9H 9D 4C"):
        for game in (DECADE, OPTIONAL):
            assert not solve_checked(game, start_of(cards(text)))


def test_hand_only_one_of_two_runs_wins() -> None:
    # 2 8 K: 2 + 8 = 10 leaves K alone for good; 2 + 8 + K = 20 empties the line.
    start = start_of(cards("2C 8C KC"))
    assert DECADE.legal_moves(start) == [DecadeMove(0, 2), DecadeMove(0, 3)]
    for game in (DECADE, OPTIONAL):
        result = game.solve(start, SolveRequest.of(game))
        assert result.moves == (DecadeMove(0, 3),)
    assert not DECADE.is_won(DECADE.play(start, DecadeMove(0, 2)))


def test_hand_compulsory_lost_where_optional_wins() -> None:
    # A 2 3 | 4 K: no run in A 2 3; dealing 4 makes A+2+3+4 = 10 the only run
    # (4, 3+4, 2+3+4 are 4, 7, 9), which compulsory rules must discard, leaving
    # K alone. Optional rules deal K first: A 2 3 4 K adds up to 20.
    start = start_of(cards("AC 2C 3C 4C KC"))
    assert not solve_checked(DECADE, start)
    result = OPTIONAL.solve(start, SolveRequest.of(OPTIONAL))
    assert result.moves == (DEAL, DEAL, DecadeMove(0, 5))
    assert_result_sound(OPTIONAL, start, result)


# ---------------------------------------------------------------- cross-checks on deals


def cross_check(preset: str, numbers: range) -> tuple[int, int]:
    game = GAMES[preset]
    wins = 0
    for number in numbers:
        start = game.deal(number)
        if preset == "decade":
            expected = ref_won(start.stock, compulsory=True)
        else:
            expected = ref_line_empties(start.stock)
        got = solve_checked(game, start)
        assert got == expected, f"{preset} {number}: solver {got}, reference {expected}"
        wins += got
    return wins, len(numbers)


def test_decade_agrees_with_plain_recursion_sample() -> None:
    wins, total = cross_check("decade", range(1, 301))
    assert 0 < wins < total


def test_decade_optional_agrees_with_dealing_first_sample() -> None:
    wins, total = cross_check("decade-optional", range(1, 31))
    assert 0 < wins < total


@pytest.mark.slow
def test_decade_agrees_with_plain_recursion_full() -> None:
    cross_check("decade", range(1, 10_001))


@pytest.mark.slow
def test_decade_optional_agrees_with_dealing_first_full() -> None:
    cross_check("decade-optional", range(1, 2001))


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["decade", "decade-optional"])
def test_agrees_with_the_generic_search(preset: str) -> None:
    # The generic depth-first search plays the real rules move by move; for
    # the optional preset this checks on real deals that dealing first loses nothing.
    game = GAMES[preset]
    for number in range(1, 41 if preset == "decade-optional" else 2001):
        start = game.deal(number)
        plain = depth_first(game, start)
        assert plain.status in (Status.WON, Status.LOST)
        assert solve_checked(game, start) == plain.won, f"{preset} {number}"


KNOBS = [
    {},
    {"min_run": 3},
    {"max_run": 3},
    {"sums": "10"},
    {"sums": "9,15"},
    {"min_run": 3, "max_run": 4},
]


def random_line(rng: random.Random, size: int, sums: Sequence[int], lo: int, hi: int) -> list[int]:
    """Random cards; every other time built of blocks that each make a run, so wins occur."""
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.5:
        return deck[:size]
    line: list[int] = []
    while len(line) < size - 1:
        target, block, total = rng.choice(sums), [], 0
        for c in deck:
            if c not in line and c not in block and total + value(c) <= target:
                block.append(c)
                total += value(c)
                if total == target:
                    break
        if total == target and lo <= len(block) <= hi:
            line += block
        rng.shuffle(deck)
    return line


@pytest.mark.parametrize("knobs", KNOBS, ids=lambda k: ",".join(f"{a}={b}" for a, b in k.items()))
@pytest.mark.parametrize("compulsory", [True, False])
def test_short_lines_agree_with_plain_recursion(knobs: dict[str, object], compulsory: bool) -> None:
    # Short random lines, small enough for the plain recursion of the real
    # rules (deals included) under every knob: both fast methods, every path.
    game = make_game("decade", {**knobs, "compulsory": compulsory})
    assert isinstance(game, Decade)
    rules = game.rules
    sums = tuple(sorted(rules.sums))
    hi = rules.max_run or 52
    rng = random.Random(f"{knobs} {compulsory}")
    verdicts = []
    for _ in range(300):
        line = random_line(rng, rng.randint(3, 12 if compulsory else 10), sums, rules.min_run, hi)
        expected = ref_won(line, compulsory, sums, rules.min_run, hi)
        got = solve_checked(game, start_of(line))
        assert got == expected, f"{knobs} compulsory={compulsory} {line}"
        verdicts.append(got)
    assert any(verdicts) and not all(verdicts)


@pytest.mark.parametrize("knobs", KNOBS, ids=lambda k: ",".join(f"{a}={b}" for a, b in k.items()))
@pytest.mark.parametrize("compulsory", [True, False])
def test_long_lines_with_runs_anywhere(knobs: dict[str, object], compulsory: bool) -> None:
    # Positions (as a position file may give them) whose line is long and
    # holds runs anywhere, with a few cards to deal: the compulsory solver's
    # general path, where a discard in the middle brings two cards together.
    game = make_game("decade", {**knobs, "compulsory": compulsory})
    assert isinstance(game, Decade)
    rules = game.rules
    sums = tuple(sorted(rules.sums))
    hi = rules.max_run or 52
    rng = random.Random(f"long {knobs} {compulsory}")
    verdicts = []
    for _ in range(200):
        line = random_line(rng, rng.randint(5, 12), sums, rules.min_run, hi)
        rng.shuffle(line)  # blocks broken up and mixed: runs overlap and cross joins
        in_line = rng.randint(4, len(line))
        order = tuple(Card(c) for c in line)
        state = DecadeState(order[:in_line], order, in_line)
        expected = ref_won(line, compulsory, sums, rules.min_run, hi, start=in_line)
        assert solve_checked(game, state) == expected, f"{knobs} {line} {in_line}"
        verdicts.append(expected)
    assert any(verdicts) and not all(verdicts)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=9, unique=True), st.booleans())
def test_random_short_lines_agree(line: list[int], compulsory: bool) -> None:
    game = DECADE if compulsory else OPTIONAL
    assert solve_checked(game, start_of(line)) == ref_won(line, compulsory)


def test_solving_mid_game_positions() -> None:
    # Solving from positions reached by play, not only from a deal: the
    # compulsory solver against the generic search, the optional one against
    # dealing the rest and trying every discard.
    rng = random.Random(7)
    for number in range(1, 41):
        for game in (DECADE, OPTIONAL):
            state = game.deal(number)
            for _ in range(rng.randint(0, 40)):
                moves = game.legal_moves(state)
                if not moves:
                    break
                state = game.apply(state, rng.choice(moves))
            got = solve_checked(game, state)
            if game is DECADE:
                assert got == depth_first(game, state).won, number
            else:
                assert got == ref_line_empties(state.line + state.remaining), number


def test_limits_give_unknown_naming_the_limit() -> None:
    start = OPTIONAL.deal(117)  # lost: the whole table is needed to say so
    assert OPTIONAL.solve(start, SolveRequest.of(OPTIONAL)).status is Status.LOST
    for limits, limit in (
        (Limits(max_states=5), Limit.STATES),
        (Limits(max_table=5), Limit.TABLE),
        (Limits(timeout=1e-9), Limit.TIME),
    ):
        result = OPTIONAL.solve(start, SolveRequest.of(OPTIONAL, limits))
        assert result.status is Status.UNKNOWN and result.limit is limit
        assert result.moves == ()
    # Compulsory rules: a table of exactly the size the search needs is enough.
    number, need = next(
        (n, r.stats.unique)
        for n in range(1, 500)
        if (r := DECADE.solve(DECADE.deal(n), SolveRequest.of(DECADE))).lost and r.stats.unique >= 2
    )
    start = DECADE.deal(number)
    assert (
        DECADE.solve(start, SolveRequest.of(DECADE, Limits(max_table=need))).status is Status.LOST
    )
    result = DECADE.solve(start, SolveRequest.of(DECADE, Limits(max_table=need - 1)))
    assert result.status is Status.UNKNOWN and result.limit is Limit.TABLE


@pytest.mark.parametrize("knobs", KNOBS, ids=lambda k: ",".join(f"{a}={b}" for a, b in k.items()))
def test_optional_shortest_agrees_with_astar(knobs: dict[str, object]) -> None:
    # The fewest-discards table against the generic A* search on the real
    # rules (deals included): same verdict, same number of moves.
    game = make_game("decade", {**knobs, "compulsory": False})
    assert isinstance(game, Decade)
    rules = game.rules
    rng = random.Random(f"shortest {knobs}")
    verdicts = []
    for _ in range(120):
        line = random_line(
            rng, rng.randint(3, 10), sorted(rules.sums), rules.min_run, rules.max_run or 52
        )
        start = start_of(line)
        fast = game.solve(start, SolveRequest.of(game, shortest=True))
        plain = astar(game, start)
        assert fast.status == plain.status, line
        assert len(fast.moves) == len(plain.moves), line
        assert_result_sound(game, start, fast)
        verdicts.append(fast.won)
    assert any(verdicts) and not all(verdicts)


@pytest.mark.slow
def test_optional_shortest_on_real_deals_agrees_with_astar() -> None:
    for number in (3, 4):
        start = OPTIONAL.deal(number)
        fast = OPTIONAL.solve(start, SolveRequest.of(OPTIONAL, shortest=True))
        plain = astar(OPTIONAL, start)
        assert fast.won and plain.won and len(fast.moves) == len(plain.moves)
        assert_result_sound(OPTIONAL, start, fast)


def test_shortest_uses_the_generic_search() -> None:
    # 2 8 K | 3 7: every win deals twice and, since 2 8 K must lose a run
    # before the first deal, discards at least twice: four moves at least,
    # and x1-3 d d x1-2 is one such win.
    start = start_of(cards("2C 8C KC 3D 7D"))
    result = DECADE.solve(start, SolveRequest.of(DECADE, shortest=True))
    assert len(result.moves) == 4
    assert_result_sound(DECADE, start, result)


# ---------------------------------------------------------------- position files


def reader(pairs: Sequence[tuple[str, str]]) -> FieldReader:
    fields = [Field(label, text, i + 1) for i, (label, text) in enumerate(pairs)]
    return FieldReader(fields, "pos.txt", "decade", len(fields) + 1)


def same_position(a: DecadeState, b: DecadeState) -> bool:
    return a.line == b.line and a.remaining == b.remaining


def test_position_fields_of_a_deal() -> None:
    state = DECADE.deal(123456)
    fields = dict(DECADE.position_fields(state))
    assert list(fields) == ["line", "stock", "discarded"]
    assert fields["line"] == "3D 2D 2C"
    assert fields["stock"].startswith("9C AC 6H")
    assert fields["discarded"] == ""


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 50_000), st.integers(0, 60), st.randoms(use_true_random=False))
def test_position_files_round_trip(number: int, plies: int, rng: random.Random) -> None:
    state = OPTIONAL.deal(number)
    for _ in range(plies):
        moves = OPTIONAL.legal_moves(state)
        if not moves:
            break
        state = OPTIONAL.apply(state, rng.choice(moves))
    fields = OPTIONAL.position_fields(state)
    back = OPTIONAL.parse_position(reader(fields))
    assert same_position(back, state)
    assert OPTIONAL.position_fields(back) == fields
    # Read back, the position plays on alike.
    assert OPTIONAL.legal_moves(back) == OPTIONAL.legal_moves(state)
    assert (
        OPTIONAL.solve(back, SolveRequest.of(OPTIONAL)).status
        == OPTIONAL.solve(state, SolveRequest.of(OPTIONAL)).status
    )


def test_parse_position_before_the_first_discard_deals_three() -> None:
    all_cards = " ".join(card_text(c) for c in range(52))
    state = DECADE.parse_position(reader([("stock", all_cards)]))
    assert [card_text(c) for c in state.line] == ["AC", "2C", "3C"]
    assert len(state.remaining) == 49


def test_parse_position_errors_name_the_problem_and_the_line() -> None:
    good = dict(DECADE.position_fields(DECADE.deal(5)))

    def bad(pairs: list[tuple[str, str]], message: str, line: int) -> None:
        with pytest.raises(DealFileError, match=message) as info:
            DECADE.parse_position(reader(pairs))
        assert info.value.line == line
        assert str(info.value).startswith(f"pos.txt, line {line}: ")

    stock = good["stock"]
    bad([("line", good["line"]), ("stock", stock + " XX")], "not a card: 'XX'", 2)
    first = stock.split()[0]
    bad([("line", good["line"] + " " + first), ("stock", stock)], f"{first} appears twice", 2)
    bad([("line", good["line"]), ("stock", " ".join(stock.split()[1:]))], "1 card missing", 3)
    bad([("line", good["line"]), ("stock", stock), ("wings", "")], "unknown label 'wings'", 3)
    twice = [("line", good["line"]), ("line", good["line"])]
    with pytest.raises(DealFileError, match="given twice"):
        reader(twice)


@given(
    st.integers(1, 5000),
    st.sampled_from([[], ["compulsory=false"], ["min_run=3", "max_run=4"], ["sums=10"]]),
    st.randoms(use_true_random=False),
)
@settings(max_examples=60, deadline=None)
def test_is_legal_answers_as_the_list_of_legal_moves(
    number: int, rules: list[str], rng: random.Random
) -> None:
    # Along a random line of play, every move that names a place in the line
    # (and the deal) is legal exactly when the game lists it.
    game = make_game("decade", rules)
    assert isinstance(game, Decade)
    state = game.deal(DealNumber(number, microsoft=False))
    while True:
        listed = game.legal_moves(state)
        candidates = [DEAL] + [
            DecadeMove(i, n)
            for i in range(len(state.line) + 1)
            for n in range(1, len(state.line) + 2)
        ]
        for move in candidates:
            assert game.is_legal(state, move) == (move in listed), (str(move), state)
        if not listed:
            break
        state = game.apply(state, rng.choice(listed))


def test_an_object_that_is_no_decade_move_is_not_legal() -> None:
    game = make_game("decade")
    state = game.deal(DealNumber(3, microsoft=False))
    with pytest.raises(IllegalMoveError):
        game.play(state, 5)  # type: ignore[arg-type]
