"""The search engine on toy puzzles with no cards: every strategy, the budget and the portfolio."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver.search import (
    LOST,
    NO_LIMITS,
    Budget,
    Cap,
    Limit,
    Limits,
    Member,
    Memo,
    Plan,
    PlanMember,
    Restarts,
    Run,
    Screen,
    SolveResult,
    Status,
    astar,
    astar_order,
    beam,
    best_first,
    capped,
    chain,
    compose,
    depth_first,
    dfs,
    drive,
    greedy_order,
    incremental_dfs,
    lds,
    named,
    portfolio,
    projected,
    restarted,
    screened,
    shortened,
    solve,
    weighted_order,
    within,
    won,
)
from solitaire_solver.search.budget import WATCH_EVERY
from solitaire_solver.search.portfolio import DEFAULT_BASE, DEFAULT_GROWTH
from solitaire_solver.search.protocol import ProblemDefaults
from tests.helpers.toy import (
    ClockPuzzle,
    Dealer,
    Endless,
    GraphPuzzle,
    GraphStates,
    IncrementalGraph,
    Ladder,
)


def bfs_distance(edges: dict[int, list[int]], start: int, goals: set[int]) -> int | None:
    """Shortest number of moves from start to a goal, by plain breadth-first search."""
    if start in goals:
        return 0
    dist = {start: 0}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in edges.get(v, []):
            if w not in dist:
                dist[w] = dist[v] + 1
                if w in goals:
                    return dist[w]
                queue.append(w)
    return None


def replay(problem: ProblemDefaults, start: Any, moves: tuple[object, ...]) -> Any:
    state = start
    for m in moves:
        assert m in problem.moves(state)  # type: ignore[attr-defined]
        state = problem.apply(state, m)  # type: ignore[attr-defined]
    return state


def run_alone(make: Callable[[Budget], Run], limits: Limits = NO_LIMITS) -> SolveResult[Any]:
    return solve(make, limits)


def assert_stats_consistent(r: SolveResult[Any]) -> None:
    """The statistics' invariants, the same for every strategy."""
    s = r.stats
    assert s.unique <= s.expanded + 1
    assert s.elapsed >= 0
    if r.status is Status.WON:
        assert s.max_depth >= len(r.moves)
    if s.expanded > 1:
        assert s.max_depth > 0


# ---------------------------------------------------------------- depth-first and A*


def test_clock_reachable_target_is_won_and_replays() -> None:
    p = ClockPuzzle(12, (5,), 1)
    r = depth_first(p, 0)
    assert r.status is Status.WON
    assert p.is_won(replay(p, 0, r.moves))


def test_clock_shortest_line_by_hand() -> None:
    # 5 * 5 = 25 = 1 (mod 12), and no smaller multiple of 5 is 1 mod 12.
    r = astar(ClockPuzzle(12, (5,), 1), 0)
    assert r.status is Status.WON
    assert len(r.moves) == 5
    assert r.shortest


def test_clock_unreachable_target_is_lost_after_exhausting_the_cycle() -> None:
    # gcd(4, 6, 12) = 2 does not divide 1: from 0 only the six even positions are reachable.
    p = ClockPuzzle(12, (4, 6), 1)
    for search in (depth_first, astar):
        r = search(p, 0)
        assert r.status is Status.LOST
        assert r.moves == ()
        assert r.stats.unique == 6
        assert r.stats.expanded == 6


def test_start_already_won() -> None:
    r = depth_first(ClockPuzzle(7, (1,), 3), 3)
    assert r.status is Status.WON and r.moves == ()


def test_long_line_needs_no_recursion() -> None:
    top = 200_000
    r = depth_first(Ladder(top), 0)
    assert r.status is Status.WON
    assert len(r.moves) == top
    assert r.stats.max_depth == top


def test_depth_counts_the_moves_made_before_the_start() -> None:
    # A model that starts 7 moves into the game: depths count from the game's start.
    r = solve(lambda b: dfs(Ladder(20), 0, b, depth=7))
    assert r.won and len(r.moves) == 20
    assert r.stats.max_depth == 27
    lost = solve(lambda b: dfs(ClockPuzzle(12, (4, 6), 1), 0, b, depth=3))
    # Depth-first by +4 then +6 the six even positions lie on one line: 0 4 8 2 6 10,
    # and the children of 10 (2 and 4, both in the table) are generated one move deeper.
    assert lost.lost and lost.stats.max_depth == 3 + 6
    at_once = solve(lambda b: dfs(ClockPuzzle(7, (1,), 3), 3, b, depth=4))
    assert at_once.won and at_once.moves == () and at_once.stats.max_depth == 4


def test_forced_move_is_the_only_child() -> None:
    r = depth_first(Ladder(50), 0)
    # With "up" forced, "slip" is never tried: exactly one state per rung below the top.
    assert r.stats.expanded == 50
    unforced = depth_first(Ladder(50), 0, forced=False)
    assert unforced.status is Status.WON


def test_state_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(10_000, (2,), 1)  # odd target: lost, but only after 5,000 states
    for search in (depth_first, astar):
        r = search(p, 0, Limits(max_states=100))
        assert r.status is Status.UNKNOWN and r.limit is Limit.STATES
        assert r.stats.expanded == 100  # the effort is kept, and the limit is exact
        assert r.limit_value == 100 and not r.default_limit
        assert r.stop_reason() == "the limit of 100 states"
        assert_stats_consistent(r)
    assert depth_first(p, 0).status is Status.LOST


def test_table_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(10_000, (2,), 1)
    for search in (depth_first, astar):
        r = search(p, 0, Limits(max_table=50))
        assert r.status is Status.UNKNOWN and r.limit is Limit.TABLE
        assert r.stats.unique <= 50
        assert r.stats.expanded >= 49


def test_time_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(3_000_000, (2,), 1)
    for search in (depth_first, astar):
        r = search(p, 0, Limits(timeout=0.01))
        assert r.status is Status.UNKNOWN and r.limit is Limit.TIME
        assert r.stats.expanded > 0
        assert r.stop_reason() == "the limit of 0.01 seconds"


def test_default_limit_is_named_as_such() -> None:
    r = solve(lambda b: dfs(ClockPuzzle(10_000, (2,), 1), 0, b), Limits(300), default=True)
    assert r.status is Status.UNKNOWN and r.default_limit
    assert r.stop_reason() == "the default limit of 300 states"


def test_limits_reject_nonsense() -> None:
    with pytest.raises(ValueError):
        Limits(max_states=0)
    with pytest.raises(ValueError):
        Limits(timeout=-1)


