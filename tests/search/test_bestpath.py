"""The best-line search: values against a brute force over every simple line, cycles, the
ceiling's pruning against none, and its budget."""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction

import attrs
import pytest

from solitaire_solver.search import Budget, Limit, Limits
from solitaire_solver.search.bestpath import Value, best_path, work_out_best
from tests.helpers import in_turns

Edge = tuple[int, Fraction]


@attrs.frozen
class Graph:
    """A graph of numbered nodes: each node's moves (the node reached and the reward), and
    its value when it is a leaf. ``top`` gives a ceiling per node when set."""

    edges: dict[int, list[Edge]]
    leaves: dict[int, Fraction]
    top: dict[int, Fraction] | None = None

    def end(self, node: int) -> Value | None:
        return self.leaves.get(node)

    def moves(self, node: int) -> list[Edge]:
        return self.edges.get(node, [])

    def step(self, node: int, move: Edge) -> tuple[int, Value]:
        return move

    def key(self, node: int) -> Hashable:
        return node


@attrs.frozen
class Capped(Graph):
    def ceiling(self, node: int) -> Value | None:
        assert self.top is not None
        return self.top.get(node)


def brute(g: Graph, start: int) -> Fraction:
    """The best worth over every simple line from ``start``: a line ends at a leaf (its
    value), at a node with no move (0), or on a move back to a node on it (it may go round
    that cycle for ever, collecting nothing: 0 from there). A best line never needs to
    pass a node twice but to stay on a cycle, since every cycle here collects 0."""

    def walk(node: int, on: frozenset[int]) -> Fraction:
        if node in g.leaves:
            return g.leaves[node]
        options: list[Fraction] = []
        for child, reward in g.edges.get(node, []):
            if child in on or child == node:
                options.append(reward)
            else:
                options.append(reward + walk(child, on | {child}))
        return max(options, default=Fraction(0))

    return walk(start, frozenset({start}))


def layered(rng: random.Random, levels: int = 4, width: int = 3) -> Graph:
    """A random graph in levels, as the games' are (a level is how many cards are hidden):
    moves within a level collect nothing and may go round cycles; moves to a later level
    collect a random reward; some nodes are leaves; node 0 is the start."""
    nodes = [[lv * width + i for i in range(width)] for lv in range(levels)]
    edges: dict[int, list[Edge]] = {}
    leaves: dict[int, Fraction] = {}
    for lv, row in enumerate(nodes):
        for n in row:
            if n and rng.random() < 0.2:
                leaves[n] = Fraction(rng.randint(-3, 6), 4)
                continue
            out: list[Edge] = []
            for m in row:
                if rng.random() < 0.35:
                    out.append((m, Fraction(0)))
            for later in nodes[lv + 1 :]:
                for m in later:
                    if rng.random() < 0.3:
                        out.append((m, Fraction(rng.randint(-4, 4), 3)))
            rng.shuffle(out)
            edges[n] = out
    return Graph(edges, leaves)


def test_the_ladder_of_the_docstring_by_hand() -> None:
    # From 0: step (+1) to 1, jump (+1/2) to 2; 3 and beyond are leaves worth 10.
    # v(2) = max(1 + 10, 1/2 + 10) = 11; v(1) = max(1 + 11, 1/2 + 10) = 12;
    # v(0) = max(1 + 12, 1/2 + 11) = 13.
    half = Fraction(1, 2)
    g = Graph(
        {0: [(1, Fraction(1)), (2, half)], 1: [(2, Fraction(1)), (3, half)]}
        | {2: [(3, Fraction(1)), (4, half)]},
        {3: Fraction(10), 4: Fraction(10)},
    )
    r = work_out_best(g, 0)
    assert r.value == 13
    assert r.stats.expanded == 3  # 0, 1 and 2: the leaves are not expanded


