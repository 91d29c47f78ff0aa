"""Sampling in the engine on toy problems with no cards: a die and a coin whose outcome is
hidden, with figures, stops and choices worked out by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver.maths import wilson_interval
from solitaire_solver.search import (
    Status,
    Tally,
    draw_samples,
    sampled_choice,
    settle_samples,
    tally_samples,
    told_apart,
)

HIGH, LOW, SIX = 0, 1, 2
"""The hidden die's moves: bet on 4 to 6, on 2 or 3, or on a 6 alone."""


class HiddenDie:
    """A die rolled face down: a 1 loses whatever the bet, else the bet wins when it
    covers the roll (:data:`HIGH`, :data:`LOW`, :data:`SIX`). Every verdict asked is
    written down, to count the searches."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def draw(self, rng: random.Random) -> int:
        return rng.randint(1, 6)

    def before(self, roll: int) -> Status:
        return Status.LOST if roll == 1 else Status.WON

    def after(self, roll: int, i: int) -> tuple[Status, bool]:
        self.asked.append((roll, i))
        wins = {HIGH: roll >= 4, LOW: roll in (2, 3), SIX: roll == 6}[i]
        return (Status.WON if wins else Status.LOST), True


class HiddenCoin:
    """A coin flipped face down: on heads the first move wins and the second loses; on
    tails nothing can be settled (a search that ran out), before a move or after one."""

    def draw(self, rng: random.Random) -> str:
        return rng.choice("HT")

    def before(self, side: str) -> Status:
        return Status.WON if side == "H" else Status.UNKNOWN

    def after(self, side: str, i: int) -> tuple[Status, bool]:
        if side == "T":
            return Status.UNKNOWN, True
        return (Status.WON if i == 0 else Status.LOST), True


def test_the_draws_come_from_the_source_in_order() -> None:
    rng = random.Random(5)
    expected = [rng.randint(1, 6) for _ in range(20)]
    assert draw_samples(HiddenDie(), random.Random(5), 20) == expected


def test_a_tally_of_each_face_once() -> None:
    # By hand: the 1 is lost before any move, so no bet is settled on it;
    # each of the other five faces is settled after all three bets (15
    # searches, and 6 before the moves). HIGH wins on 4, 5, 6; LOW on 2, 3;
    # SIX on 6.
    die = HiddenDie()
    t = tally_samples(die, [1, 2, 3, 4, 5, 6], 3)
    assert (t.wins, t.unknown, t.used, t.solves) == ([3, 2, 1], [0, 0, 0], 6, 21)
    assert {roll for roll, _ in die.asked} == {2, 3, 4, 5, 6}
    assert t.value(HIGH) == 0.5


def test_the_interval_of_half_of_twelve() -> None:
    # Wilson at 6 of 12 (z = 1.96): the centre is 1/2 and the half-width
    # 1.96 / (1 + z²/12) * sqrt(1/48 + z²/576) = 1.4847 * 0.16584 = 0.2462.
    t = tally_samples(HiddenDie(), [1, 2, 3, 4, 5, 6] * 2, 3)
    assert t.wins[HIGH] == 6
    assert t.band(HIGH, wilson_interval)[0] == pytest.approx(0.2538, abs=1e-4)
    assert t.band(HIGH, wilson_interval)[1] == pytest.approx(0.7462, abs=1e-4)


@pytest.mark.parametrize(("batch", "used"), [(4, 4), (3, 6), (5, 5), (None, 12)])
def test_the_stopping_rule_between_batches(batch: int | None, used: int) -> None:
    # Rolls of 4 to 6 only, and two bets: HIGH wins every one, LOW none.
    # Wilson at 4 of 4 has low 0.5101 and 0 of 4 high 0.4899: apart after
    # 4 (test_the_hand_worked_ends_of_four_and_three). At 3 of 3 the low is
    # 0.4385 and 0 of 3 reaches 0.5615: not yet, so with batches of 3 the
    # rule stops after 6 (6 of 6: low 0.6097, 0 of 6: high 0.3903). At 5 of
    # 5 the low is 0.5655, 0 of 5 reaches 0.4345. Without batches every
    # roll is used.
    rolls = [4, 5, 6] * 4
    t = tally_samples(HiddenDie(), rolls, 2, batch=batch, stop=told_apart(wilson_interval))
    assert t.used == used
    assert t.wins == [used, 0]


def test_the_hand_worked_ends_of_four_and_three() -> None:
    four = Tally([4, 0], [0, 0], used=4)
    three = Tally([3, 0], [0, 0], used=3)
    assert four.band(0, wilson_interval)[0] == pytest.approx(0.5101, abs=1e-4)
    assert four.band(1, wilson_interval)[1] == pytest.approx(0.4899, abs=1e-4)
    assert four.apart(0, [1], wilson_interval)
    assert three.band(0, wilson_interval)[0] == pytest.approx(0.4385, abs=1e-4)
    assert three.band(1, wilson_interval)[1] == pytest.approx(0.5615, abs=1e-4)
    assert not three.apart(0, [1], wilson_interval)


def test_twins_never_stop_the_rule_unless_named() -> None:
    # Two bets on HIGH: the same verdict on every roll, so no count tells
    # them apart. Named as twins, the rule stops as for one bet (after 4).
    class TwoHighs(HiddenDie):
        def after(self, roll: int, i: int) -> tuple[Status, bool]:
            return super().after(roll, HIGH if i < 2 else LOW)

    rolls = [4, 5, 6] * 4
    plain = tally_samples(TwoHighs(), rolls, 3, batch=4, stop=told_apart(wilson_interval))
    assert plain.used == 12
    named = tally_samples(
        TwoHighs(), rolls, 3, batch=4, stop=told_apart(wilson_interval, twins=[(1,), (0,), ()])
    )
    assert named.used == 4
    assert named.wins == [4, 4, 0]


def test_equal_wins_are_never_told_apart_but_as_twins() -> None:
    t = Tally([4, 4, 0], [0, 0, 0], used=4)
    assert not told_apart(wilson_interval)(t)
    assert told_apart(wilson_interval, twins=[(1,), (0,), ()])(t)
    # An unsettled sample of LOW reaches as high as a win would.
    assert not told_apart(wilson_interval, twins=[(1,), (0,), ()])(
        Tally([4, 4, 0], [0, 0, 3], used=4)
    )


def test_unsettled_samples_count_apart() -> None:
    # Heads, tails, heads, tails. Skipping the unsettled: tails are settled
    # before a move only (4 searches), heads after both moves (4 more); the
    # first move wins 2 of 4, and both have 2 unsettled. Wilson at 2 of 4:
    # centre 1/2, half-width 0.99981 * sqrt(1/16 + z²/64) = 0.3500. The
    # first move's band runs from the low of 2 of 4 to the high of 4 of 4.
    t = tally_samples(HiddenCoin(), list("HTHT"), 2, skip_unsettled=True)
    assert (t.wins, t.unknown, t.solves) == ([2, 0], [2, 2], 8)
    assert t.band(0, wilson_interval)[0] == pytest.approx(0.1500, abs=1e-4)
    assert t.band(0, wilson_interval)[1] == 1.0
    assert t.band(1, wilson_interval)[1] == pytest.approx(0.8500, abs=1e-4)
    # Searched anyway, the tails stay unsettled after each move, at 4 more
    # searches.
    searched = tally_samples(HiddenCoin(), list("HTHT"), 2)
    assert (searched.wins, searched.unknown, searched.solves) == ([2, 0], [2, 2], 12)


def test_the_count_of_samples_done() -> None:
    seen: list[tuple[int, int]] = []
    tally_samples(HiddenCoin(), list("HTH"), 2, counted=lambda done, of: seen.append((done, of)))
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_a_choice_searches_no_more_than_it_must() -> None:
    # In the order HIGH, LOW, SIX (equal ranks: the first of equals first).
    # HIGH: all five rolls not lost, 5 searches, 3 wins. LOW: after 2, 3
    # (wins), 4 and 5 it could still reach 3 wins, so 6 is searched too: 5
    # searches, 2 wins. SIX: after 2, 3 and 4 (no win) two rolls are left,
    # 2 < 3, so it stops: 3 searches. HIGH is the choice, at 13 searches of
    # the tally's 15.
    die = HiddenDie()
    rolls = [1, 2, 3, 4, 5, 6]
    wholes = settle_samples(die, rolls)
    assert wholes == [Status.LOST] + [Status.WON] * 5
    chosen, solves = sampled_choice(die, rolls, wholes, {HIGH: (0,), LOW: (0,), SIX: (0,)})
    assert (chosen, solves) == (HIGH, 13)
    assert die.asked[-3:] == [(2, SIX), (3, SIX), (4, SIX)]


def test_a_choice_of_one_candidate_is_that_one() -> None:
    die = HiddenDie()
    rolls = [2, 3, 4]
    chosen, solves = sampled_choice(die, rolls, settle_samples(die, rolls), {SIX: (0,)})
    assert (chosen, solves) == (SIX, 3)


@settings(max_examples=60, deadline=None)
@given(
    rolls=st.lists(st.integers(1, 6), min_size=1, max_size=30),
    ranks=st.lists(st.integers(0, 2), min_size=3, max_size=3),
    candidates=st.sets(st.sampled_from([HIGH, LOW, SIX]), min_size=1),
)
def test_a_choice_is_the_tallys_best(
    rolls: list[int], ranks: list[int], candidates: set[int]
) -> None:
    # The choice prunes its searches, never its answer: the candidate of
    # most wins, then highest rank, then first in the rank's order.
    die = HiddenDie()
    order = {i: (ranks[i], -i) for i in sorted(candidates)}
    chosen, _ = sampled_choice(die, rolls, settle_samples(die, rolls), order)
    t = tally_samples(HiddenDie(), rolls, 3)
    assert chosen == max(order, key=lambda i: (t.wins[i], *order[i]))