def test_limits_in_words_and_json_name_the_ones_set_in_field_order() -> None:
    both = Limits(max_states=140_000_000, timeout=60.0, max_table=1_000)
    assert both.text() == "max_states 140,000,000, timeout 60, max_table 1,000"
    assert both.as_json() == {"max_states": 140_000_000, "timeout": 60.0, "max_table": 1_000}
    # A whole number of seconds given as such keeps its separators; a fraction its digits.
    assert Limits(timeout=7_200).text() == "timeout 7,200"
    assert Limits(timeout=0.25).text() == "timeout 0.25"
    assert Limits(timeout=float("inf")).text() == "timeout inf"
    assert (Limits().text(), Limits().as_json()) == ("none", {})


def test_dead_end_pruning_keeps_the_verdict() -> None:
    # 0 -> 1 -> 2 (goal); 0 -> 3 -> 4 -> 3 (a cycle with no way out).
    edges = {0: [3, 1], 1: [2], 3: [4], 4: [3]}
    plain = depth_first(GraphPuzzle(edges, {2}), 0)
    pruned = depth_first(GraphPuzzle(edges, {2}, dead={3}), 0)
    assert plain.status is pruned.status is Status.WON
    assert pruned.stats.expanded < plain.stats.expanded


def test_astar_with_admissible_heuristic_is_shortest() -> None:
    # A long cheap-looking path and a short one; h is 0 except on the long path.
    edges = {0: [1, 10], 1: [2], 2: [3], 3: [99], 10: [99]}
    r = astar(GraphPuzzle(edges, {99}, h={1: 3, 2: 2, 3: 1, 10: 1}), 0)
    assert r.moves == (10, 99)


def test_greedy_follows_the_heuristic_and_is_not_marked_shortest() -> None:
    # An admissible heuristic that still calls the long path promising:
    # greedy takes the long path, A* the short one.
    edges = {0: [1, 10], 1: [2], 2: [3], 3: [99], 10: [99]}
    p = GraphPuzzle(edges, {99}, h={1: 0, 2: 0, 3: 0, 10: 1})
    greedy = astar(p, 0, order=greedy_order)
    assert greedy.moves == (1, 2, 3, 99) and not greedy.shortest
    best = astar(p, 0)
    assert best.moves == (10, 99) and best.shortest


def test_a_place_settles_every_later_place() -> None:
    # Won exactly when card i can be played by the time i+1 cards are dealt.
    for stock in ([1, 2, 3], [3, 3, 3], [1, 1, 3], [2, 5, 3, 4], [4, 4, 4, 4]):
        p = Dealer(stock)
        r = depth_first(p, (0, 0))
        assert r.won == all(s >= i + 1 for i, s in enumerate(stock))
        if r.won:
            assert p.is_won(replay(p, (0, 0), r.moves))
        assert_stats_consistent(r)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=8))
def test_places_agree_with_the_rule(stock: list[int]) -> None:
    p = Dealer(stock)
    r = depth_first(p, (0, 0))
    assert r.won == all(s >= i + 1 for i, s in enumerate(stock))
    # Each key is searched from at most one place per earlier place it was
    # left at: with places, far fewer states than (played, dealt) pairs.
    assert r.stats.unique <= len(stock) + 1


class _PairedDealer(Dealer):
    """The dealer toy saying that its states are (key, place) pairs, as they are."""

    pairs = True

    def __init__(self, stock: Sequence[int]) -> None:
        super().__init__(stock)
        self.asked = 0

    def key(self, state: tuple[int, int]) -> Hashable:
        self.asked += 1
        return state[0]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 8), min_size=1, max_size=8))
def test_states_that_are_pairs_are_taken_apart_by_the_search(stock: list[int]) -> None:
    # The same search either way, with the key hook asked for the start alone.
    plain, paired = Dealer(stock), _PairedDealer(stock)
    a, b = depth_first(plain, (0, 0)), depth_first(paired, (0, 0))
    assert (a.status, a.moves, a.stats.expanded, a.stats.unique, a.stats.max_depth) == (
        b.status,
        b.moves,
        b.stats.expanded,
        b.stats.unique,
        b.stats.max_depth,
    )
    assert paired.asked == 1


class _Twins(GraphPuzzle):
    """A graph where vertex v + 100 has the same moves as v, minus some: v dominates it."""

    def dominators(self, state: int) -> list[tuple[int, int]]:
        return [(state - 100, 0)] if state >= 100 else []


def test_a_dominated_state_is_skipped_when_its_dominator_is_in_the_table() -> None:
    # 0 -> 1, 101; 1 -> 2, 3; 101 -> 2 (a subset of 1's moves); 2 -> 4; 3 -> 5 (goal).
    edges = {0: [1, 101], 1: [2, 3], 101: [2], 2: [4], 3: [5]}
    plain = depth_first(GraphPuzzle(edges, {5}), 0)
    twins = depth_first(_Twins(edges, {5}), 0)
    assert plain.won and twins.won
    lost_edges = {0: [1, 101], 1: [2], 101: [2], 2: [4]}
    plain = depth_first(GraphPuzzle(lost_edges, {5}), 0)
    twins = depth_first(_Twins(lost_edges, {5}), 0)
    assert plain.lost and twins.lost
    assert twins.stats.expanded == plain.stats.expanded - 1  # vertex 101 skipped


graphs = st.integers(2, 9).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.dictionaries(st.integers(0, n - 1), st.lists(st.integers(0, n - 1), max_size=4)),
        st.sets(st.integers(0, n - 1), max_size=2),
    )
)


@settings(max_examples=300, deadline=None)
@given(graphs, st.sampled_from([astar_order, greedy_order, weighted_order(2.0)]))
def test_random_graphs_agree_with_breadth_first_search(
    graph: tuple[int, dict[int, list[int]], set[int]], order: Any
) -> None:
    _n, edges, goals = graph
    p = GraphPuzzle(edges, goals)
    expected = bfs_distance(edges, 0, goals)
    plain = depth_first(p, 0)
    best = astar(p, 0, order=order)
    inc = solve(lambda b: incremental_dfs(IncrementalGraph(edges, goals, 0), b))
    for r in (plain, best, inc):
        assert_stats_consistent(r)
    if expected is None:
        assert plain.status is best.status is inc.status is Status.LOST
    else:
        assert plain.status is best.status is inc.status is Status.WON
        for r in (plain, best, inc):
            assert p.is_won(replay(p, 0, r.moves))
            assert len(r.moves) >= expected
        if order is astar_order:
            assert len(best.moves) == expected


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_a_state_graph_is_searched_like_the_same_puzzle(
    graph: tuple[int, dict[int, list[int]], set[int]],
) -> None:
    # The lean loop of a state graph searches in the same order as the
    # general one: the same verdict, the same states expanded and stored,
    # and a won line of states that walks the graph's edges to a goal.
    _n, edges, goals = graph
    plain = depth_first(GraphPuzzle(edges, goals), 0)
    b = Budget()
    verdict = drive(dfs(GraphStates(edges, goals), 0, b), b)
    assert verdict is not None
    assert verdict.won == plain.won
    assert (b.expanded, b.stored) == (plain.stats.expanded, plain.stats.unique)
    if verdict.won:
        assert verdict.moves == plain.moves
        line = [0, *verdict.moves]
        assert all(b2 in edges.get(a, ()) for a, b2 in pairwise(line))
        assert line[-1] in goals
    else:
        assert bfs_distance(edges, 0, goals) is None


