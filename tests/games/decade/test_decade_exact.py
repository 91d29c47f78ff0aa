"""Decade's fair value (``games/decade/exact.py``) against references that share none of its code.

The main reference is a plain expectimax written here from RULES.md: chance
is explicit, as the set of card orders still possible (every distinct order
of the unseen values, equally likely); a deal splits that set by its first
card; a choice takes the best move. No counts, no memo keys, no folding, no
bounds. Runs are found by trying every stretch of the line.
"""

from __future__ import annotations

import itertools
import math
import random
import zlib
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import pytest

from solitaire_solver.cards import Card
from solitaire_solver.games.decade import Decade, DecadeMove, DecadeRules, DecadeState
from solitaire_solver.games.decade.exact import (
    FairSolver,
    NodeLimitReached,
    fair_value,
    hint,
    move_values,
)
from solitaire_solver.games.decade.lines import _Reach, _Shape, _Stack
from solitaire_solver.games.decade.table import FairTable
from solitaire_solver.games.decade.unseen import (
    DECK_COUNTS,
    information_state,
    orders,
    unseen_counts,
)
from solitaire_solver.numbering import DealNumber
from solitaire_solver.request import SolveRequest

COMPULSORY = DecadeRules()
OPTIONAL = DecadeRules(compulsory=False)
Rules = tuple[tuple[int, ...], int, int, bool]
"""The knobs as the references take them: sums, min_run, max_run, compulsory."""


def knobs(rules: DecadeRules) -> Rules:
    hi = 52 if rules.max_run is None else rules.max_run
    return tuple(sorted(rules.sums)), rules.min_run, hi, rules.compulsory


# ---------------------------------------------------------------- the plain expectimax


def ref_runs(line: Sequence[int], rules: Rules) -> list[tuple[int, int]]:
    """Every stretch ``line[i:j]`` that is a run, as (i, j)."""
    sums, lo, hi, _ = rules
    return [
        (i, j)
        for i in range(len(line))
        for j in range(i + lo, min(len(line), i + hi) + 1)
        if sum(line[i:j]) in sums
    ]


@cache
def ref_value(
    line: tuple[int, ...], possible: frozenset[tuple[int, ...]], rules: Rules
) -> Fraction:
    """The best chance of winning from ``line`` when the stock is one of ``possible``, each
    equally likely, and the player sees only what has been dealt."""
    compulsory = rules[3]
    left = len(next(iter(possible)))
    if not line and left == 0:
        return Fraction(1)
    runs = ref_runs(line, rules)
    options = [ref_value(line[:i] + line[j:], possible, rules) for i, j in runs]
    if left and not (compulsory and runs):
        options.append(ref_deal(line, possible, rules))
    return max(options, default=Fraction(0))


def ref_deal(
    line: tuple[int, ...],
    possible: frozenset[tuple[int, ...]],
    rules: Rules,
    then: Callable[[tuple[int, ...], frozenset[tuple[int, ...]], Rules], Fraction] | None = None,
) -> Fraction:
    """The chance after dealing: the orders split by their first card, each part worth
    ``then`` (:func:`ref_value` by default) of the line with that card."""
    after = ref_value if then is None else then
    by_first: dict[int, set[tuple[int, ...]]] = {}
    for order in possible:
        by_first.setdefault(order[0], set()).add(order[1:])
    return sum(
        (
            Fraction(len(rest), len(possible)) * after((*line, v), frozenset(rest), rules)
            for v, rest in by_first.items()
        ),
        Fraction(0),
    )


def ref_start(
    line: tuple[int, ...], possible: frozenset[tuple[int, ...]], rules: Rules
) -> Fraction:
    """The start: three cards are dealt before any discard."""
    if len(line) >= 3 or not next(iter(possible)):
        return ref_value(line, possible, rules)
    return ref_deal(line, possible, rules, then=ref_start)


def all_orders(unseen: Sequence[int]) -> frozenset[tuple[int, ...]]:
    return frozenset(itertools.permutations(unseen))


def after(line: Sequence[int], move: DecadeMove) -> tuple[int, ...]:
    return (*line[: move.start], *line[move.start + move.length :])


# ---------------------------------------------------------------- positions


