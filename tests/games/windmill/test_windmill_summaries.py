"""Windmill's summary search (the last pass as a pushdown system) against other searches.

Every verdict is checked by another route: the plain depth-first search with
no pruning and no summaries, the deliberately simple ``reference_solve`` of
tests/games/windmill/test_windmill.py, a beam wide enough to drop nothing (exhaustive), or
a hand-worked analysis. Every win replays move by move.
"""

from __future__ import annotations

from collections import Counter

import pytest

from solitaire_solver.games import make_game
from solitaire_solver.games.windmill import (
    PLAN,
    Windmill,
    WindmillState,
    any_line,
    beams,
    can_summarise,
    summary_run,
    summary_search,
)
from solitaire_solver.games.windmill.model import EMPTY, compact, pile, rank_model
from solitaire_solver.games.windmill.summaries import (
    _FND_SHIFT,
    _PID_BITS,
    _Summaries,
)
from solitaire_solver.request import SolveRequest
from solitaire_solver.search import Budget, Limit, Limits, Status, Verdict, depth_first
from solitaire_solver.search import solve as run_strategy
from tests.helpers import assert_result_sound
from tests.helpers.windmill import (
    deals_in_between,
    dealt,
    exhaustive_beam,
    game,
    late_positions,
    random_positions,
    ranks,
    reference_solve,
    small_position,
    temporary_home_position,
    two_in_a_row_position,
)

# The solver's numbers, from its plan.
BEAMS_WEIGHT = PLAN.member("beams").weight
SUMMARIES_WEIGHT = PLAN.member("summaries").weight
PORTFOLIO_BASE = PLAN.base
PORTFOLIO_GROWTH = PLAN.growth


def plain_dfs(g: Windmill, s: WindmillState, max_states: int) -> Status:
    """The engine's depth-first search alone over real positions (every legal move, the
    compact form as the key), with no pruning hook: no beam, no summaries."""
    r = depth_first(g, s, Limits(max_states=max_states))
    assert_result_sound(g, s, r)
    return r.status


def exhaustive(g: Windmill, s: WindmillState) -> Status:
    """A beam so wide that it drops nothing: an exhaustive search by another route."""
    r = exhaustive_beam(g, s)
    assert_result_sound(g, s, r)
    assert r.status is not Status.UNKNOWN
    return r.status


def check_positions(
    g: Windmill, positions: list[WindmillState], dfs_states: int, reference_cap: int
) -> Counter[str]:
    tally: Counter[str] = Counter()
    for s in positions:
        assert can_summarise(g.problem, s)
        r = summary_search(g.problem, s, Limits(max_states=2_000_000))
        assert r.status is not Status.UNKNOWN
        assert_result_sound(g, s, r)
        tally[r.status.value] += 1
        plain = plain_dfs(g, s, dfs_states)
        if plain is not Status.UNKNOWN:
            assert plain is r.status
            tally["dfs agreed"] += 1
        ref = reference_solve(g, s, cap=reference_cap)
        if ref is not None:
            assert ref == r.won
            tally["reference agreed"] += 1
    return tally


@pytest.mark.parametrize("preset", ["windmill", "windmill-reversed"])
@pytest.mark.parametrize(("left", "numbers"), [(6, range(1, 7)), (10, range(7, 11))])
def test_agrees_with_plain_dfs_and_reference(preset: str, left: int, numbers: range) -> None:
    g = make_game(preset)
    assert isinstance(g, Windmill)
    tally = check_positions(g, late_positions(g, numbers, left=left), 30_000, 5_000)
    assert tally["dfs agreed"] >= len(numbers)
    assert tally["reference agreed"] >= 1


def test_agrees_after_a_redeal() -> None:
    # With redeals=1 the last pass deals the first pass's waste again, a
    # new order; the summaries work on that order.
    g = game(redeals=1)
    positions = [s for s in late_positions(g, range(1, 9), left=8) if s.redeals_used == 1]
    tally = check_positions(g, positions, 30_000, 5_000)
    assert tally["dfs agreed"] >= 6


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["windmill", "windmill-reversed"])
@pytest.mark.parametrize("left", [6, 10, 14])
def test_agrees_with_plain_dfs_and_reference_many(preset: str, left: int) -> None:
    g = make_game(preset)
    assert isinstance(g, Windmill)
    tally = check_positions(g, late_positions(g, range(1, 31), left=left), 200_000, 30_000)
    assert tally["won"] >= 5 and tally["lost"] >= 5
    assert tally["dfs agreed"] >= 30