def test_a_state_graph_search_with_lines_off_leaves_the_depth_alone() -> None:
    edges = {i: [i + 1] for i in range(50)}
    b = Budget()
    assert drive(dfs(GraphStates(edges, {50}), 0, b, lines=False), b) is not None
    assert b.max_depth == 0
    b = Budget()
    assert drive(dfs(GraphStates(edges, {50}), 0, b), b) is not None
    assert b.max_depth == 50


def test_capped_counts_only_its_own_expansions_across_turns() -> None:
    # Alone, the ladder wins after exactly n expansions: a cap of n lets it,
    # a cap of n - 1 gives up with no verdict.
    n = 5_000
    alone = depth_first(Ladder(n), 0)
    assert alone.won and alone.stats.expanded == n

    def ladder(cap: int) -> Callable[[Budget], Run]:
        return lambda b: capped(lambda b2: dfs(Ladder(n), 0, b2), b, cap)

    assert run_alone(ladder(n)).won
    b = Budget()
    assert drive(ladder(n - 1)(b), b) is None
    assert b.expanded == n - 1
    # In turns with a member that never ends, the solve expands far more
    # than n, and the capped ladder still wins: only its own states count.
    members = [Member("endless", lambda b: dfs(Endless(), 0, b)), Member("ladder", ladder(n))]
    r = solve(lambda b: portfolio(members, b, base=100), Limits(max_states=10 * n))
    assert r.won and r.stats.expanded > 2 * n
    members = [Member("endless", lambda b: dfs(Endless(), 0, b)), Member("ladder", ladder(n - 1))]
    r = solve(lambda b: portfolio(members, b, base=100), Limits(max_states=10 * n))
    assert r.status is Status.UNKNOWN
    with pytest.raises(ValueError, match="cap"):
        next(capped(lambda b2: dfs(Ladder(n), 0, b2), Budget(), 0))


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 60), st.lists(st.integers(1, 60), min_size=1, max_size=3), st.data())
def test_clock_verdict_matches_number_theory(
    modulus: int, steps: list[int], data: st.DataObject
) -> None:
    target = data.draw(st.integers(0, modulus - 1))
    g = math.gcd(modulus, *steps)
    r = depth_first(ClockPuzzle(modulus, steps, target), 0)
    assert (r.status is Status.WON) == (target % g == 0)


# ---------------------------------------------------------------- restarts


def binary_tree(depth: int, goal: int) -> dict[int, list[int]]:
    """A complete binary tree of vertices 1 .. 2**depth - 1 (children 2v, 2v+1)."""
    return {v: [2 * v, 2 * v + 1] for v in range(1, 2 ** (depth - 1))}


def test_restarts_find_a_win_the_first_order_would_reach_last() -> None:
    # The goal is the right-most leaf: plain depth-first visits the whole tree first.
    depth = 14
    goal = 2**depth - 1
    edges = binary_tree(depth, goal)
    plain = solve(lambda b: incremental_dfs(IncrementalGraph(edges, {goal}, 1), b))
    assert plain.won and plain.moves[-1] == goal
    restarted = solve(
        lambda b: incremental_dfs(
            IncrementalGraph(edges, {goal}, 1), b, restarts=Restarts(first=50, seed=3)
        )
    )
    assert restarted.won and restarted.moves[-1] == goal
    assert restarted.stats.expanded < plain.stats.expanded
    assert_stats_consistent(restarted)


@settings(max_examples=150, deadline=None)
@given(graphs, st.integers(1, 5))
def test_restarts_keep_every_verdict(
    graph: tuple[int, dict[int, list[int]], set[int]], first: int
) -> None:
    _n, edges, goals = graph
    expected = bfs_distance(edges, 0, goals)
    r = solve(
        lambda b: incremental_dfs(IncrementalGraph(edges, goals, 0), b, restarts=Restarts(first))
    )
    assert r.won == (expected is not None)
    if r.won:
        p = GraphPuzzle(edges, goals)
        assert p.is_won(replay(p, 0, r.moves))
    assert_stats_consistent(r)


def shuffled(seed: int) -> Callable[[list[Any]], list[Any]]:
    """A move order for ``dfs``: each state's children in an order drawn from ``seed``."""
    rng = random.Random(seed)

    def order(pairs: list[Any]) -> list[Any]:
        rng.shuffle(pairs)
        return pairs

    return order


def test_dfs_tries_children_in_the_order_given() -> None:
    depth = 10
    goal = 2**depth - 1
    p = GraphPuzzle(binary_tree(depth, goal), {goal})
    plain = depth_first(p, 1)
    backwards = solve(lambda b: dfs(p, 1, b, order=lambda pairs: pairs[::-1]))
    assert plain.won and backwards.won
    assert backwards.moves == tuple(goal >> k for k in range(depth - 2, -1, -1))
    assert backwards.stats.expanded == depth - 1 < plain.stats.expanded


def test_restarted_attempts_find_a_win_the_first_order_would_reach_last() -> None:
    depth = 14
    goal = 2**depth - 1
    p = GraphPuzzle(binary_tree(depth, goal), {goal})
    plain = depth_first(p, 1)

    def attempt(k: int) -> Any:
        # The game's order first, then the reverse of it, then shuffles.
        order = (None, lambda pairs: pairs[::-1])[k] if k < 2 else shuffled(k)
        return lambda b: dfs(p, 1, b, order=order)

    r = solve(lambda b: restarted(attempt, b, first=50))
    assert r.stats.expanded == 50 + depth - 1  # the first attempt's 50, then the line
    assert r.won and p.is_won(replay(p, 1, r.moves))
    assert r.stats.expanded < plain.stats.expanded
    assert_stats_consistent(r)


@settings(max_examples=150, deadline=None)
@given(graphs, st.integers(1, 5))
def test_restarted_and_lds_keep_every_verdict(
    graph: tuple[int, dict[int, list[int]], set[int]], first: int
) -> None:
    _n, edges, goals = graph
    p = GraphPuzzle(edges, goals)
    expected = bfs_distance(edges, 0, goals)

    def attempt(k: int) -> Any:
        return lambda b: dfs(p, 0, b, order=shuffled(k))

    again = solve(lambda b: restarted(attempt, b, first=first))
    discrepancies = solve(lambda b: lds(p, 0, b))
    for r in (again, discrepancies):
        assert r.won == (expected is not None)
        assert r.status is not Status.UNKNOWN
        if r.won:
            assert p.is_won(replay(p, 0, r.moves))
        assert_stats_consistent(r)


