"""Decade (RULES.md, "Decade"): discard runs of adjacent cards that add up to 10, 20 or 30.

One deck is dealt into a line, three cards at the start and then one at a
time to the right end. A run is two or more adjacent cards whose values
(A = 1, pip cards their number, J Q K = 10) add up to one of the allowed
sums. With ``compulsory`` rules a run must be discarded while one exists;
otherwise the player may deal instead. Won when every card is discarded.

The package, from the bottom up (each module imports only those before it):

- :mod:`.rules`: card values, the knobs, a position, a move and its
  notation, and what a run is (:func:`find_runs`);
- :mod:`.model`: the compulsory rules on card values as an engine problem
  whose states are the branch points (:class:`CompulsoryModel`);
- :mod:`.optional`: the optional rules' interval dynamic programme, an
  exact plug-in that is not a search (:func:`optional_plug_in`);
- :mod:`.solver`: the plan and the members it names;
- :mod:`.unseen`: the unseen card values as a multiset, counted and packed;
- :mod:`.lines`: the fair value's equations as problems of the counting
  search (:mod:`~solitaire_solver.search.counting`), one for each way of
  keeping the line, with their bounds;
- :mod:`.table`: the complete table of the smallest states, built backwards;
- :mod:`.exact`: the exact fair value when the stock is face down (the
  equations, :class:`FairSolver` and the public values);
- :mod:`.scene`: the layout on the pages;
- :mod:`.game`: the game the library and the command line use
  (:class:`Decade`: the difficulty figure, descriptions, position files,
  what a player sees) and its presets.
"""

from .exact import (
    ExactValue,
    FairSolver,
    MoveValue,
    NodeLimitReached,
    fair_value,
    hint,
    move_values,
)
from .game import (
    DECK_VALUE,
    HOLDING_BACK,
    PRESETS,
    Decade,
)
from .model import CompulsoryModel
from .optional import optional_plug_in
from .rules import (
    DEAL,
    START_CARDS,
    DecadeMove,
    DecadeRules,
    DecadeState,
    card_value,
    find_runs,
)
from .solver import PLAN, factories
from .table import FairTable
from .unseen import (
    DECK_COUNTS,
    Counts,
    deck_counts,
    information_state,
    orders,
    unseen_after,
    unseen_counts,
)

__all__ = [
    "DEAL",
    "DECK_COUNTS",
    "DECK_VALUE",
    "HOLDING_BACK",
    "PLAN",
    "PRESETS",
    "START_CARDS",
    "CompulsoryModel",
    "Counts",
    "Decade",
    "DecadeMove",
    "DecadeRules",
    "DecadeState",
    "ExactValue",
    "FairSolver",
    "FairTable",
    "MoveValue",
    "NodeLimitReached",
    "card_value",
    "deck_counts",
    "factories",
    "fair_value",
    "find_runs",
    "hint",
    "information_state",
    "move_values",
    "optional_plug_in",
    "orders",
    "unseen_after",
    "unseen_counts",
]