def play_to(
    rng: random.Random, rules: DecadeRules, unseen: int, stop_after_deal: bool = False
) -> tuple[tuple[int, ...], list[int]]:
    """A position of a real shuffled deck, reached by random legal play, with ``unseen`` cards
    left in the stock. With ``stop_after_deal`` it may stop with runs in the line."""
    rr = knobs(rules)
    deck = [min(r + 1, 10) for r in range(13)] * 4
    rng.shuffle(deck)
    line, k = deck[:3], 3
    while True:
        runs = ref_runs(line, rr)
        there = 52 - k == unseen
        if there and (not runs or stop_after_deal):
            return tuple(line), deck[k:]
        if runs and (there or rules.compulsory or rng.random() < 0.6):
            i, j = rng.choice(runs)
            del line[i:j]
            continue
        line.append(deck[k])
        k += 1


def assert_agrees(rules: DecadeRules, line: tuple[int, ...], unseen: Sequence[int]) -> None:
    rr = knobs(rules)
    possible = all_orders(unseen)
    expected = ref_value(line, possible, rr)
    got = fair_value(rules, line, unseen)
    assert got.value == expected, (rules, line, unseen)
    assert got.probability == pytest.approx(float(expected))
    assert got.orders == len(possible)
    values = move_values(rules, line, unseen)
    for mv in values:
        if mv.move.is_deal:
            want = ref_deal(line, possible, rr)
        else:
            want = ref_value(after(line, mv.move), possible, rr)
        assert mv.value == want, (rules, line, unseen, mv.move)
    if values:
        best = max(mv.value for mv in values)
        assert best == expected
        assert set(got.best_moves) == {mv.move for mv in values if mv.value == best}


# ---------------------------------------------------------------- against the plain expectimax


@pytest.mark.parametrize("rules", [COMPULSORY, OPTIONAL], ids=["decade", "decade-optional"])
def test_agrees_with_the_plain_expectimax_on_real_positions(rules: DecadeRules) -> None:
    rng = random.Random(20240)
    nonzero = 0
    for n in range(60):
        line, unseen = play_to(rng, rules, 4 + n % 3, stop_after_deal=n % 4 == 0)
        assert_agrees(rules, line, unseen)
        nonzero += fair_value(rules, line, unseen, with_moves=False).wins != 0
    assert nonzero >= 10  # the sample holds positions that can be won, not only lost ones


@pytest.mark.parametrize(
    "rules",
    [
        DecadeRules(max_run=3),
        DecadeRules(min_run=3),
        DecadeRules(sums=frozenset({10})),
        DecadeRules(sums=frozenset({5, 15})),
        DecadeRules(max_run=4, compulsory=False),
        DecadeRules(min_run=3, compulsory=False),
        DecadeRules(sums=frozenset({10, 20}), max_run=3, compulsory=False),
    ],
    ids=str,
)
def test_agrees_with_the_plain_expectimax_under_other_knobs(rules: DecadeRules) -> None:
    rng = random.Random(zlib.crc32(str(rules).encode()))
    for n in range(16):
        size = 4 + n % 2
        unseen = [rng.randint(1, 10) for _ in range(size)]
        line = tuple(rng.randint(1, 10) for _ in range(rng.randint(0, 4)))
        # Make the totals agree modulo the sums' divisor half the time, so that
        # the sample is not all lost positions.
        divisor = math.gcd(*rules.sums)
        if n % 2 and (sum(line) + sum(unseen)) % divisor:
            unseen[-1] = (unseen[-1] - (sum(line) + sum(unseen)) % divisor - 1) % 10 + 1
        assert_agrees(rules, line, unseen)


@pytest.mark.parametrize("rules", [COMPULSORY, OPTIONAL], ids=["decade", "decade-optional"])
def test_the_start_agrees_with_the_plain_expectimax(rules: DecadeRules) -> None:
    rng = random.Random(7)
    for size in (4, 5, 5, 6, 6):
        unseen = [min(rng.randint(1, 13), 10) for _ in range(size)]
        for line in ((), (unseen[0],)):
            rest = unseen[1:] if line else unseen
            want = ref_start(line, all_orders(rest), knobs(rules))
            assert fair_value(rules, line, rest, start=True).value == want