def test_restarted_keeps_its_attempt_between_turns() -> None:
    # Turns of 7 expansions inside attempts of 20, 40, ...: the same verdict
    # and the same work as alone.
    depth = 9
    goal = 2**depth - 1
    p = GraphPuzzle(binary_tree(depth, goal), {goal})

    def attempt(k: int) -> Any:
        return lambda b: dfs(p, 1, b, order=shuffled(k + 1))

    alone = solve(lambda b: restarted(attempt, b, first=20))
    b = Budget()
    members = [Member("again", lambda b: restarted(attempt, b, first=20))]
    shared = drive(portfolio(members, b, base=7), b)
    assert shared is not None and shared.won and shared.moves == alone.moves
    assert b.expanded == alone.stats.expanded


def test_lds_follows_the_preferred_line_first_then_one_discrepancy() -> None:
    # The goal is one step off the preferred (left-most) line, at its end:
    # iteration 0 follows the line alone, iteration 1 finds the goal.
    depth = 12
    goal = 2 ** (depth - 1) + 1  # left-most leaf's right sibling
    p = GraphPuzzle(binary_tree(depth, goal), {goal})
    r = solve(lambda b: lds(p, 1, b))
    assert r.won and r.moves[-1] == goal
    assert r.stats.expanded < 3 * depth
    plain_right_first = solve(lambda b: dfs(p, 1, b, order=lambda pairs: pairs[::-1]))
    assert plain_right_first.stats.expanded > 100 * r.stats.expanded


def test_lds_proves_a_loss_only_once_complete() -> None:
    edges = binary_tree(6, 0)
    r = solve(lambda b: lds(GraphPuzzle(edges, set()), 1, b))
    assert r.lost
    # Six levels: iterations 0..5 refuse moves, iteration 5 (at most one
    # right turn per level below the root) is the first complete one.
    assert r.stats.expanded > 2**5


class _Searching(GraphPuzzle):
    """A dead-end test that searches: a vertex is dead when its own subtree holds no goal.

    The engine gives it the budget of the search that asks (``searching_dead``).
    """

    searching_dead = True

    def __init__(self, edges: dict[int, list[int]], goals: set[int]) -> None:
        super().__init__(edges, goals)
        self.asked = 0

    def is_dead(self, state: int, budget: Budget | None = None) -> bool:
        assert budget is not None
        if budget.share(50) is None:
            return False
        self.asked += 1
        plain = GraphPuzzle(self.edges, self.goals)
        verdict, _ = within(lambda sub: dfs(plain, state, sub), budget, 50)
        return verdict is LOST


def test_a_dead_end_test_that_searches_charges_its_work() -> None:
    depth = 8
    goal = 2**depth - 1
    edges = binary_tree(depth, goal)
    b = Budget()
    p = _Searching(edges, {goal})
    r = drive(dfs(p, 1, b), b)
    assert r is not None and r.won
    plain = depth_first(GraphPuzzle(edges, {goal}), 1)
    # The searches' expansions count: more than the search's own.
    assert p.asked > 0 and b.expanded > plain.stats.expanded
    assert b.stored <= b.expanded + 1


@pytest.mark.parametrize("cap", [1, 5, 60, 200])
def test_a_dead_end_test_that_searches_keeps_the_state_limit_exact(cap: int) -> None:
    edges = binary_tree(10, 0)
    b = Budget(Limits(max_states=cap))
    p = _Searching(edges, set())
    assert drive(dfs(p, 1, b), b) is None
    assert b.limit is Limit.STATES and b.expanded == cap


def test_a_share_stops_at_the_clock_and_the_search_around_it_does_too() -> None:
    b = Budget(Limits(timeout=0.05))
    sub = b.share(10**9)
    assert sub is not None and sub.limits.timeout is not None and sub.limits.timeout <= 0.05
    assert drive(dfs(Endless(), 0, sub), sub) is None and sub.limit is Limit.TIME
    b.charge(sub)
    assert b.interrupted() and b.limit is Limit.TIME
    assert b.share(10) is None


# ---------------------------------------------------------------- beam


@settings(max_examples=200, deadline=None)
@given(graphs, st.integers(1, 4))
def test_beam_wins_are_real_and_a_beam_that_dropped_nothing_proves_the_loss(
    graph: tuple[int, dict[int, list[int]], set[int]], width: int
) -> None:
    n, edges, goals = graph
    p = GraphPuzzle(edges, goals)
    expected = bfs_distance(edges, 0, goals)
    b = Budget(Limits(10_000))
    narrow = drive(beam(p, 0, b, width, score=lambda v: -v), b)
    if narrow is not None and narrow.won:
        assert p.is_won(replay(p, 0, narrow.moves))
    if narrow is LOST:
        assert expected is None
    # A beam as wide as the graph never drops a state: it settles every graph.
    wide = run_alone(lambda b: beam(p, 0, b, n, score=lambda v: v), Limits(10_000))
    assert wide.won == (expected is not None)
    assert wide.lost == (expected is None)
    if wide.won:
        assert len(wide.moves) == expected  # one round per move: breadth-first
    assert_stats_consistent(wide)


def test_beam_rounds_follow_the_moves_within_them_exhaustively() -> None:
    # Numbers from 0: +1 stays within a round (only from a number that is 0 or 1
    # modulo 5), +5 goes across to the next; won at 11, kept one a round, least first.
    p = ClockPuzzle(100, (1, 5), 11)

    def within(v: int) -> list[tuple[int, int]]:
        return [(1, v + 1)] if v % 5 < 2 else []

    def across(v: int) -> list[tuple[int, int]]:
        return [(5, v + 5)]

    r = run_alone(lambda b: beam(p, 0, b, 1, score=lambda v: v, within=within, across=across))
    # Round 1 reaches 0, 1, 2 and keeps 5 of the candidates 5, 6, 7; round 2
    # reaches 5, 6 and finds 11 among its candidates.
    assert r.won and r.moves == (5, 1, 5)
    assert p.is_won(replay(p, 0, r.moves))
    assert r.stats.expanded == 5


def test_beam_expands_a_state_once_from_where_it_was_first_reached() -> None:
    # Within the round: 0 reaches 3 and 1, and 1 reaches 3 again; 3 goes
    # across to the goal 9. 3 is expanded once, as the child of 0 that
    # reached it first, although 1 (expanded before it) reaches it too.
    edges = {0: [3, 1], 1: [3], 3: [9]}
    p = GraphPuzzle(edges, {9})

    def within(v: int) -> list[tuple[int, int]]:
        return [(w, w) for w in edges.get(v, []) if w != 9]

    def across(v: int) -> list[tuple[int, int]]:
        return [(9, 9)] if v == 3 else []

    r = run_alone(lambda b: beam(p, 0, b, 1, score=lambda v: v, within=within, across=across))
    assert r.won and r.moves == (3, 9)
    assert r.stats.expanded == r.stats.unique == 3
    assert_stats_consistent(r)


