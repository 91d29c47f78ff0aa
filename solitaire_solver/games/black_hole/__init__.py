"""Black Hole: play every card into the hole, one rank up or down at a time.

Rules (RULES.md, "Black Hole"): one deck; the ace of spades starts the hole
and the other 51 cards lie face up in 17 piles of three. The top card of any
pile may go to the hole when its rank is one above or one below the rank of
the hole's top card, regardless of suit, A and K being adjacent. Nothing
else moves. Won when all 52 cards are in the hole.

Black Hole is the calibration game of the search engine: it has fast public
solvers and a published win rate. Besides the generic protocol (used by the
generic depth-first search, and as the reference in the tests) the game is a
mutable problem, :class:`BlackHoleProblem`, whose positions pack into one
integer; the engine's incremental depth-first search with restarts solves
it (:func:`search`, :meth:`BlackHole.strategy`). Each of its improvements
can be switched off (:class:`SearchOptions`) so that the tests can compare
verdicts with and without it.

The package, from the bottom up: :mod:`.rules` (the deal, a position, a move, dead ends),
:mod:`.solver` (the packed problem, its switches and the plan), :mod:`.scene` (the layout on
the pages) and :mod:`.game` (the game and its presets).
"""

from .game import PRESETS, BlackHole
from .rules import (
    HOLE_CARD,
    PILE_SIZE,
    PILES,
    PLAYS_ON,
    BlackHoleMove,
    BlackHoleRules,
    BlackHoleState,
    adjacent,
    dead_end,
    euler_dead,
    reachability_dead,
)
from .solver import PLAN, BlackHoleProblem, KeyScheme, SearchOptions, search

__all__ = [
    "HOLE_CARD",
    "PILES",
    "PILE_SIZE",
    "PLAN",
    "PLAYS_ON",
    "PRESETS",
    "BlackHole",
    "BlackHoleMove",
    "BlackHoleProblem",
    "BlackHoleRules",
    "BlackHoleState",
    "KeyScheme",
    "SearchOptions",
    "adjacent",
    "dead_end",
    "euler_dead",
    "reachability_dead",
    "search",
]