def test_settles_what_the_plain_dfs_does_not() -> None:
    # Deal 2, 17 cards left in the stock: the plain depth-first search gives
    # up after 20,000 states; the summaries prove the loss in a few
    # thousand nodes, and a beam that drops nothing confirms it.
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    assert len(s.stock) == 17
    assert plain_dfs(g, s, 20_000) is Status.UNKNOWN
    r = summary_search(g.problem, s, Limits(max_states=200_000))
    assert r.status is Status.LOST
    assert r.stats.expanded < 200_000
    assert exhaustive(g, s) is Status.LOST


@pytest.mark.slow
@pytest.mark.parametrize(("left", "index"), [(18, 3), (22, 3)])
def test_settles_what_the_plain_dfs_does_not_far_from_the_end(left: int, index: int) -> None:
    # About 17 and 21 cards left: the summaries need close to a million
    # nodes (10 to 20 s); the exhaustive beam takes about a minute.
    g = game()
    numbers = range(1, 12) if left == 18 else range(1, 4)
    s = late_positions(g, numbers, left=left, per_deal=1)[index]
    assert plain_dfs(g, s, 400_000) is Status.UNKNOWN
    r = summary_search(g.problem, s, Limits())
    assert_result_sound(g, s, r)
    assert r.status is exhaustive(g, s)


# ---------------------------------------------------------------- limits and scope


def test_limits_give_unknown_with_the_limit() -> None:
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    r = summary_search(g.problem, s, Limits(max_states=50))
    assert (r.status, r.limit, r.moves) == (Status.UNKNOWN, Limit.STATES, ())
    assert r.stats.expanded == 50
    r = summary_search(g.problem, s, Limits(timeout=1e-9))
    assert (r.status, r.limit) == (Status.UNKNOWN, Limit.TIME)
    r = summary_search(g.problem, s, Limits(max_table=100))
    assert (r.status, r.limit) == (Status.UNKNOWN, Limit.TABLE)
    assert r.stats.unique <= 100


def test_only_restricted_rules_on_the_last_pass() -> None:
    for rules in ({"foundation_moves": "free"}, {"redeals": 1}):
        g = game(**rules)
        s = temporary_home_position(g)
        assert not can_summarise(g.problem, s)
        with pytest.raises(ValueError, match="last pass"):
            summary_search(g.problem, s, Limits())


def test_the_solver_runs_the_summaries_unless_told_not_to() -> None:
    # With no beam and no relaxation, the summaries settle this position
    # (after 300,157 states of the whole portfolio) before the depth-first
    # searches do; told not to run, the depth-first search settles it
    # alone (after 289,361), and the two verdicts agree.
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    limits = Limits(max_states=400_000)
    # (The relaxation, left out here, proves this position lost in a few
    # hundred relaxed positions.)
    on = run_strategy(any_line(g.problem, s, widths=(), with_relaxation=False), limits)
    off = run_strategy(
        any_line(g.problem, s, widths=(), with_summaries=False, with_relaxation=False), limits
    )
    assert (on.status, on.settled_by) == (Status.LOST, "summaries")
    assert (off.status, off.settled_by) == (Status.LOST, "depth-first")


def test_paused_runs_go_on_to_the_same_verdict() -> None:
    # Turns of 500 states: a pause keeps the run's stacks and tables, so
    # the verdict (with a line that replays, for a won position) is the one
    # a single run gives, for exactly the same work, and the plain DFS
    # confirms it.
    g = game()
    lost = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    won = late_positions(g, range(1, 7), left=10)[2]
    for s in (lost, won):
        once = summary_search(g.problem, s, Limits())
        budget = Budget()
        run = summary_run(g.problem, s, budget)
        pauses = 0
        verdict: Verdict[object] | None = None
        while True:
            budget.begin_turn(500)
            try:
                next(run)
            except StopIteration as stop:
                verdict = stop.value
                break
            finally:
                budget.end_turn()
            pauses += 1
            assert budget.expanded == 500 * pauses
        assert pauses >= 2
        r = budget.result(verdict)
        assert r.status is once.status
        assert (r.stats.expanded, r.stats.unique) == (once.stats.expanded, once.stats.unique)
        assert_result_sound(g, s, r)
        assert plain_dfs(g, s, 400_000) is r.status
    assert once.status is Status.WON