def test_hand_worked_example() -> None:
    """Line 10 1, unseen 5 5 9 10 (12 orders), compulsory discards: 3/4 by hand.

    Prefix totals of the line: 0, 10, 11.

    First card 9 (3 orders): runs 1 9 (keeps 10) and 10 1 9 (keeps nothing);
    the rest is 5 5 10 in an unknown order. Keeping 10: 5 5 10 gives 10 5,
    then 5 makes 5 5 and 10 5 5; with 10 known to come, keep 10 and 10 10
    wins. 5 10 5 gives 10 5 10 (no run), then 5 makes 10 5 10 5 = 30: won.
    10 5 5 gives 10 10, discarded, then 5 5: won. So keeping 10 wins all 3
    (keeping nothing wins 2: 5 5 empties the line and 10 is left alone).
    First card 10 (3 orders): 10 1 10 has no run; rest 5 5 9. 5 5 9: 10 1
    10 5, then 5 makes 5 5 or 10 5 5, and either line plus 9 is a run (21 +
    9, 11 + 9): won. 5 9 5: 10 1 10 5 9 then 5: only 1 10 5 9 5 = 30, which
    leaves 10 with nothing to come: lost. 9 5 5: 1 10 9 or 10 1 10 9 = 30;
    keep nothing, then 5 5: won. 2 of 3.
    First card 5 (6 orders): 10 1 5 has no run; rest 5 9 10. 5 9 10: 5 5 is
    forced (10 1), then 9 makes 1 9 or 10 1 9, 10 known to come: keep 10, won.
    5 10 9: 10 1 then 10 1 10, then 9: 10 1 10 9 = 30, won. 9 5 10: 10 1 5 9,
    then 5: 1 5 9 5 = 20 keeps 10, and 10 comes: won. 9 10 5: 10 1 5 9 10 then
    5: only 1 5 9 10 5 = 30, leaving 10: lost. 10 5 9: 10 1 5 10, 5: 5 10 5 =
    20 forced (10 1), then 9 with 10 1 9 = 20: won. 10 9 5: 10 1 5 10 9, then
    5: only 1 5 10 9 5, leaving 10: lost. 4 of 6.

    Orders won: 3 + 2 + 4 = 9 of 12, so 3/4.
    """
    got = fair_value(COMPULSORY, [10, 1], [5, 5, 9, 10])
    assert got.orders == 12
    assert got.value == Fraction(3, 4)
    assert got.best_moves == (DecadeMove(),)
    # After a first 9 the two runs differ: keeping 10 wins all three orders.
    choices = {mv.move: mv.value for mv in move_values(COMPULSORY, [10, 1, 9], [5, 5, 10])}
    assert choices == {DecadeMove(1, 2): Fraction(1), DecadeMove(0, 3): Fraction(2, 3)}


# ---------------------------------------------------------------- the engines and bounds


def test_bit_set_and_tuple_engines_agree() -> None:
    rng = random.Random(11)
    fast, plain = FairSolver(COMPULSORY), FairSolver(COMPULSORY, fast=False)
    for n in range(120):
        line, unseen = play_to(rng, COMPULSORY, 6 + n % 4)
        a = fast.value(line, unseen, with_moves=False)
        b = plain.value(line, unseen, with_moves=False)
        assert a.wins == b.wins, (line, unseen)


def random_state(rng: random.Random, compulsory: bool) -> tuple[tuple[int, ...], list[int]]:
    """A small state of no particular origin: lines of any length and sum, any multiset."""
    unseen = [min(rng.randint(1, 13), 10) for _ in range(rng.randint(1, 7))]
    line: list[int] = []
    for _ in range(rng.randint(0, 9)):
        line.append(min(rng.randint(1, 13), 10))
        if compulsory and ref_runs(line, knobs(COMPULSORY)):
            line.pop()  # compulsory engines see run-free lines between deals
    if rng.random() < 0.7:  # totals that agree modulo 10 most of the time
        total = sum(line) + sum(unseen)
        unseen[-1] = (unseen[-1] - total % 10 - 1) % 10 + 1
    return tuple(line), unseen


