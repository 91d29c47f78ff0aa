"""The expectimax of the engine on toy puzzles with no cards: a die, a loop, the limits,
and random problems with no cycle against the definition."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_solver.search import (
    UNSETTLED,
    Budget,
    Leaf,
    Limit,
    Limits,
    Stop,
    expectimax,
    work_out,
)

WON, LOST = "won", "lost"
HALF = Fraction(1, 2)


class TwoRolls:
    """Roll a die and see it; then stop, winning on a 5 or a 6, or roll once more, winning
    on a 4, 5 or 6. Nodes: ``"start"``, ``("rolled", r)``, ``"won"`` and ``"lost"``."""

    def __init__(self) -> None:
        self.choices_asked: list[object] = []

    def leaf(self, node: object) -> Fraction | None:
        if node in (WON, LOST):
            return Fraction(node == WON)
        return None

    def choices(self, node: object) -> list[str]:
        self.choices_asked.append(node)
        return ["stop", "again"]

    def outcomes(self, node: object, move: str) -> list[tuple[object, Fraction]]:
        sixth = Fraction(1, 6)
        if move == "roll":
            return [(("rolled", r), sixth) for r in range(1, 7)]
        if move == "stop":
            assert isinstance(node, tuple)
            return [(WON if node[1] >= 5 else LOST, Fraction(1))]
        return [(WON if r >= 4 else LOST, sixth) for r in range(1, 7)]


def test_a_die_rolled_once_or_twice() -> None:
    # By hand: on a 5 or a 6 (2 chances in 6) stopping wins for sure; on
    # 1 to 4 (4 in 6) stopping loses, and rolling again wins half the time.
    # So the best is 2/6 * 1 + 4/6 * 1/2 = 2/3 (a player who always rolls
    # again has 1/2, one who always stops 1/3). The nodes visited: the six
    # rolls, then "lost" and "won" once each (the memo has them after);
    # on a 5 or a 6 the sure win of stopping leaves "again" unasked.
    problem = TwoRolls()
    r = work_out(problem, "start", ["roll"])
    assert r.values == (Fraction(2, 3),)
    assert r.stop is None and r.limit is None
    assert r.stats.expanded == 8
    assert r.stats.unique == 8  # every value clean, so every one kept
    assert r.stats.max_depth == 2  # a roll, then the end one move on
    # Each roll's choices asked once; the start's moves are the ones given.
    assert problem.choices_asked == [("rolled", n) for n in range(1, 7)]
    # Asked about the moves of a roll of 3: stopping loses, rolling wins half.
    assert work_out(TwoRolls(), ("rolled", 3), ["stop", "again"]).values == (Fraction(0), HALF)


class Loop:
    """A loop of choices: ``"a"`` may go to ``"b"`` or gamble (won a third of the time);
    ``"b"`` may only go back to ``"a"``. The start goes to ``"a"`` (``"left"``) or to
    ``"b"`` (``"right"``)."""

    def leaf(self, node: str) -> Fraction | None:
        return {WON: Fraction(1), LOST: Fraction(0)}.get(node)

    def choices(self, node: str) -> list[str]:
        return ["to b", "gamble"] if node == "a" else ["to a"]

    def outcomes(self, node: str, move: str) -> list[tuple[str, Fraction]]:
        if move == "left" or move == "to a":
            return [("a", Fraction(1))]
        if move == "right" or move == "to b":
            return [("b", Fraction(1))]
        return [(WON, Fraction(1, 3)), (LOST, Fraction(2, 3))]


def test_a_node_met_again_on_the_line_counts_0_and_what_leaned_on_it_is_not_kept() -> None:
    # By hand: "b" is worth what "a" is, and "a" the best of "b" and its
    # gamble: 1/3 (going round the loop for ever wins nothing). From the
    # left, "a" then "b", whose only move meets "a" on the line: 0 there, so
    # "b" is 0 on that line, and "a" 1/3. Kept, "b"'s 0 would make the right
    # move 0; neither "b" nor "a" (which leaned on "b") is kept, and the
    # right move works them out again: "b", "a" (meeting "b" on its line),
    # 1/3. Nodes: a, b, won, lost on the left; b, a on the right.
    r = work_out(Loop(), "start", ["left", "right"])
    assert r.values == (Fraction(1, 3), Fraction(1, 3))
    assert r.stats.expanded == 6
    assert r.stats.unique == 2  # "won" and "lost" alone


def test_the_limits_are_the_budget_s_and_running_out_is_an_outcome() -> None:
    # The die needs 8 nodes: with 8 it has its values, with 7 it stops at
    # the limit, having visited 7, and says so.
    enough = work_out(TwoRolls(), "start", ["roll"], Limits(max_states=8))
    assert enough.values == (Fraction(2, 3),)
    r = work_out(TwoRolls(), "start", ["roll"], Limits(max_states=7))
    assert r.values is None and r.stop is Stop.LIMIT and r.limit is Limit.STATES
    assert r.stats.expanded == 7


def test_a_line_too_long_stops_the_search() -> None:
    # The loop's lines: start, a, b (2 moves to "b", a node with choices).
    # Depth 2 is enough; at depth 1 "b" lies too far.
    assert work_out(Loop(), "start", ["left"], max_depth=2).values == (Fraction(1, 3),)
    r = work_out(Loop(), "start", ["left"], max_depth=1)
    assert r.values is None and r.stop is Stop.DEPTH and r.limit is None


class Unsure(TwoRolls):
    """The die, with a won end the problem cannot value (its own search ran out)."""

    def leaf(self, node: object) -> Fraction | Leaf | None:  # type: ignore[override]
        return UNSETTLED if node == WON else super().leaf(node)


def test_a_leaf_left_unsettled_stops_the_search() -> None:
    r = work_out(Unsure(), "start", ["roll"])
    assert r.values is None and r.stop is Stop.LEAF
    # A search that never reaches the unsettled leaf has its values.
    assert work_out(Unsure(), ("rolled", 1), ["stop"]).values == (Fraction(0),)


@pytest.mark.parametrize("turn", [1, 2, 3, 5])
def test_a_run_interrupted_by_its_turns_goes_on_with_everything_it_had(turn: int) -> None:
    # Under turns of a few nodes the run yields at each turn's end and is
    # resumed: the same values and nodes as in one go.
    budget = Budget()
    run = expectimax(TwoRolls(), "start", ["roll"], budget)
    yields = 0
    while True:
        budget.begin_turn(turn)
        try:
            next(run)
        except StopIteration as end:
            got: Sequence[Fraction] | Stop = end.value
            break
        finally:
            budget.end_turn()
        yields += 1
        assert budget.expanded == turn * yields
    assert got == (Fraction(2, 3),)
    assert budget.expanded == 8
    assert yields == (8 - 1) // turn


class Tree:
    """A random problem with no cycle: node ``i`` is a leaf of value ``leaves[i]``, or has
    moves, each to nodes after ``i`` with weights (``moves[i]``)."""

    def __init__(
        self,
        leaves: dict[int, Fraction],
        moves: dict[int, list[list[tuple[int, int]]]],
    ) -> None:
        self.leaves = leaves
        self.moves = moves

    def leaf(self, node: int) -> Fraction | None:
        return self.leaves.get(node)

    def choices(self, node: int) -> range:
        return range(len(self.moves[node]))

    def outcomes(self, node: int, move: int) -> list[tuple[int, Fraction]]:
        weighted = self.moves[node][move]
        total = sum(w for _, w in weighted)
        return [(child, Fraction(w, total)) for child, w in weighted]

    def plain(self, node: int) -> Fraction:
        """The value by the definition, recursively, with no memo and no early stop."""
        if node in self.leaves:
            return self.leaves[node]
        return max(
            (
                sum((share * self.plain(c) for c, share in self.outcomes(node, m)), Fraction(0))
                for m in self.choices(node)
            ),
            default=Fraction(0),
        )


@st.composite
def trees(draw: st.DrawFn) -> Tree:
    size = draw(st.integers(2, 12))
    leaves: dict[int, Fraction] = {size - 1: Fraction(draw(st.integers(0, 1)))}
    moves: dict[int, list[list[tuple[int, int]]]] = {}
    for i in range(size - 1):
        if draw(st.booleans()):
            leaves[i] = Fraction(draw(st.integers(0, 4)), 4)
            continue
        later = st.integers(i + 1, size - 1)
        move = st.lists(st.tuples(later, st.integers(1, 3)), min_size=1, max_size=3)
        moves[i] = draw(st.lists(move, min_size=0, max_size=3))
    return Tree(leaves, moves)


@given(trees())
@settings(max_examples=200, deadline=None)
def test_the_values_are_those_of_the_definition(tree: Tree) -> None:
    # With no cycle, memo and early stops change nothing: each move of node
    # 0 is worth what the plain recursion says.
    if 0 in tree.leaves:
        return
    moves = list(tree.choices(0))
    r = work_out(tree, 0, moves)
    want = tuple(
        sum((share * tree.plain(c) for c, share in tree.outcomes(0, m)), Fraction(0)) for m in moves
    )
    assert r.values == want
    # Each node is visited at most once: every value is clean and kept.
    assert r.stats.expanded == r.stats.unique <= len(tree.leaves) + len(tree.moves) - 1
