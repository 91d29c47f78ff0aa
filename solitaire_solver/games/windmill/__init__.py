"""Windmill (RULES.md, "Windmill"): the game, its rules and its solver.

The package, from the bottom up (each module imports only those before it;
the solver's parts are in their modules, and here only what the game's users
and the tests name most):

- :mod:`.rules`: the knobs, a position, a move and its notation, each rule
  stated once (the foundations, the refill, the deal and the redeal), and
  the rules at work on real positions (:class:`WindmillProblem`);
- :mod:`.model`: positions by ranks alone (the compact form, every search's
  and the game's key) and the rules on them, as an engine problem
  (:class:`RankModel`), with the twin rule;
- :mod:`.kernel`: the compiled rank model and relaxation (``_kernel.c``),
  and the beams' orders;
- :mod:`.pruning`: the sound prunes on the rank model as engine hooks;
- :mod:`.relaxation`: a relaxed game of the last pass that proves losses,
  an engine problem (a state graph) searched by the engine's depth-first
  search, as a plug-in run and as a dead-end test;
- :mod:`.summaries`: the exact search of the last pass by procedure
  summaries, as a plug-in run;
- :mod:`.solver`: the composition (a portfolio of beams, the relaxation,
  depth-first searches and summaries; A* for shortest lines);
- :mod:`.game`: the game the library and the command line use
  (:class:`Windmill`) and its presets.
"""

from .game import (
    DEFAULT_MAX_STATES,
    DEFAULT_MAX_STATES_FREE,
    DEFAULT_SHORTEST_STATES,
    PRESETS,
    Windmill,
)
from .model import (
    Compact,
    RankModel,
    compact,
    rank_model,
    unflagged,
)
from .pruning import Pruned
from .rules import (
    CARDS,
    DEAL,
    DEAL_MOVE,
    FREE,
    GAP,
    PLAY,
    PRIMARY,
    PRIMARY_FULL,
    REDEAL,
    REDEAL_MOVE,
    RESERVE,
    RESERVE_CELLS,
    RESTRICTED,
    SECONDARIES,
    SECONDARY,
    SECONDARY_FULL,
    WASTE,
    WindmillMove,
    WindmillProblem,
    WindmillRules,
    WindmillState,
    parse_move,
    refill,
    turn,
)
from .solver import (
    PLAN,
    any_line,
    beam_over,
    beams,
    depth_first,
    discrepancies,
)
from .summaries import can_summarise, summary_run, summary_search

__all__ = [
    "CARDS",
    "DEAL",
    "DEAL_MOVE",
    "DEFAULT_MAX_STATES",
    "DEFAULT_MAX_STATES_FREE",
    "DEFAULT_SHORTEST_STATES",
    "FREE",
    "GAP",
    "PLAN",
    "PLAY",
    "PRESETS",
    "PRIMARY",
    "PRIMARY_FULL",
    "REDEAL",
    "REDEAL_MOVE",
    "RESERVE",
    "RESERVE_CELLS",
    "RESTRICTED",
    "SECONDARIES",
    "SECONDARY",
    "SECONDARY_FULL",
    "WASTE",
    "Compact",
    "Pruned",
    "RankModel",
    "Windmill",
    "WindmillMove",
    "WindmillProblem",
    "WindmillRules",
    "WindmillState",
    "any_line",
    "beam_over",
    "beams",
    "can_summarise",
    "compact",
    "depth_first",
    "discrepancies",
    "parse_move",
    "rank_model",
    "refill",
    "summary_run",
    "summary_search",
    "turn",
    "unflagged",
]