def test_a_cycle_may_be_stayed_on_for_nothing_and_its_exits_are_every_members() -> None:
    # 0 <-> 1 <-> 2 form one component (moves of 0); 1 leaves to a leaf worth -2 and 2 to
    # one worth 5 with a reward of -1: the component is worth max(0, -2, 5 - 1) = 4 from
    # each of its nodes. With only the -2 exit it would be worth 0: staying on the cycle.
    edges = {0: [(1, Fraction(0))], 1: [(0, Fraction(0)), (2, Fraction(0)), (8, Fraction(0))]}
    edges[2] = [(1, Fraction(0)), (9, Fraction(-1))]
    g = Graph(edges, {8: Fraction(-2), 9: Fraction(5)})
    assert work_out_best(g, 0).value == 4
    assert work_out_best(g, 2).value == 4
    del edges[2][1]
    assert work_out_best(Graph(edges, {8: Fraction(-2)}), 0).value == 0
    # A node with no move and no cycle ends a line worth 0; a self-loop is a cycle.
    assert work_out_best(Graph({0: [(1, Fraction(-1))]}, {}), 0).value == -1
    loop = Graph({0: [(0, Fraction(0)), (1, Fraction(-1))]}, {})
    assert work_out_best(loop, 0).value == 0


def test_a_cycle_that_collects_is_refused() -> None:
    g = Graph({0: [(1, Fraction(0))], 1: [(0, Fraction(1, 2))]}, {})
    with pytest.raises(ValueError, match="inside a cycle collects 1/2"):
        work_out_best(g, 0)
    # Through a child still waiting in the component, too.
    g = Graph({0: [(1, Fraction(1))], 1: [(0, Fraction(0))]}, {})
    with pytest.raises(ValueError, match="inside a cycle collects 1"):
        work_out_best(g, 0)


@pytest.mark.parametrize("seed", range(300))
def test_random_graphs_against_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    g = layered(rng)
    assert work_out_best(g, 0).value == brute(g, 0)


@pytest.mark.parametrize("seed", range(300))
def test_pruning_at_a_ceiling_changes_no_value(seed: int) -> None:
    # The ceilings are each node's true value (the tightest sound ones, which prune most)
    # or above it by a little; the values must be those of the search without them, and
    # the pruned search expands no more nodes.
    rng = random.Random(seed)
    g = layered(rng, levels=5)
    nodes = set(g.edges) | set(g.leaves)
    top = {n: brute(g, n) + rng.choice([0, 0, Fraction(1, 4)]) for n in nodes}
    pruned = work_out_best(Capped(g.edges, g.leaves, top), 0)
    plain = work_out_best(g, 0)
    assert pruned.value == plain.value == brute(g, 0)
    assert pruned.stats.expanded <= plain.stats.expanded


def test_a_ceiling_cuts_the_moves_left() -> None:
    # Node 0 reaches its ceiling of 1 with its first move: its second, to a long chain, is
    # never tried.
    chain = {i: [(i + 1, Fraction(0))] for i in range(2, 50)}
    g = Capped(
        {0: [(1, Fraction(1)), (2, Fraction(0))], **chain}, {1: Fraction(0)}, {0: Fraction(1)}
    )
    r = work_out_best(g, 0)
    assert r.value == 1
    assert r.stats.expanded == 1


def test_floats_and_fractions_mix() -> None:
    g = Graph({0: [(1, 0.25), (1, Fraction(1, 2))]}, {1: Fraction(1)})  # type: ignore[dict-item]
    assert work_out_best(g, 0).value == Fraction(3, 2)


def test_a_state_limit_stops_the_search_with_no_value() -> None:
    chain = Graph({i: [(i + 1, Fraction(0))] for i in range(1000)}, {1000: Fraction(1)})
    r = work_out_best(chain, 0, Limits(max_states=100))
    assert r.value is None
    assert r.limit is Limit.STATES
    assert r.stats.expanded == 100
    assert work_out_best(chain, 0).value == 1


def test_a_run_yields_at_its_turns_and_goes_on() -> None:
    # Driven in turns of 10 expansions, as a portfolio drives runs, it ends with the value.
    chain = Graph({i: [(i + 1, Fraction(0))] for i in range(100)}, {100: Fraction(3)})
    budget = Budget()
    value, pauses = in_turns(best_path(chain, 0, budget), budget, 10)
    assert value == 3
    assert len(pauses) >= 9
    assert budget.expanded == 100