def test_beam_skips_a_state_whose_dominator_was_reached_in_the_round() -> None:
    # 0 reaches 1 and then 101, which 1 dominates. Expanded last reached
    # first, 101 would come before 1; it is skipped all the same, because 1
    # was reached first and is expanded in the same round.
    edges = {0: [1, 101], 1: [2], 101: [2]}
    p = _Twins(edges, {5})

    def within(v: int) -> list[tuple[int, int]]:
        return [(w, w) for w in edges.get(v, [])]

    b = Budget()
    verdict = drive(beam(p, 0, b, 4, score=lambda v: v, within=within, across=lambda v: []), b)
    assert verdict is LOST
    assert b.expanded == 3  # 0, 1 and 2: never 101
    plain = Budget()
    no_twins = GraphPuzzle(edges, {5})
    assert drive(beam(no_twins, 0, plain, 4, score=lambda v: v, within=within), plain) is LOST
    assert plain.expanded == 4


def test_inexact_beam_proves_nothing() -> None:
    p = GraphPuzzle({0: [1], 1: [2]}, {9})
    b = Budget()
    assert drive(beam(p, 0, b, 4, score=lambda v: v, exact=False), b) is None
    b = Budget()
    assert drive(beam(p, 0, b, 4, score=lambda v: v), b) is LOST


# ---------------------------------------------------------------- memo of lost keys


def test_a_lost_search_fills_the_memo_and_a_won_or_stopped_one_does_not() -> None:
    # 0 -> 1 -> 2 -> 1 (a cycle with no way out) and 0 -> 3 (goal).
    edges = {0: [1, 3], 1: [2], 2: [1]}
    memo = Memo()
    won_ = depth_first(GraphPuzzle(edges, {3}), 0, memo=memo)
    assert won_.won and len(memo) == 0  # 1 and 2 were searched, but the search won
    stopped = depth_first(GraphPuzzle(edges, {9}), 0, Limits(max_states=2), memo=memo)
    assert stopped.status is Status.UNKNOWN and len(memo) == 0
    lost = depth_first(GraphPuzzle(edges, {9}), 1, memo=memo)
    assert lost.lost and set(memo.lost) == {1, 2}  # every key of a lost search, cycle or not
    assert memo.is_lost(2) and not memo.is_lost(0)


def test_keys_in_the_memo_are_skipped_as_lost() -> None:
    # Two siblings, 1 and 2, share the lost subtree under 3.
    edges = {0: [1, 2], 1: [3], 2: [3, 4], 3: [5], 5: [6], 4: [7]}
    p = GraphPuzzle(edges, {7})
    memo = Memo()
    first = depth_first(p, 1, memo=memo)
    assert first.lost and set(memo.lost) == {1, 3, 5, 6}
    plain = depth_first(p, 2)
    shared = depth_first(p, 2, memo=memo)
    assert plain.won and shared.won and shared.moves == (4, 7)
    assert shared.stats.expanded == plain.stats.expanded - 3  # 3, 5 and 6 not searched again
    again = depth_first(p, 1, memo=memo)
    assert again.lost and again.stats.expanded == 0  # the start itself is in the memo


def test_a_memo_with_places_settles_only_later_places() -> None:
    # Dealer([1, 2, 3]): card i goes stale once more than i + 1 cards are dealt,
    # so (0, 1) wins (play each card as soon as it is dealt) and (0, 2) is lost.
    p = Dealer([1, 2, 3])
    memo = Memo()
    assert depth_first(p, (0, 2), memo=memo).lost
    assert memo.is_lost(0, 2) and not memo.is_lost(0, 1)
    assert depth_first(p, (0, 1), memo=memo).won  # key 0 at an earlier place is searched
    assert depth_first(p, (0, 3), memo=memo).lost


def test_incremental_search_shares_the_memo() -> None:
    edges = {0: [1, 2], 1: [3], 2: [3, 4], 3: [5], 5: [6], 4: [7]}
    memo = Memo()
    first = solve(lambda b: incremental_dfs(IncrementalGraph(edges, {7}, 1), b, memo=memo))
    assert first.lost and set(memo.lost) == {1, 3, 5, 6}
    plain = solve(lambda b: incremental_dfs(IncrementalGraph(edges, {7}, 2), b))
    shared = solve(lambda b: incremental_dfs(IncrementalGraph(edges, {7}, 2), b, memo=memo))
    assert shared.won and shared.moves == (4, 7)
    assert shared.stats.expanded == plain.stats.expanded - 3


class _Acyclic(GraphPuzzle):
    acyclic = True


class _AcyclicIncremental(IncrementalGraph):
    acyclic = True


def test_a_won_search_of_an_acyclic_problem_keeps_the_keys_it_finished_with() -> None:
    # 0 -> 1 -> 2 (a dead end); 0 -> 3 -> 4 (goal): 1 and 2 are finished, lost.
    edges = {0: [1, 3], 1: [2], 3: [4]}
    memo = Memo()
    assert depth_first(_Acyclic(edges, {4}), 0, memo=memo).won
    assert set(memo.lost) == {1, 2}  # not 0 nor 3, on the winning line
    inc = Memo()
    r = solve(lambda b: incremental_dfs(_AcyclicIncremental(edges, {4}, 0), b, memo=inc))
    assert r.won and set(inc.lost) == {1, 2}
    cyclic = Memo()
    assert depth_first(GraphPuzzle(edges, {4}), 0, memo=cyclic).won
    assert len(cyclic) == 0  # without the promise, a won search adds nothing


dags = st.integers(2, 10).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=25),
        st.sets(st.integers(0, n - 1), max_size=2),
    )
)


@settings(max_examples=200, deadline=None)
@given(dags, st.data())
def test_acyclic_searches_sharing_a_memo_keep_every_verdict(
    graph: tuple[int, list[tuple[int, int]], set[int]], data: st.DataObject
) -> None:
    n, pairs, goals = graph
    edges: dict[int, list[int]] = {}
    for a, b in pairs:
        if a < b:  # edges only upwards: no cycle
            edges.setdefault(a, []).append(b)
    order = data.draw(st.permutations(range(n)))
    _solve_each_sharing_memos(_Acyclic, _AcyclicIncremental, edges, goals, order, Restarts(2))


@settings(max_examples=200, deadline=None)
@given(graphs, st.data())
def test_searches_sharing_a_memo_keep_every_verdict(
    graph: tuple[int, dict[int, list[int]], set[int]], data: st.DataObject
) -> None:
    # Every vertex solved in a random order, depth-first and incremental
    # (with restarts) alike, one memo each across all the searches.
    n, edges, goals = graph
    order = data.draw(st.permutations(range(n)))
    first = data.draw(st.integers(1, 4))
    _solve_each_sharing_memos(GraphPuzzle, IncrementalGraph, edges, goals, order, Restarts(first))


