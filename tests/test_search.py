"""The search core on toy puzzles with no cards."""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver.search import Limit, Limits, Status, astar, depth_first
from solitaire_solver.search.protocol import ProblemDefaults

from .toy import ClockPuzzle, GraphPuzzle, Ladder


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


def replay(problem: ProblemDefaults, start: int, moves: tuple[object, ...]) -> int:
    state = start
    for m in moves:
        assert m in problem.moves(state)  # type: ignore[attr-defined]
        state = problem.apply(state, m)  # type: ignore[attr-defined]
    return state


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


def test_clock_unreachable_target_is_lost_after_exhausting_the_cycle() -> None:
    # gcd(4, 6, 12) = 2 does not divide 1: from 0 only the six even positions are reachable.
    p = ClockPuzzle(12, (4, 6), 1)
    for search in (depth_first, astar):
        r = search(p, 0)
        assert r.status is Status.LOST
        assert r.moves == ()
        assert r.stats.unique == 6


def test_start_already_won() -> None:
    r = depth_first(ClockPuzzle(7, (1,), 3), 3)
    assert r.status is Status.WON and r.moves == ()


def test_long_line_needs_no_recursion() -> None:
    top = 200_000
    r = depth_first(Ladder(top), 0)
    assert r.status is Status.WON
    assert len(r.moves) == top
    assert r.stats.max_depth == top - 1


def test_forced_move_is_the_only_child() -> None:
    r = depth_first(Ladder(50), 0)
    # With "up" forced, "slip" is never tried: exactly one state per rung below the top.
    assert r.stats.expanded == 50


def test_state_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(10_000, (2,), 1)  # odd target: lost, but only after 5,000 states
    r = depth_first(p, 0, Limits(max_states=100))
    assert r.status is Status.UNKNOWN and r.limit is Limit.STATES
    assert r.stats.expanded == 100
    assert depth_first(p, 0).status is Status.LOST
    r = astar(p, 0, Limits(max_states=100))
    assert r.status is Status.UNKNOWN and r.limit is Limit.STATES


def test_table_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(10_000, (2,), 1)
    for search in (depth_first, astar):
        r = search(p, 0, Limits(max_table=50))
        assert r.status is Status.UNKNOWN and r.limit is Limit.TABLE
        assert r.stats.unique <= 50


def test_time_limit_gives_unknown_with_the_limit() -> None:
    p = ClockPuzzle(3_000_000, (2,), 1)
    for search in (depth_first, astar):
        r = search(p, 0, Limits(timeout=0.01))
        assert r.status is Status.UNKNOWN and r.limit is Limit.TIME


def test_limits_reject_nonsense() -> None:
    with pytest.raises(ValueError):
        Limits(max_states=0)
    with pytest.raises(ValueError):
        Limits(timeout=-1)


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


graphs = st.integers(2, 9).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.dictionaries(st.integers(0, n - 1), st.lists(st.integers(0, n - 1), max_size=4)),
        st.sets(st.integers(0, n - 1), max_size=2),
    )
)


@settings(max_examples=300, deadline=None)
@given(graphs, st.sampled_from(["heap", "sorted"]))
def test_random_graphs_agree_with_breadth_first_search(
    graph: tuple[int, dict[int, list[int]], set[int]], frontier: str
) -> None:
    _n, edges, goals = graph
    p = GraphPuzzle(edges, goals)
    expected = bfs_distance(edges, 0, goals)
    dfs = depth_first(p, 0)
    best = astar(p, 0, frontier=frontier)  # type: ignore[arg-type]
    if expected is None:
        assert dfs.status is best.status is Status.LOST
    else:
        assert dfs.status is best.status is Status.WON
        assert p.is_won(replay(p, 0, dfs.moves))
        assert p.is_won(replay(p, 0, best.moves))
        assert len(best.moves) == expected
        assert len(dfs.moves) >= expected


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 60), st.lists(st.integers(1, 60), min_size=1, max_size=3), st.data())
def test_clock_verdict_matches_number_theory(
    modulus: int, steps: list[int], data: st.DataObject
) -> None:
    target = data.draw(st.integers(0, modulus - 1))
    g = math.gcd(modulus, *steps)
    r = depth_first(ClockPuzzle(modulus, steps, target), 0)
    assert (r.status is Status.WON) == (target % g == 0)