@pytest.mark.parametrize("rules", [COMPULSORY, OPTIONAL], ids=["decade", "decade-optional"])
def test_bounds_never_cut_a_state_worth_more_than_zero(rules: DecadeRules) -> None:
    rng = random.Random(5 + rules.compulsory)
    shape = _Shape.of(rules)
    bounded, unbounded = FairSolver(rules), FairSolver(rules, bounds=False)
    cut = positive = 0
    for _ in range(300):
        line, unseen = random_state(rng, rules.compulsory)
        want = unbounded.value(line, unseen, with_moves=False).wins
        assert bounded.value(line, unseen, with_moves=False).wins == want, (line, unseen)
        positive += want != 0
        if rules.compulsory:
            # The zero test itself, where it claims the state is lost.
            remaining, u = sum(line) + sum(unseen), len(unseen)
            claims = remaining > shape.top * u or not shape.may_win(remaining, len(line) + u, u)
            if claims:
                cut += 1
                assert want == 0, (line, unseen)
    assert positive >= 30
    if rules.compulsory:
        assert cut >= 30  # the test exercised the zero test


def test_dropped_stacks_could_not_complete() -> None:
    """Every stack the optional engine drops fails for every order of the unseen cards."""
    rng = random.Random(3)
    engine = FairSolver(OPTIONAL).engine
    assert isinstance(engine, _Reach)
    unbounded = FairSolver(OPTIONAL, bounds=False).engine
    assert isinstance(unbounded, _Reach)
    checked = 0
    for _ in range(40):
        line, unseen = random_state(rng, False)
        n, tot = len(unseen), sum(unseen)
        every = unbounded.reach_of(line, n, tot)
        kept = engine.reach_of(line, n, tot)
        assert kept <= every
        packed = sum(c << 6 * (v - 1) for v, c in enumerate(unseen_counts(unseen)) if v)
        for stack in every - kept:
            # The stack alone, completed by the unseen cards in any order: never.
            alone = unbounded.node_of([stack])
            assert unbounded.wins((alone, packed, n, tot)) == 0, (line, unseen, stack)
            checked += 1
    assert checked >= 30


def test_node_limit_gives_unknown() -> None:
    line, unseen = (10, 1), [5, 5, 9, 10, 3, 7, 2, 8, 4, 6]
    got = fair_value(COMPULSORY, line, unseen, max_nodes=5)
    assert not got.known and got.value is None and got.probability is None
    assert got.nodes > 5
    with pytest.raises(NodeLimitReached):
        move_values(COMPULSORY, line, unseen, max_nodes=5)
    assert fair_value(COMPULSORY, line, unseen).known


# ---------------------------------------------------------------- the table


@pytest.fixture(scope="module")
def table() -> FairTable:
    return FairTable.build(COMPULSORY, 1)


def test_table_of_one_unseen_card_is_complete_and_right(table: FairTable) -> None:
    assert table.max_unseen == 1
    assert table.level_sizes[0] == 1 and table.level_sizes[1] > 100_000
    plain = FairSolver(COMPULSORY, fast=False)
    rng = random.Random(8)
    keys = rng.sample(sorted(table.values), 300)
    for key in keys:
        full, packed = key >> 60, key & ((1 << 60) - 1)
        table_line = _Stack.line_of(full, 30)
        unseen = [v for v in range(1, 11) for _ in range((packed >> 6 * (v - 1)) & 63)]
        assert plain.value(table_line, unseen, with_moves=False).wins == table.values[key] > 0
    # States that fit in one deck and are absent are worth 0: random run-free lines.
    absent = 0
    for _ in range(3000):
        line, unseen = random_state(rng, True)
        unseen = unseen[:1]
        if not all(line.count(v) + unseen.count(v) <= DECK_COUNTS[v] for v in range(1, 11)):
            continue
        got = table.get(line, unseen)
        assert got == plain.value(line, unseen, with_moves=False).wins
        absent += got == 0
    assert absent > 100