def _solve_each_sharing_memos(
    puzzle: Callable[[dict[int, list[int]], set[int]], GraphPuzzle],
    incremental: Callable[[dict[int, list[int]], set[int], int], IncrementalGraph],
    edges: dict[int, list[int]],
    goals: set[int],
    order: Sequence[int],
    restarts: Restarts,
) -> None:
    """Solve every vertex in ``order``, depth-first and incremental alike, one memo
    each across all the searches: every verdict is the plain one, every win replays,
    and only lost keys enter the memos."""
    p = puzzle(edges, goals)
    memo, inc_memo = Memo(), Memo()
    for v in order:
        expected = bfs_distance(edges, v, goals) is not None
        r = depth_first(p, v, memo=memo)
        inc = solve(
            lambda b, v=v: incremental_dfs(
                incremental(edges, goals, v), b, restarts=restarts, memo=inc_memo
            )
        )
        assert r.won == inc.won == expected
        for result in (r, inc):
            if result.won:
                assert p.is_won(replay(p, v, result.moves))
        for key in (*memo.lost, *inc_memo.lost):
            assert bfs_distance(edges, key, goals) is None


# ---------------------------------------------------------------- portfolio


def test_portfolio_does_not_starve_the_member_that_wins() -> None:
    # One member never finishes; the other wins after exactly n expansions.
    n = 30_000
    ladder = Ladder(n)
    for weights in ((1.0, 1.0), (3.0, 1.0), (1.0, 4.0)):
        members = [
            Member("endless", lambda b: dfs(Endless(), 0, b), weights[0]),
            Member("ladder", lambda b: dfs(ladder, 0, b), weights[1]),
        ]
        r = solve(lambda b, ms=members: portfolio(ms, b))
        assert r.won and len(r.moves) == n
        assert r.settled_by == "ladder"
        w_i, total_w = weights[1], sum(weights)
        bound = n + (total_w - w_i) / w_i * (DEFAULT_GROWTH * n + DEFAULT_BASE * w_i)
        assert r.stats.expanded <= bound
        assert_stats_consistent(r)


def test_portfolio_keeps_a_members_progress_between_turns() -> None:
    # Alone, the ladder takes n expansions; in many short turns it takes just as many.
    n = 20_000
    alone = depth_first(Ladder(n), 0)
    own = [0, 0]  # the ladder's own expansions, and its turns

    def ladder(b: Budget) -> Run:
        run = dfs(Ladder(n), 0, b)
        while True:
            before = b.expanded
            try:
                next(run)
            except StopIteration as stop:
                own[0] += b.expanded - before
                return stop.value
            own[0] += b.expanded - before
            own[1] += 1
            yield

    members = [Member("endless", lambda b: dfs(Endless(), 0, b)), Member("ladder", ladder)]
    r = solve(lambda b: portfolio(members, b, base=100))
    assert r.won and len(r.moves) == n
    assert own[1] >= 5  # it really was interrupted
    assert own[0] == alone.stats.expanded


def test_portfolio_stops_at_a_proved_loss_and_drops_members_without_a_verdict() -> None:
    lost = GraphPuzzle({0: [1], 1: [2]}, {9})

    def gives_up(b: Budget) -> Run:
        return (yield from beam(lost, 0, b, 1, score=lambda v: v, exact=False))

    members = [
        Member("gives up", gives_up),
        Member("endless", lambda b: dfs(Endless(), 0, b), 0.01),
        Member("complete", lambda b: dfs(lost, 0, b)),
    ]
    r = solve(lambda b: portfolio(members, b))
    assert r.lost
    assert r.settled_by == "complete"


def test_names_go_in_front_of_the_names_inside() -> None:
    # A named strategy inside a portfolio's member: the result says both,
    # outermost first; a strategy nobody names settles with no name, and the
    # shared LOST verdict is never renamed in place.
    lost = GraphPuzzle({0: [1], 1: [2]}, {9})
    inner = named(lambda b: dfs(lost, 0, b), "depth first")
    r = solve(lambda b: portfolio([Member("member", inner)], b))
    assert (r.status, r.settled_by) == (Status.LOST, "member: depth first")
    plain = solve(lambda b: dfs(lost, 0, b))
    assert plain.lost and plain.settled_by is None
    assert LOST.by is None
    won_line = solve(named(lambda b: dfs(Ladder(5), 0, b), "ladder"))
    assert (won_line.won, won_line.settled_by) == (True, "ladder")


def test_portfolio_limit_stops_every_member() -> None:
    members = [
        Member("a", lambda b: dfs(Endless(), 0, b)),
        Member("b", lambda b: dfs(Endless(), 5, b)),
    ]
    r = solve(lambda b: portfolio(members, b), Limits(max_states=12_345))
    assert r.status is Status.UNKNOWN and r.limit is Limit.STATES
    assert r.stats.expanded == 12_345
    assert_stats_consistent(r)


def test_chain_runs_strategies_in_order_and_projected_lifts_the_line() -> None:
    lost = GraphPuzzle({0: [1]}, {9})
    wins = GraphPuzzle({0: [1], 1: [2]}, {2})

    def first(b: Budget) -> Run:
        return (yield from beam(lost, 0, b, 1, score=lambda v: v, exact=False))

    def second(b: Budget) -> Run:
        return (yield from dfs(wins, 0, b))

    r = solve(lambda b: chain([first, second], b))
    assert r.won and r.moves == (1, 2)
    lifted = solve(projected(second, lambda line: [f"to {v}" for v in line]))
    assert lifted.moves == ("to 1", "to 2")


def test_projected_lifts_as_much_of_the_line_as_the_caller_wants() -> None:
    wins = GraphPuzzle({0: [1], 1: [2], 2: [3]}, {3})
    lifts: list[tuple[int, ...]] = []

    def lift(line: tuple[int, ...]) -> list[str]:
        lifts.append(line)
        return [f"to {v}" for v in line]

    def first(line: tuple[int, ...]) -> list[str]:
        return [f"first {v}" for v in line[:1]]

    def run(b: Budget) -> Run:
        return (yield from dfs(wins, 0, b))

    assert solve(projected(run, lift, first), wants_line="whole").moves == ("to 1", "to 2", "to 3")
    assert solve(projected(run, lift, first), wants_line="first").moves == ("first 1",)
    assert solve(projected(run, lift, first), wants_line="none").moves == ()
    assert len(lifts) == 1
    # Without a first-move lift, the whole line is lifted and cut.
    cut = solve(projected(run, lift), wants_line="first")
    assert cut.won and cut.moves == ("to 1",)
    assert len(lifts) == 2


