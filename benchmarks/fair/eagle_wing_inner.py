"""How big the upper bound's inner problem is in ``eagle-wing-coops`` under a W of the position.

A W that depends on where the cards went (not only on which have turned up)
makes the inner problem of a deal the best-line search of every line played
with full sight (``docs/design/fair-bounds.md``, "A fitted W for
eagle-wing-coops"). This script measures that search with the cheapest such W,
the share of the cards home, and counts the positions of a deal with full sight
outright:

    python benchmarks/fair/eagle_wing_inner.py search --deals 1,2,3 --max-states 100000
    python benchmarks/fair/eagle_wing_inner.py count --deals 2 --max-states 3000000

``search`` prints, per deal, the inner optimum (or ``None`` when the limit
stopped it), the positions expanded, the limit and the seconds; positions are
keyed with the wings in any order (the game's key), which is sound for a W
that does not look at their order. ``count`` prints how many positions (wing
order merged) a depth-first walk of every legal move reached, and whether it
finished.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from solitaire_solver import make_game
from solitaire_solver.advice.bounds import InnerProblem
from solitaire_solver.advice.fair import outcomes
from solitaire_solver.games import Game, Seen
from solitaire_solver.numbering import parse_deal_number
from solitaire_solver.search import Limits
from solitaire_solver.search.bestpath import work_out_best


class CardsHome:
    """W = the share of the cards on the foundations: a W of the position, the cheapest."""

    name = "cards-home"
    exact_hidden = -1

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def value(self, seen: Seen[Any]) -> Fraction:
        """Cards home / 52."""
        return Fraction(sum(seen.state.foundations), 52)

    def expected(self, seen: Seen[Any], move: Any) -> Fraction:
        """The mean of W after ``move``, over :func:`~solitaire_solver.advice.fair.outcomes`."""
        shares = outcomes(self.game, seen, move).items()
        return sum((share * self.value(after) for after, share in shares), start=Fraction(0))


class WingsAnyOrder(InnerProblem):
    """The inner problem with positions keyed by the game's key (the wings in any order)."""

    def key(self, state: Any) -> Hashable:
        """The game's key."""
        return self.game.key(state)


def search(deals: list[int], max_states: int) -> None:
    """The inner search of each deal under :class:`CardsHome`."""
    game = make_game("eagle-wing-coops")
    for number in deals:
        t0 = time.perf_counter()
        start = game.deal(parse_deal_number(number))
        found = work_out_best(
            WingsAnyOrder(game, CardsHome(game)), start, Limits(max_states=max_states)
        )
        value = None if found.value is None else float(found.value)
        print(
            f"deal {number}: inner optimum {value}, {found.stats.expanded:,} positions, "
            f"limit {found.limit}, {time.perf_counter() - t0:.1f} s",
            flush=True,
        )


def count(deals: list[int], max_states: int) -> None:
    """The positions each deal reaches with full sight, wing order merged."""
    game = make_game("eagle-wing-coops")
    for number in deals:
        t0 = time.perf_counter()
        start = game.deal(parse_deal_number(number))
        seen = {game.key(start)}
        stack = [start]
        while stack and len(seen) < max_states:
            state = stack.pop()
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                key = game.key(child)
                if key not in seen:
                    seen.add(key)
                    stack.append(child)
        how = "all of them" if not stack else "stopped at the limit"
        print(
            f"deal {number}: {len(seen):,} positions, {how}, {time.perf_counter() - t0:.1f} s",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("search", "count"))
    parser.add_argument("--deals", default="1,2,3", help="deal numbers, comma-separated")
    parser.add_argument("--max-states", type=int, default=100_000)
    args = parser.parse_args(argv)
    deals = [int(d) for d in args.deals.split(",")]
    (search if args.what == "search" else count)(deals, args.max_states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