def test_solver_with_a_table_agrees(table: FairTable) -> None:
    with_table, without = FairSolver(COMPULSORY, table=table), FairSolver(COMPULSORY)
    rng = random.Random(9)
    for _ in range(40):
        line, unseen = play_to(rng, COMPULSORY, 8)
        a = with_table.value(line, unseen)
        b = without.value(line, unseen)
        assert (a.value, a.best_moves) == (b.value, b.best_moves)


# ---------------------------------------------------------------- sampled checks


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_value_lies_in_the_interval_of_its_strategy_played_out() -> None:
    """Play the solver's best moves against random orders under the rules written here."""
    rr = knobs(COMPULSORY)
    solver = FairSolver(COMPULSORY)
    rng = random.Random(13)
    while True:  # a position of real play whose value is far from 0 and 1
        line, unseen = play_to(rng, COMPULSORY, 10)
        exact = solver.value(line, unseen).value
        assert exact is not None
        if 0.2 < exact < 0.8:
            break
    rng = random.Random(12)
    n, wins = 1500, 0
    for _ in range(n):
        stock = list(unseen)
        rng.shuffle(stock)
        cur = list(line)
        while True:
            runs = ref_runs(cur, rr)
            if not runs:
                if not stock:
                    break
                cur.append(stock.pop(0))
                continue
            # The player sees the line and which cards are left, not their order.
            values = solver.move_values(cur, stock)
            best = max(values, key=lambda mv: mv.wins).move
            assert (best.start, best.start + best.length) in runs
            cur = list(after(cur, best))
        wins += not cur
    low, high = wilson(wins, n)
    assert low <= float(exact) <= high


def decade_state(line: Sequence[int], stock: Sequence[int]) -> DecadeState:
    """A game position with cards of these values (suits as they come)."""
    free = {v: [Card(c) for c in range(52) if min(c % 13 + 1, 10) == v] for v in range(1, 11)}
    line_cards = tuple(free[v].pop() for v in line)
    stock_cards = tuple(free[v].pop() for v in stock)
    return DecadeState(line_cards, line_cards + stock_cards, len(line_cards))


def test_optional_value_is_the_thoughtful_rate() -> None:
    """Optional rules: fair equals thoughtful (verdicts from the game's own solver)."""
    game = Decade(OPTIONAL)
    rng = random.Random(4)
    for n in range(12):
        line, unseen = play_to(rng, OPTIONAL, 5 + n % 2, stop_after_deal=True)
        won = sum(
            game.solve(decade_state(line, order), SolveRequest.of(game)).won
            for order in set(itertools.permutations(unseen))
        )
        assert fair_value(OPTIONAL, line, unseen, with_moves=False).wins == won


def test_optional_value_in_the_interval_of_sampled_thoughtful_verdicts() -> None:
    game = Decade(OPTIONAL)
    rng = random.Random(6)
    line, unseen = play_to(rng, OPTIONAL, 10)
    exact = fair_value(OPTIONAL, line, unseen, with_moves=False)
    assert exact.value is not None and 0.05 < exact.value < 0.95
    n = 1000
    wins = 0
    for _ in range(n):
        order = list(unseen)
        rng.shuffle(order)
        wins += game.solve(decade_state(line, order), SolveRequest.of(game)).won
    low, high = wilson(wins, n)
    assert low <= float(exact.value) <= high


# ---------------------------------------------------------------- the API


def test_information_state_and_hint_of_a_deal() -> None:
    game = Decade(COMPULSORY)
    state = game.deal(DealNumber(123, microsoft=True))
    while len(state.remaining) > 8:
        state = game.apply(state, game.legal_moves(state)[0])
    line, counts = information_state(state)
    assert sum(counts.values()) == 8 and orders(counts) >= 1
    values = hint(COMPULSORY, state)
    assert {mv.move for mv in values} == set(game.legal_moves(state))
    whole = fair_value(COMPULSORY, line, counts)
    assert max(mv.value for mv in values) == whole.value


def test_unseen_given_as_values_or_counts() -> None:
    assert unseen_counts([10, 10, 3]) == unseen_counts({10: 2, 3: 1})
    with pytest.raises(ValueError):
        unseen_counts([11])
    a = fair_value(COMPULSORY, [4], [6, 10, 10])
    b = fair_value(COMPULSORY, [4], {6: 1, 10: 2})
    assert a.value == b.value