def test_chain_makes_each_strategy_only_when_its_turn_comes() -> None:
    wins = GraphPuzzle({0: [1]}, {1})
    made: list[int] = []

    def ladder() -> Iterator[Callable[[Budget], Run]]:
        for k in range(5):
            made.append(k)

            def run(b: Budget) -> Run:
                return (yield from dfs(wins, 0, b))

            yield run

    r = solve(lambda b: chain(ladder(), b))
    assert r.won and made == [0]


def _proves_lost(problem: GraphStates) -> Callable[[Budget], Run]:
    """A screen: a complete search of a looser graph, ``LOST`` or no verdict."""

    def screen(b: Budget) -> Run:
        verdict = yield from dfs(problem, 0, b, lines=False)
        return LOST if verdict is not None and not verdict.won else None

    return screen


def test_screened_charges_a_screen_that_settles_and_only_then() -> None:
    # The real puzzle: a chain 0 -> 1 -> ... -> 40 with no goal (lost) or a
    # goal at 40 (won). The screen searches a looser graph: with no goal it
    # proves the loss in 3 expansions; with its goal it says nothing.
    chain40 = {i: [i + 1] for i in range(40)}
    lost, wins = GraphPuzzle(chain40, set()), GraphPuzzle(chain40, {40})
    loose_lost = GraphStates({0: [1, 2], 1: [2]}, set())
    loose_won = GraphStates({0: [1, 2], 1: [2]}, {2})

    def exact(problem: GraphPuzzle) -> Callable[[Budget], Run]:
        return lambda b: dfs(problem, 0, b)

    r = solve(screened(_proves_lost(loose_lost), exact(lost), 100))
    assert r.lost and r.stats.expanded == 3 and r.stats.unique == 3
    # A screen that fails leaves the search's figures as they are alone.
    alone = solve(exact(wins))
    r = solve(screened(_proves_lost(loose_won), exact(wins), 100))
    assert r.won and r.moves == alone.moves and r.stats.expanded == alone.stats.expanded
    assert r.stats.unique == alone.stats.unique and r.stats.max_depth == alone.stats.max_depth
    alone = solve(exact(lost))
    r = solve(screened(_proves_lost(loose_won), exact(lost), 100))
    assert r.lost and r.stats.expanded == alone.stats.expanded == 41
    # A screen cut short by its cap says nothing, and is not counted either.
    r = solve(screened(_proves_lost(loose_lost), exact(lost), 2))
    assert r.lost and r.stats.expanded == 41
    # Nor does it get more room than the budget has: a limit of 2 states
    # leaves it 2, and the search after it stops at the limit.
    r = solve(screened(_proves_lost(loose_lost), exact(lost), 100), Limits(max_states=2))
    assert r.status is Status.UNKNOWN and r.limit is Limit.STATES
    with pytest.raises(ValueError, match="cap"):
        screened(_proves_lost(loose_lost), exact(lost), 0)


def test_screened_in_a_portfolio_turn_runs_the_search_in_turns() -> None:
    # After a screen that fails, the search yields at the ends of its turns
    # like any member, and the portfolio still finds the win.
    n = 3_000
    loose_won = GraphStates({0: [1]}, {1})
    members = [
        Member("endless", lambda b: dfs(Endless(), 0, b)),
        Member("ladder", screened(_proves_lost(loose_won), lambda b: dfs(Ladder(n), 0, b), 10)),
    ]
    r = solve(lambda b: portfolio(members, b, base=100), Limits(max_states=10 * n))
    assert r.won and r.stats.expanded > n


def test_solve_with_no_verdict_and_no_limit_is_an_error() -> None:
    lost = GraphPuzzle({0: [1]}, {9})
    with pytest.raises(RuntimeError):
        solve(lambda b: beam(lost, 0, b, 1, score=lambda v: v, exact=False))


def test_won_verdict_from_a_plug_in() -> None:
    def plug_in(b: Budget) -> Run:
        while b.expanded >= b.checkpoint and b.interrupted():
            yield
        b.expanded += 1
        b.reach(2)
        return won(["x", "y"])

    r = solve(plug_in)
    assert r.won and r.moves == ("x", "y") and r.stats.expanded == 1


# ---------------------------------------------------------------- a line, then a shortest one

# Steps of 1 or 7 round a clock of 1,000 from 0 to 999: the depth-first search
# tries steps of 1 first and walks 999 of them; the shortest line has 147
# (142 sevens and 5 ones), and A* with no heuristic expands most of the clock
# to prove it.
WALK = ClockPuzzle(1000, (1, 7), 999)


def _walk(b: Budget) -> Run:
    return dfs(WALK, 0, b)


def _fewest(b: Budget) -> Run:
    return best_first(WALK, 0, b, proves_shortest=True)


def test_shortened_finds_a_line_then_a_shortest_one() -> None:
    quick, best = solve(_walk), solve(_fewest)
    assert len(best.moves) == 147 < len(quick.moves) == 999 and best.shortest
    r = solve(shortened(_walk, _fewest))
    assert r.won and r.shortest and r.moves == best.moves
    assert r.limit is None and r.stop_reason() == ""
    assert r.stats.expanded == quick.stats.expanded + best.stats.expanded
    assert_stats_consistent(r)


def test_shortened_keeps_the_line_when_a_limit_stops_the_shortest_search() -> None:
    quick = solve(_walk)
    limit = quick.stats.expanded + 50
    r = solve(shortened(_walk, _fewest), Limits(max_states=limit))
    assert r.status is Status.WON and not r.shortest and r.moves == quick.moves
    assert (r.limit, r.limit_value, r.default_limit) == (Limit.STATES, limit, False)
    assert r.stats.expanded == limit
    assert r.stop_reason() == f"the limit of {limit:,} states"
    assert p_replays(r.moves)
    # The shortest search alone, with the room it had, throws the win away.
    assert solve(_fewest, Limits(max_states=50)).status is Status.UNKNOWN


def p_replays(moves: tuple[int, ...]) -> bool:
    return WALK.is_won(replay(WALK, 0, moves))


def test_shortened_gives_the_shortest_search_a_default_allowance() -> None:
    quick = solve(_walk)
    r = solve(shortened(_walk, _fewest, more=50))
    assert r.won and not r.shortest and r.moves == quick.moves
    states = quick.stats.expanded + 50
    assert (r.limit, r.limit_value, r.default_limit) == (Limit.STATES, states, True)
    assert r.stop_reason() == f"the default limit of {states:,} states"
    # A lower state limit stays in force, the caller's.
    lower = quick.stats.expanded + 20
    r = solve(shortened(_walk, _fewest, more=50), Limits(max_states=lower))
    assert (r.limit, r.limit_value, r.default_limit) == (Limit.STATES, lower, False)
    # Room enough: the allowance stops nothing.
    r = solve(shortened(_walk, _fewest, more=100_000))
    assert r.won and r.shortest and r.limit is None


