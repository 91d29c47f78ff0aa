"""Decade's solver: its plan and the members the plan names.

Both presets have an exact method much faster than a search over the
game's own positions: under compulsory rules the engine's depth-first
search over the compact model of :mod:`.model`, under optional rules the
exact plug-in of :mod:`.optional`. Both work on card values as bytes (one
C call turns a line into them, and indexing gives ints).
"""

from __future__ import annotations

from ...search import (
    Budget,
    Cap,
    Factory,
    FairPlan,
    Memo,
    Plan,
    PlanMember,
    Run,
    Shortest,
    Strategy,
    dfs,
    projected,
)
from .model import CompulsoryModel
from .optional import optional_plug_in
from .rules import _VALUE_BYTES, DecadeState, _RunShape

PLAN = Plan(
    (
        # Compulsory rules: the depth-first search over the branch points.
        PlanMember("depth-first", when="under compulsory rules"),
        # Optional rules: deal everything, then interval dynamic programming.
        PlanMember("intervals", when="under optional rules"),
    ),
    # Optional rules: the difficulty figure of a won deal asks the compulsory
    # search of the deal (see Decade.difficulty in game.py). Over deals 1..100,000 it
    # expands 64 branch points at most (deal 18,108); the cap only keeps a
    # position from a file from running without end.
    difficulty=PlanMember(
        "compulsory depth-first", cap=Cap(10_000), when="after a win under optional rules"
    ),
    shortest=Shortest(
        members=(
            # Compulsory rules: A* on the game itself.
            PlanMember("A*", factory="a-star", when="under compulsory rules"),
            # Optional rules: the plug-in's table again, counting discards
            # and keeping the fewest (a win with fewest moves).
            PlanMember("intervals", factory="fewest intervals", when="under optional rules"),
        )
    ),
    # Under compulsory rules the fair hint's values come from the exact
    # expectimax of .exact (Decade.fair_values) with at most 10 cards in the
    # stock, within 300,000 states (under a second) before the hint falls back
    # to sampling.
    fair=FairPlan(own_hidden=10, own_nodes=300_000),
)
"""Decade's solver as data: under compulsory rules the depth-first search, under optional
rules the exact plug-in (each member applies under its rules only), the search the
difficulty figure of an optional-rules win is read from, and for a shortest line A* or the
plug-in keeping the fewest discards (:meth:`.Decade.factories`,
:meth:`.Decade.difficulty`)."""


def factories(
    shape: _RunShape,
    compulsory: bool,
    start: DecadeState,
    *,
    memo: Memo | None = None,
) -> dict[str, Factory]:
    """The members :data:`PLAN` may name, for ``start`` under rules of this ``shape``.

    ``depth-first`` under compulsory rules (sharing ``memo``: its keys count
    cards from the start of the deal's stock), ``intervals`` under optional
    ones, ``fewest intervals`` the same counting discards and keeping the
    fewest (the shortest section's), and ``compulsory depth-first``, the
    difficulty's search of an optional-rules deal; a member under the other
    rules does not apply.
    """
    # Card values as bytes: one C call each, and indexing gives ints.
    line = bytes(start.line).translate(_VALUE_BYTES)
    stock = bytes(start.stock[start.dealt :]).translate(_VALUE_BYTES)

    def depth_first() -> Strategy | None:
        if not compulsory:
            return None
        # The whole stock, dealt cards included, so that keys are the same
        # for every position of the deal.
        whole = bytes(start.stock).translate(_VALUE_BYTES)
        model = CompulsoryModel(shape, line, whole, start.dealt)

        def any_line(budget: Budget) -> Run:
            depth = 0 if model.lead is None else model.lead[1]
            return dfs(model, model.start, budget, depth=depth, memo=memo)

        return projected(any_line, model.lift)

    def intervals(fewest: bool = False) -> Strategy | None:
        if compulsory:
            return None

        def plug_in(budget: Budget) -> Run:
            return optional_plug_in(line, stock, shape, budget, fewest=fewest)

        return plug_in

    def compulsory_depth_first() -> Strategy | None:
        if compulsory:
            return None
        model = CompulsoryModel(shape, line, stock)
        depth = 0 if model.lead is None else model.lead[1]
        return lambda budget: dfs(model, model.start, budget, depth=depth)

    return {
        "depth-first": depth_first,
        "intervals": intervals,
        "fewest intervals": lambda: intervals(fewest=True),
        "compulsory depth-first": compulsory_depth_first,
    }