def test_summaries_take_turns_with_the_beams() -> None:
    # The deal-2 position above: the beams alone need every width up to
    # 32,768 (the last one drops nothing, which proves the loss), the
    # summaries alone a few thousand nodes. Taking turns, neither starves:
    # the solver settles it within the portfolio's bound for whichever
    # member settles it sooner, each by its own count and weight.
    g = game()
    s = late_positions(g, range(1, 12), left=18, per_deal=1)[2]
    alone = run_strategy(beams(g.problem, s))
    assert alone.status is Status.LOST
    settled = summary_search(g.problem, s, Limits())
    assert settled.status is Status.LOST
    turns = run_strategy(any_line(g.problem, s, with_depth_first=False))
    assert turns.status is Status.LOST
    total = BEAMS_WEIGHT + SUMMARIES_WEIGHT

    def bound(n: int, weight: float) -> float:
        others = (total - weight) / weight
        return n + others * (PORTFOLIO_GROWTH * n + PORTFOLIO_BASE * weight)

    assert turns.stats.expanded <= min(
        bound(alone.stats.expanded, BEAMS_WEIGHT), bound(settled.stats.expanded, SUMMARIES_WEIGHT)
    )


def test_deal_6543_is_proved_lost() -> None:
    # Deal 6543 deals 54 cards before its first play, which leaves 40 in
    # the stock; taking turns with the beams and the depth-first search,
    # the summaries prove the loss within the default limit (2,344,085
    # states, of which 618,921 summary nodes: about 20 s). With the check
    # below it is the slowest test of the suite, kept in it because it is
    # the library's one proof of loss of a whole deal. The other
    # exhaustive routes do not finish from the deal (a beam that drops
    # nothing holds more than 20 million positions in one round), so the
    # method is checked on this deal's own late positions, each of which
    # must be lost too.
    g = game()
    r = g.solve(dealt(g, 6543), SolveRequest.of(g))
    assert (r.status, r.limit) == (Status.LOST, None)
    positions = late_positions(g, range(6543, 6544), left=12, per_deal=12)
    tally = check_positions(g, positions, 200_000, 30_000)
    assert tally["lost"] == len(positions) == 12
    assert tally["dfs agreed"] >= 10


# ---------------------------------------------------------------- hand-made positions


def test_hand_made_won_with_deals_in_between() -> None:
    # Primary (49 cards) needs J, Q, K; secondary 4 is K Q (needs J, then
    # T .. A); three secondaries are full. Reserve 2..9, waste A T (T on
    # top), stock J J Q K (J dealt first). Nothing moves before a deal (the
    # T waits for a J on secondary 4). A win: deal J, J to the primary, the
    # Q of secondary 4 to the primary (flag set); deal J (no home: the
    # primary needs K, secondary 4 a Q), deal Q onto secondary 4; then the J
    # under it to secondary 4, the T, the reserve's 9 (the A fills its
    # cell), the reserve's 8 (the stock's K fills it), 7..2 (gaps), the A,
    # and the K to the primary. Every waste card leaves from the top, in the
    # order the summaries describe.
    g = game()
    s = deals_in_between(g)
    assert reference_solve(g, s) is True
    r = summary_search(g.problem, s, Limits())
    assert r.won
    assert_result_sound(g, s, r)


def test_hand_made_won_through_a_temporary_home() -> None:
    # tests/games/windmill/test_windmill.py works it out: won only by parking a Q on
    # secondary 4 and taking it back to the primary (s4>p).
    g = game()
    s = temporary_home_position(g)
    r = summary_search(g.problem, s, Limits())
    assert r.won
    assert_result_sound(g, s, r)
    assert "s4>p" in [str(m) for m in r.moves]


def test_hand_made_lost_positions() -> None:
    g = game()
    # The primary needs J, Q, K; secondary 3 is K Q J, secondary 4 K Q;
    # waste top K with a Q under it; no stock. The only J in reach is
    # secondary 3's; once it is on the primary the flag forbids secondary
    # 4's Q, the waste's K has no home (both secondaries need a J) and the
    # reserve's 6..9 wait for the Ts deep in the waste: lost.
    s = two_in_a_row_position(g)
    assert reference_solve(g, s) is False
    r = summary_search(g.problem, s, Limits())
    assert r.status is Status.LOST and r.moves == ()
    # Primary needs a J, and so does secondary 4 (K Q); both Js lie under
    # A 2 3 4 in the waste, with no stock, and nothing in the reserve
    # (Q K T..5) has a home before a J: nothing can ever move. Lost.
    buried = small_position(
        g,
        reserve="Q K T 9 8 7 6 5",
        waste="J J A 2 3 4",
        primary=ranks("A-K", 3) + " " + ranks("A-T"),
        secondary4="K Q",
    )
    assert reference_solve(g, buried) is False
    assert summary_search(g.problem, buried, Limits()).status is Status.LOST