def test_shortened_takes_the_first_verdict_when_final() -> None:
    def never(b: Budget) -> Run:
        raise AssertionError("the shortest search must not run")

    lost = ClockPuzzle(12, (4, 6), 1)
    r = solve(shortened(lambda b: dfs(lost, 0, b), never))
    assert r.lost
    r = solve(shortened(_walk, never), Limits(max_states=10))
    assert r.status is Status.UNKNOWN and r.limit is Limit.STATES
    r = solve(shortened(_fewest, never))
    assert r.won and r.shortest and len(r.moves) == 147
    r = solve(shortened(lambda b: dfs(WALK, 999, b), never))
    assert r.won and r.shortest and r.moves == ()


def test_shortened_in_a_portfolio_runs_the_shortest_search_in_turns() -> None:
    members = [
        Member("endless", lambda b: dfs(Endless(), 0, b)),
        Member("walk", shortened(_walk, _fewest)),
    ]
    r = solve(lambda b: portfolio(members, b, base=100), Limits(max_states=100_000))
    assert r.won and r.shortest and len(r.moves) == 147


# ---------------------------------------------------------------- watching a solve


def test_a_watcher_sees_the_expansions_and_changes_nothing() -> None:
    ladder = Ladder(20_000)
    seen: list[tuple[int, Limits]] = []

    def watch(b: Budget) -> None:
        seen.append((b.expanded, b.limits))

    plain = solve(lambda b: dfs(ladder, 0, b))
    r = solve(lambda b: dfs(ladder, 0, b), watch=watch)
    assert (r.status, r.moves, r.stats.expanded, r.stats.unique, r.stats.max_depth) == (
        plain.status,
        plain.moves,
        plain.stats.expanded,
        plain.stats.unique,
        plain.stats.max_depth,
    )
    # Every WATCH_EVERY expansions, and once at the end with the whole count.
    every = list(range(WATCH_EVERY, plain.stats.expanded, WATCH_EVERY))
    assert [n for n, _ in seen] == [*every, plain.stats.expanded]
    assert all(lim == NO_LIMITS for _, lim in seen)
    # Under limits too, which it sees.
    seen.clear()
    limits = Limits(max_states=3 * WATCH_EVERY + 1, timeout=600)
    r = solve(lambda b: dfs(ladder, 0, b), limits, watch=watch)
    assert r.status is Status.UNKNOWN and r.stats.expanded == limits.max_states
    assert seen == [(n * WATCH_EVERY, limits) for n in (1, 2, 3)] + [(limits.max_states, limits)]


# ---------------------------------------------------------------- plans


def _toy_factories(edges: dict[int, list[int]], goals: set[int]) -> dict[str, Any]:
    """Members a toy plan may name: a depth-first search, a search that never ends, and a
    screen that proves every start lost when no goal exists."""
    puzzle = GraphPuzzle(edges, goals)

    def search() -> Callable[[Budget], Run]:
        return lambda b: dfs(puzzle, 1, b)

    def endless(first: int) -> Callable[[Budget], Run]:
        return lambda b: dfs(Endless(), first, b)

    def no_goal() -> Callable[[Budget], Run]:
        def run(b: Budget) -> Run:
            return LOST if not goals else None
            yield  # pragma: no cover - a run, never paused

        return run

    return {"search": search, "endless": endless, "no goal": no_goal}


def test_a_plan_composes_its_members_and_names_the_one_that_settled() -> None:
    edges = binary_tree(8, 2**8 - 1)
    plan = Plan((PlanMember("endless", 1.0, {"first": 0}), PlanMember("search", 1 / 4)))
    r = solve(compose(plan, _toy_factories(edges, {2**8 - 1})))
    assert (r.status, r.settled_by) == (Status.WON, "search")
    alone = solve(compose(plan.without("endless"), _toy_factories(edges, {2**8 - 1})))
    assert (alone.status, alone.settled_by) == (Status.WON, "search")
    # Run alone, the member expands only its own states; in the portfolio, the other's too.
    assert alone.stats.expanded < r.stats.expanded


def test_a_plan_override_changes_what_runs() -> None:
    edges = binary_tree(8, 0)
    plan = Plan(
        (PlanMember("search"), PlanMember("endless", 1.0, {"first": 0})),
        screens=(Screen("no goal", 10),),
    )
    factories = _toy_factories(edges, set())
    assert solve(compose(plan, factories)).settled_by == "no goal"
    r = solve(compose(plan.without("no goal"), factories))
    assert (r.status, r.settled_by) == (Status.LOST, "search")
    # Weight 0 leaves the search out: the endless member alone reaches no verdict.
    off = plan.without("no goal").with_member("search", weight=0)
    assert solve(compose(off, factories), Limits(max_states=500)).status is Status.UNKNOWN
    assert plan.with_member("endless", first=5).member("endless").param("first") == 5
    with pytest.raises(KeyError):
        plan.with_member("endless", second=5)
    with pytest.raises(ValueError, match="no member 'nothing'"):
        plan.member("nothing")
    with pytest.raises(ValueError, match="no factory"):
        compose(Plan((PlanMember("nothing"),)), factories)


def test_a_members_cap_counts_its_own_expansions() -> None:
    plan = Plan((PlanMember("endless", 1.0, {"first": 0}, cap=Cap(300)), PlanMember("search")))
    edges = binary_tree(12, 0)
    r = solve(compose(plan, _toy_factories(edges, set())))
    # The endless member gives up at its cap; the search then proves the loss.
    assert (r.status, r.settled_by) == (Status.LOST, "search")
    assert Cap(100, 0.5).for_limits(Limits(max_states=1_000)) == 500
    assert Cap(100, 0.5).for_limits(Limits(max_states=50)) == 100
    assert Cap(100, 0.5).for_limits(Limits(timeout=1)) is None
    assert Cap(100).for_limits(NO_LIMITS) == 100


def test_a_plan_prints_and_refuses_nonsense() -> None:
    plan = Plan(
        (PlanMember("search", 1.0, {"widths": (8, 32)}), PlanMember("endless", 1 / 512)),
        screens=(Screen("no goal", 2_000),),
        base=8192,
    )
    text = "\n".join(plan.lines())
    assert "screen no goal  cap 2,000 states" in text
    assert "member endless  weight 1/512" in text
    assert "widths = (8, 32)" in text
    assert plan.as_json()["members"][0]["params"] == {"widths": [8, 32]}
    with pytest.raises(ValueError, match="twice"):
        Plan((PlanMember("a"), PlanMember("a")))
    with pytest.raises(ValueError, match="weight more than 0"):
        Plan((PlanMember("a", 0),))