def test_a_won_position_is_won_with_no_moves() -> None:
    g = game()
    s = deals_in_between(g)
    r = summary_search(g.problem, s, Limits())
    end = s
    for m in r.moves:
        end = g.apply(end, m)
    assert g.is_won(end)
    done = summary_search(g.problem, end, Limits())
    assert (done.status, done.moves) == (Status.WON, ())


# ---------------------------------------------------------------- the twin rule


def check_twin_rule(g: Windmill, positions: list[WindmillState]) -> Counter[str]:
    tally: Counter[str] = Counter()
    for s in positions:
        pruned = summary_search(g.problem, s, Limits(max_states=1_000_000))
        plain = summary_search(g.problem, s, Limits(max_states=1_000_000), prune=False)
        assert_result_sound(g, s, pruned)
        assert_result_sound(g, s, plain)
        if Status.UNKNOWN in (pruned.status, plain.status):
            continue
        assert pruned.status is plain.status
        tally[plain.status.value] += 1
        tally["saved"] += plain.stats.expanded - pruned.stats.expanded
    return tally


@pytest.mark.parametrize("preset", ["windmill", "windmill-reversed"])
def test_twin_rule_changes_no_verdict(preset: str) -> None:
    g = make_game(preset)
    assert isinstance(g, Windmill)
    positions = late_positions(g, range(1, 9), left=12, per_deal=1)
    tally = check_twin_rule(g, positions)
    assert tally["won"] >= 1 and tally["lost"] >= 1
    assert tally["won"] + tally["lost"] == len(positions)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["windmill", "windmill-reversed"])
def test_twin_rule_changes_no_verdict_many(preset: str) -> None:
    g = make_game(preset)
    assert isinstance(g, Windmill)
    tally = check_twin_rule(g, late_positions(g, range(1, 41), left=14, per_deal=1))
    assert tally["won"] >= 5 and tally["lost"] >= 5
    assert tally["won"] + tally["lost"] >= 40
    assert tally["saved"] > 0


def summaries_of(g: Windmill, s: WindmillState) -> _Summaries:
    return _Summaries(rank_model(g.problem), compact(s), Budget(Limits()), True)


@pytest.mark.parametrize("preset", ["windmill", "windmill-reversed"])
def test_the_summaries_steps_are_the_rank_models(preset: str) -> None:
    # Each step of the summaries, move by move against the rank model's
    # plays and deal from the same position: the controls after the waste's
    # top card leaves (``direct``), the moves that leave the waste alone
    # (the stays) and, with the waste empty, the children of a ``win``
    # question (reserve plays refilled from the stock, stays and the deal).
    g = make_game(preset)
    assert isinstance(g, Windmill)
    model = rank_model(g.problem)
    checked = 0
    for number in range(1, 13):
        for s in random_positions(g, number, 10):
            if not can_summarise(g.problem, s) or g.is_won(s):
                continue
            sm = summaries_of(g, s)
            st = compact(s)
            c = sm.control(st)
            assert sm.position(c, st[5]) == st
            children = model.within(st)
            if s.waste_cards:
                top = st[5]
                left = [x for x, _ in children if x[5] == top >> 4]
                assert [sm.position(x, top >> 4) for x in sm.direct(c, top & 15)] == left
            stays = [x for x, _ in children if x[3:] == st[3:]]
            low = c & ((1 << _FND_SHIFT) - 1)
            _homes, moves = sm.successors(c >> _FND_SHIFT)
            assert [sm.position(f << _FND_SHIFT | low, st[5]) for f in moves] == stays
            empty = (*st[:5], EMPTY, st[6])
            expected = [x for x, _ in model.within(empty)]
            turned = model.turn(empty)
            if turned is not None:
                expected.append(turned)
            asked = sm.win_children(c << _PID_BITS)
            assert asked is not None
            got = []
            for key, below in asked:
                if below < 0:
                    got.append(sm.position(key >> _PID_BITS, EMPTY))
                else:
                    got.append(sm.position(key >> 4, pile([key & 15])))
            assert Counter(got) == Counter(expected)
            checked += 1
    assert checked > 30
